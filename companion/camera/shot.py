"""What a camera preset draws from the seed before looking at the kit: the camera, the light,
the sensor and the table.

Presets (every figure drawn from the seed by :func:`draw_shot`)
---------------------------------------------------------------
``top``
    12 MP, top-down (tilt ≤ 3°, the board square to the frame within 4°), sharp (blur
    0.25–0.6 px), light noise, even light, JPEG 90–95; pieces turned by 8° at most.
``phone``
    12 MP, tilt 0–35°, any yaw (half the seeds within 15° of square to the frame), blur
    0–1.2 px, sensor noise, uneven light and a soft shadow, JPEG 75–90; pieces at any angle.
``hard``
    8 MP, tilt 15–50°, any yaw (as ``phone``), blur 0.4–1.5 px, more noise, darker, a glare spot
    on the board, a plain object on the table, a product label with a foreign QR code beside the
    board, JPEG 70–85; pieces at any angle.
``messaging``, ``motion``, ``defocus``, ``barrel``, ``shadow``, ``low-light``, ``curl``, ``glare``
    the ``phone`` shot of the same seed with that real-world effect
    (:mod:`companion.camera.effects`); ``real-world``: one of them, drawn from the seed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from companion.camera.effects import Drawn, draw_effect
from companion.camera.lens import (
    Aim,
    Array,
    Light,
    Sensor,
    aim,
)
from companion.camera.objects import OBJECTS
from companion.camera.presets import BASE
from companion.camera.presets import PRESETS as PRESETS
from companion.camera.table import TABLES, Raster
from companion.pose import FOCAL_OVER_WIDTH
from patrolkit.errors import KitError
from patrolkit.i18n import _

FAR_MM = 900.0
"""The table is drawn this far around what is photographed at most; beyond, it is mirrored."""
TABLE_PIXELS = 1.6e6
TABLE_PX_PER_MM = 3.0
"""The table top is drawn at this scale at most, and in this many pixels at most: its texture
is soft, and the photo's noise gives it grain."""


# -- what a preset draws ---------------------------------------------------------------------


@dataclass(frozen=True)
class Shot:
    """Everything a preset draws from the seed before looking at the kit.

    ``roll_deg`` turns the camera about its axis (so the tilt is not always along the photo's
    height), ``fill`` and ``shift`` frame the board (see :func:`companion.camera.lens.aim`),
    ``light_deg`` is where drop shadows fall (board frame) and ``shadow_reach`` how far per mm
    of thickness, ``glare_at`` where the glare spot is (fractions of the grid's width and
    height); ``effect`` the real-world effect developing the photo, if any.
    """

    preset: str
    width: int
    height: int
    focal_px: float
    tilt_deg: float
    roll_deg: float
    yaw_deg: float
    fill: float
    shift: tuple[float, float]
    sensor: Sensor
    light: Light
    table: str
    light_deg: float
    shadow_reach: float
    any_angle: bool
    occluder: str | None
    foreign: bool
    glare_at: tuple[float, float]
    effect: Drawn | None = None

    def table_raster(self, h: Array, middle: Array, *, reach: float = 150.0) -> Raster:
        """A raster of the table covering what the photo (through ``h``, table mm to photo px)
        sees of it: at least ``reach`` mm around ``middle`` and at most :data:`FAR_MM`, at
        :data:`TABLE_PX_PER_MM` at most and in :data:`TABLE_PIXELS` at most."""
        w, ht = self.width, self.height
        frame = np.array(
            [[-0.5, -0.5, 1], [w - 0.5, -0.5, 1], [w - 0.5, ht - 0.5, 1], [-0.5, ht - 0.5, 1]]
        )
        rays = frame @ np.linalg.inv(h).T
        if (rays[:, 2] > 1e-12).all():
            seen = rays[:, :2] / rays[:, 2:3]
        else:  # the horizon is in the photo: as far as the table is drawn
            seen = np.array([middle - FAR_MM, middle + FAR_MM])
        low = np.clip(np.minimum(seen.min(axis=0), middle - reach), middle - FAR_MM, None)
        high = np.clip(np.maximum(seen.max(axis=0), middle + reach), None, middle + FAR_MM)
        scale = min(TABLE_PX_PER_MM, math.sqrt(TABLE_PIXELS / float(np.prod(high - low))))
        cols, rows = (np.ceil((high - low) * scale).astype(int) + 1).tolist()
        return Raster(float(low[0]), float(low[1]), scale, scale, cols, rows)

    def aim(self, framed: Array) -> Aim:
        """The camera of this shot aimed so that ``framed`` (table mm) fills the frame as the
        shot says (see :func:`companion.camera.lens.aim`)."""
        return aim(
            framed,
            width=self.width,
            height=self.height,
            focal_px=self.focal_px,
            tilt_deg=self.tilt_deg,
            roll_deg=self.roll_deg,
            yaw_deg=self.yaw_deg,
            fill=self.fill,
            shift=self.shift,
        )


