"""The complete 12 Patrols kit: cover, rules, region cards with their backs, dice and cubes, and
(if asked for) one way to win, printed upside down.

Sheets, numbered from 1 as in the manifest:

1. the cover: what the kit holds, the deck, how to make it, the print-scale check;
2. the rules;
3. and on: the region cards. With ``duplex`` backs, card fronts (sheets 3 and 5) alternate with
   their backs (sheets 4 and 6): fronts on odd sheets, so the whole file can be printed
   double-sided as well as those four sheets alone. With ``gutter`` backs, three sheets carry the
   fronts and, mirrored beside them, their backs;
4. then the dice and cubes to fold (or, with ``flat_items``, flat tokens);
5. last, with a ``solution``: one winning kingdom, upside down on its own page.

Output is reproducible: the same deck and options give byte-identical files.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from generator import qr
from generator.flow import brief_box, fill_columns
from generator.kit import manifest_bytes, refuse_overwrite, write_bytes
from generator.page import (
    BOLD,
    FONT,
    GENERATOR,
    INK,
    MARGIN_MM,
    SCALE_CHECK_MM,
    SOFT_INK,
    WHITE,
    Sheet,
    draw_scale_check,
    paper,
    text_width,
)
from generator.twelve_patrols.cards import (
    card_payload,
    card_sheets,
    check_options,
    draw_card_sheets,
)
from generator.twelve_patrols.icons import draw_requirement
from generator.twelve_patrols.items import (
    COLOUR_NAME,
    draw_glyph,
    draw_net_pages,
    draw_token_pages,
    item_sheets,
)
from generator.twelve_patrols.rules_sheet import draw_rules
from patrolkit.errors import KitError
from patrolkit.games.twelve_patrols import (
    ROLL_ORDER,
    SERIALS,
    SIZE,
    SLOTS,
    Deck,
    Item,
    ItemKind,
    Side,
    Solution,
    Witness,
    is_win,
)
from patrolkit.manifest import Item as KitItem
from patrolkit.manifest import Manifest
from patrolkit.sizes import QR_ERROR_CORRECTION, TwelvePatrols

GAME: Final = "twelve-patrols"
RULES_SHEET: Final = 2
FIRST_CARD_SHEET: Final = 3

_BODY = ParagraphStyle(
    "tp-cover",
    fontName=FONT,
    bulletFontName=FONT,
    fontSize=8.8,
    leading=11.6,
    spaceAfter=3.6,
    textColor=INK,
)
_HEAD = ParagraphStyle(
    "tp-cover-head",
    parent=_BODY,
    fontName=BOLD,
    fontSize=11,
    leading=14,
    spaceBefore=4,
    spaceAfter=2,
)
_ITEM = ParagraphStyle(
    "tp-cover-item", parent=_BODY, leftIndent=9, bulletIndent=1.5, spaceAfter=2.4
)


BRIEF: Final = (
    (
        "Goal",
        "lay all nine region cards in a kingdom of three by three and post a patrol in each of "
        "the twelve gaps between neighbouring cards, so that every icon facing into the kingdom "
        "holds.",
    ),
    (
        "A turn",
        "lay one of the three face-up cards, upright, beside a card already down; post patrols "
        "if you wish; a row or column you complete must get all its missing patrols at once.",
    ),
    (
        "Patrols",
        "one or more cubes and dice between two cards; nothing moves once it is down. To turn a "
        "die to another face, put an unused item out of the game.",
    ),
    (
        "Icons",
        "each counts every patrol on its side of the card, along the card's row or column; an "
        "icon facing out of the kingdom is ignored.",
    ),
)
"""The cover's reminder of the game."""


def options(
    backs: str, duplex_offset: tuple[float, float], flat_items: bool, solution: bool
) -> dict[str, object]:
    """The options in force, as the manifest records them."""
    return {
        "backs": backs,
        "duplex_offset": [float(v) for v in duplex_offset],
        "flat_items": flat_items,
        "solution": solution,
    }


