"""The 12 Patrols items the camera reads: paper dice and cubes to fold, or flat tokens.

A **die face** (28 mm) has a QR code at the top saying the die's colour, serial number and the
face's value, and below it a band with the die's name (``W1``: colour letter and serial) on a pill
of its colour, the pips in their usual pattern, and the value as a numeral. A **cube face** (22 mm)
has the same code on all six faces (colour and serial), the cube's colour as a wide frame carrying
its name on every side. The colour is told three ways: the ink, the letter, and the frame's shade
(white, light, dark), so it reads in black and white and by colour-blind players.

A **net** is the cross of six faces with seven glue tabs: solid lines are cut, dashed lines folded.
Opposite faces of a die add up to 7. **Flat tokens** (the no-fold option) are the same faces cut
out as squares: one token per die and value (54), one per cube (9), with their frame printed into
a bleed and crop marks outside each block.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Final

from generator import qr
from generator.page import (
    BOLD,
    CAP_HEIGHT,
    INK,
    MIN_MARGIN_MM,
    MM,
    SOFT_INK,
    WHITE,
    PieceGrid,
    Sheet,
    draw_heading,
)
from patrolkit.games.twelve_patrols import Item as GameItem
from patrolkit.games.twelve_patrols import ItemColour, ItemKind, item_payload
from patrolkit.manifest import Box, Item, QrCode
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
FOLD_INK: Final = "#808080"
TAB_FILL: Final = "#E6E6E6"
DIE_TAB_MM: Final = 6.0
CUBE_TAB_MM: Final = 5.0
NET_GAP_MM: Final = 4.0
"""Between two nets' outlines (tabs included) on a sheet."""
TOKEN_GAP_MM: Final = 2 * TwelvePatrols.TOKEN_BLEED_MM
MARK_CLEAR_MM: Final = 1.5
MARK_LENGTH_MM: Final = 3.2
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

# The net: a column of four faces with one face either side of the second. In grid cells
# (column, row) of the upright net, with the die's value on each face: opposite faces add up to 7.
_NET_FACES: Final = (
    ("A", (1, 0), 2),
    ("L", (0, 1), 3),
    ("B", (1, 1), 1),
    ("R", (2, 1), 4),
    ("C", (1, 2), 5),
    ("D", (1, 3), 6),
)
_NET_TABS: Final = (
    ("L", "top"),
    ("L", "bottom"),
    ("L", "left"),
    ("R", "top"),
    ("R", "bottom"),
    ("R", "right"),
    ("A", "top"),
)
"""The seven edges that carry a glue tab; each glues under the face edge it meets when folded."""
_TURN: Final = {"top": "right", "right": "bottom", "bottom": "left", "left": "top"}


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
    for turn in (0, 90, 180, 270):
        with sheet.frame(x + CUBE / 2, y + CUBE / 2, rotate=turn):
            sheet.centred_glyphs(
                0,
                CUBE / 2 - CUBE_FRAME / 2,
                f"{colour.value}{serial}",
                size=6.2,
                font=BOLD,
                fill=LETTER_INK[colour],
            )
    return record


# -- nets -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Net:
    """One die or cube to fold: ``kind`` ``die`` or ``cube``, its colour and serial (1..3), and
    whether it lies on its side on the sheet (the column of four faces running across)."""

    kind: str
    colour: ItemColour
    serial: int
    lying: bool = False

    @property
    def face(self) -> float:
        return DIE if self.kind == "die" else CUBE

    @property
    def tab(self) -> float:
        return DIE_TAB_MM if self.kind == "die" else CUBE_TAB_MM

    @property
    def name(self) -> str:
        return f"{self.colour.value}{self.serial}"

    def cells(self) -> list[tuple[str, tuple[int, int], int]]:
        """``(face, (column, row), value)`` of the six faces, in this net's own orientation."""
        if not self.lying:
            return list(_NET_FACES)
        return [(name, (3 - row, column), value) for name, (column, row), value in _NET_FACES]

    def tabs(self) -> list[tuple[str, str]]:
        return [(face, _TURN[side] if self.lying else side) for face, side in _NET_TABS]

    def bounds(self) -> tuple[float, float, float, float]:
        """The outline's extent, tabs included, from the top-left corner of cell (0, 0):
        ``(left, top, right, bottom)`` in mm."""
        f, t = self.face, self.tab
        where = {name: cell for name, cell, _ in self.cells()}
        xs = [v for c, _ in where.values() for v in (c * f, (c + 1) * f)]
        ys = [v for _, r in where.values() for v in (r * f, (r + 1) * f)]
        for face, side in self.tabs():
            c, r = where[face]
            if side == "top":
                ys.append(r * f - t)
            elif side == "bottom":
                ys.append((r + 1) * f + t)
            elif side == "left":
                xs.append(c * f - t)
            else:
                xs.append((c + 1) * f + t)
        return (min(xs), min(ys), max(xs), max(ys))

    @property
    def size(self) -> tuple[float, float]:
        """The net's outline, tabs included (mm)."""
        left, top, right, bottom = self.bounds()
        return (right - left, bottom - top)

    def origin(self, x: float, y: float) -> tuple[float, float]:
        """The top-left corner of cell (0, 0) when the net's outline starts at ``(x, y)``."""
        left, top, _, _ = self.bounds()
        return (x - left, y - top)


