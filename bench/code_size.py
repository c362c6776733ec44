"""Smaller codes on the pieces: whether a QR code printed smaller, or a Micro QR code in its
place, reads as reliably as today's once the board's pose is known.

Run from the repository root: ``python -m bench.code_size [--photos N] [--pieces P ...]
[--effects E ...]`` (40 photos per piece and effect by default). Writes
``bench/results/code_size.json`` (a run of only some pieces or effects, or fewer photos, adds
that to the name, so it never hides the full figures).

The pieces (:data:`PIECES`): a Rôdeurs pawn (version 1, 0.6 mm modules: 12.6 mm), a Patrolis
step tile on A4 (version 1, 0.7 mm: 14.7 mm) and a 12 Patrols card (version 3, 0.6 mm:
17.4 mm), the sizes of :mod:`patrolkit.sizes`. Their payloads are real ones, each code on a page
its own: pawns and step tiles of every colour, owner and shape (:mod:`patrolkit.payload`), the
cards of the shipped decks.

Each piece's code is printed in these *variants*: the QR code as today (its version, level M)
with its module area at 100 %, 80 %, 65 % and 50 % of today's side; and, at the same sides, the
Micro QR code of the same text — ``µQR-L``, the smallest symbol that holds it (M3 at level L for
the pawn and the step tile: 15 modules), and ``µQR-M``, the smallest at today's error
correction, level M (M4: 17 modules). No card payload fits a Micro QR code (24 to 37
characters; M4 holds 21 at level L), so the card is measured as a QR code only. Micro QR codes
are written by zxing-cpp (the decoder the readers use, which also writes them); QR codes by
:mod:`generator.qr`, as the kits draw them.

**The page.** For each piece, a white page the size of what a photo of that game frames
(:attr:`Piece.framed_mm`: the Rôdeurs board with its corner codes, a 16 x 16 Patrolis board on
A4 with its code bands, a 12 Patrols kingdom of 3 x 3 cards with its gaps) carries a grid of
codes :attr:`Piece.pitch_mm` apart, each turned by a seeded angle (pieces lie at any angle), the
variants spread over the grid in a seeded order, as many of each as the grid holds (up to
:data:`COPIES`); the codes' payloads all differ. The page is drawn with ReportLab and rendered
with pypdfium2 as ink on paper (:func:`companion.camera.printed.printed`), like the kits the
virtual camera photographs.

**The photo.** The virtual camera's ``phone`` shot of each seed (12 MP, tilt 0–35°, any yaw,
blur, noise, uneven light, JPEG 75–90), framing the page as it frames that game's board (70–90 %
of the frame, so at the game's own distance), and the same shot with each real-world effect of
:data:`EFFECTS` (:mod:`companion.camera.effects`): a messaging app's resizing and recompression,
hand-shake motion blur, missed focus, low light and a glare spot. The seeds are the same for
every effect (from :data:`FIRST_SEED` on).

**The reading** is the second look every reader makes once the board's pose is known (here the
camera's own homography, as a pose from the corner codes gives it to a fraction of a
millimetre): each code's surroundings (its turned square and :data:`MARGIN_MM` round it) are
rectified out of the photo and decoded with zxing-cpp, step after step of the Rôdeurs cascade
(:data:`companion.rodeurs.second_look.STEPS`: 12 px/mm, then 16 px/mm cubic with an unsharp
mask, then 12 px/mm with the light evened out) until a code centred on that code's place is
read. QR codes are decoded as QR codes only (as the readers do today), Micro QR codes as Micro QR
codes only.

Figures per piece, effect and variant: ``codes`` (photos times copies), ``read``, ``not_read``
and ``wrong`` (a code centred on that place read with another text; the target is zero, and
every wrong text is listed), ``read_rate``, how many the first step read, and
``px_per_module``: the median camera pixels per module of the codes seen (the photo's
resolution at the code, times its module). ``worse_than_today`` names, for each variant, the
effects under which it reads more than :data:`TOLERANCE` less often than today's code (none: it
reads as reliably). ``foreign_texts`` lists any text read anywhere in a photo that no code on the
page carries (the target is none). ``table`` is the printed table: reads over codes, per effect.
"""

from __future__ import annotations

import argparse
import io
import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any, Final

import cv2
import numpy as np
import pypdfium2 as pdfium
import zxingcpp

