"""The Rôdeurs pawn tokens: 21 mm squares with a coloured frame round a QR code.

A token's frame runs to its trim edge and on into a bleed, so a cut a little off the line still
shows colour to the edge. A red token's frame is bitten in the middle of each side (half discs of
paper, :data:`PAWN_SHAPE`); green and yellow frames are plain squares. Red and green score
differently (3 points against 1) and nearly match in grey and for protanopes: the bites tell them
apart from across the table in any print and to any eye, and green is far darker than yellow.
The bites are paper showing through the frame where the cut runs, so a cut a little off the line
keeps them. The frame carries nothing else: a letter in a 2.4 mm frame would sit on the cut, and
every mark stays at least 2 mm inside it.

The bites are round and keep to the sides' middles, and leave the frame's inner edge whole: a
photo's reader that finds a code's turn from the edges round it, or its place from the white
square round it, sees what it always saw (straight edges across a frame's corners, stripes or
patterns, measured, cost codes under a shadow's edge).

A low-ink kit's frames stop at the cut (no bleed): the reader's colour check samples the frame
inside the cut only, so it sees the same colour.

Tokens sit on a grid with gaps wider than two bleeds, and the cut marks stand outside the whole
block, in line with every cut: a guillotine or ruler cut straight across the sheet never goes
through a piece.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from generator import qr
from generator.page import BOLD, MIN_MARGIN_MM, WHITE, Ink, Paper, Sheet
from generator.pieces import PieceGrid
from generator.rodeurs.board import PAWN_LETTER, PAWN_NAME
from patrolkit.games.rodeurs import Layout, PawnColour
from patrolkit.i18n import _
from patrolkit.manifest import Box, Item
from patrolkit.payload import RodeursPawn, encode
from patrolkit.sizes import PAWN_INK, QR_ERROR_CORRECTION, Rodeurs

TOKEN: Final = Rodeurs.TOKEN_MM
FRAME: Final = Rodeurs.TOKEN_FRAME_MM
BLEED: Final = Rodeurs.TOKEN_BLEED_MM
MODULE: Final = Rodeurs.TOKEN_MODULE_MM
COLUMNS: Final = 7
"""Tokens in a row at most: seven rows of seven read like the board's own rows."""
GAP_MM: Final = 4.0
"""Between two tokens' trim edges: two bleeds and 1 mm of bare paper."""
MARK_CLEAR_MM: Final = 2.0
MARK_LENGTH_MM: Final = 4.0
HEADER_MM: Final = 14.0
"""Room for the sheet's heading above the tokens."""
PAWN_SHAPE: Final = {"R": "bitten sides", "Y": "square", "G": "square"}
"""The frame's outline by colour letter."""
BITE_MM: Final = 1.4
"""A red token's bite in the middle of each side: a half disc of this radius from the cut,
leaving 1 mm of colour inside it."""

assert GAP_MM >= 2 * BLEED + 1.0
assert TOKEN - 2 * FRAME - 21 * MODULE >= 2 * 2.5 * MODULE, "the quiet zone is too thin"


def _outline_cue(sheet: Sheet, shape: str, x: float, y: float) -> None:
    """Paper over the frame where ``shape`` takes colour away, from the bleed's edge in."""
    if shape == "square":
        return
    t = TOKEN
    for u, v in ((t / 2, 0.0), (t, t / 2), (t / 2, t), (0.0, t / 2)):
        sheet.circle(x + u, y + v, BITE_MM, fill=WHITE)


@dataclass(frozen=True)
class Pawn:
    """One token to print: colour and serial number (1..56)."""

    colour: PawnColour
    serial: int

    @property
    def letter(self) -> str:
        return PAWN_LETTER[self.colour]

    @property
    def payload(self) -> str:
        return encode(RodeursPawn(self.letter, self.serial))


def pawns_for(layout: Layout) -> list[Pawn]:
    """One token per pawn of the start position, numbered 1.. red first, then yellow, then green."""
    pawns: list[Pawn] = []
    for colour in (PawnColour.RED, PawnColour.YELLOW, PawnColour.GREEN):
        pawns += [Pawn(colour, len(pawns) + 1 + i) for i in range(layout.mix[colour])]
    return pawns


