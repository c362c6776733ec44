"""The items of a 12 Patrols photo: each item from the code on its top face, where it stands, a
second look where something is in doubt, and the slots and places that hold something no code
read explains.

Of the codes of one item that could be its top face, the top face is the one farthest from the
point under the camera: a side face the camera sees faces it, so it lies nearer (see
:func:`read_items`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import cv2
import numpy as np

from companion.cascade import unsharp
from companion.decode import Decoder, Detection
from companion.twelve_patrols.geometry import (
    Camera,
    Table,
    TopFace,
    apply,
    height,
    rectify,
    top_face,
)
from companion.twelve_patrols.reading import (
    CARD_H,
    CARD_UNREAD,
    CARD_W,
    CardReading,
    ItemReading,
    Unread,
    card_places,
    pitch,
    place_words,
)
from companion.twelve_patrols.slots import (
    POOL_CLEAR_MM,
    VIEW_PX_PER_MM,
    WINDOW_MM,
    Area,
    areas,
    blown_spots,
    busy,
    clear_of_cards,
    density,
    place_of,
    slot_words,
    solid_outline,
)
from patrolkit.errors import PayloadError
from patrolkit.games.twelve_patrols import SIZE, Card, Item, Position
from patrolkit.i18n import N_, _
from patrolkit.payload import PatrolsCube, PatrolsDie, decode

MAX_GAP_MM: Final = 80.0
"""Two cards of one row (column) further apart than this are not neighbours."""
STEPS: Final = ((12.0, 0.0), (16.0, 1.0))
"""The second look: rectified at 12 px/mm, then at 16 px/mm with an unsharp mask (the cascade
measured best for Rôdeurs, ``measurements/qr-decoding.md``)."""
SECOND_LOOK: Final = "second look"
"""The stage name of items read by the second look."""
SIDE: Final = "side face"
"""The stage name of a cube read from a side face alone, far beside the kingdom."""
SHRINK_MM: Final = 1.5
"""How far inside its edge an area's detail is measured (as :func:`busy` does)."""


def at_px(detection: Detection) -> tuple[float, float]:
    """The centre of ``detection``, photo px."""
    return (float(detection.centre[0]), float(detection.centre[1]))


def is_item_code(detection: Detection) -> bool:
    """Whether ``detection`` carries a 12 Patrols die face or cube code."""
    try:
        return isinstance(decode(detection.text), PatrolsDie | PatrolsCube)
    except PayloadError:
        return False


def slot_areas(
    cards: list[CardReading],
) -> tuple[list[Area], dict[Position, np.ndarray], dict[Position, Card]]:
    outlines = {c.position: c.outline() for c in cards}
    by_place = {c.position: c.card for c in cards}
    _unused, step_c, step_r = pitch(cards)
    gap = float(np.mean([np.linalg.norm(step_c) - CARD_W, np.linalg.norm(step_r) - CARD_H]))
    return areas(outlines, by_place, min(max(gap, 25.0), MAX_GAP_MM)), outlines, by_place


