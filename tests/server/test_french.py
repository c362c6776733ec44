"""The web companion in French: each request is answered in the language it asks for (the page
sends it as ``Accept-Language``, a link as ``?lang=``), refusals and verdicts alike, the photo
readers included; the page's own words come from the French catalog; a verdict is kept in the
language it was said in, and the history says which."""

from __future__ import annotations

import gettext
import io
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from PIL import Image

from patrolkit.i18n import speaking
from server.core.config import Settings
from server.storage.db import VERSION, Database
from server.storage.store import who
from tests.language import english_left
from tests.server.conftest import client_for, database_of_schema, send
from tests.server.photos import Photos
from tools.catalogs import template

FRENCH = {"Accept-Language": "fr-CH,fr;q=0.9,en;q=0.5"}
NBSP = "\u00a0"


def _game(client: TestClient, game: str = "rodeurs", **headers: str) -> str:
    return str(client.post("/api/games", json={"game": game}, headers=headers).json()["id"])


def _png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(out, format="PNG")
    return out.getvalue()


def test_a_refusal_comes_back_in_the_language_the_request_asks_for(client: TestClient) -> None:
    english = client.get("/api/games/nope")
    assert english.status_code == 404
    assert english.json()["detail"] == "There is no game at this link."
    for french in (
        client.get("/api/games/nope", headers=FRENCH),
        client.get("/api/games/nope?lang=fr"),
    ):
        assert french.status_code == 404
        assert french.json()["detail"] == "Il n’y a pas de partie à ce lien."
    # the query parameter (a link the browser follows by itself) outranks the header
    assert client.get("/api/games/nope?lang=en", headers=FRENCH).json()["detail"] == (
        "There is no game at this link."
    )
    # a language patrolkit does not speak is English
    assert client.get("/api/games/nope", headers={"Accept-Language": "de"}).json()["detail"] == (
        "There is no game at this link."
    )
    token = _game(client)
    undo = client.post(f"/api/games/{token}/undo", json={}, headers=FRENCH)
    assert undo.status_code == 409
    assert undo.json()["detail"] == "Il n’y a aucun tour accepté à annuler."
    hint = client.post(f"/api/games/{token}/readings/1/hint", json={"mover": "red"}, headers=FRENCH)
    assert (
        hint.json()["detail"]
        == f"Un conseil se demande quand c’est à Blanc ou Noir de jouer, pas à «{NBSP}red{NBSP}»."
    )
    invalid = client.post("/api/games", json={}, headers=FRENCH)
    assert invalid.status_code == 422
    assert invalid.json()["detail"] == "Il manque à la requête son champ game."
    # after French requests, the next one that names no language is English again
    assert client.get("/api/games/nope").json()["detail"] == "There is no game at this link."


def test_a_size_refusal_writes_its_numbers_as_french_does(data: Path) -> None:
    with client_for(Settings(data=data, workers=1, max_upload_bytes=200_000)) as client:
        token = _game(client)
        response = client.post(
            f"/api/games/{token}/photos",
            files={"photo": ("table.jpg", b"\xff\xd8\xff" + bytes(300_000), "image/jpeg")},
            headers=FRENCH,
        )
        assert response.status_code == 413
        assert response.json()["detail"] == (
            f"Cet envoi fait 0,3{NBSP}Mio{NBSP}; le serveur accepte les photos jusqu’à"
            f" 0,2{NBSP}Mio."
        )


def test_the_language_reaches_the_photo_reader_in_its_own_process(data: Path) -> None:
    """The pixel cap is checked in a pool worker, which shares nothing with the request."""
    with client_for(Settings(data=data, workers=1, max_upload_pixels=1_000_000)) as client:
        token = _game(client)
        english = send(client, token, _png(1500, 1000))
        assert "1500 x 1000 pixels (2 MP)" in english.json()["detail"]
        french = client.post(
            f"/api/games/{token}/photos",
            files={"photo": ("table.png", _png(1500, 1000), "image/png")},
            headers=FRENCH,
        )
        assert french.status_code == 413
        assert french.json()["detail"] == (
            f"Cette photo fait 1500 x 1000 pixels (2{NBSP}Mpx){NBSP}; le serveur lit les photos"
            f" jusqu’à 1{NBSP}Mpx."
        )
        assert client.get(f"/api/games/{token}").json()["readings"] == []


