"""An item's code too small or blurred for the decoder, read by matching against the codes the
kit can print.

The kit's items are few — three dice and three cubes of each colour — so every code an item can
show on top is known: the six faces of each die, the one code of each cube (63 texts, their
modules as the kit prints them, shipped in :data:`ITEMBOOK`). Where an open slot, or a spot
beside the kingdom, shows something no code read explains, the area round it is rectified at a
die's and at a cube's height. The code's place and turn are found first from the patterns every
code shares (finders with their separators, timing rows, the dark module, the light quiet
zone), turned all the way round and then refined; the grey level at each data module's centre
is then compared with every text's modules (correlation). The best text is read only when the
shared patterns placed the code well (:data:`MIN_ALIGNMENT`), it agrees well
(:data:`MIN_SCORE`), clearly better than any other text placed there (:data:`MIN_MARGIN`), and
it is not the code of an item read elsewhere in the photo — those are still matched, so that
what stands there is left unread rather than taken for a code one character away (the data
modules of two printable codes correlate up to 0.69) — otherwise the place stays unreadable.
A slot is matched again after each item read in it, as a patrol may hold several.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Final

import cv2
import numpy as np
import qrcode
import qrcode.constants

from companion.correlate import Correlation, Spectrum, spectrum
from companion.decode import Detection
from companion.qrplace import DATA
from companion.twelve_patrols.geometry import (
    ITEM_CODE_MM,
    Camera,
    Table,
    apply,
    height,
    rectify,
    top_face,
)
from companion.twelve_patrols.items import BUSY_SLOT, explained, slot_areas
from companion.twelve_patrols.reading import CardReading, ItemReading
from companion.twelve_patrols.slots import busy, solid_outline
from patrolkit.games.twelve_patrols import Item, item_from_payload, item_payload
from patrolkit.games.twelve_patrols.model import ROLL_ORDER, SERIALS, ItemKind
from patrolkit.payload import PatrolsCube, PatrolsDie, decode, encode
from patrolkit.sizes import TwelvePatrols

PX_PER_MM: Final = 5.0
"""The rectified slot is matched at this resolution: three pixels a module."""
ITEMBOOK: Final = Path(__file__).with_name("itembook.npz")
"""Every code on an item's top face, as :func:`printed_codes` builds them: shipped, as building
them takes the ``qrcode`` library about half a second, which the first reading of a run that
matched an item would pay (``python -m tools.codebooks`` writes it; a test checks it against
the library)."""
MARGIN_MM: Final = 6.0
"""How far round a slot's area a top face's code is looked for."""
CLEAR_MM: Final = 12.0
"""A code centred this close to where an item read stands is that item's: it is not tried."""
QUIET_MODULES: Final = 2
"""The light quiet zone drawn round the shared patterns (the kit prints 2.5 modules)."""
COARSE_TURNS_DEG: Final = tuple(float(t) for t in np.arange(0.0, 360.0, 3.0))
"""The turns the shared patterns are tried at: items stand at any angle."""
PLACES: Final = 3
"""How many of the best places of the shared patterns (apart from each other) are tried."""
SPOT_MM: Final = 14.0
"""Beside the kingdom, how far round where a spot of detail puts an item's top face its code
is looked for (the code is 12.6 mm wide; the spot is the middle of the detail that no item
read explains, which is the code's, or its and its item's sides'). Always the same square, so
that the shared patterns' transforms are made once for every spot."""
SAME_SPOT_MM: Final = 6.0
"""A spot this close to one already tried is not tried again: the square tried there holds
it with most of a code round it."""
MIN_ALIGNMENT: Final = 0.6
"""The shared patterns must correlate this well with the photo for a code to be placed."""
MIN_SCORE: Final = 0.5
"""The best text must correlate this well with the photo's data modules."""
MIN_MARGIN: Final = 0.12
"""The best text must beat every other printable text (those of the items read included) by
this much correlation.

Measured on 18 ``phone`` photos (seeds 50010–50024, 50060–50062), matching every open slot: in
129 slots, one code the decoder had read, matched as if unread, scored 0.88 or more, beat the
runner-up by 0.27 or more and aligned at 0.92 or more; the photo blurred further (Gaussian,
1.6 px), it still scored 0.58 or more, beat the runner-up by 0.17 or more and aligned at 0.65 or
more. With that item counted as read elsewhere, its own code always won, so nothing was read. In
the 135 slots where every item had been read, what was left scored 0.23 at most and beat the
runner-up by 0.06 at most (aligned up to 0.76). All three thresholds must hold.

On 80 ``messaging`` photos (seeds 70000–70039 and 71000–71039; codes of 1.6 to 2.2 px a
module after the app's resizing and JPEG), the 30 items matched beside the kingdom scored 0.50
to 0.88 with their own text, beat the runner-up by 0.16 or more and aligned at 0.60 or more; a
text of no item on the table came first twice there, at 0.35 and by 0.07 at most. The 68 items
matched in slots scored 0.54 or more, by 0.18 or more. The runner-up is the best other text
placed at the same place (within :data:`CLEAR_MM`): two items side by side in a slot, each
unread, used to be each other's (0.79 and 0.77), so neither was read."""


