"""Photos of a printed Rôdeurs kit for the reader's tests: the virtual camera's, and a few
made by hand (a QR code pasted on a photo)."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import cv2
import numpy as np
import pytest
import qrcode

from companion.camera.rodeurs.scene import photograph
from generator.rodeurs.kit import write_kit
from patrolkit.games import rodeurs
from patrolkit.games.rodeurs import Layout, State

LAYOUT_SEED = 11
Shoot = Callable[[str, str, int], bytes]


def shooter(layout: Layout, tmp_path_factory: pytest.TempPathFactory) -> Shoot:
    """JPEG bytes of the kit photographed with a position (its text form), made once each."""
    kit = tmp_path_factory.mktemp("kit")
    write_kit(layout, kit)

    @cache
    def take(state_text: str, preset: str, seed: int) -> bytes:
        return photograph(kit, State.from_text(state_text), preset=preset, seed=seed).jpeg

    return take


def play(layout: Layout, turns: int | None, seed: int) -> State:
    """The position after ``turns`` random legal turns (to the end of the game if ``None``)."""
    rng = random.Random(seed)
    state = layout.state
    while (turns is None or turns > 0) and not rodeurs.is_over(state):
        state = rodeurs.apply(state, rng.choice(rodeurs.legal_turns(state)))
        turns = None if turns is None else turns - 1
    return state


def rows(text: str) -> str:
    """The rows of a position's text form (without whose turn it is or the board)."""
    return text.split()[0]


def paste_into(jpeg: bytes, patch: np.ndarray, at: tuple[int, int]) -> bytes:
    """``jpeg`` with ``patch`` pasted at ``at`` (its top-left corner, pixels), as a JPEG."""
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    x, y = at
    image[y : y + patch.shape[0], x : x + patch.shape[1]] = patch
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()


def qr_image(text: str, box: int = 9) -> np.ndarray:
    """A QR code of ``text``, ``box`` pixels a module, as a BGR image."""
    code = qrcode.QRCode(box_size=box, border=4)
    code.add_data(text)
    gray = np.asarray(code.make_image().convert("L"), dtype=np.uint8)
    return np.dstack([gray] * 3)
