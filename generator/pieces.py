"""Pieces cut from a sheet: a sheet's heading, crop marks in line with every cut, and grids of
rectangular pieces of one size."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.page import BOLD, MARGIN_MM, Sheet, text_width


def draw_heading(sheet: Sheet, title: str, note: str) -> None:
    """A sheet's heading in its top margin: ``title`` in bold, and a line of ``note`` under it."""
    if text_width(note, 7.5) > sheet.paper.width - 2 * MARGIN_MM:
        raise ValueError(f"the note '{note}' is wider than the page")
    sheet.text(MARGIN_MM, MARGIN_MM + 6.0, title, size=11.0, font=BOLD)
    sheet.text(MARGIN_MM, MARGIN_MM + 11.0, note, size=7.5)


def crop_marks(
    sheet: Sheet,
    xs: Sequence[float],
    ys: Sequence[float],
    area: tuple[float, float, float, float],
    *,
    clear: float = 2.0,
    length: float = 4.0,
) -> None:
    """Cut marks in line with every cut, outside ``area`` (x, y, width, height, bleed included).

    ``xs`` are the vertical cut lines, ``ys`` the horizontal ones. Each mark stops ``clear`` mm
    short of the area, so no mark ever touches a piece or its bleed.
    """
    left, top, width, height = area
    right, bottom = left + width, top + height
    for x in xs:
        sheet.line(x, top - clear - length, x, top - clear, width=0.2)
        sheet.line(x, bottom + clear, x, bottom + clear + length, width=0.2)
    for y in ys:
        sheet.line(left - clear - length, y, left - clear, y, width=0.2)
        sheet.line(right + clear, y, right + clear + length, y, width=0.2)


@dataclass(frozen=True)
class PieceGrid:
    """Where ``count`` rectangular pieces of one size go on a page: rows of ``columns`` trim boxes
    ``width`` x ``height`` from ``(left, top)``, ``gap`` mm apart, each printed with ``bleed`` (the
    last row may be short)."""

    left: float
    top: float
    columns: int
    rows: int
    count: int
    width: float
    height: float
    gap: float
    bleed: float

    def trim(self, index: int) -> tuple[float, float]:
        """The top-left corner of piece ``index``'s trim box (page mm)."""
        row, column = divmod(index, self.columns)
        return (
            self.left + column * (self.width + self.gap),
            self.top + row * (self.height + self.gap),
        )

    def cuts(self) -> tuple[list[float], list[float]]:
        """The vertical and horizontal cut lines of the grid's pieces."""
        corners = [self.trim(i) for i in range(self.count)]
        xs = sorted({x + dx for x, _ in corners for dx in (0.0, self.width)})
        ys = sorted({y + dy for _, y in corners for dy in (0.0, self.height)})
        return xs, ys

    def area(self) -> tuple[float, float, float, float]:
        """The block of the grid's pieces, bleeds included."""
        xs, ys = self.cuts()
        return (
            xs[0] - self.bleed,
            ys[0] - self.bleed,
            xs[-1] - xs[0] + 2 * self.bleed,
            ys[-1] - ys[0] + 2 * self.bleed,
        )

    def crop_marks(self, sheet: Sheet, *, clear: float = 2.0, length: float = 4.0) -> None:
        """:func:`crop_marks` for every cut of the grid, outside its block."""
        xs, ys = self.cuts()
        crop_marks(sheet, xs, ys, self.area(), clear=clear, length=length)
