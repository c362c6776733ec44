"""Stratego through the API: two players, each on their own link with their own army's secret;
photos judged once both have joined, with the game's whole history (the two-square rule across
photos); an attack shows both ranks to both players, and nothing a player is sent names a rank
of the other army the rules keep hidden."""

from __future__ import annotations

import contextlib
import json
import re
import sqlite3
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from companion.camera.photo import write_photo
from companion.camera.stratego.kit import stratego_kit_raster
from companion.camera.stratego.positions import with_kit_ids
from companion.camera.stratego.scene import photograph
from companion.stratego.commands import EMPTY, correct, judge_photos, unreadable_choices
from companion.stratego.reader import read_photo
from companion.stratego.reading import StrategoReading, Unreadable
from patrolkit.errors import NotationError
from patrolkit.games.stratego import Army, Rank, State, parse_square
from patrolkit.games.stratego.secret import Secret
from server.core.config import Settings
from server.storage.db import VERSION
from tests import shared
from tests.server.conftest import client_for, database_of_schema, send
from tests.stratego.kits import seeded_kit

pytestmark = pytest.mark.slow

BACK_AND_FORTH = (
    "a1=F e4=K j10=f b9=g",
    "a1=F e5=K j10=f b9=g",
    "a1=F e5=K j10=f b8=g",
    "a1=F e4=K j10=f b8=g",
)
"""Red's captain goes e4-e5 and back, blue's general b9-b8 and back: played twice round, red's
fourth crossing between e4 and e5 is refused by the two-square rule (a limit of 3)."""

SMALL = "a1=F b1=B e4=O e7=t j10=f"
"""Red's flag, bomb and scout; blue's sergeant and flag."""
BOMB_MOVED = "a1=F b2=B e4=O e7=t j10=f"
SCOUT_LOST = "a1=F b1=B e7=t j10=f"
"""Red's scout attacked blue's sergeant on e7 and lost."""


@dataclass(frozen=True)
class Table:
    """One kit's secrets and its photos, by position."""

    red: Secret
    blue: Secret
    photos: dict[str, Path]


@cache
def stratego_table() -> Table:
    """The shared Stratego photos (made once a session, also for the browser test): the
    captain and general going back and forth (:data:`BACK_AND_FORTH`), and :data:`SMALL`,
    :data:`BOMB_MOVED` and :data:`SCOUT_LOST`, every piece keeping its id from one to the
    next."""
    return shared.made_once("stratego-table", _photograph_table)


def _photograph_table(folder: Path) -> Table:
    kit = seeded_kit(folder / "kit", 33)
    red, blue = stratego_kit_raster(kit).secrets
    photos: dict[str, Path] = {}
    for group in (BACK_AND_FORTH, (SMALL, BOMB_MOVED, SCOUT_LOST)):
        first = with_kit_ids(State.from_pieces(group[0]), (red, blue))
        ids = {(p.army, p.rank): p.id for p in first.cells if p is not None}
        for seed, text in enumerate(group, start=11):
            state = State.from_pieces(text)
            state = state.with_ids(
                {sq: ids[p.army, p.rank] for sq, p in enumerate(state.cells) if p is not None}
            )
            path = folder / f"{len(photos)}.jpg"
            write_photo(photograph(kit, state, preset="top", seed=seed), path)
            photos[text] = path
    return Table(red, blue, photos)


@pytest.fixture(scope="module")
def table() -> Table:
    return stratego_table()


def ranks_named(text: str) -> set[str]:
    """The ranks ``text`` names as words: a link token or key (letters, digits, ``-`` and
    ``_``) that happens to spell one, such as ``…SpY…``, names none."""
    lower = text.lower()
    return {
        rank.name.lower()
        for rank in Rank
        if re.search(rf"(?<![\w-]){rank.name.lower()}(?![\w-])", lower)
    }


def start(client: TestClient) -> dict[str, str]:
    """A Stratego game started: each army's link token."""
    response = client.post("/api/games", json={"game": "stratego"})
    assert response.status_code == 201, response.text
    links = response.json()["links"]
    assert [link["side"] for link in links] == ["red", "blue"]
    return {link["side"]: link["token"] for link in links}


def joined(client: TestClient, table: Table) -> dict[str, str]:
    tokens = start(client)
    for side, secret in (("red", table.red), ("blue", table.blue)):
        answer = client.post(f"/api/games/{tokens[side]}/secret", json={"secret": secret.code})
        assert answer.status_code == 200, answer.text
    return tokens


def one_line(response: httpx.Response, status: int) -> str:
    assert response.status_code == status, response.text
    detail = str(response.json()["detail"])
    assert detail.endswith(".") and "\n" not in detail
    return detail


def hidden_from(secret: Secret, text: str) -> list[str]:
    """Everything of ``secret`` that ``text`` (an answer's raw JSON) gives away."""
    return [
        part for part in (secret.key, secret.code, secret.code.replace("-", "")) if part in text
    ]