from bench.common import save
from companion.camera.lens import Image, project
from companion.camera.paste import seen_through
from companion.camera.printed import printed
from companion.camera.real_world import Subject, develop_shot
from companion.camera.shot import draw_shot
from companion.camera.table import quad, scale_map, table_top
from companion.cascade import Step
from companion.decode import Detection, zxing_corners
from companion.pose import BoardPose
from companion.rodeurs.second_look import STEPS
from generator import qr
from generator.page import Paper, Sheet
from patrolkit.games.twelve_patrols import card_payload, shipped_decks
from patrolkit.manifest import Box
from patrolkit.payload import Corner, PatrolisStep, RodeursPawn, encode
from patrolkit.sizes import Patrolis, Rodeurs, TwelvePatrols

NAME: Final = "code_size"
EFFECTS: Final = ("phone", "messaging", "motion", "defocus", "low-light", "glare")
"""The ``phone`` shot, then the same shot with each real-world effect measured."""
SCALES: Final = (1.0, 0.8, 0.65, 0.5)
"""The printed side of a code's module area, as a share of today's."""
FIRST_SEED: Final = 91_000
"""Photos are seeded from here on, away from the seeds of the other benchmarks."""
COPIES: Final = 8
"""Codes of each variant on a page at most (as many as the page's places allow)."""
MARGIN_MM: Final = 4.0
"""Rectified round a code's turned square, as the readers' cells are."""
LAYOUT_SEED: Final = 11
"""Places, angles and payloads on the pages."""
QR_LEVEL: Final = "M"
MICRO_QUIET_MODULES: Final = 2.0
"""A Micro QR code's own quiet zone (a QR code's is the kit's own)."""
TODAY: Final = "QR 100%"
TOLERANCE: Final = 0.02
"""A variant reads as reliably as today's code under an effect when its read rate is at least
today's less this (two points: one or two codes of a hundred, within the spread of 40 photos)."""


# -- what is printed -------------------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    """A piece whose code is measured: its QR version, module and quiet zone today, payloads of
    its kind (all of one form), and how a photo of its game frames the board."""

    name: str
    version: int
    module_mm: float
    quiet_modules: float
    payloads: tuple[str, ...]
    framed_mm: tuple[float, float]
    pitch_mm: float
    raster_px_per_mm: float

    @property
    def side_mm(self) -> float:
        """Today's module area."""
        return (17 + 4 * self.version) * self.module_mm


def _pawns() -> tuple[str, ...]:
    return tuple(encode(RodeursPawn(c, n)) for n in range(1, 100) for c in "RYG")


def _steps() -> tuple[str, ...]:
    return tuple(
        encode(PatrolisStep(shape, player, n))
        for n in range(1, 40)
        for player in range(1, 7)
        for shape in "SCX"
    )


def _cards() -> tuple[str, ...]:
    """The shipped decks' cards, each also under three more deck ids (a kit's other decks
    carry the same kinds of edges under their own ids)."""
    cards = [
        card_payload(rated.deck, card)
        for rated in shipped_decks().values()
        for card in rated.deck.cards
    ]
    ids = ("7QK2M", "0ZX4B", "K3R8T")
    return tuple(
        encode(card) for base in cards for card in (base, *(replace(base, deck=i) for i in ids))
    )


def _rodeurs_framed() -> tuple[float, float]:
    """The Rôdeurs board with its corner codes and their quiet zones."""
    reach = Rodeurs.FIDUCIAL_GAP_MM + Rodeurs.FIDUCIAL_MM + 4 * Rodeurs.FIDUCIAL_MODULE_MM
    return (Rodeurs.GRID_WIDTH_MM + 10.0, Rodeurs.GRID_HEIGHT_MM + 2 * reach)


def _patrolis_framed() -> tuple[float, float]:
    """A 16 x 16 board of 20 mm cells with its code bands (31 mm deep each side)."""
    side = 16 * Patrolis.CELL_MM + 2 * 31.0
    return (side, side)


def _twelve_patrols_framed() -> tuple[float, float]:
    """A 3 x 3 kingdom with the camera's usual gaps between cards (38 mm) and 12 mm round it."""
    gap, rim = 38.0, 12.0
    return (
        3 * TwelvePatrols.CARD_WIDTH_MM + 2 * gap + 2 * rim,
        3 * TwelvePatrols.CARD_HEIGHT_MM + 2 * gap + 2 * rim,
    )