@dataclass(frozen=True)
class ItemMatch:
    """An item's code read by matching: its text, its correlation (data modules), by how much it
    beats the best other text, how well the shared patterns placed it, and its corners in the
    photo (code order)."""

    text: str
    score: float
    margin: float
    alignment: float
    detection: Detection


def kit_items() -> list[Item]:
    """Every item of the kit, a die once for each face: what an item's top face can show."""
    out: list[Item] = []
    for kind in (ItemKind.DIE, ItemKind.CUBE):
        for colour in ROLL_ORDER:
            for serial in SERIALS:
                if kind == ItemKind.DIE:
                    out += [Item(kind, colour, serial, value) for value in range(1, 7)]
                else:
                    out.append(Item(kind, colour, serial))
    return out


@lru_cache(maxsize=128)
def modules(payload: str) -> np.ndarray:
    """The item code's module matrix (True = dark), as the kit prints it."""
    code = qrcode.QRCode(
        version=TwelvePatrols.ITEM_QR_VERSION,
        error_correction=qrcode.constants.ERROR_CORRECT_M,
        box_size=1,
        border=0,
    )
    code.add_data(payload, optimize=0)
    code.make(fit=False)
    return np.array(code.get_matrix(), dtype=bool)


def _shared() -> tuple[np.ndarray, np.ndarray]:
    """The shade every version-1 code shares (1 dark, 0 light, 0.5 unknown) and where it is
    known: finders with their separators, timing rows, the dark module."""
    n = 17 + 4 * TwelvePatrols.ITEM_QR_VERSION
    dark = np.full((n, n), 0.5)
    for top, left in ((0, 0), (0, n - 7), (n - 7, 0)):
        rows = slice(max(top - 1, 0), min(top + 8, n))
        cols = slice(max(left - 1, 0), min(left + 8, n))
        dark[rows, cols] = 0.0
        block = np.zeros((7, 7))
        block[[0, 6], :] = block[:, [0, 6]] = 1.0
        block[2:5, 2:5] = 1.0
        dark[top : top + 7, left : left + 7] = block
    for k in range(8, n - 8):
        dark[6, k] = dark[k, 6] = float(k % 2 == 0)
    dark[n - 8, 8] = 1.0
    return dark, dark != 0.5


