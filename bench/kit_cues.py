"""Print cues per kit: whether pieces of different colours differ in a grey print and for
colour-blind players, and how far every mark stands inside its cut.

Run from the repository root: ``python -m bench.kit_cues``; it prints its figures and saves them
to ``bench/results/kit_cues.json``. ``tests/generator/test_print_cues.py`` asserts the same
figures against the thresholds below.

The pieces are drawn with each kit's own drawing code (one piece per player colour, pawn colour,
army, patrol or item colour, on a page of their own) and rendered with pypdfium2 at
:data:`PX_PER_MM` pixels per millimetre.

**Colour cue.** Each rendered face is seen five ways: as printed, in grey (Rec. 601 luma of the
sRGB values, what a mono printer or a grey copy keeps), and through the simulated eyes of
protanopes, deuteranopes and tritanopes (Machado, Oliveira and Fernandes 2009, severity 1,
applied to linear RGB). Each view is reduced to CIE lightness L* (0 black, 100 white): for grey,
the L* of the grey level; for the simulations, the L* of the simulated colour. Lightness alone
is the hardest test: it ignores whatever hue a colour-blind eye still sees, so a pair that passes
here differs by a shape, a pattern or a clear difference in darkness, which every eye and every
printer keeps. Two pieces of a kind (the same shape, number, rank and arrows, only the colour
differing) are compared pixel by pixel, their QR codes' module boxes masked out (two codes always
differ) and, for a scout, only inside its octagon:

* ``mean_dl``: the mean absolute difference of L* over the compared pixels;
* ``cue_mm``: the longer side, in mm, of the box round the pixels whose L* differs by at least
  :data:`STRONG_DL` (a difference seen at a glance on a small area);
* ``cue_mm2``: the area of those pixels, in mm².

The pair **differs** in a view when ``mean_dl >= MIN_MEAN_DL``, ``cue_mm >= MIN_CUE_MM`` and
``cue_mm2 >= MIN_CUE_MM2``. Why these thresholds: a cue of 10 mm² (a 3.6 mm disc, or a 20 mm
line's pattern) at a difference of 25 L* (white marks on a light tint) over the ~250 mm² a 20 mm
tile leaves beside its code's ink gives a mean of 1.0, while the old tiles' 1.6 mm digit (about
1.5 mm², 1.6 mm across) gives about 0.2 and fails all three; two pieces of the same colour give
0. A difference of :data:`STRONG_DL` L* is seen at a glance on a small area (about five times the
just-noticeable difference), and :data:`MIN_CUE_MM` seen from a metre away is 20 arc-minutes,
twenty times the eye's acuity: a cue read across the table.

**Safe zone.** Every meaningful mark (every character of text, and every drawn shape that lies
wholly inside the piece) must stand at least :data:`SAFE_MM` inside the piece's cut, read from
the PDF itself: characters by their glyph boxes (pypdfium2's text page), shapes by every point
of their paths (pypdfium2's page objects, in page coordinates). A shape that runs to or across
the cut is a colour flood (a frame, a band, a pattern running into the bleed) and may; the QR
code's own modules are left out. The cut is the piece's cut box, or its octagon for a scout.
A die's or cube's face on a net is measured against its whole face, folds included.
"""

from __future__ import annotations

import ctypes
import io
import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Final

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from bench.common import save
from generator import qr
from generator.grand_jeu.tokens import Scout, draw_scout_face
from generator.page import Paper, Sheet
from generator.patrolis.tiles import (
    ObjectiveToken,
    StepTile,
    draw_objective,
    draw_tile,
)
from generator.rodeurs.tokens import Pawn, draw_token
from generator.stratego.pieces import Soldier, draw_strip
from generator.twelve_patrols.flat_tokens import _draw_token as draw_flat_token
from generator.twelve_patrols.items import COLOURS as ITEM_COLOURS
from generator.twelve_patrols.nets import draw_net, nets
from patrolkit.games.patrolis import Colour, Shape
from patrolkit.games.rodeurs import PawnColour
from patrolkit.games.stratego import Army, Rank
from patrolkit.manifest import Box, Item
from patrolkit.sizes import Patrolis
from patrolkit.sizes.grand_jeu import GrandJeu

