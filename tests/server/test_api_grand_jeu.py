"""Le grand jeu des patrouilles through the API: the first photo sets the position, the next
turn is found with its foulards, a turn no legal play explains is refused with its reason, a
scout turned between two directions is said by a player to face one, a prison slot hidden by
glare is said to hold its prisoner, and undo takes the last turn back."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import pytest
from fastapi.testclient import TestClient

from companion.camera.grand_jeu.scene import photograph
from companion.camera.photo import write_photo
from companion.grand_jeu.commands import EMPTY, correct, judge_photos, unreadable_choices
from patrolkit.errors import NotationError
from patrolkit.games.grand_jeu import Patrol, State, apply, explain, parse_cell, random_turn
from tests.grand_jeu import photos as table
from tests.photo_damage import glare_over, save
from tests.server.conftest import send
from tests.server.photos import Photos

pytestmark = pytest.mark.slow

ILLEGAL = "A North scout appeared on c7, but South plays this turn."
"""Why the first photo cannot follow the second: North's captured scout is back on c5 and its
scout on c6 back on c7."""


@cache
def grand_jeu_photos() -> Photos:
    """The shared grand jeu photos: the position before North's turn (``start``), after it
    (``legal``), the start again (``illegal``: scouts do not walk back out of prison), and after
    a South turn with one scout photographed turned half-way between two directions
    (``covered``), with its cell and the scout a player says is there."""
    later = apply(table.after_state(), random_turn(table.after_state(), random.Random(5)))
    covered = table.folder() / "south-turn-between.jpg"
    shot = photograph(table.kit_dir(), later, preset="phone", seed=35, between=True)
    write_photo(shot, covered, force=True)
    turned = json.loads(covered.with_suffix(".json").read_text())["between"]
    scout = later.scout_at(parse_cell(turned["cell"], later.size))
    assert scout is not None
    found = explain(table.before_state().with_mover(None), table.after_state().with_mover(None))
    return Photos(
        start=table.before_photo(),
        legal=table.after_photo(),
        illegal=table.before_photo(),
        covered=covered,
        place=turned["cell"],
        value=f"{Patrol.parse(turned['patrol']).title} scout {turned['number']} facing"
        f" {scout.direction.value}",
        legal_turn=str(found.turn),
        illegal_reason=ILLEGAL,
    )


@pytest.fixture(scope="module")
def grand_jeu() -> Photos:
    return grand_jeu_photos()


@dataclass(frozen=True)
class PrisonGlare:
    """The position before North's turn photographed with a glare spot over a prisoner's code:
    the prison a player taps (``place``) and the prisoner they say lies there (``value``)."""

    photo: Path
    place: str
    value: str


@cache
def prison_glare_photo() -> PrisonGlare:
    truth = table.truth(table.before_photo())
    hidden = truth["prisoners"][0]
    image = glare_over(cv2.imread(str(table.before_photo())), hidden["code_corners_px"])
    photo = save(image, table.folder() / "prison-glare.jpg")
    patrol = Patrol.parse(hidden["patrol"]).title
    return PrisonGlare(photo, f"{patrol}'s prison", f"{patrol} scout {hidden['number']}")


def start(client: TestClient) -> str:
    response = client.post("/api/games", json={"game": "grand-jeu"})
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def test_the_page_offers_the_grand_jeu_judged_turn_by_turn(client: TestClient) -> None:
    kinds = {k["name"]: k for k in client.get("/api/kinds").json()}
    assert kinds["grand-jeu"]["check_style"] and kinds["grand-jeu"]["hints"] == []
    assert kinds["grand-jeu"]["title"] == "Le grand jeu des patrouilles"


def test_a_grand_jeu_game_from_photos(client: TestClient, grand_jeu: Photos) -> None:
    token = start(client)
    first = send(client, token, grand_jeu.start).json()
    assert first["status"] == "accepted" and first["before_seq"] is None
    assert State.from_text(first["verdict"]["state"]).same_position(table.before_state())
    assert first["verdict"]["result"].startswith("If the game stopped now: South wins")

    legal = send(client, token, grand_jeu.legal).json()
    verdict = legal["verdict"]
    assert legal["status"] == "accepted" and legal["before_seq"] == 1
    assert verdict["legal"] is True and verdict["turn"] == grand_jeu.legal_turn
    assert verdict["mover"] == "N" and verdict["foulards"] == 4 and verdict["bonus_allowed"]
    assert verdict["prisoners"] == {"S": 2, "N": 0}

    illegal = send(client, token, grand_jeu.illegal, by="Bob").json()
    assert illegal["status"] == "illegal" and illegal["before_seq"] == 2
    assert illegal["verdict"]["reason"] == grand_jeu.illegal_reason
    rejected = client.post(f"/api/games/{token}/readings/3/reject", json={"by": "Bob"}).json()
    assert rejected["status"] == "rejected"

    covered = send(client, token, grand_jeu.covered).json()
    assert covered["status"] == "waiting" and covered["before_seq"] == 2
    assert covered["verdict"]["legal"] is None and covered["verdict"]["state"] is None
    assert list(covered["choices"]) == [grand_jeu.place]
    turned = [u for u in covered["verdict"]["unreadable"] if u["cell"] == grand_jeu.place]
    assert "turned between two directions" in turned[0]["reason"]
    direction = grand_jeu.value.rsplit(" ", 1)[0]
    assert covered["choices"][grand_jeu.place] == [
        EMPTY,
        *(f"{direction} {d}" for d in ("n", "ne", "e", "se", "s", "sw", "w", "nw")),
    ]
    fixed = client.post(
        f"/api/games/{token}/readings/4/corrections",
        json={"place": grand_jeu.place, "value": grand_jeu.value, "by": "Cy"},
    ).json()
    assert fixed["status"] == "accepted" and fixed["verdict"]["legal"] is True
    assert fixed["verdict"]["mover"] == "S" and fixed["choices"] == {}
    assert fixed["corrections"][0]["by"] == "Cy"
    assert not any(grand_jeu.place in p for p in fixed["verdict"]["problems"])

    history = client.get(f"/api/games/{token}").json()
    assert history["score"]["turns"] == 2 and history["score"]["result"] is not None
    notation = client.get(f"/api/games/{token}/notation").text
    assert grand_jeu.legal_turn in notation

    history = client.post(f"/api/games/{token}/undo", json={"by": "Ann"}).json()
    assert [r["status"] for r in history["readings"]] == [
        "accepted",
        "accepted",
        "rejected",
        "undone",
    ]
    assert history["score"]["turns"] == 1
    assert State.from_text(history["score"]["state"]).same_position(table.after_state())
    again = send(client, token, grand_jeu.covered).json()
    assert again["status"] == "waiting" and again["before_seq"] == 2


def test_a_correction_must_be_a_scout_not_seen_elsewhere(
    client: TestClient, grand_jeu: Photos
) -> None:
    token = start(client)
    send(client, token, grand_jeu.legal)
    covered = send(client, token, grand_jeu.covered).json()
    seen = next(s for s in covered["verdict"]["scouts"] if s["patrol"] == "N")
    on_board = f"North scout {seen['number']} facing s"
    for place, value in ((grand_jeu.place, on_board), ("a1", EMPTY)):
        response = client.post(
            f"/api/games/{token}/readings/2/corrections", json={"place": place, "value": value}
        )
        assert response.status_code == 409 and "\n" not in response.json()["detail"]
    reading = table.reading(grand_jeu.covered)
    with pytest.raises(NotationError, match="seen nowhere else"):
        correct(reading, grand_jeu.place, on_board)
    with pytest.raises(NotationError, match="a1 is not a cell this photo could not read"):
        correct(reading, "a1", EMPTY)


def test_a_cell_said_to_be_empty_leaves_the_scout_off_the_board() -> None:
    reading = table.reading(grand_jeu_photos().covered)
    place = grand_jeu_photos().place
    assert unreadable_choices(reading)[place][0] == EMPTY
    emptied = correct(reading, place, EMPTY)
    assert unreadable_choices(emptied) == {} and not emptied.unreadable
    assert parse_cell(place) not in emptied.scouts
    verdict = judge_photos(emptied, table.reading(table.after_photo()))
    assert verdict["judged"] and verdict["legal"] is False
    assert verdict["reason"]


def test_a_prison_slot_hidden_by_glare_is_corrected_and_the_turn_after_it_judged(
    client: TestClient, grand_jeu: Photos
) -> None:
    glare = prison_glare_photo()
    token = start(client)
    waiting = send(client, token, glare.photo).json()
    assert waiting["status"] == "waiting" and waiting["verdict"]["state"] is None
    [part] = waiting["verdict"]["unreadable"]
    assert part["cell"] is None and part["reason"].startswith(
        f"Glare hides a slot of {glare.place}"
    )
    # the prisoner's number is printed on it: the only South scout the photo shows nowhere
    assert waiting["choices"] == {glare.place: [EMPTY, glare.value]}

    on_board = f"{glare.value.split()[0]} scout 1"
    for place, value in ((glare.place, on_board), (glare.place, "North scout 5"), ("d4", EMPTY)):
        refused = client.post(
            f"/api/games/{token}/readings/1/corrections", json={"place": place, "value": value}
        )
        assert refused.status_code == 409 and "\n" not in refused.json()["detail"]
    fixed = client.post(
        f"/api/games/{token}/readings/1/corrections",
        json={"place": glare.place, "value": glare.value, "by": "Cy"},
    ).json()
    assert fixed["status"] == "accepted" and fixed["choices"] == {}
    assert fixed["verdict"]["prisoners"] == {"S": 1, "N": 1}
    assert State.from_text(fixed["verdict"]["state"]).same_position(table.before_state())
    [kept] = fixed["corrections"]
    assert (kept["place"], kept["value"], kept["by"]) == (glare.place, glare.value, "Cy")
    assert kept["at"]

    # North frees its prisoner, moves and captures: judged against the corrected position
    legal = send(client, token, grand_jeu.legal).json()
    assert legal["status"] == "accepted" and legal["before_seq"] == 1
    assert legal["verdict"]["turn"] == grand_jeu.legal_turn
    exported = client.get(f"/api/games/{token}/export").json()
    assert exported["readings"][0]["corrections"][0]["value"] == glare.value
    assert exported["notation"]["turns"] == [grand_jeu.legal_turn]


def test_a_prison_slot_said_to_be_empty_counts_no_prisoner_there() -> None:
    glare = prison_glare_photo()
    reading = table.reading(glare.photo)
    emptied = correct(reading, glare.place, EMPTY)
    assert unreadable_choices(emptied) == {} and not emptied.unreadable
    verdict = judge_photos(emptied)
    assert verdict["judged"] and verdict["prisoners"] == {"S": 0, "N": 1}
    with pytest.raises(NotationError, match="holds nothing or a South scout seen nowhere else"):
        correct(reading, glare.place, "South scout 1")
