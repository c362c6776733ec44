"""12 Patrols' flat tokens, for a kit without folding: six tokens per die (one per value) and one
per cube, in blocks of rows cut along crop marks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from generator.page import MIN_MARGIN_MM, Sheet
from generator.pieces import PieceGrid, draw_heading
from generator.twelve_patrols.items import (
    COLOURS,
    CUBE,
    DIE,
    HEADER_MM,
    SERIALS,
    draw_blank_back,
    draw_cube_face,
    draw_die_face,
    item_attrs,
)
from patrolkit.games.twelve_patrols import ItemColour
from patrolkit.i18n import _
from patrolkit.manifest import Box, Item
from patrolkit.sizes import TwelvePatrols

TOKEN_GAP_MM: Final = 2 * TwelvePatrols.TOKEN_BLEED_MM
MARK_CLEAR_MM: Final = 1.5
MARK_LENGTH_MM: Final = 3.2


# -- flat tokens ----------------------------------------------------------------------------------


Token = tuple[ItemColour, int, int | None]
"""A flat token: colour, serial and value (``None`` for a cube)."""
TokenRow = tuple[str, tuple[Token, ...]]
"""A row of tokens of one kind (``die`` or ``cube``)."""


@dataclass(frozen=True)
class TokenBlock:
    """A block of flat tokens on one sheet: the grid and what each of its tokens is."""

    grid: PieceGrid
    kind: str
    tokens: tuple[Token, ...]


def _token_rows() -> list[TokenRow]:
    """One row per die (its six values), then the nine cubes in rows of six."""
    rows: list[TokenRow] = [
        ("die", tuple((colour, serial, value) for value in range(1, 7)))
        for colour in COLOURS
        for serial in SERIALS
    ]
    cubes: tuple[Token, ...] = tuple((c, serial, None) for c in COLOURS for serial in SERIALS)
    return [*rows, ("cube", cubes[:6]), ("cube", cubes[6:])]


def _token_block(width: float, top: float, rows: Sequence[TokenRow]) -> TokenBlock:
    """``rows`` of one kind as a grid of six columns centred across the page, from ``top``."""
    kind = rows[0][0]
    side = DIE if kind == "die" else CUBE
    tokens = tuple(token for _unused, row in rows for token in row)
    columns = 6
    left = (width - (columns * side + (columns - 1) * TOKEN_GAP_MM)) / 2
    grid = PieceGrid(
        round(left, 3),
        round(top, 3),
        columns,
        len(rows),
        len(tokens),
        side,
        side,
        TOKEN_GAP_MM,
        TwelvePatrols.TOKEN_BLEED_MM,
    )
    return TokenBlock(grid, kind, tokens)


OUTSIDE_MM: Final = TwelvePatrols.TOKEN_BLEED_MM + MARK_CLEAR_MM + MARK_LENGTH_MM
"""From a block's trim to the far end of its crop marks."""


def pack_tokens(
    width: float, top: float, bottom: float, rows: Sequence[TokenRow]
) -> list[list[TokenBlock]]:
    """``rows`` packed sheet by sheet between ``top`` and ``bottom`` (the crop marks' outer ends):
    as many rows a sheet as fit, a block of dice and a block of cubes kept apart by room for
    both blocks' crop marks."""
    first = top + OUTSIDE_MM
    last = bottom - OUTSIDE_MM
    pages: list[list[TokenBlock]] = [[]]
    y = start = first
    pending: list[TokenRow] = []
    for kind, tokens in rows:
        side = DIE if kind == "die" else CUBE
        if pending and pending[-1][0] != kind:
            pages[-1].append(_token_block(width, start, pending))
            pending = []
            y += 2 * OUTSIDE_MM + 2.0 - TOKEN_GAP_MM
            start = y
        if y + side > last:
            if pending:
                pages[-1].append(_token_block(width, start, pending))
                pending = []
            pages.append([])
            y = start = first
        pending.append((kind, tokens))
        y += side + TOKEN_GAP_MM
    pages[-1].append(_token_block(width, start, pending))
    return pages