def deck_record(deck: Deck) -> dict[str, object]:
    """The deck as the manifest records it: enough to rebuild every card."""
    return {
        "deck": deck.name,
        "id": deck.id,
        "cards": [
            {"number": number, "name": card.name, "code": card.code}
            for number, card in enumerate(deck.cards, start=1)
        ],
    }


@dataclass(frozen=True)
class Winning:
    """The solution printed on the last page, and the dice as rolled for it: white 1 to 3, yellow
    1 to 3, blue 1 to 3, ``None`` for a die the solution neither places nor discards (when only
    the solution, not its roll, was given)."""

    solution: Solution
    roll: tuple[int | None, ...]

    @classmethod
    def of(cls, given: Solution | Witness) -> Winning:
        if isinstance(given, Witness):
            return cls(given.solution, tuple(given.roll))
        solution = given
        shown = {item.key: item.value for item in solution.kingdom.items if item.is_die}
        for reroll in solution.rerolls:
            shown[reroll.die.key] = reroll.die.value
            if reroll.discard.is_die:
                shown[reroll.discard.key] = reroll.discard.value
        keys = [(ItemKind.DIE, colour, serial) for colour in ROLL_ORDER for serial in SERIALS]
        return cls(solution, tuple(shown.get(key) for key in keys))


def solution_record(winning: Winning) -> dict[str, object]:
    """The winning kingdom as the manifest records it: card numbers by position (row by row),
    each slot's items, the re-rolls made before the first patrol, and the dice as rolled."""
    solution = winning.solution
    kingdom = solution.kingdom
    deck = kingdom.deck
    return {
        "cards": [deck.number(card) if card is not None else None for card in kingdom.cards],
        "patrols": {slot.name: [item.notation for item in kingdom.patrol(slot)] for slot in SLOTS},
        "rerolls": [
            {"die": r.die.notation, "value": r.value, "discard": r.discard.notation}
            for r in solution.rerolls
        ],
        "roll": list(winning.roll),
    }


def _check(
    deck: Deck, backs: str, offset: tuple[float, float], flat: bool, solution: object | None
) -> Winning | None:
    """Raise :class:`KitError` for anything that cannot be printed; the solution, typed."""
    if not isinstance(deck, Deck):
        raise KitError(f"A 12 Patrols kit is printed from a deck of nine cards, not {deck!r}.")
    check_options(backs, offset)
    if not isinstance(flat, bool):
        raise KitError(f"flat_items is true or false, not {flat!r}.")
    for number, card in enumerate(deck.cards, start=1):
        try:
            qr.symbol(
                card_payload(deck, number),
                version=TwelvePatrols.CARD_QR_VERSION,
                error_correction=QR_ERROR_CORRECTION,
            )
        except ValueError:
            raise KitError(
                f"{card.name} carries too many requirements for its QR code; give its edges fewer."
            ) from None
    if solution is None:
        return None
    if not isinstance(solution, Solution | Witness):
        raise KitError(
            f"A solution is the solver's Solution (or a deck's Witness) for this deck, not"
            f" {solution!r}."
        )
    winning = Winning.of(solution)
    if winning.solution.kingdom.deck != deck:
        raise KitError("The solution is for another deck than the one printed.")
    if not is_win(winning.solution.kingdom):
        raise KitError("The solution given does not win: every card and patrol must be in place.")
    return winning