def read_items(
    codes: list[tuple[Item, Detection, str]],
    table: Table,
    camera: Camera,
    cards: list[CardReading],
) -> tuple[list[ItemReading], list[Unread]]:
    """Each item read from its top face, and where it stands; an item seen only from the side,
    or whose top face cannot be told, is unread.

    Of the codes of one item that could be its top face, the top face is the one farthest from
    the point under the camera: a side face the camera sees faces it, so it lies nearer. A code
    seen from about 45° above the horizon could be a side face whose top face went unread
    (:attr:`TopFace.aslant`): the second look (:func:`_second_look`) decodes round every such
    code again, closer, so that the top face is read too.
    """
    found, outlines, by_place = slot_areas(cards)
    faces: dict[tuple[object, ...], list[tuple[Item, TopFace, Detection, str]]] = {}
    sides: dict[tuple[object, ...], tuple[Item, Detection]] = {}
    for item, detection, how in codes:
        face = top_face(camera, detection.corners, item)
        if face is None:
            sides.setdefault(item.key, (item, detection))
        else:
            faces.setdefault(item.key, []).append((item, face, detection, how))
    readings: list[ItemReading] = []
    unread: list[Unread] = []
    for seen in faces.values():
        seen.sort(key=lambda s: -s[1].reach)
        item, face, detection, how = seen[0]
        place = place_of(face.footprint, found, outlines, by_place)
        at = at_px(detection)
        name = item.name
        rivals = [
            s
            for s in seen[1:]
            if s[1].reach > face.reach - 4.0
            and (s[0] != item or np.hypot(*np.subtract(s[1].footprint, face.footprint)) > 6.0)
        ]
        if rivals:
            why = _(
                "two faces of the {item} were read and which one is on top cannot be told"
            ).format(item=name)
            unread.append(Unread(why, place.where, place.slot, at))
            continue
        corners = tuple((float(x), float(y)) for x, y in detection.corners)
        lone = face.aslant and len(seen) == 1
        readings.append(
            ItemReading(
                item, place.kind, place.slot, face.footprint, corners, how, place.where, lone
            )
        )
    for key, (item, detection) in sides.items():
        if key in faces:
            continue
        rough = camera.on_plane(detection.centre[None, :], height(item) / 2)[0]
        spot = (float(rough[0]), float(rough[1]))
        place = place_of(spot, found, outlines, by_place)
        beyond = POOL_CLEAR_MM + height(item)
        far = place.kind == "pool" and clear_of_cards(spot, outlines) >= beyond
        if far and not item.is_die:
            # Far beside the kingdom (a whole face beyond the pool's edge: the side face's code
            # lies half a face from the item's middle), which cube it is is all there is to read;
            # a die lacks its value only, which the verdict may not need (``pool_die``).
            corners = tuple((float(x), float(y)) for x, y in detection.corners)
            readings.append(
                ItemReading(item, "pool", None, spot, corners, SIDE, place.where, from_side=True)
            )
            continue
        unread.append(
            Unread(
                _("the {item} is seen only from the side: its top face could not be read").format(
                    item=item.name
                ),
                place.where,
                place.slot,
                at_px(detection),
                pool_die=item.notation.split("=")[0] if far else None,
            )
        )
    return readings, unread


def explained(camera: Camera, table: Table, items: list[ItemReading]) -> list[np.ndarray]:
    """What each item read covers, on the table plane."""
    return [
        solid_outline(camera, i.item, i.footprint, np.array(i.corners_px), table.from_photo)
        for i in items
    ]


def second_look(
    gray: np.ndarray,
    table: Table,
    camera: Camera,
    reader: Decoder,
    cards: list[CardReading],
    items: tuple[list[ItemReading], list[Unread]],
    add: Callable[[Detection, str], bool],
    white: float,
) -> list[Detection]:
    """Decode again, rectified at the items' height: every open slot that shows detail no item
    read explains, and round every item whose top face is in doubt (seen only from the side,
    two faces that could be on top, or one code seen aslant)."""
    slots, _unused, _unused2 = slot_areas(cards)
    read, unread = items
    covered = explained(camera, table, read)
    boxes = []
    for area in slots:
        if area.open and busy(gray, table.to_photo, area.polygon, covered, white) >= BUSY_SLOT:
            low, high = area.polygon.min(axis=0) - 10.0, area.polygon.max(axis=0) + 10.0
            boxes.append(
                (float(low[0]), float(low[1]), float(high[0] - low[0]), float(high[1] - low[1]))
            )
    doubtful = [i.footprint for i in read if i.aslant]
    doubtful += [
        (float(p[0]), float(p[1]))
        for u in unread
        for p in camera.on_plane(np.array([u.photo_px]), 14.0)
    ]
    boxes += [box_round(spot) for spot in doubtful]
    return decode_boxes(gray, camera, reader, boxes, add)


def box_round(spot: tuple[float, float]) -> tuple[float, float, float, float]:
    """The 60 mm square round ``spot`` (table mm) where an item's code is looked for."""
    x, y = spot
    return (x - 30.0, y - 30.0, 60.0, 60.0)


def decode_boxes(
    gray: np.ndarray,
    camera: Camera,
    reader: Decoder,
    boxes: list[tuple[float, float, float, float]],
    add: Callable[[Detection, str], bool],
) -> list[Detection]:
    """Item codes newly read in each of ``boxes`` (table mm), rectified at the items' height,
    step after step of :data:`STEPS` until one reads something there."""
    plane = camera.plane(25.0)
    new: list[Detection] = []
    for box in boxes:
        for px_per_mm, sharpen in STEPS:
            patch, to_photo = rectify(gray, plane, box, px_per_mm)
            if sharpen:
                patch = unsharp(patch, 0.25 * px_per_mm, sharpen)
            added = [
                d
                for d in (hit.moved(to_photo) for hit in reader.read(patch))
                if is_item_code(d) and add(d, SECOND_LOOK)
            ]
            new += added
            if added:
                break
    return new


