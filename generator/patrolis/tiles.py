"""Patrolis step tiles and objective tokens, each drawn where its sheet puts it.

A **step tile** is a cell's size. Its QR code is centred on it, and its line — straight from the
middle of one edge to the middle of the opposite edge, a quarter circle joining two neighbouring
edges, or both straights for a crossing "+" — runs across the code as a band in a light tint of
the owner's colour: under the band the code's light modules take the tint and its dark modules a
dark shade of the colour, so the code still reads as light and dark while the players see a
coloured line running from tile to tile. With the code upright the straight runs north–south and
the curve joins north and east; each quarter turn clockwise adds one to the tile's rotation.
The owner's number sits in the tile's corner that has no finder pattern (south-east, code
upright), so players who do not tell the colours apart still know whose step it is.

**Tiles per player** are the steps dealt (60 each for two players … 20 for six). One in ten,
and at least two, are crossings (a "+" is only laid over a straight step of another line); the
rest are half straights and half curves, the odd one a straight: a track heading for an
objective runs straight and turns about as often, and one crossing is rarely laid per few turns.
The rules engine counts steps, not shapes.

An **objective** is a cell-sized token with a frame of its colour, which carries the colour's
letter and points on each side and its shape in each corner (blue square, red triangle, green
circle, yellow diamond), round its QR code.

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
    BOLD,
    MM,
    WHITE,
    Sheet,
    colour,
)
from patrolkit.games.patrolis import DEFAULT_OBJECTIVES, STEPS_DEALT, Colour, Shape
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
LETTER_INK: Final[dict[Colour, str | Color]] = {
    Colour.BLUE: WHITE,
    Colour.RED: WHITE,
    Colour.GREEN: WHITE,
    Colour.YELLOW: "#1A1A1A",
}


# -- what is printed ----------------------------------------------------------------------------


def step_mix(steps: int) -> dict[Shape, int]:
    """How many straights, curves and crossings a player dealt ``steps`` steps receives."""
    crossings = max(2, round(steps / 10))
    curves = (steps - crossings) // 2
    return {Shape.STRAIGHT: steps - crossings - curves, Shape.CURVE: curves, Shape.CROSS: crossings}


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
    crossings, numbered from 1."""
    tiles = []
    for player in range(players):
        serial = 0
        for shape, count in step_mix(STEPS_DEALT[players]).items():
            for _ in range(count):
                serial += 1
                tiles.append(StepTile(shape, player, serial))
    return tiles


def objectives() -> list[ObjectiveToken]:
    """The eight objectives: first of each colour, then the second of each."""
    colours = list(dict.fromkeys(DEFAULT_OBJECTIVES))
    return [ObjectiveToken(colour, n) for n in (1, 2) for colour in colours]


# -- one step tile ------------------------------------------------------------------------------


def draw_tile(sheet: Sheet, tile: StepTile, x: float, y: float, cell: float) -> Item:
    """``tile`` with its trim box's top-left corner at page mm ``(x, y)``, code upright."""
    module = Patrolis.TILE_MODULE_MM[cell]
    qx, qy, _, _ = Patrolis.tile_qr_box(cell)
    tint = Patrolis.PLAYER_TINT[tile.player]
    shade = Patrolis.PLAYER_SHADE[tile.player]
    symbol = qr.symbol(
        tile.payload, version=Patrolis.TOKEN_QR_VERSION, error_correction=QR_ERROR_CORRECTION
    )
    sheet.rect(x, y, cell, cell, fill=WHITE)
    record = qr.draw(sheet, symbol, x + qx, y + qy, module, quiet_modules=round(qx / module, 3))
    canvas = sheet.canvas
    canvas.saveState()
    tile_clip = canvas.beginPath()
    tile_clip.rect(*sheet.point(x, y + cell), cell * MM, cell * MM)
    canvas.clipPath(tile_clip, stroke=0, fill=0)
    band, mode = _band(sheet, tile.shape, x, y, cell)
    canvas.clipPath(band, stroke=0, fill=0, fillMode=mode)
    sheet.rect(x, y, cell, cell, fill=tint)
    under = qr.Symbol(
        symbol.payload,
        symbol.version,
        symbol.error_correction,
        _under_band(symbol.modules, tile.shape, cell, qx, module),
    )
    qr.draw(sheet, under, x + qx, y + qy, module, quiet_modules=0, ink=shade, light=None)
    canvas.restoreState()
    # The owner's number in the corner without a finder pattern.
    cap = 0.6 * qx
    size = cap / 0.729 * MM
    sheet.centred_glyphs(
        x + cell - qx / 2, y + cell - qx / 2, str(tile.player + 1), size=size, fill=shade
    )
    return Item(
        id=tile.id,
        role="step",
        sheet=sheet.page,
        cut=Box(x, y, cell, cell),
        qr=record,
        attrs={
            "shape": SHAPE_NAME[tile.shape],
            "player": tile.player + 1,
            "serial": tile.serial,
            "colour": Patrolis.PLAYER_NAME[tile.player],
        },
    )


@lru_cache(maxsize=1024)
def _under_band(
    modules: tuple[tuple[bool, ...], ...], shape: Shape, cell: float, offset: float, module: float
) -> tuple[tuple[bool, ...], ...]:
    """The dark modules that the tile's line may touch (a module's width to spare); the rest are
    dropped, so the code is drawn a second time, in the owner's shade, only where it matters."""
    half = Patrolis.TILE_LINE * cell / 2 + module
    middle = cell / 2

    def near(r: int, c: int) -> bool:
        u, v = offset + (c + 0.5) * module, offset + (r + 0.5) * module
        if shape is Shape.CURVE:
            return abs(math.hypot(cell - u, v) - middle) <= half
        across = abs(u - middle) <= half
        return across or (shape is Shape.CROSS and abs(v - middle) <= half)

    return tuple(
        tuple(dark and near(r, c) for c, dark in enumerate(row)) for r, row in enumerate(modules)
    )


def _band(sheet: Sheet, shape: Shape, x: float, y: float, cell: float) -> tuple[object, int]:
    """The tile's line as a clipping path (page points) and its fill rule."""
    canvas = sheet.canvas
    path = canvas.beginPath()
    half = Patrolis.TILE_LINE * cell / 2
    if shape is Shape.CURVE:
        cx, cy = sheet.point(x + cell, y)
        path.circle(cx, cy, (cell / 2 + half) * MM)
        path.circle(cx, cy, (cell / 2 - half) * MM)
        return path, FILL_EVEN_ODD
    path.rect(*sheet.point(x + cell / 2 - half, y + cell), 2 * half * MM, cell * MM)
    if shape is Shape.CROSS:
        path.rect(*sheet.point(x, y + cell / 2 + half), cell * MM, 2 * half * MM)
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
        band, mode = _band(sheet, shape, -cell / 2, -cell / 2, cell)
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
    letter = f"{token.colour.value} {token.colour.points}"
    size = min(6.4, 0.72 * frame / 0.729 * MM)
    for turn in (0, 90, 180, 270):
        with sheet.frame(x + cell / 2, y + cell / 2, rotate=turn):
            sheet.centred_glyphs(
                0, cell / 2 - frame / 2, letter, size=size, font=BOLD, fill=LETTER_INK[token.colour]
            )
    r = 0.36 * frame
    for cx in (x + frame / 2, x + cell - frame / 2):
        for cy in (y + frame / 2, y + cell - frame / 2):
            draw_shape(sheet, token.colour, cx, cy, r, LETTER_INK[token.colour])
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