def page_grids(paper: Paper, count: int) -> list[PieceGrid]:
    """Where ``count`` tokens go: one grid per page, as few pages as fit, each grid holding its
    page's tokens (the last one may be short) and centred below the sheet's heading.

    At most :data:`COLUMNS` tokens a row; the cut marks stay inside the printable margins.
    """
    outside = BLEED + MARK_CLEAR_MM + MARK_LENGTH_MM + MIN_MARGIN_MM
    pitch = TOKEN + GAP_MM
    columns = min(COLUMNS, int((paper.width - 2 * outside + GAP_MM) // pitch))
    rows = int((paper.height - 2 * outside - HEADER_MM + GAP_MM) // pitch)
    per_page = columns * rows
    left = round((paper.width - (columns * pitch - GAP_MM)) / 2, 3)
    grids = []
    for start in range(0, count, per_page):
        held = min(per_page, count - start)
        page_rows = -(-held // columns)
        height = page_rows * pitch - GAP_MM
        top = round(HEADER_MM + (paper.height - HEADER_MM - height) / 2, 3)
        grids.append(PieceGrid(left, top, columns, page_rows, held, TOKEN, TOKEN, GAP_MM, BLEED))
    return grids


def draw_token_pages(sheet: Sheet, pawns: Sequence[Pawn], heading: str) -> list[Item]:
    """Draw every token, from the current page on, with ``heading`` above them on each page.

    Returns one manifest item per token. Ends no page after its last one.
    """
    grids = page_grids(sheet.paper, len(pawns))
    items: list[Item] = []
    start = 0
    for number, grid in enumerate(grids, start=1):
        if number > 1:
            sheet.next_page()
        _heading(sheet, heading, grid, number, len(grids))
        for index, pawn in enumerate(pawns[start : start + grid.count]):
            x, y = grid.trim(index)
            items.append(draw_token(sheet, pawn, x, y))
        start += grid.count
        grid.crop_marks(sheet, clear=MARK_CLEAR_MM, length=MARK_LENGTH_MM)
    return items


def _heading(sheet: Sheet, heading: str, grid: PieceGrid, page: int, pages: int) -> None:
    top = grid.top - BLEED - MARK_CLEAR_MM - MARK_LENGTH_MM
    title = (
        heading
        if pages == 1
        else _("{heading} ({page} of {pages})").format(heading=heading, page=page, pages=pages)
    )
    sheet.text(grid.left, top - 6.5, title, size=11.0, font=BOLD)
    sheet.text(
        grid.left,
        top - 2.2,
        _("Cut along the marks at the edges: each cut runs straight across the sheet."),
        size=7.5,
    )


def draw_token(sheet: Sheet, pawn: Pawn, x: float, y: float) -> Item:
    """One token with its trim box's top-left corner at page mm ``(x, y)``."""
    ink = PAWN_INK[pawn.letter]
    bleed = BLEED if sheet.ink is Ink.NORMAL else 0.0
    sheet.rect(x - bleed, y - bleed, TOKEN + 2 * bleed, TOKEN + 2 * bleed, fill=ink)
    inner = TOKEN - 2 * FRAME
    sheet.rect(x + FRAME, y + FRAME, inner, inner, fill="#FFFFFF")
    symbol = qr.symbol(
        pawn.payload, version=Rodeurs.TOKEN_QR_VERSION, error_correction=QR_ERROR_CORRECTION
    )
    side = symbol.size * MODULE
    offset = (TOKEN - side) / 2
    quiet = (inner - side) / 2 / MODULE
    record = qr.draw(sheet, symbol, x + offset, y + offset, MODULE, quiet_modules=round(quiet, 3))
    _outline_cue(sheet, PAWN_SHAPE[pawn.letter], x, y)
    return Item(
        id=f"pawn-{pawn.letter}{pawn.serial:02d}",
        role="pawn",
        sheet=sheet.page,
        cut=Box(x, y, TOKEN, TOKEN),
        qr=record,
        attrs={"colour": pawn.colour.value, "serial": pawn.serial, "name": PAWN_NAME[pawn.colour]},
    )