NAME: Final = "kit_cues"
PX_PER_MM: Final = 8.0
"""203 dpi: a 0.5 mm module is 4 px, a 2.4 mm pattern period 19 px."""
VIEWS: Final = ("grey", "protanopia", "deuteranopia", "tritanopia")
MIN_MEAN_DL: Final = 1.0
STRONG_DL: Final = 10.0
MIN_CUE_MM: Final = 6.0
MIN_CUE_MM2: Final = 10.0
SAFE_MM: Final = 2.0
TOLERANCE_MM: Final = 0.005
"""Rounding allowed: a mark drawn exactly on the 2 mm line passes, and a shape drawn exactly to
the cut counts as running to it."""

MACHADO: Final = {
    "protanopia": np.array(
        [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
         [-0.003882, -0.048116, 1.051998]]
    ),
    "deuteranopia": np.array(
        [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
         [-0.011820, 0.042940, 0.968881]]
    ),
    "tritanopia": np.array(
        [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
         [0.004733, 0.691367, 0.303900]]
    ),
}  # fmt: skip
"""Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB."""


# -- colour science -------------------------------------------------------------------------------


def _linear(srgb: np.ndarray) -> np.ndarray:
    return np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)


def _lightness(luminance: np.ndarray) -> np.ndarray:
    """CIE L* of relative luminance ``luminance`` (0..1)."""
    y = np.clip(luminance, 0.0, 1.0)
    f = np.where(y > (6 / 29) ** 3, np.cbrt(y), y / (3 * (6 / 29) ** 2) + 4 / 29)
    return 116 * f - 16


def lightness(rgb: np.ndarray, view: str) -> np.ndarray:
    """L* of every pixel of ``rgb`` (H x W x 3, 0..255) seen in ``view`` (:data:`VIEWS`)."""
    srgb = rgb.astype(float) / 255.0
    if view == "grey":
        luma = srgb @ np.array([0.299, 0.587, 0.114])
        return _lightness(_linear(luma))
    seen = np.clip(_linear(srgb) @ MACHADO[view].T, 0.0, 1.0)
    return _lightness(seen @ np.array([0.2126, 0.7152, 0.0722]))


# -- rendering the pieces -------------------------------------------------------------------------


@dataclass(frozen=True)
class Drawn:
    """Pieces drawn on one page: the page's PDF and each piece's name and manifest item."""

    pdf: bytes
    pieces: tuple[tuple[str, Item], ...]
    octagons: bool = False


def _page(
    width: float, height: float, draw: Callable[[Sheet], list[tuple[str, Item]]], **kw: Any
) -> Drawn:
    out = io.BytesIO()
    sheet = Sheet(out, Paper("pieces", width, height), title="", subject="")
    pieces = draw(sheet)
    sheet.save()
    return Drawn(out.getvalue(), tuple(pieces), **kw)


def _row(count: int, pitch: float) -> Iterator[float]:
    """The left edges of ``count`` pieces in a row, ``pitch`` mm apart."""
    return (6.0 + i * pitch for i in range(count))


def rodeurs_pawns() -> Drawn:
    colours = (PawnColour.RED, PawnColour.YELLOW, PawnColour.GREEN)

    def draw(sheet: Sheet) -> list[tuple[str, Item]]:
        return [
            (c.value, draw_token(sheet, Pawn(c, serial), x, 6.0))
            for serial, (x, c) in enumerate(zip(_row(3, 28.0), colours, strict=True), start=1)
        ]

    return _page(96.0, 34.0, draw)


def patrolis_tiles(shape: Shape, cell: float) -> Drawn:
    players = len(Patrolis.PLAYER_NAME)

    def draw(sheet: Sheet) -> list[tuple[str, Item]]:
        return [
            (Patrolis.PLAYER_NAME[p], draw_tile(sheet, StepTile(shape, p, 1), x, 6.0, cell))
            for p, x in enumerate(_row(players, cell + 4.0))
        ]

    return _page(12.0 + players * (cell + 4.0), cell + 12.0, draw)


