"""QR codes drawn as vectors: one even-odd path per code, tracing the union of its dark modules.

The ``qrcode`` library only computes the module matrix (error correction and version fixed by the
caller, no border); the outline is traced here so adjacent modules share no edge and the printed
code shows no hairline seams. The quiet zone is painted light, so whatever lies beneath stays out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

import qrcode
import qrcode.constants
import qrcode.exceptions
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import FILL_EVEN_ODD

from generator.page import MM, WHITE, Sheet, colour
from patrolkit.manifest import Box, QrCode

_LEVELS = {
    "L": qrcode.constants.ERROR_CORRECT_L,
    "M": qrcode.constants.ERROR_CORRECT_M,
    "Q": qrcode.constants.ERROR_CORRECT_Q,
    "H": qrcode.constants.ERROR_CORRECT_H,
}

Point = tuple[int, int]


@dataclass(frozen=True)
class Symbol:
    """A QR code's module matrix (``True`` = dark; row 0 at the top) and how it was built."""

    payload: str
    version: int
    error_correction: str
    modules: tuple[tuple[bool, ...], ...]

    @property
    def size(self) -> int:
        """Modules per side."""
        return len(self.modules)


@lru_cache(maxsize=512)
def symbol(payload: str, *, version: int, error_correction: str) -> Symbol:
    """The module matrix of ``payload`` at exactly ``version`` and ``error_correction``.

    Raises :class:`ValueError` if the payload does not fit that version.
    """
    code = qrcode.QRCode(
        version=version, error_correction=_LEVELS[error_correction], box_size=1, border=0
    )
    code.add_data(payload, optimize=0)
    try:
        code.make(fit=False)
    except qrcode.exceptions.DataOverflowError:
        raise ValueError(
            f"'{payload}' does not fit a version-{version} QR code at level {error_correction}"
        ) from None
    if code.version != version:
        raise ValueError(f"'{payload}' was built as version {code.version}, not {version}")
    matrix = tuple(tuple(bool(m) for m in row) for row in code.get_matrix())
    if len(matrix) != 17 + 4 * version:
        raise ValueError(f"unexpected QR matrix size {len(matrix)} for version {version}")
    return Symbol(payload, version, error_correction, matrix)


# Directions as (dx, dy) in module units, y down, in clockwise order.
_RIGHT, _DOWN, _LEFT, _UP = (1, 0), (0, 1), (-1, 0), (0, -1)
_CLOCKWISE = (_RIGHT, _DOWN, _LEFT, _UP)


@lru_cache(maxsize=512)
def outline(modules: tuple[tuple[bool, ...], ...]) -> tuple[tuple[Point, ...], ...]:
    """The boundary of the union of dark modules as closed loops of module-grid corners.

    Each boundary edge is walked with the dark side on its right (clockwise around dark areas,
    counter-clockwise around light holes). Where two dark modules touch only at a corner the walk
    turns right, hugging the module it came along. Collinear points are dropped. Every edge is
    used once, so filled even-odd the loops cover exactly the dark modules.
    """
    rows, cols = len(modules), len(modules[0])

    def dark(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and modules[r][c]

    edges: dict[Point, list[Point]] = {}

    def add(start: Point, end: Point) -> None:
        edges.setdefault(start, []).append(end)

    for r in range(rows):
        for c in range(cols):
            if not modules[r][c]:
                continue
            if not dark(r - 1, c):
                add((c, r), (c + 1, r))
            if not dark(r, c + 1):
                add((c + 1, r), (c + 1, r + 1))
            if not dark(r + 1, c):
                add((c + 1, r + 1), (c, r + 1))
            if not dark(r, c - 1):
                add((c, r + 1), (c, r))

    loops: list[tuple[Point, ...]] = []
    for start in list(edges):
        while edges.get(start):
            loop = [start]
            point, heading = start, None
            while True:
                ends = edges[point]
                end = _pick(point, ends, heading)
                ends.remove(end)
                heading = (end[0] - point[0], end[1] - point[1])
                point = end
                if point == start:
                    break
                loop.append(point)
            loops.append(_simplify(loop))
    return tuple(loops)


def _pick(point: Point, ends: list[Point], heading: tuple[int, int] | None) -> Point:
    """The next edge out of ``point``: where two leave (a corner touch), turn right."""
    if len(ends) == 1 or heading is None:
        return ends[0]
    right_turn = _CLOCKWISE[(_CLOCKWISE.index(heading) + 1) % 4]
    for end in ends:
        if (end[0] - point[0], end[1] - point[1]) == right_turn:
            return end
    return ends[0]


def _simplify(loop: list[Point]) -> tuple[Point, ...]:
    """Drop the points where the outline goes straight on."""
    kept = []
    n = len(loop)
    for i, (x, y) in enumerate(loop):
        px, py = loop[i - 1]
        nx, ny = loop[(i + 1) % n]
        if (x - px, y - py) != (nx - x, ny - y):
            kept.append((x, y))
    return tuple(kept)


def draw(
    sheet: Sheet,
    code: Symbol,
    x: float,
    y: float,
    module_mm: float,
    *,
    quiet_modules: float,
    ink: str = "#000000",
    light: str | Color | None = WHITE,
) -> QrCode:
    """Draw ``code`` upright with its module area's top-left corner at page mm ``(x, y)``.

    The quiet zone (``quiet_modules`` wide on every side) and the light modules are painted
    ``light`` first (white; ``None`` leaves what lies beneath, for a code drawn again in another
    ink over a light tint). Returns the manifest record of the code, its box in the page frame.
    """
    side = code.size * module_mm
    quiet = quiet_modules * module_mm
    if light is not None:
        sheet.rect(x - quiet, y - quiet, side + 2 * quiet, side + 2 * quiet, fill=light)
    # The path is written in whole modules, in a frame scaled to one module, y down: small exact
    # numbers in the PDF, and one even-odd fill for the whole code.
    canvas = sheet.canvas
    canvas.saveState()
    canvas.translate(*sheet.point(x, y))
    canvas.scale(module_mm * MM, -module_mm * MM)
    canvas.setFillColor(colour(ink))
    path = canvas.beginPath()
    for loop in outline(code.modules):
        path.moveTo(*loop[0])
        for point in loop[1:]:
            path.lineTo(*point)
        path.close()
    canvas.drawPath(path, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)
    canvas.restoreState()
    return QrCode(
        payload=code.payload,
        box=Box(x, y, side, side),
        modules=code.size,
        module_mm=module_mm,
        error_correction=code.error_correction,
        quiet_modules=quiet_modules,
    )


def moved(record: QrCode, dx: float, dy: float) -> QrCode:
    """``record`` with its box moved by ``(dx, dy)`` mm, its corner rounded to 0.1 µm: a code
    drawn in a frame, as the page frame sees it."""
    b = record.box
    return replace(record, box=Box(round(b.x + dx, 4), round(b.y + dy, 4), b.width, b.height))
