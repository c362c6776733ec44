"""12 Patrols' dice and cubes to fold: each item's net of six faces with its glue tabs, and the nets
packed in rows on their sheets."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Final

from generator.page import BOLD, CAP_HEIGHT, MIN_MARGIN_MM, MM, SOFT_INK, Sheet, text_width
from generator.pieces import draw_heading
from generator.twelve_patrols.items import (
    COLOURS,
    CUBE,
    DIE,
    HEADER_MM,
    SERIALS,
    draw_blank_back,
    draw_cube_face,
    draw_die_face,
    item_attrs,
)
from patrolkit.games.twelve_patrols import Item as GameItem
from patrolkit.games.twelve_patrols import ItemColour, ItemKind
from patrolkit.i18n import N_, _
from patrolkit.manifest import Box, Item

FOLD_INK: Final = "#808080"
TAB_FILL: Final = "#E6E6E6"
DIE_TAB_MM: Final = 6.0
CUBE_TAB_MM: Final = 5.0
LABEL_PT: Final = 6.5
"""The size of a net's name."""
_NET_NOTE: Final = N_(
    "Cut along the solid lines, fold along the dashed ones (printed side out), and glue each grey "
    "tab under the face it meets."
)
NET_GAP_MM: Final = 4.0
"""Between two nets' outlines (tabs included) on a sheet."""

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
        where = {name: cell for name, cell, _unused in self.cells()}
        xs = [v for c, _unused2 in where.values() for v in (c * f, (c + 1) * f)]
        ys = [v for _unused3, r in where.values() for v in (r * f, (r + 1) * f)]
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
        left, top, _unused, _unused2 = self.bounds()
        return (x - left, y - top)


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


def label_box(net: Net) -> tuple[float, float, float, float]:
    """Where the net's name is printed, ``(left, top, right, bottom)`` in mm from the top-left
    corner of cell (0, 0): a free corner of the outline, clear of every glue tab (beside the face
    below the side faces when upright, under the end face that carries no tab when lying)."""
    f = net.face
    where = {name: cell for name, cell, _unused in net.cells()}
    width = text_width(label_text(net), LABEL_PT)
    cap = CAP_HEIGHT * LABEL_PT / MM
    if net.lying:
        c, r = where["D"]
        x, y = c * f + (f - width) / 2, (r + 1) * f + 4.0
    else:
        c, r = where["C"]
        x, y = (c + 1) * f + 2.0, (r + 1) * f - 2.0
    return (x, y - cap, x + width, y)


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
    left, _unused, _unused2, bottom = label_box(net)
    sheet.text(origin[0] + left, origin[1] + bottom, label_text(net), size=LABEL_PT, fill=SOFT_INK)


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
    for index, (w, _unused) in enumerate(sizes):
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


def draw_net_pages(sheet: Sheet, *, blank_backs: bool = False) -> list[Item]:
    """Every die and cube net from the current page on, each sheet followed by its blank back
    if ``blank_backs``; ends no page after its last one."""
    pieces = nets()
    pages = net_pages(*sheet.paper.size)
    items: list[Item] = []
    for number, page in enumerate(pages, start=1):
        if number > 1:
            sheet.next_page()
            if blank_backs:
                draw_blank_back(sheet, sheet.page - 1)
                sheet.next_page()
        kinds = {pieces[i].kind for i, _unused in page}
        if kinds == {"die"}:
            title = _("12 Patrols — dice to fold ({number} of {count})")
        elif kinds == {"cube"}:
            title = _("12 Patrols — cubes to fold ({number} of {count})")
        else:
            title = _("12 Patrols — cubes and dice to fold ({number} of {count})")
        draw_heading(sheet, title.format(number=number, count=len(pages)), _(_NET_NOTE))
        for index, (x, y) in page:
            items += draw_net(sheet, pieces[index], x, y)
    return items
