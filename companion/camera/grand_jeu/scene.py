"""The virtual camera for Le grand jeu des patrouilles: seeded photos of a printed kit's board
with its scouts on their cells and the prisoners in their prisons, with truth.

:func:`photograph` rasterises the kit's own PDF (``kit.pdf`` beside ``kit.json``), cuts each
board sheet out along its cut box (a sheet that laps onto a neighbour is cut on its grid line, up
to 1 mm into the bleed) and lays the sheets on a procedural table as a player assembles them —
north-west first, then north-east and south-west over its glue strips, then south-east — each
off its place by up to ±2 mm and ±1°. Each scout of the :class:`~patrolkit.games.grand_jeu.State`
is cut out of its sheet along its octagon and laid on its cell turned the way it faces (its
code's top where its blue arrow points), off the cell's centre by up to ±1.5 mm and turned a
few degrees more (up to ±5°). Each patrol's prisoners lie in its prison's slots, turned any
way. The table is then photographed with the camera's presets
(:func:`companion.camera.shot.draw_shot`). The same kit, state, preset, seed and options give the
same bytes.

Which printed scout stands for which scout of the position is drawn from the seed, except the
starred scout of the "culs de pat'" variant, which is always scout 1 (the one printed with the
star).

For tests, ``across`` pushes one scout half a cell towards an empty neighbour, so it lies across
two cells, and ``between`` turns one scout by 22.5° more, half-way between two directions.

The truth (``Photo.truth``, JSON-ready)
---------------------------------------
Pixels are OpenCV's; corners are listed top-left, top-right, bottom-right, bottom-left of a code
as printed (its top where the scout's blue arrow points), or of a sheet's grid as printed.

.. code-block:: text

    schema        1
    game          "grand-jeu"
    preset, seed  as given; width, height, jpeg_quality of the photo
    state         the position photographed, in the rules' text form (State.text)
    kit           the kit code; size (8 or 10), cell_mm, patrols
    sheets        [{name, offset_mm, angle_deg, grid_corners_px}]
    scouts        [{cell, patrol, number, payload, direction, frozen, code_corners_px}]: every
                  scout on a cell (the one pushed across or turned between is not listed)
    prisoners     [{patrol, number, payload, code_corners_px}]: the scouts in the prisons
    across        null, or {cell, patrol, number, payload, towards, code_corners_px}
    between       null, or {cell, patrol, number, payload, angle_deg, code_corners_px}
    camera        tilt_deg, yaw_deg, blur_sigma, px_per_mm_min, px_per_mm_max
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.camera.grand_jeu.kit import (
    GrandJeuKitRaster,
    GrandJeuSheet,
    Slots,
    grand_jeu_kit_raster,
)
from companion.camera.lens import Array, Image, project
from companion.camera.photo import Photo, truth_head
from companion.camera.sheets import (
    PAPER_MM,
    Cut,
    Mask,
    Pose,
    TableCanvas,
    board_camera_truth,
    board_photo,
    code_corners,
    cut_sheet,
    lay_sheets,
    outline,
    rounded,
    sheet_truth,
    table_canvas,
)
from companion.camera.shot import Shot, draw_shot
from companion.camera.table import rigid, transform
from patrolkit.errors import KitError
from patrolkit.games.grand_jeu import (
    Patrol,
    Scout,
    State,
    cell_name,
    column_of,
    neighbours,
    row_of,
)
from patrolkit.i18n import _
from patrolkit.manifest import Item
from patrolkit.sizes.grand_jeu import GrandJeu

SCOUT_SHIFT_MM = 1.5
SCOUT_TURN_DEG = 5.0
PRISONER_SHIFT_MM = 1.0
CARD_MM = 0.6
"""The scouts' card, for their shadows."""


@dataclass(frozen=True)
class Laid:
    """A scout on the table: its kit item (``S1``...), the map from its page mm to board mm,
    and what it stands for: a scout on a cell, or a prisoner (``scout`` ``None``)."""

    name: str
    item: Item
    to_board: Array
    patrol: Patrol
    scout: Scout | None = None
    frozen: bool = False
    towards: str | None = None
    """The cell it was pushed towards, when pushed across two cells."""
    between: float | None = None
    """How far it was turned off its direction, when turned half-way between two."""


