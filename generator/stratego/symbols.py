"""What tells the ranks and the armies apart on paper: a symbol for every rank, and each army's
band (solid red, striped blue) and emblem (a disc, a diamond) — never colour alone."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

from generator.page import WHITE, Sheet, tint
from patrolkit.games.stratego import Army, Rank
from patrolkit.i18n import pgettext
from patrolkit.sizes.stratego import Stratego

SYMBOL_INK: Final = "#1A1A1A"
ARMY_LETTER: Final = {Army.RED: "R", Army.BLUE: "B"}


def army_ink(army: Army) -> str:
    return Stratego.ARMY_INK[ARMY_LETTER[army]]


def rank_mark(rank: Rank) -> str:
    """What the rank face shows beside the symbol: the rank's number, or ``B``/``F`` (the
    bomb's and the flag's initials, ``B``/``D`` in French)."""
    if rank is Rank.BOMB:
        return pgettext("stratego rank mark", "B")
    if rank is Rank.FLAG:
        return pgettext("stratego rank mark", "F")
    return str(rank.strength)


# -- army bands ---------------------------------------------------------------------------------


LOW_INK_BAND: Final = 0.25
"""A light band's share of its army's ink: a light tint for red, light stripes for blue, within
the band's edge line in full colour."""


def army_band(
    sheet: Sheet,
    army: Army,
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    light: bool = False,
) -> None:
    """A band of ``army``'s colour: solid for red, diagonal stripes on white for blue; a
    ``light`` band (a low-ink kit's, never round a piece's code, where the reader looks) tints
    the same in :data:`LOW_INK_BAND` of the ink inside the same edge line."""
    edge = army_ink(army)
    ink = tint(edge, LOW_INK_BAND) if light else edge
    if army is Army.RED:
        sheet.rect(x, y, width, height, fill=ink)
        if light:
            _edge_line(sheet, x, y, width, height, edge)
        return
    sheet.rect(x, y, width, height, fill=WHITE)
    with sheet.clip(x, y, width, height):
        pitch = 1.6
        span = width + height
        k = 0.0
        while k < span:
            sheet.polygons(
                [
                    [
                        (x + k, y),
                        (x + k + 0.8, y),
                        (x + k + 0.8 - height, y + height),
                        (x + k - height, y + height),
                    ]
                ],
                fill=ink,
            )
            k += pitch
    _edge_line(sheet, x, y, width, height, edge)


def _edge_line(sheet: Sheet, x: float, y: float, width: float, height: float, ink: str) -> None:
    """The band's edge line, filled inside its edge."""
    # Filled inside the band's edge: no ink runs past a piece's trim, and the line is part of
    # the band's colour, not a mark of its own.
    k = 0.3
    sheet.polygons(
        [
            [(x, y), (x + width, y), (x + width, y + height), (x, y + height)],
            [(x + k, y + k), (x + width - k, y + k), (x + width - k, y + height - k),
             (x + k, y + height - k)],
        ],
        fill=ink,
    )  # fmt: skip