def render_kit(
    deck: Deck,
    paper_name: str = "a4",
    *,
    backs: str = "duplex",
    duplex_offset: tuple[float, float] = (0.0, 0.0),
    flat_items: bool = False,
    solution: object | None = None,
) -> tuple[bytes, Manifest]:
    """The kit's PDF and its manifest, in memory; :class:`KitError` for a bad option. See
    :func:`write_kit`."""
    sheet_paper = paper(paper_name)
    winning = _check(deck, backs, duplex_offset, flat_items, solution)
    offset = (float(duplex_offset[0]), float(duplex_offset[1]))
    cards = card_sheets(backs)
    items_from = FIRST_CARD_SHEET + cards
    items = item_sheets(*sheet_paper.size, flat_items)
    contents = _contents(backs, cards, items_from, items, flat_items, winning is not None)
    out = io.BytesIO()
    sheet = Sheet(
        out,
        sheet_paper,
        title="12 Patrols — print-and-play kit",
        subject=f"Deck {deck.name} ({deck.id})",
    )
    _cover(sheet, deck, contents, backs, flat_items)
    sheet.next_page()
    draw_rules(
        sheet, f"This kit's deck is <b>{deck.name}</b> (deck {deck.id}).", winning is not None
    )
    sheet.next_page()
    printed: list[KitItem] = draw_card_sheets(sheet, deck, backs, offset, FIRST_CARD_SHEET)
    sheet.next_page()
    printed += draw_token_pages(sheet) if flat_items else draw_net_pages(sheet)
    if winning is not None:
        sheet.next_page()
        _solution_page(sheet, winning)
    pages = sheet.page
    sheet.save()
    layout = deck_record(deck)
    if winning is not None:
        layout["solution"] = solution_record(winning)
    manifest = Manifest(
        game=GAME,
        paper=sheet_paper.name,
        page_size=sheet_paper.size,
        pages=pages,
        options=options(backs, offset, flat_items, winning is not None),
        layout=layout,
        board=None,
        items=tuple(printed),
        generator=GENERATOR,
    )
    return out.getvalue(), manifest


def write_kit(
    deck: Deck,
    out_dir: Path,
    *,
    paper: str = "a4",
    force: bool = False,
    backs: str = "duplex",
    duplex_offset: tuple[float, float] = (0.0, 0.0),
    flat_items: bool = False,
    solution: object | None = None,
) -> tuple[Path, Path]:
    """Write out_dir/kit.pdf and out_dir/kit.json; raise patrolkit.errors.KitError (one sentence)
    if either exists and not force, or an option is bad (nothing is written then).

    ``backs``: ``duplex`` (a sheet of backs after each sheet of fronts, for double-sided printing
    flipped on the long edge, moved by ``duplex_offset`` — x, y in mm, as seen on the back) or
    ``gutter`` (fronts and backs side by side, to fold). ``flat_items``: flat tokens instead of
    dice and cubes to fold. ``solution``: the solver's Solution for ``deck`` (or a rated deck's
    Witness, which also knows the roll), printed upside down on the last page.
    """
    out_dir = Path(out_dir)
    pdf_path, json_path = out_dir / "kit.pdf", out_dir / "kit.json"
    refuse_overwrite([pdf_path, json_path], force=force)
    pdf, manifest = render_kit(
        deck,
        paper,
        backs=backs,
        duplex_offset=duplex_offset,
        flat_items=flat_items,
        solution=solution,
    )
    write_bytes(pdf_path, pdf)
    write_bytes(json_path, manifest_bytes(manifest))
    return pdf_path, json_path


# -- the cover ------------------------------------------------------------------------------------


def _sheets(first: int, count: int) -> str:
    return f"Sheet {first}" if count == 1 else f"Sheets {first}–{first + count - 1}"


def _contents(
    backs: str, cards: int, items_from: int, items: int, flat: bool, solution: bool
) -> list[str]:
    """The cover's list of sheets (paragraph markup)."""
    card_text = (
        "the nine region cards, fronts and backs on alternate sheets"
        if backs == "duplex"
        else "the nine region cards, each front beside its back, to fold"
    )
    item_text = (
        "flat dice and cubes: six tokens per die, one per cube"
        if flat
        else "nine dice and nine cubes to cut out and fold"
    )
    lines = [
        "<b>Sheet 1</b> — this cover: the deck, making the kit, the print check.",
        f"<b>Sheet {RULES_SHEET}</b> — the rules.",
        f"<b>{_sheets(FIRST_CARD_SHEET, cards)}</b> — {card_text}.",
        f"<b>{_sheets(items_from, items)}</b> — {item_text}.",
    ]
    if solution:
        lines.append(
            f"<b>Sheet {items_from + items}</b> — one way to win, upside down: look only if stuck."
        )
    return lines


