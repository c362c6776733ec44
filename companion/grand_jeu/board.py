"""Where a grand jeu board lies in a photo: its codes sorted, and one pose per board sheet from
its corner codes (:mod:`companion.sheets`).

The board is found only when every sheet is; otherwise a one-line
:class:`~patrolkit.errors.PhotoError` names the sheets missing. The scouts are flat card, so they
lie on the sheets' own plane.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

import numpy as np

from companion.cascade import Step as CascadeStep
from companion.decode import Decoder, Detection
from companion.grand_jeu.reading import SheetReading
from companion.sheets import (
    Codes,
    KnownCorners,
    board_rim,
    locate_by_outline,
    locate_sheets,
    no_board,
    one_kit,
    sheet_pose,
    sort_into,
)
from companion.sheets import read_codes as read_all_codes
from patrolkit.errors import PhotoError
from patrolkit.i18n import _
from patrolkit.payload import GrandJeuFiducial, GrandJeuScout, Item
from patrolkit.sizes.grand_jeu import GrandJeu, GrandJeuSheet

LOOK: Final = (
    CascadeStep("corner-10", 10.0),
    CascadeStep("corner-16", 16.0, cubic=True, sharpen=1.0),
    CascadeStep("corner-12-smooth", 12.0, cubic=True, denoise=1.5),
)
"""The second look at a corner code that the photo pass missed."""


@dataclass
class Found(Codes):
    """The codes of one photo, sorted."""

    fiducials: list[tuple[GrandJeuFiducial, Detection]] = field(default_factory=list)
    scouts: list[tuple[GrandJeuScout, Detection]] = field(default_factory=list)

    def take(self, item: Item, detection: Detection) -> bool:
        """Keep ``item`` if it is a corner code or a scout."""
        if isinstance(item, GrandJeuFiducial):
            self.fiducials.append((item, detection))
        elif isinstance(item, GrandJeuScout):
            self.scouts.append((item, detection))
        else:
            return False
        return True


def sort_codes(detections: list[Detection], found: Found | None = None) -> Found:
    """``detections`` sorted into corner codes, scouts, and codes of no game or another game."""
    found = found if found is not None else Found()
    sort_into(found, detections, found.take)
    return found


def read_codes(
    gray: np.ndarray, reader: Decoder, *, first: list[Detection] | None = None
) -> list[Detection]:
    """Every code in the photo: the whole photo, then overlapping windows of it (the scouts'
    codes are small); repeats merged."""
    return read_all_codes(gray, reader, first=first)


def locate_board(
    found: Found, gray: np.ndarray, reader: Decoder, image: np.ndarray | None = None
) -> tuple[str, int, float, list[SheetReading]]:
    """The kit code, the board's side, the cell size and every sheet's pose;
    :class:`PhotoError` for a photo with no grand jeu board, codes of two kits, or a sheet that
    is not in it. A board whose corner codes read too few to place every sheet is looked for by
    its paper's outline in the colour photo ``image`` too
    (:func:`companion.sheets.locate_by_outline`): the codes read name its kit, so every other
    corner code is matched where the outline puts it."""
    if not found.fiducials:
        pieces = _("grand jeu scouts") if found.scouts else ""
        raise no_board("grand jeu", found.other_games, pieces)
    kit = one_kit(found.fiducials)
    first = found.fiducials[0][0]
    size, cell_mm = first.size, float(first.cell_mm)
    if cell_mm != GrandJeu.CELL_MM or size not in (8, 10):
        raise PhotoError(
            _("Kit {kit}'s corner codes give a board this reader does not know.").format(kit=kit)
        )
    players = 2 if size == 8 else 4

    refused: PhotoError | None = None
    for per_side in sheets_per_side(size, [(f.column, f.row) for f, _d in found.fiducials]):
        plans = [
            GrandJeuSheet(cell_mm, column, row, size, per_side, players)
            for row in range(per_side, 0, -1)
            for column in range(1, per_side + 1)
        ]
        known = known_corners(kit, size, plans)

        def pose_of(
            plan: GrandJeuSheet, guess: np.ndarray | None, known: KnownCorners = known
        ) -> SheetReading | None:
            codes = [
                (f, d) for f, d in found.fiducials if (f.column, f.row) == (plan.column, plan.row)
            ]
            pose = sheet_pose(plan, codes, GrandJeuFiducial, kit, gray, reader, guess, LOOK, known)
            return None if pose is None else SheetReading(plan, pose, pose.seen, pose.set_aside)

        try:
            return kit, size, cell_mm, locate_sheets(kit, plans, pose_of)
        except PhotoError as error:
            refused = refused or error
        rim = board_rim(plans, GrandJeu.QUIET_MM, GrandJeu.CODE_GAP_MM)
        outlined = locate_by_outline(gray if image is None else image, gray, plans, rim, pose_of)
        if outlined is not None:
            return kit, size, cell_mm, outlined
    assert refused is not None
    raise refused


def known_corners(kit: str, size: int, plans: list[GrandJeuSheet]) -> KnownCorners:
    """The text of every corner code of kit ``kit``'s board printed on ``plans``."""
    return KnownCorners.printed(
        plans,
        lambda plan, corner: GrandJeuFiducial(
            corner, kit, plan.column, plan.row, size, round(plan.cell_mm)
        ),
        GrandJeu.FIDUCIAL_QR_VERSION,
    )


def sheets_per_side(size: int, places: list[tuple[int, int]]) -> tuple[int, ...]:
    """The sheets a side the board may be printed on, given its side and the (column, row) of
    the sheets whose corner codes were read, in the order they are tried: a 10 x 10 board is
    always two by two sheets, an 8 x 8 one a single A3 sheet or two by two A4 sheets
    (:meth:`~patrolkit.sizes.grand_jeu.GrandJeu.sheets_per_side`), and codes of the south-west
    sheet alone — all the photo may show of a far board — do not tell which."""
    if size != 8 or any(place != (1, 1) for place in places):
        return (2,)
    return (1, 2)