def photograph(
    kit_dir: Path,
    state: State,
    *,
    preset: str,
    seed: int,
    across: bool = False,
    between: bool = False,
) -> Photo:
    """A seeded photo of the kit in ``kit_dir`` on a table with the scouts of ``state`` on
    their cells and its prisoners in their prisons; :class:`KitError` for a position the kit
    cannot lay out (another board size, more scouts than printed) or an unknown preset."""
    shot = draw_shot(preset, seed)
    kit = grand_jeu_kit_raster(kit_dir)
    _check_fits(kit, state)
    rng = np.random.default_rng([seed, 0x6A1E])
    poses = lay_sheets(kit.sheets, kit.cell_mm, rng)
    cuts = {p.name: cut_sheet(p, rng) for p in kit.sheets}
    scouts = _lay_scouts(kit, state, poses, rng, across=across, between=between)
    outlines = np.vstack([outline(poses[p.name][0], cuts[p.name]) for p in kit.sheets])
    view = shot.aim(outlines)
    h = view.homography
    canvas = table_canvas(shot, h, outlines, (kit.sx, kit.sy), seed)
    optical = _optical(kit, poses, cuts, scouts, canvas, shot, h)
    truth = _truth(kit, state, poses, scouts, shot, h, seed)
    return board_photo(optical, shot, seed, view, outlines, kit.size * kit.cell_mm, truth)


def _check_fits(kit: GrandJeuKitRaster, state: State) -> None:
    if state.size != kit.size or len(state.options.patrols) != kit.players:
        raise KitError(
            _(
                "The position is for {count} patrols on a {size} x {size} board, but this kit is"
                " for {players} on {kit_size} x {kit_size}."
            ).format(
                count=len(state.options.patrols),
                size=state.size,
                players=kit.players,
                kit_size=kit.size,
            )
        )
    for patrol in state.options.patrols:
        total = len(state.scouts_of(patrol)) + state.prisoners_of(patrol)
        if total > GrandJeu.patrol_size(kit.players):
            raise KitError(
                _("The position has {count} {patrol} scouts; the kit prints {printed}.").format(
                    count=total, patrol=patrol.title, printed=GrandJeu.patrol_size(kit.players)
                )
            )


# -- laying the table --------------------------------------------------------------------------


def _numbers(
    kit: GrandJeuKitRaster, state: State, rng: np.random.Generator
) -> dict[Patrol, tuple[list[int], list[int]]]:
    """For each patrol, the printed numbers of its scouts on the board (in the order of
    ``state.scouts_of``) and of its prisoners: the starred scout is number 1, the rest drawn."""
    count = GrandJeu.patrol_size(kit.players)
    numbers = {}
    for patrol in state.options.patrols:
        on_board = state.scouts_of(patrol)
        free = [n for n in range(1, count + 1) if n != GrandJeu.STARRED_SCOUT]
        rng.shuffle(free)
        starred = [s.starred for s in on_board]
        star_in_prison = patrol in state.starred_prisoners
        if not any(starred) and not star_in_prison:
            free.insert(int(rng.integers(0, len(free) + 1)), GrandJeu.STARRED_SCOUT)
        board: list[int] = []
        for star in starred:
            board.append(GrandJeu.STARRED_SCOUT if star else free.pop())
        prison = [free.pop() for _slot in range(state.prisoners_of(patrol) - star_in_prison)]
        if star_in_prison:
            prison.insert(0, GrandJeu.STARRED_SCOUT)
        numbers[patrol] = (board, prison)
    return numbers


