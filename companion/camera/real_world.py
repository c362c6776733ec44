"""Developing a virtual-camera photo with its preset's real-world effect, and the truth that
follows it.

Each scene hands :func:`develop_shot` its optical image and a :class:`Subject` (the camera, the
board and the sheets of paper); without an effect this is :func:`companion.camera.lens.develop`,
byte for byte. With one, the effect takes its place in the phone's chain:

1. the scene as the lens forms it: ``curl`` (lifted paper), ``barrel`` (the lens), then
   ``defocus`` and ``motion`` (blur of the optical image);
2. the light (:func:`companion.camera.lens.expose`), then ``shadow`` on the board;
3. the sensor: ``low-light`` dims the image to its coarse levels before the noise and pushes it
   back up after; ``glare`` saturates its spot after the noise, as a clipped sensor does;
4. the phone's processing and its JPEG (``low-light``: the denoiser's smear, a lower quality);
5. ``messaging``: the app's resizing and recompression of the JPEG.

The truth then gets an ``effect`` key (the name and every parameter drawn, plus what was
measured on this photo), every ``*_px`` point is moved to where the effect shows it (the warps
and the resizing), and ``width``, ``height``, ``jpeg_quality`` and the camera's scale are those of
the saved photo. The board's ``homography`` is the pinhole camera's, before a warp (with
``messaging`` it includes the resizing).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from companion.camera.blur import convolve, disc_kernel, motion_kernel
from companion.camera.effects import (
    Barrel,
    Curl,
    Defocus,
    Glare,
    HardShadow,
    LowLight,
    Messaging,
    Motion,
    px_scale,
)
from companion.camera.lens import (
    Aim,
    Array,
    Image,
    Light,
    Sensor,
    add_noise,
    develop,
    expose,
    noise_rng,
    project,
    save_jpeg,
)
from companion.camera.shade import Box, cast_shadow, glare_spot, shadow_polygon
from companion.camera.shot import Shot
from companion.camera.warp import (
    Bend,
    PointMap,
    barrel,
    barrel_points,
    barrel_zoom,
    curl,
    curl_points,
)

SUBSAMPLING = (cv2.IMWRITE_JPEG_SAMPLING_FACTOR, cv2.IMWRITE_JPEG_SAMPLING_FACTOR_420)
"""Messaging apps save colour at half resolution each way (4:2:0)."""
PUSH = 0.92
"""How bright the phone makes a dim photo again, relative to a well-lit one."""


@dataclass(frozen=True, eq=False)
class Subject:
    """What an effect needs of the scene: the camera, the board's bounds (left, top, right,
    bottom, table mm) and each sheet of paper that may curl (four corners, table mm)."""

    view: Aim
    board: Box
    sheets: tuple[Array, ...]


@dataclass(frozen=True, eq=False)
class Developed:
    """The saved photo, and what the effect changed that the truth must say."""

    image: Image
    jpeg: bytes
    quality: int
    record: dict[str, Any] | None = None
    points: list[PointMap] = field(default_factory=list)

    def truth(self, truth: dict[str, Any]) -> dict[str, Any]:
        """``truth`` (a scene's, for the photo before the effect) made true of this photo."""
        if self.record is None:
            return truth
        moved: dict[str, Any] = _moved(truth, self.points)
        height, width = self.image.shape[:2]
        scale = width / float(truth["width"])
        moved.update(width=width, height=height, jpeg_quality=self.quality, effect=self.record)
        if scale != 1.0:
            camera = dict(moved["camera"])
            for key in ("px_per_mm_min", "px_per_mm_max"):
                camera[key] = round(camera[key] * scale, 3)
            moved["camera"] = camera
            if "board" in moved and "homography" in moved["board"]:
                resize = np.array([[scale, 0, 0.5 * scale - 0.5], [0, scale, 0.5 * scale - 0.5]])
                hom = np.vstack((resize, [0, 0, 1])) @ np.array(moved["board"]["homography"])
                hom /= hom[2, 2]
                moved["board"] = {**moved["board"], "homography": hom.tolist()}
        return moved


def _moved(value: Any, points: list[PointMap], key: str = "") -> Any:
    """``value`` with every list of points under a ``*_px`` key moved through ``points``."""
    if isinstance(value, dict):
        return {k: _moved(v, points, k) for k, v in value.items()}
    if isinstance(value, list):
        if key.endswith("_px") and value and points:
            single = not isinstance(value[0], list)
            array = np.array([value] if single else value, np.float64).reshape(-1, 2)
            for move in points:
                array = move(array)
            out = [[round(float(x), 2), round(float(y), 2)] for x, y in array]
            return out[0] if single else out
        return [_moved(v, points) for v in value]
    return value


def develop_shot(
    optical: Image, light: Light, shot: Shot, seed: int, subject: Subject
) -> Developed:
    """The saved photo of ``optical`` under ``light``, with ``shot``'s effect if it has one."""
    if shot.effect is None:
        image, jpeg = develop(optical, light, shot.sensor, seed)
        return Developed(image, jpeg, shot.sensor.jpeg_quality)
    effect = shot.effect.effect
    record = shot.effect.record()
    height, width = optical.shape[:2]
    scale = px_scale(width, height)
    points: list[PointMap] = []
    h = subject.view.homography
    image = optical
    if isinstance(effect, Curl):
        bends = _bends(effect, subject)
        record["sheets"] = [
            {"edge": b.edge, "lift_mm": round(b.lift_mm, 3), "start": round(b.start, 3)}
            for b in bends
        ]
        image = curl(image, subject.view, bends)
        points.append(curl_points(subject.view, bends))
    elif isinstance(effect, Barrel):
        record["zoom"] = round(barrel_zoom(effect.k1, width, height, shot.focal_px), 4)
        image = barrel(image, effect.k1, shot.focal_px)
        points.append(barrel_points(effect.k1, width, height, shot.focal_px))
    elif isinstance(effect, Defocus):
        record["radius_px_here"] = round(effect.radius_px * scale, 3)
        image = convolve(image, disc_kernel(effect.radius_px * scale))
    elif isinstance(effect, Motion):
        record["length_px_here"] = round(effect.length_px * scale, 3)
        image = convolve(
            image, motion_kernel(effect.length_px * scale, effect.angle_deg, effect.bend)
        )
    image = expose(image, light, shot.sensor)
    if isinstance(effect, HardShadow):
        polygon, covered = shadow_polygon(effect, subject.board)
        outline = project(h, polygon)
        record["covered"] = round(covered, 4)
        record["outline_px"] = [[round(float(x), 2), round(float(y), 2)] for x, y in outline]
        image = cast_shadow(image, outline, effect.darkness, effect.soft_px * scale)
    quality = shot.sensor.jpeg_quality
    if isinstance(effect, LowLight):
        image = _low_light(image, effect, shot.sensor, seed, scale)
        quality = effect.quality
    elif shot.sensor.noise > 0:
        image = add_noise(image, shot.sensor, noise_rng(seed))
    if isinstance(effect, Glare):
        image, where = glare_spot(image, effect, h, subject.board)
        record.update(where)
    image, jpeg = save_jpeg(image, quality)
    if isinstance(effect, Messaging):
        sizes = []
        for long_side, pass_quality in effect.passes:
            rows, cols = image.shape[:2]
            ratio = long_side / max(rows, cols)
            size = (round(cols * ratio), round(rows * ratio))
            sx, sy = size[0] / cols, size[1] / rows
            image = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
            image, jpeg = save_jpeg(image, pass_quality, SUBSAMPLING)
            points.append(_resized(sx, sy))
            sizes.append(list(size))
            quality = pass_quality
        record["sizes"] = sizes
        record["subsampling"] = "4:2:0"
    return Developed(image, jpeg, quality, record, points)


def _resized(sx: float, sy: float) -> PointMap:
    """Where a point goes when the photo is resized by ``sx`` x ``sy`` (pixel centres)."""

    def move(points: Array) -> Array:
        return np.asarray((points + 0.5) * np.array([sx, sy]) - 0.5)

    return move


def _bends(effect: Curl, subject: Subject) -> list[Bend]:
    """How each sheet of the subject rises, drawn from the effect's seed."""
    rng = np.random.default_rng([effect.seed, 0xC081])
    return [
        Bend(
            np.asarray(corners, np.float64),
            int(rng.integers(0, 4)),
            float(rng.uniform(*effect.lift_mm)),
            float(rng.uniform(*effect.start)),
        )
        for corners in subject.sheets
    ]


def _low_light(image: Image, effect: LowLight, sensor: Sensor, seed: int, scale: float) -> Image:
    """A dim exposure pushed back up: the dim image's coarse levels and noise made
    ``effect.noise`` grey levels by the push, then the denoiser's smear."""
    gain = PUSH / effect.dim
    dim = cv2.convertScaleAbs(image, alpha=effect.dim)
    noisy = Sensor(sensor.blur_sigma, effect.noise / gain, effect.chroma, effect.quality)
    dim = add_noise(dim, noisy, noise_rng(seed))
    pushed = cv2.convertScaleAbs(dim, alpha=gain)
    ycc = cv2.cvtColor(pushed, cv2.COLOR_BGR2YCrCb)
    luma, cr, cb = cv2.split(ycc)
    luma = cv2.bilateralFilter(luma, 5, 2.5 * effect.noise, 1.5 * scale)
    smear = effect.smear_px * scale
    cr = cv2.GaussianBlur(cr, (0, 0), smear)
    cb = cv2.GaussianBlur(cb, (0, 0), smear)
    return np.asarray(cv2.cvtColor(cv2.merge((luma, cr, cb)), cv2.COLOR_YCrCb2BGR))
