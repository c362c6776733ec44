"""Step 2 of the companion pipeline: every QR code in a grey image, text and corners.

The decoder sits behind a small interface, :class:`Decoder`, so the rest of the pipeline does not
depend on which library reads the codes:

* :class:`ZxingDecoder` (the default, ``"zxing"``): zxing-cpp, measured best on table photos
  (``measurements/qr-decoding.md``). Rotation, down-scaling and inverted-code searches are off:
  on full photos they doubled the time for the same recall.
* :class:`PyzbarDecoder` (``"pyzbar"``, optional): zbar through pyzbar; needs ``pip install pyzbar``
  and the system library libzbar0. It reads far fewer codes and its corner order is sometimes
  wrong by a quarter turn; it is here for comparison and for machines without zxing-cpp.

A :class:`Detection` gives the corners of the code's module area in *code order*: top-left,
top-right, bottom-right, bottom-left of the code as printed, so the first two corners give the
code's rotation in the photo.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Protocol

import numpy as np

from patrolkit.errors import PhotoError
from patrolkit.i18n import _


@dataclass(frozen=True, eq=False)
class Detection:
    """One decoded QR code: its ``text`` and ``corners`` (4 x 2 float, x then y in pixels) in
    code order — top-left, top-right, bottom-right, bottom-left of the printed code."""

    text: str
    corners: np.ndarray

    @property
    def centre(self) -> np.ndarray:
        """Where the code's diagonals cross: its centre, exact under perspective."""
        return diagonal_crossing(self.corners)

    def moved(self, transform: np.ndarray) -> Detection:
        """The same code with its corners mapped through the 3 x 3 homography ``transform``."""
        points = np.c_[self.corners, np.ones(4)] @ transform.T
        return Detection(self.text, points[:, :2] / points[:, 2:3])


@dataclass(frozen=True)
class ForeignCode:
    """A QR code on the table that is none of the game's pieces read: its text, where it is in
    the photo (its centre and corners, pixels) and why it was left out."""

    text: str
    photo_px: tuple[float, float]
    corners: tuple[tuple[float, float], ...]
    why: str

    @classmethod
    def of(cls, detection: Detection, why: str) -> ForeignCode:
        """The foreign code ``detection``, left out for the reason ``why``."""
        centre = detection.centre
        return cls(
            detection.text,
            (float(centre[0]), float(centre[1])),
            tuple((float(x), float(y)) for x, y in detection.corners),
            why,
        )


def diagonal_crossing(corners: np.ndarray) -> np.ndarray:
    """The crossing point of the diagonals of the quadrilateral ``corners`` (4 x 2)."""
    p, r = corners[0], corners[2] - corners[0]
    q, s = corners[1], corners[3] - corners[1]
    denominator = r[0] * s[1] - r[1] * s[0]
    if abs(denominator) < 1e-9:
        return np.asarray(corners.mean(axis=0), dtype=float)
    t = ((q[0] - p[0]) * s[1] - (q[1] - p[1]) * s[0]) / denominator
    return np.asarray(p + t * r, dtype=float)


def zxing_corners(position: Any) -> np.ndarray:
    """A zxing-cpp ``Position``'s four points in code order, as a 4 x 2 float array."""
    points = (position.top_left, position.top_right, position.bottom_right, position.bottom_left)
    return np.array([(c.x, c.y) for c in points], dtype=float)


def side_px(corners: np.ndarray) -> float:
    """The mean side of the quadrilateral ``corners`` (4 x 2): a code's size in the photo."""
    return float(np.linalg.norm(np.roll(corners, -1, axis=0) - corners, axis=1).mean())


@dataclass(frozen=True, eq=False)
class Scan:
    """What a decoder saw in a whole photo: the ``codes`` it decoded, and the corners (4 x 2,
    photo px) of those it ``located`` — their finder squares seen — but could not decode (a
    blurred code: see :mod:`companion.deblur`)."""

    codes: list[Detection]
    located: list[np.ndarray]


class Decoder(Protocol):
    """Reads every QR code in a grey (2-D uint8) image."""

    name: str

    def read(self, gray: np.ndarray) -> list[Detection]:
        """All QR codes found in ``gray``, in no particular order."""
        ...

    def scan(self, gray: np.ndarray) -> Scan:
        """All QR codes found in ``gray``, and where codes were found but not decoded."""
        ...


