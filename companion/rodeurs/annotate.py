"""Step 6 of the companion pipeline: the annotated picture a player looks at.

The part of the photo around the board, scaled so its longer side is
:data:`companion.picture.SIDE` pixels and dimmed a little, with the board's grid drawn over it and
every cell's reading: a disc in the pawn's colour with its letter where a pawn was read, a faint
ring where the cell is empty, a red frame with ``?`` and a short label where the cell could not be
read. The corner codes seen are framed green, those missing red; QR codes that are not the game's
are framed orange. On the second photo of a check, the cells that changed are framed cyan and a
legal turn's jumps are drawn as arrows; a hint's jumps are drawn as magenta arrows. A panel on the
right gives the verdict in large letters (legal, illegal, game over, game goes on, cannot judge),
the score (or the hint), and a legend.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any, Final

import cv2
import numpy as np
from PIL import Image, ImageDraw

from companion.load import load_picture
from companion.palette import CYAN, GREEN, INK, ORANGE, RED, RGB, SOFT, WHITE, rgb_of
from companion.picture import (
    Label,
    check_headline,
    dimmed_crop,
    frame_foreign,
    load_font,
    paragraph,
    polygon,
    side_panel,
    with_labels,
)
from companion.pose import apply
from companion.rodeurs.pose import fiducial_corners
from companion.rodeurs.reading import UNREADABLE as UNREADABLE_LETTER
from companion.rodeurs.reading import CellStatus, RodeursReading
from companion.rodeurs.verdict import district_line, player_word, turn_kind_word
from patrolkit.games.rodeurs import COLUMNS, ROWS, column_of, parse_square, row_of
from patrolkit.i18n import _, ngettext, pgettext
from patrolkit.payload import Corner
from patrolkit.sizes import PAWN_INK, Rodeurs

AROUND_MM: Final = 25.0
"""Table shown around the board sheet's printed area."""
LETTER_INK: Final[dict[str, RGB]] = {"R": INK, "Y": INK, "G": WHITE}
PAWN_RGB: Final = {letter: rgb_of(ink) for letter, ink in PAWN_INK.items()}
HINT: Final[RGB] = (235, 80, 235)
"""The colour of a hint's arrows (magenta: none of the pawns', the frames' or a turn's)."""


def render(
    photo: Path | str | bytes, reading: RodeursReading, verdict: dict[str, Any]
) -> np.ndarray:
    """The annotated picture (RGB) of ``reading`` and ``verdict`` over ``photo``."""
    picture = load_picture(photo)
    left, top, right, bottom = _region(reading, picture.width, picture.height)
    canvas, shift = dimmed_crop(picture.rgb, (left, top, right, bottom))
    to_canvas = shift @ reading.pose.to_photo
    labels: list[Label] = []
    _grid(canvas, to_canvas)
    _changes(canvas, to_canvas, verdict, labels)
    _cells(canvas, to_canvas, reading, labels)
    _turn(canvas, to_canvas, verdict)
    _fiducials(canvas, to_canvas, reading, labels)
    for code in reading.foreign:
        frame_foreign(canvas, apply(shift, np.array(code.corners)), labels, gap=24, size=26)
    return np.asarray(_with_panel(with_labels(canvas, labels), verdict))


def _region(reading: RodeursReading, width: int, height: int) -> tuple[int, int, int, int]:
    """The part of the photo to show: the board with its corner codes, the foreign codes, and
    :data:`AROUND_MM` of table, within the photo."""
    top_mm = Rodeurs.fiducial_origin(Corner.NW)[1] - AROUND_MM
    bottom_mm = Rodeurs.fiducial_origin(Corner.SW)[1] + Rodeurs.FIDUCIAL_MM + AROUND_MM
    right_mm = Rodeurs.GRID_WIDTH_MM + AROUND_MM
    board = np.array(
        [[-AROUND_MM, top_mm], [right_mm, top_mm], [right_mm, bottom_mm], [-AROUND_MM, bottom_mm]]
    )
    points = [reading.pose.photo_points(board)]
    points += [np.array(code.corners) for code in reading.foreign]
    every = np.vstack(points)
    left, top = np.clip(every.min(axis=0), 0, None)
    right, bottom = np.minimum(every.max(axis=0), (width, height))
    if right - left < 16 or bottom - top < 16:
        return 0, 0, width, height
    return int(left), int(top), int(np.ceil(right)), int(np.ceil(bottom))