def test_the_page_offers_stratego_to_two_players(client: TestClient) -> None:
    kinds = {k["name"]: k for k in client.get("/api/kinds").json()}
    assert kinds["stratego"]["sides"] == ["red", "blue"] and kinds["stratego"]["check_style"]
    assert all(k["sides"] == [] for name, k in kinds.items() if name != "stratego")


def test_each_army_joins_on_its_own_link_with_its_own_secret(
    client: TestClient, table: Table
) -> None:
    started = client.post("/api/games", json={"game": "stratego"}).json()
    tokens = {link["side"]: link["token"] for link in started["links"]}
    assert len(set(tokens.values()) | {started["id"]}) == 3
    assert all(len(token) >= 22 for token in tokens.values())
    red, blue = tokens["red"], tokens["blue"]

    # the game's own link opens nothing, nor does no link at all
    for path in ("", "/export", "/notation"):
        assert "own link" in one_line(client.get(f"/api/games/{started['id']}{path}"), 403)
    one_line(send(client, started["id"], table.photos[SMALL]), 403)
    one_line(client.post(f"/api/games/{started['id']}/undo", json={}), 403)
    one_line(client.post(f"/api/games/{started['id']}/secret", json={"secret": "x"}), 403)
    one_line(client.get("/api/games/no-such-link"), 404)

    game = client.get(f"/api/games/{red}").json()
    assert game["id"] == red and game["side"] == "red"
    assert game["sides"] == [{"side": "red", "joined": False}, {"side": "blue", "joined": False}]

    # a mistyped code, the other army's secret, another kit's: refused in one line
    typo = table.red.code[:-1] + ("A" if table.red.code[-1] != "A" else "B")
    assert "wrong character" in one_line(
        client.post(f"/api/games/{red}/secret", json={"secret": typo}), 400
    )
    assert "this link is red's" in one_line(
        client.post(f"/api/games/{red}/secret", json={"secret": table.blue.code}), 400
    )
    other_kit = Secret("7QK2MZ", Army.BLUE, table.red.variant, "ABCDEFGHJKMNPQRS")
    # red joins with its slip's code; a photo waits for blue
    joined_red = client.post(f"/api/games/{red}/secret", json={"secret": table.red.code.lower()})
    assert joined_red.status_code == 200
    assert joined_red.json()["sides"][0] == {"side": "red", "joined": True}
    assert "blue has not yet" in one_line(send(client, red, table.photos[SMALL]), 409)
    assert "two kits" in one_line(
        client.post(f"/api/games/{blue}/secret", json={"secret": other_kit.code}), 400
    )
    # blue gives its secret file, as the page sends a file picked on the phone
    joined_blue = client.post(f"/api/games/{blue}/secret", json={"secret": table.blue.text})
    assert joined_blue.status_code == 200, joined_blue.text
    assert all(s["joined"] for s in joined_blue.json()["sides"])
    for token, other in ((red, table.blue), (blue, table.red)):
        answer = client.get(f"/api/games/{token}").text
        assert not hidden_from(other, answer) and not hidden_from(table.red, answer)


def test_a_legal_move_an_attack_and_a_refused_move_as_each_player_sees_them(
    client: TestClient, table: Table
) -> None:
    tokens = joined(client, table)
    red, blue = tokens["red"], tokens["blue"]
    first = send(client, red, table.photos[SMALL]).json()
    assert first["status"] == "accepted" and first["verdict"]["kind"] == "score"
    assert first["photo_url"] and first["picture_url"]
    assert first["verdict"]["result"].startswith("Red's setup is not complete: 37 of its 40")

    # red moved its bomb: red is told so; blue only that a hidden rank breaks a rule
    bomb = send(client, blue, table.photos[BOMB_MOVED], by="Bo").json()
    assert bomb["status"] == "illegal" and bomb["sent_by"] == "Bo"
    assert "bomb" not in ranks_named(json.dumps(bomb))
    assert "hidden from blue" in bomb["verdict"]["reason"]
    seen_by_red = client.get(f"/api/games/{red}").json()["readings"][-1]
    assert seen_by_red["verdict"]["reason"] == (
        "The bomb on b1 moved: bombs and the flag never move."
    )
    # the photo was sent from blue's side: red is not sent it (it may show blue's ranks)
    assert seen_by_red["photo_url"] is None and seen_by_red["picture_url"] is None
    client.post(f"/api/games/{blue}/readings/2/reject", json={})

    attack = send(client, red, table.photos[SCOUT_LOST]).json()
    assert attack["status"] == "accepted" and attack["verdict"]["legal"] is True
    for token in (red, blue):
        game = client.get(f"/api/games/{token}")
        seen = game.json()["readings"][-1]["verdict"]
        assert seen["turn"] == "e4xe7" and seen["mover"] == "red"
        assert seen["attack"] == {
            "attacker": "scout",
            "defender": "sergeant",
            "outcome": "defender wins",
        }
        assert "scout attacked the sergeant" in seen["description"]
        assert game.json()["score"]["result"] == "Blue to move."
    # everything blue is ever sent names no red rank but the scout its attack revealed
    for path in ("", "/export", "/notation"):
        text = client.get(f"/api/games/{blue}{path}").text.lower()
        assert ranks_named(text) <= {"scout", "sergeant"}, path
        assert not hidden_from(table.red, text)
    red_text = client.get(f"/api/games/{red}").text.lower()
    assert "bomb" in red_text and not hidden_from(table.blue, red_text)


