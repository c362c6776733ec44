"""Small vector pictures of Rôdeurs positions, for the cover's set-up picture and the rules sheet.

A :class:`Picture` is a rectangle of cells (top row first) with the pawns on them and arrows for
jumps. It is drawn in the page frame with the same cell look as the printed board, at any size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Final

from generator.flow import Figure
from generator.page import BOLD, INK, MM, WHITE, Sheet
from generator.rodeurs.board import (
    BLACK_CELL,
    BLACK_MARK,
    GREY_CELL,
    GREY_HATCH,
    LETTER_INK,
    PAWN_LETTER,
    cell_fill,
    shown_letter,
)
from patrolkit.games.rodeurs import COLUMNS, ROWS, Board, CellColour, PawnColour, Pawns, square
from patrolkit.sizes import PAWN_INK

ARROW_INK: Final = "#1565C0"
GHOST_INK: Final = "#5FA8FF"
PAWN_SIDE: Final = 0.6
"""A pawn's side, as a fraction of the cell: the cell's colour stays visible around it."""
Cell = tuple[int, int]
"""``(column, row)`` in a picture: column 0 at the left, row 0 at the top."""


@dataclass(frozen=True)
class Picture:
    """Cells (``colours[row][column]``, top row first), pawns on them, and jump arrows.

    ``paths`` are pawn routes, each a sequence of cells joined by arrows; ``ghosts`` are cells
    whose pawn was just jumped (drawn as a dashed outline).
    """

    colours: tuple[tuple[CellColour, ...], ...]
    pawns: dict[Cell, PawnColour]
    paths: tuple[tuple[Cell, ...], ...] = ()
    ghosts: tuple[Cell, ...] = ()
    marks: dict[Cell, str] = field(default_factory=dict)

    @property
    def columns(self) -> int:
        return len(self.colours[0])

    @property
    def rows(self) -> int:
        return len(self.colours)


def board_picture(board: Board, pawns: Pawns) -> Picture:
    """The whole of ``board`` with ``pawns`` on it, row 9 at the top as printed."""
    colours = tuple(
        tuple(board.colour(square(c, r)) for c in range(COLUMNS)) for r in reversed(range(ROWS))
    )
    on_board = {
        (c, ROWS - 1 - r): pawn
        for r in range(ROWS)
        for c in range(COLUMNS)
        if (pawn := pawns[square(c, r)]) is not None
    }
    return Picture(colours, on_board)


def draw_picture(
    sheet: Sheet, picture: Picture, x: float, y: float, cell: float, *, labels: bool = False
) -> None:
    """Draw ``picture`` with its top-left corner at page mm ``(x, y)``, cells ``cell`` mm wide.

    With ``labels`` the columns are lettered a.. below and the rows numbered from the bottom.
    """
    for r, row in enumerate(picture.colours):
        for c, colour in enumerate(row):
            _cell(sheet, x + c * cell, y + r * cell, cell, colour)
    width, height = picture.columns * cell, picture.rows * cell
    for c in range(1, picture.columns):
        sheet.line(x + c * cell, y, x + c * cell, y + height, stroke="#5A5A5A", width=0.15)
    for r in range(1, picture.rows):
        sheet.line(x, y + r * cell, x + width, y + r * cell, stroke="#5A5A5A", width=0.15)
    sheet.rect(x, y, width, height, stroke=INK, line=0.35)
    for (c, r), pawn in picture.pawns.items():
        _pawn(sheet, x + (c + 0.5) * cell, y + (r + 0.5) * cell, cell, pawn)
    for c, r in picture.ghosts:
        _ghost(sheet, x + (c + 0.5) * cell, y + (r + 0.5) * cell, cell)
    for (c, r), mark in picture.marks.items():
        sheet.centred_glyphs(
            x + (c + 0.5) * cell, y + (r + 0.5) * cell, mark, size=cell * 1.2, fill=ARROW_INK
        )
    for path in picture.paths:
        for start, end in pairwise(path):
            _arrow(sheet, x, y, cell, start, end)
    if labels:
        size = min(7.0, cell * 1.1)
        for c in range(picture.columns):
            sheet.centred_glyphs(
                x + (c + 0.5) * cell, y + height + 2.2, "abcdefg"[c], size=size, font=BOLD, fill=INK
            )
        for r in range(picture.rows):
            sheet.centred_glyphs(
                x - 2.4, y + (r + 0.5) * cell, str(picture.rows - r), size=size, font=BOLD, fill=INK
            )


def _cell(sheet: Sheet, x: float, y: float, size: float, colour: CellColour) -> None:
    if colour is CellColour.BLACK:
        sheet.rect(x, y, size, size, fill=cell_fill(sheet, BLACK_CELL))
        inset = size * 0.06
        sheet.rect(
            x + inset,
            y + inset,
            size - 2 * inset,
            size - 2 * inset,
            stroke=BLACK_MARK,
            line=size * 0.02,
        )
    elif colour is CellColour.GREY:
        sheet.rect(x, y, size, size, fill=cell_fill(sheet, GREY_CELL))
        step = size / 4
        for i in range(1, 8):
            d = i * step
            u0, u1 = max(0.0, d - size), min(size, d)
            sheet.line(
                x + u0,
                y + size - (d - u0),
                x + u1,
                y + size - (d - u1),
                stroke=GREY_HATCH,
                width=size * 0.015,
            )
    else:
        sheet.rect(x, y, size, size, fill=WHITE)


def _pawn(sheet: Sheet, cx: float, cy: float, cell: float, pawn: PawnColour) -> None:
    letter = PAWN_LETTER[pawn]
    side = cell * PAWN_SIDE
    sheet.rect(
        cx - side / 2, cy - side / 2, side, side, fill=PAWN_INK[letter], stroke=INK, line=0.15
    )
    sheet.centred_glyphs(
        cx, cy, shown_letter(pawn), size=cell * 1.15, font=BOLD, fill=LETTER_INK[letter]
    )


def _ghost(sheet: Sheet, cx: float, cy: float, cell: float) -> None:
    """Where a pawn was taken: a dashed outline, light enough to show on a black cell."""
    side = cell * PAWN_SIDE
    sheet.canvas.setDash(0.7 * MM, 0.5 * MM)
    sheet.rect(cx - side / 2, cy - side / 2, side, side, stroke=GHOST_INK, line=0.3)
    sheet.canvas.setDash()


TIP_SIDE: Final = 0.12
"""How far the arrow's tip stays off the landing cell's centre, on the arc's side (in cells)."""


