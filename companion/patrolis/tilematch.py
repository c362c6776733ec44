"""A step tile's or an objective's code that no decoder read, read by matching against every code
a Patrolis kit can print.

Every code a piece can carry is known: the step tiles of a game of two to six players (321
texts: the shape, the owner and the serial, :func:`patrolkit.games.patrolis.dealt_tiles`) and
the eight objectives, each module as the kit prints it (:data:`CODEBOOK`). In a dim photo's
sensor noise, or a shaken one with its blur divided out, the decoder's hard decisions on the
modules fail while the modules still show. Where a piece may lie on a cell that no code read
explains, the code is placed from the patterns every code shares
(:func:`companion.qrplace.place_code`), at a tile's module and at an objective's, and the grey
level at each data module's centre is compared with every text
(correlation). The best text is read only when the shared patterns placed the code well
(:data:`MIN_ALIGNMENT`), it agrees well (:data:`MIN_SCORE`), clearly better than any other text
(:data:`MIN_MARGIN`), and it is not the code of a piece read elsewhere in the photo (each code
is printed once) — otherwise the cell stays unreadable, as before.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Final

import numpy as np

from companion.cornermatch import modules
from companion.patrolis.bare import holder
from companion.patrolis.sheets import SheetReading
from companion.qrplace import (
    DATA,
    Match,
    Placed,
    code_turn,
    flat_over,
    module_samples,
    place_code,
)
from patrolkit.games.patrolis import DEFAULT_OBJECTIVES, STEPS_DEALT, Map, dealt_tiles
from patrolkit.payload import PatrolisObjective, PatrolisStep, encode
from patrolkit.sizes import Patrolis

SEARCH_MM: Final = 4.0
"""How far from the cell's centre a code's centre is looked for (a tile pushed 5.5 mm off lies
across two cells and is reported so: :data:`companion.patrolis.reader.ACROSS_MM`)."""
CODEBOOK: Final = Path(__file__).with_name("codebook.npz")
"""Every code a kit can print, as :func:`printed_codes` builds them: shipped, as building them
takes the ``qrcode`` library about half a second (``python -m tools.codebooks`` writes it; a
test checks it against the library)."""
MIN_ALIGNMENT: Final = 0.5
"""The shared patterns must correlate this well with the samples for the code to be placed."""
MIN_SCORE: Final = 0.45
"""The best text's data modules must correlate this well with the samples."""
MIN_MARGIN: Final = 0.1
"""The best text must beat every other text by this much correlation.

The three thresholds were measured on 112 development photos (seeds 71000-71017 under the
``low-light``, ``motion``, ``defocus``, ``glare``, ``shadow``, ``barrel`` and ``curl``
presets, apart from the benchmark's; the shaken and out-of-focus ones both as taken and with
their blur divided out, as the reader matches them), every one of their 28 672 cells matched as
it lay, with no code set aside: of the 20 462 matches that were not the cell's code (a bare
cell, or a piece whose code was placed wrong or too blurred), none scored above 0.35, beat the
runner-up by more than 0.14 or aligned above 0.77; those aligning at 0.5 or more scored 0.26 at
most and beat the runner-up by 0.09 at most, those beating it by 0.1 or more scored 0.26 at
most. Every one of them misses at least one threshold by 0.16 or more. Of the 8 210 pieces
whose own text won, 8 164 pass all three."""


def match_cell(
    gray: np.ndarray,
    sheets: list[SheetReading],
    game_map: Map,
    cell: int,
    kinds: frozenset[str],
    read_elsewhere: set[str],
) -> Match | None:
    """The code of the piece on ``cell`` read by matching, among the ``kinds`` of piece that
    may lie there (``"step"``, ``"objective"``); ``None`` when no text wins clearly or the one
    that wins is among the codes ``read_elsewhere``."""
    reading, (x, y, w, h) = holder(sheets, game_map, cell)
    cell_mm = reading.sheet.cell_mm
    pose = flat_over(
        reading.pose, (x - SEARCH_MM, y - SEARCH_MM, w + 2 * SEARCH_MM, h + 2 * SEARCH_MM)
    )
    centre = (x + w / 2, y + h / 2)
    turn = code_turn(gray, pose, centre, Patrolis.TILE_MM[cell_mm] / 2)
    if turn is None:
        return None
    candidates: list[tuple[float, str, Placed]] = []  # each kind's two best texts
    for kind, module_mm, (texts, book) in _codebooks(cell_mm):
        if kind not in kinds:
            continue
        placed = place_code(gray, pose, centre, turn, module_mm, SEARCH_MM)
        if placed.alignment < MIN_ALIGNMENT:
            continue
        scores = (book @ module_samples(gray, placed)[DATA]) / float(DATA.sum())
        candidates += [(float(scores[k]), texts[k], placed) for k in np.argsort(-scores)[:2]]
    if not candidates:
        return None
    candidates.sort(key=lambda c: -c[0])
    score, text, placed = candidates[0]
    runner_up = max((s for s, t, _p in candidates[1:] if t != text), default=0.0)
    if score < MIN_SCORE or score - runner_up < MIN_MARGIN or text in read_elsewhere:
        return None
    return Match(text, score, score - runner_up, placed.alignment, placed.detection(text))


def printable_texts() -> dict[str, list[str]]:
    """Every text a piece's code can hold, by kind of piece: the step tiles of a game of two to
    six players (sorted), then the eight objectives (the first of each colour, then the
    second)."""
    steps = sorted(
        {
            encode(PatrolisStep(shape.value, player + 1, serial))
            for players in STEPS_DEALT
            for shape, player, serial in dealt_tiles(players)
        }
    )
    objectives = [
        encode(PatrolisObjective(colour.value, number))
        for number in (1, 2)
        for colour in dict.fromkeys(DEFAULT_OBJECTIVES)
    ]
    return {"step": steps, "objective": objectives}


def printed_codes() -> dict[str, np.ndarray]:
    """The texts of :func:`printable_texts` and their modules as the kit prints them (``True``
    = dark, one row of 441 per text), under ``<kind>_texts`` and ``<kind>_modules``."""
    arrays = {}
    for kind, texts in printable_texts().items():
        rows = [modules(text, Patrolis.TOKEN_QR_VERSION).ravel() for text in texts]
        arrays[f"{kind}_texts"] = np.array(texts)
        arrays[f"{kind}_modules"] = np.array(rows, dtype=bool)
    return arrays


@lru_cache(maxsize=2)
def _codebooks(
    cell_mm: float,
) -> tuple[tuple[str, float, tuple[tuple[str, ...], np.ndarray]], ...]:
    """For cells of ``cell_mm``: ``"step"``, the step tiles' module (mm) and every step text
    with its data modules (+1 dark, -1 light); then the same for ``"objective"``."""
    with np.load(CODEBOOK, allow_pickle=False) as shipped:
        codes = {name: shipped[name] for name in shipped.files}
    module_mm = {
        "step": Patrolis.TILE_MODULE_MM[cell_mm],
        "objective": Patrolis.OBJECTIVE_MODULE_MM[cell_mm],
    }
    return tuple(
        (kind, size, _book(codes[f"{kind}_texts"], codes[f"{kind}_modules"]))
        for kind, size in module_mm.items()
    )


def _book(texts: np.ndarray, printed: np.ndarray) -> tuple[tuple[str, ...], np.ndarray]:
    signs = np.where(printed[:, DATA], 1.0, -1.0).astype(np.float32)
    return tuple(str(text) for text in texts), np.ascontiguousarray(signs)