def _cover(sheet: Sheet, deck: Deck, contents: Sequence[str], backs: str, flat: bool) -> None:
    width, height = sheet.paper.size
    left, right = MARGIN_MM, width - MARGIN_MM
    sheet.text(left, MARGIN_MM + 14, "12 Patrols", size=34, font=BOLD)
    sheet.text(left, MARGIN_MM + 22.5, "Print-and-play kit", size=14, fill=SOFT_INK)
    for i, line in enumerate(("1 player", "about 20 minutes", "age 10 and up")):
        sheet.text(right, MARGIN_MM + 12 + 5 * i, line, size=10, align="right")
    draw_scale_check(sheet, left, MARGIN_MM + 30, right - left, pieces="the cards and items")
    top = MARGIN_MM + 30 + SCALE_CHECK_MM + 7
    table_width = 98.0
    table_x = right - table_width
    bottom = _deck_table(sheet, deck, table_x, top, table_width)
    flow = [Paragraph("In this kit", _HEAD)]
    flow += [Paragraph(line, _ITEM, bulletText="•") for line in contents]
    flow += [Paragraph("Making the kit", _HEAD)]
    flow += [Paragraph(text, _BODY) for text in _making(backs, flat)]
    brief = brief_box(sheet, left, height - MARGIN_MM - 6.0, right - left, BRIEF)
    column = (left, top - 4.0, table_x - 7.0 - left, brief - 4.0 - top)
    fill_columns(sheet, flow, [column])
    if flow:
        raise RuntimeError("the cover text does not fit its column")
    if bottom > brief - 4.0:
        raise RuntimeError("the deck table runs into the brief")
    sheet.text(
        width / 2, height - MARGIN_MM + 1, GENERATOR, size=6.5, fill=SOFT_INK, align="centre"
    )


def _making(backs: str, flat: bool) -> list[str]:
    """How to make the kit, as paragraphs (markup)."""
    paragraphs = [
        "Print every sheet at actual size (check the ruler above), on thick paper or thin card "
        "if your printer takes it.",
    ]
    if backs == "duplex":
        paragraphs.append(
            f"<b>Cards.</b> Print sheets {FIRST_CARD_SHEET}–{FIRST_CARD_SHEET + 3} double-sided, "
            "flipping on the long edge (or print the whole file double-sided). Hold a card sheet "
            "against the light: the two ring-and-cross targets near its top should cover each "
            "other. If they miss by a millimetre or more, measure how far the back's target sits "
            "from the front's, seen from the back (right and down count as plus), and print the "
            "kit again with minus that as its duplex offset. Then cut along the marks."
        )
    else:
        paragraphs.append(
            f"<b>Cards.</b> Print sheets {FIRST_CARD_SHEET}–{FIRST_CARD_SHEET + 2} single-sided. "
            "Fold each sheet along the middle line, printed side out, so every back lies behind "
            "its front; glue the halves together, then cut along the marks through both."
        )
    if flat:
        paragraphs.append(
            "<b>Dice and cubes.</b> Cut out the tokens along the marks. Roll a real die for each "
            "die token row, or any six-sided die, and put out the token of the value rolled."
        )
    else:
        paragraphs.append(
            "<b>Dice and cubes.</b> Cut each net along its solid outline, crease every dashed "
            "line, fold the faces printed side out and glue the grey tabs inside. A drop of glue "
            "on each tab is enough; let it dry before rolling."
        )
    paragraphs.append(
        "Keep every QR code clean and flat: the codes tell a photo which card, die face or cube "
        "it is looking at."
    )
    return paragraphs


