"""The top face of a die seen only from its side, read by matching against the faces it can show.

A die whose top code the decoder cannot read may still show a side code it can: that tells the
die (colour and serial) and the value of each side seen. Opposite faces add up to seven, so the
top face is none of those values nor their opposites: four faces are left with one side seen,
two with two. Round where the die stands, the plane of its top face is rectified and matched
against the codes of every die face of the kit (:func:`companion.twelve_patrols.itemmatch.ranked`,
which places the code by the patterns every code shares). The best text is read only when it is
one of the faces left, agrees well (:data:`MIN_SCORE`) and beats every other die face of the kit
— those of the same die, of the sides seen and of every other die alike — by
:data:`MIN_MARGIN`; otherwise the die stays reported, seen only from the side.

A side face whose code went unread is one of the faces left too. Brought to the top face's
plane, a side seen ``e`` above the horizon is stretched by ``1 / tan e`` along the line of sight
(and sheared when it does not face the camera): square only at 45°. The matcher places a square
grid, so a side matches only when it is nearly square (:data:`SIDE_STRETCH`); a code matched where
a side could be that square is not read (:func:`side_like`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

import numpy as np

from companion.decode import Detection
from companion.twelve_patrols.geometry import Camera, height, top_face
from companion.twelve_patrols.itemmatch import ranked
from companion.twelve_patrols.reading import ItemReading
from patrolkit.games.twelve_patrols import Item, item_from_payload
from patrolkit.payload import PatrolsDie, decode

FACES: Final = frozenset(range(1, 7))
MIN_SCORE: Final = 0.5
"""The top face's text must correlate this well with the photo's data modules (as in
:data:`companion.twelve_patrols.itemmatch.MIN_SCORE`)."""
MIN_MARGIN: Final = 0.12
"""The top face's text must beat every other die face of the kit by this much correlation (as
in :data:`companion.twelve_patrols.itemmatch.MIN_MARGIN`)."""
SIDE_STRETCH: Final = 0.15
"""A side face stretched less than this (share of its side) on the top face's plane could be
matched as a top face.

Measured on a die's code drawn on the top face's plane stretched along the line of sight and
blurred (0.8 and 1.2 px, ``tests/twelve_patrols/test_reader_top_face.py``'s camera): square, it
matched its text at 0.74 and 0.54, margins 0.25 and 0.16; stretched 3 % at 0.70 and 0.52; 6 % at
0.65 (blur 0.8) or not at all; stretched or shrunk 10 % and more, never (no placement aligned,
or a score of 0.32 at most). So a side stretched 15 % or more cannot pass: seen from under 41.0°
or over 49.6° above the horizon."""
MATCH_STAGE: Final = "top face codebook"
"""The stage name of top faces read by matching."""


def side_like(elevation_deg: float) -> bool:
    """Whether a side face seen ``elevation_deg`` above the horizon is square enough, on the top
    face's plane, to be matched as a top face (see :data:`SIDE_STRETCH`)."""
    stretch = 1.0 / math.tan(math.radians(elevation_deg))
    return abs(stretch - 1.0) < SIDE_STRETCH


def faces_left(seen: set[int]) -> frozenset[int]:
    """The values a die's top face can show when ``seen`` are the values of sides seen: none of
    them, nor the faces opposite them (opposite faces add up to seven)."""
    return FACES - seen - {7 - v for v in seen}


def side_only(camera: Camera, codes: list[tuple[Item, Detection, str]]) -> dict[Item, set[int]]:
    """The dice (value dropped: ``value`` 1) whose every code read is a side face, each with
    the values of the sides seen."""
    sides: dict[tuple[object, ...], tuple[Item, set[int]]] = {}
    tops: set[tuple[object, ...]] = set()
    for item, detection, _how in codes:
        if not item.is_die or item.value is None:
            continue
        if top_face(camera, detection.corners, item) is not None:
            tops.add(item.key)
        else:
            sides.setdefault(item.key, (item, set()))[1].add(item.value)
    return {item: seen for key, (item, seen) in sides.items() if key not in tops}


def match_tops(
    gray: np.ndarray,
    camera: Camera,
    codes: list[tuple[Item, Detection, str]],
    items: list[ItemReading],
    add: Callable[[Detection, str], bool],
) -> list[Detection]:
    """The top faces, matched, of the dice among ``codes`` seen only from their sides (those
    matched are added), away from where the ``items`` read stand."""
    taken = [i.footprint for i in items]
    new: list[Detection] = []
    for die, seen in side_only(camera, codes).items():
        left = faces_left(seen)
        if not left:
            continue
        edge = height(die)
        for where in _stands(camera, codes, die):
            area = np.array(where) + edge / 2 * np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]])
            best = ranked(gray, camera, area, taken, (edge,))
            if not best or best[0].score < MIN_SCORE or best[0].margin < MIN_MARGIN:
                continue
            code = decode(best[0].text)
            top = item_from_payload(code) if isinstance(code, PatrolsDie) else None
            if top is None or top.key != die.key or top.value not in left:
                continue
            face = top_face(camera, best[0].detection.corners, top)
            if face is None or side_like(face.elevation_deg):
                break  # a side whose code went unread could look like this: left unread
            if add(best[0].detection, MATCH_STAGE):
                new.append(best[0].detection)
            break
    return new


def _stands(
    camera: Camera, codes: list[tuple[Item, Detection, str]], die: Item
) -> list[tuple[float, float]]:
    """Where ``die`` may stand (table mm), from each of its side codes: the side's middle, half
    the die's height up, pushed half a face further from the camera (the side seen faces it)."""
    edge = height(die)
    out = []
    for item, detection, _how in codes:
        if item.key != die.key:
            continue
        side = camera.on_plane(detection.centre[None, :], edge / 2)[0]
        away = side - camera.centre[:2]
        side = side + away / max(float(np.linalg.norm(away)), 1e-6) * edge / 2
        out.append((float(side[0]), float(side[1])))
    return out
