"""More of what players settle on the page: a 12 Patrols card (and the items beside it) picked
where the reader saw a card it could not read; the rules chosen when a Stratego or grand jeu game
starts, kept with the game and used in every judgement; and why a Rôdeurs check never asks who
moved."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from companion.rodeurs.reader import read_photo as read_rodeurs
from companion.rodeurs.verdict import check_verdict
from companion.twelve_patrols import commands as patrols
from companion.twelve_patrols.reader import read_photo as read_kingdom
from patrolkit.errors import NotationError
from server.core.config import Settings
from tests.server.conftest import client_for, database_of_schema, send
from tests.server.photos import CardPick, Photos, twelve_patrols_card_photo
from tests.server.test_api_grand_jeu import grand_jeu_photos
from tests.server.test_api_stratego import BACK_AND_FORTH, Table, one_line, stratego_table

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def card(twelve_patrols: Photos) -> CardPick:
    return twelve_patrols_card_photo(twelve_patrols.start.parent)


@pytest.fixture(scope="module")
def table() -> Table:
    return stratego_table()


def start(client: TestClient, game: str, rules: str | None = None) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": game, "rules": rules})
    assert response.status_code == 201, response.text
    return dict(response.json())


# -- 12 Patrols: a card picked where one could not be read -------------------------------------


def test_a_card_its_code_covered_is_picked_and_the_kingdom_judged(
    client: TestClient, card: CardPick
) -> None:
    token = str(start(client, "twelve-patrols")["id"])
    reading = send(client, token, card.photo).json()
    assert reading["status"] == "waiting"
    # the deck's one card the photo shows nowhere, or no card at all
    assert reading["choices"][card.place] == ["nothing more", card.card]
    slots = [place for place in reading["choices"] if place != card.place]
    assert slots  # the items beside the unread card cannot be placed until it is known

    refused = client.post(
        f"/api/games/{token}/readings/1/corrections",
        json={"place": card.place, "value": "card 1: Nowhere", "by": "Dee"},
    )
    assert "not a place of this photo left to correct" in one_line(refused, 409)

    picked = client.post(
        f"/api/games/{token}/readings/1/corrections",
        json={"place": card.place, "value": card.card, "by": "Dee"},
    ).json()
    assert picked["status"] == "waiting" and card.place not in picked["choices"]
    assert picked["verdict"]["cards_read"] == 9
    # each item the reader saw but could not place is offered first in its slot
    for place in list(picked["choices"]):
        values = picked["choices"][place]
        assert values[0] == "nothing more" and len(values) > 2
        reading = client.post(
            f"/api/games/{token}/readings/1/corrections",
            json={"place": place, "value": values[1], "by": "Eve"},
        ).json()
        assert "status" in reading, reading
    assert reading["status"] == "accepted"
    assert reading["verdict"]["complete"] and reading["verdict"]["win"] is True
    fixes = reading["corrections"]
    assert fixes[0]["place"] == card.place and fixes[0]["value"] == card.card
    assert fixes[0]["by"] == "Dee" and fixes[0]["at"]
    assert [f["by"] for f in fixes[1:]] == ["Eve"] * (len(fixes) - 1)
    history = client.get(f"/api/games/{token}").json()
    assert history["score"]["won"] == 1
    assert history["readings"][0]["corrections"] == fixes


def test_only_a_card_seen_nowhere_can_be_picked(card: CardPick) -> None:
    reading = read_kingdom(card.photo.read_bytes())
    with pytest.raises(NotationError, match="not 'card 1"):
        seen = next(c for c in reading.cards)
        patrols.correct(reading, card.place, f"card {seen.number}: {seen.card.name}")
    fixed = patrols.correct(reading, card.place, card.card)
    placed = next(c for c in fixed.cards if c.position == (0, 0))
    assert placed.stage == patrols.PICKED and f"card {placed.number}: " in card.card
    # an item the photo shows is never offered, and nothing is offered twice
    shown = {i.item.label.split(" (")[0] for i in fixed.items}
    for values in patrols.unreadable_choices(fixed).values():
        assert not shown & {value.split(" (")[0] for value in values}
        assert len(values) == len(set(values))


# -- Stratego and the grand jeu: the rules chosen at the start ---------------------------------


def test_the_rules_offered_are_the_games_own_defaults(client: TestClient) -> None:
    kinds = {k["name"]: k for k in client.get("/api/kinds").json()}
    assert kinds["stratego"]["rules"] == "two-square=3 chase=on"
    assert kinds["grand-jeu"]["rules"] == "arrows=017 win=3 fewest=2 bonus=4 culs-de-pat=off"
    assert kinds["rodeurs"]["rules"] is None and kinds["twelve-patrols"]["rules"] is None


def test_rules_a_game_does_not_have_are_refused_and_nothing_started(client: TestClient) -> None:
    for game, rules, status, words in (
        ("stratego", "two-square=4", 422, "3 or 5"),
        ("grand-jeu", "fog=on", 422, "no option 'fog'"),
        ("rodeurs", "chase=off", 409, "no rules to choose"),
    ):
        response = client.post("/api/games", json={"game": game, "rules": rules})
        assert words in one_line(response, status)
    assert client.get("/api/games").json() == []


def test_stratego_judged_under_the_rules_chosen_at_its_start(
    client: TestClient, table: Table
) -> None:
    started = start(client, "stratego", "two-square=5")
    assert started["rules"] == "two-square=5 chase=on"
    tokens = {str(link["side"]): str(link["token"]) for link in started["links"]}
    for side, secret in (("red", table.red), ("blue", table.blue)):
        client.post(f"/api/games/{tokens[side]}/secret", json={"secret": secret.code})
    game = client.get(f"/api/games/{tokens['blue']}").json()
    assert game["rules"] == "two-square=5 chase=on"
    # red's fourth crossing between e4 and e5, refused under a limit of 3, is allowed under 5
    for turn in range(8):
        token = tokens["red"] if turn % 2 == 0 else tokens["blue"]
        reading = send(client, token, table.photos[BACK_AND_FORTH[turn % 4]]).json()
        assert reading["status"] == "accepted", reading["verdict"].get("reason")
    assert reading["verdict"]["rules"] == "two-square=5 chase=on"
    exported = client.get(f"/api/games/{tokens['red']}/export").json()
    assert exported["rules"] == "two-square=5 chase=on"


def test_the_grand_jeu_judged_under_the_options_chosen_at_its_start(client: TestClient) -> None:
    photos = grand_jeu_photos()
    token = str(start(client, "grand-jeu", "win=4, bonus=4")["id"])
    first = send(client, token, photos.start).json()
    second = send(client, token, photos.legal).json()
    chosen = "arrows=017 win=4 fewest=2 bonus=4 culs-de-pat=off"
    assert second["status"] == "accepted"
    assert first["verdict"]["rules"] == chosen and second["verdict"]["rules"] == chosen
    assert client.get(f"/api/games/{token}").json()["rules"] == chosen


def test_a_database_from_before_rules_opens_and_its_games_play_the_defaults(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    with database_of_schema(data, 2) as db:
        db.execute("INSERT INTO games VALUES ('old', 'grand-jeu', 'Old table', '2026-01-01')")
    with client_for(Settings(data=data, workers=1)) as client:
        old = client.get("/api/games/old").json()
        assert old["rules"] == "arrows=017 win=3 fewest=2 bonus=4 culs-de-pat=off"
        assert start(client, "grand-jeu", "win=2")["rules"].endswith("culs-de-pat=off")


# -- Rôdeurs: who moved is never needed ------------------------------------------------------


def test_a_rodeurs_check_is_the_same_whoever_moved(rodeurs: Photos) -> None:
    """The pawns are shared and a turn's jumps do not depend on who plays them, so the page
    never asks who moved: the verdict is the same for White, Black or nobody named."""
    before = read_rodeurs(rodeurs.start.read_bytes())
    for after_photo in (rodeurs.legal, rodeurs.illegal):
        after = read_rodeurs(after_photo.read_bytes())
        verdicts = [check_verdict(before, after, mover=m) for m in (None, "white", "black")]
        judged = {(v["legal"], v["turn"], v["reason"]) for v in verdicts}
        assert len(judged) == 1
