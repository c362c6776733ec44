"""The 12 Patrols items the camera reads: paper dice and cubes to fold, or flat tokens.

A **die face** (28 mm) has a QR code at the top saying the die's colour, serial number and the
face's value, and below it a band with the die's name (``W1``: colour letter and serial) on a pill
of its colour, the pips in their usual pattern, and the value as a numeral. A **cube face** (22 mm)
has the same code on all six faces (colour and serial) and the cube's colour as a wide frame. The
colour is told by the ink and by the frame's shade (white, light, dark), so it reads in black and
white and by colour-blind players, and on a die also by the letter. Every mark stands at least
:data:`SAFE_MM` inside the face's edge: a cube's 2.6 mm frame has no room for its name there, so
the cube's name is printed beside its net (and a flat cube token carries none).

A **net** is the cross of six faces with seven glue tabs: solid lines are cut, dashed lines folded
(:mod:`generator.twelve_patrols.nets`). Opposite faces of a die add up to 7. **Flat tokens** (the
no-fold option, :mod:`generator.twelve_patrols.flat_tokens`) are the same faces cut out as squares:
one token per die and value (54), one per cube (9), with their frame printed into a bleed and crop
marks outside each block.
"""

from __future__ import annotations

from typing import Final

from generator import qr
from generator.page import BOLD, CAP_HEIGHT, INK, MARGIN_MM, MM, SOFT_INK, WHITE, Sheet
from patrolkit.games.twelve_patrols import Item as GameItem
from patrolkit.games.twelve_patrols import ItemColour, ItemKind, item_payload
from patrolkit.i18n import _
from patrolkit.manifest import QrCode
from patrolkit.payload import encode
from patrolkit.sizes import ITEM_INK, QR_ERROR_CORRECTION, TwelvePatrols

DIE: Final = TwelvePatrols.DIE_FACE_MM
CUBE: Final = TwelvePatrols.CUBE_FACE_MM
DIE_FRAME: Final = TwelvePatrols.DIE_FRAME_MM
CUBE_FRAME: Final = TwelvePatrols.CUBE_FRAME_MM
MODULE: Final = TwelvePatrols.ITEM_MODULE_MM
QUIET: Final = TwelvePatrols.ITEM_QUIET_MODULES
CODE_MM: Final = (17 + 4 * TwelvePatrols.ITEM_QR_VERSION) * MODULE
SERIALS: Final = (1, 2, 3)
COLOURS: Final = (ItemColour.WHITE, ItemColour.YELLOW, ItemColour.BLUE)
COLOUR_NAME: Final = {
    ItemColour.WHITE: "white",
    ItemColour.YELLOW: "yellow",
    ItemColour.BLUE: "blue",
}
FRAME_INK: Final = {
    ItemColour.WHITE: "#EDEDED",
    ItemColour.YELLOW: ITEM_INK["Y"],
    ItemColour.BLUE: ITEM_INK["B"],
}
"""A white item's frame is a very light grey, so it shows on the paper."""
LETTER_INK: Final = {ItemColour.WHITE: INK, ItemColour.YELLOW: INK, ItemColour.BLUE: WHITE}
LINE_CLEAR_MM: Final = 0.2
"""Between a code's quiet zone and the thin line round a face's white inside."""
SAFE_MM: Final = 2.0
"""Every mark on a face stands at least this far inside its edge; only the frame runs to it."""
HEADER_MM: Final = 22.0
"""Nothing but the sheet's heading above this line."""

