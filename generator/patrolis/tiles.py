"""Patrolis step tiles and objective tokens, each drawn where its sheet puts it.

A **step tile** is cut 1 mm smaller than its cell (:data:`patrolkit.sizes.Patrolis.TILE_MM`), so a
row of generous cuts never pushes a neighbour across a cell line. Its QR code is centred on it,
and its line — straight from the middle of one edge to the middle of the opposite edge, a
quarter circle joining two neighbouring edges, or both straights for a crossing "+" — keeps the
cell's proportions, so tiles laid a little apart still join edge middle to edge middle. Across
the code the line is a band in a light tint of the owner's colour: under it the code's light
modules take the tint and its dark modules a dark shade of the colour, so the code still reads
as light and dark. Between the code and the tile's edges the line's ends are in the owner's full
colour (:data:`LINE_END_GAP_MODULES`), so the players see a strong line running from tile to
tile. With the code upright the straight runs north–south and the curve joins north and east;
each quarter turn clockwise adds one to the tile's rotation. The line carries its owner's
pattern in white (:data:`PLAYER_PATTERN`: plain, stripes, dots, checks, a grid, a cross-hatch)
over its whole length, so players who do not tell the colours apart, or who printed in grey,
still know whose step it is from across the table. The pattern only lightens the code's light
modules, so the code reads as before. The tile carries no other mark: its margin (2.15 mm on A4)
is the code's quiet zone, and a mark there would sit on the cut.

**Tiles per player** are the steps dealt (60 each for two players … 20 for six). One in ten,
and at least two, are crossings (a "+" is only laid over a straight step of another line); the
rest are half straights and half curves, the odd one a straight: a track heading for an
objective runs straight and turns about as often, and one crossing is rarely laid per few turns.
The rules engine counts steps, not shapes.

An **objective** is a cell-sized token with a frame of its colour round its QR code. The frame
carries its colour's pattern (:data:`OBJECTIVE_PATTERN`: blue plain, red stripes, green dots,
yellow dark checks), which runs into the bleed like the colour: a 2.2 mm frame has no room for a
letter 2 mm inside the cut. Each colour's points and pattern are named above the objectives on
their sheet.

Tiles lie edge to edge on their sheets (:mod:`generator.patrolis.piece_pages`), cut along the marks
at the block's edges: every cut runs straight across the sheet. Objectives have a bleed and gaps
between them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO

from generator import qr
from generator.page import (
    MM,
    WHITE,
    Sheet,
    colour,
)
from generator.pieces import draw_pattern, ring_clip
from patrolkit.games.patrolis import DEFAULT_OBJECTIVES, Colour, Shape, dealt_tiles
from patrolkit.i18n import N_
from patrolkit.manifest import Box, Item
from patrolkit.payload import PatrolisObjective, PatrolisStep, encode
from patrolkit.sizes import QR_ERROR_CORRECTION, Patrolis

OBJECTIVE_BLEED_MM: Final = 1.5
SHAPE_NAME: Final = {Shape.STRAIGHT: "straight", Shape.CURVE: "curve", Shape.CROSS: "crossing"}
COLOUR_SHAPE: Final = {
    Colour.BLUE: "square",
    Colour.RED: "triangle",
    Colour.GREEN: "circle",
    Colour.YELLOW: "diamond",
}
PLAYER_PATTERN: Final = ("plain", "stripes", "dots", "checker", "grid", "crosshatch")
"""Each player's pattern on their tiles' line, Player 1 first: with the six colours' tints (which
print at nearly the same grey) the pattern tells the players apart in grey and for every kind of
colour-blindness."""
PLAYER_PATTERN_PITCH: Final = 0.12
"""The pattern repeats every 0.12 cell (2.4 mm on a 20 mm cell): its marks are 0.8 to 1.3 mm,
larger than a code's module, so the eye tells them from the code."""
PLAYER_PATTERN_COVERAGE: Final = 0.5
"""The pattern's white covers about half the line: the line's tint stays the player's colour,
and the pattern is the strongest difference between two players' tiles."""
LINE_END_GAP_MODULES: Final = 1.0
"""The line's ends, in the owner's full colour, stop one module short of the code. Measured on
a sheet of 120 tiles seen at 5.2, 4 and 3.5 px/mm with blur, noise and JPEG (zxing-cpp on each
tile): with a module of tint between them and the code, the tiles read as often as with no dark
ends (240, 238 and 105 of 240 against 240, 237 and 67); touching the code, far less (170, 147
and 78). Across the code the line stays a light tint for the same reason: a tint of luminance
150 instead of 185 reads 102 of 240 tiles at 4 px/mm instead of 237."""
OBJECTIVE_PATTERN: Final[dict[Colour, tuple[str, str | Color]]] = {
    Colour.BLUE: ("plain", WHITE),
    Colour.RED: ("stripes", WHITE),
    Colour.GREEN: ("dots", WHITE),
    Colour.YELLOW: ("checker", "#1A1A1A"),
}
"""Each objective colour's pattern and the pattern's ink, over the whole frame."""
OBJECTIVE_PATTERN_PITCH_MM: Final = 2.2
PATTERN_WORD: Final = {
    "plain": N_("plain"),
    "stripes": N_("stripes"),
    "dots": N_("dots"),
    "checker": N_("checks"),
    "grid": N_("grid"),
    "crosshatch": N_("cross-hatch"),
}
"""How the sheets' keys name each pattern, in English: said with ``_(PATTERN_WORD[name])``."""
LETTER_INK: Final[dict[Colour, str | Color]] = {
    Colour.BLUE: WHITE,
    Colour.RED: WHITE,
    Colour.GREEN: WHITE,
    Colour.YELLOW: "#1A1A1A",
}


