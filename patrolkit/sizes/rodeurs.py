"""Rôdeurs: the board, its corner codes and the pawn tokens, in millimetres."""

from __future__ import annotations

from typing import Final

from patrolkit.payload import Corner
from patrolkit.sizes.qr import MIN_MODULE_MM


class Rodeurs:
    """The Rôdeurs board and pawn tokens, identical on A4 and Letter."""

    CELL_MM: Final = 25.0
    COLUMNS: Final = 7
    ROWS: Final = 9
    GRID_WIDTH_MM: Final = COLUMNS * CELL_MM
    GRID_HEIGHT_MM: Final = ROWS * CELL_MM

    TOKEN_MM: Final = 21.0
    """Trim size of a pawn token (square)."""
    TOKEN_FRAME_MM: Final = 2.4
    """Width of the pawn's coloured frame, which runs to the trim edge (printed with bleed)."""
    TOKEN_BLEED_MM: Final = 1.5
    TOKEN_MODULE_MM: Final = MIN_MODULE_MM
    TOKEN_QR_VERSION: Final = 1

    FIDUCIAL_MODULE_MM: Final = 0.65
    FIDUCIAL_QR_VERSION: Final = 1
    FIDUCIAL_MM: Final = 21 * FIDUCIAL_MODULE_MM
    """Side of a fiducial's module area (a version-1 code has 21 x 21 modules)."""
    FIDUCIAL_GAP_MM: Final = 7.0
    """Between the grid's edge and the fiducial: quiet zone, column labels, air."""

    @classmethod
    def fiducial_origin(cls, corner: Corner) -> tuple[float, float]:
        """Top-left corner of ``corner``'s fiducial code, in the board frame.

        The board frame has its origin at the grid's top-left corner, x right, y down (mm).
        Fiducials sit above and below the grid, flush with its left and right edges.
        """
        left, right = 0.0, cls.GRID_WIDTH_MM - cls.FIDUCIAL_MM
        top = -cls.FIDUCIAL_GAP_MM - cls.FIDUCIAL_MM
        bottom = cls.GRID_HEIGHT_MM + cls.FIDUCIAL_GAP_MM
        return {
            Corner.NW: (left, top),
            Corner.NE: (right, top),
            Corner.SE: (right, bottom),
            Corner.SW: (left, bottom),
        }[corner]

    @classmethod
    def cell_box(cls, column: int, row: int) -> tuple[float, float, float, float]:
        """``(x, y, width, height)`` of the cell at ``column`` (0 = a) and ``row`` (0 = row 1)
        in the board frame; row 1 is printed at the bottom."""
        return (column * cls.CELL_MM, (cls.ROWS - 1 - row) * cls.CELL_MM, cls.CELL_MM, cls.CELL_MM)


PAWN_INK: Final = {"R": "#E8552E", "Y": "#F2D024", "G": "#0B5E45"}
"""Pawn frame colours. Hues far apart for the camera (about 13°, 50° and 162°) and luminances far
apart for mono printers and colour-blind players (about 124, 201 and 67 of 255); each token also
carries its colour's letter."""