def patrolis_objectives(cell: float) -> Drawn:
    colours = (Colour.BLUE, Colour.RED, Colour.GREEN, Colour.YELLOW)

    def draw(sheet: Sheet) -> list[tuple[str, Item]]:
        return [
            (c.word, draw_objective(sheet, ObjectiveToken(c, 1), x, 6.0, cell))
            for x, c in zip(_row(4, cell + 6.0), colours, strict=True)
        ]

    return _page(12.0 + 4 * (cell + 6.0), cell + 12.0, draw)


def stratego_pieces(ranks: Sequence[Rank]) -> Drawn:
    """Each army's piece of every rank in ``ranks``, red then blue, one strip a row."""
    from patrolkit.sizes.stratego import Stratego

    length, width = Stratego.strip_length(), Stratego.PIECE_WIDTH_MM

    def draw(sheet: Sheet) -> list[tuple[str, Item]]:
        drawn = []
        for row, (army, rank) in enumerate(itertools.product((Army.RED, Army.BLUE), ranks)):
            y = 6.0 + row * (width + 3.0)
            soldier = Soldier(army, f"{row:03d}A", rank)
            drawn.append((f"{army.title} {rank.name.lower()}", draw_strip(sheet, soldier, 6.0, y)))
        return drawn

    rows = 2 * len(ranks)
    return _page(length + 12.0, 12.0 + rows * (width + 3.0), draw)


def grand_jeu_scouts(number: int, arrows: Sequence[int]) -> Drawn:
    patrols = ("S", "W", "N", "E")
    flats = GrandJeu.SCOUT_FLATS_MM

    def draw(sheet: Sheet) -> list[tuple[str, Item]]:
        drawn = []
        for x, patrol in zip(_row(4, flats + 4.0), patrols, strict=True):
            scout = Scout("K1", patrol, number, number == GrandJeu.STARRED_SCOUT)
            cx, cy = x + flats / 2, 6.0 + flats / 2
            with sheet.frame(cx, cy):
                record = draw_scout_face(sheet, scout, arrows)
            assert record is not None
            cut = Box(cx - flats / 2, cy - flats / 2, flats, flats)
            item = Item(scout.id, "scout", sheet.page, cut, qr.moved(record, cx, cy))
            drawn.append((patrol, item))
        return drawn

    return _page(12.0 + 4 * (flats + 4.0), flats + 12.0, draw, octagons=True)


def twelve_patrols_tokens(value: int | None) -> Drawn:
    """A flat token of each item colour: die tokens showing ``value``, or cube tokens."""

    def draw(sheet: Sheet) -> list[tuple[str, Item]]:
        return [
            (c.value, draw_flat_token(sheet, (c, 1, value), x, 6.0))
            for x, c in zip(_row(3, 34.0), ITEM_COLOURS, strict=True)
        ]

    return _page(112.0, 40.0, draw)


def twelve_patrols_nets() -> Drawn:
    """One die net and one cube net, faces measured against their whole face."""
    chosen = [n for n in nets() if n.serial == 1 and n.colour == ITEM_COLOURS[2]]

    def draw(sheet: Sheet) -> list[tuple[str, Item]]:
        drawn: list[tuple[str, Item]] = []
        x = 8.0
        for net in chosen:
            drawn += [(item.id, item) for item in draw_net(sheet, net, x, 14.0)]
            x += net.size[0] + 10.0
        return drawn

    return _page(300.0, 160.0, draw)


# -- faces and the colour cue ---------------------------------------------------------------------


def render(drawn: Drawn) -> np.ndarray:
    page = pdfium.PdfDocument(drawn.pdf)[0]
    image = page.render(scale=PX_PER_MM * 25.4 / 72).to_numpy()
    return np.asarray(image[:, :, :3])