def draw_shot(preset: str, seed: int) -> Shot:
    """The camera, light and table that ``preset`` draws from ``seed`` (no image work)."""
    if preset not in PRESETS:
        raise KitError(
            _("There is no camera preset '{name}'; choose {names}.").format(
                name=preset, names=", ".join(PRESETS)
            )
        )
    if seed < 0:
        raise KitError(_("A seed is a whole number, 0 or more, not {seed}.").format(seed=seed))
    if preset not in BASE:
        return replace(draw_shot("phone", seed), preset=preset, effect=draw_effect(preset, seed))
    rng = np.random.default_rng([seed, BASE.index(preset), 0x5407])

    def u(low: float, high: float) -> float:
        return float(rng.uniform(low, high))

    hard = preset == "hard"
    width, height = (3264, 2448) if hard else (4000, 3000)
    focal = width * FOCAL_OVER_WIDTH * u(0.97, 1.04)
    if preset == "top":
        tilt, roll, yaw = u(0, 3), u(-3, 3), 90.0 * int(rng.integers(0, 4)) + u(-4, 4)
        fill, blur, noise = u(0.78, 0.9), u(0.25, 0.6), u(0.8, 1.8)
        quality = int(rng.integers(90, 96))
        exposure, cast = u(0.9, 1.0), 0.03
        gradient, vignette, shadow = u(0.02, 0.08), u(0.05, 0.12), 0.0
    else:
        tilt = u(15, 50) if hard else u(0, 35)
        roll = float(np.clip(rng.normal(0, 6), -15, 15))
        if rng.uniform() < 0.2:  # the phone held the other way round
            roll += float(rng.choice([-90.0, 90.0]))
        # Any yaw, but half the time nearly square to the frame, as a phone is mostly held.
        yaw = u(0, 360) if rng.uniform() < 0.5 else 90.0 * int(rng.integers(0, 4)) + u(-15, 15)
        fill = u(0.7, 0.85) if hard else u(0.7, 0.9)
        blur = u(0.4, 1.5) if hard else u(0.0, 1.2)
        noise = u(3.0, 6.0) if hard else u(1.5, 4.0)
        quality = int(rng.integers(70, 86)) if hard else int(rng.integers(75, 91))
        exposure = u(0.7, 0.92) if hard else u(0.8, 1.0)
        cast = 0.15 if hard else 0.10
        gradient = u(0.15, 0.4) if hard else u(0.08, 0.3)
        vignette = u(0.15, 0.35) if hard else u(0.1, 0.3)
        shadow = u(0.25, 0.5) if hard else u(0.15, 0.4)
    warm = u(-1, 1)  # white balance: > 0 too warm (less blue), < 0 too cool (less red)
    gains = (1 - cast * max(warm, 0.0), 1 - cast * 0.3 * abs(warm), 1 - cast * max(-warm, 0.0))
    light = Light(
        exposure=exposure,
        gains=gains,
        gradient=gradient,
        gradient_deg=u(0, 360),
        vignette=vignette,
        shadow=shadow,
        shadow_shape=_photographer_shadow(rng, width, height) if shadow > 0 else (),
        shadow_soft_px=u(0.03, 0.08) * width,
        glare=u(0.5, 0.85) if hard else 0.0,
        glare_radii=(u(0.04, 0.1) * width, u(0.02, 0.05) * width),
        glare_deg=u(0, 180),
    )
    return Shot(
        preset=preset,
        width=width,
        height=height,
        focal_px=focal,
        tilt_deg=tilt,
        roll_deg=roll,
        yaw_deg=yaw % 360.0,
        fill=fill,
        shift=(u(-0.6, 0.6), u(-0.6, 0.6)),
        sensor=Sensor(blur_sigma=blur, noise=noise, chroma=0.6, jpeg_quality=quality),
        light=light,
        table=str(rng.choice(TABLES)),
        light_deg=u(0, 360),
        shadow_reach=u(0.3, 0.9),
        any_angle=preset != "top",
        occluder=str(rng.choice(OBJECTS)) if hard else None,
        foreign=hard,
        glare_at=(u(0.15, 0.85), u(0.15, 0.85)),
    )


def _photographer_shadow(
    rng: np.random.Generator, width: int, height: int
) -> tuple[tuple[float, float], ...]:
    """A large, slightly lumpy blob reaching into the frame from one side (photo pixels)."""
    side = int(rng.integers(0, 4))
    along, beyond = float(rng.uniform(0.2, 0.8)), float(rng.uniform(-0.15, 0.1))
    cx, cy = (
        (along * width, -beyond * height),
        (width * (1 + beyond), along * height),
        (along * width, height * (1 + beyond)),
        (-beyond * width, along * height),
    )[side]
    rx, ry = float(rng.uniform(0.25, 0.5)) * width, float(rng.uniform(0.25, 0.55)) * height
    turn = math.radians(float(rng.uniform(0, 180)))
    c, s = math.cos(turn), math.sin(turn)
    points = []
    for k in range(48):
        a = 2 * math.pi * k / 48
        lump = 1 + 0.08 * math.sin(3 * a + turn)
        x, y = rx * lump * math.cos(a), ry * lump * math.sin(a)
        points.append((cx + x * c - y * s, cy + x * s + y * c))
    return tuple(points)
