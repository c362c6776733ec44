"""Which cells of a Rôdeurs board hold a token at all, once the board's pose is known.

:func:`occupancy` — for each cell without a decoded token: is a token there? A token shows the QR
code's sharp black-and-white pattern in its centre, a coloured frame, and — even blurred and
washed out by glare — the step from that frame to its white centre; a bare cell shows its own
printed colour, flat once the light's gradient is taken out (black cells dark, white cells light,
the grey row mid-grey with thin hatching). A cell is called empty only when it shows none of a
token's signs and looks like its bare colour; anything else is a token, or unclear — never
guessed empty.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Final

import cv2
import numpy as np

from companion.cascade import noise_level, rectify
from companion.pose import BoardPose
from companion.rodeurs.cells import classify
from companion.rodeurs.shadow import Relit, relight
from patrolkit.games.rodeurs import COLUMNS, ROWS, Board, CellColour, column_of, row_of
from patrolkit.i18n import N_
from patrolkit.sizes import Rodeurs

CELL: Final = Rodeurs.CELL_MM


class Look(Enum):
    """What a cell without a decoded token looks like."""

    EMPTY = "empty"
    TOKEN = "token"
    UNCLEAR = "unclear"


@dataclass(frozen=True)
class CellLook:
    """The occupancy check of one cell: what it looks like, why (one phrase), the colour of a
    token's frame if one is seen (a hint: the code was not read), and the measurements."""

    look: Look
    reason: str
    hint: str | None
    contrast: float
    colour_share: float
    brightness: float
    glare: float
    spread: float


SMOOTH_MM: Final = 1.0
"""Blur before measuring a cell's spread: QR modules and hatching vanish, a token's frame and
white centre stay."""
VIEW_PX_PER_MM: Final = 4.8
"""Resolution of the rectified board the occupancy check looks at (120 px a cell)."""
WHITE_FLOOR: Final = 0.6
"""A cell's paper white is at least this share of the board's usual white."""
SPREAD_TOKEN: Final = 0.15
"""Spread (white-balanced, blurred, light gradient removed; the 5th to 95th percentile, widest
channel) at or above which a cell holds something: a token's frame against its white centre.
Measured on 200 ``hard`` and 60 ``phone`` photos: 95 % of bare cells under 0.08, a few black
cells at the edge of a glare up to 0.34 (reported unclear, never empty); tokens never under
0.11."""
SPREAD_BARE: Final = 0.085
FAINT_SPREAD: Final = 0.05
"""A cell that looks bare with this spread or more is empty only when no code's patterns show in
it (:func:`companion.rodeurs.qrmatch.code_alignment`): a pawn hazed by glare can be as flat as
a bare cell. On 200 low-ink ``hard`` photos a yellow pawn turned on a black cell showed 0.078,
its code 0.13 contrast and its frame no colour, where bare black cells lifted by the same haze
showed 0.05 to 0.08; in normal ink, 95 % of bare black cells stay under 0.064."""
CONTRAST_TOKEN: Final = 0.55
"""Centre contrast at or above which a QR pattern is there (bare cells stay below 0.46)."""
CONTRAST_BARE: Final = 0.5
COLOUR_TOKEN: Final = 0.3
"""Share of coloured pixels in the frame band at or above which a token's frame is there."""
COLOUR_BARE: Final = 0.1
GLARE_BARE: Final = 0.05
"""Share of blown-out pixels above which a cell that looks bare is not trusted: a bare black or
grey cell is never blown out, so something bright lies on it; on a white cell, glare that blows
out a pawn's frame and code leaves it as white as bare paper. Blown-out pixels show only that the
light was too strong there. On the ``phone``, ``top`` and ``hard`` photos measured, no bare white
cell was blown out over 0.01 of its area away from a glare spot."""
BRIGHTNESS: Final[dict[CellColour, tuple[float, float]]] = {
    CellColour.BLACK: (0.0, 0.9),
    CellColour.WHITE: (0.5, 9.0),
    CellColour.GREY: (0.35, 1.0),
}
"""The brightness (cell centre over the local paper white) a bare cell of each colour may show;
wide, because glare lifts black cells a long way."""

