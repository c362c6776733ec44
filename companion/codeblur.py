"""Which blur a shaken or out-of-focus photo has, read on the codes the decoder did read.

A large code (a corner code) often still reads where the smaller ones round it (pawns, pieces,
scouts) do not, and once read, every one of its modules is known: the decoder gives the symbol
it read and where its corners lie. Drawn sharp where the photo shows it, then blurred by a
candidate blur, the code must look as the photo does; the blur whose drawing matches best,
light for light (the paper's and the ink's grey levels fitted as a straight line), is the
photo's.
Unlike a code's readability, the match tells a 10 px streak at 50° from an 8 px one at 20°: both
may let one blurred code read, only one lets the photo's small codes read.

The blurs are those of :data:`companion.blurs.CANDIDATES`, tried coarsely first
(:data:`COARSE`) and then round the best; a photo is taken as blurred only when the best blur
matches clearly better than none (:data:`SHARP_SCORE`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import cv2
import numpy as np

from companion.blurs import CANDIDATES, SOFT_PX, Blur, alike, likeliest
from companion.decode import Detection, read_symbol, side_px

CODES: Final = 2
"""The largest codes read whose modules are matched: a second guards against a code that
reads but lies under a shadow's edge or a glare."""
MIN_CODE_PX: Final = 60.0
MAX_CODE_PX: Final = 400.0
"""Codes smaller (a module under about 3 px) or larger than this (side, photo px) are not
matched: too few pixels a module to show a blur, or too slow to draw."""
MARGIN_MODULES: Final = 1.5
"""The light zone round a code matched with it, in modules: the printed quiet zone is wider,
so what lies beyond it is not smeared in by a blur of a few modules."""
REACH_PX: Final = 14
"""How far past the light zone compared the photo is kept, so that the blur drawn there has
what it spreads in: half the longest streak and a softness's reach."""
SLIGHTEST: Final = {"defocus": 3.0, "motion": 6.0}
"""The slightest blurs named (px): a phone's own softness is no blur to divide out, and dividing
it out sharpens the noise the later steps read (a 12 Patrols ``phone`` photo read one die face
more with a 2 px disc divided out, and lost its kingdom's grid)."""
COARSE: Final = (
    *(Blur("defocus", float(r)) for r in range(3, 9)),
    *(Blur("motion", float(n), a) for n in range(6, 21, 2) for a in range(0, 180, 20)),
)
"""The blurs matched first; the best is then refined among :data:`CANDIDATES` within a pixel
and 20° of it."""
COARSE_SOFT_PX: Final = 1.0
"""The one Gaussian softness under the coarse blurs (px); the finer ones try every softness of
:data:`~companion.blurs.SOFT_PX`."""
SHARP_SOFT_PX: Final = (*SOFT_PX, 2.5)
"""The softnesses a sharp code is drawn with: up to a good phone's own slight blur."""
SHARP_SCORE: Final = 0.85
"""A blur is taken only when its misfit is at most this share of a sharp code's (softened by a
sensor's own blur): the slight softness of a good phone photo is no blur to divide out."""


def blurs_from_codes(gray: np.ndarray, codes: list[Detection]) -> list[Blur]:
    """The blurs of ``gray`` the codes read (``codes``) match best, the best first
    (:func:`companion.blurs.likeliest`); none when no code can be matched or the codes look
    sharp."""
    drawn: list[_Drawing] = []
    for code in sorted(codes, key=lambda d: -side_px(d.corners)):
        if len(drawn) == CODES:
            break
        if MIN_CODE_PX <= side_px(code.corners) <= MAX_CODE_PX:
            drawing = _drawn(gray, code)
            if drawing is not None:
                drawn.append(drawing)
    if not drawn:
        return []
    sharp = _misfit(drawn, None, SHARP_SOFT_PX)
    coarse = min(COARSE, key=lambda blur: _misfit(drawn, blur, (COARSE_SOFT_PX,)))
    near = [
        b
        for b in CANDIDATES
        if alike(b, coarse, size_px=1.0, turn_deg=20) and b.size_px >= SLIGHTEST[b.kind]
    ]
    fits = [(_misfit(drawn, b, SOFT_PX), b) for b in near]
    if min(misfit for misfit, _blur in fits) > SHARP_SCORE * sharp:
        return []
    return likeliest(fits)


