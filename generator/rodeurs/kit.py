"""The complete Rôdeurs kit (cover, board, pawn tokens, rules); batches of boards are in
:mod:`generator.rodeurs.batch`.

Sheets, numbered from 1 as in the manifest:

1. the cover: what the kit holds, the layout and its set-up, the print-scale check;
2. the board;
3. the 56 pawn tokens (a second token sheet only if a paper could not hold them all);
4. and on: the rules.

Output is reproducible: the same layout and paper give byte-identical files. A rated kit
(``kit --rated``) also prints the board's fairness rating and records it in ``kit.json``
(``layout.rating``); its PDF is reproducible too, its ``kit.json`` but for the rating's seconds.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final
from xml.sax.saxutils import escape

from reportlab.platypus import Paragraph

from generator.flow import brief_box
from generator.frame import (
    CoverStyles,
    KitDocument,
    draw_cover_title,
    draw_generator_line,
    fill_cover_column,
    sheets_text,
    write_kit_files,
)
from generator.page import BOLD, FONT, GENERATOR, MARGIN_MM, SOFT_INK, Ink, Sheet, paper, text_width
from generator.page import ink as ink_named
from generator.rodeurs.balanced import HIGH, LOW, Balanced
from generator.rodeurs.batch import render_board_batch as render_board_batch
from generator.rodeurs.batch import write_board_batch as write_board_batch
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
from patrolkit.atomic import write_folder
from patrolkit.games.rodeurs import Layout
from patrolkit.games.rodeurs.fairness import Rating
from patrolkit.i18n import N_, _
from patrolkit.manifest import Box, Item, Manifest

SETUP_CELL_MM: Final = 10.5
SETUP_CAPTION_SIZE: Final = 7.3
SETUP_CAPTION_MM: Final = 63.0
"""The set-up picture's caption is broken into lines this wide (its text starts 5 mm left of the
picture and stays well inside the picture's width)."""
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


def layout_record(layout: Layout, rating: Rating | None = None) -> dict[str, object]:
    """The layout as the manifest records it: enough to rebuild the board and the start, and
    the board's fairness rating if it was rated (as ``patrolkit rate rodeurs --json`` prints
    it)."""
    record: dict[str, object] = {
        "name": layout.name,
        "seed": layout.seed,
        "board": layout.board.code,
        "cells": layout.board.drawing().split("\n"),
        "start": layout.state.text,
    }
    if rating is not None:
        record["rating"] = rating.to_json()
    return record


def render_kit(
    layout: Layout, paper_name: str = "a4", rating: Rating | None = None, *, ink: str = "normal"
) -> tuple[bytes, Manifest]:
    """The kit's PDF and its manifest, in memory, with ``rating`` printed on the board and
    recorded if given; :class:`KitError` for an unknown paper or ink. ``ink``: ``normal`` or
    ``low`` (the board's dark cells and the pictures' in light tints, tokens without bleed)."""
    sheet_paper = paper(paper_name)
    ink_mode = ink_named(ink)
    pawns = pawns_for(layout)
    facts = Facts.of(layout)
    token_sheets = len(page_grids(sheet_paper, len(pawns)))
    contents = _contents(layout, len(pawns), token_sheets, rules_pages(facts, sheet_paper))
    kit = KitDocument(
        "Rôdeurs",
        sheet_paper,
        _("Layout {layout}, board {code}").format(
            layout=layout_text(layout), code=layout.board.code
        ),
        ink_mode,
    )
    sheet = kit.sheet
    _cover(sheet, layout, contents)
    sheet.next_page()
    board = draw_board(sheet, layout, grid_origin(sheet_paper), rating)
    sheet.next_page()
    tokens = draw_token_pages(
        sheet,
        pawns,
        _("Rôdeurs — {count} pawn tokens ({mix})").format(count=len(pawns), mix=mix_text(layout)),
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
        layout=layout_record(layout, rating),
        items=(board_item, *tokens),
        board=board,
    )


