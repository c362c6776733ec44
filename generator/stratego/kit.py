"""The complete Stratego kit: cover, rules, the board, two armies of standing pieces, the setup
screen, the rank cards and the private slips — and each army's secret beside it.

Sheets, numbered from 1 as in the manifest:

1. the cover: the print-scale check, what the kit holds, a piece's strip at full size;
2. the rules (one or two sheets);
3. the board: four sheets to assemble on A4 and Letter, one sheet on A3;
4. the red army, then the blue army (two sheets each on A4 and Letter, one on A3);
5. the setup screen;
6. the two rank cards and the two private slips.

An A3 kit prints only its board on A3; everything else goes on A4, the pieces and the screen at
the sizes of the A3 kit (a screen as long as five 27 mm cells), two sheets an army as on A4 (see
:class:`generator.page.KitPapers`).

The kit code and both armies' keys are drawn from the system's secure random source on every
run (never from ``--seed``): two kits never share a piece id, and a seed tells nothing about a
kit's secrets. ``kit.json`` lists every printed item and payload, but no rank and no secret: the
secrets go to ``red.secret`` and ``blue.secret`` beside it, and the slips' items carry no payload.
"""

from __future__ import annotations

import secrets as system_random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from generator.frame import KitDocument, manifest_bytes, paper_note, sheets_text
from generator.page import A3, Paper, paper
from generator.page import ink as ink_named
from generator.stratego.board import draw_board_sheet, place
from generator.stratego.cover import draw_cover
from generator.stratego.extras import draw_cards_page, draw_screen_page
from generator.stratego.pieces import Soldier, army_pages, draw_army_pages
from generator.stratego.rules_sheet import draw_rules, rules_pages
from patrolkit.atomic import write_folder
from patrolkit.errors import KitError
from patrolkit.games.stratego import Army, Variant
from patrolkit.games.stratego.secret import KIT_CODE_LENGTH, Secret, random_text
from patrolkit.i18n import _
from patrolkit.manifest import Item, Manifest
from patrolkit.numbers import decimal
from patrolkit.sizes.stratego import Stratego

GAME: Final = "stratego"
PAPER_NAMES: Final = ("a4", "letter", "a3")
KIT_FILES: Final = ("kit.pdf", "kit.json", "red.secret", "blue.secret")

Entropy = Callable[[int], bytes]
"""A source of random bytes: :func:`secrets.token_bytes` unless a test gives its own."""


@dataclass(frozen=True)
class Kit:
    """A rendered kit: the PDF, its manifest and the two armies' secrets (red, blue)."""

    pdf: bytes
    manifest: Manifest
    secrets: tuple[Secret, Secret]

    @property
    def files(self) -> dict[str, bytes]:
        red, blue = self.secrets
        return {
            "kit.pdf": self.pdf,
            "kit.json": manifest_bytes(self.manifest),
            "red.secret": red.text.encode(),
            "blue.secret": blue.text.encode(),
        }


