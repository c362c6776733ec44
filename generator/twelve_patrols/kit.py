"""The complete 12 Patrols kit: cover, rules, region cards with their backs, dice and cubes, and
(if asked for) one way to win, printed upside down.

Sheets, numbered from 1 as in the manifest:

1. the cover: what the kit holds, the deck, how to make it, the print-scale check;
2. the rules;
3. and on: the region cards. With ``duplex`` backs, card fronts (sheets 3 and 5) alternate with
   their backs (sheets 4 and 6): fronts on odd sheets, so the whole file can be printed
   double-sided as well as those four sheets alone. With ``gutter`` backs, three sheets carry the
   fronts and, mirrored beside them, their backs;
4. then the dice and cubes to fold (or, with ``flat_items``, flat tokens). With ``duplex`` backs
   each item sheet is followed by a blank page, its back: printed double-sided as a whole, the
   file puts no piece behind another (the card sheets have their backs, the item sheets blank
   ones). Gutter-fold kits are printed single-sided and have no blank pages. With duplex backs
   the last card-front sheet has a free foot (its cards are lifted under the heading), with
   nothing behind it: flat tokens that fit there go there instead of on a sheet of their own
   (A4), and so do nets when that saves a sheet of nets (Letter; see
   :mod:`generator.twelve_patrols.net_sheets`);
5. last, with a ``solution``: one winning kingdom, upside down on its own page (after the last
   item sheet's blank back, with ``duplex`` backs).

Output is reproducible: the same deck and options give byte-identical files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final
from xml.sax.saxutils import escape

from generator import qr
from generator.frame import KitDocument, write_kit_files
from generator.page import ink as ink_named
from generator.page import paper
from generator.twelve_patrols.card_faces import card_payload
from generator.twelve_patrols.cards import (
    card_sheets,
    check_options,
    draw_card_sheets,
    free_foot,
    spare_top,
)
from generator.twelve_patrols.cover import (
    FIRST_CARD_SHEET,
    blank_sheets,
    cover_contents,
    draw_cover,
)
from generator.twelve_patrols.flat_tokens import (
    draw_token_blocks,
    draw_token_pages,
    split_tokens,
)
from generator.twelve_patrols.items import draw_blank_back
from generator.twelve_patrols.net_sheets import (
    NetLayout,
    draw_net_foot,
    draw_net_pages,
    foot_room,
    net_layout,
)
from generator.twelve_patrols.rules_sheet import draw_rules
from generator.twelve_patrols.solution import Winning, draw_solution_page, solution_record
from patrolkit.errors import KitError
from patrolkit.games.twelve_patrols import Deck, Solution, Witness, is_win
from patrolkit.i18n import _
from patrolkit.manifest import Item as KitItem
from patrolkit.manifest import Manifest
from patrolkit.sizes import QR_ERROR_CORRECTION, TwelvePatrols

GAME: Final = "twelve-patrols"


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


def _check(
    deck: Deck, backs: str, offset: tuple[float, float], flat: bool, solution: object | None
) -> Winning | None:
    """Raise :class:`KitError` for anything that cannot be printed; the solution, typed."""
    if not isinstance(deck, Deck):
        raise KitError(
            _("A 12 Patrols kit is printed from a deck of nine cards, not {deck!r}.").format(
                deck=deck
            )
        )
    check_options(backs, offset)
    if not isinstance(flat, bool):
        raise KitError(_("flat_items is true or false, not {value!r}.").format(value=flat))
    for number, card in enumerate(deck.cards, start=1):
        try:
            qr.symbol(
                card_payload(deck, number),
                version=TwelvePatrols.CARD_QR_VERSION,
                error_correction=QR_ERROR_CORRECTION,
            )
        except ValueError:
            raise KitError(
                _(
                    "{card} carries too many requirements for its QR code; give its edges fewer."
                ).format(card=card.name)
            ) from None
    if solution is None:
        return None
    if not isinstance(solution, Solution | Witness):
        raise KitError(
            _(
                "A solution is the solver's Solution (or a deck's Witness) for this deck, not"
                " {solution!r}."
            ).format(solution=solution)
        )
    winning = Winning.of(solution)
    if winning.solution.kingdom.deck != deck:
        raise KitError(_("The solution is for another deck than the one printed."))
    if not is_win(winning.solution.kingdom):
        raise KitError(
            _("The solution given does not win: every card and patrol must be in place.")
        )
    return winning


def nets_for(width: float, height: float, backs: str) -> NetLayout:
    """Where the dice and cubes to fold go on a ``width`` x ``height`` page (see
    :func:`generator.twelve_patrols.net_sheets.net_layout`): with duplex backs, the free foot of
    the last card sheet may take some."""
    foot = free_foot(width, height, backs)
    return net_layout(width, height, None if foot is None else foot_room(width, height, foot))


def item_sheets(width: float, height: float, flat: bool, backs: str) -> int:
    """How many sheets of their own the items take on a ``width`` x ``height`` page (their blank
    backs not counted; items in the foot of the last card sheet not either)."""
    if flat:
        return len(split_tokens(width, height, spare_top(width, height, backs))[1])
    return len(nets_for(width, height, backs).pages)


def blank_backs(backs: str) -> bool:
    """Whether every item sheet is followed by a blank back: in a kit meant to be printed
    double-sided as a whole (duplex card backs), so that no piece is printed behind another."""
    return backs == "duplex"


def render_kit(
    deck: Deck,
    paper_name: str = "a4",
    *,
    backs: str = "duplex",
    duplex_offset: tuple[float, float] = (0.0, 0.0),
    flat_items: bool = False,
    solution: object | None = None,
    ink: str = "normal",
) -> tuple[bytes, Manifest]:
    """The kit's PDF and its manifest, in memory; :class:`KitError` for a bad option. See
    :func:`write_kit`."""
    sheet_paper = paper(paper_name)
    ink_mode = ink_named(ink)
    winning = _check(deck, backs, duplex_offset, flat_items, solution)
    offset = (float(duplex_offset[0]), float(duplex_offset[1]))
    cards = card_sheets(backs)
    items_from = FIRST_CARD_SHEET + cards
    width, height = sheet_paper.size
    # Items left over from their own sheets go in the free foot of the last card sheet (duplex
    # backs only: nothing is printed behind it there): flat tokens, or nets if that saves a sheet.
    moved, token_sheets = split_tokens(width, height, spare_top(width, height, backs))
    laid = NetLayout((), ()) if flat_items else nets_for(width, height, backs)
    if flat_items:
        spare = (lambda s: draw_token_blocks(s, moved)) if moved else None
    else:
        spare = (lambda s: draw_net_foot(s, laid.foot)) if laid.foot else None
    items = item_sheets(width, height, flat_items, backs)
    shared = FIRST_CARD_SHEET + cards - 2 if spare is not None else None
    blanks = blank_backs(backs)
    contents = cover_contents(
        backs, cards, items_from, items, flat_items, winning is not None, shared
    )
    kit = KitDocument(
        _("12 Patrols"),
        sheet_paper,
        _("Deck {deck} ({id})").format(deck=deck.name, id=deck.id),
        ink_mode,
    )
    sheet = kit.sheet
    blank = blank_sheets(backs, items_from, items, winning is not None)
    draw_cover(sheet, deck, contents, backs, flat_items, blank)
    sheet.next_page()
    draw_rules(
        sheet,
        _("This kit's deck is <b>{deck}</b> (deck {id}).").format(
            deck=escape(deck.name), id=deck.id
        ),
        winning is not None,
    )
    sheet.next_page()
    printed: list[KitItem] = draw_card_sheets(
        sheet,
        deck,
        backs,
        offset,
        FIRST_CARD_SHEET,
        spare,
    )
    sheet.next_page()
    if flat_items:
        printed += draw_token_pages(sheet, blank_backs=blanks, pages=token_sheets, elsewhere=shared)
    else:
        printed += draw_net_pages(sheet, laid, blank_backs=blanks, elsewhere=shared)
    if winning is not None:
        if blanks:
            sheet.next_page()
            draw_blank_back(sheet, sheet.page - 1)
        sheet.next_page()
        draw_solution_page(sheet, winning)
    layout = deck_record(deck)
    if winning is not None:
        layout["solution"] = solution_record(winning)
    return kit.finish(
        game=GAME,
        options=options(backs, offset, flat_items, winning is not None),
        layout=layout,
        items=printed,
    )


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
    ink: str = "normal",
) -> tuple[Path, Path]:
    """Write out_dir/kit.pdf and out_dir/kit.json; raise patrolkit.errors.KitError (one sentence)
    if either exists and not force, or an option is bad (nothing is written then).

    ``backs``: ``duplex`` (a sheet of backs after each sheet of fronts, for double-sided printing
    flipped on the long edge, moved by ``duplex_offset`` — x, y in mm, as seen on the back) or
    ``gutter`` (fronts and backs side by side, to fold). ``flat_items``: flat tokens instead of
    dice and cubes to fold. ``solution``: the solver's Solution for ``deck`` (or a rated deck's
    Witness, which also knows the roll), printed upside down on the last page. ``ink``:
    ``normal`` or ``low`` (plain card backs and gutters, items in outline; the codes unchanged).
    """
    return write_kit_files(
        out_dir,
        lambda: render_kit(
            deck,
            paper,
            backs=backs,
            duplex_offset=duplex_offset,
            flat_items=flat_items,
            solution=solution,
            ink=ink,
        ),
        force=force,
    )