def _lay_scouts(
    kit: GrandJeuKitRaster,
    state: State,
    poses: dict[str, Pose],
    rng: np.random.Generator,
    *,
    across: bool,
    between: bool,
) -> list[Laid]:
    """Every scout of ``state`` on its cell and every prisoner in its patrol's prison."""
    numbers = _numbers(kit, state, rng)
    laid: list[Laid] = []
    for patrol in state.options.patrols:
        on_board, in_prison = numbers[patrol]
        for scout, number in zip(state.scouts_of(patrol), on_board, strict=True):
            name = f"{patrol.letter}{number}"
            column, row = column_of(scout.cell), row_of(scout.cell)
            plan = next(p for p in kit.sheets if p.holds(column, row))
            to_board, turn, _pose = poses[plan.name]
            centre = transform(to_board, np.array([plan.cell_centre(column, row, kit.cell_mm)]))[0]
            centre = centre + rng.uniform(-SCOUT_SHIFT_MM, SCOUT_SHIFT_MM, 2)
            angle = (
                turn + scout.direction.degrees + float(rng.uniform(-SCOUT_TURN_DEG, SCOUT_TURN_DEG))
            )
            item = kit.scouts[name]
            laid.append(
                Laid(
                    name,
                    item,
                    rigid(angle, item.cut.centre, (float(centre[0]), float(centre[1]))),
                    patrol,
                    scout,
                    state.is_frozen(scout),
                )
            )
        plan, slots = _prison(kit, patrol)
        to_board = poses[plan.name][0]
        order = rng.permutation(len(slots))
        for k, number in enumerate(in_prison):
            x, y, w, h = slots[int(order[k])]
            local = (plan.origin[0] + x + w / 2, plan.origin[1] + y + h / 2)
            centre = transform(to_board, np.array([local]))[0]
            centre = centre + rng.uniform(-PRISONER_SHIFT_MM, PRISONER_SHIFT_MM, 2)
            angle = 45.0 * int(rng.integers(0, 8)) + float(rng.uniform(-8.0, 8.0))
            item = kit.scouts[f"{patrol.letter}{number}"]
            laid.append(
                Laid(
                    f"{patrol.letter}{number}",
                    item,
                    rigid(angle, item.cut.centre, (float(centre[0]), float(centre[1]))),
                    patrol,
                )
            )
    if across:
        laid = _push_across(laid, state, kit.cell_mm, rng)
    if between:
        laid = _turn_between(laid, rng)
    return laid


def _prison(kit: GrandJeuKitRaster, patrol: Patrol) -> tuple[GrandJeuSheet, Slots]:
    for plan in kit.sheets:
        for letter, slots in plan.prisons:
            if letter == patrol.letter:
                return plan, slots
    raise KitError(_("This kit prints no prison for {patrol}.").format(patrol=patrol.title))


def _push_across(
    laid: list[Laid], state: State, cell_mm: float, rng: np.random.Generator
) -> list[Laid]:
    """One scout pushed half a cell towards an empty neighbour along a side."""
    options = []
    for k, piece in enumerate(laid):
        if piece.scout is None:
            continue
        c = piece.scout.cell
        for other in neighbours(c, state.size):
            straight = column_of(other) == column_of(c) or row_of(other) == row_of(c)
            if straight and state.scout_at(other) is None:
                options.append((k, other))
    if not options:
        raise KitError(_("No scout has an empty neighbour to be pushed towards."))
    k, other = options[int(rng.integers(0, len(options)))]
    piece = laid[k]
    assert piece.scout is not None
    dx = (column_of(other) - column_of(piece.scout.cell)) * cell_mm / 2
    dy = -(row_of(other) - row_of(piece.scout.cell)) * cell_mm / 2
    move = np.array([[1.0, 0.0, dx], [0.0, 1.0, dy], [0.0, 0.0, 1.0]])
    pushed = Laid(
        piece.name, piece.item, move @ piece.to_board, piece.patrol, piece.scout,
        piece.frozen, towards=cell_name(other),
    )  # fmt: skip
    return [pushed if j == k else t for j, t in enumerate(laid)]


