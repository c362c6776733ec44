"""12 Patrols' cover: what the kit holds, the deck's nine cards with their icons, how to make the
kit, and the game in brief."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from reportlab.platypus import Paragraph

from generator.flow import brief_box
from generator.frame import (
    CoverStyles,
    draw_cover_title,
    draw_generator_line,
    fill_cover_column,
    sheets_text,
)
from generator.page import BOLD, MARGIN_MM, SOFT_INK, Sheet, text_width
from generator.twelve_patrols.icons import draw_requirement
from patrolkit.games.twelve_patrols import Deck, Side
from patrolkit.i18n import N_, _, ngettext

RULES_SHEET: Final = 2
FIRST_CARD_SHEET: Final = 3
COVER: Final = CoverStyles.of(
    "tp-cover", size=8.8, leading=11.6, after=3.6, head_before=4, head_after=2, item_after=2.4
)

BRIEF: Final = (
    (
        N_("Goal"),
        N_(
            "lay all nine region cards in a kingdom of three by three and post a patrol in each "
            "of the twelve gaps between neighbouring cards, so that every icon facing into the "
            "kingdom holds."
        ),
    ),
    (
        N_("A turn"),
        N_(
            "lay one of the three face-up cards, upright, beside a card already down; post "
            "patrols if you wish; a row or column you complete must get all its missing patrols "
            "at once."
        ),
    ),
    (
        N_("Patrols"),
        N_(
            "one or more cubes and dice between two cards; nothing moves once it is down. To "
            "turn a die to another face, put an unused item out of the game."
        ),
    ),
    (
        N_("Icons"),
        N_(
            "each counts every patrol on its side of the card, along the card's row or column; "
            "an icon facing out of the kingdom is ignored."
        ),
    ),
)
"""The cover's reminder of the game (translated where it is drawn)."""


def item_sheet_numbers(backs: str, items_from: int, items: int) -> list[int]:
    """The sheets that carry the items: every other sheet from ``items_from`` with duplex backs
    (each followed by its blank back), every sheet otherwise."""
    step = 2 if backs == "duplex" else 1
    return [items_from + step * k for k in range(items)]


def solution_sheet(backs: str, items_from: int, items: int) -> int:
    """The solution's sheet: after the last item sheet (and its blank back, with duplex backs)."""
    return item_sheet_numbers(backs, items_from, items)[-1] + (2 if backs == "duplex" else 1)


def blank_sheets(backs: str, items_from: int, items: int, solution: bool) -> list[int]:
    """The blank backs of the item sheets (duplex backs only): one after each item sheet that
    has a page after it."""
    if backs != "duplex":
        return []
    numbers = item_sheet_numbers(backs, items_from, items)
    return [n + 1 for n in (numbers if solution else numbers[:-1])]


def _listed(numbers: Sequence[int]) -> str:
    """``7``, ``7 and 9`` or ``7, 9 and 11``."""
    words = [str(n) for n in numbers]
    if len(words) == 1:
        return words[0]
    return _("{some} and {last}").format(some=", ".join(words[:-1]), last=words[-1])


def cover_contents(
    backs: str,
    cards: int,
    items_from: int,
    items: int,
    flat: bool,
    solution: bool,
    shared: int | None = None,
) -> list[str]:
    """The cover's list of sheets (paragraph markup); ``shared`` is the card sheet that also
    holds some of the items (the last flat tokens, or dice and cubes to fold), if one does."""
    card_text = (
        _("the nine region cards, fronts and backs on alternate sheets")
        if backs == "duplex"
        else _("the nine region cards, each front beside its back, to fold")
    )
    item_text = (
        _("flat dice and cubes: six tokens per die, one per cube")
        if flat
        else _("nine dice and nine cubes to cut out and fold")
    )
    if shared is not None and flat:
        card_text += " " + _("(sheet {sheet} also holds the last flat dice and cubes)").format(
            sheet=shared
        )
    elif shared is not None:
        # One sentence, not a bracket added to the usual one: on Letter the French list has no
        # line to spare.
        card_text = _(
            "the nine region cards, fronts and backs on alternate sheets; sheet {sheet} also"
            " holds dice and cubes to fold"
        ).format(sheet=shared)
        item_text = _("the other dice and cubes to cut out and fold")
    numbers = item_sheet_numbers(backs, items_from, items)
    if backs == "duplex":
        blanks = blank_sheets(backs, items_from, items, solution)
        span = sheets_text(items_from, max([numbers[-1], *blanks]) - items_from + 1)
        if blanks:
            item_text = _("{items}; {blanks}").format(
                items=item_text, blanks=ngettext_blanks(blanks)
            )
    else:
        span = sheets_text(items_from, items)
    lines = [
        _("<b>Sheet 1</b> — this cover: the deck, making the kit, the print check."),
        _("<b>Sheet {sheet}</b> — the rules.").format(sheet=RULES_SHEET),
        f"<b>{sheets_text(FIRST_CARD_SHEET, cards)}</b> — {card_text}.",
        f"<b>{span}</b> — {item_text}.",
    ]
    if solution:
        last = solution_sheet(backs, items_from, items)
        lines.append(
            _("<b>Sheet {sheet}</b> — one way to win, upside down: look only if stuck.").format(
                sheet=last
            )
        )
    return lines


def ngettext_blanks(blanks: Sequence[int]) -> str:
    """``7 and 9 are their blank backs`` (one sentence whatever the count)."""
    return ngettext(
        "{sheets} is their blank back", "{sheets} are their blank backs", len(blanks)
    ).format(sheets=_listed(blanks))


