"""Pieces cut from a sheet: a sheet's heading, crop marks in line with every cut, grids of
rectangular pieces of one size, and the patterns that tell pieces' colours apart in grey."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Final

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO

from generator.page import BOLD, MARGIN_MM, MM, Sheet, colour, text_width


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
        """The vertical and horizontal cut lines of the grid's pieces; pieces laid edge to edge
        share theirs (rounded to a micrometre, so one cut is never drawn twice)."""
        corners = [self.trim(i) for i in range(self.count)]
        xs = sorted({round(x + dx, 3) for x, _ in corners for dx in (0.0, self.width)})
        ys = sorted({round(y + dy, 3) for _, y in corners for dy in (0.0, self.height)})
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


# -- patterns that tell colours apart without colour ----------------------------------------------

PATTERNS: Final = ("plain", "stripes", "dots", "checker", "grid", "crosshatch")
"""The patterns a colour flood may carry so that pieces of different colours differ in a grey
print and for colour-blind players too. Each looks the same after a quarter turn (stripes stay
stripes), and each is a texture: a cut a little off the line takes a sliver of it and the rest
still reads, so a patterned flood may run into the bleed like a plain one."""
CROSSHATCH_STRETCH: Final = 1.6
"""A cross-hatch repeats this much more widely than the pitch asked for: its diamonds then look
nothing like stripes, even where only a sliver of a piece shows them."""


def draw_pattern(
    sheet: Sheet,
    pattern: str,
    box: tuple[float, float, float, float],
    *,
    ink: str | Color,
    pitch: float,
    coverage: float = 0.35,
    origin: tuple[float, float] | None = None,
) -> None:
    """``pattern``'s marks in ``ink`` over ``box`` (page mm ``x, y, width, height``), as one path.

    The pattern repeats every ``pitch`` mm from ``origin`` (the box's corner by default), so two
    pieces drawn from their own corners look alike (a cross-hatch every
    :data:`CROSSHATCH_STRETCH` times ``pitch``); its marks cover about ``coverage`` of the
    area (a checkerboard always half). Draw it inside a clip: its marks run a little past
    ``box``. ``plain`` draws nothing.
    """
    if not 0.0 < coverage < 0.75:
        raise ValueError(f"a pattern covers between 0 and 0.75 of its area, not {coverage}")
    if pattern not in PATTERNS:
        raise ValueError(f"unknown pattern '{pattern}'")
    if pattern == "plain":
        return
    if pattern == "crosshatch":
        pitch *= CROSSHATCH_STRETCH
    x, y, width, height = box
    ox, oy = origin if origin is not None else (x, y)
    first_i = math.floor((x - ox) / pitch) - 1
    first_j = math.floor((y - oy) / pitch) - 1
    columns = range(first_i, first_i + math.ceil(width / pitch) + 3)
    rows = range(first_j, first_j + math.ceil(height / pitch) + 3)
    canvas = sheet.canvas
    path = canvas.beginPath()

    def loop(points: Sequence[tuple[float, float]]) -> None:
        path.moveTo(*sheet.point(*points[0]))
        for point in points[1:]:
            path.lineTo(*sheet.point(*point))
        path.close()

    if pattern in ("stripes", "crosshatch"):
        # Diagonal bands; the hatch adds the other diagonal.
        # One direction covers ``coverage``; two cover it together.
        share = coverage if pattern == "stripes" else 1 - math.sqrt(1 - coverage)
        band = share * pitch
        span = width + height + 2 * pitch
        top = y - pitch
        lift = math.ceil(height / pitch + 2) * pitch
        for k in range(math.floor((x - ox) / pitch) - 1, math.ceil((x - ox + span) / pitch) + 1):
            u = ox + k * pitch
            loop([(u, top), (u + band, top), (u + band - span, top + span), (u - span, top + span)])
            if pattern == "crosshatch":
                v = u - lift
                end = top + span
                loop([(v, top), (v + band, top), (v + band + span, end), (v + span, end)])
    elif pattern == "dots":
        r = min(0.45, math.sqrt(coverage / math.pi)) * pitch
        for i in columns:
            for j in rows:
                path.circle(*sheet.point(ox + (i + 0.5) * pitch, oy + (j + 0.5) * pitch), r * MM)
    elif pattern == "checker":
        half = pitch / 2
        for i in range(2 * columns.start, 2 * columns.stop):
            for j in range(2 * rows.start, 2 * rows.stop):
                if (i + j) % 2 == 0:
                    u, v = ox + i * half, oy + j * half
                    loop([(u, v), (u + half, v), (u + half, v + half), (u, v + half)])
    else:  # grid: thin lines both ways
        line = (1 - math.sqrt(1 - coverage)) * pitch
        for i in columns:
            u = ox + i * pitch - line / 2
            loop([(u, y - pitch), (u + line, y - pitch), (u + line, y + height + pitch),
                  (u, y + height + pitch)])  # fmt: skip
        for j in rows:
            v = oy + j * pitch - line / 2
            loop([(x - pitch, v), (x + width + pitch, v), (x + width + pitch, v + line),
                  (x - pitch, v + line)])  # fmt: skip
    canvas.setFillColor(colour(ink))
    canvas.drawPath(path, stroke=0, fill=1, fillMode=FILL_NON_ZERO)


@contextmanager
def ring_clip(
    sheet: Sheet,
    outer: tuple[float, float, float, float],
    inner: tuple[float, float, float, float],
) -> Iterator[None]:
    """Draw only between rectangle ``outer`` and rectangle ``inner`` (page mm ``x, y, w, h``):
    a piece's frame."""
    canvas = sheet.canvas
    canvas.saveState()
    path = canvas.beginPath()
    for x, y, width, height in (outer, inner):
        path.rect(*sheet.point(x, y + height), width * MM, height * MM)
    canvas.clipPath(path, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
    try:
        yield
    finally:
        canvas.restoreState()