def test_the_two_square_rule_is_judged_over_every_accepted_photo_and_undo(
    client: TestClient, table: Table
) -> None:
    tokens = joined(client, table)
    red, blue = tokens["red"], tokens["blue"]
    statuses = []
    for turn in range(8):
        token = red if turn % 2 == 0 else blue
        reading = send(client, token, table.photos[BACK_AND_FORTH[turn % 4]]).json()
        statuses.append(reading["status"])
    assert statuses == ["accepted"] * 7 + ["illegal"]
    assert reading["before_seq"] == 7 and reading["verdict"]["refused_at"] == 2
    assert "two-square rule" in reading["verdict"]["reason"]
    assert [m["photo"] for m in reading["verdict"]["moves"]] == []
    game = client.get(f"/api/games/{blue}").json()
    assert game["score"]["turns"] == 6
    assert game["readings"][5]["verdict"]["turn"] == "e4-e5"

    # undo the last accepted turn (blue's b9-b8): the refused photo goes with it, and red's
    # fourth crossing is still refused once blue's move is photographed again
    undone = client.post(f"/api/games/{red}/undo", json={"by": "Ann"}).json()
    assert [r["status"] for r in undone["readings"]][-2:] == ["undone", "rejected"]
    assert undone["score"]["turns"] == 5 and undone["events"][-1]["by"] == "Ann"
    again = send(client, blue, table.photos[BACK_AND_FORTH[2]]).json()
    assert again["status"] == "accepted" and again["before_seq"] == 6
    refused = send(client, red, table.photos[BACK_AND_FORTH[3]]).json()
    assert refused["status"] == "illegal" and "two-square" in refused["verdict"]["reason"]


def test_an_unreadable_cell_is_said_to_hold_a_piece_it_held_before(table: Table) -> None:
    secrets = (table.red.code, table.blue.code)
    before = read_photo(table.photos[SMALL])
    after = read_photo(table.photos[SCOUT_LOST])
    sergeant = parse_square("e7")
    hidden = after.pieces[sergeant]
    covered = replace(
        after,
        pieces={sq: p for sq, p in after.pieces.items() if sq != sergeant},
        unreadable=(Unreadable(sergeant, "The piece on e7 could not be read."),),
    )
    assert judge_photos(covered, before, secrets=secrets)["judged"] is False
    choices = unreadable_choices(covered, before, secrets=secrets)
    assert list(choices) == ["e7"] and choices["e7"][0] == EMPTY
    named = f"blue {hidden.id} (was on e7)"
    assert choices["e7"][1] == named
    fixed: StrategoReading = correct(covered, "e7", named, secrets=secrets)
    verdict = judge_photos(fixed, before, secrets=secrets)
    assert verdict["legal"] is True and verdict["turn"] == "e4xe7"
    with pytest.raises(NotationError, match="seen nowhere else"):
        correct(covered, "e7", f"red {before.pieces[parse_square('a1')].id}", secrets=secrets)
    with pytest.raises(NotationError, match="a1 is not a cell this photo could not read"):
        correct(covered, "a1", EMPTY, secrets=secrets)


def test_a_database_of_the_previous_schema_opens_and_keeps_its_games(
    tmp_path: Path, table: Table
) -> None:
    data = tmp_path / "data"
    with database_of_schema(data, 1) as db:
        db.execute("INSERT INTO games VALUES ('old-game', 'rodeurs', 'Old table', '2026-01-01')")
        db.execute("INSERT INTO photos VALUES ('" + "a" * 64 + "', 10)")
        db.execute(
            "INSERT INTO readings VALUES ('old-game', 1, ?, NULL, 'accepted', '{}', '{}', NULL,"
            " 'Ann', '2026-01-01')",
            ("a" * 64,),
        )
    with client_for(Settings(data=data, workers=1)) as client:
        old = client.get("/api/games/old-game").json()
        assert old["title"] == "Old table" and old["readings"][0]["sent_by"] == "Ann"
        tokens = joined(client, table)
        assert client.get(f"/api/games/{tokens['red']}").json()["sides"][1]["joined"]
    with contextlib.closing(sqlite3.connect(data / "patrolkit.sqlite3")) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == VERSION
        assert db.execute("SELECT COUNT(*) FROM players").fetchone()[0] == 2
