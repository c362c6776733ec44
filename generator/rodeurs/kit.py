"""The complete Rôdeurs kit (cover, board, pawn tokens, rules) and batches of boards.

Sheets, numbered from 1 as in the manifest:

1. the cover: what the kit holds, the layout and its set-up, the print-scale check;
2. the board;
3. the 56 pawn tokens (a second token sheet only if a paper could not hold them all);
4. and on: the rules.

Output is reproducible: the same layout and paper give byte-identical files.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from reportlab.platypus import Paragraph

from generator.flow import brief_box
from generator.frame import (
    SCALE_CHECK_MM,
    CoverStyles,
    KitDocument,
    draw_cover_title,
    draw_generator_line,
    draw_scale_check,
    fill_cover_column,
    refuse_overwrite,
    sheets_text,
    write_bytes,
    write_kit_files,
)
from generator.page import BOLD, MARGIN_MM, SOFT_INK, Sheet, paper
from generator.rodeurs.board import (
    PAWN_LETTER,
    draw_board,
    grid_origin,
    jumps_text,
    layout_text,
    mix_text,
)
from generator.rodeurs.diagrams import board_picture, draw_picture
from generator.rodeurs.rules_sheet import Facts, draw_rules, rules_pages
from generator.rodeurs.tokens import draw_token_pages, page_grids, pawns_for
from patrolkit.games.rodeurs import Layout
from patrolkit.manifest import BoardGeometry, Box, Item, Manifest

SETUP_CELL_MM: Final = 10.5
COVER: Final = CoverStyles.of(
    "cover", size=9.2, leading=12.4, after=4, head_before=5, item_after=2.5
)


def options(layout: Layout) -> dict[str, object]:
    """The options in force, as the manifest records them."""
    return {
        "diagonal": layout.board.diagonal,
        "layout": layout.name,
        "seed": layout.seed,
        "mix": {PAWN_LETTER[colour]: n for colour, n in layout.mix.items()},
    }


def layout_record(layout: Layout) -> dict[str, object]:
    """The layout as the manifest records it: enough to rebuild the board and the start."""
    return {
        "name": layout.name,
        "seed": layout.seed,
        "board": layout.board.code,
        "cells": layout.board.drawing().split("\n"),
        "start": layout.state.text,
    }


def render_kit(layout: Layout, paper_name: str = "a4") -> tuple[bytes, Manifest]:
    """The kit's PDF and its manifest, in memory; :class:`KitError` for an unknown paper."""
    sheet_paper = paper(paper_name)
    pawns = pawns_for(layout)
    facts = Facts.of(layout)
    token_sheets = len(page_grids(sheet_paper, len(pawns)))
    contents = _contents(layout, len(pawns), token_sheets, rules_pages(facts, sheet_paper))
    kit = KitDocument(
        "Rôdeurs", sheet_paper, f"Layout {layout_text(layout)}, board {layout.board.code}"
    )
    sheet = kit.sheet
    _cover(sheet, layout, contents)
    sheet.next_page()
    board = draw_board(sheet, layout, grid_origin(sheet_paper))
    sheet.next_page()
    tokens = draw_token_pages(
        sheet, pawns, f"Rôdeurs — {len(pawns)} pawn tokens ({mix_text(layout)})"
    )
    sheet.next_page()
    draw_rules(sheet, facts)
    board_item = Item(
        id="board",
        role="board",
        sheet=board.sheet,
        cut=Box(0.0, 0.0, sheet_paper.width, sheet_paper.height),
        attrs={"code": layout.board.code, "diagonal": layout.board.diagonal},
    )
    return kit.finish(
        game="rodeurs",
        options=options(layout),
        layout=layout_record(layout),
        items=(board_item, *tokens),
        board=board,
    )


def write_kit(
    layout: Layout, out_dir: Path, *, paper: str = "a4", force: bool = False
) -> tuple[Path, Path]:
    """Write out_dir/kit.pdf and out_dir/kit.json; raise patrolkit.errors.KitError (one sentence)
    if either exists and not force, or paper unknown."""
    return write_kit_files(out_dir, lambda: render_kit(layout, paper), force=force)