class ZxingDecoder:
    """zxing-cpp, QR codes only, without the rotation, down-scaling and inversion searches."""

    name = "zxing"

    def __init__(self) -> None:
        import zxingcpp

        self._zxing = zxingcpp
        self._options: dict[str, Any] = {
            "formats": zxingcpp.BarcodeFormat.QRCode,
            "try_rotate": False,
            "try_downscale": False,
            "try_invert": False,
        }

    def read(self, gray: np.ndarray) -> list[Detection]:
        detections = []
        for code in self._zxing.read_barcodes(gray, **self._options):
            points = zxing_corners(code.position)
            detections.append(Detection(code.text, points))
        return detections

    def scan(self, gray: np.ndarray) -> Scan:
        detections, located = [], []
        for code in self._zxing.read_barcodes(gray, return_errors=True, **self._options):
            points = zxing_corners(code.position)
            if code.valid:
                detections.append(Detection(code.text, points))
            else:
                located.append(points)
        return Scan(detections, located)


_ZBAR_TOP_LEFT_ANGLE: Final = {"UP": -135.0, "RIGHT": -45.0, "DOWN": 45.0, "LEFT": 135.0}
"""Direction (degrees, image axes with y down) from a code's centre to its top-left corner, for
each of zbar's orientations — the way the code's top edge faces."""


class PyzbarDecoder:
    """zbar through pyzbar; corners put in code order with zbar's orientation field."""

    name = "pyzbar"

    def __init__(self) -> None:
        try:
            from pyzbar import pyzbar
        except ModuleNotFoundError:
            raise PhotoError(
                _(
                    "The pyzbar decoder is not installed; run pip install pyzbar and install the"
                    " system library libzbar0."
                )
            ) from None
        except ImportError:
            raise PhotoError(
                _("The pyzbar decoder needs the system library libzbar0, which is not installed.")
            ) from None
        self._pyzbar = pyzbar

    def read(self, gray: np.ndarray) -> list[Detection]:
        symbols = [self._pyzbar.ZBarSymbol.QRCODE]
        detections = []
        for code in self._pyzbar.decode(np.ascontiguousarray(gray), symbols=symbols):
            if len(code.polygon) != 4:
                continue
            points = np.array([(p.x, p.y) for p in code.polygon], dtype=float)
            ordered = _code_order(points, getattr(code, "orientation", None) or "UP")
            text = code.data.decode("utf-8", errors="replace")
            detections.append(Detection(text, ordered))
        return detections

    def scan(self, gray: np.ndarray) -> Scan:
        return Scan(self.read(gray), [])  # zbar reports only the codes it decodes


def _code_order(points: np.ndarray, orientation: str) -> np.ndarray:
    """``points`` clockwise on screen, starting at the corner that faces the code's top-left."""
    centre = points.mean(axis=0)
    angles = np.degrees(np.arctan2(points[:, 1] - centre[1], points[:, 0] - centre[0]))
    clockwise = points[np.argsort(angles)]
    angles = np.sort(angles)
    target = _ZBAR_TOP_LEFT_ANGLE.get(orientation, -135.0)
    start = int(np.argmin(np.abs((angles - target + 180.0) % 360.0 - 180.0)))
    return np.roll(clockwise, -start, axis=0)


DECODERS: Final[dict[str, Callable[[], Decoder]]] = {
    "zxing": ZxingDecoder,
    "pyzbar": PyzbarDecoder,
}


def read_symbol(gray: np.ndarray, text: str) -> tuple[np.ndarray, np.ndarray] | None:
    """The modules (a square of grey levels, dark 0 and light 255, one pixel a module) and the
    corners (code order, px) of the QR code carrying ``text`` in ``gray``, read with zxing-cpp
    whichever decoder read it first; ``None`` if it does not read there."""
    import zxingcpp

    for code in zxingcpp.read_barcodes(
        np.ascontiguousarray(gray), formats=zxingcpp.barcode_formats_from_str("QRCode")
    ):
        if code.text == text:
            modules = np.asarray(code.to_image(scale=1, add_quiet_zones=False))
            return modules, zxing_corners(code.position)
    return None


def decoder_named(name: str) -> Decoder:
    """The decoder called ``name`` (``zxing`` or ``pyzbar``); :class:`PhotoError` otherwise."""
    factory = DECODERS.get(name)
    if factory is None:
        raise PhotoError(
            _("There is no QR decoder called '{name}'; use one of: {names}.").format(
                name=name, names=", ".join(DECODERS)
            )
        )
    return factory()