def _deck_table(sheet: Sheet, deck: Deck, x: float, top: float, width: float) -> float:
    """The deck's nine cards, each with its four edges' icons; returns the table's bottom."""
    sheet.text(x, top + 4.0, f"This deck: {deck.name}", size=11, font=BOLD)
    sheet.text(x + width, top + 4.0, f"deck {deck.id}", size=8.5, fill=SOFT_INK, align="right")
    icon = 4.6
    row_h = 7.4
    columns = {Side.NORTH: 42.0, Side.EAST: 56.0, Side.SOUTH: 70.0, Side.WEST: 84.0}
    y = top + 9.5
    sheet.text(x + 1.0, y + 2.2, "#", size=7.2, font=BOLD)
    sheet.text(x + 7.0, y + 2.2, "Region", size=7.2, font=BOLD)
    for side, cx in columns.items():
        name = side.name.capitalize()
        sheet.text(x + cx + 6.0, y + 2.2, name, size=7.2, font=BOLD, align="centre")
    sheet.line(x, y + 3.6, x + width, y + 3.6, width=0.3)
    y += 4.6
    for number, card in enumerate(deck.cards, start=1):
        if number % 2:
            sheet.rect(x, y, width, row_h, fill="#EFEFEF")
        sheet.text(x + 1.0, y + row_h / 2 + 1.1, str(number), size=8, font=BOLD)
        name, size = card.name, 8.0
        if text_width(name, size) > 33.0:
            size *= 33.0 / text_width(name, size)
        sheet.text(x + 7.0, y + row_h / 2 + 1.1, name, size=size)
        for side, cx in columns.items():
            requirements = card.edge(side)
            if not requirements:
                sheet.text(
                    x + cx + 6.0, y + row_h / 2 + 1.1, "—", size=8, fill=SOFT_INK, align="centre"
                )
            start = x + cx + 6.0 - (len(requirements) * (icon + 0.6) - 0.6) / 2
            for k, requirement in enumerate(requirements):
                draw_requirement(
                    sheet, requirement, start + k * (icon + 0.6), y + (row_h - icon) / 2, icon
                )
        y += row_h
    sheet.line(x, y, x + width, y, width=0.3)
    notes = (
        "Cards are laid upright: North is the edge above the name.",
        "The rules (sheet 2) explain the icons.",
    )
    for k, note in enumerate(notes):
        sheet.text(x, y + 4.5 + 3.6 * k, note, size=7.2, fill=SOFT_INK)
    return y + 4.5 + 3.6 * len(notes)


# -- the solution page ----------------------------------------------------------------------------


def _solution_page(sheet: Sheet, winning: Winning) -> None:
    """One winning kingdom, the whole page turned upside down."""
    width, height = sheet.paper.size
    with sheet.frame(width, height, rotate=180):
        _draw_solution(sheet, winning)