def arrow_tip(x: float, y: float, cell: float, start: Cell, end: Cell) -> tuple[float, float]:
    """Where the head of the arrow for a jump from ``start`` to ``end`` points (page mm), in a
    picture drawn at ``(x, y)`` with ``cell`` mm cells: just off the landing cell's centre."""
    x0, y0 = x + (start[0] + 0.5) * cell, y + (start[1] + 0.5) * cell
    x3, y3 = x + (end[0] + 0.5) * cell, y + (end[1] + 0.5) * cell
    dx, dy = x3 - x0, y3 - y0
    length = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / length, dy / length
    nx, ny = uy, -ux
    return (
        x3 - ux * cell * 0.05 + nx * cell * TIP_SIDE,
        y3 - uy * cell * 0.05 + ny * cell * TIP_SIDE,
    )


def _arrow(sheet: Sheet, x: float, y: float, cell: float, start: Cell, end: Cell) -> None:
    """A jump from ``start`` to ``end``: an arc hopping over the cell between, head at ``end``.

    The arc bulges to the left of the jump's direction, so the jumped pawn stays in view.
    """
    x0, y0 = x + (start[0] + 0.5) * cell, y + (start[1] + 0.5) * cell
    x3, y3 = x + (end[0] + 0.5) * cell, y + (end[1] + 0.5) * cell
    dx, dy = x3 - x0, y3 - y0
    length = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / length, dy / length
    nx, ny = uy, -ux  # the left of the direction of travel, on the page (y down)
    lift = cell * 0.55
    # Starts at the edge of the jumping pawn, on the arc's side, so the arrow clears it; ends
    # near the landing cell's centre, so its head points into that cell and no neighbour.
    p0 = (x0 + ux * cell * 0.05 + nx * cell * 0.32, y0 + uy * cell * 0.05 + ny * cell * 0.32)
    tip = arrow_tip(x, y, cell, start, end)
    c1 = (x0 + dx / 3 + nx * lift, y0 + dy / 3 + ny * lift)
    c2 = (x3 - dx / 3 + nx * lift, y3 - dy / 3 + ny * lift)
    # The head points along the curve's end tangent (from the second control point).
    tx, ty = tip[0] - c2[0], tip[1] - c2[1]
    norm = (tx * tx + ty * ty) ** 0.5
    tx, ty = tx / norm, ty / norm
    head = cell * 0.3
    base = (tip[0] - tx * head, tip[1] - ty * head)
    for stroke, width in ((WHITE, cell * 0.15), (ARROW_INK, cell * 0.075)):
        sheet.curve((p0, c1, c2, base), stroke=stroke, width=width)
    wing = head * 0.6
    left = (base[0] - ty * wing, base[1] + tx * wing)
    right = (base[0] + ty * wing, base[1] - tx * wing)
    sheet.polygons([[tip, left, right]], fill=ARROW_INK, stroke=WHITE, line=cell * 0.025)


def side_by_side(
    sheet: Sheet,
    pictures: Sequence[tuple[Picture, str]],
    cell: float,
    width: float,
) -> Figure:
    """Pictures in a row, each with a caption under it, spread over ``width`` mm."""
    height = max(p.rows for p, _ in pictures) * cell + 6.0
    widths = [p.columns * cell for p, _ in pictures]
    gap = (width - sum(widths)) / (len(pictures) + 1)

    def paint(s: Sheet) -> None:
        x = gap
        for (picture, caption), w in zip(pictures, widths, strict=True):
            draw_picture(s, picture, x, 0.5, cell)
            s.text(x + w / 2, picture.rows * cell + 4.5, caption, size=7.5, align="centre")
            x += w + gap

    return Figure(sheet, width, height, paint)