SHADE_BRIGHTNESS: Final = {CellColour.WHITE: 0.25, CellColour.GREY: 0.15}
"""A white or grey cell wholly in a shadow (its neighbours lit) shows as little as this share of
the local white (the grey row about 0.3 where a lit one shows 0.6); it is bare only when it is
also flatter than a token can be, even blurred:"""
SHADE_SPREAD: Final = 0.04
SHADE_CONTRAST: Final = {CellColour.WHITE: 0.2, CellColour.GREY: CONTRAST_BARE}
SHADE_COLOUR: Final = 0.02
"""(measured on the ``shadow`` photos: bare white cells wholly in a shadow up to 0.032 spread,
0.10 contrast, no colour; grey ones up to 0.025 spread and 0.30 contrast, their hatching; a
token shows its frame against its white centre, 0.11 spread and more even blurred, see
:data:`SPREAD_TOKEN`, and its code's contrast, see :data:`CONTRAST_TOKEN`.)"""

NOISY: Final = 9.0
"""Grey levels of sensor noise (robust spread of the finest detail) above which the view is
smoothed before the check: about 5 in a well-lit phone photo, 15 to 18 in a dim room's."""
DENOISE_PX: Final = 1.5
"""The smoothing then (a third of a millimetre: under half a pawn code's module)."""
NOISY_SPREAD_BARE: Final = 0.12
"""The spread a bare cell may show in a smoothed noisy view (the denoiser leaves blotches).
Measured on 15 ``low-light`` photos: bare cells up to 0.114, tokens never under 0.25."""


