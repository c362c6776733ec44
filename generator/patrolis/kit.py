"""The complete Patrolis kit: cover, rules, two maps as boards, step tiles and objectives.

Sheets, numbered from 1 as in the manifest:

1. the cover: the print-scale check, what the kit holds, how to make it, and both maps small with
   their seeded objective deals;
2. the rules (one or two sheets);
3. map 1's board: four sheets to assemble on A4 and Letter, one sheet on A3;
4. map 2's board, likewise;
5. the step tiles of every player and the eight objectives.

Output is reproducible: the same seed and options give byte-identical files. The kit prints two
different maps: ``generate_map(seed)`` and the map of the next seed that differs from it.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from generator.flow import brief_box, fill_columns
from generator.kit import manifest_bytes, refuse_overwrite, write_bytes
from generator.page import (
    A3,
    BOLD,
    FONT,
    GENERATOR,
    INK,
    MARGIN_MM,
    MM,
    SCALE_CHECK_MM,
    SOFT_INK,
    WHITE,
    Paper,
    Sheet,
    draw_scale_check,
    paper,
)
from generator.patrolis.map_drawing import draw_overview
from generator.patrolis.rules_sheet import Facts, draw_rules, rules_pages
from generator.patrolis.sheets import draw_board_sheet, place
from generator.patrolis.terrain import generate_map
from generator.patrolis.tiles import (
    LETTER_INK,
    draw_piece_pages,
    draw_shape,
    objectives,
    piece_pages,
    step_mix,
    tiles_for,
)
from patrolkit.errors import KitError, LayoutError
from patrolkit.games.patrolis import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    MIN_SIZE,
    STEPS_DEALT,
    Map,
    Objective,
    Shape,
    deal_objectives,
)
from patrolkit.manifest import Item, Manifest
from patrolkit.sizes import Patrolis

GAME: Final = "patrolis"
PAPER_NAMES: Final = ("a4", "letter", "a3")
OVERVIEW_SHARE: Final = 0.272
"""The small maps on the cover are at most this share of the page's width (cells of 3.3 mm on
A4, 4.6 mm on A3), less if the page's height or the map's size needs it."""

_BODY = ParagraphStyle(
    "pt-cover",
    fontName=FONT,
    bulletFontName=FONT,
    fontSize=8.8,
    leading=11.6,
    spaceAfter=3.4,
    textColor=INK,
)
_HEAD = ParagraphStyle(
    "pt-cover-head", parent=_BODY, fontName=BOLD, fontSize=11, leading=14, spaceBefore=4
)
_ITEM = ParagraphStyle("pt-cover-item", parent=_BODY, leftIndent=9, bulletIndent=1.5)

BRIEF: Final = (
    (
        "Goal",
        "collect objectives by running your track through their cells: blue 5 points, red 3, "
        "green 2, yellow 1.",
    ),
    (
        "A turn",
        "lay steps that continue your track (a new track starts at the board's edge), all on "
        "cells of one terrain: at most 1 on water, 2 on mountain, 3 on countryside, 5 on road. "
        "Road cells fit in a turn of any terrain.",
    ),
    (
        "Incidents",
        "pointing at a step that does not meet you: bump, start again from the edge. Meeting a "
        'loose end: join, both start again. A straight across your way: cross it with a "+"; '
        "the crossed track loses all its steps before, or all after, the crossing.",
    ),
    (
        "End",
        "when every objective is taken or nobody can lay a step. A round is one game per player.",
    ),
)


_ASSEMBLY: Final = (
    "Each map is four sheets that lap onto one another: cut each along its lines, keeping "
    "the grey glue strips, and lay the north-east and south-west sheets over the north-west "
    "one's strips, then the south-east sheet over theirs: each cut edge on the strip's line, "
    "each grid line on a tick. Each sheet says what to do with it."
)
_ASSEMBLY_SINGLE: Final = "Each map is one sheet: nothing to assemble, keep it flat."


@dataclass(frozen=True)
class KitMap:
    """One of the kit's two maps, the seed that made it and its objective deal."""

    number: int
    game_map: Map
    deal: tuple[Objective, ...]


def options(seed: int, paper_name: str, players: int, size: int) -> dict[str, object]:
    """The options in force, as the manifest records them."""
    return {"seed": seed, "paper": paper_name, "players": players, "size": size}