# -- drawing on the photo ---------------------------------------------------------------------


def _points(transform: np.ndarray, board_mm: np.ndarray) -> np.ndarray:
    return apply(transform, board_mm)


def _grid(canvas: np.ndarray, transform: np.ndarray) -> None:
    cell = Rodeurs.CELL_MM
    overlay = canvas.copy()
    for c in range(COLUMNS + 1):
        line = _points(transform, np.array([[c * cell, 0.0], [c * cell, ROWS * cell]]))
        polygon(overlay, line, WHITE, 2)
    for r in range(ROWS + 1):
        line = _points(transform, np.array([[0.0, r * cell], [COLUMNS * cell, r * cell]]))
        polygon(overlay, line, WHITE, 2)
    cv2.addWeighted(overlay, 0.45, canvas, 0.55, 0, dst=canvas)


def _cell_geometry(transform: np.ndarray, sq: int) -> tuple[np.ndarray, tuple[float, float], float]:
    """A cell's quadrilateral on the canvas, its centre and its size there (pixels)."""
    x, y, w, h = Rodeurs.cell_box(column_of(sq), row_of(sq))
    quad = _points(transform, np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]]))
    centre = _points(transform, np.array([[x + w / 2, y + h / 2]]))[0]
    size = float(np.sqrt(abs(cv2.contourArea(quad.astype(np.float32)))))
    return quad, (float(centre[0]), float(centre[1])), size


