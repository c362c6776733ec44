"""The landscapes of 12 Patrols' card fronts, each drawn from the region's name (plains, canyon,
lake…) in the card frame and running into the bleed."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Final

from generator.page import INK, Sheet
from patrolkit.sizes import TwelvePatrols

WIDTH: Final = TwelvePatrols.CARD_WIDTH_MM
HEIGHT: Final = TwelvePatrols.CARD_HEIGHT_MM
BLEED: Final = TwelvePatrols.CARD_BLEED_MM
Painter = Callable[[Sheet, random.Random], None]
_LEFT, _RIGHT, _BOTTOM = -BLEED - 1.0, WIDTH + BLEED + 1.0, HEIGHT + BLEED + 1.0


def _ridge(
    sheet: Sheet,
    rng: random.Random,
    base: float,
    amplitude: float,
    fill: str,
    *,
    waves: int = 3,
    step: float = 1.5,
    shape: Callable[[float], float] | None = None,
) -> list[tuple[float, float]]:
    """Land from a wavy line about ``base`` (card mm, y down) to below the card; returns the
    line."""
    terms = [
        (
            rng.uniform(0.4, 1.0) * amplitude / (k + 1),
            rng.uniform(0.05, 0.12) * (k + 1),
            rng.uniform(0, 2 * math.pi),
        )
        for k in range(waves)
    ]
    top = []
    x = _LEFT
    while x <= _RIGHT + step:
        y = base + sum(a * math.sin(f * x + p) for a, f, p in terms)
        if shape is not None:
            y += shape(x)
        top.append((x, y))
        x += step
    sheet.polygons([[*top, (_RIGHT + step, _BOTTOM), (_LEFT, _BOTTOM)]], fill=fill)
    return top


def _sky(sheet: Sheet, colours: Sequence[str], horizon: float) -> None:
    """Bands of sky from the top of the bleed down to ``horizon``, lightest at the horizon."""
    band = (horizon + BLEED) / len(colours)
    for index, fill in enumerate(colours):
        y = -BLEED + index * band
        sheet.rect(_LEFT, y - 0.05, _RIGHT - _LEFT, band + 0.1 + (horizon - y), fill=fill)


def _sun(sheet: Sheet, x: float, y: float, radius: float, fill: str, halo: str) -> None:
    sheet.circle(x, y, radius * 1.45, fill=halo)
    sheet.circle(x, y, radius, fill=fill)


def _pine(sheet: Sheet, x: float, y: float, height: float, fill: str) -> None:
    """A fir tree standing at ``(x, y)``: three stacked triangles on a short trunk."""
    width = height * 0.5
    sheet.rect(x - height * 0.05, y - height * 0.12, height * 0.1, height * 0.14, fill="#5A3D26")
    for k in range(3):
        base = y - height * (0.1 + 0.26 * k)
        w = width * (1.0 - 0.24 * k)
        sheet.polygons(
            [[(x - w / 2, base), (x + w / 2, base), (x, base - height * 0.42)]], fill=fill
        )


def _height_at(line: Sequence[tuple[float, float]], x: float) -> float:
    """The y of a ridge line at ``x`` (the nearest sampled point)."""
    return min(line, key=lambda p: abs(p[0] - x))[1]


SKIES: Final = (
    ("#9ED3EE", "#B5DEF2", "#CDE8F5"),
    ("#F2C6B4", "#F6D6C6", "#FAE6DA"),
    ("#B9C7E8", "#CBD6EE", "#DDE5F4"),
)
"""Day, dawn and a pale evening: the sky a region is seen under, chosen by its name."""
FIELDS: Final = (
    ("#A9CF8A", "#86BA64", "#6AA24B", "#558C3A"),
    ("#E6CF7E", "#D6B85C", "#C49F45", "#A98A3A"),
    ("#C9C27A", "#A8B067", "#8C9A52", "#6F8442"),
)
"""Green pasture, ripe wheat, late summer: four bands of land, far to near."""


def _plains(sheet: Sheet, rng: random.Random) -> None:
    _sky(sheet, rng.choice(SKIES), 38.0)
    _sun(sheet, rng.uniform(12, 50), 30.0, 4.2, "#FFE27A", "#FFF1B8")
    far, middle, near, front = rng.choice(FIELDS)
    _ridge(sheet, rng, 36.0, 2.0, far)
    _ridge(sheet, rng, 42.0, 2.5, middle)
    line = _ridge(sheet, rng, 52.0, 3.0, near)
    for _ in range(rng.randint(1, 3)):
        x = rng.uniform(4, WIDTH - 4)
        _tree(sheet, x, _height_at(line, x) + 1.0, rng.uniform(5.0, 7.0))
    _ridge(sheet, rng, 72.0, 3.0, front)


def _tree(sheet: Sheet, x: float, y: float, height: float) -> None:
    """A round-topped tree standing at ``(x, y)``."""
    sheet.rect(x - height * 0.06, y - height * 0.45, height * 0.12, height * 0.45, fill="#6B4A2E")
    sheet.circle(x, y - height * 0.62, height * 0.32, fill="#4E8A3E")


def _valley(sheet: Sheet, rng: random.Random) -> None:
    _sky(sheet, rng.choice(SKIES), 36.0)
    _ridge(sheet, rng, 34.0, 1.5, "#9CC391", shape=lambda x: -0.012 * (x - WIDTH / 2) ** 2)
    _ridge(sheet, rng, 42.0, 1.5, "#7FB06C", shape=lambda x: -0.009 * (x - WIDTH / 2) ** 2)
    _ridge(sheet, rng, 62.0, 2.0, "#5F9848", shape=lambda x: -0.02 * (x - WIDTH / 2) ** 2 + 12)
    # A river winding out of the valley towards the viewer, widening as it comes.
    phase = rng.uniform(0, 2 * math.pi)
    river = []
    for k in range(0, 41):
        t = k / 40
        y = 40.0 + t * (HEIGHT + BLEED - 40.0)
        x = WIDTH / 2 + 8.0 * math.sin(t * 4.5 + phase) * t
        river.append((x, y, 1.2 + 11.0 * t * t))
    left = [(x - w / 2, y) for x, y, w in river]
    right = [(x + w / 2, y) for x, y, w in reversed(river)]
    sheet.polygons([left + right], fill="#6DB3DB")
    for x, y, w in river[8::6]:
        sheet.line(x - w / 4, y, x + w / 5, y, stroke="#A9D5EE", width=0.4, cap=1)


def _canyon(sheet: Sheet, rng: random.Random) -> None:
    _sky(sheet, ("#F3C98E", "#F7D8A8", "#FAE6C4"), 40.0)
    _sun(sheet, rng.uniform(15, 48), 29.0, 3.6, "#FFF3D6", "#FBE3B6")
    for base, fill, height in (
        (33.0, "#D99567", 9.0),
        (40.0, "#C7774A", 11.0),
        (50.0, "#AE5D35", 12.0),
    ):
        x = _LEFT - rng.uniform(0, 8)
        while x < _RIGHT:
            width = rng.uniform(12, 24)
            top = base - rng.uniform(0.3, 1.0) * height
            slope = rng.uniform(2.0, 4.0)
            sheet.polygons(
                [[(x, _BOTTOM), (x + slope, top), (x + width - slope, top), (x + width, _BOTTOM)]],
                fill=fill,
            )
            sheet.line(
                x + slope, top + 1.6, x + width - slope, top + 1.6, stroke="#8E4A2A", width=0.3
            )
            x += width + rng.uniform(-4, 4)
    _ridge(sheet, rng, 70.0, 2.0, "#C98E55")


def _forest(sheet: Sheet, rng: random.Random) -> None:
    _sky(sheet, ("#BFE0D2", "#D1E9DE", "#E2F1EA"), 36.0)
    far = _ridge(sheet, rng, 34.0, 2.0, "#6E9E78")
    for _ in range(12):
        x = rng.uniform(_LEFT, _RIGHT)
        _pine(sheet, x, _height_at(far, x) + 1.5, rng.uniform(7, 10), "#4C7F5A")
    near = _ridge(sheet, rng, 46.0, 2.5, "#4F8A4E")
    for _ in range(9):
        x = rng.uniform(_LEFT, _RIGHT)
        _pine(sheet, x, _height_at(near, x) + 2.0, rng.uniform(11, 15), "#2E6340")
    _ridge(sheet, rng, 66.0, 2.5, "#3E7440")


def _mountains(sheet: Sheet, rng: random.Random) -> None:
    _sky(sheet, ("#B4CDE6", "#C7DAEC", "#DCE7F2"), 40.0)
    x = _LEFT - 6.0
    while x < _RIGHT:
        width = rng.uniform(22, 34)
        peak = rng.uniform(22, 30)
        px = x + width * rng.uniform(0.4, 0.6)
        sheet.polygons([[(x, 50.0), (px, peak), (x + width, 50.0)]], fill="#8793A3")
        cap = 0.3
        sheet.polygons(
            [
                [
                    (px - (px - x) * cap, peak + (50.0 - peak) * cap),
                    (px, peak),
                    (px + (x + width - px) * cap, peak + (50.0 - peak) * cap),
                    (px + 1.0, peak + (50.0 - peak) * cap - 1.5),
                    (px - 1.2, peak + (50.0 - peak) * cap - 0.8),
                ]
            ],
            fill="#F2F7FB",
        )
        x += width * rng.uniform(0.55, 0.8)
    _ridge(sheet, rng, 48.0, 2.0, "#789C6E")
    _ridge(sheet, rng, 64.0, 3.0, "#5E8A55")


def _lake(sheet: Sheet, rng: random.Random) -> None:
    _sky(sheet, ("#A9D4EE", "#C2E1F3", "#DAEDF8"), 34.0)
    _ridge(sheet, rng, 33.0, 2.5, "#86AE90")
    sheet.rect(_LEFT, 38.0, _RIGHT - _LEFT, 30.0, fill="#5FA3CF")
    for _ in range(10):
        x, y = rng.uniform(0, WIDTH), rng.uniform(40.0, 62.0)
        sheet.line(x, y, x + rng.uniform(4, 9), y, stroke="#9CCBE6", width=0.5, cap=1)
    _ridge(sheet, rng, 40.0, 0.6, "#86AE90", shape=lambda x: 0 if x < 12 or x > 51 else 30)
    _ridge(sheet, rng, 68.0, 2.0, "#7DB263")


def _marsh(sheet: Sheet, rng: random.Random) -> None:
    _sky(sheet, ("#D2DFC8", "#DEE7D5", "#E9EFE2"), 38.0)
    _ridge(sheet, rng, 37.0, 1.0, "#9AAE78")
    _ridge(sheet, rng, 44.0, 1.2, "#8A9F62")
    for _ in range(7):
        x, y = rng.uniform(_LEFT, _RIGHT), rng.uniform(46, 80)
        w = rng.uniform(8, 16)
        sheet.polygons(
            [
                [
                    (x + w / 2 * math.cos(a), y + w / 6 * math.sin(a))
                    for a in (k * math.pi / 10 for k in range(20))
                ]
            ],
            fill="#86B4B0",
        )
    for _ in range(40):
        x, y = rng.uniform(_LEFT, _RIGHT), rng.uniform(45, 90)
        h = rng.uniform(3, 6)
        lean = rng.uniform(-1, 1)
        sheet.line(x, y, x + lean, y - h, stroke="#55683A", width=0.35, cap=1)
        if rng.random() < 0.35:
            sheet.line(
                x + lean, y - h, x + lean * 1.1, y - h - 1.4, stroke="#7A4E2C", width=0.8, cap=1
            )


def _coast(sheet: Sheet, rng: random.Random) -> None:
    _sky(sheet, ("#A1D2F0", "#BCE0F5", "#D6ECF8"), 38.0)
    sheet.rect(_LEFT, 38.0, _RIGHT - _LEFT, _BOTTOM - 38.0, fill="#3E8DC3")
    for _ in range(14):
        x, y = rng.uniform(_LEFT, _RIGHT), rng.uniform(40.0, 85.0)
        sheet.line(x, y, x + rng.uniform(3, 7), y, stroke="#8FC3E6", width=0.45, cap=1)
    side = rng.choice((-1, 1))

    def cliff(x: float) -> float:
        t = (x - WIDTH / 2) * side
        return 60.0 if t < -4 else -0.0

    top = _ridge(sheet, rng, 30.0, 1.5, "#C9B087", shape=cliff)
    _ridge(sheet, rng, 31.5, 1.5, "#7FB463", shape=lambda x: cliff(x) + 0.0)
    for x, y in top[::4]:
        if y < 45:
            sheet.line(x, y + 5, x + 2, y + 9, stroke="#A88F66", width=0.3)
    _sun(sheet, WIDTH / 2 - side * 14, 26.0, 3.4, "#FFF6D5", "#E9F4FA")


def _castle(sheet: Sheet, rng: random.Random) -> None:
    _sky(sheet, ("#D8C6E6", "#E6D7EE", "#F3E8F3"), 40.0)
    hill = _ridge(sheet, rng, 40.0, 1.0, "#89A873", shape=lambda x: 0.008 * (x - WIDTH / 2) ** 2)
    cx = WIDTH / 2 + rng.uniform(-8, 8)
    base = _height_at(hill, cx) + 1.0
    stone = "#6E6B78"
    sheet.rect(cx - 11, base - 9, 22, 9, fill=stone)
    for tx in (cx - 13, cx + 7):
        sheet.rect(tx, base - 15, 6, 15, fill=stone)
        for k in range(3):
            sheet.rect(tx + k * 2.2, base - 16.4, 1.4, 1.6, fill=stone)
    sheet.rect(cx - 3.5, base - 19, 7, 19, fill="#5F5C69")
    for k in range(3):
        sheet.rect(cx - 3.5 + k * 2.6, base - 20.4, 1.6, 1.6, fill="#5F5C69")
    sheet.line(cx, base - 20.4, cx, base - 25, stroke=INK, width=0.3)
    sheet.polygons([[(cx, base - 25), (cx + 4, base - 24), (cx, base - 23)]], fill="#C8423A")
    sheet.round_rect(cx - 1.6, base - 4.5, 3.2, 4.5, 1.4, fill="#3B2F2A")
    _ridge(sheet, rng, 60.0, 2.5, "#6E9658")


def _moor(sheet: Sheet, rng: random.Random) -> None:
    _sky(sheet, rng.choice((("#C4C9D9", "#D3D7E3", "#E3E5EC"), SKIES[1])), 38.0)
    far, near = rng.choice((("#A2889F", "#8C7089"), ("#B29A7A", "#9A7F5E"), ("#9AA48A", "#7F8C6C")))
    _ridge(sheet, rng, 36.0, 3.0, far)
    _ridge(sheet, rng, 46.0, 3.0, near)
    line = _ridge(sheet, rng, 58.0, 3.0, "#7A8C5A")
    for k in range(5):
        x = 4 + k * 13 + rng.uniform(-2, 2)
        y = _height_at(line, x)
        sheet.polygons(
            [[(x - 2.5, y + 1), (x - 1.8, y - 3.5), (x + 1.6, y - 4.0), (x + 2.6, y + 1)]],
            fill="#9A9A94",
        )
    _ridge(sheet, rng, 74.0, 2.5, "#66784A")


_MOTIFS: Final[tuple[tuple[tuple[str, ...], Painter], ...]] = (
    (("plain", "field", "meadow", "prairie", "steppe", "reach", "common", "rest", "road"), _plains),
    (("valley", "vale", "glen", "dale", "river", "ford", "ferry", "hollow"), _valley),
    (("canyon", "desert", "dune", "mesa", "gorge", "deep", "scar", "scarp"), _canyon),
    (("forest", "wood", "grove", "pine", "glade", "weald", "birche", "fir"), _forest),
    (("mount", "peak", "ridge", "crag", "summit", "pass", "tor", "leap", "fell"), _mountains),
    (("lake", "loch", "mere", "pond", "water"), _lake),
    (("marsh", "fen", "bog", "swamp", "mire"), _marsh),
    (("coast", "shore", "cliff", "bay", "sea", "cove", "isle", "head", "flat", "tide"), _coast),
    (("castle", "keep", "tower", "fort", "citadel", "gate", "abbey"), _castle),
    (("moor", "heath", "hill", "barrow", "down", "march"), _moor),
)
"""The landscapes, each with the words of a region's name that call for it."""


def motif(name: str, number: int) -> Painter:
    """The landscape for a region called ``name``: chosen by its last word that names a kind of
    land (``Blackwater Ford`` is a valley with its river), else by a word hidden in a compound
    (``Saltmarsh``), else by the card's number."""
    words = [w.strip("'").removesuffix("s") for w in name.lower().replace("'s", "").split()]
    for word in reversed(words):
        for keys, painter in _MOTIFS:
            if word in keys:
                return painter
    lowered = name.lower()
    for keys, painter in _MOTIFS:
        if any(key in lowered for key in keys):
            return painter
    return _MOTIFS[(number - 1) % len(_MOTIFS)][1]


def draw_landscape(sheet: Sheet, name: str, number: int) -> None:
    """The card's picture, over the whole card and its bleed; the same name draws the same land."""
    rng = random.Random(f"{name}/{number}")
    sheet.rect(_LEFT, -BLEED - 1.0, _RIGHT - _LEFT, _BOTTOM + BLEED + 1.0, fill="#CFE6F2")
    motif(name, number)(sheet, rng)