def check_options(seed: object, paper_name: object) -> Paper:
    """The paper to print on; :class:`KitError` (one sentence) for an option that cannot be."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise KitError(
            _("A Stratego kit's seed is a whole number from 0 up, not {seed}.").format(
                seed=repr(seed)
            )
        )
    if not isinstance(paper_name, str):
        raise KitError(
            _("A paper size is a name ({names}), not {paper}.").format(
                names=", ".join(PAPER_NAMES), paper=repr(paper_name)
            )
        )
    return paper(paper_name, also=[A3])


def new_secrets(entropy: Entropy) -> tuple[Secret, Secret]:
    """A fresh kit code and a secret for each army, no id shared between the armies."""
    kit = random_text(entropy(4), KIT_CODE_LENGTH)
    red = Secret.new(kit, Army.RED, Variant.CLASSIC, entropy(10))
    while True:
        blue = Secret.new(kit, Army.BLUE, Variant.CLASSIC, entropy(10))
        if not red.ids & blue.ids:
            return red, blue


def render_kit(
    seed: int | None = None,
    paper_name: str = "a4",
    *,
    entropy: Entropy | None = None,
    ink: str = "normal",
) -> Kit:
    """The kit in memory; :class:`KitError` for a bad option. ``ink``: ``normal`` or ``low``
    (the armies' colours in light tints and outlines; the codes unchanged)."""
    sheet_paper = check_options(seed, paper_name)
    ink_mode = ink_named(ink)
    red, blue = new_secrets(entropy or system_random.token_bytes)
    cell = Stratego.cell_mm(sheet_paper.name)
    document = KitDocument("Stratego", sheet_paper, _("Kit {kit}").format(kit=red.kit), ink_mode)
    papers = document.papers
    placements = [place(papers.board, plan) for plan in Stratego.sheets(cell)]
    armies = {
        secret.army: [Soldier(secret.army, identity, rank) for identity, rank in secret.pieces]
        for secret in (red, blue)
    }
    sheet = document.sheet
    rules = rules_pages(papers.rest)
    per_army = army_pages(sheet, len(armies[Army.RED]))
    contents = _contents(rules, len(placements), per_army, cell)
    note = paper_note(papers, 2 + rules, len(placements), _("the board"))
    draw_cover(sheet, red.kit, contents, cell, paper=note)
    sheet.next_page()
    draw_rules(sheet)
    items: list[Item] = []
    for placement in placements:
        sheet.next_page(papers.board)
        items += draw_board_sheet(sheet, red.kit, placement)
    for army, soldiers in armies.items():
        sheet.next_page(papers.rest)
        items += draw_army_pages(sheet, army, soldiers)
    sheet.next_page()
    items += draw_screen_page(sheet, cell)
    sheet.next_page()
    items += draw_cards_page(sheet, (red, blue))
    pdf, manifest = document.finish(
        game=GAME,
        options={"seed": seed, "paper": sheet_paper.name, "variant": Variant.CLASSIC.value},
        layout=_layout(red, blue, cell, len(placements)),
        items=items,
    )
    return Kit(pdf, manifest, (red, blue))


def write_kit(
    out_dir: Path,
    *,
    seed: int | None = None,
    paper: str = "a4",
    force: bool = False,
    entropy: Entropy | None = None,
    ink: str = "normal",
) -> tuple[Path, ...]:
    """Write ``kit.pdf``, ``kit.json``, ``red.secret`` and ``blue.secret`` into ``out_dir``,
    whole or not at all; :class:`KitError` (one sentence) if any exists and not ``force``, or
    an option is bad; ``ink``: ``normal`` or ``low``."""
    check_options(seed, paper)
    ink_named(ink)
    return write_folder(
        Path(out_dir),
        KIT_FILES,
        lambda: render_kit(seed, paper, entropy=entropy, ink=ink).files,
        force=force,
    )


def _contents(rules: int, board: int, per_army: int, cell: float) -> list[str]:
    first_board = 2 + rules
    red = first_board + board
    blue = red + per_army
    screen = blue + per_army
    board_line = (
        _("<b>{sheets}</b> — the board, 10 × 10 cells of {cell} mm (four sheets to assemble).")
        if board > 1
        else _("<b>{sheets}</b> — the board, 10 × 10 cells of {cell} mm.")
    )
    return [
        _("<b>{sheets}</b> — this cover.").format(sheets=sheets_text(1, 1)),
        _("<b>{sheets}</b> — the rules.").format(sheets=sheets_text(2, rules)),
        board_line.format(sheets=sheets_text(first_board, board), cell=decimal(cell, 2)),
        _("<b>{sheets}</b> — the red army: 40 standing pieces.").format(
            sheets=sheets_text(red, per_army)
        ),
        _("<b>{sheets}</b> — the blue army: 40 standing pieces.").format(
            sheets=sheets_text(blue, per_army)
        ),
        _("<b>{sheets}</b> — the setup screen, in two halves.").format(
            sheets=sheets_text(screen, 1)
        ),
        _("<b>{sheets}</b> — a rank card for each player and the two private slips.").format(
            sheets=sheets_text(screen + 1, 1)
        ),
    ]


def _layout(red: Secret, blue: Secret, cell: float, sheets: int) -> dict[str, object]:
    """What the manifest records about the printed geometry: no rank, no key."""
    return {
        "kit": red.kit,
        "cell_mm": cell,
        "sheets_per_side": 1 if sheets == 1 else 2,
        "piece": {
            "width_mm": Stratego.PIECE_WIDTH_MM,
            "depth_mm": Stratego.PIECE_DEPTH_MM,
            "height_mm": Stratego.PIECE_HEIGHT_MM,
            "code_mm": Stratego.PIECE_CODE_MM,
            "strip_mm": Stratego.strip_length(),
        },
        "armies": {
            secret.army.title: {"pieces": len(secret.pieces), "ids": sorted(secret.ids)}
            for secret in (red, blue)
        },
        "secrets": ["red.secret", "blue.secret"],
    }
