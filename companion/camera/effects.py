"""What real phones and messaging apps do to a photo: the virtual camera's real-world effects and
what each draws from the seed.

Every strength is given for a 12 MP photo (4000 x 3000) and scaled by the square root of the
photo's pixel count over 12 MP (:func:`px_scale`). Each preset of
:data:`companion.camera.presets.EFFECTS` is the ``phone`` photo of the same seed with one effect:

``messaging``
    sent through a messaging app: resized (area averaging) so the long side is 1,600–2,048 px,
    then JPEG at quality 60–75 with 4:2:0 chroma subsampling; one time in three forwarded once
    more (a long side no longer than the first, quality 60–75 again).
``motion``
    hand shake during the exposure: a streak of 7–15 px in any direction along a slightly curved
    path (the middle of the path off the straight line by up to 12 % of its length).
``defocus``
    missed focus: a blur disc (pillbox) of radius 3–6 px.
``barrel``
    a phone's wide-angle lens: radial distortion ``r_d = zoom r_u (1 + k1 r_u²)``, ``k1`` in
    -0.15…-0.05, ``r`` the distance from the photo's centre over the focal length, ``zoom`` the
    enlargement that keeps the photo's corners in place (the phone crops what the lens pulls
    in; :func:`companion.camera.warp.barrel_zoom`).
``shadow``
    an arm or the phone between the light and the board: a hard shadow 35–65 % darker, its
    edge sharp or soft over up to 2.5 px, covering 15–40 % of the board — the board beyond a
    straight edge, or a band across it.
``low-light``
    a dim room (12–25 % of the light) pushed back up by the phone: the dim image's coarse
    levels, luminance noise of 9–16 grey levels after the push with 1–1.6 times as much colour
    noise, the denoiser's smear (an edge-keeping filter on luminance, colour blurred over
    2–4 px) and JPEG 55–70.
``curl``
    paper not lying flat: each sheet (the board sheet; the map's four sheets as one; each 12
    Patrols card) rises smoothly towards one edge, lifted 2–6 mm there, the bend starting 30–70 %
    of the way across; the camera sees the lifted paper (an image warp computed from the camera).
``glare``
    a specular glare spot: a saturated core 4–10 % of the board's width across (an ellipse of
    aspect 0.6–1), fading to nothing at 1.5–2.5 times its size, anywhere on the board.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from companion.camera.presets import EFFECTS, REAL_WORLD
from patrolkit.errors import KitError
from patrolkit.i18n import _

REFERENCE_PIXELS = 12e6
"""Effect strengths are given for a photo of this many pixels."""


def px_scale(width: int, height: int) -> float:
    """How a length in pixels at 12 MP scales to a photo of ``width`` x ``height``."""
    return math.sqrt(width * height / REFERENCE_PIXELS)


@dataclass(frozen=True)
class Messaging:
    """The app's passes, each (the long side in px, the JPEG quality), in order."""

    passes: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Motion:
    """A streak of ``length_px`` (12 MP) along ``angle_deg`` (clockwise from the photo's x
    axis), its middle off the straight line by ``bend`` times its length (signed)."""

    length_px: float
    angle_deg: float
    bend: float


@dataclass(frozen=True)
class Defocus:
    """A blur disc of ``radius_px`` (12 MP)."""

    radius_px: float


@dataclass(frozen=True)
class Barrel:
    """Radial distortion ``r_d = zoom r_u (1 + k1 r_u²)``, radii over the focal length (the
    zoom keeps the photo's corners in place)."""

    k1: float


@dataclass(frozen=True)
class HardShadow:
    """A shadow ``darkness`` darker (0..1) over ``cover`` of the board: the board beyond a
    straight edge whose normal points along ``angle_deg`` (board frame), or with ``band`` a
    band across the board along that normal, placed at ``place`` (0..1) of the room left; its
    edge blurred over ``soft_px`` (12 MP)."""

    darkness: float
    cover: float
    angle_deg: float
    band: bool
    place: float
    soft_px: float