@dataclass(frozen=True, eq=False)
class _Drawing:
    """A code read, drawn sharp in its place (``sharp``: dark modules 0, light 255), the pixels
    it is compared on (``inside``) and the photo's grey levels there (``seen``)."""

    sharp: np.ndarray
    inside: np.ndarray
    seen: np.ndarray


def _drawn(gray: np.ndarray, code: Detection) -> _Drawing | None:
    """The code ``code`` read again in its own part of ``gray`` for its symbol, and drawn; or
    ``None`` when it lies too near the photo's edge or does not read again."""
    margin = int(0.5 * side_px(code.corners)) + 16
    x0, y0 = np.floor(code.corners.min(axis=0)).astype(int) - margin
    x1, y1 = np.ceil(code.corners.max(axis=0)).astype(int) + margin
    height, width = gray.shape
    if x0 < 0 or y0 < 0 or x1 > width or y1 > height:
        return None
    read = read_symbol(gray[y0:y1, x0:x1], code.text)
    if read is None:
        return None
    symbol = read[0].astype(np.float32)
    modules = symbol.shape[0]
    seen_at = read[1].astype(np.float32)
    # compared on the code and its near light zone only, with room for the widest blur's reach
    trim = max(0, int(margin - MARGIN_MODULES * side_px(seen_at) / modules - REACH_PX))
    seen_at -= trim
    part = gray[y0 + trim : y1 - trim, x0 + trim : x1 - trim]
    fine = 4  # drawn four times finer, then averaged: module edges anti-aliased
    module_px = 16  # the symbol's pixels a module before it is warped into place
    square = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    to_part = cv2.getPerspectiveTransform(square * modules, seen_at)
    to_fine = cv2.getPerspectiveTransform(square * modules * module_px, seen_at * fine)
    big = cv2.resize(symbol, None, fx=module_px, fy=module_px, interpolation=cv2.INTER_NEAREST)
    rows, columns = part.shape
    sharp = cv2.warpPerspective(
        big, to_fine, (columns * fine, rows * fine), borderMode=cv2.BORDER_CONSTANT, borderValue=255
    )
    sharp = cv2.resize(sharp, (columns, rows), interpolation=cv2.INTER_AREA)
    m = MARGIN_MODULES
    rim = np.array([[-m, -m], [modules + m, -m], [modules + m, modules + m], [-m, modules + m]])
    rim_seen = cv2.perspectiveTransform(rim[None].astype(np.float32), to_part)[0]
    inside = np.zeros(part.shape, np.uint8)
    cv2.fillConvexPoly(inside, np.round(rim_seen).astype(np.int32), 1)
    compared = inside.astype(bool)
    return _Drawing(sharp, compared, part[compared].astype(np.float32))


def _misfit(drawn: list[_Drawing], blur: Blur | None, softs: tuple[float, ...]) -> float:
    """How far the codes ``drawn``, blurred by ``blur`` (``None``: none) and the best of
    ``softs`` (Gaussian, px), lie from the photo: the residual of a fit of their grey levels,
    over the photo's own spread, summed over the codes."""
    total = 0.0
    for drawing in drawn:
        blurred = drawing.sharp
        if blur is not None:
            blurred = cv2.filter2D(blurred, -1, blur.kernel(), borderType=cv2.BORDER_REPLICATE)
        seen = drawing.seen - drawing.seen.mean()
        best = 1.0
        for soft in softs:
            model = cv2.GaussianBlur(blurred, (0, 0), soft)[drawing.inside]
            model -= model.mean()
            # the share of the photo's spread a straight fit of the model's grey levels leaves
            shared = float(model @ seen) ** 2 / max(float(model @ model) * float(seen @ seen), 1e-9)
            best = min(best, 1.0 - shared)
        total += best
    return total