PIECES: Final = {
    "rodeurs-pawn": lambda: Piece(
        "rodeurs-pawn",
        Rodeurs.TOKEN_QR_VERSION,
        Rodeurs.TOKEN_MODULE_MM,
        3.0,
        _pawns(),
        _rodeurs_framed(),
        25.0,
        20.0,
    ),
    "patrolis-step": lambda: Piece(
        "patrolis-step",
        Patrolis.TOKEN_QR_VERSION,
        Patrolis.TILE_MODULE_MM[Patrolis.CELL_MM],
        Patrolis.TILE_QUIET_MODULES,
        _steps(),
        _patrolis_framed(),
        25.0,
        14.0,
    ),
    "twelve-patrols-card": lambda: Piece(
        "twelve-patrols-card",
        TwelvePatrols.CARD_QR_VERSION,
        TwelvePatrols.CARD_MODULE_MM,
        TwelvePatrols.CARD_QR_QUIET_MODULES,
        _cards(),
        _twelve_patrols_framed(),
        32.0,
        16.0,
    ),
}
"""Each piece measured, by name. The raster scale (px/mm) is well above what the nearest part
of a photo of that game sees (about 13, 9 and 12 px/mm at the frame's centre)."""


@dataclass(frozen=True)
class Variant:
    """A code as printed: ``QR`` (today's version and level) or a Micro QR code (``µQR-L``, the
    smallest that holds the text; ``µQR-M``, the smallest at level M), its module area
    ``scale`` of today's side."""

    kind: str
    scale: float

    @property
    def name(self) -> str:
        return f"{self.kind} {round(self.scale * 100)}%"


KINDS: Final = ("QR", "µQR-L", "µQR-M")
_MICRO_LEVEL: Final = {"µQR-L": "L", "µQR-M": "M"}


@dataclass(frozen=True)
class Code:
    """One code on a page: its variant, payload, module matrix, centre (page mm, which is the
    board frame), angle (degrees clockwise) and the side of its module area (mm)."""

    variant: Variant
    payload: str
    modules: tuple[tuple[bool, ...], ...]
    centre: tuple[float, float]
    angle_deg: float
    side_mm: float

    @property
    def module_mm(self) -> float:
        return self.side_mm / len(self.modules)

    @property
    def box(self) -> tuple[float, float, float, float]:
        """Its turned square's bounding box and :data:`MARGIN_MM` round it (board mm)."""
        a = math.radians(self.angle_deg)
        half = self.side_mm / 2 * (abs(math.cos(a)) + abs(math.sin(a))) + MARGIN_MM
        x, y = self.centre
        return (x - half, y - half, 2 * half, 2 * half)


@cache
def micro_modules(payload: str, level: str) -> tuple[tuple[bool, ...], ...] | None:
    """The smallest Micro QR code of ``payload`` at ``level``, or ``None`` if none holds it."""
    try:
        made = zxingcpp.create_barcode(payload, zxingcpp.BarcodeFormat.MicroQRCode, ecLevel=level)
    except ValueError:
        return None
    pixels = np.asarray(zxingcpp.write_barcode_to_image(made, scale=1, add_quiet_zones=False))
    return tuple(tuple(bool(v < 128) for v in row) for row in pixels)


def modules_of(piece: Piece, kind: str, payload: str) -> tuple[tuple[bool, ...], ...] | None:
    """The module matrix of ``payload`` as ``kind``, or ``None`` if it does not fit."""
    if kind == "QR":
        return qr.symbol(payload, version=piece.version, error_correction=QR_LEVEL).modules
    return micro_modules(payload, _MICRO_LEVEL[kind])


def variants(piece: Piece) -> tuple[list[Variant], dict[str, str]]:
    """The variants measured for ``piece``, and for each kind left out, why."""
    kept, notes = [], {}
    for kind in KINDS:
        matrices = [modules_of(piece, kind, p) for p in piece.payloads]
        if any(m is None for m in matrices):
            longest = max(len(p) for p in piece.payloads)
            notes[kind] = (
                f"does not fit: the payloads are up to {longest} characters; a Micro QR code"
                " holds at most 21 (M4, level L), 18 (M4-M) in the alphanumeric mode"
            )
            continue
        sizes = {len(m) for m in matrices if m is not None}
        notes[kind] = f"{'/'.join(str(s) for s in sorted(sizes))} modules"
        kept += [Variant(kind, scale) for scale in SCALES]
    return kept, notes