def _turn_between(laid: list[Laid], rng: np.random.Generator) -> list[Laid]:
    """One scout turned a further 22.5° (either way), half-way between two directions."""
    options = [
        k for k, piece in enumerate(laid) if piece.scout is not None and piece.towards is None
    ]
    k = options[int(rng.integers(0, len(options)))]
    piece = laid[k]
    extra = 22.5 if rng.random() < 0.5 else -22.5
    centre = transform(piece.to_board, np.array([piece.item.cut.centre]))[0]
    turn = rigid(extra, (float(centre[0]), float(centre[1])), (float(centre[0]), float(centre[1])))
    turned = Laid(
        piece.name, piece.item, turn @ piece.to_board, piece.patrol, piece.scout,
        piece.frozen, between=extra,
    )  # fmt: skip
    return [turned if j == k else t for j, t in enumerate(laid)]


# -- drawing -----------------------------------------------------------------------------------


def _octagon(centre_mm: tuple[float, float], sx: float, sy: float) -> Mask:
    """The coverage mask (0..255) of a scout's octagon centred on ``centre_mm`` (page mm) on a
    crop of its page printed at ``sx`` x ``sy`` px/mm."""
    cx, cy = centre_mm

    def mask(width: int, height: int, at: tuple[int, int]) -> Image:
        centre_px = (cx * sx - at[0] - 0.5, cy * sy - at[1] - 0.5)
        corners = np.array(GrandJeu.scout_octagon()) * sx + centre_px
        drawn = np.zeros((height, width), np.uint8)
        cv2.fillPoly(drawn, [np.round(corners * 16).astype(np.int32)], 255, cv2.LINE_AA, shift=4)
        return drawn

    return mask


def _optical(
    kit: GrandJeuKitRaster,
    poses: dict[str, Pose],
    cuts: dict[str, Cut],
    scouts: list[Laid],
    canvas: TableCanvas,
    shot: Shot,
    h: Array,
) -> Image:
    sheets = [(kit.pages[p.item.sheet], poses[p.name][0], cuts[p.name]) for p in kit.sheets]
    canvas.lay_paper(sheets, canvas.shadow(PAPER_MM, 0.3, 0.3))
    cast = canvas.shadow(CARD_MM, 0.35, 0.35)
    for piece in scouts:
        c = piece.item.cut
        canvas.paste_cut(
            kit.pages[piece.item.sheet],
            (c.x, c.y, c.x + c.width, c.y + c.height),
            piece.to_board,
            cast,
            _octagon(c.centre, kit.sx, kit.sy),
        )
    return canvas.seen(shot, h)


# -- the truth ---------------------------------------------------------------------------------


def _truth(
    kit: GrandJeuKitRaster,
    state: State,
    poses: dict[str, Pose],
    scouts: list[Laid],
    shot: Shot,
    h: Array,
    seed: int,
) -> dict[str, Any]:
    c = kit.cell_mm
    sheets = [
        {"name": plan.name, **sheet_truth(plan, poses[plan.name], c, h)} for plan in kit.sheets
    ]
    on_cells, prisoners = [], []
    across, between = None, None
    for piece in scouts:
        payload = piece.item.qr.payload if piece.item.qr else ""
        code = rounded(project(h, code_corners(piece.item, piece.to_board)))
        entry: dict[str, Any] = {
            "patrol": piece.patrol.letter,
            "number": int(piece.name[1:]),
            "payload": payload,
        }
        if piece.scout is None:
            prisoners.append({**entry, "code_corners_px": code})
            continue
        entry = {"cell": cell_name(piece.scout.cell), **entry}
        if piece.towards is not None:
            across = {**entry, "towards": piece.towards, "code_corners_px": code}
        elif piece.between is not None:
            between = {**entry, "angle_deg": piece.between, "code_corners_px": code}
        else:
            on_cells.append(
                {
                    **entry,
                    "direction": piece.scout.direction.value,
                    "frozen": piece.frozen,
                    "code_corners_px": code,
                }
            )
    return {
        **truth_head("grand-jeu", shot, seed, state.text),
        "kit": kit.kit_code,
        "size": kit.size,
        "cell_mm": c,
        "patrols": list(kit.patrols),
        "sheets": sheets,
        "scouts": on_cells,
        "prisoners": prisoners,
        "across": across,
        "between": between,
        "camera": board_camera_truth(shot, h, kit.size * c),
    }