def kit_maps(seed: int, size: int) -> tuple[KitMap, KitMap]:
    """The two maps: ``seed``'s, and the next seed's that is a different map; each with the
    objective deal seeded by ``seed``."""
    first = generate_map(seed, size=size)
    other = seed + 1
    second = generate_map(other, size=size)
    while second.digest == first.digest:
        other += 1
        second = generate_map(other, size=size)
    return (
        KitMap(1, first, deal_objectives(first, seed)),
        KitMap(2, second, deal_objectives(second, seed)),
    )


def check_options(seed: object, paper_name: object, players: object, size: object) -> Paper:
    """The paper to print on; :class:`KitError` (one sentence) for any option that cannot be."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise KitError(f"A Patrolis kit's seed is a whole number from 0 up, not {seed!r}.")
    if not isinstance(paper_name, str):
        raise KitError(f"A paper size is a name ({', '.join(PAPER_NAMES)}), not {paper_name!r}.")
    sheet_paper = paper(paper_name, also=[A3])
    if isinstance(players, bool) or not isinstance(players, int):
        raise KitError(f"Players is a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}.")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise KitError(
            f"Patrolis is for {MIN_PLAYERS} to {MAX_PLAYERS} players; {players} is not possible."
        )
    cell = Patrolis.cell_mm(sheet_paper.name)
    largest = Patrolis.MAX_SIZE[cell]
    if isinstance(size, bool) or not isinstance(size, int) or not MIN_SIZE <= size <= largest:
        extra = " (A3 prints up to 24)" if sheet_paper.name != "a3" else ""
        raise KitError(
            f"On {sheet_paper.name.upper() if sheet_paper.name != 'letter' else 'Letter'} paper "
            f"a map is {MIN_SIZE} to {largest} cells a side{extra}, not {size!r}."
        )
    return sheet_paper


def render_kit(
    seed: int, paper_name: str = "a4", *, players: int = 2, size: int = 16
) -> tuple[bytes, Manifest]:
    """The kit's PDF and its manifest, in memory; :class:`KitError` for a bad option."""
    sheet_paper = check_options(seed, paper_name, players, size)
    cell = Patrolis.cell_mm(sheet_paper.name)
    try:
        maps = kit_maps(seed, size)
    except LayoutError as exc:
        raise KitError(str(exc)) from None
    plans = Patrolis.sheets(size, cell)
    placements = [place(sheet_paper, plan) for plan in plans]
    tiles = tiles_for(players)
    tokens = objectives()
    facts = Facts(players, STEPS_DEALT[players], tuple(step_mix(STEPS_DEALT[players]).items()))
    rules = rules_pages(facts, sheet_paper)
    pieces = len(piece_pages(sheet_paper, cell, len(tiles), len(tokens)))
    contents = _contents(rules, len(plans), pieces, players, size, cell)

    out = io.BytesIO()
    sheet = Sheet(
        out,
        sheet_paper,
        title="Patrolis — print-and-play kit",
        subject=f"Maps {maps[0].game_map.digest} and {maps[1].game_map.digest}, seed {seed}",
    )
    _cover(sheet, maps, contents, players, single=len(plans) == 1)
    sheet.next_page()
    draw_rules(sheet, facts)
    items: list[Item] = []
    for kit_map in maps:
        for placement in placements:
            sheet.next_page()
            items += draw_board_sheet(
                sheet, kit_map.game_map, kit_map.number, placement, len(placements)
            )
    sheet.next_page()
    items += draw_piece_pages(sheet, cell, tiles, tokens, players)
    pages = sheet.page
    sheet.save()

    manifest = Manifest(
        game=GAME,
        paper=sheet_paper.name,
        page_size=sheet_paper.size,
        pages=pages,
        options=options(seed, sheet_paper.name, players, size),
        layout=_layout(maps, cell, players),
        board=None,
        items=tuple(items),
        generator=GENERATOR,
    )
    return out.getvalue(), manifest


