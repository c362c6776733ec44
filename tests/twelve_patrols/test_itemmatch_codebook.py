"""The codebook the 12 Patrols reader matches items' codes against holds the code on every face
of every item the kit prints, module for module as printed, and nothing else."""

from __future__ import annotations

import numpy as np

from companion.twelve_patrols.itemmatch import ITEMBOOK, printed_codes
from generator import qr
from generator.twelve_patrols.items import cube_payload, die_payload
from patrolkit.games.twelve_patrols.model import ROLL_ORDER, SERIALS
from patrolkit.sizes import QR_ERROR_CORRECTION, TwelvePatrols
from tools.codebooks import up_to_date


def _printed() -> list[str]:
    """The payload on every face the kit prints: each die's six, each cube's one."""
    faces = [
        die_payload(colour, serial, value)
        for colour in ROLL_ORDER
        for serial in SERIALS
        for value in range(1, 7)
    ]
    return faces + [cube_payload(colour, serial) for colour in ROLL_ORDER for serial in SERIALS]


def test_the_shipped_item_codebook_is_what_the_kit_prints_today() -> None:
    assert up_to_date(ITEMBOOK), "run: python -m tools.codebooks"


def test_it_holds_every_face_of_every_item_once_and_nothing_else() -> None:
    texts = [str(t) for t in printed_codes()["item_texts"]]
    assert len(texts) == len(set(texts)) == 63
    assert set(texts) == set(_printed())


def test_each_code_is_module_for_module_the_one_printed() -> None:
    codes = printed_codes()
    book = {str(t): m for t, m in zip(codes["item_texts"], codes["item_modules"], strict=True)}
    for payload in _printed():
        printed = qr.symbol(
            payload, version=TwelvePatrols.ITEM_QR_VERSION, error_correction=QR_ERROR_CORRECTION
        )
        assert np.array_equal(book[payload], np.array(printed.modules, dtype=bool).ravel())
