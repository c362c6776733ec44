"""Never a guess on a 12 Patrols table: an item whose code glare hides, in a slot or beside the
kingdom, is reported unread where it stands, never dropped from the kingdom or the pool."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.camera.photo import Photo
from companion.camera.twelve_patrols.layout import random_setup
from companion.camera.twelve_patrols.scene import photograph
from companion.twelve_patrols.reader import read_photo
from companion.twelve_patrols.verdict import score_verdict
from generator.twelve_patrols.kit import write_kit
from patrolkit.games.twelve_patrols import shipped_decks
from tests.photo_damage import glare_over

DECK = shipped_decks()["easy"].deck
PHOTO_SEED = 900
"""A kingdom with items in its slots and unused items beside it."""


@pytest.fixture(scope="module")
def photo(tmp_path_factory: pytest.TempPathFactory) -> Photo:
    kit: Path = tmp_path_factory.mktemp("kit")
    write_kit(DECK, kit)
    return photograph(kit, random_setup(DECK, PHOTO_SEED), preset="phone", seed=PHOTO_SEED)


def glared(photo: Photo, items: list[dict[str, Any]]) -> bytes:
    image = cv2.imdecode(np.frombuffer(photo.jpeg, np.uint8), cv2.IMREAD_COLOR)
    for item in items:
        image = glare_over(image, item["corners_px"])
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()


def reported_near(verdict: dict[str, Any], item: dict[str, Any]) -> list[dict[str, Any]]:
    middle = np.mean(item["corners_px"], axis=0)
    side = np.linalg.norm(np.subtract(item["corners_px"][1], item["corners_px"][0]))
    return [
        u
        for u in verdict["unreadable"]
        if np.linalg.norm(np.asarray(u["at_px"]) - middle) < 3 * side
    ]


@pytest.mark.slow
def test_the_clean_photo_reads_every_item(photo: Photo) -> None:
    verdict = score_verdict(read_photo(photo.jpeg))
    assert verdict["judged"] and not verdict["unreadable"]


@pytest.mark.slow
@pytest.mark.parametrize("where", ["slot", "pool"])
def test_an_item_under_glare_is_reported_never_dropped(photo: Photo, where: str) -> None:
    items = photo.truth["items"]
    hidden = [i for i in items if (i["where"] == "pool") == (where == "pool")][:1]
    assert hidden and hidden[0]["where"] != "astray"
    reading = read_photo(glared(photo, hidden))
    verdict = score_verdict(reading)
    assert verdict["judged"] is False
    for item in hidden:
        near = reported_near(verdict, item)
        assert near, (item, verdict["unreadable"])
        assert any("glare" in u["what"] for u in near)