def _draw(grid: np.ndarray, turn_deg: float) -> np.ndarray:
    """A module grid (0..1 = light..dark) with its light quiet zone, turned by ``turn_deg``
    (clockwise as seen) about its centre, at :data:`PX_PER_MM` (float32), each pixel the mean
    of 3 x 3 samples; -1 beyond the quiet zone."""
    n = grid.shape[0]
    module = ITEM_CODE_MM / n
    half = (n / 2 + QUIET_MODULES) * module * math.sqrt(2)
    side = round(2 * half * PX_PER_MM)
    sub = (np.arange(side * 3) + 0.5) / (3 * PX_PER_MM) - side / (2 * PX_PER_MM)
    x, y = np.meshgrid(sub, sub)
    c, s = math.cos(math.radians(turn_deg)), math.sin(math.radians(turn_deg))
    u, v = c * x + s * y, -s * x + c * y
    col = np.floor(u / module + n / 2).astype(int)
    row = np.floor(v / module + n / 2).astype(int)
    inside = (col >= 0) & (col < n) & (row >= 0) & (row < n)
    quiet = (col >= -QUIET_MODULES) & (col < n + QUIET_MODULES)
    quiet &= (row >= -QUIET_MODULES) & (row < n + QUIET_MODULES)
    shade = np.full(x.shape, np.nan, np.float32)
    shade[quiet] = 0.0
    shade[inside] = grid[row[inside], col[inside]]
    known = ~np.isnan(shade)
    shade[~known] = 0.0
    mean = shade.reshape(side, 3, side, 3).mean(axis=(1, 3))
    weight = known.reshape(side, 3, side, 3).mean(axis=(1, 3))
    return np.asarray(np.where(weight > 0.5, mean / np.maximum(weight, 1e-6), -1.0), np.float32)


def _coarse(turn_deg: float) -> np.ndarray:
    """The shared patterns turned by ``turn_deg``, what is not shared a mid grey."""
    shade, known = _shared()
    drawn = _draw(np.where(known, shade, 0.5), turn_deg)
    return np.asarray(np.where(drawn < 0, 0.5, drawn), np.float32)


_COARSE: Final = {turn: _coarse(turn) for turn in COARSE_TURNS_DEG}


@lru_cache(maxsize=2 * len(COARSE_TURNS_DEG))
def _coarse_spectrum(turn: float, size: tuple[int, int]) -> Spectrum:
    """The shared patterns turned by ``turn``, ready to match on a patch transformed at
    ``size``. Every turn is kept for two sizes (a slot's two heights share one; the slots of a
    photo mostly have one or two): 38 MB for slots' patches, 224 MB at most, as a server
    reading photo after photo holds them (eight sizes, as first kept, could hold 900 MB; one
    size made the 46 development photos 7 % slower)."""
    return spectrum(_COARSE[turn], size)


def _positions() -> tuple[np.ndarray, np.ndarray]:
    """Module positions (row, column; centres at integers) whose shade every code shares, with
    the first ring of the quiet zone, and that shade (+1 dark, -1 light)."""
    shade, known = _shared()
    n = shade.shape[0]
    rows, cols = np.nonzero(known)
    ring = [
        (r, c) for r in range(-1, n + 1) for c in range(-1, n + 1) if r in (-1, n) or c in (-1, n)
    ]
    positions = np.vstack([np.c_[rows, cols], np.array(ring)]).astype(float)
    signs = np.concatenate([np.where(shade[rows, cols] > 0.5, 1.0, -1.0), -np.ones(len(ring))])
    return positions, signs


_KNOWN, _KNOWN_SHADE = _positions()
_KNOWN_WEIGHTS: Final = (
    (_KNOWN_SHADE - _KNOWN_SHADE.mean()) / _KNOWN_SHADE.std() / len(_KNOWN_SHADE)
)
_N: Final = 17 + 4 * TwelvePatrols.ITEM_QR_VERSION
_ALL: Final = np.array([(r, c) for r in range(_N) for c in range(_N)], dtype=float)
_MODULE_PX: Final = ITEM_CODE_MM / _N * PX_PER_MM
_HEIGHTS: Final = tuple(sorted({height(i) for i in kit_items()}))


def _at(modules: np.ndarray, cx: np.ndarray, cy: np.ndarray, turn: np.ndarray) -> np.ndarray:
    """Patch pixels (placements x modules x 2) of module positions (row, column; centres at
    integers) for codes centred at ``cx``, ``cy`` (pixels) turned by ``turn`` (degrees)."""
    u = ((modules[:, 1] - (_N - 1) / 2) * _MODULE_PX)[None, :]
    v = ((modules[:, 0] - (_N - 1) / 2) * _MODULE_PX)[None, :]
    c = np.cos(np.radians(turn))[:, None]
    s = np.sin(np.radians(turn))[:, None]
    return np.stack([cx[:, None] + c * u - s * v, cy[:, None] + s * u + c * v], axis=2)


