"""The annotated picture of a grand jeu photo: each scout's direction drawn as an arrow in its
patrol's colour, the prisoners framed, and on the second photo of a check the acts found.

The part of the photo around the board and its prisons, scaled so its longer side is
:data:`companion.picture.SIDE` pixels and dimmed a little, with each sheet's grid outline, every
scout read framed and its direction drawn from its cell's centre, frozen scouts marked with a
white ring, prisoners framed in their patrol's colour, what could not be read framed red with
``?``, and QR codes that are not the game's framed orange. On a check, each move of the turn
found is a cyan arrow between its cells and each capture a red cross on the victim's cell. A
panel on the right gives the verdict in the same words as the command line.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Final

import cv2
import numpy as np
from PIL import Image

from companion.grand_jeu.reading import GrandJeuReading
from companion.grand_jeu.verdict import format_verdict
from companion.load import load_picture
from companion.palette import CYAN, GREEN, ORANGE, RED, RGB, SOFT, WHITE, rgb_of
from companion.picture import (
    Label,
    board_canvas,
    check_headline,
    frame_foreign_codes,
    frame_unreadable,
    polygon,
    with_labels,
    with_legend,
)
from companion.pose import apply
from companion.sheets import box_corners, outline_px
from patrolkit.games.grand_jeu import Patrol, column_of, parse_cell, row_of
from patrolkit.i18n import _, ngettext
from patrolkit.sizes.grand_jeu import GrandJeu

PATROL_RGB: Final = {
    Patrol.SOUTH: (235, 235, 235),
    Patrol.WEST: rgb_of(GrandJeu.PATROL_INK["W"]),
    Patrol.NORTH: rgb_of(GrandJeu.PATROL_INK["N"]),
    Patrol.EAST: rgb_of(GrandJeu.PATROL_INK["E"]),
}
"""South's ink is black; on the dimmed photo its scouts are drawn in white."""
SHADE: Final = (20, 20, 20)


def render(
    photo: Path | str | bytes, reading: GrandJeuReading, verdict: dict[str, Any]
) -> np.ndarray:
    """The annotated picture (RGB) of ``reading`` and ``verdict`` over ``photo``."""
    picture = load_picture(photo)
    outlines = [outline_px(sheet) for sheet in reading.sheets]
    prisons = [
        apply(sheet.pose.to_photo, box_corners(prison.box))
        for sheet in reading.sheets
        for prison in sheet.sheet.prisons
    ]
    canvas, shift = board_canvas(picture.rgb, outlines, reading.foreign, prisons)
    labels: list[Label] = []
    for quad in prisons:
        polygon(canvas, apply(shift, quad), SOFT, 2)
    for c, scout in reading.scouts.items():
        colour = PATROL_RGB[scout.patrol]
        polygon(canvas, apply(shift, scout.corners_px), colour, 3)
        _direction(canvas, shift, reading, c, scout.direction.degrees, colour)
        if scout.patrol.depth(c, reading.size) == reading.size - 1:
            centre = apply(shift, reading.cell_quad(c)).mean(axis=0)
            radius = int(np.hypot(*np.ptp(apply(shift, reading.cell_quad(c, 0.1)), axis=0)) / 3)
            cv2.circle(canvas, tuple(int(v) for v in centre), radius, WHITE, 3, cv2.LINE_AA)
    for prisoner in reading.prisoners:
        polygon(canvas, apply(shift, prisoner.corners_px), PATROL_RGB[prisoner.patrol], 4)
    if verdict["kind"] == "check" and verdict.get("acts"):
        _acts(canvas, shift, reading, verdict["acts"])
    for u in reading.unreadable:
        cell_px = None if u.cell is None else reading.cell_quad(u.cell, 0.05)
        frame_unreadable(canvas, shift, labels, cell_px, u.at_px)
    frame_foreign_codes(canvas, shift, labels, reading.foreign)
    return np.asarray(_with_panel(with_labels(canvas, labels), verdict))