@dataclass(frozen=True)
class LowLight:
    """``dim`` of the light reached the sensor; after the push, luminance noise of ``noise``
    grey levels and ``chroma`` times as much colour noise; the denoiser blurs colour over
    ``smear_px`` (12 MP); JPEG at ``quality``."""

    dim: float
    noise: float
    chroma: float
    smear_px: float
    quality: int


@dataclass(frozen=True)
class Curl:
    """Each sheet rises towards one edge to ``lift_mm``, from ``start`` (0..1) of the way
    across; what varies between sheets is drawn from ``seed``."""

    lift_mm: tuple[float, float]
    start: tuple[float, float]
    seed: int


@dataclass(frozen=True)
class Glare:
    """A saturated spot ``size`` of the board's width across at ``at`` (fractions of the
    board's width and height), of ``aspect`` (minor over major axis) turned by ``angle_deg``,
    fading out at ``reach`` times its size."""

    size: float
    at: tuple[float, float]
    aspect: float
    angle_deg: float
    reach: float


Effect = Messaging | Motion | Defocus | Barrel | HardShadow | LowLight | Curl | Glare


@dataclass(frozen=True)
class Drawn:
    """An effect as drawn for one photo: its preset name and its parameters."""

    name: str
    effect: Effect

    def record(self) -> dict[str, Any]:
        """The truth's ``effect``: the name and every parameter (lists for tuples)."""
        fields = {k: _plain(v) for k, v in asdict(self.effect).items()}
        return {"name": self.name, **fields}


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, float):
        return round(value, 4)
    return value


def draw_effect(preset: str, seed: int) -> Drawn:
    """The effect ``preset`` (a name of :data:`EFFECTS`, or ``real-world``) draws from ``seed``;
    ``real-world`` draws which effect first, then what that effect's own preset draws."""
    if preset == REAL_WORLD:
        pick = np.random.default_rng([seed, 0x8EA1])
        preset = EFFECTS[int(pick.integers(0, len(EFFECTS)))]
    if preset not in EFFECTS:
        raise KitError(
            _("There is no real-world effect '{name}'; choose {names}.").format(
                name=preset, names=", ".join(EFFECTS)
            )
        )
    rng = np.random.default_rng([seed, EFFECTS.index(preset), 0xEFEC])

    def u(low: float, high: float) -> float:
        return float(rng.uniform(low, high))

    effect: Effect
    if preset == "messaging":
        passes = [(int(rng.integers(1600, 2049)), int(rng.integers(60, 76)))]
        if rng.uniform() < 1 / 3:
            passes.append((int(rng.integers(1600, passes[0][0] + 1)), int(rng.integers(60, 76))))
        effect = Messaging(tuple(passes))
    elif preset == "motion":
        effect = Motion(u(7, 15), u(0, 180), u(-0.12, 0.12))
    elif preset == "defocus":
        effect = Defocus(u(3, 6))
    elif preset == "barrel":
        effect = Barrel(u(-0.15, -0.05))
    elif preset == "shadow":
        soft = 0.0 if rng.uniform() < 0.5 else u(0.5, 2.5)
        effect = HardShadow(
            u(0.35, 0.65), u(0.15, 0.4), u(0, 360), rng.uniform() < 0.5, u(0, 1), soft
        )
    elif preset == "low-light":
        effect = LowLight(u(0.12, 0.25), u(9, 16), u(1.0, 1.6), u(2, 4), int(rng.integers(55, 71)))
    elif preset == "curl":
        effect = Curl((2.0, 6.0), (0.3, 0.7), int(rng.integers(0, 2**31)))
    else:
        effect = Glare(
            u(0.04, 0.1), (u(0.1, 0.9), u(0.1, 0.9)), u(0.6, 1.0), u(0, 180), u(1.5, 2.5)
        )
    return Drawn(preset, effect)
