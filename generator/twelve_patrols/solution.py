"""12 Patrols' last page, when asked for: one winning kingdom, upside down, with the dice as
rolled for it and the re-rolls made before the first patrol."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.page import BOLD, INK, MARGIN_MM, SOFT_INK, WHITE, Sheet, text_width
from generator.twelve_patrols.icons import draw_requirement
from generator.twelve_patrols.items import draw_glyph
from patrolkit.games.twelve_patrols import (
    ROLL_ORDER,
    SERIALS,
    SIZE,
    SLOTS,
    ItemKind,
    Side,
    Solution,
    Witness,
)
from patrolkit.games.twelve_patrols.model import colour_word
from patrolkit.i18n import _, pgettext


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


def draw_solution_page(sheet: Sheet, winning: Winning) -> None:
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
    sheet.text(left, MARGIN_MM + 12, _("One way to win"), size=20, font=BOLD)
    room = width - 2 * left
    for k, line in enumerate(
        (
            _("Deck {deck} ({id}). This kingdom wins with the dice as rolled below;").format(
                deck=deck.name, id=deck.id
            ),
            _(
                "your roll may differ: to play it through, you may set your dice to that roll "
                "first."
            ),
        )
    ):
        size = min(9.5, 9.5 * room / text_width(line, 9.5))
        sheet.text(left, MARGIN_MM + 19 + 4.5 * k, line, size=size, fill=SOFT_INK)
    card_w, card_h, gap = 36.0, 50.3, 19.0
    grid_w = SIZE * card_w + (SIZE - 1) * gap
    ox, oy = (width - grid_w) / 2, MARGIN_MM + 32.0
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
    sheet.text(left, y, _("The dice as rolled"), size=10.5, font=BOLD)
    sheet.text(left, y + 5.5, _roll_text(winning.roll), size=8.5)
    y += 13.0
    sheet.text(left, y, _("Re-rolls, before the first patrol"), size=10.5, font=BOLD)
    lines = [
        _("Turn the {die} from {value} to {new}, putting the {discard} out of the game.").format(
            die=r.die.name, value=r.die.value, new=r.value, discard=r.discard.name
        )
        for r in solution.rerolls
    ] or [_("None: every die is used as rolled.")]
    for k, line in enumerate(lines):
        sheet.text(left, y + 5.5 + 4.4 * k, line, size=8.5)
    y += 5.5 + 4.4 * len(lines) + 4.0
    notes = (
        _("Each card shows its number and its icons; the patrols stand between the cards."),
        _("Dice show their pips, cubes their colour's letter (W white, Y yellow, B blue)."),
    )
    for k, note in enumerate(notes):
        size = min(8.0, 8.0 * room / text_width(note, 8.0))
        sheet.text(left, y + 4.0 * k, note, size=size, fill=SOFT_INK)


def _roll_text(roll: Sequence[int | None]) -> str:
    """The dice as rolled, colour by colour: ``any`` for a die the solution does not need."""
    parts = []
    for index, colour in enumerate(ROLL_ORDER):
        values = [_("any") if v is None else str(v) for v in roll[3 * index : 3 * index + 3]]
        parts.append(
            _("{colour} {values}").format(colour=colour_word(colour), values=", ".join(values))
        )
    return pgettext("list separator", "; ").join(parts) + "."