def test_the_page_asks_for_its_words_in_each_language(client: TestClient) -> None:
    assert client.get("/api/languages").json() == [
        {"code": "en", "name": "English"},
        {"code": "fr", "name": "Français"},
    ]
    english = client.get("/api/messages/en").json()
    assert english == {"language": "en", "plural": "n != 1", "messages": {}}
    french = client.get("/api/messages/fr").json()
    assert french["language"] == "fr"
    words = french["messages"]
    assert words["Start a game"] == "Lancer une partie"
    assert words["reading status\u0004accepted"] == "acceptée"
    forms = words["Could not read {count} place: tap it to say what is there"]
    plural = gettext.c2py(french["plural"])
    assert forms[plural(1)].startswith("{count} emplacement illisible")
    assert forms[plural(3)].startswith("{count} emplacements illisibles")
    unknown = client.get("/api/messages/de", headers=FRENCH)
    assert unknown.status_code == 400 and "de" in unknown.json()["detail"]


def test_every_word_of_the_page_is_in_the_french_catalog(client: TestClient) -> None:
    """Each text app.js says through ``_``, ``ngettext`` or ``pgettext`` has its French."""
    words = client.get("/api/messages/fr").json()["messages"]
    page = [
        message
        for message in template("server")
        if message.id and any(path.endswith("app.js") for path, _line in message.locations)
    ]
    assert len(page) >= 80
    for message in page:
        singular = message.id[0] if isinstance(message.id, tuple) else message.id
        key = f"{message.context}\u0004{singular}" if message.context else singular
        assert words.get(key), f"no French for the page's {singular!r}"
        said = words[key] if isinstance(words[key], str) else " ".join(words[key])
        assert english_left(re.sub(r"\{\w+\}", " ", said)) == [], said


def test_the_page_opens_in_the_browser_language(client: TestClient) -> None:
    french = client.get("/", headers=FRENCH)
    assert french.status_code == 200
    assert '<html lang="fr">' in french.text
    assert "<title>patrolkit — arbitre de table</title>" in french.text
    assert "Cette page a besoin de JavaScript." in french.text
    english = client.get("/")
    assert '<html lang="en">' in english.text and "table referee" in english.text
    script = client.get("/static/app.js").text
    assert "navigator.languages" in script and "localStorage.setItem(LANGUAGE_KEY" in script


def test_rule_labels_game_titles_and_side_names_follow_the_language(client: TestClient) -> None:
    english = {k["name"]: k for k in client.get("/api/kinds").json()}
    french = {k["name"]: k for k in client.get("/api/kinds", headers=FRENCH).json()}
    assert english["stratego"]["side_names"] == {"red": "red", "blue": "blue"}
    assert french["stratego"]["side_names"] == {"red": "Rouge", "blue": "Bleu"}
    assert french["rodeurs"]["side_names"] == {"white": "Blanc", "black": "Noir"}
    labels = {o["name"]: o for o in french["grand-jeu"]["options"]}
    assert labels["arrows"]["label"].startswith("Flèches rouges")
    assert [v["label"] for v in labels["arrows"]["values"]][:2] == ["devant", "devant à droite"]
    # the rules' words and values are the same in both languages: the server reads them
    assert [(o["name"], o["default"]) for o in french["grand-jeu"]["options"]] == [
        (o["name"], o["default"]) for o in english["grand-jeu"]["options"]
    ]
    for name, kind in french.items():
        with speaking("fr"):
            from server.referee.kinds import kind_named

            assert kind["title"] == kind_named(name).entry.local_title