def draw_net(sheet: Sheet, net: Net, x: float, y: float) -> list[Item]:
    """``net`` with its outline's top-left corner at page mm ``(x, y)``; one item per face."""
    f, t = net.face, net.tab
    ox, oy = net.origin(x, y)
    cells = {name: (ox + c * f, oy + r * f) for name, (c, r), _ in net.cells()}
    occupied = {(round((fx - ox) / f), round((fy - oy) / f)) for fx, fy in cells.values()}
    for face, side in net.tabs():
        _tab(sheet, *cells[face], f, t, side)
    items = []
    for name, (column, row), value in net.cells():
        fx, fy = cells[name]
        if net.kind == "die":
            record = draw_die_face(sheet, net.colour, net.serial, value, fx, fy)
            items.append(
                Item(
                    id=f"die-{net.name}-{value}",
                    role="die-face",
                    sheet=sheet.page,
                    cut=Box(fx, fy, f, f),
                    qr=record,
                    attrs=_attrs(net.colour, net.serial, value=value),
                )
            )
        else:
            record = draw_cube_face(sheet, net.colour, net.serial, fx, fy)
            number = "ALBRCD".index(name) + 1
            items.append(
                Item(
                    id=f"cube-{net.name}-{number}",
                    role="cube-face",
                    sheet=sheet.page,
                    cut=Box(fx, fy, f, f),
                    qr=record,
                    attrs={**_attrs(net.colour, net.serial), "face": number},
                )
            )
        # Edges: folded where another face or a tab meets them, cut everywhere else.
        tabbed = {side for face, side in net.tabs() if face == name}
        neighbours = {
            "top": (column, row - 1),
            "bottom": (column, row + 1),
            "left": (column - 1, row),
            "right": (column + 1, row),
        }
        for side, cell in neighbours.items():
            start, end = _edge(fx, fy, f, side)
            if side in tabbed or cell in occupied:
                _dashed(sheet, *start, *end)
            else:
                sheet.line(*start, *end, width=0.3)
    _net_label(sheet, net, cells)
    return items


def _edge(x: float, y: float, f: float, side: str) -> tuple[tuple[float, float], ...]:
    return {
        "top": ((x, y), (x + f, y)),
        "bottom": ((x, y + f), (x + f, y + f)),
        "left": ((x, y), (x, y + f)),
        "right": ((x + f, y), (x + f, y + f)),
    }[side]


def _tab(sheet: Sheet, x: float, y: float, f: float, t: float, side: str) -> None:
    """A glue tab on ``side`` of the face at ``(x, y)``: a trapezoid with 45° ends, cut round."""
    (ax, ay), (bx, by) = _edge(x, y, f, side)
    nx, ny = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}[side]
    ux, uy = (bx - ax) / f, (by - ay) / f
    points = [
        (ax, ay),
        (ax + nx * t + ux * t, ay + ny * t + uy * t),
        (bx + nx * t - ux * t, by + ny * t - uy * t),
        (bx, by),
    ]
    sheet.polygons([points], fill=TAB_FILL)
    for (x1, y1), (x2, y2) in pairwise(points):
        sheet.line(x1, y1, x2, y2, width=0.3)
    cx, cy = (points[1][0] + points[2][0]) / 2, (points[1][1] + points[2][1]) / 2
    mx, my = (ax + bx) / 2, (ay + by) / 2
    turn = {"top": 0, "bottom": 180, "left": 270, "right": 90}[side]
    with sheet.frame((cx + mx) / 2, (cy + my) / 2, rotate=turn):
        sheet.centred_glyphs(0, 0, "glue", size=5.5, font=BOLD, fill=SOFT_INK)


