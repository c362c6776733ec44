"""Patrolis maps: the model, its codes, the playability rules and the seeded generator."""

from __future__ import annotations

import json
from collections import deque
from itertools import pairwise

import pytest

from generator.patrolis.terrain import check_seed, generate_map
from patrolkit.errors import LayoutError, NotationError
from patrolkit.games.patrolis import (
    DIGEST_LENGTH,
    EDGES,
    Edge,
    Kind,
    Map,
    Terrain,
    check_playable,
    code_length,
    edge_point,
    point_cells,
)

ALNUM = set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def drawing(*rows: str) -> Map:
    return Map.from_drawing("\n".join(rows))


PLAIN = drawing(
    "cccccccc",
    "cccccccc",
    "ccccrmmc",
    "ccccrmmc",
    "wwwwrwww",
    "ccccrccc",
    "ccccrccc",
    "ccccrccc",
)


def broken_rules(game_map: Map) -> list[str]:
    """The playability rules ``game_map`` breaks, checked here from scratch on the drawings."""
    size = game_map.size
    classes = game_map.drawing().split()
    kinds = game_map.drawing(kinds=True).split()
    grid = {(c, size - 1 - r): classes[r][c] for r in range(size) for c in range(size)}
    kind = {(c, size - 1 - r): kinds[r][c] for r in range(size) for c in range(size)}
    problems = []
    cells = size * size
    for letter in "wmcr":
        if sum(v == letter for v in grid.values()) < 0.03 * cells:
            problems.append(f"class {letter} below 3 %")
    if sum(v == "s" for v in kind.values()) > 0.30 * cells:
        problems.append("sea above 30 %")
    if sum(v == "w" for v in grid.values()) > 0.40 * cells:
        problems.append("water above 40 %")
    border = [p for p in grid if 0 in p or size - 1 in p]
    if not any(grid[p] == "r" for p in border):
        problems.append("no road on the border")
    # every land cell reached from the border without two water cells in a row
    seen = {(p, grid[p] == "w") for p in border}
    queue = deque(seen)
    while queue:
        (x, y), wet = queue.popleft()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if (nx, ny) not in grid:
                continue
            now = grid[nx, ny] == "w"
            if wet and now:
                continue
            if ((nx, ny), now) not in seen:
                seen.add(((nx, ny), now))
                queue.append(((nx, ny), now))
    for p, letter in grid.items():
        if letter != "w" and (p, False) not in seen:
            problems.append(f"land cell {p} cut off")
            break
    # every river, bridge and road cell crossed by a drawn line of its own kind
    river_cells = {c for line in game_map.river_cells for c in line}
    road_cells = {c for line in game_map.road_cells for c in line}
    for cell in game_map.cells:
        k = game_map.kinds[cell]
        if k in (Kind.RIVER, Kind.BRIDGE) and cell not in river_cells:
            problems.append(f"{game_map.name(cell)} has no river")
        if k in (Kind.ROAD, Kind.BRIDGE, Kind.TOWN) and cell not in road_cells:
            problems.append(f"{game_map.name(cell)} has no road")
    for line in game_map.river_cells:
        if any(game_map.kinds[c] not in (Kind.RIVER, Kind.BRIDGE) for c in line):
            problems.append("a river crosses a cell that is not river or bridge")
    return problems


# -- the generator ---------------------------------------------------------------------------------


def test_a_thousand_maps_are_playable_distinct_and_reproducible() -> None:
    maps = [generate_map(seed) for seed in range(1000)]
    for seed, game_map in enumerate(maps):
        check_playable(game_map)
        assert game_map.size == 16 and game_map.seed == seed
        if seed % 10 == 0:
            assert broken_rules(game_map) == [], seed
    assert len({m.code for m in maps}) == 1000
    for seed in range(0, 1000, 50):
        assert generate_map(seed) == maps[seed]


def test_every_size_from_8_to_24_gives_playable_maps() -> None:
    for size in range(8, 25):
        for seed in range(6):
            game_map = generate_map(seed, size=size)
            assert game_map.size == size
            assert broken_rules(game_map) == [], (size, seed)


def test_maps_have_sea_mountains_lakes_rivers_bridges_towns_and_roads() -> None:
    counts = {kind: 0 for kind in Kind}
    for seed in range(100):
        game_map = generate_map(seed)
        for kind in game_map.kinds:
            counts[kind] += 1
        assert game_map.rivers and len(game_map.roads) >= 2
    assert all(counts[kind] > 0 for kind in Kind), counts


def test_rivers_spring_from_mountains_and_reach_the_sea_a_lake_the_border_or_a_river() -> None:
    for seed in range(50):
        game_map = generate_map(seed)
        for river, crossed in zip(game_map.rivers, game_map.river_cells, strict=True):
            spring = [c for c in point_cells(16, river[0]) if c != crossed[0]]
            assert game_map.kinds[spring[0]] is Kind.MOUNTAIN
            beyond = [c for c in point_cells(16, river[-1]) if c != crossed[-1]]
            end_is_centre = river[-1][0] % 2 == 1 and river[-1][1] % 2 == 1
            assert end_is_centre or not beyond or game_map.kinds[beyond[0]] in (Kind.SEA, Kind.LAKE)