def _sample(light: np.ndarray, xy: np.ndarray) -> np.ndarray:
    """``light`` at the pixels ``xy`` (placements x modules x 2), bilinear."""
    flat = xy.reshape(-1, xy.shape[-2], 2).astype(np.float32)
    values = cv2.remap(light, flat[..., 0].copy(), flat[..., 1].copy(), cv2.INTER_LINEAR)
    return np.asarray(values, dtype=np.float64).reshape(xy.shape[:-1])


def _refine(
    light: np.ndarray, cx: float, cy: float, turn: float
) -> tuple[float, float, float, float]:
    """The placement near (``cx``, ``cy``, ``turn``) where the shared patterns agree best, and
    how well (correlation): two rounds of finer steps of place and turn."""
    best = (cx, cy, turn, -1.0)
    for step, turns in ((0.5, np.arange(-2.0, 2.01, 0.5)), (0.2, np.arange(-0.4, 0.41, 0.2))):
        bx, by, bt, _ = best
        offsets = np.arange(-4, 5) * step
        dx, dy, dt = np.meshgrid(offsets, offsets, turns, indexing="ij")
        xs, ys, ts = bx + dx.ravel(), by + dy.ravel(), bt + dt.ravel()
        values = _sample(light, _at(_KNOWN, xs, ys, ts))
        centred = values - values.mean(axis=1, keepdims=True)
        scores = (centred @ _KNOWN_WEIGHTS) / np.maximum(centred.std(axis=1), 1e-6)
        k = int(np.argmax(scores))
        best = (float(xs[k]), float(ys[k]), float(ts[k]), float(scores[k]))
    return best


def printed_codes() -> dict[str, np.ndarray]:
    """The text on every item's top face (:func:`kit_items`, in order) and its modules as the
    kit prints them (``True`` = dark, one row of 441 per text), under ``item_texts`` and
    ``item_modules``: what :data:`ITEMBOOK` holds."""
    texts = [_text(i) for i in kit_items()]
    rows = [modules(text).ravel() for text in texts]
    return {"item_texts": np.array(texts), "item_modules": np.array(rows, dtype=bool)}


@lru_cache(maxsize=1)
def _shipped() -> dict[str, np.ndarray]:
    """The data modules of every text of :data:`ITEMBOOK`, +1 dark, -1 light."""
    with np.load(ITEMBOOK, allow_pickle=False) as book:
        rows = np.where(book["item_modules"][:, DATA], 1.0, -1.0)
        return {str(text): row for text, row in zip(book["item_texts"], rows, strict=True)}


def _book(payload: str) -> np.ndarray:
    """The data modules of ``payload``'s code, +1 dark, -1 light."""
    return _shipped()[payload]


def match_item(
    gray: np.ndarray,
    camera: Camera,
    area: np.ndarray,
    taken: list[tuple[float, float]],
    read: set[tuple[object, ...]],
) -> ItemMatch | None:
    """The code on top of an item standing in ``area`` (a slot's corners or a square beside the
    kingdom, table mm), away from where the items read stand (``taken``, table mm), if one of
    the kit's codes agrees clearly best there and is not that of an item read elsewhere (whose
    key is in ``read``); ``None`` otherwise. The codes of the items read are still matched: when
    one of them agrees best, what stands there is not read."""
    best = ranked(gray, camera, area, taken)
    if not best or item_from_payload(_payload(best[0].text)).key in read:
        return None
    if best[0].score < MIN_SCORE or best[0].margin < MIN_MARGIN:
        return None
    return best[0]


@dataclass(frozen=True)
class _Placement:
    """A code placed by the shared patterns: its centre (patch pixels) and turn, how well the
    patterns agreed there, the patch's map to the photo, and every text of its height's score."""

    x: float
    y: float
    turn: float
    alignment: float
    to_photo: np.ndarray
    scores: dict[str, float]


