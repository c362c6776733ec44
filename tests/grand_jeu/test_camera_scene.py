"""The grand jeu virtual camera: the truth says where every scout lies, the way it faces and
which prisoners are in the prisons, for the position given."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.camera.grand_jeu.scene import photograph
from patrolkit.errors import KitError
from patrolkit.games.grand_jeu import Options, State, cell_name
from tests.grand_jeu import photos


@pytest.mark.slow
def test_the_truth_lists_every_scout_with_its_cell_direction_and_the_prisoners() -> None:
    state = photos.before_state()
    truth = photos.truth(photos.before_photo())
    assert truth["game"] == "grand-jeu" and truth["preset"] == "phone"
    assert State.from_text(truth["state"]) == state
    seen = {(s["cell"], s["patrol"], s["direction"]) for s in truth["scouts"]}
    assert seen == {(cell_name(s.cell), s.patrol.letter, s.direction.value) for s in state.scouts}
    prisoners = [p["patrol"] for p in truth["prisoners"]]
    assert sorted(prisoners) == ["N", "S"]
    assert (
        len({s["payload"] for s in truth["scouts"]} | {p["payload"] for p in truth["prisoners"]})
        == 16
    )
    assert truth["across"] is None and truth["between"] is None


@pytest.mark.slow
def test_the_truth_names_the_scout_pushed_across_and_the_one_turned_between() -> None:
    truth = photos.truth(photos.faulty_photo())
    across, between = truth["across"], truth["between"]
    assert across is not None and between is not None
    assert across["cell"] != between["cell"]
    assert abs(between["angle_deg"]) == 22.5
    frozen = {s["cell"] for s in truth["scouts"] if s["frozen"]}
    assert frozen <= {"d8", "a1"}
    assert len(truth["scouts"]) == 11


@pytest.mark.slow
def test_a_position_for_another_board_is_refused_in_one_sentence(tmp_path: Path) -> None:
    state = State.start(Options(players=3))
    with pytest.raises(KitError, match="kit is for 2 on 8 x 8"):
        photograph(photos.kit_dir(), state, preset="phone", seed=1)