def draw_cover(
    sheet: Sheet,
    deck: Deck,
    contents: Sequence[str],
    backs: str,
    flat: bool,
    blanks: Sequence[int] = (),
) -> None:
    """The cover; ``blanks`` are the kit's blank pages (the backs of its item sheets)."""
    width, height = sheet.paper.size
    left, right = MARGIN_MM, width - MARGIN_MM
    facts = (_("1 player"), _("about 20 minutes"), _("age 10 and up"))
    top = draw_cover_title(sheet, _("12 Patrols"), facts, pieces=_("the cards and items"))
    table_width = 98.0
    table_x = right - table_width
    bottom = _deck_table(sheet, deck, table_x, top, table_width)
    flow = COVER.contents(contents)
    flow += [Paragraph(_("Making the kit"), COVER.head)]
    flow += [Paragraph(text, COVER.body) for text in _making(backs, flat, blanks)]
    brief = brief_box(
        sheet,
        left,
        height - MARGIN_MM - 6.0,
        right - left,
        tuple((_(term), _(text)) for term, text in BRIEF),
        title=_("The game in brief"),
    )
    column = (left, top - 4.0, table_x - 7.0 - left, brief - 4.0 - top)
    fill_cover_column(sheet, flow, column)
    if bottom > brief - 4.0:
        raise RuntimeError("the deck table runs into the brief")
    draw_generator_line(sheet)


def _making(backs: str, flat: bool, blanks: Sequence[int]) -> list[str]:
    """How to make the kit, as paragraphs (markup)."""
    paragraphs = [
        _(
            "Print every sheet at actual size (check the ruler above), on thick paper or thin "
            "card if your printer takes it."
        ),
    ]
    if backs == "duplex":
        last = FIRST_CARD_SHEET + 3
        if blanks:
            printing = _(
                "<b>Printing.</b> Print the whole file double-sided, flipping on the long edge: "
                "each sheet of pieces has its card backs or a blank page behind it, so no piece "
                "is printed behind another. Or print sheets {first}–{last} double-sided and the "
                "rest single-sided, leaving out the blank sheets {blanks}."
            )
        else:
            printing = _(
                "<b>Printing.</b> Print the whole file double-sided, flipping on the long edge: "
                "each sheet of pieces has its card backs or a blank page behind it, so no piece "
                "is printed behind another. Or print sheets {first}–{last} double-sided and the "
                "rest single-sided."
            )
        paragraphs.append(
            printing.format(first=FIRST_CARD_SHEET, last=last, blanks=_listed(blanks or [0]))
        )
        paragraphs.append(
            _(
                "<b>Cards.</b> Hold a card sheet against the light: the two ring-and-cross "
                "targets near its top should cover each other. If they miss by 1 mm or more, "
                "measure how far the back's target sits from the front's, seen from the back "
                "(right and down count as plus), and print the kit again with minus that as its "
                "duplex offset. Then cut along the marks."
            )
        )
    else:
        paragraphs.append(
            _(
                "<b>Printing.</b> Print the whole file single-sided: nothing goes on the back of "
                "any sheet (printed double-sided, pieces would land behind each other)."
            )
        )
        paragraphs.append(
            _(
                "<b>Cards.</b> Fold each of sheets {first}–{last} along the middle line, printed "
                "side out, so every back lies behind its front; glue the halves together, then "
                "cut along the marks through both."
            ).format(first=FIRST_CARD_SHEET, last=FIRST_CARD_SHEET + 2)
        )
    if flat:
        paragraphs.append(
            _(
                "<b>Dice and cubes.</b> Cut out the tokens along the marks. Roll a real die for "
                "each die token row, or any six-sided die, and put out the token of the value "
                "rolled."
            )
        )
    else:
        paragraphs.append(
            _(
                "<b>Dice and cubes.</b> Cut each net along its solid outline, crease every dashed "
                "line, fold the faces printed side out and glue the grey tabs inside. A drop of "
                "glue on each tab is enough; let it dry before rolling."
            )
        )
    paragraphs.append(
        _(
            "Keep every QR code clean and flat: the codes tell a photo which card, die face or "
            "cube it is looking at."
        )
    )
    return paragraphs


def _deck_table(sheet: Sheet, deck: Deck, x: float, top: float, width: float) -> float:
    """The deck's nine cards, each with its four edges' icons; returns the table's bottom."""
    # The deck's name on its own line (shrunk to the table's width if it is long), its id under
    # it: a long name never runs over the id.
    title, size = _("This deck: {deck}").format(deck=deck.name), 11.0
    if text_width(title, size, BOLD) > width:
        size *= width / text_width(title, size, BOLD)
    sheet.text(x, top + 4.0, title, size=size, font=BOLD)
    sheet.text(x, top + 8.6, _("deck id {id}").format(id=deck.id), size=8.0, fill=SOFT_INK)
    icon = 4.6
    row_h = 7.4
    columns = {Side.NORTH: 42.0, Side.EAST: 56.0, Side.SOUTH: 70.0, Side.WEST: 84.0}
    y = top + 12.5
    sheet.text(x + 1.0, y + 2.2, "#", size=7.2, font=BOLD)
    sheet.text(x + 7.0, y + 2.2, _("Region"), size=7.2, font=BOLD)
    for side, cx in columns.items():
        name = side_heading(side)
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
        _("Cards are laid upright: North is the edge above the name."),
        _("The rules (sheet 2) explain the icons."),
    )
    for k, note in enumerate(notes):
        sheet.text(x, y + 4.5 + 3.6 * k, note, size=7.2, fill=SOFT_INK)
    return y + 4.5 + 3.6 * len(notes)


def side_heading(side: Side) -> str:
    """A side's name as a column heading of the deck table."""
    return {
        Side.NORTH: _("North"),
        Side.EAST: _("East"),
        Side.SOUTH: _("South"),
        Side.WEST: _("West"),
    }[side]