def write_kit(
    layout: Layout,
    out_dir: Path,
    *,
    paper: str = "a4",
    force: bool = False,
    rate: Callable[[], Rating] | None = None,
    ink: str = "normal",
) -> tuple[Path, Path]:
    """Write out_dir/kit.pdf and out_dir/kit.json; raise patrolkit.errors.KitError (one sentence)
    if either exists and not force (checked before anything is played or drawn), or paper
    unknown. ``rate``, if given, rates the board for the kit to print and record; ``ink``:
    ``normal`` or ``low``."""
    paper_name = paper
    ink_named(ink)

    def render() -> tuple[bytes, Manifest]:
        return render_kit(layout, paper_name, None if rate is None else rate(), ink=ink)

    return write_kit_files(out_dir, render, force=force)


# -- balanced boards ------------------------------------------------------------------------------

BALANCED_FILES: Final = ("boards.pdf", "boards.json")
"""A balanced batch's folder: the boards, each with its rating printed, and their record."""


def balanced_record(draw: Balanced, pdf: tuple[bytes, list[Any]], paper_name: str) -> bytes:
    """``boards.json``: how the boards were drawn and, per board, its page, layout and rating
    (each rating as ``patrolkit rate rodeurs --json`` prints it)."""
    _pdf, geometries = pdf
    record = {
        "game": "rodeurs",
        "paper": paper_name,
        "generator": GENERATOR,
        "balanced": {
            "low": LOW,
            "high": HIGH,
            "games": draw.games,
            "levels": [draw.level, draw.level],
            "play_seed": draw.seed,
            "drawn": draw.drawn,
            "kept": len(draw.boards),
            "seconds": round(draw.seconds, 1),
            "rejected": [rejected.to_json() for rejected in draw.rejected],
        },
        "boards": [
            {
                "page": geometry.sheet,
                "options": options(layout),
                "layout": layout_record(layout, rating),
            }
            for (layout, rating), geometry in zip(draw.boards, geometries, strict=True)
        ],
    }
    return (json.dumps(record, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def write_balanced_boards(
    folder: Path,
    draw: Callable[[], Balanced],
    *,
    paper: str = "a4",
    force: bool = False,
) -> tuple[Balanced, tuple[Path, ...]]:
    """Write ``folder``/boards.pdf (the boards ``draw()`` keeps, each with its rating printed)
    and ``folder``/boards.json (their ratings), whole or not at all; :class:`KitError` before
    anything is rated if either exists and not ``force``."""
    paper_name = _paper_name(paper)
    kept: list[Balanced] = []

    def files() -> dict[str, bytes]:
        balanced = draw()
        kept.append(balanced)
        layouts = [layout for layout, _ in balanced.boards]
        ratings = [rating for _, rating in balanced.boards]
        pdf = render_board_batch(layouts, paper_name, ratings=ratings)
        return {"boards.pdf": pdf[0], "boards.json": balanced_record(balanced, pdf, paper_name)}

    paths = write_folder(Path(folder), BALANCED_FILES, files, force=force)
    return kept[0], paths


def _paper_name(name: str) -> str:
    """``name`` if it is a paper size we print on; :class:`KitError` otherwise."""
    return paper(name).name


# -- the cover ------------------------------------------------------------------------------------


def _contents(layout: Layout, pawns: int, token_sheets: int, rules_sheets: int) -> list[str]:
    """The cover's list of sheets (paragraph markup)."""
    return [
        _("<b>Sheet 1</b> — this cover: set-up and print check."),
        _("<b>Sheet 2</b> — the board, 7 × 9 cells of 25 mm."),
        _("<b>{sheets}</b> — {count} pawn tokens of 21 mm: {mix}.").format(
            sheets=sheets_text(3, token_sheets), count=pawns, mix=mix_text(layout)
        ),
        _("<b>{sheets}</b> — the rules, with pictures.").format(
            sheets=sheets_text(3 + token_sheets, rules_sheets)
        ),
    ]


ANOTHER_BOARD: Final = N_(
    "<b>Another board:</b> this one was drawn at random. Any other board is as legal if every "
    "cell faces one of the other colour across the grey row and each such pair starts with two "
    "pawns of the same colour."
)
"""What a random kit's cover says makes another board legal (the rules' start position)."""


def _cover(sheet: Sheet, layout: Layout, contents: list[str]) -> None:
    width, height = sheet.paper.size
    left, right = MARGIN_MM, width - MARGIN_MM
    top = draw_cover_title(
        sheet, "Rôdeurs", (_("2 players"), _("about 10 minutes"), _("age 8 and up"))
    )

    picture = board_picture(layout.board, layout.start)
    board_w = picture.columns * SETUP_CELL_MM
    board_h = picture.rows * SETUP_CELL_MM
    px = right - board_w
    sheet.text(px - 5, top + 4, _("Set-up"), size=11, font=BOLD)
    draw_picture(sheet, picture, px, top + 8, SETUP_CELL_MM, labels=True)
    caption = wrapped(
        _(
            "A pawn of the colour shown on every white and black cell; the grey row starts empty."
            " The board repeats each colour in a disc in the cell's corner."
        ),
        SETUP_CAPTION_SIZE,
        SETUP_CAPTION_MM,
    )
    for i, line in enumerate(caption):
        sheet.text(
            px - 5, top + 8 + board_h + 8 + 3.6 * i, line, size=SETUP_CAPTION_SIZE, fill=SOFT_INK
        )
    setup_bottom = top + 8 + board_h + 8 + 3.6 * len(caption)

    flow = COVER.contents(contents)
    flow += [
        Paragraph(_("This board"), COVER.head),
        COVER.bullet(_("<b>Board code:</b> {code}").format(code=layout.board.code)),
        COVER.bullet(_("<b>Layout:</b> {layout}").format(layout=escape(layout_text(layout)))),
        COVER.bullet(_("<b>Jumps:</b> {jumps}").format(jumps=jumps_text(layout.board.diagonal))),
        COVER.bullet(_("<b>Pawns:</b> {mix}").format(mix=mix_text(layout))),
        *([COVER.bullet(_(ANOTHER_BOARD))] if layout.seed is not None else []),
        Paragraph(_("Making the kit"), COVER.head),
        Paragraph(
            _(
                "Print every sheet at actual size (check the ruler above). Print the tokens on "
                "card, or glue their sheet to card before cutting, so they lie flat."
            ),
            COVER.body,
        ),
        Paragraph(
            _(
                "Cut the tokens along the marks at the sheet's edges: every cut runs straight "
                "across the sheet, between the tokens. Their colour runs past the cut, so a "
                "slightly crooked cut still looks clean."
            )
            if sheet.ink is Ink.NORMAL
            else _(
                "Cut the tokens along the marks at the sheet's edges: every cut runs straight "
                "across the sheet, between the tokens. To save ink their colour stops at the cut: "
                "cut on the line."
            ),
            COVER.body,
        ),
        Paragraph(
            _(
                "Keep the board flat, and its four corner codes uncovered and unmarked: they tell "
                "a photo which board it shows and which rules apply."
            ),
            COVER.body,
        ),
    ]
    # The text runs beside the set-up picture and, if it needs to, on below it to the brief.
    brief_top = _brief(Sheet.scratch(sheet.paper), left, height - MARGIN_MM - 6, right - left)
    column_bottom = max(setup_bottom, brief_top - 4)
    fill_cover_column(sheet, flow, (left, top, px - 12 - left, column_bottom - top))
    if setup_bottom > sheet.paper.height - MARGIN_MM - 60:
        raise RuntimeError("the set-up picture runs into the brief")
    _brief(sheet, left, height - MARGIN_MM - 6, right - left)
    draw_generator_line(sheet)


def _brief(sheet: Sheet, x: float, bottom: float, width: float) -> float:
    """The game on one card, ending at ``bottom``: a reminder for the table. Returns its top."""
    lines = (
        (_("Goal"), _("when no jump is left, have the fewest points in your district.")),
        (
            _("Districts"),
            _("white cells: first player; black cells: second player; grey row: nobody."),
        ),
        (
            _("A jump"),
            _(
                "any pawn, in a straight line, over a neighbouring pawn onto the empty cell just "
                "beyond it; the jumped pawn leaves the board."
            ),
        ),
        (
            _("Turns"),
            _(
                "the first turn is one jump. Every later turn is either two jumps, or a "
                "multi-jump: one pawn jumping again and again, as long as you like."
            ),
        ),
        (
            _("Score"),
            _(
                "each pawn in your district costs green 1, yellow 2, red 3. Fewest points wins; "
                "on a tie, more red loses, then more yellow; otherwise it is a draw."
            ),
        ),
    )
    return brief_box(sheet, x, bottom, width, lines)


def wrapped(text: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines of at most ``width`` mm at ``size`` points (plain font)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, FONT) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines
