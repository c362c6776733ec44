"""The codebook the Patrolis reader matches pieces' codes against holds every code a kit prints,
module for module as printed, and nothing else."""

from __future__ import annotations

import numpy as np

from companion.patrolis.tilematch import CODEBOOK, printable_texts, printed_codes
from generator import qr
from generator.patrolis.tiles import ObjectiveToken, StepTile, objectives, tiles_for
from patrolkit.games.patrolis import MAX_PLAYERS, MIN_PLAYERS
from patrolkit.sizes import QR_ERROR_CORRECTION, Patrolis
from tools.codebooks import up_to_date


def test_the_shipped_codebook_is_what_the_kit_prints_today() -> None:
    assert up_to_date(CODEBOOK), "run: python -m tools.codebooks"


def test_it_holds_every_piece_of_every_kit_and_nothing_else() -> None:
    texts = printable_texts()
    kits = {
        t.payload for players in range(MIN_PLAYERS, MAX_PLAYERS + 1) for t in tiles_for(players)
    }
    assert set(texts["step"]) == kits and len(texts["step"]) == len(kits) == 321
    assert texts["objective"] == sorted(
        texts["objective"], key=[o.payload for o in objectives()].index
    )


def test_each_code_is_module_for_module_the_one_printed() -> None:
    codes = printed_codes()
    pieces: list[StepTile | ObjectiveToken] = [*tiles_for(MAX_PLAYERS), *objectives()]
    books = {
        str(t): m
        for kind in ("step", "objective")
        for t, m in zip(codes[f"{kind}_texts"], codes[f"{kind}_modules"], strict=True)
    }
    for piece in pieces:
        printed = qr.symbol(
            piece.payload, version=Patrolis.TOKEN_QR_VERSION, error_correction=QR_ERROR_CORRECTION
        )
        assert np.array_equal(
            books[piece.payload], np.array(printed.modules, dtype=bool).ravel()
        ), piece.payload