def face(image: np.ndarray, item: Item, octagon: bool) -> tuple[np.ndarray, np.ndarray]:
    """The piece's cut box from ``image`` and the mask of its pixels compared: inside the cut
    (its octagon for a scout), off its code's dark modules (a pixel's width to spare; the whole
    module box for a code printed turned)."""
    box = item.cut
    x0, y0 = round(box.x * PX_PER_MM), round(box.y * PX_PER_MM)
    w, h = round(box.width * PX_PER_MM), round(box.height * PX_PER_MM)
    rgb = image[y0 : y0 + h, x0 : x0 + w]
    v, u = np.mgrid[0:h, 0:w]
    u_mm = (u + 0.5) / PX_PER_MM + box.x
    v_mm = (v + 0.5) / PX_PER_MM + box.y
    keep = np.ones((h, w), dtype=bool)
    if item.qr is not None:
        keep &= ~_dark_modules(item, u_mm, v_mm)
    if octagon:
        cx, cy = box.x + box.width / 2, box.y + box.height / 2
        keep &= _octagon_inset(u_mm - cx, v_mm - cy, box.width / 2) > 0
    return rgb, keep


def _dark_modules(item: Item, u_mm: np.ndarray, v_mm: np.ndarray) -> np.ndarray:
    """Where the piece's code has ink: its dark modules grown by one pixel, at ``(u_mm, v_mm)``
    (page mm); the whole module box if the code is printed turned."""
    code = item.qr
    assert code is not None
    q = code.box
    grow = 1.0 / PX_PER_MM
    inside = (u_mm >= q.x - grow) & (u_mm < q.x + q.width + grow)
    inside &= (v_mm >= q.y - grow) & (v_mm < q.y + q.height + grow)
    if code.rotation:
        return inside
    version = (code.modules - 17) // 4
    modules = np.array(
        qr.symbol(code.payload, version=version, error_correction=code.error_correction).modules
    )
    dark = np.zeros_like(inside)
    for du in (-grow, 0.0, grow):
        for dv in (-grow, 0.0, grow):
            column = np.floor((u_mm + du - q.x) / code.module_mm).astype(int)
            row = np.floor((v_mm + dv - q.y) / code.module_mm).astype(int)
            valid = (column >= 0) & (column < code.modules) & (row >= 0) & (row < code.modules)
            hit = np.zeros_like(inside)
            hit[valid] = modules[row[valid], column[valid]]
            dark |= hit
    return dark


def pair_figures(a: np.ndarray, b: np.ndarray, keep: np.ndarray) -> dict[str, dict[str, float]]:
    """For each view, how the faces ``a`` and ``b`` differ over the pixels ``keep``."""
    figures = {}
    for view in VIEWS:
        dl = np.abs(lightness(a, view) - lightness(b, view))
        strong = (dl >= STRONG_DL) & keep
        span = 0
        if strong.any():
            rows, columns = np.nonzero(strong)
            span = int(max(np.ptp(rows), np.ptp(columns))) + 1
        figures[view] = {
            "mean_dl": round(float(dl[keep].mean()), 2),
            "cue_mm": round(float(span / PX_PER_MM), 1),
            "cue_mm2": round(float(strong.sum() / PX_PER_MM**2), 1),
        }
    return figures


def differs(figures: dict[str, float]) -> bool:
    return (
        figures["mean_dl"] >= MIN_MEAN_DL
        and figures["cue_mm"] >= MIN_CUE_MM
        and figures["cue_mm2"] >= MIN_CUE_MM2
    )


def cue_pairs(drawn: Drawn) -> dict[str, dict[str, dict[str, float]]]:
    """Every pair of the page's pieces: their figures in every view."""
    image = render(drawn)
    faces = {name: face(image, item, drawn.octagons) for name, item in drawn.pieces}
    pairs = {}
    for (one, (a, keep_a)), (two, (b, keep_b)) in itertools.combinations(faces.items(), 2):
        if a.shape != b.shape:
            raise ValueError(f"{one} and {two} are not the same size")
        pairs[f"{one}/{two}"] = pair_figures(a, b, keep_a & keep_b)
    return pairs


