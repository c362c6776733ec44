"""Patrolis and 12 Patrols through the API: a Patrolis turn judged against the last accepted
photo and a covered step corrected with its tile; 12 Patrols kingdoms each judged alone, a
failing one saying why, and the attempts counted; a photo of another game named as such."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import send, stored
from tests.server.photos import Photos

pytestmark = pytest.mark.slow


def start(client: TestClient, game: str) -> str:
    return str(client.post("/api/games", json={"game": game}).json()["id"])


def test_a_patrolis_game_from_photos(client: TestClient, patrolis: Photos) -> None:
    token = start(client, "patrolis")
    assert send(client, token, patrolis.start).json()["status"] == "accepted"
    legal = send(client, token, patrolis.legal).json()
    assert legal["status"] == "accepted" and legal["verdict"]["turn"] == patrolis.legal_turn
    illegal = send(client, token, patrolis.illegal).json()
    assert illegal["status"] == "illegal"
    assert illegal["verdict"]["reason"].startswith("Steps were taken off")
    client.post(f"/api/games/{token}/readings/3/reject", json={"by": "Bob"})
    covered = send(client, token, patrolis.covered).json()
    assert covered["status"] == "waiting" and covered["before_seq"] == 2
    choices = covered["choices"][patrolis.place]
    assert choices[0] == "empty" and patrolis.value in choices
    fixed = client.post(
        f"/api/games/{token}/readings/4/corrections",
        json={"place": patrolis.place, "value": patrolis.value, "by": "Cy"},
    ).json()
    assert fixed["status"] == "accepted" and fixed["verdict"]["legal"] is True
    assert patrolis.place in fixed["verdict"]["turn"]
    history = client.get(f"/api/games/{token}").json()
    assert history["score"]["turns"] == 2 and history["score"]["score"] is not None


def test_12_patrols_kingdoms_are_each_judged_alone(
    client: TestClient, twelve_patrols: Photos
) -> None:
    token = start(client, "twelve-patrols")
    first = send(client, token, twelve_patrols.start).json()
    assert first["status"] == "accepted" and first["before_seq"] is None
    won = send(client, token, twelve_patrols.legal).json()
    assert won["verdict"]["win"] is True and won["before_seq"] is None
    broken = send(client, token, twelve_patrols.illegal).json()
    assert broken["status"] == "accepted" and broken["verdict"]["win"] is False
    assert "asks for" in broken["verdict"]["failing"][0]["sentence"]
    covered = send(client, token, twelve_patrols.covered).json()
    assert covered["status"] == "waiting"
    assert list(covered["choices"]) == [twelve_patrols.place]
    assert covered["choices"][twelve_patrols.place][0] == "nothing more"
    fixed = client.post(
        f"/api/games/{token}/readings/4/corrections",
        json={"place": twelve_patrols.place, "value": "nothing more", "by": "Dee"},
    ).json()
    assert fixed["status"] == "accepted" and fixed["corrections"][0]["by"] == "Dee"
    score = client.get(f"/api/games/{token}").json()["score"]
    assert score["attempts"] == 2 and score["won"] == 1  # the corrected kingdom is not complete


def test_a_photo_of_another_game_is_named_and_not_kept(
    client: TestClient, data: Path, patrolis: Photos, rodeurs: Photos
) -> None:
    token = start(client, "rodeurs")
    response = send(client, token, patrolis.start)
    assert response.status_code == 422
    assert response.json()["detail"] == "This is a Patrolis board, not a Rôdeurs board."
    other = start(client, "patrolis")
    response = send(client, other, rodeurs.start)
    assert response.json()["detail"] == "This photo shows Rôdeurs pieces but no Patrolis board."
    assert stored(data) == []
