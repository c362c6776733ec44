"""Other things on the virtual camera's table, drawn in their own millimetre frame: a plain object
(an eraser, a box of matches, a phone, a pad of notes) and a product label carrying a foreign QR
code."""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np
import qrcode
import qrcode.constants

from companion.camera.lens import Image

# -- objects -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    """Something flat drawn in its own millimetre frame: ``image`` at ``sx`` x ``sy`` pixels per
    mm, its coverage ``mask`` and how thick it is (for its shadow)."""

    image: Image
    mask: Image
    sx: float
    sy: float
    thickness_mm: float

    @property
    def size_mm(self) -> tuple[float, float]:
        return (self.image.shape[1] / self.sx, self.image.shape[0] / self.sy)


OBJECTS = ("eraser", "matchbox", "phone", "sticky notes")
"""The plain objects that may lie on the board."""
_OBJECT_LOOK = {
    # size (mm), thickness (mm), body (B, G, R), second colour (B, G, R), corner radius (mm)
    "eraser": ((22.0, 46.0), 8.0, (200, 196, 240), (190, 110, 40), 2.5),
    "matchbox": ((36.0, 52.0), 14.0, (40, 50, 150), (215, 225, 230), 0.8),
    "phone": ((72.0, 150.0), 8.0, (38, 36, 34), (70, 66, 62), 9.0),
    "sticky notes": ((76.0, 76.0), 12.0, (110, 236, 250), (70, 200, 230), 0.5),
}
_PRINT = (60, 58, 56)


def plain_object(kind: str, sx: float, sy: float, seed: int) -> Piece:
    """A plain object seen from above (``kind`` one of :data:`OBJECTS`): a rounded block of its
    body colour with a few details (a paper sleeve, a label and striker strips, a camera, the
    edges of a pad of notes), lit from one side, its rim darker."""
    rng = np.random.default_rng([seed, 0x0B1EC7])
    (w_mm, h_mm), thickness, body, second, radius = _OBJECT_LOOK[kind]
    w, h = round(w_mm * sx), round(h_mm * sy)
    mask = np.zeros((h, w), np.uint8)
    _rounded_rect(mask, (0.0, 0.0, float(w), float(h)), radius * sx, 255)
    image = np.empty((h, w, 3), np.uint8)
    image[:] = np.clip(np.array(body) * rng.uniform(0.9, 1.1, 3), 0, 255).astype(np.uint8)

    def rect(x0: float, y0: float, x1: float, y1: float, colour: tuple[int, ...]) -> None:
        cv2.rectangle(
            image, (round(x0 * sx), round(y0 * sy)), (round(x1 * sx), round(y1 * sy)), colour, -1
        )

    if kind == "eraser":  # a paper sleeve over half of it, with a printed band
        rect(0, h_mm * 0.42, w_mm, h_mm, second)
        rect(0, h_mm * 0.6, w_mm, h_mm * 0.68, (235, 235, 235))
    elif kind == "matchbox":  # striker strips along the long sides, a printed label
        rect(0, 0, 3.5, h_mm, (60, 80, 95))
        rect(w_mm - 3.5, 0, w_mm, h_mm, (60, 80, 95))
        rect(7, 8, w_mm - 7, h_mm - 8, second)
        for k in range(4):
            y = 14 + 7 * k
            rect(10, y, 10 + (w_mm - 20) * float(rng.uniform(0.5, 1.0)), y + 2.2, _PRINT)
    elif kind == "phone":  # a camera block, and a faint reflection across the glass
        rect(6, 6, 30, 34, second)
        for cx, cy in ((13, 13), (23, 13), (13, 26)):
            cv2.circle(
                image,
                (round(cx * sx), round(cy * sy)),
                round(4.2 * sx),
                (12, 12, 12),
                -1,
                cv2.LINE_AA,
            )
    else:  # the pad's page edges
        for k in range(1, 6):
            rect(0, h_mm - 0.9 * k, w_mm, h_mm - 0.9 * k + 0.25, second)
    ramp = np.linspace(1.08, 0.9, w, dtype=np.float32)[None, :, None]
    if rng.uniform() < 0.5:
        ramp = ramp[:, ::-1]
    if kind == "phone":
        sheen = np.linspace(-1, 1, w, dtype=np.float32)[None, :] + np.linspace(
            -1, 1, h, dtype=np.float32
        )[:, None] * (w / h)
        ramp = ramp + 0.25 * np.exp(-(sheen**2) * 6)[..., None]
    rim = cv2.erode(mask, np.ones((3, 3), np.uint8), iterations=max(1, round(1.2 * sx)))
    inner = cv2.GaussianBlur(rim, (0, 0), 0.8 * sx).astype(np.float32)[..., None] / 255.0
    shaded = image.astype(np.float32) * ramp * (0.72 + 0.28 * inner)
    shaded += rng.normal(0, 2.0, (h, w)).astype(np.float32)[..., None]
    return Piece(np.clip(shaded, 0, 255).astype(np.uint8), mask, sx, sy, thickness)


def _rounded_rect(
    mask: Image, box: tuple[float, float, float, float], radius: float, value: int
) -> None:
    x0, y0, x1, y1 = box
    r = max(min(radius, (x1 - x0) / 2, (y1 - y0) / 2), 0.5)
    points = []
    for cx, cy, start in (
        (x1 - r, y0 + r, -90),
        (x1 - r, y1 - r, 0),
        (x0 + r, y1 - r, 90),
        (x0 + r, y0 + r, 180),
    ):
        for a in np.linspace(start, start + 90, 10):
            points.append((cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))))
    poly = np.round((np.array(points) - 0.5) * 16).astype(np.int32)
    cv2.fillPoly(mask, [poly], value, cv2.LINE_AA, shift=4)


@dataclass(frozen=True)
class Label:
    """A product label: the piece, its code's text and the code's module box in label mm
    (``x, y, side``; the code printed upright)."""

    piece: Piece
    text: str
    code_box: tuple[float, float, float]


def foreign_text(seed: int) -> str:
    """A seeded text that is not one of ours: a shop address, an EAN-like number or a lot
    number."""
    rng = np.random.default_rng([seed, 0xF0E1])
    digits = "".join(str(d) for d in rng.integers(0, 10, 13))
    choice = int(rng.integers(0, 3))
    if choice == 0:
        return f"https://example.com/p/{digits[:7]}?ref=label"
    if choice == 1:
        return f"EAN {digits}"
    return f"LOT {digits[:5]}-{digits[5:9]} EXP 2031-{int(digits[9]) % 9 + 1:02d}"


def product_label(text: str, sx: float, sy: float, seed: int) -> Label:
    """A white sticker with a QR code of ``text`` (level M, 0.5–0.7 mm modules), lines of print
    and a bar code beside it."""
    rng = np.random.default_rng([seed, 0x1ABE1])
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0)
    code.add_data(text)
    code.make(fit=True)
    modules = np.array(code.get_matrix(), dtype=bool)
    module_mm = float(rng.uniform(0.5, 0.7))
    side = modules.shape[0] * module_mm
    margin = 3.0 * module_mm + 1.0
    width_mm = side + 2 * margin + float(rng.uniform(22, 34))
    height_mm = side + 2 * margin
    w, h = round(width_mm * sx), round(height_mm * sy)
    paper = np.array([rng.uniform(236, 250)] * 3, np.float32) - (0, rng.uniform(0, 4), 0)
    image = np.empty((h, w, 3), np.uint8)
    image[:] = np.clip(paper, 0, 255).astype(np.uint8)
    ink = (40, 36, 34)
    # The code: every pixel takes the module its centre falls in.
    ox, oy = round(margin * sx), round(margin * sy)
    cols = ((np.arange(round(side * sx)) + 0.5) / sx / module_mm).astype(int)
    rows = ((np.arange(round(side * sy)) + 0.5) / sy / module_mm).astype(int)
    n = modules.shape[0]
    dark = modules[np.minimum(rows, n - 1)[:, None], np.minimum(cols, n - 1)[None, :]]
    image[oy : oy + len(rows), ox : ox + len(cols)][dark] = ink
    code_box = (ox / sx, oy / sy, side)
    # Print: a heading, lines of text, a bar code.
    left = round((side + 2 * margin) * sx)
    y = round(margin * sy)
    cv2.rectangle(image, (left, y), (w - round(2 * sx), y + round(2.6 * sy)), ink, -1)
    y += round(4.5 * sy)
    while y < h - round(12 * sy):
        length = float(rng.uniform(0.45, 1.0))
        end = left + round((w - left - 2 * sx) * length)
        cv2.rectangle(image, (left, y), (end, y + round(1.2 * sy)), (90, 88, 86), -1)
        y += round(2.4 * sy)
    x = left
    while x < w - round(3 * sx):
        bar = max(1, round(float(rng.choice([0.25, 0.5, 0.75])) * sx))
        cv2.rectangle(image, (x, h - round(9 * sy)), (x + bar - 1, h - round(3 * sy)), ink, -1)
        x += bar + max(1, round(float(rng.choice([0.25, 0.5])) * sx))
    mask = np.zeros((h, w), np.uint8)
    _rounded_rect(mask, (0.0, 0.0, float(w), float(h)), 1.5 * sx, 255)
    return Label(Piece(image, mask, sx, sy, 0.15), text, code_box)