def test_a_reading_kept_before_languages_is_english(data: Path) -> None:
    with database_of_schema(data, 3) as db:
        db.execute(
            "INSERT INTO games (id, game, title, created) VALUES ('g', 'rodeurs', 'R', 'now')"
        )
        db.execute("INSERT INTO photos (hash, bytes) VALUES ('h', 1)")
        db.execute(
            "INSERT INTO readings (game_id, seq, photo, status, verdict, choices, sent_by, created)"
            " VALUES ('g', 1, 'h', 'accepted', '{}', '{}', 'Ann', 'now')"
        )
    database = Database(data / "patrolkit.sqlite3")
    try:
        rows = database.query("SELECT language FROM readings")
        assert [row["language"] for row in rows] == ["en"]
        version = database.query("PRAGMA user_version")[0][0]
        assert version == VERSION
    finally:
        database.close()


def test_a_nameless_player_is_named_in_the_language_in_force() -> None:
    assert who(None) == "a player"
    with speaking("fr"):
        assert who("  ") == "un joueur"
        assert who("Ann") == "Ann"


@pytest.mark.slow
def test_a_verdict_is_said_in_its_request_language_and_kept_as_said(
    client: TestClient, rodeurs: Photos
) -> None:
    """The same photos judged in English and in French: the same keys, notation and statuses;
    the sentences French; the French verdict kept in French when the game is viewed in English,
    and a correction made in English says the rejudged verdict in English."""
    english_game, french_game = _game(client), _game(client, **FRENCH)
    said: dict[str, list[dict[str, object]]] = {"en": [], "fr": []}
    for photo in (rodeurs.start, rodeurs.illegal):
        said["en"].append(send(client, english_game, photo).json())
        response = client.post(
            f"/api/games/{french_game}/photos",
            files={"photo": ("table.jpg", photo.read_bytes(), "image/jpeg")},
            headers=FRENCH,
        )
        assert response.status_code == 201, response.text
        said["fr"].append(response.json())
    for english, french in zip(said["en"], said["fr"], strict=True):
        assert (english["language"], french["language"]) == ("en", "fr")
        assert english["status"] == french["status"]
        e_verdict, f_verdict = english["verdict"], french["verdict"]
        assert isinstance(e_verdict, dict) and isinstance(f_verdict, dict)
        assert sorted(e_verdict) == sorted(f_verdict)
        assert e_verdict["state"] == f_verdict["state"]
    illegal = said["fr"][1]["verdict"]
    assert isinstance(illegal, dict) and said["fr"][1]["status"] == "illegal"
    assert illegal["reason"] != said["en"][1]["verdict"]["reason"]  # type: ignore[index]
    assert english_left(str(illegal["reason"])) == []

    # viewed in English, the French verdict stays as it was said, and says so
    viewed = client.get(f"/api/games/{french_game}").json()["readings"][1]
    assert viewed["language"] == "fr" and viewed["verdict"]["reason"] == illegal["reason"]
    assert viewed["sent_by"] == "un joueur"  # no name given: said in French, kept so

    # a reading rejudged by a correction is said again, in the corrector's language
    client.post(f"/api/games/{french_game}/readings/2/reject", json={}, headers=FRENCH)
    legal = client.post(
        f"/api/games/{french_game}/photos",
        files={"photo": ("table.jpg", rodeurs.legal.read_bytes(), "image/jpeg")},
        headers=FRENCH,
    ).json()
    assert legal["status"] == "accepted" and legal["verdict"]["turn"] == rodeurs.legal_turn
    covered = client.post(
        f"/api/games/{french_game}/photos",
        files={"photo": ("table.jpg", rodeurs.covered.read_bytes(), "image/jpeg")},
        headers=FRENCH,
    ).json()
    assert covered["status"] == "waiting" and covered["language"] == "fr"
    fixed = client.post(
        f"/api/games/{french_game}/readings/{covered['seq']}/corrections",
        json={"place": rodeurs.place, "value": rodeurs.value},
    ).json()
    assert fixed["status"] == "accepted" and fixed["language"] == "en"
    exported = client.get(f"/api/games/{french_game}/export").json()
    assert [r["language"] for r in exported["readings"]] == ["fr", "fr", "fr", "en"]
    notation = client.get(f"/api/games/{french_game}/notation?lang=fr").text
    assert notation.startswith(f"# Rôdeurs{NBSP}: Rôdeurs, commencée le ")
