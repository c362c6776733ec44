"""The virtual camera's Stratego scene: standing pieces on the assembled board, photographed
with their truth, and ``patrolkit simulate stratego``."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from companion.camera.stratego.kit import stratego_kit_raster
from companion.camera.stratego.positions import mid_game, setup_position, with_kit_ids
from companion.camera.stratego.scene import photograph
from companion.decode import decoder_named
from patrolkit import cli
from patrolkit.errors import KitError
from patrolkit.games.stratego import CLASSIC_ARMY, Army, Rank, State, check_setup
from tests.stratego.kits import seeded_kit

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def kit_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return seeded_kit(tmp_path_factory.mktemp("stratego-kit"), 12)


def test_setups_and_mid_games_carry_the_ids_of_the_kits_own_pieces(kit_dir: Path) -> None:
    secrets = stratego_kit_raster(kit_dir).secrets
    start = setup_position(secrets, 4)
    check_setup(start)
    ids = {p.id for p in start.cells if p is not None}
    assert ids == secrets[0].ids | secrets[1].ids
    later = mid_game(secrets, 4, moves=30)
    assert {p.id for p in later.cells if p is not None} <= ids
    for secret in secrets:
        for sq in later.squares_of(secret.army):
            piece = later.cells[sq]
            assert piece is not None and secret.ranks[piece.id] is piece.rank


def test_a_position_written_by_ranks_gets_the_kits_ids_and_too_many_is_refused(
    kit_dir: Path,
) -> None:
    secrets = stratego_kit_raster(kit_dir).secrets
    state = with_kit_ids(State.from_pieces("a1=F e4=O e7=t j10=f"), secrets)
    scout = state.cells[34]
    assert scout is not None and secrets[0].ranks[scout.id] is Rank.SCOUT
    spies = " ".join(f"{c}1=S" for c in "bc")
    assert CLASSIC_ARMY[Rank.SPY] == 1
    with pytest.raises(KitError, match="more red spy pieces than the kit prints"):
        with_kit_ids(State.from_pieces(f"a1=F {spies} j10=f"), secrets)


def test_every_top_code_reads_where_the_truth_puts_it(kit_dir: Path) -> None:
    secrets = stratego_kit_raster(kit_dir).secrets
    photo = photograph(kit_dir, setup_position(secrets, 1), preset="phone", seed=1)
    truth = photo.truth
    assert truth["game"] == "stratego" and len(truth["pieces"]) == 80
    import cv2

    gray = cv2.cvtColor(photo.image, cv2.COLOR_BGR2GRAY)
    read = {d.text: d.corners for d in decoder_named("zxing").read(gray)}
    for piece in truth["pieces"]:
        corners = read[piece["payload"]]
        assert np.abs(corners - np.array(piece["code_corners_px"])).max() < 4.0


def test_the_same_seed_gives_the_same_photo_and_the_truth_shows_no_rank(kit_dir: Path) -> None:
    secrets = stratego_kit_raster(kit_dir).secrets
    state = with_kit_ids(State.from_pieces("a1=F b1=B e4=O e7=t j10=f"), secrets)
    first = photograph(kit_dir, state, preset="top", seed=3)
    again = photograph(kit_dir, state, preset="top", seed=3)
    assert first.jpeg == again.jpeg
    hidden = State.from_text(first.truth["state"])
    assert all(p is None or p.rank is None for p in hidden.cells)
    assert {p.army for p in hidden.cells if p is not None} == {Army.RED, Army.BLUE}


def test_a_tilt_can_be_set_and_a_steeper_one_than_a_player_takes_is_refused(
    kit_dir: Path,
) -> None:
    secrets = stratego_kit_raster(kit_dir).secrets
    state = with_kit_ids(State.from_pieces("a1=F e4=O e7=t j10=f"), secrets)
    photo = photograph(kit_dir, state, preset="phone", seed=8, tilt_deg=35.0)
    assert photo.truth["camera"]["tilt_deg"] == 35.0
    with pytest.raises(KitError, match="tilt"):
        photograph(kit_dir, state, preset="phone", seed=8, tilt_deg=75.0)


def test_a_piece_pushed_across_two_cells_is_in_the_truth_as_such(kit_dir: Path) -> None:
    secrets = stratego_kit_raster(kit_dir).secrets
    state = with_kit_ids(State.from_pieces("a1=F e4=O e7=t j10=f"), secrets)
    photo = photograph(kit_dir, state, preset="top", seed=5, across=True)
    across = photo.truth["across"]
    assert across is not None and across["towards"] != across["cell"]
    assert len(photo.truth["pieces"]) == 3


def test_simulate_writes_a_photo_and_its_truth_and_prints_no_rank(
    kit_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "table.jpg"
    code = cli.main(
        ["simulate", "stratego", "--kit", str(kit_dir), "--turns", "6", "--seed", "2",
         "--preset", "top", "--out", str(out)]
    )  # fmt: skip
    assert code == 0
    assert out.exists() and out.with_suffix(".json").exists()
    printed = capsys.readouterr().out
    rows = next(line for line in printed.splitlines() if line.startswith("state:")).split()[1]
    assert set(rows) <= set("Xx./~0123456789")