def write_kit(
    seed: int,
    out_dir: Path,
    *,
    paper: str = "a4",
    players: int = 2,
    size: int = 16,
    force: bool = False,
) -> tuple[Path, Path]:
    """Write out_dir/kit.pdf and out_dir/kit.json; raise :class:`KitError` (one sentence) if
    either exists and not ``force``, or an option is bad."""
    out_dir = Path(out_dir)
    pdf_path, json_path = out_dir / "kit.pdf", out_dir / "kit.json"
    check_options(seed, paper, players, size)
    refuse_overwrite([pdf_path, json_path], force=force)
    pdf, manifest = render_kit(seed, paper, players=players, size=size)
    write_bytes(pdf_path, pdf)
    write_bytes(json_path, manifest_bytes(manifest))
    return pdf_path, json_path


def _layout(maps: tuple[KitMap, KitMap], cell: float, players: int) -> dict[str, object]:
    """The maps, their deals and the printed geometry, as the manifest records them."""
    steps = STEPS_DEALT[players]
    return {
        "maps": [{"number": m.number, **m.game_map.to_json()} for m in maps],
        "deals": [
            {
                "map": m.number,
                "objectives": [
                    {
                        "cell": m.game_map.name(o.cell),
                        "colour": o.colour.value,
                        "points": o.colour.points,
                    }
                    for o in m.deal
                ],
            }
            for m in maps
        ],
        "cell_mm": cell,
        "sheets_per_side": Patrolis.sheets_per_side(maps[0].game_map.size, cell),
        "steps": {
            "per_player": steps,
            "mix": {shape.name.lower(): n for shape, n in step_mix(steps).items()},
        },
    }


# -- the cover ------------------------------------------------------------------------------------


def _sheets(first: int, count: int) -> str:
    return f"Sheet {first}" if count == 1 else f"Sheets {first}–{first + count - 1}"


def _contents(
    rules: int, board_sheets: int, pieces: int, players: int, size: int, cell: float
) -> list[str]:
    """The cover's list of sheets (paragraph markup)."""
    first_board = 2 + rules
    how = "one sheet" if board_sheets == 1 else f"{board_sheets} sheets to assemble"
    steps = STEPS_DEALT[players]
    mix = step_mix(steps)
    lines = [
        "<b>Sheet 1</b> — this cover: print check, the objective deals, making the kit.",
        f"<b>{_sheets(2, rules)}</b> — the rules, with pictures.",
    ]
    for number in (1, 2):
        start = first_board + (number - 1) * board_sheets
        lines.append(
            f"<b>{_sheets(start, board_sheets)}</b> — map {number}: {size} × {size} cells of "
            f"{cell:g} mm, {how}."
        )
    lines.append(
        f"<b>{_sheets(first_board + 2 * board_sheets, pieces)}</b> — {players} × {steps} step "
        f"tiles ({mix[Shape.STRAIGHT]} straights, {mix[Shape.CURVE]} curves, "
        f"{mix[Shape.CROSS]} crossings each) and 8 objectives."
    )
    return lines