def test_bridges_carry_a_road_straight_across_a_river_at_right_angles() -> None:
    bridges = 0
    for seed in range(100):
        game_map = generate_map(seed)
        for cell, kind in enumerate(game_map.kinds):
            if kind is not Kind.BRIDGE:
                continue
            bridges += 1
            sides = {edge_point(16, cell, e): e for e in EDGES}
            road = {sides[p] for p in _points_in(game_map.roads, cell) if p in sides}
            river = {sides[p] for p in _points_in(game_map.rivers, cell) if p in sides}
            assert {frozenset(road), frozenset(river)} == {
                frozenset((Edge.N, Edge.S)),
                frozenset((Edge.E, Edge.W)),
            }
    assert bridges > 20


def _points_in(lines: tuple[tuple[tuple[int, int], ...], ...], cell: int) -> set[tuple[int, int]]:
    """The points of ``lines`` on the stretches that cross ``cell`` (on a 16 x 16 map)."""
    found: set[tuple[int, int]] = set()
    for line in lines:
        for first, second in pairwise(line):
            if set(point_cells(16, first)) & set(point_cells(16, second)) == {cell}:
                found.update((first, second))
    return found


def test_bad_sizes_and_seeds_are_refused() -> None:
    for size in (7, 25, 0, -16):
        with pytest.raises(LayoutError, match="8 to 24 cells"):
            generate_map(1, size=size)
    odd: tuple[object, ...] = (16.0, "16", True)
    for value in odd:
        with pytest.raises(LayoutError, match="whole number of cells"):
            generate_map(1, size=value)  # type: ignore[arg-type]
    with pytest.raises(LayoutError, match="Seed -1 is impossible"):
        generate_map(-1)
    for seed in (1.5, "3", None, True):
        with pytest.raises(LayoutError, match="whole number from 0 up"):
            check_seed(seed)


# -- codes, drawings and JSON ----------------------------------------------------------------------


def test_the_code_holds_the_terrain_classes_and_reads_back() -> None:
    for seed, size in ((0, 16), (1, 8), (2, 24), (3, 13)):
        game_map = generate_map(seed, size=size)
        code = game_map.code
        assert len(code) == code_length(size) and set(code) <= ALNUM
        assert code[0] == "0123456789ABCDEFGHIJKLMNO"[size]
        assert Map.from_code(code) == game_map.plain
        assert Map.from_code(code.lower()).digest == game_map.digest
    assert code_length(16) == 101 and code_length(24) == 224 and code_length(8) == 26


def test_the_code_is_two_bits_a_cell_in_base_36() -> None:
    value = int(PLAIN.code[1:], 36)
    order = [Terrain.WATER, Terrain.MOUNTAIN, Terrain.COUNTRYSIDE, Terrain.ROAD]
    for cell in PLAIN.cells:
        assert order[value >> (2 * cell) & 3] is PLAIN.terrain[cell]


def test_the_digest_is_six_letters_or_digits_and_follows_the_classes_only() -> None:
    game_map = generate_map(5)
    assert len(game_map.digest) == DIGEST_LENGTH and set(game_map.digest) <= ALNUM
    assert game_map.plain.digest == game_map.digest
    digests = {generate_map(seed).digest for seed in range(100)}
    assert len(digests) == 100


def test_bad_codes_are_refused() -> None:
    code = PLAIN.code
    for bad in ("", "G", code[:-1], code + "0", code.replace(code[3], "!", 1), "7" + code[1:]):
        with pytest.raises(NotationError):
            Map.from_code(bad)
    with pytest.raises(NotationError, match="out of range"):
        Map.from_code("8" + "Z" * (code_length(8) - 1))


def test_drawings_read_back_top_row_first() -> None:
    assert PLAIN.drawing().split()[0] == "cccccccc"
    assert PLAIN.terrain[PLAIN.parse("E1")] is Terrain.ROAD
    assert PLAIN.terrain[PLAIN.parse("A4")] is Terrain.WATER
    assert Map.from_drawing(PLAIN.drawing()) == PLAIN
    with pytest.raises(NotationError):
        Map.from_drawing("ccc\nccc\nccc")
    with pytest.raises(NotationError):
        Map.from_drawing("\n".join(["cccccccx"] * 8))
    with pytest.raises(LayoutError, match="knows only its terrain classes"):
        PLAIN.drawing(kinds=True)


