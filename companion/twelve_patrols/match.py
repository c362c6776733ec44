"""A card code too small or blurred for the decoder, read by matching against the codes it can be.

Once some cards are read, the deck is known, and so is every code the other cards of the deck
carry: at most eight texts. Where the grid leaves an empty place beside a card, the place is
rectified on the table plane and each text's code, drawn as printed (its modules from the
``qrcode`` library, as the kit prints them, with its light quiet zone) and turned a little either
way, is slid over it (normalised correlation). The best text is read only when it agrees well
(:data:`MIN_SCORE`) and clearly better than any other text (:data:`MIN_MARGIN`) — otherwise the
place stays as it was: empty, or a card that cannot be read.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import cv2
import numpy as np
import qrcode
import qrcode.constants

from companion.correlate import Correlation, Spectrum, spectrum
from companion.decode import Detection
from companion.twelve_patrols.geometry import CARD_CODE_MM, apply, rectify
from patrolkit.sizes import TwelvePatrols

PX_PER_MM: Final = 5.0
"""The rectified place is matched at this resolution: three pixels a module."""
SEARCH_MM: Final = 24.0
"""How far from where the grid puts it a card's code is looked for: the gaps between cards
vary, and where the photo shows no two neighbours the grid only guesses them."""
TURNS_DEG: Final = tuple(float(t) for t in np.arange(-6.0, 6.01, 1.5))
"""The turns tried: cards lie upright, a few degrees off."""
QUIET_MODULES: Final = 2
MIN_SCORE: Final = 0.33
"""The best text must correlate this well with the photo, and beat every other text by
:data:`MIN_MARGIN`."""
MIN_MARGIN: Final = 0.1
LONE_SCORE: Final = 0.42
"""With one text left to try, there is no other text to beat: it must correlate this well.

Measured on 60 ``phone`` photos: the card codes the decoder missed matched their own text at
0.36 or more (0.5 or more but on the far side of steeply tilted photos) and beat the others by
0.12 or more; on empty places no text scored above 0.27."""


@dataclass(frozen=True)
class CardMatch:
    """A card code read by matching: its text, its correlation, by how much it beats the best
    other text, and its corners in the photo (code order)."""

    text: str
    score: float
    margin: float
    detection: Detection


@lru_cache(maxsize=64)
def modules(payload: str) -> np.ndarray:
    """The card code's module matrix (True = dark), as the kit prints it."""
    code = qrcode.QRCode(
        version=TwelvePatrols.CARD_QR_VERSION,
        error_correction=qrcode.constants.ERROR_CORRECT_M,
        box_size=1,
        border=0,
    )
    code.add_data(payload, optimize=0)
    code.make(fit=False)
    return np.array(code.get_matrix(), dtype=bool)


@lru_cache(maxsize=512)
def template(payload: str, turn_deg: float) -> np.ndarray:
    """The code with its quiet zone, turned by ``turn_deg`` (clockwise as seen) about its
    centre, at :data:`PX_PER_MM` (float32, 1 = dark), each pixel the mean of 3 x 3 samples."""
    grid = modules(payload)
    n = grid.shape[0]
    module = CARD_CODE_MM / n
    half = (n / 2 + QUIET_MODULES) * module
    side = round(2 * half * PX_PER_MM)
    sub = (np.arange(side * 3) + 0.5) / (3 * PX_PER_MM) - half
    x, y = np.meshgrid(sub, sub)
    c, s = math.cos(math.radians(turn_deg)), math.sin(math.radians(turn_deg))
    u, v = c * x + s * y, -s * x + c * y
    col = np.floor(u / module + n / 2).astype(int)
    row = np.floor(v / module + n / 2).astype(int)
    inside = (col >= 0) & (col < n) & (row >= 0) & (row < n)
    dark = np.zeros(x.shape, np.float32)
    dark[inside] = grid[row[inside], col[inside]]
    return np.asarray(dark.reshape(side, 3, side, 3).mean(axis=(1, 3)), dtype=np.float32)


@lru_cache(maxsize=9 * len(TURNS_DEG))
def _spectrum(payload: str, turn_deg: float, size: tuple[int, int]) -> Spectrum:
    """:func:`template` ready to match on a patch transformed at ``size``. One deck's nine
    cards at every turn are kept (42 MB), as a server reading photo after photo holds them."""
    return spectrum(template(payload, turn_deg), size)


def match_card(
    gray: np.ndarray, to_photo: np.ndarray, centre_mm: np.ndarray, payloads: list[str]
) -> CardMatch | None:
    """The card code among ``payloads`` whose centre lies near ``centre_mm`` (table mm), if one
    agrees clearly best; ``None`` otherwise."""
    if not payloads:
        return None
    side = template(payloads[0], 0.0).shape[0]
    reach = side / PX_PER_MM / 2 + SEARCH_MM
    box = (float(centre_mm[0] - reach), float(centre_mm[1] - reach), 2 * reach, 2 * reach)
    patch, to_photo_patch = rectify(gray, to_photo, box, PX_PER_MM)
    light = 255.0 - patch.astype(np.float32)
    seen = Correlation(light, (side, side))
    best: dict[str, tuple[float, float, tuple[int, int]]] = {}
    for payload in payloads:
        for turn in TURNS_DEG:
            scores = seen.scores(_spectrum(payload, turn, seen.size))
            _, score, _, at = cv2.minMaxLoc(scores)
            if payload not in best or score > best[payload][0]:
                best[payload] = (float(score), turn, (int(at[0]), int(at[1])))
    ranked = sorted(best.items(), key=lambda kv: -kv[1][0])
    text, (score, turn, at) = ranked[0]
    margin = score - ranked[1][1][0] if len(ranked) > 1 else score
    if len(ranked) == 1 and score < LONE_SCORE:
        return None
    if score < MIN_SCORE or margin < MIN_MARGIN:
        return None
    middle = np.array([at[0] + side / 2 - 0.5, at[1] + side / 2 - 0.5])
    half = CARD_CODE_MM / 2 * PX_PER_MM
    c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
    corners = np.array(
        [
            middle + np.array([c * x - s * y, s * x + c * y])
            for x, y in ((-half, -half), (half, -half), (half, half), (-half, half))
        ]
    )
    return CardMatch(text, score, margin, Detection(text, apply(to_photo_patch, corners)))
