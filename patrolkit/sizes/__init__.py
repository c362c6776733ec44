"""Printed sizes shared by the generator (which draws them) and the companion (which reads them).

Every size is in millimetres. A photo alone must be enough to judge a game, so the companion takes
the board's geometry from here, not from a kit file.

Why 0.6 mm modules at the least
-------------------------------
Measured on simulated 12 MP table photos with zxing-cpp, one decoding pass reads about 95 % of
codes at 3.0–3.5 camera pixels per module, 99 % at 3.5–4, 100 % above 4 and almost nothing under 2.
A 12 MP photo of the whole Rôdeurs board (about 190 x 270 mm with its margins) gives roughly
8–12 px/mm depending on tilt, so a 0.6 mm module is seen at 4.8–7.2 px: safely above the 3.5–4 px
knee even at the far edge of a tilted photo, while a V1 code stays small enough (12.6 mm) to leave
room for the pawn's coloured frame on a 21 mm token.

One module per game (:mod:`patrolkit.sizes.rodeurs`, …) and :mod:`patrolkit.sizes.qr` for what
every code shares; every name is importable from here.
"""

from patrolkit.sizes.patrolis import Patrolis, PatrolisSheet
from patrolkit.sizes.qr import MIN_MODULE_MM, QR_ERROR_CORRECTION
from patrolkit.sizes.rodeurs import PAWN_INK, Rodeurs
from patrolkit.sizes.twelve_patrols import ITEM_INK, TwelvePatrols

__all__ = [
    "ITEM_INK",
    "MIN_MODULE_MM",
    "PAWN_INK",
    "QR_ERROR_CORRECTION",
    "Patrolis",
    "PatrolisSheet",
    "Rodeurs",
    "TwelvePatrols",
]