# -- marks and the cut ----------------------------------------------------------------------------


def _octagon_inset(u: Any, v: Any, apothem: float) -> Any:
    """How far points ``(u, v)`` (mm from a scout's centre) stand inside its octagon (flats
    facing the axes): negative outside."""
    straight = np.maximum(np.abs(u), np.abs(v))
    diagonal = (np.abs(u) + np.abs(v)) / math.sqrt(2)
    return apothem - np.maximum(straight, diagonal)


def inset(points: np.ndarray, item: Item, octagon: bool) -> np.ndarray:
    """How far each of ``points`` (N x 2, page mm) stands inside the piece's cut."""
    box = item.cut
    if octagon:
        cx, cy = box.x + box.width / 2, box.y + box.height / 2
        return np.asarray(_octagon_inset(points[:, 0] - cx, points[:, 1] - cy, box.width / 2))
    return np.minimum.reduce(
        [
            points[:, 0] - box.x,
            box.x + box.width - points[:, 0],
            points[:, 1] - box.y,
            box.y + box.height - points[:, 1],
        ]
    )


def _path_points(obj: pdfium.PdfObject, page_height: float) -> np.ndarray:
    """Every point of a path object, in page mm (y down)."""
    matrix = obj.get_matrix()
    points = []
    x, y = ctypes.c_float(), ctypes.c_float()
    for index in range(pdfium_c.FPDFPath_CountSegments(obj.raw)):
        segment = pdfium_c.FPDFPath_GetPathSegment(obj.raw, index)
        pdfium_c.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
        px, py = matrix.on_point(x.value, y.value)
        points.append((px * 25.4 / 72, page_height - py * 25.4 / 72))
    return np.array(points).reshape(-1, 2)


@dataclass(frozen=True)
class Mark:
    """A mark of a piece nearer its cut than :data:`SAFE_MM`: what it is and how far in."""

    piece: str
    what: str
    inset_mm: float


def marks_near_the_cut(drawn: Drawn) -> tuple[list[Mark], int]:
    """Every mark of the page's pieces less than :data:`SAFE_MM` inside its cut, and how many
    marks were measured."""
    document = pdfium.PdfDocument(drawn.pdf)
    page = document[0]
    height = page.get_height() * 25.4 / 72
    near: list[Mark] = []
    measured = 0

    def owner(points: np.ndarray) -> tuple[str, Item] | None:
        centre = points.mean(axis=0, keepdims=True)
        for name, item in drawn.pieces:
            if inset(centre, item, drawn.octagons)[0] > 0:
                return name, item
        return None

    text = page.get_textpage()
    for index in range(text.count_chars()):
        char = text.get_text_range(index, 1)
        left, bottom, right, top = text.get_charbox(index)
        if right <= left or not char.strip():
            continue
        corners = np.array(
            [(x * 25.4 / 72, height - y * 25.4 / 72) for x in (left, right) for y in (bottom, top)]
        )
        found = owner(corners)
        if found is None:
            continue
        measured += 1
        distance = float(inset(corners, found[1], drawn.octagons).min())
        if distance < SAFE_MM - TOLERANCE_MM:
            near.append(Mark(found[0], f"text {char!r}", round(distance, 2)))
    for obj in page.get_objects():
        if obj.type != pdfium_c.FPDF_PAGEOBJ_PATH:
            continue
        points = _path_points(obj, height)
        if len(points) == 0:
            continue
        found = owner(points)
        if found is None:
            continue
        name, item = found
        if item.qr is not None and _within(points, item.qr.box):
            continue
        distance = float(inset(points, item, drawn.octagons).min())
        if distance <= TOLERANCE_MM:
            continue  # a flood: it runs to the cut or into the bleed
        measured += 1
        if distance < SAFE_MM - TOLERANCE_MM:
            near.append(Mark(name, "shape", round(distance, 2)))
    return near, measured


