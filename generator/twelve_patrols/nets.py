"""12 Patrols' dice and cubes to fold: each item's net of six faces with its glue tabs, turned
any quarter turn, and the room it takes on a sheet (where the nets go is
:mod:`generator.twelve_patrols.net_sheets`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from itertools import pairwise
from typing import Final

from generator.page import BOLD, CAP_HEIGHT, MM, SOFT_INK, Sheet, text_width
from generator.twelve_patrols.items import (
    COLOURS,
    CUBE,
    DIE,
    SERIALS,
    draw_cube_face,
    draw_die_face,
    item_attrs,
)
from patrolkit.games.twelve_patrols import Item as GameItem
from patrolkit.games.twelve_patrols import ItemColour, ItemKind
from patrolkit.i18n import _
from patrolkit.manifest import Box, Item

FOLD_INK: Final = "#808080"
TAB_FILL: Final = "#E6E6E6"
DIE_TAB_MM: Final = 6.0
CUBE_TAB_MM: Final = 5.0
LABEL_PT: Final = 6.5
"""The size of a net's name."""
LABEL_ROOM_MM: Final = 20.0
"""The width kept for a net's name: the longest, ``yellow cube 3``, is 15.8 mm at
:data:`LABEL_PT` (``cube jaune 3`` 14.9 mm)."""
LABEL_DESCENT_MM: Final = 0.6
"""How far below its baseline a name's descenders reach (0.55 mm at :data:`LABEL_PT`)."""
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


# -- nets -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Net:
    """One die or cube to fold: ``kind`` ``die`` or ``cube``, its colour and serial (1..3), and
    how many quarter turns clockwise it lies turned on the sheet: 0 upright (the column of four
    faces running down, the die's face A at the top), 1 on its side (the column running across),
    2 upside down, 3 on its other side. The faces themselves are always printed upright."""

    kind: str
    colour: ItemColour
    serial: int
    turn: int = 0

    @property
    def face(self) -> float:
        return DIE if self.kind == "die" else CUBE

    @property
    def tab(self) -> float:
        return DIE_TAB_MM if self.kind == "die" else CUBE_TAB_MM

    @property
    def name(self) -> str:
        return f"{self.colour.value}{self.serial}"

    @property
    def lying(self) -> bool:
        """Whether the column of four faces runs across the sheet."""
        return self.turn % 2 == 1

    def turned(self, turn: int) -> Net:
        """This net, ``turn`` quarter turns clockwise from upright."""
        return replace(self, turn=turn % 4)

    def cells(self) -> list[tuple[str, tuple[int, int], int]]:
        """``(face, (column, row), value)`` of the six faces, in this net's own orientation."""
        turned = {
            0: lambda c, r: (c, r),
            1: lambda c, r: (3 - r, c),
            2: lambda c, r: (2 - c, 3 - r),
            3: lambda c, r: (r, 2 - c),
        }[self.turn]
        return [(name, turned(column, row), value) for name, (column, row), value in _NET_FACES]

    def tabs(self) -> list[tuple[str, str]]:
        turned = []
        for face, side in _NET_TABS:
            for _unused in range(self.turn):
                side = _TURN[side]
            turned.append((face, side))
        return turned

    def bounds(self) -> tuple[float, float, float, float]:
        """The outline's extent, tabs included, from the top-left corner of cell (0, 0):
        ``(left, top, right, bottom)`` in mm."""
        boxes = [*self.face_boxes(), *tab_boxes(self)]
        return (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )

    def face_boxes(self) -> list[tuple[float, float, float, float]]:
        """Every face's extent, ``(left, top, right, bottom)`` in mm from cell (0, 0)."""
        f = self.face
        return [
            (c * f, r * f, (c + 1) * f, (r + 1) * f) for _unused, (c, r), _unused2 in self.cells()
        ]

    @property
    def size(self) -> tuple[float, float]:
        """The net's outline, tabs included (mm)."""
        left, top, right, bottom = self.bounds()
        return (right - left, bottom - top)

    def origin(self, x: float, y: float) -> tuple[float, float]:
        """The top-left corner of cell (0, 0) when the net's outline starts at ``(x, y)``."""
        left, top, _unused, _unused2 = self.bounds()
        return (x - left, y - top)

    def parts(self) -> list[tuple[float, float, float, float]]:
        """What the net takes on the sheet, ``(left, top, right, bottom)`` in mm from its
        outline's top-left corner: its faces, the box round each glue tab and the room of its
        name. Another piece keeps clear of every part."""
        return list(_parts(self.kind, self.turn))


def draw_net(sheet: Sheet, net: Net, x: float, y: float) -> list[Item]:
    """``net`` with its outline's top-left corner at page mm ``(x, y)``; one item per face."""
    f, t = net.face, net.tab
    ox, oy = net.origin(x, y)
    cells = {name: (ox + c * f, oy + r * f) for name, (c, r), _unused in net.cells()}
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
                    attrs=item_attrs(net.colour, net.serial, value=value),
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
                    attrs={**item_attrs(net.colour, net.serial), "face": number},
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
    _net_label(sheet, net, (ox, oy))
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
        sheet.centred_glyphs(0, 0, _("glue"), size=5.5, font=BOLD, fill=SOFT_INK)