# -- what is printed ----------------------------------------------------------------------------


@dataclass(frozen=True)
class StepTile:
    """One step tile: its shape, its owner (0 = Player 1) and its serial number among the
    owner's tiles (from 1)."""

    shape: Shape
    player: int
    serial: int

    @property
    def payload(self) -> str:
        return encode(PatrolisStep(self.shape.value, self.player + 1, self.serial))

    @property
    def id(self) -> str:
        return f"step-{self.player + 1}-{self.serial:02d}"


@dataclass(frozen=True)
class ObjectiveToken:
    """One objective: its colour and which of the two of that colour it is (1 or 2)."""

    colour: Colour
    number: int

    @property
    def payload(self) -> str:
        return encode(PatrolisObjective(self.colour.value, self.number))

    @property
    def id(self) -> str:
        return f"objective-{self.colour.value}{self.number}"


def tiles_for(players: int) -> list[StepTile]:
    """Every player's tiles, Player 1 first; each player's straights, then curves, then
    crossings, numbered from 1 (:func:`patrolkit.games.patrolis.dealt_tiles`)."""
    return [StepTile(shape, player, serial) for shape, player, serial in dealt_tiles(players)]


def objectives() -> list[ObjectiveToken]:
    """The eight objectives: first of each colour, then the second of each."""
    colours = list(dict.fromkeys(DEFAULT_OBJECTIVES))
    return [ObjectiveToken(colour, n) for n in (1, 2) for colour in colours]


# -- one step tile ------------------------------------------------------------------------------


def draw_tile(sheet: Sheet, tile: StepTile, x: float, y: float, cell: float) -> Item:
    """``tile`` for ``cell`` mm cells (so :data:`Patrolis.TILE_MM` wide) with its trim box's
    top-left corner at page mm ``(x, y)``, code upright."""
    side = Patrolis.TILE_MM[cell]
    width = Patrolis.TILE_LINE * cell
    module = Patrolis.TILE_MODULE_MM[cell]
    qx, qy, _, _ = Patrolis.tile_qr_box(cell)
    tint = Patrolis.PLAYER_TINT[tile.player]
    shade = Patrolis.PLAYER_SHADE[tile.player]
    symbol = qr.symbol(
        tile.payload, version=Patrolis.TOKEN_QR_VERSION, error_correction=QR_ERROR_CORRECTION
    )
    sheet.rect(x, y, side, side, fill=WHITE)
    record = qr.draw(sheet, symbol, x + qx, y + qy, module, quiet_modules=round(qx / module, 3))
    canvas = sheet.canvas
    canvas.saveState()
    tile_clip = canvas.beginPath()
    tile_clip.rect(*sheet.point(x, y + side), side * MM, side * MM)
    canvas.clipPath(tile_clip, stroke=0, fill=0)
    band, mode = _band(sheet, tile.shape, x, y, side, width)
    canvas.clipPath(band, stroke=0, fill=0, fillMode=mode)
    sheet.rect(x, y, side, side, fill=tint)
    draw_player_pattern(sheet, tile.player, x, y, side, PLAYER_PATTERN_PITCH * cell)
    under = qr.Symbol(
        symbol.payload,
        symbol.version,
        symbol.error_correction,
        _under_band(symbol.modules, tile.shape, side, width, qx, module),
    )
    qr.draw(sheet, under, x + qx, y + qy, module, quiet_modules=0, ink=shade, light=None)
    canvas.restoreState()
    _draw_line_ends(sheet, tile, x, y, cell)
    return Item(
        id=tile.id,
        role="step",
        sheet=sheet.page,
        cut=Box(x, y, side, side),
        qr=record,
        attrs={
            "shape": SHAPE_NAME[tile.shape],
            "player": tile.player + 1,
            "serial": tile.serial,
            "colour": Patrolis.PLAYER_NAME[tile.player],
        },
    )