def _dashed(sheet: Sheet, x1: float, y1: float, x2: float, y2: float) -> None:
    c = sheet.canvas
    c.saveState()
    c.setDash([1.2 * MM, 1.0 * MM])
    sheet.line(x1, y1, x2, y2, stroke=FOLD_INK, width=0.25)
    c.restoreState()


def _net_label(sheet: Sheet, net: Net, cells: dict[str, tuple[float, float]]) -> None:
    """The net's name in the free corner beside the face below the side faces."""
    x, y = cells["C"]
    f = net.face
    text = f"{COLOUR_NAME[net.colour]} {net.kind} {net.serial}"
    if net.lying:
        sheet.text(x + f / 2, y + f + net.tab + 4.0, text, size=6.5, fill=SOFT_INK, align="centre")
    else:
        sheet.text(x + f + 2.0, y + f - 2.0, text, size=6.5, fill=SOFT_INK)


def _attrs(colour: ItemColour, serial: int, **more: int) -> dict[str, object]:
    return {"colour": colour.value, "name": COLOUR_NAME[colour], "serial": serial, **more}


def nets() -> list[Net]:
    """The nine dice (upright) and the nine cubes (lying on their side, so six fit a sheet)."""
    dice = [Net("die", colour, serial) for colour in COLOURS for serial in SERIALS]
    cubes = [Net("cube", colour, serial, lying=True) for colour in COLOURS for serial in SERIALS]
    return dice + cubes


# -- packing pieces on sheets ---------------------------------------------------------------------

Placed = tuple[float, float]


def shelves(
    width: float, height: float, sizes: Sequence[tuple[float, float]], gap: float, top: float
) -> list[list[tuple[int, Placed]]]:
    """Pack pieces of ``sizes`` in order into rows, rows into pages: each row centred across a
    ``width`` page, rows from ``top`` down to the bottom margin. Returns, per page, the pieces'
    indexes and top-left corners."""
    bottom = height - MIN_MARGIN_MM - 1.0
    room = width - 2 * (MIN_MARGIN_MM + 1.0)
    rows: list[list[int]] = []
    for index, (w, _) in enumerate(sizes):
        if rows and sum(sizes[i][0] + gap for i in rows[-1]) + w <= room:
            rows[-1].append(index)
        else:
            rows.append([index])
    pages: list[list[tuple[int, Placed]]] = [[]]
    y = top
    for row in rows:
        row_height = max(sizes[i][1] for i in row)
        if y + row_height > bottom:
            pages.append([])
            y = top
        x = (width - (sum(sizes[i][0] for i in row) + gap * (len(row) - 1))) / 2
        for i in row:
            pages[-1].append((i, (round(x, 3), round(y, 3))))
            x += sizes[i][0] + gap
        y += row_height + gap
    return pages


def net_pages(width: float, height: float) -> list[list[tuple[int, Placed]]]:
    """Where every net goes: see :func:`shelves`."""
    return shelves(width, height, [net.size for net in nets()], NET_GAP_MM, HEADER_MM)


def draw_net_pages(sheet: Sheet) -> list[Item]:
    """Every die and cube net from the current page on; ends no page after its last one."""
    pieces = nets()
    pages = net_pages(*sheet.paper.size)
    items: list[Item] = []
    for number, page in enumerate(pages, start=1):
        if number > 1:
            sheet.next_page()
        kinds = sorted({pieces[i].kind for i, _ in page})
        what = " and ".join({"die": "dice", "cube": "cubes"}[k] for k in kinds)
        draw_heading(
            sheet,
            f"12 Patrols — {what} to fold ({number} of {len(pages)})",
            "Cut along the solid lines, fold along the dashed ones (printed side out), and glue "
            "each grey tab under the face it meets.",
        )
        for index, (x, y) in page:
            items += draw_net(sheet, pieces[index], x, y)
    return items


# -- flat tokens ----------------------------------------------------------------------------------


Token = tuple[ItemColour, int, int | None]
"""A flat token: colour, serial and value (``None`` for a cube)."""
TokenRow = tuple[str, tuple[Token, ...]]
"""A row of tokens of one kind (``die`` or ``cube``)."""