def _cover(
    sheet: Sheet, maps: tuple[KitMap, KitMap], contents: list[str], players: int, *, single: bool
) -> None:
    width, height = sheet.paper.size
    left, right = MARGIN_MM, width - MARGIN_MM
    sheet.text(left, MARGIN_MM + 14, "Patrolis", size=34, font=BOLD)
    sheet.text(left, MARGIN_MM + 22.5, "Print-and-play kit", size=14, fill=SOFT_INK)
    for i, line in enumerate((f"{players} players (2 to 6)", "about 30 minutes", "age 8 and up")):
        sheet.text(right, MARGIN_MM + 12 + 5 * i, line, size=10, align="right")
    draw_scale_check(
        sheet, left, MARGIN_MM + 30, right - left, pieces="the board, the tiles and the objectives"
    )
    top = MARGIN_MM + 30 + SCALE_CHECK_MM + 7

    brief_top = _brief_top(sheet, left, height - MARGIN_MM - 6, right - left)
    note = Paragraph(
        "Or deal by hand: one player points at a letter, the next at a number, and an objective "
        "drawn at random goes on that cell.",
        ParagraphStyle("pt-deal-note", parent=_BODY, fontSize=7.6, leading=9.6),
    )
    size = maps[0].game_map.size
    largest = OVERVIEW_SHARE * (right - left) / 16
    deal_width = 16 * largest + 6 + 34
    note_height = note.wrap(deal_width * MM, 200 * MM)[1] / MM
    room = (brief_top - 3 - (top + 8) - note_height) / 2 - _DEAL_EXTRA_MM - 6
    cell = min(largest, room / size)
    deal_left = right - deal_width
    y = top
    sheet.text(deal_left, y + 4, "The objectives, dealt", size=11, font=BOLD)
    y += 8
    for kit_map in maps:
        y = _deal(sheet, kit_map, deal_left, y, cell) + 6
    note.drawOn(sheet.canvas, *sheet.point(deal_left, y + note_height))
    deal_bottom = y + note_height

    flow = [Paragraph("In this kit", _HEAD)]
    flow += [Paragraph(line, _ITEM, bulletText="•") for line in contents]
    flow += [
        Paragraph("Making the kit", _HEAD),
        Paragraph(
            "Print every sheet at actual size (check the ruler above). Print the tiles and "
            "objectives on card, or glue their sheet to card before cutting, so they lie flat. "
            "Cut them along the marks at the block's edges: every cut runs straight across the "
            "sheet.",
            _BODY,
        ),
        Paragraph(_ASSEMBLY_SINGLE if single else _ASSEMBLY, _BODY),
        Paragraph(
            "Keep the codes in the board's margins uncovered and unmarked: they tell a photo "
            "which map it shows and where every cell is.",
            _BODY,
        ),
    ]
    column_right = deal_left - 8
    fill_columns(sheet, flow, [(left, top, column_right - left, brief_top - 4 - top)])
    if flow:
        raise RuntimeError("the cover text does not fit its column")
    if deal_bottom > brief_top - 3:
        raise RuntimeError("the objective deals run into the brief")
    brief_box(sheet, left, height - MARGIN_MM - 6, right - left, BRIEF)
    sheet.text(
        width / 2, height - MARGIN_MM + 1, GENERATOR, size=6.5, fill=SOFT_INK, align="centre"
    )


def _brief_top(sheet: Sheet, x: float, bottom: float, width: float) -> float:
    """Where the brief box will start (it is laid out on scratch paper)."""
    scratch = Sheet(io.BytesIO(), sheet.paper, title="", subject="")
    return brief_box(scratch, x, bottom, width, BRIEF)


_DEAL_EXTRA_MM: Final = 6 + 5
"""A deal's height beyond its map's cells: its title above, the letters below."""


def _deal(sheet: Sheet, kit_map: KitMap, x: float, y: float, cell: float) -> float:
    """Map ``kit_map`` small (``cell`` mm cells) with its objectives on it, and their cells
    listed beside; returns the bottom."""
    game_map = kit_map.game_map
    title = f"Map {kit_map.number} · {game_map.digest} · seed {game_map.seed}"
    sheet.text(x, y + 3, title, size=8.6, font=BOLD)
    mx, my = x + 5, y + 6
    w, h = draw_overview(sheet, game_map, mx, my, cell)
    for objective in kit_map.deal:
        column, row = game_map.column(objective.cell), game_map.row(objective.cell)
        cx = mx + (column + 0.5) * cell
        cy = my + (game_map.size - 1 - row + 0.5) * cell
        ink = Patrolis.OBJECTIVE_INK[objective.colour.value]
        sheet.rect(
            cx - 0.46 * cell,
            cy - 0.46 * cell,
            0.92 * cell,
            0.92 * cell,
            fill=ink,
            stroke=WHITE,
            line=0.25,
        )
        draw_shape(sheet, objective.colour, cx, cy, 0.2 * cell, LETTER_INK[objective.colour])
    tx = mx + w + 4
    ty = my + 2.5
    sheet.text(tx, ty, "Objective", size=6.8, font=BOLD)
    sheet.text(tx + 26, ty, "Cell", size=6.8, font=BOLD, align="right")
    for k, objective in enumerate(kit_map.deal):
        row_y = ty + 4.2 * (k + 1)
        ink = Patrolis.OBJECTIVE_INK[objective.colour.value]
        sheet.rect(tx, row_y - 2.8, 3.4, 3.4, fill=ink)
        draw_shape(
            sheet, objective.colour, tx + 1.7, row_y - 1.1, 0.8, LETTER_INK[objective.colour]
        )
        sheet.text(
            tx + 4.6,
            row_y,
            f"{objective.colour.word} {objective.colour.points}",
            size=7.2,
        )
        sheet.text(
            tx + 26, row_y, game_map.name(objective.cell), size=7.6, font=BOLD, align="right"
        )
    return my + h + 5
