"""The geometry of a 12 Patrols photo: the table's plane from the cards' codes, the camera above
it, and where a folded item stands from the code on its top face.

There is no board: the cards lie where the player put them. Every card code the photo reads is a
square of known size (:data:`CARD_CODE_MM`) at a known place on its card, and all the cards lie on
one plane, each moved and turned in it. :func:`fit_table` finds together the homography from that
plane to the photo and each card's pose in it, by turns: the cards' poses given the homography
(each a rigid fit of its code's corners), then the homography given the poses (a least-squares
fit of every corner), until neither moves. The *table frame* is the first card's own frame
(millimetres from its top-left corner, the card upright, x right, y down; z into the table).

A die or cube stands :func:`height` mm tall and its top face's code is seen above the table: the
homography alone would put it too far from the photo's centre. :class:`Camera` recovers the
camera from the homography (principal point at the photo's centre, the focal length from the
homography when the photo is tilted enough to tell it, else a phone's) and
:meth:`Camera.on_plane` follows a pixel's ray down to any height, so a code read on an item gives
the spot on the table under it — and tells a top face (a square of the code's size at the item's
height) from a side face seen aslant (not a square at that height).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import cv2
import numpy as np

from companion.pose import FOCAL_OVER_WIDTH
from patrolkit.games.twelve_patrols import Item
from patrolkit.sizes import TwelvePatrols

Array = np.ndarray
CARD_CODE_MM: Final = TwelvePatrols.CARD_QR_MM
ITEM_CODE_MM: Final = (17 + 4 * TwelvePatrols.ITEM_QR_VERSION) * TwelvePatrols.ITEM_MODULE_MM
CODE_ORIGIN: Final = TwelvePatrols.CARD_QR_ORIGIN
DIE_CODE_TOP_MM: Final = 3.9
"""How far below a die face's top edge its code starts (its colour frame, a clearance and the
quiet zone, as the kit prints it); a cube face's code is centred."""
DIE_CODE_DROP_MM: Final = TwelvePatrols.DIE_FACE_MM / 2 - DIE_CODE_TOP_MM - ITEM_CODE_MM / 2
"""From a die face's code centre down the code to the face's centre."""
SQUARE_TOLERANCE: Final = 0.1
"""A top face's code, brought down to its height, is a square of :data:`ITEM_CODE_MM` within
this share on every side and diagonal (measured: at most 0.06)."""
ASLANT_DEG: Final = (33.0, 58.0)
"""Seen from this high above the horizon, a side face brought to the top face's height can be
as square as a top face (a ray at 45° makes the two planes mirror images): the code alone cannot
tell them apart there."""


def height(item: Item) -> float:
    """How high a folded item's top face stands: its edge."""
    return TwelvePatrols.DIE_FACE_MM if item.is_die else TwelvePatrols.CUBE_FACE_MM


def apply(h: Array, points: Array) -> Array:
    """The homography ``h`` applied to ``(n, 2)`` points."""
    pts = np.asarray(points, np.float64).reshape(-1, 2)
    out = np.c_[pts, np.ones(len(pts))] @ h.T
    return np.asarray(out[:, :2] / out[:, 2:3])


def code_square(side: float) -> Array:
    """A code's corners in its own frame: top-left, top-right, bottom-right, bottom-left."""
    return np.array([[0.0, 0.0], [side, 0.0], [side, side], [0.0, side]])


def card_code_corners() -> Array:
    """A card code's corners in the card frame."""
    return code_square(CARD_CODE_MM) + np.array(CODE_ORIGIN)


def rigid_fit(source: Array, target: Array) -> Array:
    """The 3 x 3 rotation and translation taking ``source`` points closest to ``target``."""
    ms, mt = source.mean(axis=0), target.mean(axis=0)
    u, _, vt = np.linalg.svd((source - ms).T @ (target - mt))
    d = np.sign(np.linalg.det(vt.T @ u.T)) or 1.0
    rot = vt.T @ np.diag([1.0, d]) @ u.T
    out = np.eye(3)
    out[:2, :2] = rot
    out[:2, 2] = mt - rot @ ms
    return out