def render_board_batch(
    layouts: Sequence[Layout],
    paper_name: str = "a4",
    progress: Callable[[int, int], None] | None = None,
) -> tuple[bytes, list[BoardGeometry]]:
    """One PDF with the index first and then one board page per layout, in memory."""
    if not layouts:
        raise ValueError("a batch needs at least one layout")
    sheet_paper = paper(paper_name)
    out = io.BytesIO()
    sheet = Sheet(out, sheet_paper, title="Rôdeurs — boards", subject=_count(len(layouts), "board"))
    chunks = _index_chunks(len(layouts), sheet_paper.height)
    first_board = len(chunks) + 1
    for page, (start, stop) in enumerate(chunks, start=1):
        if page > 1:
            sheet.next_page()
        _index_page(sheet, layouts, page, range(start, stop), first_board)
    boards = []
    for done, layout in enumerate(layouts, start=1):
        sheet.next_page()
        boards.append(draw_board(sheet, layout, grid_origin(sheet_paper)))
        if progress is not None:
            progress(done, len(layouts))
    sheet.save()
    return out.getvalue(), boards


def write_board_batch(
    layouts: Sequence[Layout],
    path: Path,
    *,
    paper: str = "a4",
    force: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> Path:
    """One PDF with one board page per layout (page one: ruler + notice + index of layouts),
    calling progress(done, total)."""
    path = Path(path)
    refuse_overwrite([path], force=force)
    pdf, _ = render_board_batch(layouts, paper, progress)
    write_bytes(path, pdf)
    return path


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' * (n != 1)}"


# -- the cover ------------------------------------------------------------------------------------


def _contents(layout: Layout, pawns: int, token_sheets: int, rules_sheets: int) -> list[str]:
    """The cover's list of sheets (paragraph markup)."""
    return [
        "<b>Sheet 1</b> — this cover: set-up and print check.",
        "<b>Sheet 2</b> — the board, 7 × 9 cells of 25 mm.",
        f"<b>{sheets_text(3, token_sheets)}</b> — {pawns} pawn tokens of 21 mm: "
        f"{mix_text(layout)}.",
        f"<b>{sheets_text(3 + token_sheets, rules_sheets)}</b> — the rules, with pictures.",
    ]


def _cover(sheet: Sheet, layout: Layout, contents: list[str]) -> None:
    width, height = sheet.paper.size
    left, right = MARGIN_MM, width - MARGIN_MM
    top = draw_cover_title(sheet, "Rôdeurs", ("2 players", "about 10 minutes", "age 8 and up"))

    picture = board_picture(layout.board, layout.start)
    board_w = picture.columns * SETUP_CELL_MM
    board_h = picture.rows * SETUP_CELL_MM
    px = right - board_w
    sheet.text(px - 5, top + 4, "Set-up", size=11, font=BOLD)
    draw_picture(sheet, picture, px, top + 8, SETUP_CELL_MM, labels=True)
    caption = (
        "A pawn of the colour shown on every white and",
        "black cell; the grey row starts empty. The board",
        "repeats each colour in a disc in the cell's corner.",
    )
    for i, line in enumerate(caption):
        sheet.text(px - 5, top + 8 + board_h + 8 + 3.6 * i, line, size=7.3, fill=SOFT_INK)
    setup_bottom = top + 8 + board_h + 8 + 3.6 * len(caption)

    flow = COVER.contents(contents)
    flow += [
        Paragraph("This board", COVER.head),
        COVER.bullet(f"<b>Board code:</b> {layout.board.code}"),
        COVER.bullet(f"<b>Layout:</b> {layout_text(layout)}"),
        COVER.bullet(f"<b>Jumps:</b> {jumps_text(layout.board.diagonal)}"),
        COVER.bullet(f"<b>Pawns:</b> {mix_text(layout)}"),
        Paragraph("Making the kit", COVER.head),
        Paragraph(
            "Print every sheet at actual size (check the ruler above). Print the tokens on card, "
            "or glue their sheet to card before cutting, so they lie flat.",
            COVER.body,
        ),
        Paragraph(
            "Cut the tokens along the marks at the sheet's edges: every cut runs straight across "
            "the sheet, between the tokens. Their colour runs past the cut, so a slightly crooked "
            "cut still looks clean.",
            COVER.body,
        ),
        Paragraph(
            "Keep the board flat, and its four corner codes uncovered and unmarked: they tell a "
            "photo which board it shows and which rules apply.",
            COVER.body,
        ),
    ]
    fill_cover_column(sheet, flow, (left, top, px - 12 - left, setup_bottom - top))
    if setup_bottom > sheet.paper.height - MARGIN_MM - 60:
        raise RuntimeError("the set-up picture runs into the brief")
    _brief(sheet, left, height - MARGIN_MM - 6, right - left)
    draw_generator_line(sheet)


def _brief(sheet: Sheet, x: float, bottom: float, width: float) -> None:
    """The game on one card, ending at ``bottom``: a reminder for the table."""
    lines = (
        ("Goal", "when no jump is left, have the fewest points in your district."),
        ("Districts", "white cells: first player; black cells: second player; grey row: nobody."),
        (
            "A jump",
            "any pawn, in a straight line, over a neighbouring pawn onto the empty cell just "
            "beyond it; the jumped pawn leaves the board.",
        ),
        (
            "Turns",
            "the first turn is one jump. Every later turn is either two jumps, or a multi-jump: "
            "one pawn jumping again and again, as long as you like.",
        ),
        (
            "Score",
            "each pawn in your district costs green 1, yellow 2, red 3. Fewest points wins; on a "
            "tie, more red loses, then more yellow; otherwise it is a draw.",
        ),
    )
    brief_box(sheet, x, bottom, width, lines)


# -- the index of a batch -------------------------------------------------------------------------

_INDEX_ROW_MM: Final = 5.2
_INDEX_COLUMNS: Final = (
    ("#", 0.0),
    ("Page", 10.0),
    ("Layout", 23.0),
    ("Board", 73.0),
    ("Jumps", 92.0),
    ("Pawns", 146.0),
)


def _index_top(page: int) -> float:
    """Baseline of the index's header row on its ``page`` (1 = the page with the ruler)."""
    return MARGIN_MM + (16 + SCALE_CHECK_MM + 7 if page == 1 else 16)


def _index_chunks(count: int, page_height: float) -> list[tuple[int, int]]:
    """Which layouts each index page lists: ``(start, stop)`` per page."""
    chunks: list[tuple[int, int]] = []
    start = 0
    while start < count:
        page = len(chunks) + 1
        capacity = int((page_height - MARGIN_MM - 8 - _index_top(page)) // _INDEX_ROW_MM)
        chunks.append((start, min(count, start + capacity)))
        start += capacity
    return chunks


def _index_page(
    sheet: Sheet, layouts: Sequence[Layout], page: int, numbers: range, first_board: int
) -> None:
    width = sheet.paper.width
    left = MARGIN_MM
    if page == 1:
        sheet.text(left, MARGIN_MM + 10, "Rôdeurs — boards", size=22, font=BOLD)
        sheet.text(
            width - MARGIN_MM, MARGIN_MM + 10, _count(len(layouts), "board"), size=10, align="right"
        )
        draw_scale_check(sheet, left, MARGIN_MM + 16, width - 2 * MARGIN_MM)
    else:
        sheet.text(left, MARGIN_MM + 8, "Rôdeurs — boards: index, continued", size=12, font=BOLD)
    top = _index_top(page)
    for name, x in _INDEX_COLUMNS:
        sheet.text(left + 1.5 + x, top, name, size=7.8, font=BOLD)
    sheet.line(left, top + 1.4, width - MARGIN_MM, top + 1.4, width=0.3)
    for row, number in enumerate(numbers, start=1):
        layout = layouts[number]
        y = top + row * _INDEX_ROW_MM
        if row % 2:
            sheet.rect(left, y - 3.6, width - 2 * MARGIN_MM, _INDEX_ROW_MM, fill="#EFEFEF")
        cells = (
            str(number + 1),
            str(first_board + number),
            layout_text(layout),
            layout.board.code,
            jumps_text(layout.board.diagonal),
            mix_text(layout),
        )
        for (_, x), text in zip(_INDEX_COLUMNS, cells, strict=True):
            sheet.text(left + 1.5 + x, y, text, size=7.8)
    draw_generator_line(sheet)