def _draw_line_ends(sheet: Sheet, tile: StepTile, x: float, y: float, cell: float) -> None:
    """The line's ends, between the tile's edge and its code, in the owner's full colour and
    pattern; they stop :data:`LINE_END_GAP_MODULES` short of the code."""
    side = Patrolis.TILE_MM[cell]
    qx, qy, qs, _ = Patrolis.tile_qr_box(cell)
    gap = LINE_END_GAP_MODULES * Patrolis.TILE_MODULE_MM[cell]
    canvas = sheet.canvas
    canvas.saveState()
    ring = canvas.beginPath()
    ring.rect(*sheet.point(x, y + side), side * MM, side * MM)
    ring.rect(
        *sheet.point(x + qx - gap, y + qy + qs + gap), (qs + 2 * gap) * MM, (qs + 2 * gap) * MM
    )
    canvas.clipPath(ring, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
    band, mode = _band(sheet, tile.shape, x, y, side, Patrolis.TILE_LINE * cell)
    canvas.clipPath(band, stroke=0, fill=0, fillMode=mode)
    sheet.rect(x, y, side, side, fill=Patrolis.PLAYER_INK[tile.player])
    draw_player_pattern(sheet, tile.player, x, y, side, PLAYER_PATTERN_PITCH * cell)
    canvas.restoreState()


def draw_player_pattern(
    sheet: Sheet, player: int, x: float, y: float, side: float, pitch: float
) -> None:
    """Player ``player``'s pattern (0 = Player 1) in white, repeating every ``pitch`` mm, over
    the square of ``side`` mm at page mm ``(x, y)`` from its corner. Draw it inside a clip (a
    tile's line, a key's swatch)."""
    draw_pattern(
        sheet,
        PLAYER_PATTERN[player],
        (x, y, side, side),
        ink=WHITE,
        pitch=pitch,
        coverage=PLAYER_PATTERN_COVERAGE,
    )


@lru_cache(maxsize=1024)
def _under_band(
    modules: tuple[tuple[bool, ...], ...],
    shape: Shape,
    side: float,
    width: float,
    offset: float,
    module: float,
) -> tuple[tuple[bool, ...], ...]:
    """The dark modules that the line ``width`` mm wide on a tile ``side`` mm wide may touch (a
    module's width to spare); the rest are dropped, so the code is drawn a second time, in the
    owner's shade, only where it matters."""
    half = width / 2 + module
    middle = side / 2

    def near(r: int, c: int) -> bool:
        u, v = offset + (c + 0.5) * module, offset + (r + 0.5) * module
        if shape is Shape.CURVE:
            return abs(math.hypot(side - u, v) - middle) <= half
        across = abs(u - middle) <= half
        return across or (shape is Shape.CROSS and abs(v - middle) <= half)

    return tuple(
        tuple(dark and near(r, c) for c, dark in enumerate(row)) for r, row in enumerate(modules)
    )


def _band(
    sheet: Sheet, shape: Shape, x: float, y: float, side: float, width: float
) -> tuple[object, int]:
    """The line ``width`` mm wide on the tile ``side`` mm wide at page mm ``(x, y)``, as a
    clipping path (page points) and its fill rule: it leaves each edge at the edge's middle, so
    lines run on from tile to tile whatever the cell round the tile."""
    canvas = sheet.canvas
    path = canvas.beginPath()
    half = width / 2
    if shape is Shape.CURVE:
        cx, cy = sheet.point(x + side, y)
        path.circle(cx, cy, (side / 2 + half) * MM)
        path.circle(cx, cy, (side / 2 - half) * MM)
        return path, FILL_EVEN_ODD
    path.rect(*sheet.point(x + side / 2 - half, y + side), 2 * half * MM, side * MM)
    if shape is Shape.CROSS:
        path.rect(*sheet.point(x, y + side / 2 + half), side * MM, 2 * half * MM)
    return path, FILL_NON_ZERO


def draw_tile_line(
    sheet: Sheet, shape: Shape, x: float, y: float, cell: float, ink: str, *, rotation: int = 0
) -> None:
    """A tile's line alone, in ``ink``, turned ``rotation`` quarter turns clockwise (for the
    rules' pictures and the cover's key)."""
    with sheet.frame(x + cell / 2, y + cell / 2, rotate=90 * rotation):
        canvas = sheet.canvas
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(*sheet.point(-cell / 2, cell / 2), cell * MM, cell * MM)
        canvas.clipPath(clip, stroke=0, fill=0)
        band, mode = _band(sheet, shape, -cell / 2, -cell / 2, cell, Patrolis.TILE_LINE * cell)
        canvas.setFillColor(colour(ink))
        canvas.drawPath(band, stroke=0, fill=1, fillMode=mode)
        canvas.restoreState()


# -- one objective ------------------------------------------------------------------------------


def draw_objective(sheet: Sheet, token: ObjectiveToken, x: float, y: float, cell: float) -> Item:
    """``token`` with its trim box's top-left corner at page mm ``(x, y)``."""
    ink = Patrolis.OBJECTIVE_INK[token.colour.value]
    frame = Patrolis.OBJECTIVE_FRAME_MM[cell]
    module = Patrolis.OBJECTIVE_MODULE_MM[cell]
    bleed = OBJECTIVE_BLEED_MM
    sheet.rect(x - bleed, y - bleed, cell + 2 * bleed, cell + 2 * bleed, fill=ink)
    sheet.rect(x + frame, y + frame, cell - 2 * frame, cell - 2 * frame, fill=WHITE)
    qx, qy, _, _ = Patrolis.objective_qr_box(cell)
    symbol = qr.symbol(
        token.payload, version=Patrolis.TOKEN_QR_VERSION, error_correction=QR_ERROR_CORRECTION
    )
    quiet = (qx - frame) / module
    record = qr.draw(sheet, symbol, x + qx, y + qy, module, quiet_modules=round(quiet, 3))
    pattern, pattern_ink = OBJECTIVE_PATTERN[token.colour]
    outside = (x - bleed, y - bleed, cell + 2 * bleed, cell + 2 * bleed)
    with ring_clip(sheet, outside, (x + frame, y + frame, cell - 2 * frame, cell - 2 * frame)):
        pitch = OBJECTIVE_PATTERN_PITCH_MM
        draw_pattern(
            sheet,
            pattern,
            outside,
            ink=pattern_ink,
            pitch=pitch,
            origin=(x + frame / 2 - pitch / 2, y + frame / 2 - pitch / 2),
        )
    return Item(
        id=token.id,
        role="objective",
        sheet=sheet.page,
        cut=Box(x, y, cell, cell),
        qr=record,
        attrs={
            "colour": token.colour.word,
            "letter": token.colour.value,
            "number": token.number,
            "points": token.colour.points,
        },
    )


def draw_shape(
    sheet: Sheet, which: Colour, cx: float, cy: float, r: float, ink: str | Color
) -> None:
    """The shape of colour ``which`` centred on ``(cx, cy)``, about ``2 r`` across."""
    if which is Colour.BLUE:
        sheet.rect(cx - 0.85 * r, cy - 0.85 * r, 1.7 * r, 1.7 * r, fill=ink)
    elif which is Colour.RED:
        sheet.polygons(
            [[(cx - r, cy + 0.8 * r), (cx, cy - 0.95 * r), (cx + r, cy + 0.8 * r)]], fill=ink
        )
    elif which is Colour.GREEN:
        sheet.circle(cx, cy, 0.9 * r, fill=ink)
    else:
        sheet.polygons([[(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]], fill=ink)