def turn_deg(pose: Array) -> float:
    """The rotation of a rigid pose, degrees clockwise as seen (y down), -180..180."""
    return math.degrees(math.atan2(pose[1, 0], pose[0, 0]))


@dataclass(frozen=True, eq=False)
class Table:
    """The table's plane: ``to_photo`` maps table mm to photo pixels; ``poses[k]`` maps card
    ``k``'s frame to the table frame; ``error_px`` is the root-mean-square distance between the
    codes' corners as read and as the fit puts them."""

    to_photo: Array
    poses: tuple[Array, ...]
    error_px: float

    @property
    def from_photo(self) -> Array:
        return np.asarray(np.linalg.inv(self.to_photo))

    def table_points(self, photo_px: Array) -> Array:
        return apply(self.from_photo, photo_px)


def fit_table(codes: list[Array]) -> Table:
    """The plane and the card poses from the corners (photo pixels, code order) of each card's
    code; the first card's pose is the identity.

    A few rounds of poses-then-homography give a start; a damped least-squares (Levenberg-
    Marquardt) fit of the homography and every pose together, in normalised units, finishes.
    """
    model = card_code_corners()
    h, _ = cv2.findHomography(model, codes[0])
    poses = [np.eye(3) for _ in codes]
    for _ in range(4 if len(codes) > 1 else 0):
        inverse = np.linalg.inv(h)
        new = [rigid_fit(model, apply(inverse, c)) for c in codes]
        poses = [np.linalg.inv(new[0]) @ p for p in new]
        h, _ = cv2.findHomography(np.vstack([apply(p, model) for p in poses]), np.vstack(codes))
    if len(codes) > 1:
        h, poses = _refine(h, poses, codes)
    seen = np.vstack([apply(h @ p, model) for p in poses])
    error = float(np.sqrt(np.mean(np.sum((seen - np.vstack(codes)) ** 2, axis=1))))
    return Table(np.asarray(h / h[2, 2]), tuple(poses), error)


_TABLE_UNIT: Final = 100.0
_PHOTO_UNIT: Final = 1000.0