def ranked(
    gray: np.ndarray,
    camera: Camera,
    area: np.ndarray,
    taken: list[tuple[float, float]],
    heights: tuple[float, ...] | None = None,
) -> list[ItemMatch]:
    """Every text of the kit that agreed with a code placed by the shared patterns in ``area``
    (table mm, widened by :data:`MARGIN_MM`), away from ``taken``, at the top-face heights
    ``heights`` (a die's and a cube's when ``None``), best first: each with its best score, the
    alignment and place it had there, and its margin over the best *other* text placed at that
    place (within :data:`CLEAR_MM`, at either height), so that two items standing side by side
    are not each other's rival. Placements aligned under :data:`MIN_ALIGNMENT` are not
    scored."""
    items = kit_items()
    low = area.min(axis=0) - MARGIN_MM
    high = area.max(axis=0) + MARGIN_MM
    box = (float(low[0]), float(low[1]), float(high[0] - low[0]), float(high[1] - low[1]))
    placements: list[_Placement] = []
    for edge in heights or _HEIGHTS:
        patch, to_photo = rectify(gray, camera.plane(edge), box, PX_PER_MM)
        light = cv2.GaussianBlur(255.0 - patch.astype(np.float32), (0, 0), _MODULE_PX / 4)
        texts = [_text(i) for i in items if height(i) == edge]
        book = np.array([_book(t) for t in texts])
        for cx, cy, turn in _places(light, box, taken):
            x, y, t, alignment = _refine(light, cx, cy, turn)
            if alignment < MIN_ALIGNMENT:
                continue
            values = _sample(light, _at(_ALL, np.array([x]), np.array([y]), np.array([t])))[0]
            data = values[DATA]
            data = (data - data.mean()) / max(float(data.std()), 1e-6)
            scores = book @ data / len(data)
            by_text = {text: float(v) for text, v in zip(texts, scores, strict=True)}
            placements.append(_Placement(x, y, t, alignment, to_photo, by_text))
    best: dict[str, tuple[float, _Placement]] = {}
    for placed in placements:
        for text, score in placed.scores.items():
            if text not in best or score > best[text][0]:
                best[text] = (score, placed)
    out = []
    for text, (score, placed) in sorted(best.items(), key=lambda kv: -kv[1][0]):
        near = [
            other
            for other in placements
            if math.hypot(other.x - placed.x, other.y - placed.y) < CLEAR_MM * PX_PER_MM
        ]
        rival = max((v for o in near for t, v in o.scores.items() if t != text), default=0.0)
        corners = _at(
            np.array([[0, 0], [0, _N], [_N, _N], [_N, 0]], dtype=float) - 0.5,
            np.array([placed.x]),
            np.array([placed.y]),
            np.array([placed.turn]),
        )[0]
        detection = Detection(text, apply(placed.to_photo, corners))
        out.append(ItemMatch(text, score, score - rival, placed.alignment, detection))
    return out


def _text(item: Item) -> str:
    """What the code on top of ``item`` says."""
    return encode(item_payload(item))


def _places(
    light: np.ndarray, box: tuple[float, float, float, float], taken: list[tuple[float, float]]
) -> list[tuple[float, float, float]]:
    """The :data:`PLACES` best centres (patch pixels) and turns of the shared patterns in
    ``light``, each away from the others and from the items read."""
    side = _COARSE[0.0].shape[0]
    if light.shape[0] < side or light.shape[1] < side:
        return []
    best = np.full((light.shape[0] - side + 1, light.shape[1] - side + 1), -2.0, np.float32)
    turns = np.zeros(best.shape, np.float32)
    seen = Correlation(light, (side, side))
    for turn in COARSE_TURNS_DEG:
        scores = seen.scores(_coarse_spectrum(turn, seen.size))
        better = scores > best
        best[better] = scores[better]
        turns[better] = turn
    ys, xs = np.mgrid[0 : best.shape[0], 0 : best.shape[1]]
    centre_x = box[0] + (xs + side / 2) / PX_PER_MM
    centre_y = box[1] + (ys + side / 2) / PX_PER_MM
    for tx, ty in taken:
        best[np.hypot(centre_x - tx, centre_y - ty) < CLEAR_MM] = -2.0
    found: list[tuple[float, float, float]] = []
    away = round(CLEAR_MM * PX_PER_MM)
    for _ in range(PLACES):
        _, score, _, at = cv2.minMaxLoc(best)
        if score <= -1.0:
            break
        x, y = int(at[0]), int(at[1])
        found.append((x + side / 2 - 0.5, y + side / 2 - 0.5, float(turns[y, x])))
        best[max(y - away, 0) : y + away, max(x - away, 0) : x + away] = -2.0
    return found


