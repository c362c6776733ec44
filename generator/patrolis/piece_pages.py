"""The Patrolis sheets of pieces: every player's step tiles and the objectives, in grids cut along
crop marks, as many sheets as they need."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from generator.page import (
    BOLD,
    MIN_MARGIN_MM,
    SOFT_INK,
    Paper,
    Sheet,
    text_width,
)
from generator.patrolis.tiles import (
    OBJECTIVE_BLEED_MM,
    OBJECTIVE_PATTERN,
    PATTERN_WORD,
    PLAYER_PATTERN,
    ObjectiveToken,
    StepTile,
    draw_objective,
    draw_player_pattern,
    draw_tile,
)
from generator.pieces import PieceGrid
from patrolkit.games.patrolis import DEFAULT_OBJECTIVES
from patrolkit.i18n import N_, _
from patrolkit.manifest import Item
from patrolkit.sizes import Patrolis

PLAYER_COLOUR: Final = {
    "blue": N_("blue"),
    "vermilion": N_("vermilion"),
    "green": N_("green"),
    "purple": N_("purple"),
    "yellow": N_("yellow"),
    "grey": N_("grey"),
}
"""Each player's colour (as the sizes name it) in English: said with ``_(PLAYER_COLOUR[name])``."""

MARK_CLEAR_MM: Final = 1.0
MARK_LENGTH_MM: Final = 3.0
"""Cut marks start 1 mm outside the block and are 3 mm long: with the 6 mm no-ink margin they
take 10 mm each side, so ten 19 mm tiles fit across A4's 210 mm."""
HEADER_MM: Final = 11.5
"""Room for a sheet's heading (its title and the players' key) above its first block; how to
print and cut the pieces is on the cover."""
BLOCK_GAP_MM: Final = 13.5
"""From the tiles' last row to the objectives' bleed: the tiles' cut marks, the objectives'
title and their cut marks. On A4 the 120 tiles and the eight objectives then share one sheet."""
OBJECTIVE_GAP_MM: Final = 3.0
OBJECTIVE_COLUMNS: Final = 8


# -- the sheets ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PiecePage:
    """What one sheet of pieces holds: a grid of tiles (or none), then a grid of objectives
    (or none)."""

    tiles: PieceGrid | None
    first_tile: int
    objectives: PieceGrid | None