@dataclass(frozen=True, eq=False)
class BoardView:
    """The grid rectified at :data:`VIEW_PX_PER_MM` (RGB and grey) and, per cell, the local
    paper white (RGB): the brightest paper in the cell and its eight neighbours, which holds
    white cells, tokens' white centres or black cells' light borders — so the check follows
    uneven and coloured light across the board."""

    rgb: np.ndarray
    gray: np.ndarray
    white: np.ndarray
    balanced: np.ndarray
    smooth: np.ndarray
    noisy: bool = False
    """The photo was noisy and the view is smoothed (see :data:`NOISY`)."""

    @classmethod
    def of(cls, rgb: np.ndarray, pose: BoardPose, noisy: bool | None = None) -> BoardView:
        """The view of the photo ``rgb`` through ``pose``; ``noisy`` when the photo's noise is
        already known (from another view of it), else measured."""
        box = (0.0, 0.0, COLUMNS * CELL, ROWS * CELL)
        view_rgb, _ = rectify(rgb, pose, box, VIEW_PX_PER_MM)
        view_gray = cv2.cvtColor(view_rgb, cv2.COLOR_RGB2GRAY)
        if noisy is None:
            noisy = noise_level(view_gray) > NOISY
        if noisy:
            # Sensor noise in a dim room would pass for a QR pattern or a coloured frame on a
            # bare cell: smooth it away first (a token's frame and white centre stay).
            view_rgb = cv2.GaussianBlur(view_rgb, (0, 0), DENOISE_PX)
            view_gray = cv2.cvtColor(view_rgb, cv2.COLOR_RGB2GRAY)
        # Millimetre blocks; in each cell the whitest block (highest darkest channel, so a
        # yellow frame reaching in from a neighbour is not taken for paper) is its paper white.
        b = round(CELL)
        blocks = cv2.resize(view_rgb, (COLUMNS * b, ROWS * b), interpolation=cv2.INTER_AREA)
        cells_rgb = _by_cell(blocks, b).astype(np.float32)
        whiteness = np.where(_DISC_BLOCKS, 0.0, cells_rgb.min(axis=3))
        brightest = np.argmax(whiteness, axis=2)
        own = np.take_along_axis(cells_rgb, brightest[:, :, None, None], axis=2)[:, :, 0]
        level = np.take_along_axis(whiteness, brightest[:, :, None], axis=2)[:, :, 0]
        white = np.empty_like(own)
        for r in range(ROWS):
            for c in range(COLUMNS):
                near = level[max(r - 1, 0) : r + 2, max(c - 1, 0) : c + 2]
                dr, dc = np.unravel_index(int(np.argmax(near)), near.shape)
                white[r, c] = own[max(r - 1, 0) + dr, max(c - 1, 0) + dc]
        # Where a whole neighbourhood is dark (black cells, no token), borrow a share of the
        # board's usual white rather than take the dark for white.
        floor = WHITE_FLOOR * np.percentile(level, 75)
        dim = white.min(axis=2) < floor
        if dim.any():
            typical = own[level >= np.percentile(level, 75)].mean(axis=0)
            white[dim] = typical * WHITE_FLOOR
        n = round(CELL * VIEW_PX_PER_MM)
        white = np.maximum(white, 24.0).astype(np.float32)
        white_map = np.repeat(np.repeat(white, n, axis=0), n, axis=1)
        balanced = np.asarray(view_rgb / white_map, dtype=np.float32)
        half = cv2.resize(balanced, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
        smooth = cv2.GaussianBlur(half, (0, 0), SMOOTH_MM * VIEW_PX_PER_MM / 2)
        return cls(view_rgb, view_gray, white, balanced, smooth, noisy)

    def cell(self, sq: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Cell ``sq``'s grey pixels, its RGB pixels divided by the local paper white, the same
        blurred at half resolution, and the local paper white (RGB)."""
        n = round(CELL * VIEW_PX_PER_MM)
        r, c = ROWS - 1 - row_of(sq), column_of(sq)
        h = n // 2
        return (
            self.gray[r * n : (r + 1) * n, c * n : (c + 1) * n],
            self.balanced[r * n : (r + 1) * n, c * n : (c + 1) * n],
            self.smooth[r * h : (r + 1) * h, c * h : (c + 1) * h],
            self.white[r, c],
        )


def _disc_blocks() -> np.ndarray:
    """The millimetre blocks of a cell near its bottom-left corner, where the board prints a
    small coloured disc (the start colour): never taken for paper white."""
    b = round(CELL)
    x, y = np.meshgrid(np.arange(b) + 0.5, np.arange(b) + 0.5)
    return ((x < 6.5) & (y > CELL - 6.5)).ravel()


_DISC_BLOCKS: Final = _disc_blocks()


def _by_cell(image: np.ndarray, n: int) -> np.ndarray:
    """``image`` (rows x n by columns x n, optionally x 3) as (ROWS, COLUMNS, n * n[, 3])."""
    channels = image.shape[2:]
    split = image[: ROWS * n, : COLUMNS * n].reshape(ROWS, n, COLUMNS, n, *channels)
    return split.swapaxes(1, 2).reshape(ROWS, COLUMNS, n * n, *channels)


def _masks() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Within a cell: its centre (where any token's QR code lies) and the band a token's frame
    covers, at full resolution; the interior a token covers, at half resolution. The corner
    where the board prints the start-colour disc is left out of the last two."""

    def grid(n: int) -> tuple[np.ndarray, np.ndarray]:
        mm = (np.arange(n) + 0.5) * CELL / n - CELL / 2
        return np.meshgrid(mm, mm)

    def disc(u: np.ndarray, v: np.ndarray) -> np.ndarray:
        return (u < -CELL / 2 + 6.5) & (v > CELL / 2 - 6.5)

    n = round(CELL * VIEW_PX_PER_MM)
    u, v = grid(n)
    ring = np.maximum(np.abs(u), np.abs(v))
    centre = ring <= 4.0
    band = (ring >= 7.6) & (ring <= 10.6) & ~disc(u, v)
    u, v = grid(n // 2)
    interior = (np.maximum(np.abs(u), np.abs(v)) <= 10.0) & ~disc(u, v)
    return centre, band, interior


_CENTRE, _BAND, _INTERIOR = _masks()


def _plane() -> tuple[np.ndarray, np.ndarray]:
    """The design matrix of a plane over the interior pixels (1, u, v) and its pseudo-inverse:
    the smooth part of the light (a gradient, the edge of a glare) is removed before measuring."""
    h = round(CELL * VIEW_PX_PER_MM) // 2
    mm = (np.arange(h) + 0.5) * CELL / h - CELL / 2
    u, v = np.meshgrid(mm, mm)
    design = np.c_[np.ones(int(_INTERIOR.sum())), u[_INTERIOR], v[_INTERIOR]]
    return design, np.linalg.pinv(design)


_PLANE, _PLANE_SOLVE = _plane()
COLOURED: Final = 0.2
"""A pixel is coloured when its channels, white-balanced, differ by more than this."""


def look_at(view: BoardView, sq: int, colour: CellColour) -> CellLook:
    """The occupancy check of cell ``sq``, whose bare colour is ``colour``."""
    gray, balanced, smooth, white_rgb = view.cell(sq)
    white = float(white_rgb.mean())
    inside = smooth[_INTERIOR]
    residual = inside - _PLANE @ (_PLANE_SOLVE @ inside)
    k = len(residual) // 20
    ordered = np.partition(residual, (k, len(residual) - 1 - k), axis=0)
    spread = float((ordered[-1 - k] - ordered[k]).max())
    centre = gray[_CENTRE]
    k = len(centre) // 10
    low, high = (float(v) for v in np.partition(centre, (k, len(centre) - 1 - k))[[k, -1 - k]])
    contrast = float((high - low) / max(high, 24.0))
    brightness = float(np.median(centre) / white)
    band = balanced[_BAND]
    r, g, b = band[:, 0], band[:, 1], band[:, 2]
    chroma = np.maximum(np.maximum(r, g), b) - np.minimum(np.minimum(r, g), b)
    coloured = chroma >= COLOURED
    colour_share = float(coloured.mean())
    glare = float((gray >= 250).mean())
    measures = (contrast, colour_share, brightness, glare, spread)
    low_bright, high_bright = BRIGHTNESS[colour]
    glared = glare >= GLARE_BARE
    bare_spread = NOISY_SPREAD_BARE if view.noisy else SPREAD_BARE
    across = "empty, across a shadow's edge"

    def across_a_shadow() -> bool:
        """A bare cell across a shadow's edge: colourless, not glared, bare once relit."""
        if colour_share >= COLOUR_BARE or glared:
            return False
        relit = relight(smooth, _INTERIOR, gray, _CENTRE, white)
        return _bare(relit, bare_spread, (low_bright, high_bright))

    if contrast >= CONTRAST_TOKEN or colour_share >= COLOUR_TOKEN or spread >= SPREAD_TOKEN:
        if across_a_shadow():
            return CellLook(Look.EMPTY, across, None, *measures)
        hint = _hint(band, chroma)
        return CellLook(
            Look.TOKEN, N_("a pawn is there but its code cannot be read"), hint, *measures
        )
    if (
        spread < bare_spread
        and contrast < CONTRAST_BARE
        and colour_share < COLOUR_BARE
        and not glared
        and low_bright <= brightness <= high_bright
    ):
        return CellLook(Look.EMPTY, "empty", None, *measures)
    if (
        colour in SHADE_BRIGHTNESS
        and SHADE_BRIGHTNESS[colour] <= brightness < low_bright
        and spread < SHADE_SPREAD
        and contrast < SHADE_CONTRAST[colour]
        and colour_share < SHADE_COLOUR
        and not glared
    ):
        return CellLook(Look.EMPTY, "empty, in a shadow", None, *measures)
    if across_a_shadow():
        return CellLook(Look.EMPTY, across, None, *measures)
    reason = N_("glare hides the cell") if glared else N_("the cell cannot be made out")
    return CellLook(Look.UNCLEAR, reason, _hint(band, chroma), *measures)


def _bare(relit: Relit | None, bare_spread: float, bright: tuple[float, float]) -> bool:
    """Whether a cell relit across a shadow's edge (``None``: no shadow's edge) looks bare: flat,
    no code's pattern, and both its parts in the brightness its bare colour shows."""
    return (
        relit is not None
        and relit.spread < bare_spread
        and relit.contrast < CONTRAST_BARE
        and all(bright[0] <= b <= bright[1] for b in relit.brightness)
    )


def _hint(band: np.ndarray, chroma: np.ndarray) -> str | None:
    """The colour of the most coloured fifth of the (white-balanced) frame band, if it is
    clearly one."""
    strong = chroma >= max(float(np.percentile(chroma, 80)), 0.06)
    if strong.sum() < 20:
        return None
    return classify(band[strong], np.ones(3)).letter


def occupancy(view: BoardView, board: Board, squares: Iterable[int]) -> dict[int, CellLook]:
    """The occupancy check of each cell in ``squares``."""
    return {sq: look_at(view, sq, board.colour(sq)) for sq in squares}
