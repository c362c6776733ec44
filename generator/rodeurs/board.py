"""The Rôdeurs board page: the 7 x 9 grid, its labels and legend, and the four QR fiducials.

Everything is drawn in the board frame (mm from the grid's top-left corner, y down), so the board
is the same on every paper; only its origin on the page changes (the board is centred).

Cells are told apart without colour too: white cells are plain paper, black cells are dark with a
light inner border, the grey middle row is hatched. The marks sit near the cell edges, in the band
a centred 21 mm token leaves free. A small disc in each cell's corner names the pawn that starts
there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from generator import qr
from generator.page import BOLD, FONT, INK, SOFT_INK, WHITE, Ink, Paper, Sheet, text_width
from patrolkit.errors import KitError
from patrolkit.games.rodeurs import (
    COLUMN_NAMES,
    COLUMNS,
    MIDDLE_ROW,
    ROWS,
    CellColour,
    Layout,
    PawnColour,
    square,
)
from patrolkit.games.rodeurs.fairness import Rating, percent
from patrolkit.i18n import N_, _, ngettext, pgettext
from patrolkit.manifest import BoardGeometry, Fiducial
from patrolkit.payload import Corner, RodeursFiducial, encode
from patrolkit.sizes import PAWN_INK, QR_ERROR_CORRECTION, Rodeurs

CELL: Final = Rodeurs.CELL_MM
WIDTH: Final = Rodeurs.GRID_WIDTH_MM
HEIGHT: Final = Rodeurs.GRID_HEIGHT_MM

BLACK_CELL: Final = "#2B2B2B"
BLACK_MARK: Final = "#F2F2F2"
GREY_CELL: Final = "#CFCFCF"
GREY_HATCH: Final = "#7A7A7A"
LOW_INK_CELLS: Final = {BLACK_CELL: "#B0B0B0", GREY_CELL: "#EBEBEB"}
"""A low-ink board's dark cells and grey row: the same light inner border and the same hatching
on lighter greys, still far apart from each other and from white paper (about 176, 235 and
255 of 255, the grey row's hatching darker than its ground)."""
GRID_LINE: Final = "#5A5A5A"
BORDER_MM: Final = 0.6
BLACK_MARK_INSET_MM: Final = 1.1
"""The light border of a black cell runs this far inside its edges (in the band around a token)."""
HATCH_STEP_MM: Final = 2.5
FIDUCIAL_QUIET_MODULES: Final = 4.0
"""Light paper kept around each fiducial: nothing else is printed within 4 modules (2.6 mm)."""
LABEL_SIZE: Final = 9.0
LEGEND_SIZE: Final = 7.5
CAPTION_SIZE: Final = 7.5
CODE_SIZE: Final = 9.0
RATING_SIZES: Final = (6.5, 6.0, 5.5, 5.0)
"""Sizes the rating is printed at: the largest that fits between the captions."""
RATING_GAP_MM: Final = 3.0
"""Paper kept between the rating and the captions beside it."""
DISC_RADIUS_MM: Final = 1.65
DISC_INSET_MM: Final = 3.4
"""A start disc's centre sits this far from its cell's left and bottom edges."""
LETTER_INK: Final = {"R": "#000000", "Y": "#000000", "G": "#FFFFFF"}
"""The ink that contrasts with each pawn colour, for the colour's letter printed on it."""
PAWN_LETTER: Final = {PawnColour.RED: "R", PawnColour.YELLOW: "Y", PawnColour.GREEN: "G"}
"""Each pawn colour's letter in payloads, the manifest and the ink tables (the same in every
language); :func:`shown_letter` is the letter printed for a player to read."""
PAWN_NAME: Final = {
    PawnColour.RED: N_("red"),
    PawnColour.YELLOW: N_("yellow"),
    PawnColour.GREEN: N_("green"),
}
"""Each pawn colour's name, as the manifest records it; say it to a player with ``_()``."""
LAYOUT_NAMES: Final = {"classic": N_("classic"), "random": N_("random")}
"""The layouts patrolkit names itself (a hand-made layout's name is printed as written)."""

_STRIP_LEFT: Final = Rodeurs.FIDUCIAL_MM + 5.0
"""Left end of the text strips between the fiducials (clear of their quiet zones)."""


def grid_origin(paper: Paper) -> tuple[float, float]:
    """Top-left corner of the grid on ``paper`` (page mm): the board is centred on the page."""
    return (round((paper.width - WIDTH) / 2, 3), round((paper.height - HEIGHT) / 2, 3))


def shown_letter(colour: PawnColour) -> str:
    """The letter printed on a pawn of ``colour`` in the pictures and the board's start discs:
    its colour's initial in the language in force (``R``, ``Y``, ``G`` in English)."""
    if colour is PawnColour.RED:
        return pgettext("pawn letter", "R")
    if colour is PawnColour.YELLOW:
        return pgettext("pawn letter", "Y")
    return pgettext("pawn letter", "G")


def jumps_text(diagonal: bool) -> str:
    if diagonal:
        return _("jumps in straight lines and diagonals")
    return _("straight jumps only, no diagonals")


def colour_count(colour: PawnColour, count: int) -> str:
    """``12 red`` (pawns), in the language in force."""
    if colour is PawnColour.RED:
        text = ngettext("{count} red", "{count} red", count)
    elif colour is PawnColour.YELLOW:
        text = ngettext("{count} yellow", "{count} yellow", count)
    else:
        text = ngettext("{count} green", "{count} green", count)
    return text.format(count=count)


def mix_text(layout: Layout) -> str:
    mix = layout.mix
    return ", ".join(colour_count(colour, mix[colour]) for colour in PAWN_NAME)


def layout_name(layout: Layout) -> str:
    """The layout's name as printed: ours translated, a hand-made one as written."""
    known = LAYOUT_NAMES.get(layout.name)
    return layout.name if known is None else _(known)


def layout_text(layout: Layout) -> str:
    """``classic``, ``random, seed 42`` and so on."""
    if layout.seed is None:
        return layout_name(layout)
    return _("{layout}, seed {seed}").format(layout=layout_name(layout), seed=layout.seed)


def draw_board(
    sheet: Sheet, layout: Layout, origin: tuple[float, float], rating: Rating | None = None
) -> BoardGeometry:
    """Draw ``layout``'s board with its grid's top-left corner at page mm ``origin``, with its
    fairness ``rating`` in small print between the bottom captions if given.

    Returns the board geometry for the manifest (fiducial boxes in the board frame).
    """
    with sheet.frame(*origin):
        _cells(sheet, layout)
        _grid(sheet)
        _start_discs(sheet, layout)
        _labels(sheet)
        fiducials = tuple(_fiducial(sheet, corner, layout.board.code) for corner in Corner)
        _legend(sheet)
        _caption(sheet, layout)
        if rating is not None:
            _rating(sheet, layout, rating)
    return BoardGeometry(
        sheet=sheet.page,
        origin=origin,
        columns=COLUMNS,
        rows=ROWS,
        cell_mm=CELL,
        fiducials=fiducials,
    )


def cell_fill(sheet: Sheet, fill: str) -> str:
    """The grey ``fill`` (:data:`BLACK_CELL` or :data:`GREY_CELL`) as ``sheet``'s ink prints it."""
    return fill if sheet.ink is Ink.NORMAL else LOW_INK_CELLS[fill]


def _cells(sheet: Sheet, layout: Layout) -> None:
    inset = BLACK_MARK_INSET_MM
    for row in range(ROWS):
        for column in range(COLUMNS):
            x, y, w, h = Rodeurs.cell_box(column, row)
            if layout.board.colour(square(column, row)) is CellColour.BLACK:
                sheet.rect(x, y, w, h, fill=cell_fill(sheet, BLACK_CELL))
                sheet.rect(
                    x + inset, y + inset, w - 2 * inset, h - 2 * inset, stroke=BLACK_MARK, line=0.45
                )
    _hatched_band(sheet, 0.0, Rodeurs.cell_box(0, MIDDLE_ROW)[1], WIDTH, CELL)


def _hatched_band(sheet: Sheet, x: float, y: float, width: float, height: float) -> None:
    """A grey rectangle hatched with lines rising to the right, drawn without clipping."""
    sheet.rect(x, y, width, height, fill=cell_fill(sheet, GREY_CELL))
    step = HATCH_STEP_MM
    d = step
    while d < width + height:
        # The line u + v = d in the band's own frame (v measured up from its bottom edge).
        u0, u1 = max(0.0, d - height), min(width, d)
        sheet.line(
            x + u0,
            y + height - (d - u0),
            x + u1,
            y + height - (d - u1),
            stroke=GREY_HATCH,
            width=0.3,
        )
        d += step


def _grid(sheet: Sheet) -> None:
    for column in range(1, COLUMNS):
        sheet.line(column * CELL, 0, column * CELL, HEIGHT, stroke=GRID_LINE, width=0.25)
    for row in range(1, ROWS):
        sheet.line(0, row * CELL, WIDTH, row * CELL, stroke=GRID_LINE, width=0.25)
    sheet.rect(0, 0, WIDTH, HEIGHT, stroke=INK, line=BORDER_MM)


def _start_discs(sheet: Sheet, layout: Layout) -> None:
    """A small disc of the starting pawn's colour, with its letter, in each cell's corner."""
    for row in range(ROWS):
        for column in range(COLUMNS):
            pawn = layout.start[square(column, row)]
            if pawn is None:
                continue
            x, y, _width, h = Rodeurs.cell_box(column, row)
            _disc(sheet, x + DISC_INSET_MM, y + h - DISC_INSET_MM, pawn)


def _disc(sheet: Sheet, x: float, y: float, pawn: PawnColour) -> None:
    """A start disc centred on ``(x, y)``: the pawn's colour with its letter, a white rim."""
    letter = PAWN_LETTER[pawn]
    sheet.circle(x, y, DISC_RADIUS_MM, fill=PAWN_INK[letter], stroke=WHITE, line=0.3)
    sheet.centred_glyphs(x, y, shown_letter(pawn), size=5.2, fill=LETTER_INK[letter])


def _labels(sheet: Sheet) -> None:
    """Column letters above and below the grid, row numbers left and right (row 1 at the bottom)."""
    for column, name in enumerate(COLUMN_NAMES):
        x = (column + 0.5) * CELL
        sheet.text(x, -1.5, name, size=LABEL_SIZE, font=BOLD, fill=SOFT_INK, align="centre")
        sheet.text(x, HEIGHT + 3.4, name, size=LABEL_SIZE, font=BOLD, fill=SOFT_INK, align="centre")
    for row in range(ROWS):
        y = Rodeurs.cell_box(0, row)[1] + CELL / 2
        for x in (-4.2, WIDTH + 4.2):
            sheet.centred_glyphs(x, y, str(row + 1), size=LABEL_SIZE, fill=SOFT_INK)


def _fiducial(sheet: Sheet, corner: Corner, code: str) -> Fiducial:
    x, y = Rodeurs.fiducial_origin(corner)
    symbol = qr.symbol(
        encode(RodeursFiducial(corner, code)),
        version=Rodeurs.FIDUCIAL_QR_VERSION,
        error_correction=QR_ERROR_CORRECTION,
    )
    record = qr.draw(
        sheet, symbol, x, y, Rodeurs.FIDUCIAL_MODULE_MM, quiet_modules=FIDUCIAL_QUIET_MODULES
    )
    return Fiducial(corner.value, record)


def _legend(sheet: Sheet) -> None:
    """Who owns which cells, and what the corner discs mean, between the two top fiducials."""
    top = Rodeurs.fiducial_origin(Corner.NW)[1]
    first, second = top + 5.2, top + 11.4
    x = _key(sheet, _STRIP_LEFT, first, _swatch_white, _("White district"), _("first player"))
    _key(sheet, x + 6.0, first, _swatch_black, _("Black district"), _("second player"))
    x = _key(sheet, _STRIP_LEFT, second, _swatch_grey, _("Grey row"), _("nobody's district"))
    _key(
        sheet,
        x + 6.0,
        second,
        _swatch_disc,
        pgettext("start disc", "Start"),
        _("the pawn colour to set on the cell"),
    )


def _key(
    sheet: Sheet,
    x: float,
    baseline: float,
    swatch: Callable[[Sheet, float, float], None],
    name: str,
    meaning: str,
) -> float:
    """A 4 mm swatch and ``name — meaning`` beside it; returns where the text ends."""
    swatch(sheet, x, baseline - 3.2)
    x += 4.0 + 1.8
    head = f"{name} — "
    sheet.text(x, baseline, head, size=LEGEND_SIZE, font=BOLD)
    x += text_width(head, LEGEND_SIZE, BOLD)
    sheet.text(x, baseline, meaning, size=LEGEND_SIZE, font=FONT)
    return x + text_width(meaning, LEGEND_SIZE, FONT)


def _swatch_white(sheet: Sheet, x: float, y: float) -> None:
    sheet.rect(x, y, 4.0, 4.0, fill=WHITE, stroke=INK, line=0.2)


def _swatch_black(sheet: Sheet, x: float, y: float) -> None:
    sheet.rect(x, y, 4.0, 4.0, fill=cell_fill(sheet, BLACK_CELL))
    sheet.rect(x + 0.6, y + 0.6, 2.8, 2.8, stroke=BLACK_MARK, line=0.25)


def _swatch_grey(sheet: Sheet, x: float, y: float) -> None:
    _hatched_band(sheet, x, y, 4.0, 4.0)
    sheet.rect(x, y, 4.0, 4.0, stroke=INK, line=0.2)


def _swatch_disc(sheet: Sheet, x: float, y: float) -> None:
    _disc(sheet, x + 2.0, y + 2.0, PawnColour.RED)


def _caption_lines(layout: Layout) -> tuple[tuple[str, str], tuple[str, str]]:
    """The bottom captions: (code, jumps) on the left, (layout, pawns) on the right."""
    return (
        (
            _("Rôdeurs board {code}").format(code=layout.board.code),
            jumps_text(layout.board.diagonal).capitalize(),
        ),
        (
            _("Layout: {layout}").format(layout=layout_text(layout)),
            _("Pawns: {mix}").format(mix=mix_text(layout)),
        ),
    )


def _caption(sheet: Sheet, layout: Layout) -> None:
    """The board code, the jump option and the layout, between the two bottom fiducials."""
    top = Rodeurs.fiducial_origin(Corner.SW)[1]
    (code, jumps), (named, pawns) = _caption_lines(layout)
    sheet.text(_STRIP_LEFT, top + 5.2, code, size=CODE_SIZE, font=BOLD)
    sheet.text(_STRIP_LEFT, top + 11.0, jumps, size=CAPTION_SIZE)
    sheet.text(WIDTH - _STRIP_LEFT, top + 5.2, named, size=CAPTION_SIZE, align="right")
    sheet.text(WIDTH - _STRIP_LEFT, top + 11.0, pawns, size=CAPTION_SIZE, align="right")


def rating_lines(rating: Rating) -> tuple[str, str]:
    """The rating as the board prints it: the first player's score, then its 95 % interval
    and what it was measured with.

    >>> from patrolkit.games.rodeurs.fairness import Rating
    >>> rating_lines(Rating(160, 80, 2, 78, 0.4, (1, 1), 0, 5000))
    ('First player scores 51%', '(43%–58%) in 160 games, level 1')
    """
    levels = rating.levels
    if levels[0] == levels[1]:
        detail = ngettext(
            "({interval}) in {games} game, level {level}",
            "({interval}) in {games} games, level {level}",
            rating.games,
        ).format(interval=rating.score_interval, games=rating.games, level=levels[0])
    else:
        detail = ngettext(
            "({interval}) in {games} game, levels {first}/{second}",
            "({interval}) in {games} games, levels {first}/{second}",
            rating.games,
        ).format(
            interval=rating.score_interval, games=rating.games, first=levels[0], second=levels[1]
        )
    return _("First player scores {percent}").format(percent=percent(rating.score)), detail


def rating_room(layout: Layout) -> tuple[float, float]:
    """Where the rating may be printed: from and to (board-frame mm, x) between the bottom
    captions, their gaps kept."""
    (code, jumps), (named, pawns) = _caption_lines(layout)
    left = _STRIP_LEFT + max(
        text_width(code, CODE_SIZE, BOLD), text_width(jumps, CAPTION_SIZE, FONT)
    )
    right = (
        WIDTH
        - _STRIP_LEFT
        - max(text_width(named, CAPTION_SIZE, FONT), text_width(pawns, CAPTION_SIZE, FONT))
    )
    return left + RATING_GAP_MM, right - RATING_GAP_MM


def _rating(sheet: Sheet, layout: Layout, rating: Rating) -> None:
    """The rating in two centred lines between the bottom captions, at the largest of
    :data:`RATING_SIZES` that fits; :class:`KitError` if none does (a very long layout name)."""
    top = Rodeurs.fiducial_origin(Corner.SW)[1]
    head, detail = rating_lines(rating)
    left, right = rating_room(layout)
    for size in RATING_SIZES:
        if max(text_width(head, size, BOLD), text_width(detail, size, FONT)) <= right - left:
            break
    else:
        raise KitError(
            _(
                "The layout's name '{name}' leaves no room on the board for the rating; give the"
                " layout file a shorter name."
            ).format(name=layout.name)
        )
    centre = (left + right) / 2
    sheet.text(centre, top + 5.2, head, size=size, font=BOLD, align="centre")
    sheet.text(centre, top + 11.0, detail, size=size, fill=SOFT_INK, align="centre")
