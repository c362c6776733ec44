"""The virtual camera's optics: a pinhole camera over the table, and a phone's image processing.

Frames
------
* **Table plane**: the board frame of the manifest (millimetres from the grid's top-left corner,
  x right, y down), extended over the whole table; z points into the table, so the camera,
  above the table, has a negative z.
* **Photo pixels**: OpenCV's convention: ``(0, 0)`` is the *centre* of the top-left pixel, x right,
  y down.

The camera is placed analytically: :func:`aim` finds the homography ``H`` from table millimetres to
photo pixels for a tilt, a yaw and how much of the frame a region should fill. Everything drawn on
the table is then warped once with ``H`` and :func:`develop` turns the optical image into what a
phone saves: lens blur, uneven light, a soft shadow, glare, sensor noise and JPEG.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

Array = np.ndarray
"""Coordinates and matrices (float64)."""
Image = np.ndarray
"""Pixels: BGR (or one channel), uint8."""


def rotation(tilt_deg: float, roll_deg: float, yaw_deg: float) -> Array:
    """The camera's rotation (table frame to camera frame).

    ``tilt_deg`` is the angle between the optical axis and the table's normal; the camera leans
    so that the far side of the table is at the top of the photo, then turns by ``roll_deg`` about
    its optical axis. ``yaw_deg`` is the direction of the table's x axis in a top-down photo
    (clockwise from the photo's x axis).
    """
    return _rz(roll_deg) @ _rx(-tilt_deg) @ _rz(yaw_deg - roll_deg)


def _rz(deg: float) -> Array:
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


def _rx(deg: float) -> Array:
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return np.array([[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]])


def intrinsics(width: int, height: int, focal_px: float) -> Array:
    """The camera matrix, principal point at the photo's centre."""
    return np.array(
        [[focal_px, 0.0, (width - 1) / 2], [0.0, focal_px, (height - 1) / 2], [0.0, 0.0, 1.0]]
    )


def homography(camera: Array, rot: Array, centre: Array) -> Array:
    """Table mm (z = 0) to photo pixels for a camera at ``centre`` (mm) turned by ``rot``."""
    h = camera @ np.column_stack((rot[:, 0], rot[:, 1], -rot @ centre))
    return np.asarray(h / h[2, 2])


def project(h: Array, points: Array) -> Array:
    """Apply the homography ``h`` to ``(n, 2)`` points."""
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    ones = np.ones((len(pts), 1))
    out = np.hstack((pts, ones)) @ h.T
    return np.asarray(out[:, :2] / out[:, 2:3])


@dataclass(frozen=True)
class Aim:
    """Where the camera is: its homography and the camera itself."""

    homography: Array
    camera: Array
    rotation: Array
    centre: Array


def aim(
    region: Array,
    *,
    width: int,
    height: int,
    focal_px: float,
    tilt_deg: float,
    roll_deg: float,
    yaw_deg: float,
    fill: float,
    shift: tuple[float, float] = (0.0, 0.0),
) -> Aim:
    """Place the camera so that ``region`` (table points, mm) fills ``fill`` of the frame.

    ``fill`` is the larger of the region's bounding box width over the photo's width and its
    height over the photo's height. ``shift`` (each in -1..1) moves the region off the photo's
    centre by that fraction of the room left on each side.
    """
    cam = intrinsics(width, height, focal_px)
    rot = rotation(tilt_deg, roll_deg, yaw_deg)
    axis = rot.T @ np.array([0.0, 0.0, 1.0])
    target = np.append(region.mean(axis=0), 0.0)
    extent = float(np.ptp(region, axis=0).max())
    frame = np.array([width, height], np.float64)

    def framing(distance: float) -> tuple[float, Array]:
        """How much of the frame the region fills from ``distance``, and where it is seen; a
        fill of infinity when part of the region is behind the camera."""
        centre = target - distance * axis
        depth = (np.column_stack((region, np.zeros(len(region)))) - centre) @ axis
        if float(depth.min()) <= 1.0:
            return float("inf"), np.empty((0, 2))
        seen = project(homography(cam, rot, centre), region)
        size = seen.max(axis=0) - seen.min(axis=0)
        return float(max(size[0] / width, size[1] / height)), seen

    def distance_for_fill() -> float:
        """The distance at which the region fills ``fill`` of the frame (bisection: the fill
        shrinks as the camera backs away, once the whole region is in front of it)."""
        near, far = 0.0, 50.0 * extent + 1000.0
        for _ in range(60):
            middle = (near + far) / 2
            if framing(middle)[0] > fill:
                near = middle
            else:
                far = middle
        return far

    for _ in range(12):
        distance = distance_for_fill()
        _, seen = framing(distance)
        low, high = seen.min(axis=0), seen.max(axis=0)
        room = np.maximum(frame - (high - low), 0.0)
        want = (frame - 1) / 2 + np.array(shift) * room / 2
        h = homography(cam, rot, target - distance * axis)
        back = project(np.linalg.inv(h), np.vstack(((low + high) / 2, want)))
        if float(np.abs(back[0] - back[1]).max()) < 1e-3:
            break
        target[:2] += back[0] - back[1]
    distance = distance_for_fill()
    h = homography(cam, rot, target - distance * axis)
    seen = project(h, region)
    if float(seen.min()) < -0.5 or bool((seen.max(axis=0) > frame - 0.5).any()):
        raise ValueError("the region does not fit the frame")  # a bug of ours, never a photo
    return Aim(h, cam, rot, target - distance * axis)


def jacobian(h: Array, point: tuple[float, float]) -> Array:
    """The 2 x 2 derivative of photo pixels by table millimetres at ``point``."""
    x, y = point
    a, b, w = h @ np.array([x, y, 1.0])
    return np.array(
        [
            [(h[0, 0] * w - a * h[2, 0]) / w**2, (h[0, 1] * w - a * h[2, 1]) / w**2],
            [(h[1, 0] * w - b * h[2, 0]) / w**2, (h[1, 1] * w - b * h[2, 1]) / w**2],
        ]
    )


def scale_range(h: Array, points: Array) -> tuple[float, float]:
    """The smallest and largest local scale (pixels per mm, over every direction) at ``points``."""
    values = [np.linalg.svd(jacobian(h, (float(x), float(y))), compute_uv=False) for x, y in points]
    return float(min(v[1] for v in values)), float(max(v[0] for v in values))


def direction_deg(h: Array, point: tuple[float, float], vector: tuple[float, float]) -> float:
    """The photo direction (degrees clockwise from the photo's x axis, 0..360) of a table
    ``vector`` at ``point``."""
    dx, dy = jacobian(h, point) @ np.array(vector)
    return math.degrees(math.atan2(dy, dx)) % 360.0


# -- the phone's processing ------------------------------------------------------------------


@dataclass(frozen=True)
class Light:
    """Uneven light and what the phone does with it; every factor multiplies the optical image.

    ``gains`` is the white balance error (B, G, R), ``gradient`` the relative change of light
    across the photo along ``gradient_deg``, ``vignette`` the darkening at the corners,
    ``shadow`` the darkening inside the soft shadow ``shadow_shape`` (a polygon in photo pixels,
    penumbra ``shadow_soft_px``), ``glare`` the strength (0..1, towards white) of a specular
    spot at ``glare_xy`` with radii ``glare_radii`` and angle ``glare_deg``.
    """

    exposure: float
    gains: tuple[float, float, float]
    gradient: float
    gradient_deg: float
    vignette: float
    shadow: float = 0.0
    shadow_shape: tuple[tuple[float, float], ...] = ()
    shadow_soft_px: float = 0.0
    glare: float = 0.0
    glare_xy: tuple[float, float] = (0.0, 0.0)
    glare_radii: tuple[float, float] = (1.0, 1.0)
    glare_deg: float = 0.0


_MAP_STEP = 8
"""Light maps are computed on a grid this many times coarser than the photo, then enlarged."""
_GAIN_SCALE = 200.0
"""Light factors are stored as bytes: 200 is a factor of 1."""


def light_maps(width: int, height: int, light: Light) -> tuple[Image, Image | None]:
    """The multiplicative light (3 channels, 200 = 1.0) and additive glare (or ``None``),
    both at photo size."""
    w, h = -(-width // _MAP_STEP), -(-height // _MAP_STEP)
    # Where cv2.resize takes the small map's pixels to be, in photo pixels.
    xs = (np.arange(w, dtype=np.float32) + 0.5) * (width / w) - 0.5
    ys = (np.arange(h, dtype=np.float32) + 0.5) * (height / h) - 0.5
    gx, gy = np.meshgrid(
        (xs - width / 2) / (width / 2), (ys - height / 2) / (height / 2), indexing="xy"
    )
    angle = math.radians(light.gradient_deg)
    along = (gx * math.cos(angle) * width + gy * math.sin(angle) * height) / math.hypot(
        width, height
    )
    level = 1.0 + light.gradient * along
    radius2 = (gx**2 * width**2 + gy**2 * height**2) / (width**2 + height**2)
    level *= 1.0 - light.vignette * radius2
    if light.shadow > 0 and light.shadow_shape:
        shape = np.zeros((h, w), np.float32)
        polygon = (np.array(light.shadow_shape) + 0.5) * (w / width, h / height) - 0.5
        cv2.fillPoly(shape, [np.round(polygon * 16).astype(np.int32)], 1.0, cv2.LINE_AA, shift=4)
        soft = max(light.shadow_soft_px * w / width, 0.5)
        level *= 1.0 - light.shadow * cv2.GaussianBlur(shape, (0, 0), soft)
    level *= light.exposure
    gains = np.array(light.gains, np.float32)
    small = np.clip(level[..., None] * gains * _GAIN_SCALE, 0, 255).astype(np.uint8)
    multiply = cv2.resize(small, (width, height), interpolation=cv2.INTER_LINEAR)
    glare = None
    if light.glare > 0:
        gx_px = xs[None, :] - light.glare_xy[0]
        gy_px = ys[:, None] - light.glare_xy[1]
        c, s = math.cos(math.radians(light.glare_deg)), math.sin(math.radians(light.glare_deg))
        u = (gx_px * c + gy_px * s) / light.glare_radii[0]
        v = (-gx_px * s + gy_px * c) / light.glare_radii[1]
        r2 = u**2 + v**2
        spot = light.glare * (0.75 * np.exp(-r2 / 2) + 0.25 * np.exp(-r2 * 4))
        glare_small = np.clip(spot * 255, 0, 255).astype(np.uint8)
        glare = cv2.resize(glare_small, (width, height), interpolation=cv2.INTER_LINEAR)
    return multiply, glare


@dataclass(frozen=True)
class Sensor:
    """What the phone's sensor and processing add: ``blur_sigma`` (px) of lens blur, luminance
    noise of ``noise`` grey levels (standard deviation) with ``chroma`` of it as colour noise,
    and JPEG at ``jpeg_quality``."""

    blur_sigma: float
    noise: float
    chroma: float
    jpeg_quality: int


def develop(optical: Image, light: Light, sensor: Sensor, seed: int) -> tuple[Image, bytes]:
    """Turn the optical image into the saved photo: its pixels (decoded back) and JPEG bytes."""
    image = expose(optical, light, sensor)
    if sensor.noise > 0:
        image = add_noise(image, sensor, noise_rng(seed))
    return save_jpeg(image, sensor.jpeg_quality)


def expose(optical: Image, light: Light, sensor: Sensor) -> Image:
    """The optical image through the lens's blur and the light (glare included), before the
    sensor's noise."""
    height, width = optical.shape[:2]
    image = optical
    if sensor.blur_sigma >= 0.05:
        image = cv2.GaussianBlur(image, (0, 0), sensor.blur_sigma)
    multiply, glare = light_maps(width, height, light)
    image = cv2.multiply(image, multiply, scale=1 / _GAIN_SCALE)
    if glare is not None:
        # Towards white: out = in * (1 - g) + 255 * g.
        glare3 = cv2.merge((glare, glare, glare))
        image = cv2.add(cv2.multiply(image, cv2.bitwise_not(glare3), scale=1 / 255), glare3)
    return np.asarray(image)


def noise_rng(seed: int) -> np.random.Generator:
    """The generator of a photo's sensor noise."""
    return np.random.default_rng([seed, 0x5E45])


def save_jpeg(image: Image, quality: int, params: tuple[int, ...] = ()) -> tuple[Image, bytes]:
    """``image`` saved as a JPEG at ``quality`` (and OpenCV's ``params``): the pixels decoded
    back, and the file's bytes."""
    flags = [cv2.IMWRITE_JPEG_QUALITY, quality, *params]
    ok, encoded = cv2.imencode(".jpg", image, flags)
    if not ok:
        raise RuntimeError("OpenCV could not encode a JPEG")
    data = encoded.tobytes()
    return np.asarray(cv2.imdecode(encoded, cv2.IMREAD_COLOR), dtype=np.uint8), data


_TRIANGULAR_SIGMA = 256 / math.sqrt(24)
"""Standard deviation of the mean of two uniform bytes."""
_ENLARGED = {2: 0.625, 4: 0.65625}
"""How much enlarging independent noise 2 or 4 times (bilinear) scales its standard deviation:
the mean over the output pixels of w² + (1 - w)², w their offsets between two samples."""


def add_noise(image: Image, sensor: Sensor, rng: np.random.Generator) -> Image:
    """Add luminance noise with a fine grain (half resolution, enlarged: demosaicing and the
    phone's denoiser leave noise correlated over about two pixels) and coarser colour noise."""
    height, width = image.shape[:2]
    half = (-(-height // 2), -(-width // 2))
    first = rng.integers(0, 256, half, dtype=np.uint8)
    second = rng.integers(0, 256, half, dtype=np.uint8)
    luma = cv2.resize(cv2.addWeighted(first, 0.5, second, 0.5, 0), (width, height))
    k = sensor.noise / (_TRIANGULAR_SIGMA * _ENLARGED[2])
    image = cv2.addWeighted(image, 1.0, cv2.merge((luma, luma, luma)), k, -128 * k)
    if sensor.chroma > 0:
        quarter = (-(-height // 4), -(-width // 4), 3)
        colour = cv2.addWeighted(
            rng.integers(0, 256, quarter, dtype=np.uint8),
            0.5,
            rng.integers(0, 256, quarter, dtype=np.uint8),
            0.5,
            0,
        )
        colour = cv2.resize(colour, (width, height))
        kc = sensor.noise * sensor.chroma / (_TRIANGULAR_SIGMA * _ENLARGED[4])
        image = cv2.addWeighted(image, 1.0, colour, kc, -128 * kc)
    return image