def army_emblem(sheet: Sheet, army: Army, cx: float, cy: float, size: float, ink: str) -> None:
    """``army``'s emblem centred on ``(cx, cy)``: a disc for red, a diamond for blue."""
    r = size / 2
    if army is Army.RED:
        sheet.circle(cx, cy, r, fill=ink)
    else:
        sheet.polygons([[(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]], fill=ink)


# -- rank symbols -------------------------------------------------------------------------------


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.42
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def _crown(s: Sheet, cx: float, cy: float, r: float) -> None:
    base = cy + r * 0.7
    s.polygons(
        [
            [
                (cx - r, base),
                (cx - r, cy - r * 0.55),
                (cx - r * 0.5, cy + r * 0.05),
                (cx, cy - r * 0.9),
                (cx + r * 0.5, cy + r * 0.05),
                (cx + r, cy - r * 0.55),
                (cx + r, base),
            ]
        ],
        fill=SYMBOL_INK,
    )


def _stars(count: int) -> Callable[[Sheet, float, float, float], None]:
    def draw(s: Sheet, cx: float, cy: float, r: float) -> None:
        small = r / count * 1.15
        for i in range(count):
            x = cx + (i - (count - 1) / 2) * small * 1.9
            s.polygons([_star(x, cy, small)], fill=SYMBOL_INK)

    return draw


def _diamond(s: Sheet, cx: float, cy: float, r: float) -> None:
    s.polygons(
        [[(cx, cy - r), (cx + r * 0.6, cy), (cx, cy + r), (cx - r * 0.6, cy)]], fill=SYMBOL_INK
    )


def _bars(count: int) -> Callable[[Sheet, float, float, float], None]:
    def draw(s: Sheet, cx: float, cy: float, r: float) -> None:
        bar, gap = r * 0.42, r * 0.3
        top = cy - (count * bar + (count - 1) * gap) / 2
        for i in range(count):
            s.rect(cx - r, top + i * (bar + gap), 2 * r, bar, fill=SYMBOL_INK)

    return draw


def _chevrons(s: Sheet, cx: float, cy: float, r: float) -> None:
    for i in range(3):
        y = cy - r * 0.75 + i * r * 0.62
        t = r * 0.3
        s.polygons(
            [
                [
                    (cx - r, y + r * 0.45),
                    (cx, y),
                    (cx + r, y + r * 0.45),
                    (cx + r, y + r * 0.45 + t),
                    (cx, y + t),
                    (cx - r, y + r * 0.45 + t),
                ]
            ],
            fill=SYMBOL_INK,
        )


def _shovel(s: Sheet, cx: float, cy: float, r: float) -> None:
    s.line(cx, cy - r, cx, cy + r * 0.1, stroke=SYMBOL_INK, width=r * 0.22, cap=1)
    s.line(cx - r * 0.35, cy - r, cx + r * 0.35, cy - r, stroke=SYMBOL_INK, width=r * 0.22, cap=1)
    s.polygons(
        [
            [
                (cx - r * 0.5, cy),
                (cx + r * 0.5, cy),
                (cx + r * 0.5, cy + r * 0.6),
                (cx, cy + r),
                (cx - r * 0.5, cy + r * 0.6),
            ]
        ],
        fill=SYMBOL_INK,
    )


def _arrow(s: Sheet, cx: float, cy: float, r: float) -> None:
    s.line(cx - r, cy, cx + r * 0.4, cy, stroke=SYMBOL_INK, width=r * 0.24)
    s.polygons(
        [[(cx + r, cy), (cx + r * 0.25, cy - r * 0.5), (cx + r * 0.25, cy + r * 0.5)]],
        fill=SYMBOL_INK,
    )
    s.line(cx - r, cy - r * 0.45, cx - r * 0.35, cy - r * 0.45, stroke=SYMBOL_INK, width=r * 0.14)
    s.line(cx - r, cy + r * 0.45, cx - r * 0.35, cy + r * 0.45, stroke=SYMBOL_INK, width=r * 0.14)


def _eye(s: Sheet, cx: float, cy: float, r: float) -> None:
    k = r * 0.8
    s.curve(
        [(cx - r, cy), (cx - r * 0.4, cy - k), (cx + r * 0.4, cy - k), (cx + r, cy)],
        stroke=SYMBOL_INK,
        width=r * 0.16,
    )
    s.curve(
        [(cx - r, cy), (cx - r * 0.4, cy + k), (cx + r * 0.4, cy + k), (cx + r, cy)],
        stroke=SYMBOL_INK,
        width=r * 0.16,
    )
    s.circle(cx, cy, r * 0.3, fill=SYMBOL_INK)


def _bomb(s: Sheet, cx: float, cy: float, r: float) -> None:
    s.circle(cx - r * 0.1, cy + r * 0.15, r * 0.72, fill=SYMBOL_INK)
    s.curve(
        [
            (cx + r * 0.35, cy - r * 0.4),
            (cx + r * 0.55, cy - r * 0.8),
            (cx + r * 0.8, cy - r * 0.7),
            (cx + r * 0.85, cy - r * 0.95),
        ],
        stroke=SYMBOL_INK,
        width=r * 0.14,
    )
    for dx, dy in ((0.25, 0.0), (-0.18, -0.18), (0.0, 0.25), (0.18, -0.18)):
        x, y = cx + r * 0.88, cy - r * 0.98
        s.line(x, y, x + r * dx, y + r * dy, stroke=SYMBOL_INK, width=r * 0.08)


def _flag(s: Sheet, cx: float, cy: float, r: float) -> None:
    s.line(cx - r * 0.6, cy - r, cx - r * 0.6, cy + r, stroke=SYMBOL_INK, width=r * 0.16)
    s.polygons(
        [[(cx - r * 0.55, cy - r), (cx + r, cy - r * 0.55), (cx - r * 0.55, cy - r * 0.1)]],
        fill=SYMBOL_INK,
    )
    s.line(cx - r, cy + r, cx - r * 0.2, cy + r, stroke=SYMBOL_INK, width=r * 0.16)


SYMBOLS: Final[dict[Rank, Callable[[Sheet, float, float, float], None]]] = {
    Rank.MARSHAL: _crown,
    Rank.GENERAL: _stars(2),
    Rank.COLONEL: _stars(1),
    Rank.MAJOR: _diamond,
    Rank.CAPTAIN: _bars(2),
    Rank.LIEUTENANT: _bars(1),
    Rank.SERGEANT: _chevrons,
    Rank.MINER: _shovel,
    Rank.SCOUT: _arrow,
    Rank.SPY: _eye,
    Rank.BOMB: _bomb,
    Rank.FLAG: _flag,
}
"""Every rank's symbol, drawn in a circle of radius ``r`` round ``(cx, cy)``: a crown, two stars,
one star, a diamond, two bars, one bar, three chevrons, a shovel, an arrow, an eye, a bomb, a
flag."""


def draw_symbol(sheet: Sheet, rank: Rank, cx: float, cy: float, radius: float) -> None:
    SYMBOLS[rank](sheet, cx, cy, radius)
