"""The computer player's hint on the page: the engine's turn for the position a photo shows."""

from __future__ import annotations

from dataclasses import replace

import pytest
from fastapi.testclient import TestClient

from companion.rodeurs.hint import SEED
from companion.rodeurs.reader import read_photo
from patrolkit.games.rodeurs import Player, legal_turns
from patrolkit.games.rodeurs.engine import DEFAULT_LEVEL, choose_turn
from tests.server.conftest import send
from tests.server.photos import Photos


def start(client: TestClient, game: str = "rodeurs") -> str:
    response = client.post("/api/games", json={"game": game})
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def test_only_games_with_a_computer_player_offer_a_hint(client: TestClient) -> None:
    hints = {kind["name"]: kind["hints"] for kind in client.get("/api/kinds").json()}
    assert hints["rodeurs"] == ["white", "black"]
    assert hints["patrolis"] == [] and hints["twelve-patrols"] == []


@pytest.mark.slow
def test_a_hint_is_the_engines_best_legal_turn_for_the_photo(
    client: TestClient, rodeurs: Photos
) -> None:
    token = start(client)
    assert send(client, token, rodeurs.start).json()["status"] == "accepted"
    answer = client.post(f"/api/games/{token}/readings/1/hint", json={"mover": "black"})
    assert answer.status_code == 200, answer.text
    hint = answer.json()

    state = read_photo(rodeurs.start.read_bytes()).state
    assert state is not None
    state = replace(state, to_move=Player.BLACK)
    best = choose_turn(state, level=DEFAULT_LEVEL, seed=SEED).turn
    assert hint["hint"]["turn"] == best.notation
    assert best.notation in {turn.notation for turn in legal_turns(state)}
    assert hint["hint"]["mover"] == "black" and hint["hint"]["level"] == DEFAULT_LEVEL
    assert hint["line"].startswith("Hint for Black") and best.notation in hint["line"]
    picture = client.get(hint["picture_url"])
    assert picture.status_code == 200 and picture.content[:2] == b"\xff\xd8"
    # asking does not touch the history
    readings = client.get(f"/api/games/{token}").json()["readings"]
    assert [r["status"] for r in readings] == ["accepted"]


@pytest.mark.slow
def test_no_hint_for_an_unknown_player_or_an_unread_cell(
    client: TestClient, rodeurs: Photos
) -> None:
    token = start(client)
    send(client, token, rodeurs.start)
    wrong = client.post(f"/api/games/{token}/readings/1/hint", json={"mover": "red"})
    assert wrong.status_code == 409
    assert wrong.json()["detail"] == "A hint is asked for white or black to play, not 'red'."
    covered = send(client, token, rodeurs.covered).json()
    assert covered["status"] == "waiting"
    unread = client.post(
        f"/api/games/{token}/readings/{covered['seq']}/hint", json={"mover": "white"}
    )
    assert unread.status_code == 422 and rodeurs.place in unread.json()["detail"]


def test_a_game_without_a_computer_player_refuses_a_hint(client: TestClient) -> None:
    token = start(client, "patrolis")
    answer = client.post(f"/api/games/{token}/readings/1/hint", json={"mover": "white"})
    assert answer.status_code == 409
    assert answer.json()["detail"] == "Patrolis has no computer player to give a hint."