GLARE: Final = N_("glare hides it: an item may stand there unseen")
"""Why a place blown out by glare is unread."""
BUSY_SLOT: Final = 0.35
"""A slot whose area shows sharp detail over this share, once the items read are taken out,
holds something more."""
BUSY_CARD: Final = 0.35
"""An empty place whose middle shows sharp detail over this share holds a card."""


def busy_slots(
    gray: np.ndarray,
    table: Table,
    camera: Camera,
    cards: list[CardReading],
    items: list[ItemReading],
    white: float,
) -> list[Unread]:
    """The open slots that still show something no item read explains."""
    slots, _unused, _unused2 = slot_areas(cards)
    covered = explained(camera, table, items)
    unread = []
    for area in slots:
        if not area.open:
            continue
        if busy(gray, table.to_photo, area.polygon, covered, white) >= BUSY_SLOT:
            reason = _("something stands there but no code on it can be read")
        elif blown_spots(gray, table.to_photo, area.polygon, covered):
            reason = _(GLARE)
        else:
            continue
        middle = apply(table.to_photo, area.polygon.mean(axis=0)[None, :])[0]
        unread.append(
            Unread(
                reason,
                _("in the slot {between}").format(between=slot_words(area.slot)),
                area.slot,
                (float(middle[0]), float(middle[1])),
            )
        )
    return unread


def card_gaps(
    gray: np.ndarray,
    table: Table,
    camera: Camera,
    cards: list[CardReading],
    items: list[ItemReading],
    white: float,
) -> list[Unread]:
    """The empty places beside a card that look like they hold a card whose code is unread."""
    origin, step_c, step_r = pitch(cards)
    unread = []
    for r, c in card_like(gray, table, camera, cards, items, white, card_places(cards)):
        middle = apply(table.to_photo, (origin + r * step_r + c * step_c)[None, :])[0]
        unread.append(
            Unread(
                _(CARD_UNREAD),
                place_words((r, c)) if 0 <= r < SIZE and 0 <= c < SIZE else _("beside the kingdom"),
                None,
                (float(middle[0]), float(middle[1])),
                (r, c),
            )
        )
    return unread


def card_like(
    gray: np.ndarray,
    table: Table,
    camera: Camera,
    cards: list[CardReading],
    items: list[ItemReading],
    white: float,
    places: list[Position],
) -> list[Position]:
    """Those of ``places`` (in the grid of ``cards``) whose middle shows the dense detail of a
    card's print that the items read do not explain."""
    covered = explained(camera, table, items)
    return [p for p in places if place_detail(gray, table, cards, p, covered, white) >= BUSY_CARD]


def place_detail(
    gray: np.ndarray,
    table: Table,
    cards: list[CardReading],
    place: Position,
    covered: list[np.ndarray],
    white: float,
) -> float:
    """The densest sharp detail (see :func:`busy`) in the middle of ``place`` (in the grid of
    ``cards``), outside the ``covered`` polygons: a card's print shows 1.0 even when blurred,
    bare table at most 0.22 on the benchmark's photos.

    Every window is measured whole: the middle is rectified with half a window more all round
    (still on the card, were one there), and only windows centred in the middle count. A window
    cut by the middle's edge would weigh what little of it is left: a shadow's edge crossing a
    corner of a bare place then filled a third of it (0.36 on development photo ``shadow``
    71021) and passed for a card. Measured on the 40 development ``shadow`` photos (seeds
    71000–71039), on every place looked at: six empty places crossed by a shadow's edge went
    under :data:`BUSY_CARD` (from 0.36–0.47 to 0.19–0.34), one rose over it (0.18 to 0.50, in a
    photo still read exactly), and the 331 where a card lies showed 0.68 or more either way."""
    origin, step_c, step_r = pitch(cards)
    centre = origin + place[0] * step_r + place[1] * step_c
    half = np.array([CARD_W / 2 - 8.0, CARD_H / 2 - 8.0])
    corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], float)
    reach = half + WINDOW_MM / 2 + SHRINK_MM
    dense, to_patch, _unused = density(
        gray, table.to_photo, centre + corners * reach, covered, white, SHRINK_MM, VIEW_PX_PER_MM
    )
    if not dense.size:
        return 0.0
    middle = np.zeros(dense.shape, np.uint8)
    cv2.fillPoly(middle, [np.round(apply(to_patch, centre + corners * half)).astype(np.int32)], 1)
    return float(dense[middle > 0].max(initial=0.0))