def _refine(h: Array, poses: list[Array], codes: list[Array]) -> tuple[Array, list[Array]]:
    """Levenberg-Marquardt over the homography (8 numbers) and every pose but the first (turn
    and shift), minimising the distance between the corners as read and as projected."""
    model = card_code_corners()
    target = np.vstack(codes)
    middle = target.mean(axis=0)
    photo_n = np.array(
        [
            [1 / _PHOTO_UNIT, 0, -middle[0] / _PHOTO_UNIT],
            [0, 1 / _PHOTO_UNIT, -middle[1] / _PHOTO_UNIT],
            [0, 0, 1.0],
        ]
    )
    table_n = np.diag([1 / _TABLE_UNIT, 1 / _TABLE_UNIT, 1.0])
    hn = photo_n @ h @ np.linalg.inv(table_n)
    hn = hn / hn[2, 2]
    goal = apply(photo_n, target).ravel()
    start = [hn.ravel()[:8]]
    for pose in poses[1:]:
        start.append(
            np.array(
                [
                    math.atan2(pose[1, 0], pose[0, 0]),
                    pose[0, 2] / _TABLE_UNIT,
                    pose[1, 2] / _TABLE_UNIT,
                ]
            )
        )
    x = np.concatenate(start)
    model_n = model / _TABLE_UNIT

    def unpack(v: Array) -> tuple[Array, list[Array]]:
        hh = np.append(v[:8], 1.0).reshape(3, 3)
        ps = [np.eye(3)]
        for k in range(len(codes) - 1):
            a, tx, ty = v[8 + 3 * k : 11 + 3 * k]
            c, s = math.cos(a), math.sin(a)
            ps.append(np.array([[c, -s, tx], [s, c, ty], [0, 0, 1.0]]))
        return hh, ps

    def residuals(vs: Array) -> Array:
        # every card's corners on the plane at once, for each row of ``vs``: turn and shift
        # each pose, then project
        zero = np.zeros((len(vs), 1))
        turn = np.concatenate([zero, vs[:, 8::3]], axis=1)[:, :, None]
        shift_x = np.concatenate([zero, vs[:, 9::3]], axis=1)[:, :, None]
        shift_y = np.concatenate([zero, vs[:, 10::3]], axis=1)[:, :, None]
        c, s = np.cos(turn), np.sin(turn)
        x = c * model_n[:, 0] - s * model_n[:, 1] + shift_x
        y = s * model_n[:, 0] + c * model_n[:, 1] + shift_y
        hh = vs[:, :8, None, None]
        w = hh[:, 6] * x + hh[:, 7] * y + 1.0
        u = (hh[:, 0] * x + hh[:, 1] * y + hh[:, 2]) / w
        t = (hh[:, 3] * x + hh[:, 4] * y + hh[:, 5]) / w
        return np.stack([u, t], axis=-1).reshape(len(vs), -1) - goal

    def residual(v: Array) -> Array:
        return np.asarray(residuals(v[None, :])[0])

    nudges = np.eye(len(x)) * 1e-7
    damping = 1e-3
    r = residual(x)
    cost = float(r @ r)
    for _ in range(30):
        jac = np.ascontiguousarray(((residuals(x + nudges) - r) / 1e-7).T)  # a column a nudge
        normal = jac.T @ jac
        gradient = jac.T @ r
        improved = False
        for _ in range(10):
            delta = np.linalg.solve(normal + damping * np.diag(np.diag(normal) + 1e-12), -gradient)
            trial = residual(x + delta)
            if float(trial @ trial) < cost:
                x, r, cost = x + delta, trial, float(trial @ trial)
                damping = max(damping / 3, 1e-9)
                improved = True
                break
            damping *= 4
        if not improved or float(np.abs(delta).max()) < 1e-10:
            break
    hh, ps = unpack(x)
    h = np.linalg.inv(photo_n) @ hh @ table_n
    poses = [np.linalg.inv(table_n) @ p @ table_n for p in ps]
    return np.asarray(h / h[2, 2]), poses


@dataclass(frozen=True, eq=False)
class Camera:
    """The camera over the table: ``k`` (intrinsics), ``r`` (table to camera rotation) and
    ``centre`` (table mm; z < 0 above the table)."""

    k: Array
    r: Array
    centre: Array

    @classmethod
    def of(cls, to_photo: Array, width: int, height: int) -> Camera:
        """The camera that sees the table through ``to_photo``."""
        cx, cy = (width - 1) / 2, (height - 1) / 2
        g = np.array([[1, 0, -cx], [0, 1, -cy], [0, 0, 1.0]]) @ to_photo
        g1, g2 = g[:, 0], g[:, 1]
        a = np.array(
            [g1[0] * g2[0] + g1[1] * g2[1], g1[0] ** 2 + g1[1] ** 2 - g2[0] ** 2 - g2[1] ** 2]
        )
        b = np.array([g1[2] * g2[2], g1[2] ** 2 - g2[2] ** 2])
        phone = FOCAL_OVER_WIDTH * max(width, height)
        w = -float(a @ b) / max(float(a @ a), 1e-30)
        focal = 1 / math.sqrt(w) if w > 0 else phone
        if not 0.6 * phone <= focal <= 1.6 * phone:
            focal = phone
        k = np.array([[focal, 0, cx], [0, focal, cy], [0, 0, 1.0]])
        m = np.linalg.inv(k) @ to_photo
        scale = 2 / (np.linalg.norm(m[:, 0]) + np.linalg.norm(m[:, 1]))
        m = m * scale
        if m[2, 2] < 0:
            m = -m
        r1, r2, t = m[:, 0], m[:, 1], m[:, 2]
        u, _, vt = np.linalg.svd(np.c_[r1, r2, np.cross(r1, r2)])
        r = u @ vt
        return cls(k, r, -r.T @ t)

    def plane(self, height_mm: float) -> Array:
        """The homography from the plane ``height_mm`` above the table (its x, y) to the photo."""
        r = self.r
        t = -r @ self.centre
        h = self.k @ np.c_[r[:, 0], r[:, 1], t - height_mm * r[:, 2]]
        return np.asarray(h / h[2, 2])

    def on_plane(self, photo_px: Array, height_mm: float) -> Array:
        """Where the rays through ``photo_px`` meet the plane ``height_mm`` above the table (x,
        y in table mm)."""
        return apply(np.linalg.inv(self.plane(height_mm)), photo_px)

    def seen(self, points: Array) -> Array:
        """Table points (x, y, z; z < 0 above) in photo pixels."""
        p = (self.k @ self.r @ (np.asarray(points, np.float64) - self.centre).T).T
        return np.asarray(p[:, :2] / p[:, 2:3])