def piece_pages(paper: Paper, cell: float, tiles: int, tokens: int) -> list[PiecePage]:
    """Where ``tiles`` step tiles and ``tokens`` objectives go: tiles edge to edge in full rows,
    as many pages as needed, then the objectives below the last tiles (or on a page of their
    own). Cut marks stay inside the printable margins."""
    outside = MARK_CLEAR_MM + MARK_LENGTH_MM + MIN_MARGIN_MM
    tile = Patrolis.TILE_MM[cell]
    columns = int((paper.width - 2 * outside) // tile)
    left = round((paper.width - columns * tile) / 2, 3)
    top = HEADER_MM + outside
    bottom = paper.height - outside
    pitch = cell + OBJECTIVE_GAP_MM
    objective_rows = -(-tokens // OBJECTIVE_COLUMNS)
    objective_height = objective_rows * pitch - OBJECTIVE_GAP_MM + 2 * OBJECTIVE_BLEED_MM
    objective_left = round((paper.width - (OBJECTIVE_COLUMNS * pitch - OBJECTIVE_GAP_MM)) / 2, 3)

    def objective_grid(at: float) -> PieceGrid:
        return PieceGrid(
            objective_left,
            round(at + OBJECTIVE_BLEED_MM, 3),
            OBJECTIVE_COLUMNS,
            objective_rows,
            tokens,
            cell,
            cell,
            OBJECTIVE_GAP_MM,
            OBJECTIVE_BLEED_MM,
        )

    pages: list[PiecePage] = []
    rows_per_page = int((bottom - top) // tile)
    start = 0
    while start < tiles:
        held = min(tiles - start, rows_per_page * columns)
        rows = -(-held // columns)
        grid = PieceGrid(left, top, columns, rows, held, tile, tile, 0.0, 0.0)
        pages.append(PiecePage(grid, start, None))
        start += held
    after = top + pages[-1].tiles.rows * tile + BLOCK_GAP_MM if pages else top  # type: ignore[union-attr]
    if pages and after + objective_height <= bottom:
        last = pages[-1]
        pages[-1] = PiecePage(last.tiles, last.first_tile, objective_grid(after))
    else:
        pages.append(PiecePage(None, tiles, objective_grid(top + BLOCK_GAP_MM - 6.0)))
    return pages


def draw_piece_pages(
    sheet: Sheet,
    cell: float,
    tiles: Sequence[StepTile],
    tokens: Sequence[ObjectiveToken],
    players: int,
) -> list[Item]:
    """Draw every tile and objective from the current page on; one manifest item each. Ends no
    page after its last one."""
    pages = piece_pages(sheet.paper, cell, len(tiles), len(tokens))
    items: list[Item] = []
    for number, page in enumerate(pages, start=1):
        if number > 1:
            sheet.next_page()
        _heading(sheet, number, len(pages), players, len(tiles) // players)
        if page.tiles is not None:
            grid = page.tiles
            for index in range(grid.count):
                x, y = grid.trim(index)
                items.append(draw_tile(sheet, tiles[page.first_tile + index], x, y, cell))
            grid.crop_marks(sheet, clear=MARK_CLEAR_MM, length=MARK_LENGTH_MM)
        if page.objectives is not None:
            grid = page.objectives
            title_y = grid.top - OBJECTIVE_BLEED_MM - 5.0
            points = ", ".join(
                _("{colour} {points} ({pattern})").format(
                    colour=c.said, points=c.points, pattern=_(PATTERN_WORD[OBJECTIVE_PATTERN[c][0]])
                )
                for c in dict.fromkeys(DEFAULT_OBJECTIVES)
            )
            title = _("Objectives, two of each colour: {points}").format(points=points)
            room = sheet.paper.width - MIN_MARGIN_MM - 2.0 - text_width(title, 8.5, BOLD)
            sheet.text(min(grid.left, room), title_y, title, size=8.5, font=BOLD)
            for index, token in enumerate(tokens):
                x, y = grid.trim(index)
                items.append(draw_objective(sheet, token, x, y, cell))
            grid.crop_marks(sheet, clear=MARK_CLEAR_MM, length=MARK_LENGTH_MM)
    return items


def _heading(sheet: Sheet, page: int, pages: int, players: int, each: int) -> None:
    """The sheet's title and the players' colours with their patterns."""
    title = _("Patrolis — step tiles ({count} per player) and objectives").format(count=each)
    if pages > 1:
        title = _("Patrolis — step tiles ({count} per player) and objectives ({page} of {pages})")
        title = title.format(count=each, page=page, pages=pages)
    left = MIN_MARGIN_MM + 2.0
    sheet.text(left, MIN_MARGIN_MM + 5.0, title, size=11.0, font=BOLD)
    x = left
    for player in range(players):
        top = MIN_MARGIN_MM + 7.0
        sheet.rect(x, top, 6.4, 3.2, fill=Patrolis.PLAYER_TINT[player])
        with sheet.clip(x, top, 6.4, 3.2):
            draw_player_pattern(sheet, player, x, top, 6.4, 1.6)
        label = _("{number} {colour}: {pattern}").format(
            number=player + 1,
            colour=_(PLAYER_COLOUR[Patrolis.PLAYER_NAME[player]]),
            pattern=_(PATTERN_WORD[PLAYER_PATTERN[player]]),
        )
        sheet.text(x + 7.4, MIN_MARGIN_MM + 9.6, label, size=7.0, fill=SOFT_INK)
        x += 7.4 + text_width(label, 7.0) + 3.0
