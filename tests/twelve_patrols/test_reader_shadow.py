"""A hard shadow on a 12 Patrols table: its edge crossing an empty place of the grid is no card,
and crossing an open slot it is no item.

An empty place beside a card is taken for a card whose code cannot be read when its middle shows
the dense sharp detail of a card's print. A shadow's edge is one sharp line; measured over whole
windows it fills a fifth of one at most, while a card's code fills them all."""

from __future__ import annotations

import cv2
import numpy as np

from companion.twelve_patrols.geometry import Table
from companion.twelve_patrols.items import BUSY_CARD, BUSY_SLOT, place_detail
from companion.twelve_patrols.reading import CARD_H, CARD_W, CardReading
from companion.twelve_patrols.slots import busy
from patrolkit.games.twelve_patrols import shipped_decks

PX_PER_MM = 4.0
GAP_MM = 30.0
DECK = shipped_decks()["easy"].deck


def _card(position: tuple[int, int]) -> CardReading:
    """A card read at ``position``, the grid's places :data:`GAP_MM` apart."""
    r, c = position
    pose = np.array([[1.0, 0, c * (CARD_W + GAP_MM)], [0, 1.0, r * (CARD_H + GAP_MM)], [0, 0, 1]])
    return CardReading("", 1, DECK.cards[0], position, pose, ((0.0, 0.0),) * 4, "photo")


CARDS = [_card((0, 0)), _card((1, 0))]
TABLE = Table(np.diag([PX_PER_MM, PX_PER_MM, 1.0]), (), 0.0)
PLACE = (0, 1)
"""The empty place right of the top card: its middle spans x 101–148 mm, y 8–80 mm."""


def _table(seed: int = 3) -> np.ndarray:
    """Bare table, grey with a fine grain, photographed at :data:`PX_PER_MM` square-on."""
    rng = np.random.default_rng(seed)
    size = (round(260 * PX_PER_MM), round(240 * PX_PER_MM))
    grain = cv2.GaussianBlur(rng.normal(0.0, 6.0, size).astype(np.float32), (0, 0), 1.0)
    return np.clip(170.0 + grain, 0, 255).astype(np.uint8)


def _shadow(
    gray: np.ndarray, through: tuple[float, float], turn_deg: float, light: float = 0.35
) -> np.ndarray:
    """``gray`` with a hard shadow (``light`` of the light) on one side of the line through
    ``through`` (table mm) at ``turn_deg``, its edge softened over half a millimetre."""
    h, w = gray.shape
    y, x = np.mgrid[0:h, 0:w] / PX_PER_MM
    t = np.radians(turn_deg)
    side = (x - through[0]) * np.sin(t) - (y - through[1]) * np.cos(t)
    lit = np.where(side > 0, 1.0, light).astype(np.float32)
    lit = cv2.GaussianBlur(lit, (0, 0), 0.5 * PX_PER_MM)
    return np.clip(gray * lit, 0, 255).astype(np.uint8)


def test_a_shadows_edge_across_the_corner_of_an_empty_place_is_no_card() -> None:
    """Measured in windows cut by the middle's edge, this corner showed 0.36: a card."""
    gray = _shadow(_table(), (109.0, 8.0), 60.0)
    assert place_detail(gray, TABLE, CARDS, PLACE, [], 220.0) < BUSY_CARD


def test_a_shadows_edge_across_the_middle_of_an_empty_place_is_no_card() -> None:
    gray = _shadow(_table(), (125.0, 44.0), 100.0)
    assert place_detail(gray, TABLE, CARDS, PLACE, [], 220.0) < BUSY_CARD


def test_a_printed_code_in_the_shadow_on_an_empty_place_is_a_card() -> None:
    gray = _table()
    rng = np.random.default_rng(5)
    modules = rng.random((29, 29)) < 0.5
    code = np.where(np.kron(modules, np.ones((3, 3), bool)), 40, 235).astype(np.uint8)
    left, top = round(116 * PX_PER_MM), round(60 * PX_PER_MM)
    gray[top : top + code.shape[0], left : left + code.shape[1]] = code
    gray = _shadow(gray, (109.0, 8.0), 60.0)
    assert place_detail(gray, TABLE, CARDS, PLACE, [], 220.0) >= BUSY_CARD


SLOT = np.array(
    [[0.0, CARD_H], [CARD_W, CARD_H], [CARD_W, CARD_H + GAP_MM], [0.0, CARD_H + GAP_MM]]
)
"""The open slot between the two cards (table mm)."""


def _code(gray: np.ndarray, left_mm: float, top_mm: float, side_mm: float = 12.0) -> None:
    """A code of random modules, ``side_mm`` wide, printed on ``gray`` at the corner given."""
    modules = np.random.default_rng(7).random((25, 25)) < 0.5
    px = round(side_mm * PX_PER_MM)
    code = cv2.resize(
        np.where(modules, 40, 235).astype(np.uint8), (px, px), interpolation=cv2.INTER_NEAREST
    )
    left, top = round(left_mm * PX_PER_MM), round(top_mm * PX_PER_MM)
    gray[top : top + px, left : left + px] = code


def test_a_shadows_edge_across_an_open_slot_is_no_item() -> None:
    """A straight sharp edge 40 mm long or more is a shadow's, a card's or the table's: no side of
    an item is that long. Without this rule, these deep shadows' edges filled 0.35 and 0.38 of a
    window: an item."""
    for through, turn in (((30.0, 103.0), 20.0), ((60.0, 92.0), 135.0)):
        gray = _shadow(_table(), through, turn, light=0.2)
        assert busy(gray, TABLE.to_photo, SLOT, [], 220.0) < BUSY_SLOT, (through, turn)


def test_an_unread_code_in_a_slot_stays_busy_with_a_shadows_edge_along_it() -> None:
    gray = _table()
    _code(gray, 20.0, 94.0)
    gray = _shadow(gray, (20.0, 94.0), 0.0)
    assert busy(gray, TABLE.to_photo, SLOT, [], 220.0) >= BUSY_SLOT
