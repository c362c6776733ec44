"""The 12 Patrols referee on virtual-camera photos: a kingdom read back and judged, and photos
that are no kingdom refused in one sentence."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest
import qrcode

from companion.camera.twelve_patrols.layout import Setup, random_setup
from companion.camera.twelve_patrols.scene import photograph
from companion.twelve_patrols.geometry import ITEM_CODE_MM, Camera
from companion.twelve_patrols.itemmatch import MATCH_STAGE, match_item, modules
from companion.twelve_patrols.reader import read_photo
from companion.twelve_patrols.verdict import format_verdict, score_verdict
from generator.twelve_patrols.kit import write_kit
from patrolkit.cli import main
from patrolkit.errors import NotationError, PhotoError
from patrolkit.games.twelve_patrols import (
    SLOTS,
    Item,
    Kingdom,
    Slot,
    card_payload,
    failures,
    item_payload,
    shipped_decks,
)
from patrolkit.payload import encode

DECK = shipped_decks()["easy"].deck
WITNESS = shipped_decks()["easy"].witness
Shoot = Callable[[str, str, int], bytes]


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kit")
    write_kit(DECK, out)
    return out


@pytest.fixture(scope="module")
def shoot(kit: Path) -> Callable[..., bytes]:
    """JPEG photos of a setup (given by its text), made once per (text, preset, seed)."""

    @cache
    def take(text: str, preset: str, seed: int, foreign: bool = False) -> bytes:
        setup = Setup.from_text(text, DECK)
        return photograph(kit, setup, preset=preset, seed=seed, foreign=foreign).jpeg

    return take


def _partial(kingdom: Kingdom, places: list[tuple[int, int]]) -> Kingdom:
    """``kingdom`` with only the cards on ``places`` and the patrols between them."""
    cards = {p: c for p in places if (c := kingdom.card_at(p)) is not None}
    patrols = {s: kingdom.patrol(s) for s in SLOTS if s.a in cards and s.b in cards}
    return Kingdom.build(kingdom.deck, cards, patrols)


def _score(photo: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str]:
    code = main(["score", "twelve-patrols", str(photo), *extra])
    out = capsys.readouterr()
    return code, out.out + out.err


# -- the kingdom as text ----------------------------------------------------------------------


def test_a_kingdom_reads_back_from_its_text() -> None:
    whole = WITNESS.solution.kingdom
    partial = _partial(whole, [(0, 0), (0, 1), (1, 1)])
    for kingdom in (whole, partial, Kingdom(DECK)):
        assert Kingdom.from_text(kingdom.text, DECK) == kingdom
    assert partial.text.split(" ")[1].count(".") == 6
    with pytest.raises(NotationError, match="three rows of three cards"):
        Kingdom.from_text(f"{DECK.id} 12/345/678 " + ";".join(["-"] * 12), DECK)
    with pytest.raises(NotationError, match="not of 'The Vales"):
        Kingdom.from_text("ZZZZZ .../.../... " + ";".join(["-"] * 12), DECK)


def test_a_small_kingdom_is_written_at_the_top_left() -> None:
    kingdom = _partial(WITNESS.solution.kingdom, [(1, 1), (1, 2), (2, 2)])
    anchored = kingdom.anchored()
    assert sorted(anchored.placed) == [(0, 0), (0, 1), (1, 1)]
    assert len(kingdom.placements()) == 4


# -- kingdoms read and judged -----------------------------------------------------------------


def test_a_winning_kingdom_is_read_exactly_and_wins(
    shoot: Shoot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kingdom = WITNESS.solution.kingdom
    photo = tmp_path / "win.jpg"
    photo.write_bytes(shoot(kingdom.text, "top", 2))
    reading = read_photo(photo)
    assert reading.state_text == kingdom.text
    verdict = score_verdict(reading)
    assert verdict["judged"] and verdict["complete"] and verdict["win"] is True
    assert verdict["failing"] == [] and all(e["status"] == "met" for e in verdict["edges"])
    picture = tmp_path / "win.png"
    code, said = _score(photo, capsys, "--annotate", str(picture))
    assert code == 0
    assert "The kingdom wins" in said
    assert picture.stat().st_size > 100_000
    code, said = _score(photo, capsys, "--annotate", str(picture))
    assert code == 2 and "already exists" in said


def test_a_kingdom_in_progress_names_what_fails_and_whether_it_can_still_win(
    shoot: Shoot, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    whole = WITNESS.solution.kingdom
    places = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]
    kingdom = _partial(whole, places)
    unused = tuple(sorted(i for i in _supply() if i.key not in {k.key for k in kingdom.items}))
    # Two patrols trade places: requirements of the top row break.
    a, b = Slot((0, 0), (0, 1)), Slot((0, 1), (1, 1))
    broken = kingdom.with_patrol(a, ()).with_patrol(b, kingdom.patrol(a))
    broken = broken.with_patrol(a, kingdom.patrol(b))
    assert failures(broken)
    for text, reachable in ((Setup(kingdom, unused).text, True), (broken.text, False)):
        photo = tmp_path / "progress.jpg"
        photo.write_bytes(shoot(text, "top", 5))
        verdict = score_verdict(read_photo(photo))
        assert verdict["judged"] and not verdict["complete"]
        assert verdict["state"] == text.split(" pool ")[0]
        assert verdict["reachable"] is reachable
        assert bool(verdict["failing"]) is not reachable
        words = format_verdict(verdict)
        assert "Kingdom in progress: 5 of 9 cards laid" in words
        if reachable:
            assert verdict["pool"] == [i.notation for i in unused]
            assert "A win can still be reached" in words
        else:
            assert "Already failing:" in words and "No win can be reached any more" in words


def _supply() -> tuple[Item, ...]:
    from patrolkit.games.twelve_patrols import supply

    values = dict((i.key, i) for i in supply(WITNESS.roll))
    for reroll in WITNESS.solution.rerolls:
        values[reroll.die.key] = reroll.die.showing(reroll.value)
        values.pop(reroll.discard.key, None)
    return tuple(values.values())


# -- photos that are hard or no kingdom -------------------------------------------------------


def test_a_photo_with_eight_cards_is_a_kingdom_in_progress(
    shoot: Shoot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    places = [(r, c) for r in range(3) for c in range(3) if (r, c) != (2, 2)]
    kingdom = _partial(WITNESS.solution.kingdom, places)
    photo = tmp_path / "eight.jpg"
    photo.write_bytes(shoot(kingdom.text, "top", 7))
    code, said = _score(photo, capsys, "--json")
    verdict = json.loads(said)
    assert code == 0
    assert verdict["cards_read"] == 8 and verdict["state"] == kingdom.text
    assert verdict["state"].split(" ")[1].endswith(".")
    assert verdict["complete"] is False and verdict["reachable"] is not None


def test_an_item_outside_every_slot_is_left_out_and_named(
    kit: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kingdom = _partial(WITNESS.solution.kingdom, [(0, 0), (0, 1), (1, 0), (1, 1)])
    spare = next(i for i in _supply() if i.key not in {k.key for k in kingdom.items})
    photo = tmp_path / "astray.jpg"
    setup = Setup(kingdom, (), (spare,))
    photo.write_bytes(photograph(kit, setup, preset="top", seed=11).jpeg)
    code, said = _score(photo, capsys)
    name = kingdom.card_at((0, 0))
    assert name is not None
    assert code == 0
    assert f"Left out: {spare.notation} stands on {name.name} (top left)" in said
    assert read_photo(photo).state_text == kingdom.text


def test_a_foreign_qr_code_is_reported_and_ignored(
    shoot: Shoot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kingdom = _partial(WITNESS.solution.kingdom, [(0, 0), (1, 0), (2, 0)])
    photo = tmp_path / "foreign.jpg"
    photo.write_bytes(shoot(kingdom.text, "phone", 3, True))
    verdict = score_verdict(read_photo(photo))
    assert verdict["judged"] and verdict["state"] == kingdom.text
    assert len(verdict["foreign_codes"]) == 1
    assert "Ignored a QR code" in format_verdict(verdict)


def _qr(text: str) -> np.ndarray:
    code = qrcode.QRCode(box_size=7, border=4)
    code.add_data(text)
    code.make(fit=True)
    modules = np.array(code.get_matrix(), dtype=bool)
    image = np.where(modules, 20, 245).astype(np.uint8)
    return np.asarray(cv2.resize(image, None, fx=7, fy=7, interpolation=cv2.INTER_NEAREST))


def _sheet(codes: list[str], tmp_path: Path) -> Path:
    """A PNG of a sheet of paper with ``codes`` printed in a row."""
    sheet = np.full((900, 700 * max(len(codes), 1)), 240, np.uint8)
    for k, text in enumerate(codes):
        code = _qr(text)
        sheet[80 : 80 + code.shape[0], 60 + k * 700 : 60 + k * 700 + code.shape[1]] = code
    path = tmp_path / "sheet.png"
    cv2.imwrite(str(path), sheet)
    return path


@pytest.mark.parametrize(
    ("codes", "message"),
    [
        ([], "No 12 Patrols card was found in this photo: none of the cards' codes"),
        (["PK1:TP:D:B2:4", "PK1:TP:Q:Y1"], "only dice or cubes"),
        (["PK1:PT:F:NW:3HFQ9C:11:20"], "shows Patrolis pieces, not a 12 Patrols kingdom"),
        (
            [
                encode(card_payload(DECK, DECK.card(1))),
                encode(
                    card_payload(shipped_decks()["hard"].deck, shipped_decks()["hard"].deck.card(2))
                ),
            ],
            "cards of 2 decks",
        ),
    ],
)
def test_a_photo_that_is_no_kingdom_is_refused_in_one_sentence(
    codes: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, said = _score(_sheet(codes, tmp_path), capsys)
    assert code == 2
    assert message in said
    assert said.strip().count("\n") == 0


def test_a_card_lying_twice_is_refused(tmp_path: Path) -> None:
    card = encode(card_payload(DECK, DECK.card(3)))
    with pytest.raises(PhotoError, match=r"Card 3 of the deck .* lies 2 times"):
        read_photo(_sheet([card, card], tmp_path))


def test_the_virtual_camera_writes_a_photo_and_its_truth(
    kit: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "shot.jpg"
    args = ["simulate", "twelve-patrols", "--preset", "top", "--seed", "4", "--out", str(out)]
    assert main([*args, "--kit", str(kit), "--turns", "4"]) == 0
    truth = json.loads(out.with_suffix(".json").read_text())
    assert truth["game"] == "twelve-patrols" and len(truth["cards"]) == 4
    assert Kingdom.from_text(truth["state"], DECK).placed
    assert random_setup(DECK, 4, cards=4).kingdom.text == truth["state"]
    capsys.readouterr()
    assert main([*args, "--kit", str(kit)]) == 2
    assert "already exists" in capsys.readouterr().err


def _item_photo(payload: str, turn_deg: float, blur: float) -> tuple[np.ndarray, Camera]:
    """A die's top-face code ``payload`` (28 mm up, centred at table (30, 40) mm, turned by
    ``turn_deg``) seen straight down at about 3 px/mm and blurred by ``blur`` pixels."""
    camera = Camera(
        np.array([[1416.0, 0.0, 200.0], [0.0, 1416.0, 200.0], [0.0, 0.0, 1.0]]),
        np.eye(3),
        np.array([30.0, 40.0, -500.0]),
    )
    grid = modules(payload)
    px = 10
    quiet = 4
    drawn = np.full(((grid.shape[0] + 2 * quiet) * px,) * 2, 255, np.uint8)
    body = np.where(np.kron(grid, np.ones((px, px), dtype=bool)), 30, 255).astype(np.uint8)
    drawn[quiet * px : -quiet * px, quiet * px : -quiet * px] = body
    mm = ITEM_CODE_MM / (grid.shape[0] * px)
    half = drawn.shape[0] * mm / 2
    c, s = np.cos(np.radians(turn_deg)), np.sin(np.radians(turn_deg))
    to_table = np.array(
        [
            [c * mm, -s * mm, 30.0 - c * half + s * half],
            [s * mm, c * mm, 40.0 - s * half - c * half],
        ]
    )
    to_photo = camera.plane(28.0) @ np.vstack([to_table, [0.0, 0.0, 1.0]])
    photo = cv2.warpPerspective(
        drawn, to_photo, (400, 400), flags=cv2.INTER_AREA, borderValue=(235,)
    )
    return cv2.GaussianBlur(photo, (0, 0), blur), camera


SLOT_AREA: np.ndarray = np.array([[12.0, 5.0], [48.0, 5.0], [48.0, 75.0], [12.0, 75.0]])


def test_a_blurred_item_code_is_matched_to_its_text_and_a_foreign_one_is_left_unread() -> None:
    die = Item.parse("D-Y2=3")
    gray, camera = _item_photo(encode(item_payload(die)), 37.0, 1.4)
    match = match_item(gray, camera, SLOT_AREA, [], set())
    assert match is not None and match.text == encode(item_payload(die))
    assert match_item(gray, camera, SLOT_AREA, [], {die.key}) is None
    assert match_item(gray, camera, SLOT_AREA, [(30.0, 40.0)], set()) is None


@pytest.mark.slow
def test_a_messaging_app_copy_is_read_whole_with_item_codes_too_small_to_decode(
    shoot: Shoot,
) -> None:
    """Seed 3's copy, as a messaging app resizes and compresses it (1.6 to 2.2 px a module):
    the two unused dice beside the kingdom and five items in slots, three of them standing
    together in one, are read by matching their codes, and the kingdom is judged as it lies."""
    setup = random_setup(DECK, 3)
    reading = read_photo(shoot(setup.text, "messaging", 3))
    verdict = score_verdict(reading)
    assert verdict["judged"] and verdict["state"] == setup.kingdom.text
    assert verdict["pool"] == [i.notation for i in setup.pool] == ["D-Y3=5", "D-B3=5"]
    matched = {i.item.notation: i.place for i in reading.items if i.stage == MATCH_STAGE}
    assert matched["D-Y3=5"] == matched["D-B3=5"] == "pool"
    assert sum(place == "slot" for place in matched.values()) == 5
    assert {"Q-W3", "D-W1=2", "D-W2=5"} <= set(matched)  # one slot's patrol
    assert reading.unread == ()
