"""The annotated picture of a Stratego photo: each piece's code framed in its army's colour,
never a rank.

The part of the photo around the board, scaled so its longer side is
:data:`companion.picture.SIDE` pixels and dimmed a little, with each sheet's grid outline, every
piece read framed in its army's colour, cells and pieces that could not be read framed red with
``?``, and QR codes that are not the game's framed orange. On the last photo of a check the move
judged is drawn as an arrow from the cell it left to the cell it reached. A panel on the right
gives the verdict in the same words as the command line, which name a rank only where the rules
reveal it (the two ranks of an attack).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

import cv2
import numpy as np
from PIL import Image

from companion.load import load_picture
from companion.palette import CYAN, GREEN, ORANGE, RED, RGB, WHITE, rgb_of
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
from companion.stratego.reading import StrategoReading
from companion.stratego.verdict import format_verdict, position_line
from patrolkit.games.stratego import Army, parse_square
from patrolkit.i18n import _, ngettext
from patrolkit.sizes.stratego import Stratego

ARMY_RGB: Final = {
    Army.RED: rgb_of(Stratego.ARMY_INK["R"]),
    Army.BLUE: rgb_of(Stratego.ARMY_INK["B"]),
}


def render(
    photo: Path | str | bytes, reading: StrategoReading, verdict: dict[str, Any]
) -> np.ndarray:
    """The annotated picture (RGB) of ``reading`` and ``verdict`` over ``photo``."""
    picture = load_picture(photo)
    outlines = [outline_px(sheet) for sheet in reading.sheets]
    canvas, shift = board_canvas(picture.rgb, outlines, reading.foreign)
    labels: list[Label] = []
    for piece in reading.pieces.values():
        polygon(canvas, apply(shift, piece.corners_px), ARMY_RGB[piece.army], 4)
    if verdict["kind"] == "check" and verdict["moves"]:
        _arrow(canvas, shift, reading, verdict["moves"][-1]["move"])
    for u in reading.unreadable:
        cell_px = None if u.sq is None else reading.cell_quad(u.sq, 0.05, top=True)
        frame_unreadable(canvas, shift, labels, cell_px, u.at_px)
    frame_foreign_codes(canvas, shift, labels, reading.foreign)
    return np.asarray(_with_panel(with_labels(canvas, labels), verdict))


def _arrow(canvas: np.ndarray, shift: np.ndarray, reading: StrategoReading, move: str) -> None:
    """The move ``a4-a5`` or ``a4xa7`` as an arrow between its cells' centres on the board."""
    start, end = (
        parse_square(move[:-3] if move[-3] in "-x" else move[:2]),
        parse_square(move.replace("x", "-").split("-")[1]),
    )
    points = [apply(shift, reading.cell_quad(sq)).mean(axis=0) for sq in (start, end)]
    a, b = (tuple(int(v) for v in np.round(p)) for p in points)
    cv2.arrowedLine(canvas, a, b, (20, 20, 20), 12, cv2.LINE_AA, tipLength=0.25)
    cv2.arrowedLine(canvas, a, b, CYAN, 7, cv2.LINE_AA, tipLength=0.25)


def _headline(verdict: dict[str, Any]) -> tuple[str, str, RGB]:
    unreadable = len(verdict["unreadable"])
    if verdict["kind"] == "check":
        moves = verdict["moves"]
        legal = moves[-1]["description"] if moves else _("no move")
        return check_headline(verdict, legal, str(verdict["reason"]))
    if not verdict["judged"]:
        if unreadable:
            return (
                _("CANNOT JUDGE"),
                ngettext("{count} cell unreadable", "{count} cells unreadable", unreadable).format(
                    count=unreadable
                ),
                RED,
            )
        return _("CANNOT JUDGE"), _("a piece is not of this kit"), RED
    if verdict["phase"] == "setup":
        if verdict["legal"]:
            return _("SETUP LEGAL"), _("both armies complete, in place"), GREEN
        return _("SETUP WRONG"), verdict["reasons"][0] if verdict["reasons"] else "", RED
    counts = verdict["pieces"]
    return (
        _("TABLE READ"),
        _("{red} red, {blue} blue pieces").format(red=counts["red"], blue=counts["blue"]),
        WHITE,
    )


def _with_panel(image: Image.Image, verdict: dict[str, Any]) -> Image.Image:
    position = position_line(verdict)
    facts = [line for line in format_verdict(verdict).splitlines()[1:] if line != position]
    legend = (
        (ARMY_RGB[Army.RED], _("a red piece read (its id only)")),
        (ARMY_RGB[Army.BLUE], _("a blue piece read (its id only)")),
        (RED, _("unreadable: fix it, photograph again")),
        (CYAN, _("the move judged")),
        (ORANGE, _("QR code that is not a game piece")),
    )
    return with_legend(image, _headline(verdict), facts[:12], legend)
