"""The last look at a piece whose code the cascade could not read, when the armies' secrets are
given: its code matched, module by module, with the code of every piece the kit prints
(:func:`companion.cornermatch.match_code`).

A piece's code is 14.7 mm wide, in 0.7 mm modules. The far rows of a messaging app's copy of a
table photo, or of a dim, noisy one, show a module with one or two pixels, and the decoder, which
takes a hard decision on every module, reads few of them there. The referee always has both
secrets, and each secret gives every id of its army: every code that can stand on the table is
known. Where a cell shows that something stands on it, its modules are sampled softly on the
plane of the pieces' tops, at the four directions a piece's code can face; the code that agrees
best is taken only when it agrees well (:data:`MIN_SCORE`) and clearly better than every other
code of the kit (:data:`MIN_MARGIN`), including the codes already read elsewhere on the table,
and when the band round it shows its army's colour. Otherwise the cell stays unreadable.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from companion.cornermatch import CornerMatch, match_code
from companion.pose import BoardPose
from patrolkit.games.stratego import Army
from patrolkit.games.stratego.secret import Secret
from patrolkit.payload import StrategoPiece, encode
from patrolkit.sizes.stratego import Stratego

SEARCH_MM: Final = 3.0
"""How far from the middle of a cell a piece's code centre is looked for: a piece stands up to
1.5 mm off its cell's centre; one more than
:data:`~companion.stratego.reader.ACROSS_MM` off stands across two cells and is never matched."""
TURNS_DEG: Final = tuple(float(d + j) for d in range(0, 360, 90) for j in (-6, -3, 0, 3, 6))
"""The turns first tried: a piece's code faces its owner or, pushed round, any side; a piece
stands up to 6° off its cell's square, refined to 0.2°."""
MIN_SCORE: Final = 0.6
"""The best code's data modules must correlate this well with the samples.

Measured on Stratego ``messaging`` (40) and ``low-light`` photos (40 normal ink, 20 low ink;
dev seeds 71000-71039): the 164 codes matched where the cascade read none were all right,
scoring 0.640 or more; with the right piece left out of the candidates, as for a piece the
secrets do not name, the best other code scored 0.508 at most (285 cells); on 384 empty cells
the best code of the whole kit scored 0.263 at most."""
MIN_MARGIN: Final = 0.2
"""The best code must beat every other code of the kit by this much correlation.

Measured as :data:`MIN_SCORE`: the right codes beat the runner-up by 0.251 or more; with the
right piece left out, the best beat the runner-up by 0.173 at most, on empty cells by 0.095 at
most. Both must hold."""


@dataclass(frozen=True)
class PrintedKit:
    """What both armies' secrets say a kit prints: its code, which gives the text of every
    corner code of its board, and the piece of every id, as its code says it."""

    kit: str
    pieces: frozenset[StrategoPiece]


def printed_kit(secrets: Sequence[Secret]) -> PrintedKit:
    """The kit both armies' ``secrets`` belong to, and the piece of every id they give."""
    return PrintedKit(
        secrets[0].kit,
        frozenset(
            StrategoPiece("R" if secret.army is Army.RED else "B", identity)
            for secret in secrets
            for identity in secret.ids
        ),
    )


def match_piece(
    gray: np.ndarray,
    tops: BoardPose,
    centre: tuple[float, float],
    unread: Collection[StrategoPiece],
    read: Collection[StrategoPiece],
) -> tuple[StrategoPiece, CornerMatch] | None:
    """The piece of ``unread`` whose code stands round ``centre`` (sheet mm, through the pose
    ``tops`` of the plane of the pieces' tops), or ``None`` unless its code agrees well and
    clearly better than the code of every other piece, ``read`` elsewhere or not."""
    pieces = sorted(unread, key=encode)
    if not pieces:
        return None
    texts = tuple(encode(piece) for piece in pieces)
    found = match_code(
        gray,
        tops,
        np.array(centre, dtype=float),
        texts,
        tuple(sorted(encode(piece) for piece in read)),
        Stratego.PIECE_QR_VERSION,
        Stratego.PIECE_MODULE_MM,
        SEARCH_MM,
        TURNS_DEG,
    )
    if found is None or found.score < MIN_SCORE or found.margin < MIN_MARGIN:
        return None
    return pieces[texts.index(found.detection.text)], found
