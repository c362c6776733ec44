"""The annotated picture of a Patrolis photo: each track in its owner's colour over the photo.

The part of the photo around the board, scaled so its longer side is
:data:`companion.picture.SIDE` pixels and dimmed a little, with each sheet's grid outline, every
track drawn along its steps' lines in its owner's colour (a dot at its start, an arrow head at its
free end), breaks and incidents framed in red with a short label, unreadable pieces framed red
with ``?``, and QR codes that are not the game's framed orange. On the second photo of a check
the cells that changed are framed cyan. A panel on the right gives the verdict (legal, illegal,
cannot judge, or the score) and a legend.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

import cv2
import numpy as np
from PIL import Image

from companion.load import load_picture
from companion.palette import CYAN, GREEN, ORANGE, RED, RGB, WHITE, rgb_of
from companion.patrolis.reading import PatrolisReading
from companion.patrolis.verdict import score_text
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
from companion.sheets import outline_px
from patrolkit.games.patrolis import Edge, parse_cell
from patrolkit.i18n import _, ngettext
from patrolkit.sizes import Patrolis

PLAYER_RGB: Final = tuple(rgb_of(ink) for ink in Patrolis.PLAYER_INK)
_EDGE_POINT: Final = {
    Edge.N: (0.5, 0.0),
    Edge.E: (1.0, 0.5),
    Edge.S: (0.5, 1.0),
    Edge.W: (0.0, 0.5),
}


def render(
    photo: Path | str | bytes, reading: PatrolisReading, verdict: dict[str, Any]
) -> np.ndarray:
    """The annotated picture (RGB) of ``reading`` and ``verdict`` over ``photo``."""
    picture = load_picture(photo)
    outlines = [outline_px(sheet) for sheet in reading.sheets]
    canvas, shift = board_canvas(picture.rgb, outlines, reading.foreign)
    labels: list[Label] = []
    game_map = reading.game_map
    if verdict["kind"] == "check":
        for cell in _changed(verdict, reading):
            polygon(canvas, apply(shift, reading.cell_quad(cell, 0.06)), CYAN, 4)
    for track in verdict.get("tracks", []):
        _track(canvas, shift, reading, track)
    for item in verdict.get("incidents", []) + verdict.get("breaks", []):
        if item["kind"] == "cross":
            continue
        quad = apply(shift, reading.cell_quad(game_map.parse(item["cell"]), 0.02))
        polygon(canvas, quad, RED, 5)
        labels.append(
            ((float(quad[:, 0].mean()), float(quad[:, 1].max()) + 16), item["kind"], RED, 26)
        )
    for u in verdict["unreadable"]:
        if u.get("photo") == "before":
            continue
        cell_px = None if u["cell"] is None else reading.cell_quad(game_map.parse(u["cell"]), 0.0)
        frame_unreadable(canvas, shift, labels, cell_px, u["at_px"], size=26)
    frame_foreign_codes(canvas, shift, labels, reading.foreign)
    return np.asarray(_with_panel(with_labels(canvas, labels), verdict))


def _changed(verdict: dict[str, Any], reading: PatrolisReading) -> list[int]:
    turn = verdict.get("turn") or ""
    size = reading.game_map.size
    cells = []
    for word in turn.split():
        letters = word.rstrip("+UD")[:-2]
        try:
            cells.append(parse_cell(size, letters))
        except ValueError:
            continue
    return cells


def _track(
    canvas: np.ndarray, shift: np.ndarray, reading: PatrolisReading, track: dict[str, Any]
) -> None:
    """One track along its lines: edge midpoint, cell centre, edge midpoint, cell after cell."""
    colour = PLAYER_RGB[(track["owner"] - 1) % len(PLAYER_RGB)]
    size = reading.game_map.size
    points: list[np.ndarray] = []
    for word in track["steps"].split():
        word = word.rstrip("+")
        cell = parse_cell(size, word[:-2])
        entry, exit_ = Edge(word[-2]), Edge(word[-1])
        sheet = reading.sheet_of(cell)
        x, y, w, h = sheet.sheet.cell_box(cell % size, cell // size)
        local = np.array(
            [
                [x + _EDGE_POINT[entry][0] * w, y + _EDGE_POINT[entry][1] * h],
                [x + w / 2, y + h / 2],
                [x + _EDGE_POINT[exit_][0] * w, y + _EDGE_POINT[exit_][1] * h],
            ]
        )
        points += list(apply(shift @ sheet.pose.to_photo, local))
    line = np.round(np.array(points) * 16).astype(np.int32).reshape(-1, 1, 2)
    cv2.polylines(canvas, [line], False, (20, 20, 20), 14, cv2.LINE_AA, shift=4)
    cv2.polylines(canvas, [line], False, colour, 9, cv2.LINE_AA, shift=4)
    start = tuple(int(v) for v in np.round(points[0]))
    cv2.circle(canvas, start, 10, colour if track["from_border"] else RED, -1, cv2.LINE_AA)
    end, before = np.array(points[-1]), np.array(points[-2])
    cv2.arrowedLine(
        canvas,
        tuple(int(v) for v in np.round(before)),
        tuple(int(v) for v in np.round(end)),
        colour,
        6,
        cv2.LINE_AA,
        tipLength=0.6,
    )


# -- the panel -------------------------------------------------------------------------------------


def _headline(verdict: dict[str, Any]) -> tuple[str, str, RGB]:
    unreadable = len(verdict["unreadable"])
    if verdict["kind"] == "check":
        turn = _("Player {number}: {turn}").format(number=verdict["mover"], turn=verdict["turn"])
        return check_headline(verdict, turn, str(verdict["reason"]))
    if not verdict["judged"]:
        unread = ngettext("{count} piece unreadable", "{count} pieces unreadable", unreadable)
        return _("CANNOT JUDGE"), unread.format(count=unreadable), RED
    steps = ngettext("{count} steps", "{count} steps", len(verdict["steps"])).format(
        count=len(verdict["steps"])
    )
    tracks = ngettext("{count} tracks", "{count} tracks", len(verdict["tracks"])).format(
        count=len(verdict["tracks"])
    )
    return _("TABLE READ"), _("{steps}, {tracks}").format(steps=steps, tracks=tracks), WHITE


def _facts(verdict: dict[str, Any]) -> list[str]:
    m = verdict["map"]
    facts = [
        ngettext(
            "Map {digest}, {size} x {size}, {count} sheets.",
            "Map {digest}, {size} x {size}, {count} sheets.",
            len(m["sheets"]),
        ).format(digest=m["digest"], size=m["size"], count=len(m["sheets"]))
    ]
    if verdict.get("score"):
        facts.append(_("Score: {points}.").format(points=score_text(verdict["score"])))
        if not verdict["score_complete"]:
            facts.append(_("Some objectives' takers are not shown; they are left out."))
    for item in verdict.get("incidents", []) + verdict.get("breaks", []):
        facts.append(item["sentence"])
    if verdict["unreadable"]:
        facts.append(
            _("Unreadable: {count}. Fix and take the photo again.").format(
                count=len(verdict["unreadable"])
            )
        )
    return facts[:12]


def _with_panel(image: Image.Image, verdict: dict[str, Any]) -> Image.Image:
    players = sorted({t["owner"] for t in verdict.get("tracks", [])})
    tracks = [
        (
            PLAYER_RGB[(player - 1) % len(PLAYER_RGB)],
            _("Player {number}'s tracks").format(number=player),
        )
        for player in players
    ]
    legend = (
        (RED, _("break, incident or unreadable piece")),
        (CYAN, _("cell laid this turn")),
        (ORANGE, _("QR code that is not a game piece")),
        (GREEN, _("dot: track start on the border")),
    )
    return with_legend(image, _headline(verdict), _facts(verdict), legend, lines=tracks)
