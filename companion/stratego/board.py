"""Where a Stratego board lies in a photo: its codes sorted, one pose per board sheet from its
corner codes (:mod:`companion.sheets`), and the plane of the pieces' tops.

The board is found only when every sheet is; otherwise a one-line
:class:`~patrolkit.errors.PhotoError` names the sheets missing.

The pieces stand: their codes lie on a plane 15 mm over the board
(:attr:`~patrolkit.sizes.stratego.Stratego.PIECE_HEIGHT_MM`).
:func:`lifted` gives a sheet's pose on that plane from its pose on the board and
a phone camera's focal length (:data:`companion.pose.FOCAL_OVER_WIDTH`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

import numpy as np

from companion.cascade import Step as CascadeStep
from companion.decode import Decoder, Detection
from companion.pose import phone_camera
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
from companion.stratego.reading import SheetReading
from patrolkit.errors import PhotoError
from patrolkit.i18n import N_, _
from patrolkit.payload import Game, Item, StrategoFiducial, StrategoPiece
from patrolkit.sizes.stratego import Stratego, StrategoSheet

LOOK: Final = (
    CascadeStep("corner-10", 10.0),
    CascadeStep("corner-16", 16.0, cubic=True, sharpen=1.0),
)
"""The second look at a corner code that the photo pass missed."""
PREFIX: Final = "PK1:ST:F:"


@dataclass
class Found(Codes):
    """The codes of one photo, sorted."""

    fiducials: list[tuple[StrategoFiducial, Detection]] = field(default_factory=list)
    pieces: list[tuple[StrategoPiece, Detection]] = field(default_factory=list)

    def take(self, item: Item, detection: Detection) -> bool:
        """Keep ``item`` if it is a corner code or a piece."""
        if isinstance(item, StrategoFiducial):
            self.fiducials.append((item, detection))
        elif isinstance(item, StrategoPiece):
            self.pieces.append((item, detection))
        else:
            return False
        return True


def sort_codes(detections: list[Detection], found: Found | None = None) -> Found:
    """``detections`` sorted into corner codes, pieces, and codes of no game or another game."""
    found = found if found is not None else Found()
    sort_into(found, detections, found.take, own=(Game.STRATEGO, _("a Stratego secret code")))
    return found


def read_codes(
    gray: np.ndarray, reader: Decoder, *, first: list[Detection] | None = None
) -> list[Detection]:
    """Every code in the photo: the whole photo, then, unless that read every corner code of a
    board, overlapping windows of it; repeats merged."""
    return read_all_codes(gray, reader, _every_corner, first=first)


def _every_corner(detections: list[Detection]) -> bool:
    corners = sum(1 for d in detections if d.text.startswith(PREFIX))
    return corners >= 12 or (corners >= 4 and _one_sheet(detections))


def _one_sheet(detections: list[Detection]) -> bool:
    return any(d.text.startswith(PREFIX) and d.text.endswith(":11:27") for d in detections)


def locate_board(
    found: Found,
    gray: np.ndarray,
    reader: Decoder,
    kit: str | None = None,
    image: np.ndarray | None = None,
) -> tuple[str, float, list[SheetReading]]:
    """The kit code, the cell size and every sheet's pose; :class:`PhotoError` for a photo with
    no Stratego board, codes of two kits, or a sheet that is not in it. With the ``kit`` the
    referee's secrets name, a board whose corner codes read (none, or too few to place every
    sheet) is looked for by its paper's outline in the colour photo ``image`` too
    (:func:`companion.sheets.locate_by_outline`)."""
    if not found.fiducials:
        outlined = None if kit is None else _by_outline(kit, [], gray, reader, image)
        if outlined is None:
            raise no_board(
                "Stratego", found.other_games, N_("Stratego pieces") if found.pieces else ""
            )
        return outlined
    read = one_kit(found.fiducials)
    cell_mm = float(found.fiducials[0][0].cell_mm)
    if cell_mm not in (Stratego.CELL_MM, Stratego.A3_CELL_MM):
        raise PhotoError(
            _("Kit {kit}'s corner codes give a cell size of {size} mm, not ours.").format(
                kit=read, size=f"{cell_mm:g}"
            )
        )
    plans = Stratego.sheets(cell_mm)
    pose_of = _sheet_finder(read, cell_mm, found.fiducials, gray, reader)
    try:
        return read, cell_mm, locate_sheets(read, plans, pose_of)
    except PhotoError:
        outlined = None if kit != read else _by_outline(kit, found.fiducials, gray, reader, image)
        if outlined is None:
            raise
        return outlined


def _by_outline(
    kit: str,
    fiducials: list[tuple[StrategoFiducial, Detection]],
    gray: np.ndarray,
    reader: Decoder,
    image: np.ndarray | None,
) -> tuple[str, float, list[SheetReading]] | None:
    """The board of ``kit`` found by its outline, with the corner codes read (``fiducials``),
    on either paper; ``None`` if not."""
    for cell_mm in (Stratego.CELL_MM, Stratego.A3_CELL_MM):
        if any(float(f.cell_mm) != cell_mm for f, _detection in fiducials):
            continue
        plans = Stratego.sheets(cell_mm)
        rim = board_rim(plans, Stratego.QUIET_MM, Stratego.CODE_GAP_MM)
        finder = _sheet_finder(kit, cell_mm, fiducials, gray, reader)
        sheets = locate_by_outline(gray if image is None else image, gray, plans, rim, finder)
        if sheets is not None:
            return kit, cell_mm, sheets
    return None


def _sheet_finder(
    kit: str,
    cell_mm: float,
    fiducials: list[tuple[StrategoFiducial, Detection]],
    gray: np.ndarray,
    reader: Decoder,
) -> Callable[[StrategoSheet, np.ndarray | None], SheetReading | None]:
    """What locates one sheet of ``kit``'s board from the corner codes read (``fiducials``),
    or round a first guess of its pose: :func:`companion.sheets.sheet_pose`, the corner codes
    the decoder missed matched among the board's own."""
    size = (gray.shape[1], gray.shape[0])
    known = KnownCorners.printed(
        Stratego.sheets(cell_mm),
        lambda plan, corner: StrategoFiducial(corner, kit, plan.column, plan.row, round(cell_mm)),
        Stratego.FIDUCIAL_QR_VERSION,
    )

    def pose_of(plan: StrategoSheet, guess: np.ndarray | None) -> SheetReading | None:
        codes = [(f, d) for f, d in fiducials if (f.column, f.row) == (plan.column, plan.row)]
        pose = sheet_pose(plan, codes, StrategoFiducial, kit, gray, reader, guess, LOOK, known)
        if pose is None:
            return None
        tops = lifted(pose.to_photo, size, Stratego.PIECE_HEIGHT_MM)
        return SheetReading(plan, pose, pose.seen, pose.set_aside, tops)

    return pose_of


def lifted(to_photo: np.ndarray, size: tuple[int, int], height_mm: float) -> np.ndarray:
    """The homography from a plane ``height_mm`` over the board (same x and y) to photo px,
    from the board's ``to_photo`` in a photo of ``size`` (width, height) pixels: the pose is
    split into the rotation and position of a phone's camera
    (:func:`~companion.pose.phone_camera`), the plane moved up, and the camera put back."""
    camera = phone_camera(*size)
    m = np.linalg.solve(camera, to_photo)
    scale = 2.0 / (np.linalg.norm(m[:, 0]) + np.linalg.norm(m[:, 1]))
    if m[2, 2] * scale < 0:
        scale = -scale
    r1, r2, t = m[:, 0] * scale, m[:, 1] * scale, m[:, 2] * scale
    r3 = np.cross(r1, r2)
    r3 /= np.linalg.norm(r3)
    moved = camera @ np.column_stack((r1, r2, t - height_mm * r3))
    return np.asarray(moved / moved[2, 2])