MATCH_STAGE: Final = "item codebook"
"""The stage name of items read by matching."""


def match_slots(
    gray: np.ndarray,
    table: Table,
    camera: Camera,
    cards: list[CardReading],
    items: list[ItemReading],
    white: float,
    add: Callable[[Detection, str], bool],
    read: set[tuple[object, ...]],
) -> list[Detection]:
    """Match the top face of what stands in each open slot that shows something no item read
    explains (see :func:`companion.twelve_patrols.items.busy_slots`) against the codes of the
    kit's items not in ``read`` (the keys of the items whose code was read anywhere; those
    matched are added), again with each item matched taken out, while the slot still shows
    such detail: a patrol may hold several items, and two side by side are matched one after
    the other."""
    slots, _, _ = slot_areas(cards)
    covered = explained(camera, table, items)
    new: list[Detection] = []
    for area in slots:
        if not area.open:
            continue
        taken = [i.footprint for i in items if i.slot == area.slot]
        while busy(gray, table.to_photo, area.polygon, covered, white) >= BUSY_SLOT:
            match = match_item(gray, camera, area.polygon, taken, read)
            stands = None if match is None else _read(match, camera, add, new, read)
            if match is None or stands is None:
                break
            taken.append(stands[1])
            corners = match.detection.corners
            covered.append(solid_outline(camera, *stands, corners, table.from_photo))
    return new


def match_beside(
    gray: np.ndarray,
    table: Table,
    camera: Camera,
    items: list[ItemReading],
    spots: list[tuple[float, float]],
    add: Callable[[Detection, str], bool],
    read: set[tuple[object, ...]],
) -> list[Detection]:
    """Match the top face of what lies at each of ``spots`` beside the kingdom (table mm: detail
    no item read explains, see :func:`companion.twelve_patrols.pool.beside`) against the codes of
    the kit's items not in ``read``, as :func:`match_slots` does in a slot (those matched are
    added). A spot is where a top face's detail falls on the table, farther from the camera
    than the item's footprint: its code is looked for within :data:`SPOT_MM` of where the ray
    through the spot meets a die's and a cube's top face."""
    taken = [i.footprint for i in items]
    tried: list[np.ndarray] = []
    new: list[Detection] = []
    for spot in spots:
        photo = apply(table.to_photo, np.array([spot]))
        top = np.mean([camera.on_plane(photo, edge)[0] for edge in _HEIGHTS], axis=0)
        if any(math.dist(top, t) < CLEAR_MM for t in taken):
            continue  # an item matched at another spot stands there
        if any(math.dist(top, t) < SAME_SPOT_MM for t in tried):
            continue
        tried.append(top)
        area = top + SPOT_MM * np.array([[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]])
        match = match_item(gray, camera, area, taken, read)
        stands = None if match is None else _read(match, camera, add, new, read)
        if stands is not None:
            taken.append(stands[1])
    return new


def _read(
    match: ItemMatch,
    camera: Camera,
    add: Callable[[Detection, str], bool],
    new: list[Detection],
    read: set[tuple[object, ...]],
) -> tuple[Item, tuple[float, float]] | None:
    """Hand ``match`` over (``add``; then kept in ``new`` and its item's key in ``read``): its
    item and where the item stands (table mm); ``None`` when it is not taken, or is not square
    enough for a top face to place the item."""
    if not add(match.detection, MATCH_STAGE):
        return None
    item = item_from_payload(_payload(match.text))
    new.append(match.detection)
    read.add(item.key)
    face = top_face(camera, match.detection.corners, item)
    return None if face is None else (item, face.footprint)


def _payload(text: str) -> PatrolsDie | PatrolsCube:
    """The item code ``text`` decoded."""
    code = decode(text)
    assert isinstance(code, PatrolsDie | PatrolsCube)
    return code
