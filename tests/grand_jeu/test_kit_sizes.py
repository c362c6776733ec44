"""The grand jeu's printed sizes and payloads, without printing: a scout fits its cell whichever
way it faces, every mark stands inside its cut, the patrols' colours differ for everyone, the
prisons fit beside the board, and the payloads round-trip."""

from __future__ import annotations

import math
from itertools import pairwise

import numpy as np
import pytest

from generator.grand_jeu.tokens import (
    ARROW_BASE_MM,
    ARROW_WIDTH_MM,
    arrow_tip,
    arrowhead,
    blue_arrow,
)
from patrolkit.errors import PayloadError
from patrolkit.payload import (
    ALPHANUMERIC,
    Corner,
    GrandJeuFiducial,
    GrandJeuScout,
    decode,
    encode,
)
from patrolkit.sizes.grand_jeu import SEATS, GrandJeu


def test_a_scout_payload_carries_game_kit_patrol_and_number() -> None:
    scout = GrandJeuScout("4TQ2ZB", "W", 3)
    assert encode(scout) == "PK1:GJ:S:4TQ2ZB:W3"
    assert decode("PK1:GJ:S:4TQ2ZB:W3") == scout


def test_a_fiducial_payload_carries_corner_kit_sheet_board_side_and_cell() -> None:
    fiducial = GrandJeuFiducial(Corner.NW, "4TQ2ZB", 1, 2, 10, 32)
    assert encode(fiducial) == "PK1:GJ:F:NW:4TQ2ZB:12:10:32"
    assert decode(encode(fiducial)) == fiducial


@pytest.mark.parametrize(
    "item",
    [GrandJeuScout("ZZZZZZ", p, n) for p in "SWNE" for n in (1, 8)]
    + [
        GrandJeuFiducial(corner, "0A1B2C", c, r, s, 32)
        for corner in Corner
        for c in (1, 2)
        for r in (1, 2)
        for s in (8, 10)
    ],
)
def test_every_grand_jeu_payload_round_trips_in_the_charset(
    item: GrandJeuScout | GrandJeuFiducial,
) -> None:
    text = encode(item)
    assert set(text) <= ALPHANUMERIC
    assert decode(text) == item
    if isinstance(item, GrandJeuScout):
        assert len(text) <= 20, "fits a version-1 QR code at level M"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("PK1:GJ:S:4TQ2ZB:X3", "not a grand jeu scout"),
        ("PK1:GJ:S:4TQ2ZB:S9", "not a grand jeu scout"),
        ("PK1:GJ:S:4TQ2Z:S3", "not a grand jeu scout"),
        ("PK1:GJ:F:NW:4TQ2ZB:12:09:32", "not a grand jeu fiducial"),
        ("PK1:GJ:F:NW:4TQ2ZB:32:10:32", "not a grand jeu fiducial"),
    ],
)
def test_a_damaged_grand_jeu_payload_is_refused(text: str, why: str) -> None:
    with pytest.raises(PayloadError, match=why):
        decode(text)


def test_a_scout_fits_its_cell_with_clearance_whichever_way_it_faces() -> None:
    """A regular octagon turned by 45° is itself: its flats lie along the cell's sides in all 8
    directions, and its corners stay inside the cell."""
    clearance = (GrandJeu.CELL_MM - GrandJeu.SCOUT_FLATS_MM) / 2
    assert clearance == pytest.approx(1.5)
    corners = GrandJeu.scout_octagon()
    for eighths in range(8):
        angle = math.radians(45 * eighths)
        turned = [
            (x * math.cos(angle) - y * math.sin(angle), x * math.sin(angle) + y * math.cos(angle))
            for x, y in corners
        ]
        assert max(max(abs(x), abs(y)) for x, y in turned) == pytest.approx(
            GrandJeu.SCOUT_APOTHEM_MM
        )


def inside_by(point: tuple[float, float]) -> float:
    """How far ``point`` (token frame) is inside the octagon's cut: the least distance to a flat."""
    x, y = point
    a = GrandJeu.SCOUT_APOTHEM_MM
    return min(
        a - (x * math.sin(math.radians(45 * k)) - y * math.cos(math.radians(45 * k)))
        for k in range(8)
    )


