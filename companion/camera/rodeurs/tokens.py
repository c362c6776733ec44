"""The pawn tokens on a Rôdeurs board, for the virtual camera: which token goes where and how it
lies in its cell (:func:`lay_tokens`)."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from companion.camera.lens import Array
from companion.camera.rodeurs.kit import KitRaster
from companion.camera.table import quad, rigid, transform
from patrolkit.errors import KitError
from patrolkit.games.rodeurs import PawnColour, State
from patrolkit.i18n import _
from patrolkit.manifest import Item


@dataclass(frozen=True)
class Placed:
    """A token on the board: its item, its square, where its trim box's centre lies (board mm),
    its rotation (degrees clockwise as seen) and how far inside the trim line each edge was cut
    (left, top, right, bottom, mm)."""

    item: Item
    square: int
    centre: tuple[float, float]
    angle_deg: float
    inset: tuple[float, float, float, float]

    @cached_property
    def to_board(self) -> Array:
        """3 x 3 map from the token's page mm to board mm."""
        return rigid(self.angle_deg, self.item.cut.centre, self.centre)

    @cached_property
    def outline(self) -> Array:
        """The trim box's corners in board mm."""
        return transform(self.to_board, quad(self.item.cut))


def lay_tokens(kit: KitRaster, state: State, seed: int, *, any_angle: bool) -> list[Placed]:
    """A token of the right colour for each pawn of ``state`` (each token used once, chosen by
    the seed) and where it lies in its cell; :class:`KitError` if the kit has too few."""
    rng = np.random.default_rng([seed, 0x70CE5])
    board = kit.manifest.board_geometry
    stock: dict[str, list[Item]] = {}
    for item in sorted(kit.manifest.by_role("pawn"), key=lambda i: i.id):
        stock.setdefault(str(item.attrs.get("colour", "")).upper(), []).append(item)
    for items in stock.values():
        order = rng.permutation(len(items))
        items[:] = [items[k] for k in order]
    for colour, count in Counter(p for p in state.pawns if p is not None).items():
        have = len(stock.get(colour.value.upper(), []))
        if count > have:
            raise KitError(_too_many(colour).format(count=count, have=have))
    occupied = {divmod(sq, board.columns) for sq, pawn in enumerate(state.pawns) if pawn}
    placed: list[Placed] = []
    for sq, pawn in enumerate(state.pawns):
        if pawn is None:
            continue
        col, row = sq % board.columns, sq // board.columns
        centre = ((col + 0.5) * board.cell_mm, (board.rows - 0.5 - row) * board.cell_mm)
        left, top, right, bottom = rng.uniform(0.0, 0.35, 4).tolist()
        item = stock[pawn.value.upper()].pop()
        # Toward an occupied cell, leave its token room to lie square in the middle of it.
        room = board.cell_mm - max(item.cut.width, item.cut.height) / 2 - _GAP_MM
        neighbours = ((row, col - 1), (row + 1, col), (row, col + 1), (row - 1, col))
        reach = tuple(room if cell in occupied else math.inf for cell in neighbours)
        pose = _fit(item, sq, centre, (left, top, right, bottom), placed, rng, any_angle, reach)
        placed.append(pose)
    return placed


_GAP_MM = 0.3
"""Tokens lie at least this far apart."""


def _fit(
    item: Item,
    sq: int,
    centre: tuple[float, float],
    inset: tuple[float, float, float, float],
    placed: list[Placed],
    rng: np.random.Generator,
    any_angle: bool,
    reach: tuple[float, ...],
) -> Placed:
    """A pose for ``item`` in its cell that touches no token already placed and reaches no
    further than ``reach`` (left, up, right, down; mm from the cell's centre)."""
    near = [p for p in placed if math.dist(p.centre, centre) < 40]
    for attempt in range(24):
        calm = attempt >= 12
        if any_angle and not calm:
            angle = float(rng.uniform(-180, 180))
        elif any_angle:
            angle = 90.0 * int(rng.integers(-2, 2)) + float(rng.uniform(-3, 3))
        else:
            angle = float(rng.uniform(-8, 8)) * (0.4 if calm else 1.0)
        shift = 0.5 if calm else 1.5
        dx, dy = rng.uniform(-shift, shift, 2)
        pose = Placed(item, sq, (centre[0] + float(dx), centre[1] + float(dy)), angle, inset)
        low = pose.outline.min(axis=0) - centre
        high = pose.outline.max(axis=0) - centre
        if -low[0] > reach[0] or -low[1] > reach[1] or high[0] > reach[2] or high[1] > reach[3]:
            continue
        if not any(_touch(pose, other) for other in near):
            return pose
    return Placed(item, sq, centre, 90.0 * int(rng.integers(-2, 2)) if any_angle else 0.0, inset)


def _touch(a: Placed, b: Placed, gap: float = _GAP_MM) -> bool:
    """Whether two tokens overlap or come closer than ``gap`` mm (separating axes)."""
    reach = (
        math.hypot(a.item.cut.width, a.item.cut.height)
        + math.hypot(b.item.cut.width, b.item.cut.height)
    ) / 2
    if math.dist(a.centre, b.centre) > reach + gap:
        return False
    for poly in (a.outline, b.outline):
        for k in range(2):
            edge = poly[k + 1] - poly[k]
            axis = np.array([-edge[1], edge[0]]) / math.hypot(edge[0], edge[1])
            sa, sb = a.outline @ axis, b.outline @ axis
            if sa.max() + gap <= sb.min() or sb.max() + gap <= sa.min():
                return False
    return True


def _too_many(colour: PawnColour) -> str:
    if colour is PawnColour.RED:
        return _("The position has {count} red pawns, but the kit has only {have}.")
    if colour is PawnColour.YELLOW:
        return _("The position has {count} yellow pawns, but the kit has only {have}.")
    return _("The position has {count} green pawns, but the kit has only {have}.")
