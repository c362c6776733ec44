"""The geometric real-world effects: a wide-angle lens's barrel distortion and paper that does not
lie flat, each as an image warp and as the map of a point of the undistorted photo to where it is
seen in the warped one (for the truth).

A warp is computed as a displacement on a grid a few times coarser than the photo, then enlarged:
both fields are smooth (the curl's only break, at a lifted edge, is then softened over a few
pixels, as the lifted paper's own blurred edge is). A barrel-distorted photo is enlarged so that
its corners stay in place, as a phone crops it, so it shows nothing from beyond the rendered
frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from companion.camera.lens import Aim, Array, Image, project

PointMap = Callable[[Array], Array]
"""Points of the undistorted photo ``(n, 2)`` to where they are seen in the warped photo."""
_BARREL_STEP = 4
_CURL_STEP = 8
_ITERATIONS = 4
"""Fixed-point steps finding which table point a lifted sheet shows at a photo pixel."""


def remap(image: Image, source: Callable[[Array, Array], tuple[Array, Array]], step: int) -> Image:
    """``image`` warped: output pixel ``(x, y)`` takes the input at ``source(x, y)``, computed
    on a grid ``step`` times coarser (where ``cv2.resize`` puts its pixels) and enlarged."""
    height, width = image.shape[:2]
    w, h = -(-width // step), -(-height // step)
    xs = (np.arange(w, dtype=np.float64) + 0.5) * (width / w) - 0.5
    ys = (np.arange(h, dtype=np.float64) + 0.5) * (height / h) - 0.5
    gx, gy = np.meshgrid(xs, ys, indexing="xy")
    sx, sy = source(gx, gy)
    dx = cv2.resize((sx - gx).astype(np.float32), (width, height), interpolation=cv2.INTER_LINEAR)
    dy = cv2.resize((sy - gy).astype(np.float32), (width, height), interpolation=cv2.INTER_LINEAR)
    dx += np.arange(width, dtype=np.float32)[None, :]
    dy += np.arange(height, dtype=np.float32)[:, None]
    return np.asarray(cv2.remap(image, dx, dy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE))


# -- barrel distortion -----------------------------------------------------------------------


def barrel_zoom(k1: float, width: int, height: int, focal_px: float) -> float:
    """How much the phone enlarges a photo with barrel distortion ``k1`` so that its corners stay
    its corners: everything it shows was in the undistorted frame, nothing from beyond it."""
    corner = math.hypot(width / 2, height / 2) / focal_px
    return 1.0 / (1.0 + k1 * corner**2)


def barrel_points(k1: float, width: int, height: int, focal_px: float) -> PointMap:
    """Where the lens puts each point: ``r_d = zoom r_u (1 + k1 r_u²)`` about the photo's
    centre, radii over ``focal_px`` (:func:`barrel_zoom`)."""
    centre = np.array([(width - 1) / 2, (height - 1) / 2])
    zoom = barrel_zoom(k1, width, height, focal_px)

    def distort(points: Array) -> Array:
        offset = np.asarray(points, np.float64).reshape(-1, 2) - centre
        r2 = (offset**2).sum(axis=1, keepdims=True) / focal_px**2
        return np.asarray(centre + offset * zoom * (1.0 + k1 * r2))

    return distort


def barrel(image: Image, k1: float, focal_px: float) -> Image:
    """``image`` through a lens with barrel distortion ``k1`` (< 0), enlarged so that its
    corners stay its corners (:func:`barrel_zoom`): each output pixel takes the undistorted
    point whose distorted radius is its own (the radius inverted by table)."""
    height, width = image.shape[:2]
    cx, cy = (width - 1) / 2, (height - 1) / 2
    zoom = barrel_zoom(k1, width, height, focal_px)
    farthest = math.hypot(cx + 1, cy + 1) / focal_px
    # r_d(r_u) rises until r_u = 1/sqrt(-3 k1); the photo's corners lie well inside that.
    top = min(1.0 / math.sqrt(-3.0 * k1), 2.0 * farthest) if k1 < 0 else 2.0 * farthest
    r_u = np.linspace(0.0, top, 4096)
    r_d = zoom * r_u * (1.0 + k1 * r_u**2)

    def source(x: Array, y: Array) -> tuple[Array, Array]:
        ox, oy = (x - cx) / focal_px, (y - cy) / focal_px
        rd = np.hypot(ox, oy)
        ru = np.interp(rd, r_d, r_u)
        ratio = np.divide(ru, rd, out=np.ones_like(rd), where=rd > 1e-12)
        return cx + ox * ratio * focal_px, cy + oy * ratio * focal_px

    return remap(image, source, _BARREL_STEP)


# -- curled paper ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Bend:
    """One sheet rising towards one of its edges: ``corners`` (table mm, the sheet's four
    corners in order), ``edge`` (0: the edge from corner 0 to 1, then 1→2, 2→3, 3→0), the lift
    at that edge in mm and where the bend starts (0..1 of the way towards the edge)."""

    corners: Array
    edge: int
    lift_mm: float
    start: float

    def height(self, points: Array) -> Array:
        """How high above the table (mm) the sheet is at each table point ``(n, 2)``; 0
        outside the sheet."""
        a, b, d = self.corners[0], self.corners[1], self.corners[3]
        frame = np.column_stack((b - a, d - a))
        uv = (np.asarray(points, np.float64).reshape(-1, 2) - a) @ np.linalg.inv(frame).T
        u, v = uv[:, 0], uv[:, 1]
        across = (1.0 - v, u, v, 1.0 - u)[self.edge]
        t = np.clip((across - self.start) / (1.0 - self.start), 0.0, 1.0)
        inside = (u >= 0) & (u <= 1) & (v >= 0) & (v <= 1)
        return np.asarray(np.where(inside, self.lift_mm * t**2, 0.0))


def _lifted(view: Aim, bends: list[Bend], table: Array) -> Array:
    """Where table points ``(n, 2)`` of the sheets are seen once lifted (photo px)."""
    lift = np.max([b.height(table) for b in bends], axis=0) if bends else np.zeros(len(table))
    world = np.column_stack((table, -lift))  # z points into the table
    cam = (world - view.centre) @ view.rotation.T @ view.camera.T
    return np.asarray(cam[:, :2] / cam[:, 2:3])


def curl_points(view: Aim, bends: list[Bend]) -> PointMap:
    """Where each point of the flat photo is seen once the sheets are lifted."""
    to_table = np.linalg.inv(view.homography)

    def lift(points: Array) -> Array:
        return _lifted(view, bends, project(to_table, points))

    return lift


def curl(image: Image, view: Aim, bends: list[Bend]) -> Image:
    """``image`` (the flat table seen through ``view``) as the camera sees it once the sheets
    rise: each output pixel takes the flat photo's pixel of the table point the lifted sheet
    shows there (fixed-point steps from the flat answer)."""
    h = view.homography
    to_table = np.linalg.inv(h)

    def source(x: Array, y: Array) -> tuple[Array, Array]:
        shape = x.shape
        target = np.column_stack((x.ravel(), y.ravel()))
        aimed = project(to_table, target)
        table = aimed.copy()
        for _ in range(_ITERATIONS):
            table += aimed - project(to_table, _lifted(view, bends, table))
        flat = project(h, table)
        return flat[:, 0].reshape(shape), flat[:, 1].reshape(shape)

    return remap(image, source, _CURL_STEP)