@dataclass(frozen=True)
class TokenBlock:
    """A block of flat tokens on one sheet: the grid and what each of its tokens is."""

    grid: PieceGrid
    kind: str
    tokens: tuple[Token, ...]


def _token_rows() -> list[TokenRow]:
    """One row per die (its six values), then the nine cubes in rows of six."""
    rows: list[TokenRow] = [
        ("die", tuple((colour, serial, value) for value in range(1, 7)))
        for colour in COLOURS
        for serial in SERIALS
    ]
    cubes: tuple[Token, ...] = tuple((c, serial, None) for c in COLOURS for serial in SERIALS)
    return [*rows, ("cube", cubes[:6]), ("cube", cubes[6:])]


def _token_block(width: float, top: float, rows: Sequence[TokenRow]) -> TokenBlock:
    """``rows`` of one kind as a grid of six columns centred across the page, from ``top``."""
    kind = rows[0][0]
    side = DIE if kind == "die" else CUBE
    tokens = tuple(token for _, row in rows for token in row)
    columns = 6
    left = (width - (columns * side + (columns - 1) * TOKEN_GAP_MM)) / 2
    grid = PieceGrid(
        round(left, 3),
        round(top, 3),
        columns,
        len(rows),
        len(tokens),
        side,
        side,
        TOKEN_GAP_MM,
        TwelvePatrols.TOKEN_BLEED_MM,
    )
    return TokenBlock(grid, kind, tokens)


def token_pages(width: float, height: float) -> list[list[TokenBlock]]:
    """Where the flat tokens go, sheet by sheet: as many rows a sheet as fit, a block of dice and
    a block of cubes kept apart by room for both blocks' crop marks."""
    outside = TwelvePatrols.TOKEN_BLEED_MM + MARK_CLEAR_MM + MARK_LENGTH_MM
    top = HEADER_MM + outside
    bottom = height - MIN_MARGIN_MM - 0.5 - outside
    pages: list[list[TokenBlock]] = [[]]
    y = start = top
    pending: list[TokenRow] = []
    for kind, tokens in _token_rows():
        side = DIE if kind == "die" else CUBE
        if pending and pending[-1][0] != kind:
            pages[-1].append(_token_block(width, start, pending))
            pending = []
            y += 2 * outside + 2.0 - TOKEN_GAP_MM
            start = y
        if y + side > bottom:
            if pending:
                pages[-1].append(_token_block(width, start, pending))
                pending = []
            pages.append([])
            y = start = top
        pending.append((kind, tokens))
        y += side + TOKEN_GAP_MM
    pages[-1].append(_token_block(width, start, pending))
    return pages


def draw_token_pages(sheet: Sheet) -> list[Item]:
    """Every flat token from the current page on; ends no page after its last one."""
    pages = token_pages(*sheet.paper.size)
    items: list[Item] = []
    for number, blocks in enumerate(pages, start=1):
        if number > 1:
            sheet.next_page()
        draw_heading(
            sheet,
            f"12 Patrols — flat dice and cubes ({number} of {len(pages)})",
            "Cut along the marks. Each row is one die, a token per face: roll any six-sided die "
            "for it and put out the token of the value rolled.",
        )
        for block in blocks:
            for index, token in enumerate(block.tokens):
                items.append(_draw_token(sheet, token, *block.grid.trim(index)))
            block.grid.crop_marks(sheet, clear=MARK_CLEAR_MM, length=MARK_LENGTH_MM)
    return items


def _draw_token(sheet: Sheet, token: Token, x: float, y: float) -> Item:
    colour, serial, value = token
    bleed = TwelvePatrols.TOKEN_BLEED_MM
    name = f"{colour.value}{serial}"
    if value is not None:
        return Item(
            id=f"die-token-{name}-{value}",
            role="die-token",
            sheet=sheet.page,
            cut=Box(x, y, DIE, DIE),
            qr=draw_die_face(sheet, colour, serial, value, x, y, bleed=bleed),
            attrs=_attrs(colour, serial, value=value),
        )
    return Item(
        id=f"cube-token-{name}",
        role="cube-token",
        sheet=sheet.page,
        cut=Box(x, y, CUBE, CUBE),
        qr=draw_cube_face(sheet, colour, serial, x, y, bleed=bleed),
        attrs=_attrs(colour, serial),
    )


def item_sheets(width: float, height: float, flat: bool) -> int:
    """How many sheets the items take on a ``width`` x ``height`` page."""
    return len(token_pages(width, height) if flat else net_pages(width, height))


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