def _dashed(sheet: Sheet, x1: float, y1: float, x2: float, y2: float) -> None:
    c = sheet.canvas
    c.saveState()
    c.setDash([1.2 * MM, 1.0 * MM])
    sheet.line(x1, y1, x2, y2, stroke=FOLD_INK, width=0.25)
    c.restoreState()


def label_spot(net: Net) -> tuple[float, float, str]:
    """Where the net's name is printed, from the top-left corner of cell (0, 0): the point its
    baseline starts from, ends at or is centred on (``left``, ``right``, ``centre``). A free
    corner of the outline, clear of every glue tab: beside the face below the side faces when
    upright (the face above them when upside down), under the end face that carries no tab when
    on its side (above it on the other side)."""
    f = net.face
    where = {name: cell for name, cell, _unused in net.cells()}
    cap = CAP_HEIGHT * LABEL_PT / MM
    if net.lying:
        c, r = where["D"]
        y = (r + 1) * f + 4.0 if net.turn == 1 else r * f - 4.0 + cap
        return (c * f + f / 2, y, "centre")
    c, r = where["C"]
    if net.turn == 0:
        return ((c + 1) * f + 2.0, (r + 1) * f - 2.0, "left")
    return (c * f - 2.0, r * f + 2.0 + cap, "right")


def label_box(net: Net) -> tuple[float, float, float, float]:
    """The room kept for the net's name, ``(left, top, right, bottom)`` in mm from the top-left
    corner of cell (0, 0): :data:`LABEL_ROOM_MM` wide at its spot (:func:`label_spot`), from the
    capitals' top to the descenders' foot. The room is the same in every language, so the nets lie
    where they lie whatever the language."""
    x, y, align = label_spot(net)
    left = {"left": x, "centre": x - LABEL_ROOM_MM / 2, "right": x - LABEL_ROOM_MM}[align]
    cap = CAP_HEIGHT * LABEL_PT / MM
    return (left, y - cap, left + LABEL_ROOM_MM, y + LABEL_DESCENT_MM)


def tab_boxes(net: Net) -> list[tuple[float, float, float, float]]:
    """Every glue tab's extent, ``(left, top, right, bottom)`` in mm from cell (0, 0)."""
    f, t = net.face, net.tab
    where = {name: cell for name, cell, _unused in net.cells()}
    boxes = []
    for face, side in net.tabs():
        c, r = where[face]
        x, y = c * f, r * f
        boxes.append(
            {
                "top": (x, y - t, x + f, y),
                "bottom": (x, y + f, x + f, y + f + t),
                "left": (x - t, y, x, y + f),
                "right": (x + f, y, x + f + t, y + f),
            }[side]
        )
    return boxes


def label_text(net: Net) -> str:
    """The net's name beside it: ``white die 1``, ``blue cube 3``."""
    kind = ItemKind.DIE if net.kind == "die" else ItemKind.CUBE
    return GameItem(kind, net.colour, net.serial, 1 if net.kind == "die" else None).name


def _net_label(sheet: Sheet, net: Net, origin: tuple[float, float]) -> None:
    text = label_text(net)
    if text_width(text, LABEL_PT) > LABEL_ROOM_MM:
        raise ValueError(f"the net name '{text}' is wider than its room")
    x, y, align = label_spot(net)
    sheet.text(origin[0] + x, origin[1] + y, text, size=LABEL_PT, fill=SOFT_INK, align=align)


def nets() -> list[Net]:
    """The nine dice (upright) and the nine cubes (lying on their side, so six fit a sheet)."""
    dice = [Net("die", colour, serial) for colour in COLOURS for serial in SERIALS]
    cubes = [Net("cube", colour, serial, turn=1) for colour in COLOURS for serial in SERIALS]
    return dice + cubes


@cache
def _parts(kind: str, turn: int) -> tuple[tuple[float, float, float, float], ...]:
    """:meth:`Net.parts`, worked out once per kind and turn (colour and serial change nothing).
    The faces and tabs make four boxes upright: the column of four faces with face A's tab, the
    row of three with the side tabs, and the tabs above and below the side faces with the slices
    of A and C between them; then turned, with the name's room."""
    net = Net(kind, ItemColour.WHITE, 1, turn)
    f, t = net.face, net.tab
    upright = [
        (f, -t, 2 * f, 4 * f),
        (-t, f, 3 * f + t, 2 * f),
        (0.0, f - t, 3 * f, f),
        (0.0, 2 * f, 3 * f, 2 * f + t),
    ]
    boxes = [_turned_box(box, turn, f) for box in upright] + [label_box(net)]
    left, top, _unused, _unused2 = net.bounds()
    return tuple((a - left, b - top, c - left, d - top) for a, b, c, d in boxes)


def _turned_box(
    box: tuple[float, float, float, float], turn: int, f: float
) -> tuple[float, float, float, float]:
    """``box`` of the upright net (mm from cell (0, 0)) as it lies when the net is turned ``turn``
    quarter turns clockwise, the faces' grid keeping its top-left corner (as :meth:`Net.cells`)."""
    x0, y0, x1, y1 = box
    return {
        0: (x0, y0, x1, y1),
        1: (4 * f - y1, x0, 4 * f - y0, x1),
        2: (3 * f - x1, 4 * f - y1, 3 * f - x0, 4 * f - y0),
        3: (y0, 3 * f - x1, y1, 3 * f - x0),
    }[turn]