def lay_out(piece: Piece, kinds: Sequence[Variant]) -> list[Code]:
    """The same number of codes of each variant (up to :data:`COPIES`) on a grid over the page,
    in a seeded order, turned by seeded angles, each with its own payload."""
    rng = random.Random(f"{piece.name}-{LAYOUT_SEED}")
    width, height = piece.framed_mm
    pitch = piece.pitch_mm
    columns, rows = int(width // pitch), int(height // pitch)
    slots = [
        (
            (width - columns * pitch) / 2 + (c + 0.5) * pitch,
            (height - rows * pitch) / 2 + (r + 0.5) * pitch,
        )
        for r in range(rows)
        for c in range(columns)
    ]
    copies = min(COPIES, len(slots) // len(kinds))
    if copies < 1:
        raise ValueError(f"{piece.name}: {len(kinds)} variants do not fit {len(slots)} places")
    wanted = [v for v in kinds for _ in range(copies)]
    rng.shuffle(slots)
    payloads = list(piece.payloads)
    rng.shuffle(payloads)
    if len(payloads) < len(wanted):
        raise ValueError(f"{piece.name}: only {len(payloads)} payloads for {len(wanted)} codes")
    codes = []
    for variant, centre, payload in zip(wanted, slots, payloads, strict=False):
        modules = modules_of(piece, variant.kind, payload)
        assert modules is not None
        side = piece.side_mm * variant.scale
        codes.append(Code(variant, payload, modules, centre, rng.uniform(0, 360), side))
    return codes


def page_raster(piece: Piece, codes: Sequence[Code]) -> Image:
    """The page as printed (BGR) at the piece's raster scale."""
    width, height = piece.framed_mm
    out = io.BytesIO()
    sheet = Sheet(out, Paper("bench", width, height), title="code sizes", subject=piece.name)
    for code in codes:
        symbol = qr.Symbol(code.payload, 0, code.variant.kind, code.modules)
        quiet = piece.quiet_modules if code.variant.kind == "QR" else MICRO_QUIET_MODULES
        half = code.side_mm / 2
        with sheet.frame(*code.centre, rotate=code.angle_deg):
            qr.draw(sheet, symbol, -half, -half, code.module_mm, quiet_modules=quiet)
    sheet.save()
    document = pdfium.PdfDocument(out.getvalue())
    try:
        bitmap = document[0].render(scale=piece.raster_px_per_mm * 25.4 / 72)
        rgb = np.ascontiguousarray(bitmap.to_numpy()[..., :3])
    finally:
        document.close()
    return printed(rgb)


# -- the photo -------------------------------------------------------------------------------


def photograph(piece: Piece, page: Image, preset: str, seed: int) -> tuple[Image, np.ndarray]:
    """The virtual camera's photo of the page on a table (BGR) and the homography from page mm
    to its pixels."""
    shot = draw_shot(preset, seed)
    width, height = piece.framed_mm
    corners = quad(Box(0.0, 0.0, width, height))
    view = shot.aim(corners)
    h = view.homography
    table = shot.table_raster(h, np.array([width / 2, height / 2]))
    top = table_top(shot.table, table, seed)
    optical = seen_through(
        h,
        (shot.width, shot.height),
        top,
        table.from_mm,
        page,
        scale_map(page.shape[1] / width, page.shape[0] / height),
    )
    subject = Subject(view, (0.0, 0.0, width, height), (corners,))
    developed = develop_shot(optical, shot.light, shot, seed, subject)
    near = project(h, corners)
    truth = {
        "width": shot.width,
        "height": shot.height,
        "camera": {"px_per_mm_min": 0.0, "px_per_mm_max": 0.0},
        "board": {"homography": h.tolist(), "corners_px": near.tolist()},
    }
    moved = developed.truth(truth)
    return developed.image, np.array(moved["board"]["homography"], np.float64)


# -- the reading -----------------------------------------------------------------------------


class Reader:
    """zxing-cpp on a grey patch, one format, without rotation, down-scaling and inversion
    searches (as :class:`companion.decode.ZxingDecoder`)."""

    def __init__(self, micro: bool) -> None:
        fmt = zxingcpp.BarcodeFormat.MicroQRCode if micro else zxingcpp.BarcodeFormat.QRCode
        self.options: dict[str, Any] = {
            "formats": fmt,
            "try_rotate": False,
            "try_downscale": False,
            "try_invert": False,
        }

    def read(self, gray: np.ndarray) -> list[Detection]:
        found = []
        for code in zxingcpp.read_barcodes(gray, **self.options):
            found.append(Detection(code.text, zxing_corners(code.position)))
        return found


READERS: Final = {False: Reader(False), True: Reader(True)}


@dataclass(frozen=True)
class Outcome:
    """What the second look made of one code: the step that read it (``None``: not read), a
    wrong text read on its place, and the camera pixels per module there."""

    step: str | None
    wrong: str | None
    px_per_module: float


def read_codes(
    gray: np.ndarray, pose: BoardPose, codes: Sequence[Code], steps: Sequence[Step] = STEPS
) -> tuple[list[Outcome], set[str]]:
    """Each code's outcome, and every text read that no code on the page carries."""
    printed_texts = {code.payload for code in codes}
    strangers: set[str] = set()
    outcomes = []
    for code in codes:
        reader = READERS[code.variant.kind != "QR"]
        step_read, wrong = None, None
        for step in steps:
            patch, to_photo = step.patch(gray, pose, code.box)
            for detection in reader.read(patch):
                text = detection.text
                if text not in printed_texts:
                    strangers.add(text)
                centre = pose.board_points(detection.moved(to_photo).centre[None, :])[0]
                if math.dist(centre, code.centre) > code.side_mm / 2:
                    continue  # a neighbour, read in this one's margin
                if text == code.payload:
                    step_read = step.name
                else:
                    wrong = text
            if step_read is not None or wrong is not None:
                break
        resolution = pose.pixels_per_mm(code.centre)
        outcomes.append(Outcome(step_read, wrong, resolution * code.module_mm))
    return outcomes, strangers


# -- the benchmark ---------------------------------------------------------------------------


@dataclass
class Cell:
    """The tally of one variant under one effect."""

    codes: int = 0
    read: int = 0
    first_step: int = 0
    wrong: list[str] = field(default_factory=list)
    px_per_module: list[float] = field(default_factory=list)

    def figures(self) -> dict[str, Any]:
        return {
            "codes": self.codes,
            "read": self.read,
            "not_read": self.codes - self.read - len(self.wrong),
            "wrong": len(self.wrong),
            "read_rate": round(self.read / self.codes, 4) if self.codes else None,
            "first_step": self.first_step,
            "px_per_module": round(statistics.median(self.px_per_module), 2),
            "wrong_texts": self.wrong[:8],
        }


def measure_piece(piece: Piece, effects: Sequence[str], photos: int) -> dict[str, Any]:
    """Every variant of ``piece`` under every effect, over ``photos`` photos each."""
    kinds, notes = variants(piece)
    codes = lay_out(piece, kinds)
    page = page_raster(piece, codes)
    cells = {(e, v.name): Cell() for e in effects for v in kinds}
    strangers: dict[str, list[str]] = {}
    photo_s: list[float] = []
    read_s: list[float] = []
    for effect in effects:
        preset = "phone" if effect == "phone" else effect
        for seed in range(FIRST_SEED, FIRST_SEED + photos):
            start = time.perf_counter()
            image, h = photograph(piece, page, preset, seed)
            photo_s.append(time.perf_counter() - start)
            start = time.perf_counter()
            gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
            pose = BoardPose("bench", h, np.linalg.inv(h), tuple(Corner), (), 0.0)
            outcomes, foreign = read_codes(gray, pose, codes)
            read_s.append(time.perf_counter() - start)
            if foreign:
                strangers[f"{effect}:{seed}"] = sorted(foreign)
            for code, outcome in zip(codes, outcomes, strict=True):
                cell = cells[(effect, code.variant.name)]
                cell.codes += 1
                cell.px_per_module.append(outcome.px_per_module)
                if outcome.step is not None:
                    cell.read += 1
                    cell.first_step += outcome.step == STEPS[0].name
                elif outcome.wrong is not None:
                    cell.wrong.append(f"{seed}: {code.payload} read as {outcome.wrong}")
        print(f"{piece.name} {effect}: {photos} photos", flush=True)
    by_effect: dict[str, dict[str, Any]] = {}
    for effect in effects:
        by_effect[effect] = {v.name: cells[(effect, v.name)].figures() for v in kinds}
    total = {v.name: Cell() for v in kinds}
    for (_, name), cell in cells.items():
        whole = total[name]
        whole.codes += cell.codes
        whole.read += cell.read
        whole.first_step += cell.first_step
        whole.wrong += cell.wrong
        whole.px_per_module += cell.px_per_module
    return {
        "today": f"QR version {piece.version}, {piece.module_mm} mm modules,"
        f" {piece.side_mm:.1f} mm",
        "framed_mm": [round(v, 1) for v in piece.framed_mm],
        "codes_per_photo": len(codes),
        "kinds": notes,
        "sides_mm": {v.name: round(piece.side_mm * v.scale, 2) for v in kinds},
        "modules_mm": {
            v.name: round(
                piece.side_mm * v.scale / len(modules_of(piece, v.kind, piece.payloads[0]) or ()), 3
            )
            for v in kinds
        },
        "effects": by_effect,
        "all_effects": {name: cell.figures() for name, cell in total.items()},
        "worse_than_today": worse_than_today(by_effect),
        "foreign_texts": strangers,
        "seconds_per_photo": round(statistics.mean(photo_s), 3),
        "seconds_reading_per_photo": round(statistics.mean(read_s), 3),
    }


def worse_than_today(by_effect: dict[str, dict[str, Any]]) -> dict[str, dict[str, str]]:
    """For each variant, the effects under which it reads less than :data:`TOLERANCE` below
    today's code, each with both read rates; an empty entry reads as reliably as today's."""
    worse: dict[str, dict[str, str]] = {}
    for effect, cells in by_effect.items():
        today = cells[TODAY]["read_rate"]
        for variant, cell in cells.items():
            rate = cell["read_rate"]
            entry = worse.setdefault(variant, {})
            if rate < today - TOLERANCE:
                entry[effect] = f"{100 * rate:.1f} % against {100 * today:.1f} %"
    return worse


def table(figures: dict[str, Any]) -> str:
    """The read rates as a text table: a row per piece and variant, a column per effect."""
    lines = []
    for name, piece in figures["pieces"].items():
        effects = list(piece["effects"])
        lines.append(f"{name} (today {piece['today']}; {piece['codes_per_photo']} codes a photo)")
        head = f"  {'variant':<12} {'side mm':>7} {'mod mm':>6} {'px/mod':>6} "
        lines.append(head + " ".join(f"{e:>10}" for e in effects) + f" {'all':>10}  wrong")
        for variant, whole in piece["all_effects"].items():
            cells = [piece["effects"][e][variant] for e in effects]
            row = f"  {variant:<12} {piece['sides_mm'][variant]:>7.2f}"
            row += f" {piece['modules_mm'][variant]:>6.3f} {whole['px_per_module']:>6.2f} "
            row += " ".join(f"{c['read']:>5}/{c['codes']:<4}" for c in cells)
            row += f" {whole['read']:>5}/{whole['codes']:<4}  {whole['wrong']}"
            lines.append(row)
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=40, help="photos per piece and effect")
    parser.add_argument("--pieces", nargs="+", choices=list(PIECES), default=list(PIECES))
    parser.add_argument("--effects", nargs="+", choices=EFFECTS, default=list(EFFECTS))
    args = parser.parse_args()
    start, cpu = time.perf_counter(), time.process_time()
    figures: dict[str, Any] = {
        "photos_per_effect": args.photos,
        "first_seed": FIRST_SEED,
        "steps": [step.name for step in STEPS],
        "pieces": {
            name: measure_piece(PIECES[name](), args.effects, args.photos) for name in args.pieces
        },
    }
    figures["minutes"] = round((time.perf_counter() - start) / 60, 1)
    figures["cpu_minutes"] = round((time.process_time() - cpu) / 60, 1)
    text = table(figures)
    print(text)
    figures["table"] = text.splitlines()
    name = NAME
    if args.pieces != list(PIECES):
        name += "_" + "-".join(args.pieces)
    if args.effects != list(EFFECTS):
        name += "_" + "-".join(args.effects)
    if args.photos != 40:
        name += f"_{args.photos}"
    save(name, figures)


if __name__ == "__main__":
    main()