@pytest.mark.parametrize("arrows", [(0, 1, 7), tuple(range(8)), (2, 6), (4,)])
def test_every_arrow_of_a_scout_is_at_least_two_millimetres_inside_its_cut(
    arrows: tuple[int, ...],
) -> None:
    for eighths in arrows:
        for point in arrowhead(eighths, ARROW_BASE_MM, arrow_tip(), ARROW_WIDTH_MM):
            assert inside_by(point) >= 2.0 - 1e-9, (eighths, point)
    for point in blue_arrow(arrows):
        assert inside_by(point) >= 2.0 - 1e-9


@pytest.mark.parametrize("eighths", range(8))
def test_no_arrow_touches_the_code_or_its_light_zone(eighths: int) -> None:
    half = GrandJeu.SCOUT_CODE_MM / 2 + GrandJeu.SCOUT_QUIET_MODULES * GrandJeu.SCOUT_MODULE_MM
    shapes = [arrowhead(eighths, ARROW_BASE_MM, arrow_tip(), ARROW_WIDTH_MM)]
    shapes.append(blue_arrow((eighths,)))
    steps = 24
    for (ax, ay), (bx, by), (cx, cy) in shapes:
        # Every point of the triangle, on a fine barycentric grid, lies outside the square.
        for i in range(steps + 1):
            for j in range(steps + 1 - i):
                u, v = i / steps, j / steps
                x = ax + u * (bx - ax) + v * (cx - ax)
                y = ay + u * (by - ay) + v * (cy - ay)
                assert max(abs(x), abs(y)) > half, (eighths, x, y)


def test_the_code_and_its_light_zone_fit_inside_the_patrol_rim() -> None:
    half = GrandJeu.SCOUT_CODE_MM / 2 + GrandJeu.SCOUT_QUIET_MODULES * GrandJeu.SCOUT_MODULE_MM
    assert inside_by((half, half)) >= GrandJeu.SCOUT_RIM_MM
    assert GrandJeu.SCOUT_MODULE_MM >= 0.6
    assert pytest.approx(12.6) == GrandJeu.SCOUT_CODE_MM


_SIMULATIONS = {
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
               (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
               (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
               (0.004733, 0.691367, 0.303900)),
}  # fmt: skip
"""Machado, Oliveira and Fernandes (2009), full severity, on linear RGB."""


def _linear(ink: str) -> np.ndarray:
    c = np.array([int(ink[i : i + 2], 16) / 255 for i in (1, 3, 5)])
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _srgb(linear: np.ndarray) -> np.ndarray:
    c = np.clip(linear, 0, 1)
    return np.where(c <= 0.0031308, 12.92 * c, 1.055 * c ** (1 / 2.4) - 0.055)


def test_the_patrols_colours_differ_in_grey_and_for_colour_blind_players() -> None:
    inks = GrandJeu.PATROL_INK
    greys = sorted(
        0.299 * int(v[1:3], 16) + 0.587 * int(v[3:5], 16) + 0.114 * int(v[5:7], 16)
        for v in inks.values()
    )
    assert min(b - a for a, b in pairwise(greys)) >= 40
    for name, matrix in _SIMULATIONS.items():
        seen = {p: _srgb(np.array(matrix) @ _linear(v)) for p, v in inks.items()}
        for a in inks:
            for b in inks:
                if a < b:
                    assert np.linalg.norm(seen[a] - seen[b]) >= 0.25, (name, a, b)
    assert len(set(GrandJeu.PATROL_EMBLEM.values())) == 4


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_prison_holds_a_slot_per_scout_clear_of_the_grid_and_the_codes(
    paper: str, players: int
) -> None:
    plans = GrandJeu.sheets(paper, players)
    prisons = [prison for plan in plans for prison in plan.prisons]
    assert sorted(p.patrol for p in prisons) == sorted(SEATS[players])
    for plan in plans:
        for prison in plan.prisons:
            assert len(prison.slots) == GrandJeu.patrol_size(players)
            x, y, w, h = prison.box
            assert y + h <= -GrandJeu.CODE_GAP_MM or y >= plan.height + GrandJeu.CODE_GAP_MM
            for _, (fx, fy, fw, fh) in plan.fiducials:
                q = GrandJeu.QUIET_MM
                apart = x >= fx + fw + q or x + w <= fx - q or y >= fy + fh + q or y + h <= fy - q
                assert apart, (plan.name, prison.patrol)
            if "W" not in plan.outer:
                assert x >= 2.0
            if "E" not in plan.outer:
                assert x + w <= plan.width - 2.0
