"""The cascade's last step: a pawn code too small or blurred for the decoder, read by matching.

A decoder takes a hard decision on every module, and at about two camera pixels per module, with
blur, too many of those decisions are wrong. Here the modules are sampled softly instead (the
grey level at each module's centre, through the board's pose) and compared with every pawn code
that can be printed (:func:`companion.rodeurs.codebook.pawn_codebook`): the code that agrees best
is read, but only when it agrees clearly better than any code with another text
(:data:`MIN_MARGIN`) — otherwise the cell stays unreadable.

Where the code lies in its cell is found first (:func:`companion.qrplace.place_code`): its turn
(modulo a quarter) from the direction of the edges in the cell, then its place and which side is
up from the patterns every QR code shares (three finder squares, the timing rows, the light
quiet zone around), searched coarse to fine.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

import numpy as np

from companion.pose import BoardPose
from companion.qrbook import SIZE
from companion.qrplace import (
    DATA,
    Match,
    Placed,
    code_turn,
    flat_over,
    module_samples,
    place_code,
)
from companion.rodeurs.codebook import pawn_codebook
from companion.rodeurs.pose import TOKEN_QR_MM
from patrolkit.games.rodeurs import column_of, row_of
from patrolkit.sizes import Rodeurs

MODULE_MM: Final = TOKEN_QR_MM / SIZE
SEARCH_MM: Final = 4.0
"""How far from the cell's centre a code's centre is looked for."""
TURN_REACH_MM: Final = 11.0
"""How far round the cell's centre the edges that give the code's turn are taken."""
MIN_ALIGNMENT: Final = 0.55
"""The shared patterns must correlate this well with the samples for the code to be placed."""
MIN_SCORE: Final = 0.45
"""The best text must correlate this well with the samples.

Measured on 132 ``hard`` photos (seeds 21000-21065, normal and low-ink kits), every cell matched
as it is and every pawn's cell again with its contrast lowered to 8, 5 and 3.5 % or blurred by
3 px: a wrong text never beat the runner-up by :data:`MIN_MARGIN` (0.099 at most); those
scoring 0.45 or more with :data:`MIN_ALIGNMENT` beat it by 0.039 at most, those beating it by
0.08 or more scored 0.402 and aligned 0.483 at most. Right codes passing the other two scored
down to 0.38, 148 of them between 0.45 and 0.5 (a hazed pawn among them: 0.49)."""
MIN_MARGIN: Final = 0.1
"""The best text must beat every other text by this much correlation.

Measured on 60 ``hard`` photos, matching every cell: codes read right scored 0.62 or more,
beat the runner-up by 0.128 or more and aligned at 0.685 or more; cells without a token never
scored above 0.35 nor aligned above 0.46. All three thresholds must hold."""


CODE_SEEN: Final = 0.47
"""A cell whose samples align with the shared patterns this well shows a code, if only faintly.

Cells without a token never aligned above 0.46 (see :data:`MIN_MARGIN`), and the bare cells
that look faint (see :data:`companion.rodeurs.occupancy.FAINT_SPREAD`), the only ones this is
asked of, never above 0.29 on 200 low-ink ``hard`` photos; a yellow pawn hazed there to a 0.13
centre contrast aligned at 0.70, and one on a black cell of development photo 71127 (low ink,
``hard``) at 0.500 with a 0.072 spread. The limit lies just above every bare cell (it was 0.5,
which that pawn passed by 0.0002)."""


def code_alignment(gray: np.ndarray, pose: BoardPose, sq: int) -> float:
    """How well the samples of cell ``sq`` align with the patterns every pawn code shares at
    their best place and turn (0 when the cell shows no edges to turn a code by)."""
    placed = _placed(gray, pose, sq)
    return 0.0 if placed is None else placed.alignment


def match_cell(gray: np.ndarray, pose: BoardPose, sq: int) -> Match | None:
    """Read the pawn code in cell ``sq`` by matching, or ``None`` when no text wins clearly."""
    placed = _placed(gray, pose, sq)
    if placed is None or placed.alignment < MIN_ALIGNMENT:
        return None
    values = module_samples(gray, placed)
    texts, book = _data_codebook()
    scores = (book @ values[DATA]) / float(DATA.sum())
    order = np.argsort(-scores)
    text = texts[order[0]]
    runner_up = next(float(scores[k]) for k in order if texts[k] != text)
    score = float(scores[order[0]])
    if score < MIN_SCORE or score - runner_up < MIN_MARGIN:
        return None
    return Match(text, score, score - runner_up, placed.alignment, placed.detection(text))


def _placed(gray: np.ndarray, pose: BoardPose, sq: int) -> Placed | None:
    """The pawn code best placed in cell ``sq``; ``None`` when the cell shows no edges to turn
    a code by."""
    x, y, w, h = Rodeurs.cell_box(column_of(sq), row_of(sq))
    pose = flat_over(pose, (x - SEARCH_MM, y - SEARCH_MM, w + 2 * SEARCH_MM, h + 2 * SEARCH_MM))
    centre = (x + w / 2, y + h / 2)
    turn = code_turn(gray, pose, centre, TURN_REACH_MM)
    if turn is None:
        return None
    return place_code(gray, pose, centre, turn, MODULE_MM, SEARCH_MM)


@lru_cache(maxsize=1)
def _data_codebook() -> tuple[tuple[str, ...], np.ndarray]:
    """The codebook restricted to the modules codes do not share (data and format)."""
    texts, book = pawn_codebook()
    return texts, np.ascontiguousarray(book[:, DATA])
