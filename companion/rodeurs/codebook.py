"""Every pawn code there can be, module by module: the codebook of the last step of the cascade.

A Rôdeurs pawn's QR code is a version-1 code at level M holding ``PK1:RD:P:`` and a colour letter
and two digits (:class:`~patrolkit.payload.RodeursPawn`): 300 texts. Each is printed with one of
the eight QR masks, so 2 400 module patterns cover every pawn code that can be printed
(:func:`companion.qrbook.matrix` builds each).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from companion.qrbook import matrix
from patrolkit.payload import RodeursPawn, encode


@lru_cache(maxsize=1)
def pawn_codebook() -> tuple[tuple[str, ...], np.ndarray]:
    """Every pawn payload (each of its eight masks) and its modules as +1 (dark) / -1 (light),
    one row of 441 per pattern."""
    texts = []
    rows = []
    for colour in ("R", "Y", "G"):
        for serial in range(100):
            text = encode(RodeursPawn(colour, serial))
            for mask in range(8):
                texts.append(text)
                rows.append(np.where(matrix(text, mask), 1.0, -1.0).ravel())
    return tuple(texts), np.asarray(rows, dtype=np.float32)
