"""The complete Patrolis kit: cover, rules, two maps (or one) as boards, step tiles and objectives.

Sheets, numbered from 1 as in the manifest:

1. the cover: the print-scale check, what the kit holds, how to make it, and the maps small with
   their seeded objective deals;
2. the rules (one or two sheets);
3. map 1's board: four sheets to assemble on A4 and Letter, one sheet on A3;
4. map 2's board, likewise (unless the kit prints one map);
5. the step tiles of every player and the eight objectives.

An A3 kit prints only its maps on A3; the cover, the rules and the tiles and objectives (still
17 mm, the size of its cells) go on A4 (see :class:`generator.page.KitPapers`).

Output is reproducible: the same seed and options give byte-identical files. The kit prints two
different maps: ``generate_map(seed)`` and the map of the next seed that differs from it; with
``maps=1``, only the first (one map's board sheets fewer).
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from generator.frame import KitDocument, paper_note, write_kit_files
from generator.page import A3, KitPapers, Paper, paper
from generator.page import ink as ink_named
from generator.patrolis.cover import cover_contents, draw_cover
from generator.patrolis.deals import KitMap, kit_maps
from generator.patrolis.piece_pages import draw_piece_pages, piece_pages
from generator.patrolis.placement import place
from generator.patrolis.rules_sheet import Facts, draw_rules, rules_pages
from generator.patrolis.sheets import draw_board_sheet
from generator.patrolis.tiles import objectives, tiles_for
from patrolkit.errors import KitError, LayoutError
from patrolkit.games.patrolis import MAX_PLAYERS, MIN_PLAYERS, MIN_SIZE, STEPS_DEALT, step_mix
from patrolkit.i18n import _
from patrolkit.manifest import Item, Manifest
from patrolkit.sizes import Patrolis

GAME: Final = "patrolis"
PAPER_NAMES: Final = ("a4", "letter", "a3")
MAP_COUNTS: Final = (1, 2)


def options(
    seed: int, paper_name: str, players: int, size: int, maps: int = 2
) -> dict[str, object]:
    """The options in force, as the manifest records them (``maps`` only when it is not the
    usual two, so a two-map kit's manifest reads as it always has)."""
    recorded: dict[str, object] = {"seed": seed, "paper": paper_name, "players": players}
    recorded["size"] = size
    if maps != 2:
        recorded["maps"] = maps
    return recorded


def check_options(
    seed: object, paper_name: object, players: object, size: object, maps: object = 2
) -> Paper:
    """The paper to print on; :class:`KitError` (one sentence) for any option that cannot be."""
    if isinstance(maps, bool) or maps not in MAP_COUNTS:
        raise KitError(
            _("A Patrolis kit prints one map or two, not {maps}.").format(maps=repr(maps))
        )
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise KitError(
            _("A Patrolis kit's seed is a whole number from 0 up, not {seed}.").format(
                seed=repr(seed)
            )
        )
    if not isinstance(paper_name, str):
        raise KitError(
            _("A paper size is a name ({names}), not {paper}.").format(
                names=", ".join(PAPER_NAMES), paper=repr(paper_name)
            )
        )
    sheet_paper = paper(paper_name, also=[A3])
    if isinstance(players, bool) or not isinstance(players, int):
        raise KitError(
            _("Players is a whole number from {least} to {most}.").format(
                least=MIN_PLAYERS, most=MAX_PLAYERS
            )
        )
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise KitError(
            _("Patrolis is for {least} to {most} players; {count} is not possible.").format(
                least=MIN_PLAYERS, most=MAX_PLAYERS, count=players
            )
        )
    cell = Patrolis.cell_mm(sheet_paper.name)
    largest = Patrolis.MAX_SIZE[cell]
    if isinstance(size, bool) or not isinstance(size, int) or not MIN_SIZE <= size <= largest:
        name = sheet_paper.name.upper() if sheet_paper.name != "letter" else "Letter"
        if sheet_paper.name != "a3":
            text = _(
                "On {paper} paper a map is {least} to {most} cells a side (A3 prints up to 24),"
                " not {size}."
            )
        else:
            text = _("On {paper} paper a map is {least} to {most} cells a side, not {size}.")
        raise KitError(text.format(paper=name, least=MIN_SIZE, most=largest, size=repr(size)))
    return sheet_paper


def render_kit(
    seed: int,
    paper_name: str = "a4",
    *,
    players: int = 2,
    size: int = 16,
    maps: int = 2,
    ink: str = "normal",
) -> tuple[bytes, Manifest]:
    """The kit's PDF and its manifest, in memory; :class:`KitError` for a bad option. ``maps``:
    print two maps (the default) or one; ``ink``: ``normal`` or ``low`` (light terrain with the
    same patterns, pieces in outline; the codes unchanged)."""
    sheet_paper = check_options(seed, paper_name, players, size, maps)
    ink_mode = ink_named(ink)
    map_count = maps
    cell = Patrolis.cell_mm(sheet_paper.name)
    try:
        kit_map_list = kit_maps(seed, size, map_count)
    except LayoutError as exc:
        raise KitError(str(exc)) from None
    papers = KitPapers.of(sheet_paper)
    plans = Patrolis.sheets(size, cell)
    placements = [place(papers.board, plan) for plan in plans]
    tiles = tiles_for(players)
    tokens = objectives()
    steps = STEPS_DEALT[players]
    facts = Facts(players, steps, tuple(step_mix(steps).items()), map_count)
    rules = rules_pages(facts, papers.rest)
    pieces = len(piece_pages(papers.rest, cell, len(tiles), len(tokens)))
    contents = cover_contents(rules, len(plans), pieces, players, size, cell, map_count)
    note = paper_note(
        papers, 2 + rules, map_count * len(plans), _("the maps") if map_count > 1 else _("the map")
    )

    digests = kit_map_list[0].game_map.digest
    for later in kit_map_list[1:]:
        digests = _("{first} and {second}").format(first=digests, second=later.game_map.digest)
    kit = KitDocument(
        "Patrolis",
        sheet_paper,
        (
            _("Maps {digests}, seed {seed}") if map_count > 1 else _("Map {digests}, seed {seed}")
        ).format(digests=digests, seed=seed),
        ink_mode,
    )
    sheet = kit.sheet
    draw_cover(sheet, kit_map_list, contents, players, single=len(plans) == 1, paper=note)
    sheet.next_page()
    draw_rules(sheet, facts)
    items: list[Item] = []
    for kit_map in kit_map_list:
        for placement in placements:
            sheet.next_page(papers.board)
            items += draw_board_sheet(
                sheet, kit_map.game_map, kit_map.number, placement, len(placements)
            )
    sheet.next_page(papers.rest)
    items += draw_piece_pages(sheet, cell, tiles, tokens, players)
    return kit.finish(
        game=GAME,
        options=options(seed, sheet_paper.name, players, size, map_count),
        layout=_layout(kit_map_list, cell, players),
        items=items,
    )


def write_kit(
    seed: int,
    out_dir: Path,
    *,
    paper: str = "a4",
    players: int = 2,
    size: int = 16,
    maps: int = 2,
    force: bool = False,
    ink: str = "normal",
) -> tuple[Path, Path]:
    """Write out_dir/kit.pdf and out_dir/kit.json; raise :class:`KitError` (one sentence) if
    either exists and not ``force``, or an option is bad. ``maps``: two maps or one; ``ink``:
    ``normal`` or ``low``."""
    check_options(seed, paper, players, size, maps)
    ink_named(ink)
    return write_kit_files(
        out_dir,
        lambda: render_kit(seed, paper, players=players, size=size, maps=maps, ink=ink),
        force=force,
    )


def _layout(maps: tuple[KitMap, ...], cell: float, players: int) -> dict[str, object]:
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
