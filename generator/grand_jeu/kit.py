"""The complete kit of Le grand jeu des patrouilles: cover, rules, the board with its prisons, the
scouts and the foulard tokens.

Sheets, numbered from 1 as in the manifest:

1. the cover: the print-scale check, what the kit holds, a scout at full size with its marks
   named, how to make the kit and the options it was printed with;
2. the rules (one sheet, two at most), with diagrams of a capture and of the costs next to
   enemies;
3. the board: four sheets to assemble, or one A3 sheet for the 8 x 8 board; each patrol's prison
   is printed beside it;
4. the scouts of every patrol and the 4 foulard tokens.

An A3 kit prints only its board on A3 (one sheet for the 8 x 8 board, four for the 10 x 10);
the cover, the rules and the scouts go on A4 (see :class:`generator.page.KitPapers`).

Output is reproducible: the same options give byte-identical files. The kit's code, which every
scout and corner code carries, is drawn from the seed and the number of patrols, so two kits
printed with different seeds never mix their scouts unnoticed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from generator.frame import KitDocument, paper_note, sheets_text, write_kit_files
from generator.grand_jeu.board import draw_board_sheet, place
from generator.grand_jeu.cover import draw_cover
from generator.grand_jeu.rules_sheet import draw_rules, rules_pages
from generator.grand_jeu.tokens import ARROW_WORDS, draw_scout_page, patrol_name, scouts_for
from generator.page import A3, Paper, paper
from generator.page import ink as ink_named
from patrolkit.codes import BASE36
from patrolkit.errors import KitError
from patrolkit.games.grand_jeu import DEFAULT_ARROWS
from patrolkit.i18n import _
from patrolkit.manifest import Item, Manifest
from patrolkit.sizes.grand_jeu import SEATS, GrandJeu

GAME: Final = "grand-jeu"
PAPER_NAMES: Final = ("a4", "letter", "a3")
FOULARDS: Final = 4


def kit_code(seed: int, players: int) -> str:
    """The kit's six-character code, drawn from its seed and number of patrols.

    >>> kit_code(0, 2) == kit_code(0, 2) != kit_code(1, 2)
    True
    """
    digest = hashlib.sha256(f"grand-jeu:{seed}:{players}".encode()).digest()
    number = int.from_bytes(digest[:8], "big")
    digits = []
    for _digit in range(6):
        number, digit = divmod(number, 36)
        digits.append(BASE36[digit])
    return "".join(digits)


def check_options(seed: object, paper_name: object, players: object, arrows: object) -> Paper:
    """The paper to print on; :class:`KitError` (one sentence) for any option that cannot be."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise KitError(
            _("A grand jeu kit's seed is a whole number from 0 up, not {seed}.").format(
                seed=repr(seed)
            )
        )
    if not isinstance(paper_name, str):
        raise KitError(
            _("A paper size is a name ({names}), not {value}.").format(
                names=", ".join(PAPER_NAMES), value=repr(paper_name)
            )
        )
    sheet_paper = paper(paper_name, also=[A3])
    if isinstance(players, bool) or players not in SEATS:
        raise KitError(
            _("Le grand jeu des patrouilles is for 2, 3 or 4 patrols, not {value}.").format(
                value=repr(players)
            )
        )
    if (
        not isinstance(arrows, tuple)
        or not arrows
        or any(isinstance(a, bool) or a not in range(8) for a in arrows)
        or len(set(arrows)) != len(arrows)
    ):
        raise KitError(
            _("The red arrows are one to eight different eighths 0 to 7, not {value}.").format(
                value=repr(arrows)
            )
        )
    return sheet_paper


def options(seed: int, paper_name: str, players: int, arrows: Sequence[int]) -> dict[str, object]:
    """The options in force, as the manifest records them."""
    return {
        "seed": seed,
        "paper": paper_name,
        "players": players,
        "arrows": "".join(str(a) for a in sorted(arrows)),
    }