def _cells(
    canvas: np.ndarray,
    transform: np.ndarray,
    reading: RodeursReading,
    labels: list[Label],
) -> None:
    for cell in reading.cells:
        quad, (cx, cy), size = _cell_geometry(transform, cell.square)
        centre = (round(cx * 16), round(cy * 16))
        radius = max(round(size * 0.26 * 16), 16)
        if cell.status is CellStatus.PAWN and cell.pawn is not None:
            letter = cell.pawn.value.upper()
            cv2.circle(canvas, centre, radius + 3 * 16, INK, -1, cv2.LINE_AA, shift=4)
            cv2.circle(canvas, centre, radius + 16, WHITE, -1, cv2.LINE_AA, shift=4)
            cv2.circle(canvas, centre, radius, PAWN_RGB[letter], -1, cv2.LINE_AA, shift=4)
            labels.append(
                ((cx, cy), shown_letter(letter), LETTER_INK[letter], max(round(size * 0.32), 12))
            )
        elif cell.status is CellStatus.EMPTY:
            cv2.circle(
                canvas, centre, max(radius // 4, 16), (235, 235, 235), 2, cv2.LINE_AA, shift=4
            )
        else:
            inner = _shrink(quad, 0.06)
            polygon(canvas, inner, RED, max(round(size * 0.07), 3))
            colour = PAWN_RGB[cell.hint.value.upper()] if cell.hint is not None else WHITE
            cv2.circle(canvas, centre, radius, RED, -1, cv2.LINE_AA, shift=4)
            cv2.circle(
                canvas,
                centre,
                radius,
                colour,
                max(round(size * 0.04), 2) * 16 // 16,
                cv2.LINE_AA,
                shift=4,
            )
            labels.append(((cx, cy), "?", WHITE, max(round(size * 0.34), 12)))
            labels.append(
                ((cx, cy + size * 0.36), _short(cell.reason), WHITE, max(round(size * 0.13), 10))
            )


def _changes(
    canvas: np.ndarray,
    transform: np.ndarray,
    verdict: dict[str, Any],
    labels: list[Label],
) -> None:
    """For a check: a cyan frame on every cell that changed between the two photos, marked
    ``gone`` where a pawn left and ``new`` where one arrived."""
    if verdict["kind"] != "check":
        return
    before = verdict["before"]["state"].split()[0].replace("/", "")
    after = verdict["state"].split()[0].replace("/", "")
    for index, (old, new) in enumerate(zip(before, after, strict=True)):
        if old == new or UNREADABLE_LETTER in (old, new):
            continue
        row_from_top, column = divmod(index, COLUMNS)
        sq = (ROWS - 1 - row_from_top) * COLUMNS + column
        quad, (cx, cy), size = _cell_geometry(transform, sq)
        polygon(canvas, _shrink(quad, 0.04), CYAN, max(round(size * 0.05), 3))
        if new == ".":
            word = pgettext("cell", "gone")
        elif old == ".":
            word = pgettext("cell", "new")
        else:
            word = pgettext("cell", "changed")
        labels.append(((cx, cy - size * 0.36), word, CYAN, max(round(size * 0.15), 11)))


def _turn(canvas: np.ndarray, transform: np.ndarray, verdict: dict[str, Any]) -> None:
    """For a legal turn: an arrow for every jump, from the cell left to the cell landed on; for a
    hint, the same in the hint's colour."""
    if verdict["kind"] == "check" and verdict.get("turn"):
        names = [group.split("x") for group in str(verdict["turn"]).split()]
        _arrows(canvas, transform, [pair for g in names for pair in pairwise(g)], CYAN)
    if verdict.get("hint"):
        _arrows(canvas, transform, [tuple(pair) for pair in verdict["hint"]["jumps"]], HINT)


def _arrows(
    canvas: np.ndarray, transform: np.ndarray, jumps: Sequence[tuple[str, ...]], colour: RGB
) -> None:
    for start, land in jumps:
        _quad, a, size = _cell_geometry(transform, parse_square(start))
        _quad, b, _size = _cell_geometry(transform, parse_square(land))
        along = np.subtract(b, a)
        stop = np.add(b, -along * min(0.3 * size / max(float(np.hypot(*along)), 1.0), 0.4))
        width = max(round(size * 0.06), 3)
        for ink, thick in ((INK, width + 4), (colour, width)):
            cv2.arrowedLine(
                canvas,
                _int(a),
                _int((float(stop[0]), float(stop[1]))),
                ink,
                thick,
                cv2.LINE_AA,
                tipLength=0.25,
            )


def _int(point: tuple[float, float]) -> tuple[int, int]:
    return round(point[0]), round(point[1])


def _shrink(quad: np.ndarray, share: float) -> np.ndarray:
    centre = quad.mean(axis=0)
    return np.asarray(centre + (quad - centre) * (1.0 - share))


def shown_letter(letter: str) -> str:
    """The letter of a pawn colour (``R``, ``Y``, ``G``) as the picture prints it: the colour's
    initial in the language in force."""
    if letter == "R":
        return pgettext("pawn letter", "R")
    if letter == "Y":
        return pgettext("pawn letter", "Y")
    if letter == "G":
        return pgettext("pawn letter", "G")
    return letter


def _short(reason: str | None) -> str:
    """A label of a word or two for a cell's problem (``reason`` as the reader says it, in
    English)."""
    text = reason or "unreadable"
    for key, label in (
        ("code cannot be read", _("code unread")),
        ("glare", _("glare")),
        ("two pawns", _("two pawns")),
        ("colour", _("colour?")),
        ("across", _("between cells")),
        ("made out", _("unclear")),
    ):
        if key in text:
            return label
    return _(text)[:14]


def _fiducials(
    canvas: np.ndarray,
    transform: np.ndarray,
    reading: RodeursReading,
    labels: list[Label],
) -> None:
    for corner in Corner:
        quad = _points(transform, fiducial_corners(corner))
        quad = _shrink(quad, -0.25)
        seen = corner in reading.fiducials_seen
        colour = GREEN if seen else RED
        polygon(canvas, quad, colour, 4)
        if not seen:
            side = float(np.linalg.norm(quad[1] - quad[0]))
            labels.append(
                (
                    (float(quad[:, 0].mean()), float(quad[:, 1].mean())),
                    _("{corner} not seen").format(corner=corner.value),
                    RED,
                    max(round(side * 0.3), 18),
                )
            )


# -- the verdict panel --------------------------------------------------------------------------


def _headline(verdict: dict[str, Any]) -> tuple[str, str, RGB]:
    """The panel's big word, the line under it, and its colour."""
    unreadable = len(verdict["unreadable"])
    if verdict["kind"] == "check":
        turn = f"{verdict['turn']} ({turn_kind_word(verdict['turn_kind'])})"
        return check_headline(verdict, turn, _unreadable_count(unreadable))
    if verdict["over"] is True:
        return _("GAME OVER"), str(verdict["result"]), GREEN
    if not verdict["judged"]:
        return _("CANNOT JUDGE"), _unreadable_count(unreadable), RED
    left = verdict["jumps_left"]
    possible = ngettext("{count} jump possible", "{count} jumps possible", left).format(count=left)
    return _("GAME GOES ON"), possible, WHITE


def _unreadable_count(count: int) -> str:
    return ngettext("{count} cell unreadable", "{count} cells unreadable", count).format(
        count=count
    )


def _with_panel(image: Image.Image, verdict: dict[str, Any]) -> Image.Image:
    full, draw, (x, y, inner) = side_panel(image, _headline(verdict), _facts(verdict), fact_size=26)
    _legend(draw, (x, y + 4), inner, check=verdict["kind"] == "check", hint="hint" in verdict)
    return full


def _facts(verdict: dict[str, Any]) -> list[str]:
    board = verdict["board"]
    facts = [_("Board {code}, {jumps}.").format(code=board["code"], jumps=board["jumps"])]
    if verdict.get("hint"):
        hint = verdict["hint"]
        facts.insert(
            0,
            _("Hint for {player} (level {level}): {turn}.").format(
                player=player_word(hint["mover"]), level=hint["level"], turn=hint["turn"]
            ),
        )
    if verdict["kind"] == "check":
        facts.append(
            ngettext(
                "{before} pawns before, {after} after.",
                "{before} pawns before, {after} after.",
                verdict["before"]["pawns_read"],
            ).format(before=verdict["before"]["pawns_read"], after=verdict["pawns_read"])
        )
    else:
        facts.append(
            ngettext("{count} pawn read.", "{count} pawns read.", verdict["pawns_read"]).format(
                count=verdict["pawns_read"]
            )
        )
    if verdict.get("score"):
        for player in ("white", "black"):
            facts.append(district_line(player, verdict["score"][player]))
    if verdict["unreadable"]:
        cells = ", ".join(u["cell"] for u in verdict["unreadable"][:12])
        if len(verdict["unreadable"]) > 12:
            facts.append(
                _("Unreadable: {cells} and more. Fix them and take the photo again.").format(
                    cells=cells
                )
            )
        else:
            facts.append(
                _("Unreadable: {cells}. Fix them and take the photo again.").format(cells=cells)
            )
    if board["corners_missing"]:
        facts.append(
            _("Corner codes not seen: {corners}.").format(
                corners=", ".join(board["corners_missing"])
            )
        )
    if verdict["foreign_codes"]:
        facts.append(_("A QR code that is not a game piece was ignored (orange)."))
    return facts


def _legend(
    draw: ImageDraw.ImageDraw, at: tuple[int, int], width: int, *, check: bool, hint: bool
) -> int:
    x, y = at
    y = paragraph(draw, (x, y), _("On the photo"), 26, width, WHITE, bold=True) + 6
    entries: Sequence[tuple[str, RGB, str]] = (
        ("R", PAWN_RGB["R"], _("red pawn read")),
        ("Y", PAWN_RGB["Y"], _("yellow pawn read")),
        ("G", PAWN_RGB["G"], _("green pawn read")),
        ("", SOFT, _("empty cell")),
        ("?", RED, _("cell that could not be read")),
    )
    font, _size = load_font(24, True)
    for letter, colour, words in entries:
        cx, cy = x + 20, y + 16
        if letter:
            draw.ellipse((cx - 17, cy - 17, cx + 17, cy + 17), fill=colour, outline=WHITE, width=2)
            ink = LETTER_INK.get(letter, WHITE)
            draw.text((cx, cy), shown_letter(letter), font=font, fill=ink, anchor="mm")
        else:
            draw.ellipse((cx - 6, cy - 6, cx + 6, cy + 6), outline=colour, width=2)
        paragraph(draw, (x + 52, y + 2), words, 24, width - 52, SOFT)
        y += 42
    frames = [
        (GREEN, _("corner code seen")),
        (RED, _("corner code missing")),
        (ORANGE, _("QR code that is not a game piece")),
    ]
    if check:
        frames.insert(0, (CYAN, _("cell that changed; arrows: the jumps")))
    if hint:
        frames.insert(0, (HINT, _("arrows: the hinted turn's jumps")))
    for colour, words in frames:
        draw.rectangle((x + 6, y + 4, x + 34, y + 30), outline=colour, width=4)
        paragraph(draw, (x + 52, y + 2), words, 24, width - 52, SOFT)
        y += 42
    return y
