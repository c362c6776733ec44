"""The rules chosen when a Stratego or grand jeu game starts, as the page asks for them: one
control per option, described by ``/api/kinds`` from the game's own definition (its defaults,
and only the values it accepts); every value a control offers starts a game, anything else is
still refused by the server in one line."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from patrolkit.errors import NotationError
from server.referee.rules import Control, describe


def _options(client: TestClient) -> dict[str, Any]:
    return {k["name"]: k["options"] for k in client.get("/api/kinds").json()}


def _plain(options: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [
        (
            o["name"],
            o["control"],
            o["default"],
            [v["value"] for v in o["values"]],
            o["min"],
            o["max"],
        )
        for o in options
    ]


def test_each_rule_is_one_control_at_the_games_own_default(client: TestClient) -> None:
    options = _options(client)
    assert _plain(options["stratego"]) == [
        ("two-square", "choice", "3", ["3", "5"], None, None),
        ("chase", "switch", "on", [], None, None),
    ]
    assert _plain(options["grand-jeu"]) == [
        ("arrows", "digits", "017", list("01234567"), None, None),
        ("win", "count", "3", [], 2, 4),
        ("fewest", "count", "2", [], 2, 4),
        ("bonus", "count", "4", [], 2, 4),
        ("culs-de-pat", "switch", "off", [], None, None),
    ]
    for game in ("rodeurs", "patrolis", "twelve-patrols"):
        assert options[game] is None
    arrows = options["grand-jeu"][0]["values"]
    assert [v["label"] for v in arrows][:2] == ["ahead", "ahead right"]
    assert all(o["label"] and o["label"] != o["name"] for o in options["grand-jeu"])


def _value_texts(option: dict[str, Any]) -> list[str]:
    if option["control"] == "switch":
        return ["on", "off"]
    if option["control"] == "count":
        return [str(n) for n in range(option["min"], option["max"] + 1)]
    return [v["value"] for v in option["values"]]


def test_every_value_a_control_offers_starts_the_game_under_it(client: TestClient) -> None:
    for game, options in _options(client).items():
        for option in options or ():
            for value in _value_texts(option):
                chosen = " ".join(
                    f"{o['name']}={value if o is option else o['default']}" for o in options
                )
                response = client.post("/api/games", json={"game": game, "rules": chosen})
                assert response.status_code == 201, (chosen, response.text)
                assert f"{option['name']}={value}" in response.json()["rules"]


@pytest.mark.parametrize(
    ("game", "rules", "words"),
    [
        ("grand-jeu", "win=5", "2, 3 or 4"),
        ("grand-jeu", "arrows=08", "digits 0 to 7"),
        ("grand-jeu", "arrows=", "name=value"),
        ("stratego", "two-square=4", "3 or 5"),
        ("stratego", "chase=maybe", "on or off"),
    ],
)
def test_a_value_no_control_offers_is_refused_in_one_line(
    client: TestClient, game: str, rules: str, words: str
) -> None:
    response = client.post("/api/games", json={"game": game, "rules": rules})
    assert response.status_code == 422
    detail = response.json()["detail"]
    assert words in detail and "\n" not in detail
    assert client.get("/api/games").json() == []


def test_an_option_is_described_by_what_the_game_reads() -> None:
    """A made-up game: its options' controls follow from the values its reader accepts."""

    def read(text: str) -> str:
        words = {"size": "6", "fog": "off", "seats": "24", "name": "ash"}
        words.update(word.split("=", 1) for word in text.split())
        if words["size"] not in {"4", "6", "8"} or words["fog"] not in {"on", "off"}:
            raise NotationError("Not an option of this game.")
        if set(words["seats"]) - set("1234"):
            raise NotationError("Seats are digits 1 to 4.")
        seats = "".join(sorted(words["seats"]))
        return f"size={words['size']} fog={words['fog']} seats={seats} name={words['name']}"

    described = {o.name: o for o in describe("made-up", read)}
    assert described["size"].control is Control.CHOICE
    assert [v.value for v in described["size"].values] == ["4", "6", "8"]
    assert described["fog"].control is Control.SWITCH
    assert described["seats"].control is Control.DIGITS
    assert [v.value for v in described["seats"].values] == ["1", "2", "3", "4"]
    assert described["name"].control is Control.TEXT and described["name"].label == "name"