def token_pages(width: float, height: float) -> list[list[TokenBlock]]:
    """Where the flat tokens go on sheets of their own: see :func:`pack_tokens`."""
    return pack_tokens(width, HEADER_MM, height - MIN_MARGIN_MM - 0.5, _token_rows())


def split_tokens(
    width: float, height: float, spare_top: float | None
) -> tuple[list[TokenBlock], list[list[TokenBlock]]]:
    """The flat tokens with the last of their sheets moved, if it fits, onto the free foot of
    another sheet from ``spare_top`` down (the last card sheet's): the blocks drawn there and
    the sheets of tokens left. With no room, nothing moves."""
    pages = token_pages(width, height)
    if spare_top is None or len(pages) < 2:
        return [], pages
    rows = _token_rows()
    tail = sum(block.grid.rows for block in pages[-1])
    moved = pack_tokens(width, spare_top, height - MIN_MARGIN_MM - 0.5, rows[-tail:])
    if len(moved) != 1:
        return [], pages
    return moved[0], pages[:-1]


def draw_token_blocks(sheet: Sheet, blocks: Sequence[TokenBlock]) -> list[Item]:
    """The tokens of ``blocks`` on the current page, with their crop marks."""
    items: list[Item] = []
    for block in blocks:
        for index, token in enumerate(block.tokens):
            items.append(_draw_token(sheet, token, *block.grid.trim(index)))
        block.grid.crop_marks(sheet, clear=MARK_CLEAR_MM, length=MARK_LENGTH_MM)
    return items


def draw_token_pages(
    sheet: Sheet,
    *,
    blank_backs: bool = False,
    pages: Sequence[Sequence[TokenBlock]] | None = None,
    elsewhere: int | None = None,
) -> list[Item]:
    """Every flat token of ``pages`` (default: all of them, :func:`token_pages`) from the current
    page on, each sheet followed by its blank back if ``blank_backs``; ``elsewhere`` is the sheet
    that holds the rest, if any. Ends no page after its last one."""
    if pages is None:
        pages = token_pages(*sheet.paper.size)
    items: list[Item] = []
    for number, blocks in enumerate(pages, start=1):
        if number > 1:
            sheet.next_page()
            if blank_backs:
                draw_blank_back(sheet, sheet.page - 1)
                sheet.next_page()
        if elsewhere is not None:
            title = _(
                "12 Patrols — flat dice and cubes ({number} of {count}; the rest are on sheet"
                " {sheet})"
            )
        else:
            title = _("12 Patrols — flat dice and cubes ({number} of {count})")
        draw_heading(
            sheet,
            title.format(number=number, count=len(pages), sheet=elsewhere),
            _(
                "Cut along the marks. Each row is one die, a token per face: roll any six-sided "
                "die for it and put out the token of the value rolled."
            ),
        )
        items += draw_token_blocks(sheet, blocks)
    return items


def _draw_token(sheet: Sheet, token: Token, x: float, y: float) -> Item:
    colour, serial, value = token
    bleed = TwelvePatrols.TOKEN_BLEED_MM
    name = f"{colour.value}{serial}"
    if value is not None:
        return Item(
            id=f"die-token-{name}-{value}",
            role="die-token",
            sheet=sheet.page,
            cut=Box(x, y, DIE, DIE),
            qr=draw_die_face(sheet, colour, serial, value, x, y, bleed=bleed),
            attrs=item_attrs(colour, serial, value=value),
        )
    return Item(
        id=f"cube-token-{name}",
        role="cube-token",
        sheet=sheet.page,
        cut=Box(x, y, CUBE, CUBE),
        qr=draw_cube_face(sheet, colour, serial, x, y, bleed=bleed),
        attrs=item_attrs(colour, serial),
    )