def test_maps_read_back_from_json() -> None:
    for game_map in (generate_map(9), generate_map(10, size=20), PLAIN):
        data = json.loads(json.dumps(game_map.to_json()))
        assert Map.from_json(data) == game_map
    data = generate_map(9).to_json()
    data["digest"] = "AAAAAA"
    with pytest.raises(NotationError, match="digest"):
        Map.from_json(data)
    data = generate_map(9).to_json()
    data["rivers"][0][1] = [0, 0]
    with pytest.raises(NotationError):
        Map.from_json(data)


def test_cells_are_named_by_column_letter_and_row_number() -> None:
    assert PLAIN.name(0) == "A1" and PLAIN.name(63) == "H8" and PLAIN.name(8 * 6 + 2) == "C7"
    assert PLAIN.parse("c7") == 50
    for bad in ("I1", "A9", "A0", "7C", "", "AA"):
        with pytest.raises(NotationError):
            PLAIN.parse(bad)
    big = generate_map(0, size=24)
    assert big.name(24 * 24 - 1) == "X24" and big.parse("X24") == 575


def test_neighbours_and_the_border() -> None:
    a1, h8 = PLAIN.parse("A1"), PLAIN.parse("H8")
    assert PLAIN.neighbour(a1, Edge.N) == PLAIN.parse("A2")
    assert PLAIN.neighbour(a1, Edge.E) == PLAIN.parse("B1")
    assert PLAIN.neighbour(a1, Edge.S) is None and PLAIN.neighbour(a1, Edge.W) is None
    assert PLAIN.border_edges(a1) == (Edge.S, Edge.W)
    assert PLAIN.border_edges(h8) == (Edge.N, Edge.E)
    assert PLAIN.border_edges(PLAIN.parse("D4")) == () and not PLAIN.on_border(PLAIN.parse("D4"))


def test_terrain_limits_and_colours() -> None:
    assert [t.limit for t in Terrain] == [1, 2, 3, 5]
    assert [t.colour for t in Terrain] == ["blue", "brown", "green", "yellow"]
    assert {k.terrain for k in (Kind.SEA, Kind.LAKE, Kind.RIVER)} == {Terrain.WATER}
    assert {k.terrain for k in (Kind.ROAD, Kind.BRIDGE, Kind.TOWN)} == {Terrain.ROAD}


# -- playability ---------------------------------------------------------------------------------


def test_each_playability_rule_is_named() -> None:
    check_playable(PLAIN)
    cases = {
        "The map has 0 mountain cells; every terrain class needs at least 2.": drawing(
            *["cccccccc"] * 4, "wwwwrwww", *["ccccrccc"] * 3
        ),
        "Water covers 44 % of the map, more than 40 %.": drawing(
            *["wwwwwwww"] * 3, "wwwwcmmc", "ccccrccc", "ccccrccc", "ccccrccc", "ccccrccc"
        ),
        "Cell D5 is cut off: it cannot be reached from the border without crossing two water"
        " cells in a row.": drawing(
            "cccccccc",
            "cwwwwwcc",
            "cwwwwwcc",
            "cwwcwwmm",
            "cwwwwwmc",
            "cwwwwwrc",
            "ccccrrrc",
            "ccccrccc",
        ),
        "No road reaches the border, so no track can start on a road.": drawing(
            *["cccccccc"] * 3, "ccccrmmc", "ccccrmmc", "wwwwrwww", "ccccrccc", "cccccccc"
        ),
    }
    for message, game_map in cases.items():
        with pytest.raises(LayoutError) as caught:
            check_playable(game_map)
        assert str(caught.value) == message
    with pytest.raises(LayoutError, match="too few to deal 40 objectives"):
        check_playable(PLAIN, objectives=40)


def test_a_river_crossing_one_cell_of_water_keeps_the_far_bank_reachable() -> None:
    banks = drawing(
        "ccmccccc",
        "ccmccccc",
        "wwwwwwww",
        "cccccccc",
        "cccccccc",
        "wwwwwwww",
        "cccrcccc",
        "cccrcccc",
    )
    check_playable(banks)


def test_the_sea_share_is_limited_when_the_map_knows_its_kinds() -> None:
    classes = drawing(
        "cccccccc",
        "ccmmcccc",
        "ccmmcccc",
        "rrrrrrrr",
        "cccccccc",
        *["wwwwwwww"] * 3,
    )
    as_kind = {
        Terrain.MOUNTAIN: Kind.MOUNTAIN,
        Terrain.COUNTRYSIDE: Kind.COUNTRYSIDE,
        Terrain.ROAD: Kind.ROAD,
    }
    for water, message in (
        (Kind.SEA, "Sea covers 38 % of the map, more than 30 %."),
        (Kind.LAKE, "Cell A5 is road but no road."),
    ):
        kinds = tuple(as_kind.get(t, water) for t in classes.terrain)
        with pytest.raises(LayoutError) as caught:
            check_playable(Map(8, classes.terrain, kinds))
        assert str(caught.value) == message
    check_playable(classes)  # known only by its classes, the water may be lakes and rivers