def render_kit(
    seed: int = 0,
    paper_name: str = "a4",
    players: int = 2,
    arrows: tuple[int, ...] = DEFAULT_ARROWS,
    *,
    ink: str = "normal",
) -> tuple[bytes, Manifest]:
    """The kit in memory: the PDF's bytes and its manifest; :class:`KitError` for a bad option.
    ``ink``: ``normal`` or ``low`` (the patrols' colours in light tints; the codes unchanged)."""
    sheet_paper = check_options(seed, paper_name, players, arrows)
    ink_mode = ink_named(ink)
    arrows = tuple(sorted(arrows))
    kit = kit_code(seed, players)
    patrols = SEATS[players]
    count = GrandJeu.patrol_size(players)
    document = KitDocument("Le grand jeu des patrouilles", sheet_paper, f"Kit {kit}", ink_mode)
    papers = document.papers
    placements = [place(papers.board, plan) for plan in GrandJeu.sheets(sheet_paper.name, players)]
    scouts = scouts_for(kit, patrols, count)
    sheet = document.sheet
    rules = rules_pages(papers.rest, arrows)
    contents = _contents(rules, len(placements), players, count)
    note = paper_note(papers, 2 + rules, len(placements), _("the board and its prisons"))
    draw_cover(sheet, kit, contents, players, arrows, paper=note)
    sheet.next_page()
    draw_rules(sheet, arrows)
    items: list[Item] = []
    for placement in placements:
        sheet.next_page(papers.board)
        items += draw_board_sheet(sheet, kit, placement)
    sheet.next_page(papers.rest)
    items += draw_scout_page(sheet, scouts, arrows, FOULARDS)
    return document.finish(
        game=GAME,
        options=options(seed, sheet_paper.name, players, arrows),
        layout=_layout(kit, players, len(placements), arrows),
        items=items,
    )


def write_kit(
    out_dir: Path,
    *,
    seed: int = 0,
    paper: str = "a4",
    players: int = 2,
    arrows: tuple[int, ...] = DEFAULT_ARROWS,
    force: bool = False,
    ink: str = "normal",
) -> tuple[Path, Path]:
    """Write ``kit.pdf`` and ``kit.json`` into ``out_dir``, whole or not at all;
    :class:`KitError` (one sentence) if either exists and not ``force``, or an option is bad.
    ``ink``: ``normal`` or ``low``."""
    check_options(seed, paper, players, arrows)
    ink_named(ink)
    return write_kit_files(
        Path(out_dir), lambda: render_kit(seed, paper, players, arrows, ink=ink), force=force
    )


def _contents(rules: int, board: int, players: int, count: int) -> list[str]:
    first_board = 2 + rules
    scouts = first_board + board
    size = GrandJeu.side(players)
    names = ", ".join(patrol_name(p) for p in SEATS[players])
    board_line = (
        _(
            "<b>{sheets}</b> — the board, {size} × {size} cells of {cell} mm (four sheets to"
            " assemble), and a prison for each patrol beside it ({names})."
        )
        if board > 1
        else _(
            "<b>{sheets}</b> — the board, {size} × {size} cells of {cell} mm, and a prison for"
            " each patrol beside it ({names})."
        )
    )
    return [
        _("<b>Sheet 1</b> — this cover."),
        _("<b>{sheets}</b> — the rules, with a capture and the costs drawn.").format(
            sheets=sheets_text(2, rules)
        ),
        board_line.format(
            sheets=sheets_text(first_board, board),
            size=size,
            cell=f"{GrandJeu.CELL_MM:g}",
            names=names,
        ),
        _(
            "<b>Sheet {sheet}</b> — {count} patrols of {scouts} scouts and the {foulards}"
            " foulard tokens."
        ).format(sheet=scouts, count=players, scouts=count, foulards=FOULARDS),
    ]


def _layout(kit: str, players: int, sheets: int, arrows: Sequence[int]) -> dict[str, object]:
    """What the manifest records about the printed geometry and the pieces."""
    return {
        "kit": kit,
        "size": GrandJeu.side(players),
        "cell_mm": GrandJeu.CELL_MM,
        "sheets_per_side": 1 if sheets == 1 else 2,
        "patrols": list(SEATS[players]),
        "scouts_per_patrol": GrandJeu.patrol_size(players),
        "starred_scout": GrandJeu.STARRED_SCOUT,
        "arrows": [ARROW_WORDS[a] for a in arrows],
        "scout": {
            "shape": "octagon",
            "flats_mm": GrandJeu.SCOUT_FLATS_MM,
            "code_mm": GrandJeu.SCOUT_CODE_MM,
            "facing": "the code's top is where the blue arrow points",
        },
        "foulards": FOULARDS,
    }