def _cell_point(reading: GrandJeuReading, c: int, degrees: float = 0.0, reach: float = 0.0) -> Any:
    """The photo point ``reach`` cells from ``c``'s centre the way ``degrees`` (clockwise from
    north) points."""
    sheet = reading.sheet_of(c)
    x, y, w, h = sheet.sheet.cell_box(column_of(c), row_of(c))
    angle = math.radians(degrees)
    point = np.array(
        [[x + w / 2 + math.sin(angle) * reach * w, y + h / 2 - math.cos(angle) * reach * h]]
    )
    return apply(sheet.pose.to_photo, point)[0]


def _line(canvas: np.ndarray, a: Any, b: Any, colour: RGB, width: int) -> None:
    start, end = (tuple(int(v) for v in np.round(p)) for p in (a, b))
    cv2.arrowedLine(canvas, start, end, SHADE, width + 4, cv2.LINE_AA, tipLength=0.3)
    cv2.arrowedLine(canvas, start, end, colour, width, cv2.LINE_AA, tipLength=0.3)


def _direction(
    canvas: np.ndarray,
    shift: np.ndarray,
    reading: GrandJeuReading,
    c: int,
    degrees: float,
    colour: RGB,
) -> None:
    """The scout's blue arrow: from its cell's centre towards the way it faces."""
    a = apply(shift, np.array([_cell_point(reading, c)]))[0]
    b = apply(shift, np.array([_cell_point(reading, c, degrees, 0.45)]))[0]
    _line(canvas, a, b, colour, 5)


def _acts(
    canvas: np.ndarray, shift: np.ndarray, reading: GrandJeuReading, acts: dict[str, Any]
) -> None:
    """Each move of the turn found as an arrow, each capture as a cross."""
    for act in list(acts["acts"]) + list(acts.get("bonus") or []):
        if act["act"] == "move":
            start, end = parse_cell(act["from"]), parse_cell(act["to"])
            a = apply(shift, np.array([_cell_point(reading, start)]))[0]
            b = apply(shift, np.array([_cell_point(reading, end)]))[0]
            _line(canvas, a, b, CYAN, 7)
        elif act["act"] == "capture":
            quad = apply(shift, reading.cell_quad(parse_cell(act["cell"]), 0.2))
            for i, j in ((0, 2), (1, 3)):
                a, b = (tuple(int(v) for v in np.round(quad[k])) for k in (i, j))
                cv2.line(canvas, a, b, RED, 6, cv2.LINE_AA)


def _headline(verdict: dict[str, Any]) -> tuple[str, str, RGB]:
    unreadable = len(verdict["unreadable"])
    if verdict["kind"] == "check":
        legal = str(verdict["description"] or "")
        return check_headline(verdict, legal, str(verdict["reason"]))
    if unreadable:
        said = ngettext("{count} thing unreadable", "{count} things unreadable", unreadable)
        return _("CANNOT JUDGE"), said.format(count=unreadable), RED
    if verdict["over"]:
        return _("GAME OVER"), str(verdict["over"]), GREEN
    scouts = len(verdict["scouts"])
    said = ngettext("{count} scout on the board", "{count} scouts on the board", scouts)
    return _("TABLE READ"), said.format(count=scouts), WHITE


def _with_panel(image: Image.Image, verdict: dict[str, Any]) -> Image.Image:
    position = _("Position: {position}").format(position=verdict["position"])
    facts = [line for line in format_verdict(verdict).splitlines()[1:] if line != position]
    legend = (
        (PATROL_RGB[Patrol.SOUTH], _("a scout read, and the way it faces")),
        (RED, _("unreadable: fix it, photograph again")),
        (CYAN, _("a move of the turn found")),
        (ORANGE, _("QR code that is not a game piece")),
    )
    return with_legend(image, _headline(verdict), facts[:12], legend)
