"""The web companion's API: starting games, the games offered, sending photos, correcting a
reading, rejecting, undoing, the history and its export, the files kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import send, stored
from tests.server.photos import Photos


def start(client: TestClient, game: str = "rodeurs", title: str | None = None) -> str:
    response = client.post("/api/games", json={"game": game, "title": title})
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def test_the_page_offers_every_game_with_a_photo_reader(client: TestClient) -> None:
    kinds = {k["name"]: k for k in client.get("/api/kinds").json()}
    assert set(kinds) == {"rodeurs", "patrolis", "twelve-patrols", "grand-jeu", "stratego"}
    assert kinds["rodeurs"]["check_style"] and kinds["patrolis"]["check_style"]
    assert not kinds["twelve-patrols"]["check_style"]


def test_the_start_page_is_served_with_its_assets(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "/static/app.js" in page.text
    script = client.get("/static/app.js").text
    assert 'capture: "environment"' in script and 'accept: "image/*"' in script
    assert client.get("/static/app.css").status_code == 200


def test_a_game_started_gets_an_unguessable_link_and_is_listed(client: TestClient) -> None:
    first = start(client, "rodeurs", "Sunday table")
    second = start(client, "patrolis")
    assert len(first) >= 22 and first != second
    games = client.get("/api/games").json()
    assert [g["id"] for g in games] == [second, first]
    assert games[1]["title"] == "Sunday table" and games[0]["title"] == "Patrolis"
    history = client.get(f"/api/games/{first}").json()
    assert history["readings"] == [] and history["score"]["accepted"] == 0


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "chess"}, 404, "There is no game called 'chess'"),
        ({"game": "rodeurs", "title": "two\nlines"}, 422, "control character"),
        ({"title": "no game"}, 422, "game"),
    ],
)
def test_a_game_that_cannot_be_started_is_refused_in_one_line(
    client: TestClient, body: dict[str, str], status: int, words: str
) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == status
    detail = response.json()["detail"]
    assert words in detail and "\n" not in detail
    assert client.get("/api/games").json() == []


def test_a_link_to_no_game_is_not_found(client: TestClient) -> None:
    missing = ("/api/games/nope", "/api/games/nope/export", "/api/games/nope/notation")
    for path in (*missing, "/api/photos/" + "0" * 64, "/api/pictures/" + "0" * 64):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.json()["detail"].endswith(".")
    assert client.post("/api/games/nope/undo", json={}).status_code == 404
    assert client.get("/api/pictures/../../etc/passwd").status_code == 404
    assert send(client, "nope", b"\xff\xd8\xff").status_code == 404
    token = start(client)
    for game, action, body in (
        ("nope", "secret", {"secret": "RC7QK2MZ"}),
        ("nope", "readings/1/reject", {}),
        (token, "readings/7/reject", {}),
        (token, "readings/7/corrections", {"place": "a1", "value": "empty"}),
        (token, "readings/7/hint", {"mover": "white"}),
    ):
        response = client.post(f"/api/games/{game}/{action}", json=body)
        assert response.status_code == 404, (game, action, response.text)
        assert "\n" not in response.json()["detail"]


def test_undo_with_nothing_accepted_is_refused(client: TestClient) -> None:
    token = start(client)
    response = client.post(f"/api/games/{token}/undo", json={"by": "Ann"})
    assert response.status_code == 409
    assert response.json()["detail"] == "There is no accepted turn to undo."


@pytest.mark.slow
def test_a_rodeurs_game_from_photos(client: TestClient, rodeurs: Photos, data: Path) -> None:
    token = start(client)
    first = send(client, token, rodeurs.start)
    assert first.status_code == 201, first.text
    reading = first.json()
    assert reading["status"] == "accepted" and reading["verdict"]["kind"] == "score"
    assert reading["sent_by"] == "Ann"
    assert client.get(reading["photo_url"]).content == rodeurs.start.read_bytes()
    picture = client.get(reading["picture_url"])
    assert picture.headers["content-type"] == "image/jpeg" and picture.content[:2] == b"\xff\xd8"

    # the next turn, judged against the accepted start
    legal = send(client, token, rodeurs.legal, by="Bob").json()
    assert legal["status"] == "accepted" and legal["before_seq"] == 1
    assert legal["verdict"]["legal"] is True and legal["verdict"]["turn"] == rodeurs.legal_turn

    # the start again: pawns cannot come back; the players reject it
    illegal = send(client, token, rodeurs.illegal).json()
    assert illegal["status"] == "illegal" and illegal["before_seq"] == 2
    assert "never adds one" in illegal["verdict"]["reason"]
    rejected = client.post(f"/api/games/{token}/readings/3/reject", json={"by": "Bob"})
    assert rejected.json()["status"] == "rejected"

    # a pawn under a sticker: the reading waits for a player to say what is there
    covered = send(client, token, rodeurs.covered).json()
    assert covered["status"] == "waiting" and covered["before_seq"] == 2
    assert covered["choices"] == {rodeurs.place: ["red", "yellow", "green", "empty"]}
    wrong = client.post(
        f"/api/games/{token}/readings/4/corrections",
        json={"place": "b7", "value": "red", "by": "Cy"},
    )
    assert wrong.status_code == 409 and "b7" in wrong.json()["detail"]
    fixed = client.post(
        f"/api/games/{token}/readings/4/corrections",
        json={"place": rodeurs.place, "value": rodeurs.value, "by": "Cy"},
    ).json()
    assert fixed["status"] == "accepted" and fixed["verdict"]["legal"] is True
    assert fixed["choices"] == {}
    assert [(c["place"], c["value"], c["by"]) for c in fixed["corrections"]] == [
        (rodeurs.place, rodeurs.value, "Cy")
    ]
    assert fixed["picture"] != covered["picture"]

    # undo takes back the last accepted turn, and the next photo is judged against the one before
    history = client.post(f"/api/games/{token}/undo", json={"by": "Ann"}).json()
    assert [r["status"] for r in history["readings"]] == [
        "accepted",
        "accepted",
        "rejected",
        "undone",
    ]
    assert [(e["seq"], e["action"], e["by"]) for e in history["events"]] == [
        (3, "reject", "Bob"),
        (4, "undo", "Ann"),
    ]
    assert history["score"]["accepted"] == 2 and history["score"]["turns"] == 1

    export = client.get(f"/api/games/{token}/export")
    assert "attachment" in export.headers["content-disposition"]
    document = export.json()
    assert document["game"] == "rodeurs" and document["notation"]["turns"] == [rodeurs.legal_turn]
    assert len(document["readings"]) == 4
    assert document["readings"][3]["corrections"][0]["by"] == "Cy"
    assert len(stored(data)) == 4  # each photo kept once, by its hash

    text = client.get(f"/api/games/{token}/notation").text.splitlines()
    assert text[0].startswith("# Rôdeurs: Rôdeurs, started ")
    assert text[1].startswith("1 ") and text[2].startswith(f"2 {rodeurs.legal_turn} ")
    assert len(text) == 3 and text[2].split()[-1] == legal["verdict"]["state"].split()[-1]


@pytest.mark.slow
def test_a_photo_is_refused_while_it_is_history(client: TestClient, rodeurs: Photos) -> None:
    token = start(client)
    send(client, token, rodeurs.start)
    send(client, token, rodeurs.legal)
    response = client.post(f"/api/games/{token}/readings/1/reject", json={})
    assert response.status_code == 409
    assert (
        response.json()["detail"] == "Only the latest photo can be rejected; this one is history."
    )
    accepted = client.post(f"/api/games/{token}/readings/2/reject", json={})
    assert accepted.status_code == 409 and "accepted" in accepted.json()["detail"]


@pytest.mark.slow
def test_two_photos_sent_at_once_to_two_games_never_mix(
    client: TestClient, rodeurs: Photos
) -> None:
    from concurrent.futures import ThreadPoolExecutor

    tokens = [start(client), start(client)]
    photos = [rodeurs.start, rodeurs.legal]
    with ThreadPoolExecutor(2) as both:
        answers = list(both.map(lambda k: send(client, tokens[k], photos[k]), range(2)))
    assert [a.status_code for a in answers] == [201, 201]
    for token, photo in zip(tokens, photos, strict=True):
        readings = client.get(f"/api/games/{token}").json()["readings"]
        assert len(readings) == 1
        assert client.get(f"/api/photos/{readings[0]['photo']}").content == photo.read_bytes()