def _draw_solution(sheet: Sheet, winning: Winning) -> None:
    width = sheet.paper.width
    solution = winning.solution
    kingdom = solution.kingdom
    deck = kingdom.deck
    left = MARGIN_MM + 4.0
    sheet.text(left, MARGIN_MM + 12, "One way to win", size=20, font=BOLD)
    sheet.text(
        left,
        MARGIN_MM + 19,
        f"Deck {deck.name} ({deck.id}), with the dice as rolled below.",
        size=9.5,
        fill=SOFT_INK,
    )
    card_w, card_h, gap = 36.0, 50.3, 19.0
    grid_w = SIZE * card_w + (SIZE - 1) * gap
    ox, oy = (width - grid_w) / 2, MARGIN_MM + 30.0
    for index, card in enumerate(kingdom.cards):
        row, column = divmod(index, SIZE)
        x, y = ox + column * (card_w + gap), oy + row * (card_h + gap)
        sheet.round_rect(x, y, card_w, card_h, 2.0, fill="#E8F0E0", stroke=INK, line=0.4)
        if card is None:
            continue
        number = deck.number(card)
        sheet.circle(x + 5.0, y + 5.0, 3.0, fill=WHITE, stroke=INK, line=0.3)
        sheet.centred_glyphs(x + 5.0, y + 5.0, str(number), size=8.5, font=BOLD)
        name, size = card.name, 8.0
        if text_width(name, size, BOLD) > card_w - 4.0:
            size *= (card_w - 4.0) / text_width(name, size, BOLD)
        sheet.text(x + card_w / 2, y + 13.0, name, size=size, font=BOLD, align="centre")
        icon = 4.6
        for side in Side:
            requirements = card.edge(side)
            length = len(requirements) * (icon + 0.6) - 0.6
            for k, requirement in enumerate(requirements):
                step = k * (icon + 0.6)
                ix, iy = {
                    Side.NORTH: (x + (card_w - length) / 2 + step, y + 1.2),
                    Side.SOUTH: (x + (card_w - length) / 2 + step, y + card_h - 1.2 - icon),
                    Side.WEST: (x + 1.2, y + (card_h - length) / 2 + step),
                    Side.EAST: (x + card_w - 1.2 - icon, y + (card_h - length) / 2 + step),
                }[side]
                draw_requirement(sheet, requirement, ix, iy, icon)
    glyph = 5.0
    for slot in SLOTS:
        patrol = kingdom.patrol(slot)
        (r1, c1), (r2, c2) = slot.a, slot.b
        cx = ox + (c1 + c2) / 2 * (card_w + gap) + card_w / 2
        cy = oy + (r1 + r2) / 2 * (card_h + gap) + card_h / 2
        per_line = 3 if slot.horizontal else 6
        groups = [patrol[i : i + per_line] for i in range(0, len(patrol), per_line)]
        for k, group in enumerate(groups):
            lx = cx - (len(group) * (glyph + 0.8) - 0.8) / 2
            ly = cy - (len(groups) * (glyph + 0.8) - 0.8) / 2 + k * (glyph + 0.8)
            for j, item in enumerate(group):
                draw_glyph(sheet, item, lx + j * (glyph + 0.8), ly, glyph)
    y = oy + SIZE * card_h + (SIZE - 1) * gap + 10.0
    sheet.text(left, y, "The dice as rolled", size=10.5, font=BOLD)
    sheet.text(left, y + 5.5, _roll_text(winning.roll), size=8.5)
    y += 13.0
    sheet.text(left, y, "Re-rolls, before the first patrol", size=10.5, font=BOLD)
    lines = [
        f"Turn the {_name(r.die)} from {r.die.value} to {r.value}, putting the "
        f"{_name(r.discard)} out of the game."
        for r in solution.rerolls
    ] or ["None: every die is used as rolled."]
    for k, line in enumerate(lines):
        sheet.text(left, y + 5.5 + 4.4 * k, line, size=8.5)
    y += 5.5 + 4.4 * len(lines) + 4.0
    sheet.text(
        left,
        y,
        "Each card shows its number and its icons; the patrols stand between the cards. "
        "Dice show their pips, cubes their colour's letter.",
        size=8.0,
        fill=SOFT_INK,
    )


def _name(item: Item) -> str:
    kind = "die" if item.is_die else "cube"
    return f"{COLOUR_NAME[item.colour]} {kind} {item.serial}"


def _roll_text(roll: Sequence[int | None]) -> str:
    """The dice as rolled, colour by colour: ``any`` for a die the solution does not need."""
    parts = []
    for index, colour in enumerate(ROLL_ORDER):
        values = ["any" if v is None else str(v) for v in roll[3 * index : 3 * index + 3]]
        parts.append(f"{COLOUR_NAME[colour]} {', '.join(values)}")
    return "; ".join(parts) + "."