def _within(points: np.ndarray, box: Box) -> bool:
    eps = 1e-3
    return bool(
        (points[:, 0] >= box.x - eps).all()
        and (points[:, 0] <= box.x + box.width + eps).all()
        and (points[:, 1] >= box.y - eps).all()
        and (points[:, 1] <= box.y + box.height + eps).all()
    )


# -- every kit ------------------------------------------------------------------------------------


def cue_builders() -> dict[str, Callable[[], Drawn]]:
    """How to draw each page the colour cue is measured on: one piece of every colour, of every
    kind, by the page's name."""
    builders: dict[str, Callable[[], Drawn]] = {"rodeurs pawns": rodeurs_pawns}
    for cell in (Patrolis.CELL_MM, Patrolis.A3_CELL_MM):
        for shape in Shape:
            builders[f"patrolis {shape.name.lower()} tiles {cell:g} mm"] = partial(
                patrolis_tiles, shape, cell
            )
        builders[f"patrolis objectives {cell:g} mm"] = partial(patrolis_objectives, cell)
    builders["stratego pieces"] = partial(stratego_pieces, [Rank.MARSHAL])
    builders["grand jeu scouts"] = partial(grand_jeu_scouts, 2, (0, 2, 6))
    builders["twelve patrols die tokens"] = partial(twelve_patrols_tokens, 6)
    builders["twelve patrols cube tokens"] = partial(twelve_patrols_tokens, None)
    return builders


def mark_builders() -> dict[str, Callable[[], Drawn]]:
    """How to draw each page every mark is measured on, beyond the cue pages: every rank, every
    arrow with the starred scout, every die value and a die's and a cube's nets."""
    builders: dict[str, Callable[[], Drawn]] = {
        "stratego every rank": partial(stratego_pieces, list(Rank)),
        "grand jeu starred, every arrow": partial(grand_jeu_scouts, 1, tuple(range(8))),
    }
    for value in range(1, 6):
        builders[f"twelve patrols die tokens {value}"] = partial(twelve_patrols_tokens, value)
    builders["twelve patrols nets"] = twelve_patrols_nets
    return builders


def measure() -> dict[str, Any]:
    """Every figure: for each page of pieces, each pair's ``[mean_dl, cue_mm, cue_mm2]`` in each
    view and the weakest of them; the pairs that do not differ; the marks measured and those
    nearer the cut than :data:`SAFE_MM`."""
    cues: dict[str, Any] = {}
    failing = []
    pages = {name: build() for name, build in cue_builders().items()}
    for name, drawn in pages.items():
        pairs = cue_pairs(drawn)
        cues[name] = {
            "weakest_mean_dl": min(f["mean_dl"] for v in pairs.values() for f in v.values()),
            "weakest_cue_mm2": min(f["cue_mm2"] for v in pairs.values() for f in v.values()),
            "pairs": {
                pair: {view: [f["mean_dl"], f["cue_mm"], f["cue_mm2"]] for view, f in v.items()}
                for pair, v in pairs.items()
            },
        }
        failing += [
            f"{name}: {pair} in {view}"
            for pair, views in pairs.items()
            for view, figures in views.items()
            if not differs(figures)
        ]
    safe = {}
    near: list[str] = []
    pages |= {name: build() for name, build in mark_builders().items()}
    for name, drawn in pages.items():
        found, measured = marks_near_the_cut(drawn)
        safe[name] = {"marks": measured, "nearer_than_safe": len(found)}
        near += [f"{name}: {m.piece} {m.what} {m.inset_mm} mm" for m in found]
    return {
        "thresholds": {
            "min_mean_dl": MIN_MEAN_DL,
            "strong_dl": STRONG_DL,
            "min_cue_mm": MIN_CUE_MM,
            "min_cue_mm2": MIN_CUE_MM2,
            "safe_mm": SAFE_MM,
        },
        "views": list(VIEWS),
        "pairs_not_differing": failing,
        "marks_nearer_than_safe": near,
        "safe_zone": safe,
        "cues": cues,
    }


def main() -> None:
    save(NAME, measure())


if __name__ == "__main__":
    main()
