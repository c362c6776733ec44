"""The second look at a Rôdeurs board, once its pose is known: codes the whole-photo pass missed.

* :func:`read_cells` — for each cell still without a token, the cell and a margin around it are
  rectified from the photo through the board's pose (the code then looks square) and decoded:
  first at 12 px/mm, then what is still missing at 16 px/mm with an unsharp mask — the cascade
  ``measurements/qr-decoding.md`` measured best — then at 12 px/mm with the light evened out
  (see :data:`STEPS`). What is still missing then goes to :mod:`companion.rodeurs.qrmatch`.
* :func:`search_fiducials` — the same for a corner code the whole-photo pass missed, around where
  the codes already found say it is.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

import numpy as np

from companion.cascade import Step
from companion.decode import Decoder, Detection
from companion.pose import BoardPose
from patrolkit.games.rodeurs import column_of, row_of
from patrolkit.payload import Corner
from patrolkit.sizes import Rodeurs

MARGIN_MM: Final = 4.0
"""Rectified around a cell, so a token pushed off-centre or turned 45° fits with its quiet zone."""


STEPS: Final = (
    Step("cells-12", 12.0),
    Step("cells-16", 16.0, cubic=True, sharpen=1.0),
    Step("cells-12-evened", 12.0, even_mm=3.5),
)
"""The decoding steps, after the whole-photo pass. The codes still missing after them go to the
codebook matcher (:mod:`companion.rodeurs.qrmatch`). Measured on 200 ``hard`` photos: cubic
resampling at 16 px/mm reads more than linear; two further smoothed-and-sharpened steps (16 and
20 px/mm) read codes these miss, but once the matcher follows, they save 1 token in 5 564 for twice
the time on the worst photos, so they are left out.

The third step evens the light out (:func:`companion.cascade.evened`): a hard shadow's edge
across a pawn's code splits it into a lit and a shaded half that no single threshold reads, nor
the matcher. On 40 fresh ``shadow`` photos (seeds 71000-71039) two pawns were left so (71014
d4, 71021 g3); evened over 2.5 to 5 mm, both read at 12 and 16 px/mm."""


def cell_box(sq: int, margin: float = MARGIN_MM) -> tuple[float, float, float, float]:
    """The board-frame box of cell ``sq`` grown by ``margin`` on every side."""
    x, y, width, height = Rodeurs.cell_box(column_of(sq), row_of(sq))
    return (x - margin, y - margin, width + 2 * margin, height + 2 * margin)


@dataclass
class CascadeResult:
    """What the second pass found: each new code (in photo pixels) with the step that read it,
    and how many cells each step tried and read."""

    found: list[tuple[Detection, str]] = field(default_factory=list)
    tried: dict[str, int] = field(default_factory=dict)
    read: dict[str, int] = field(default_factory=dict)
    left: int = 0
    """Cells no step read a code in."""


def read_cells(
    gray: np.ndarray,
    pose: BoardPose,
    decoder: Decoder,
    squares: Iterable[int],
    *,
    steps: tuple[Step, ...] | None = None,
) -> CascadeResult:
    """Decode the rectified surroundings of each cell in ``squares``, step after step, until a
    code centred in that cell is read."""
    result = CascadeResult()
    remaining = list(squares)
    seen: set[str] = set()
    for step in steps or STEPS:
        result.tried[step.name] = len(remaining)
        result.read[step.name] = 0
        still = []
        for sq in remaining:
            patch, to_photo = step.patch(gray, pose, cell_box(sq))
            hit = False
            for detection in decoder.read(patch):
                moved = detection.moved(to_photo)
                if moved.text in seen:
                    continue
                seen.add(moved.text)
                result.found.append((moved, step.name))
                hit = hit or _centred_in(moved, pose, sq)
            if hit:
                result.read[step.name] += 1
            else:
                still.append(sq)
        remaining = still
    result.left = len(remaining)
    return result


def _centred_in(detection: Detection, pose: BoardPose, sq: int) -> bool:
    x, y, width, height = Rodeurs.cell_box(column_of(sq), row_of(sq))
    cx, cy = pose.board_points(detection.centre[None, :])[0]
    return bool(x <= cx <= x + width and y <= cy <= y + height)


def search_fiducials(
    gray: np.ndarray,
    pose: BoardPose,
    decoder: Decoder,
    corners: Iterable[Corner],
    *,
    margin: float = 8.0,
    steps: int = len(STEPS),
) -> list[Detection]:
    """Codes read around where ``pose`` puts the fiducials of ``corners``, ``margin`` mm wide
    (wider when the pose is rough), with the first ``steps`` steps of the cascade."""
    found = []
    side = Rodeurs.FIDUCIAL_MM
    for corner in corners:
        x, y = Rodeurs.fiducial_origin(corner)
        box = (x - margin, y - margin, side + 2 * margin, side + 2 * margin)
        for step in STEPS[:steps]:
            patch, to_photo = step.patch(gray, pose, box)
            detections = [d.moved(to_photo) for d in decoder.read(patch)]
            found += detections
            if detections:
                break
    return found