@dataclass(frozen=True)
class TopFace:
    """A code read on an item, taken as its top face: where the item stands (table mm), how far
    that is from the point under the camera, how high above the horizon the camera sees it, and
    how far the code, brought to the top face's height, is from a square of its size."""

    footprint: tuple[float, float]
    reach: float
    elevation_deg: float
    squareness: float

    @property
    def aslant(self) -> bool:
        """Whether a side face could look like this (see :data:`ASLANT_DEG`)."""
        return ASLANT_DEG[0] <= self.elevation_deg <= ASLANT_DEG[1]


def top_face(camera: Camera, corners_px: Array, item: Item) -> TopFace | None:
    """Where ``item`` stands if ``corners_px`` are those of a code on its top face; ``None`` if,
    brought to the top face's height, they are not a square of the code's size (within
    :data:`SQUARE_TOLERANCE`) — a side face seen aslant."""
    up = camera.on_plane(corners_px, height(item))
    sides = np.linalg.norm(up - np.roll(up, -1, axis=0), axis=1)
    diagonals = np.array([np.linalg.norm(up[2] - up[0]), np.linalg.norm(up[3] - up[1])])
    off = max(
        float(np.abs(sides / ITEM_CODE_MM - 1).max()),
        float(np.abs(diagonals / (ITEM_CODE_MM * math.sqrt(2)) - 1).max()),
    )
    if off > SQUARE_TOLERANCE:
        return None
    centre = up.mean(axis=0)
    if item.is_die:
        down = (up[3] - up[0] + up[2] - up[1]) / 2
        centre = centre + down / np.linalg.norm(down) * DIE_CODE_DROP_MM
    reach = float(np.linalg.norm(centre - camera.centre[:2]))
    elevation = math.degrees(math.atan2(-camera.centre[2] - height(item), reach))
    return TopFace((float(centre[0]), float(centre[1])), reach, elevation, off)


def rectify(
    gray: Array, to_photo: Array, box: tuple[float, float, float, float], px_per_mm: float
) -> tuple[Array, Array]:
    """The plane rectangle ``box`` (x, y, width, height in mm) cut out of ``gray`` square-on at
    ``px_per_mm`` (cubic resampling), and the homography from the patch's pixels to the photo."""
    x, y, w, h = box
    to_plane = np.array([[1 / px_per_mm, 0, x], [0, 1 / px_per_mm, y], [0, 0, 1.0]])
    patch_to_photo = to_photo @ to_plane
    size = (max(round(w * px_per_mm), 1), max(round(h * px_per_mm), 1))
    patch = cv2.warpPerspective(
        gray,
        patch_to_photo,
        size,
        flags=cv2.INTER_CUBIC | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return patch, patch_to_photo