# The standard pips on a 3 x 3 grid, (column, row) from -1 to 1.
PIPS: Final = {
    1: ((0, 0),),
    2: ((1, -1), (-1, 1)),
    3: ((1, -1), (0, 0), (-1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


# -- sheets ---------------------------------------------------------------------------------------


def item_page_count(sheets: int, blank_backs: bool) -> int:
    """Pages taken by ``sheets`` item sheets, each followed by its blank back if asked for."""
    return 2 * sheets if blank_backs else sheets


def draw_blank_back(sheet: Sheet, front: int) -> None:
    """The blank back of item sheet ``front``, on a page of its own: a line in the heading band
    (behind the front's heading, where nothing is cut) and nothing else, so the file printed
    double-sided as a whole puts no piece behind a die, a cube or a token."""
    sheet.text(
        MARGIN_MM,
        MARGIN_MM + 6.0,
        _(
            "Back of sheet {sheet}: left blank on purpose, so that no piece is printed behind "
            "the pieces to cut out."
        ).format(sheet=front),
        size=7.5,
        fill=SOFT_INK,
    )
    sheet.text(
        MARGIN_MM,
        MARGIN_MM + 10.0,
        _("Printing single-sided? Leave this page out."),
        size=7.5,
        fill=SOFT_INK,
    )


# -- payloads -------------------------------------------------------------------------------------


def die_payload(colour: ItemColour, serial: int, value: int) -> str:
    return encode(item_payload(GameItem(ItemKind.DIE, colour, serial, value)))


def cube_payload(colour: ItemColour, serial: int) -> str:
    return encode(item_payload(GameItem(ItemKind.CUBE, colour, serial)))


# -- faces ----------------------------------------------------------------------------------------


def _symbol(payload: str) -> qr.Symbol:
    return qr.symbol(
        payload, version=TwelvePatrols.ITEM_QR_VERSION, error_correction=QR_ERROR_CORRECTION
    )


def _frame(
    sheet: Sheet, colour: ItemColour, x: float, y: float, side: float, frame: float, bleed: float
) -> None:
    """The item's colour from ``bleed`` outside the face to ``frame`` inside it, white within."""
    sheet.rect(x - bleed, y - bleed, side + 2 * bleed, side + 2 * bleed, fill=FRAME_INK[colour])
    sheet.rect(x + frame, y + frame, side - 2 * frame, side - 2 * frame, fill=WHITE)


def _frame_line(sheet: Sheet, x: float, y: float, side: float, frame: float) -> None:
    """A thin line round the white inside, drawn last so the code's quiet zone leaves it whole."""
    sheet.rect(x + frame, y + frame, side - 2 * frame, side - 2 * frame, stroke=INK, line=0.25)


def draw_die_face(
    sheet: Sheet,
    colour: ItemColour,
    serial: int,
    value: int,
    x: float,
    y: float,
    *,
    bleed: float = 0.0,
) -> QrCode:
    """A die face with its top-left corner at page mm ``(x, y)``; returns its code's record."""
    _frame(sheet, colour, x, y, DIE, DIE_FRAME, bleed)
    code_x = x + (DIE - CODE_MM) / 2
    code_y = y + DIE_FRAME + LINE_CLEAR_MM + QUIET * MODULE
    record = qr.draw(
        sheet,
        _symbol(die_payload(colour, serial, value)),
        code_x,
        code_y,
        MODULE,
        quiet_modules=QUIET,
    )
    band_top = code_y + CODE_MM + QUIET * MODULE
    band_y = (band_top + y + DIE - DIE_FRAME) / 2
    _frame_line(sheet, x, y, DIE, DIE_FRAME)
    # The die's name, its colour's letter and its serial, on a pill of its colour.
    lx = x + DIE_FRAME + 4.0
    sheet.round_rect(
        lx - 3.2, band_y - 2.5, 6.4, 5.0, 2.5, fill=FRAME_INK[colour], stroke=INK, line=0.3
    )
    sheet.centred_glyphs(
        lx, band_y, f"{colour.value}{serial}", size=7.6, font=BOLD, fill=LETTER_INK[colour]
    )
    # The pips.
    px = x + DIE / 2
    pitch = 2.05
    for dx, dy in PIPS[value]:
        sheet.circle(px + dx * pitch, band_y + dy * pitch, 0.75, fill=INK)
    # The value.
    nx = x + DIE - DIE_FRAME - 3.7
    size = 5.2 / CAP_HEIGHT * MM
    sheet.centred_glyphs(nx, band_y, str(value), size=size, font=BOLD)
    return record


def draw_cube_face(
    sheet: Sheet, colour: ItemColour, serial: int, x: float, y: float, *, bleed: float = 0.0
) -> QrCode:
    """A cube face with its top-left corner at page mm ``(x, y)``; returns its code's record."""
    _frame(sheet, colour, x, y, CUBE, CUBE_FRAME, bleed)
    offset = (CUBE - CODE_MM) / 2
    quiet = round(((CUBE - 2 * CUBE_FRAME - CODE_MM) / 2 - LINE_CLEAR_MM) / MODULE, 3)
    record = qr.draw(
        sheet,
        _symbol(cube_payload(colour, serial)),
        x + offset,
        y + offset,
        MODULE,
        quiet_modules=quiet,
    )
    _frame_line(sheet, x, y, CUBE, CUBE_FRAME)
    return record


def item_attrs(colour: ItemColour, serial: int, **more: int) -> dict[str, object]:
    """An item's manifest attributes: its colour (letter and name), its serial, and ``more``."""
    return {"colour": colour.value, "name": COLOUR_NAME[colour], "serial": serial, **more}


def draw_glyph(sheet: Sheet, item: GameItem, x: float, y: float, size: float) -> None:
    """A small picture of ``item`` for the rules and the solution, in the ``size`` mm square at
    ``(x, y)``: a die is a rounded square of its colour with its pips, a cube a square with its
    colour's letter."""
    colour = item.colour
    if item.value is not None:
        sheet.round_rect(x, y, size, size, size * 0.2, fill=FRAME_INK[colour], stroke=INK, line=0.3)
        pip_ink = LETTER_INK[colour]
        for dx, dy in PIPS[item.value]:
            sheet.circle(
                x + size / 2 + dx * size * 0.27,
                y + size / 2 + dy * size * 0.27,
                size * 0.09,
                fill=pip_ink,
            )
    else:
        sheet.rect(x, y, size, size, fill=FRAME_INK[colour], stroke=INK, line=0.3)
        sheet.centred_glyphs(
            x + size / 2,
            y + size / 2,
            colour.value,
            size=size * 1.45,
            font=BOLD,
            fill=LETTER_INK[colour],
        )
