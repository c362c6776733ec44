"""Step 1 of the companion pipeline: a photo file (or its bytes) to pixels.

Reads JPEG, PNG, WebP and — when ``pillow-heif`` is installed — HEIC/HEIF, the format iPhones
save. The EXIF orientation is applied, so the pixels are the way the photographer saw them.

Refused with :class:`~patrolkit.errors.PhotoError` (one sentence each): a missing file, a file over
:data:`MAX_BYTES`, anything that is not an image of those formats, an image over
:data:`MAX_PIXELS` or with a side over :data:`MAX_SIDE` or under :data:`MIN_SIDE` (checked from
the header, before any pixel is decoded, so an absurdly large image costs nothing), and a
truncated or damaged file.

A 16-bit PNG is brought down to 8 bits per channel (its top 8 bits), never clipped to white.
Pillow's warnings about a file (odd EXIF data, a palette with transparency…) are not shown: the
photo is read or refused, and that is all a player sees.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import cv2
import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from patrolkit.errors import PhotoError
from patrolkit.i18n import _
from patrolkit.numbers import grouped

MAX_BYTES: Final = 64 * 1024 * 1024
"""The largest file read (64 MiB): a 48 MP phone JPEG is well under it."""
MAX_PIXELS: Final = 50_000_000
"""The largest image decoded (50 MP): every phone camera's full resolution fits."""
MAX_SIDE: Final = 30_000
"""The longest side read, in pixels (a 50 MP photo of 3:1 is 12,250 px long; the QR decoder
stops at 65,535)."""
MIN_SIDE: Final = 16
"""The shortest side read, in pixels: a narrower image cannot show a board."""

FORMATS: Final = {"JPEG": "JPEG", "MPO": "JPEG", "PNG": "PNG", "WEBP": "WebP", "HEIF": "HEIC"}
"""Pillow's format names we read, with the name a player knows them by."""


def _heic_opener() -> bool:
    """Teach Pillow HEIC, if pillow-heif is installed (only iPhone photos need it)."""
    try:
        from pillow_heif import register_heif_opener
    except ImportError:  # pragma: no cover - depends on the installation
        return False
    register_heif_opener()
    return True


HEIC_READABLE: Final = _heic_opener()

_EXIF_ORIENTATION: Final = 0x0112


@dataclass(frozen=True, eq=False)
class Picture:
    """A loaded photo: ``rgb`` (height x width x 3, uint8, red first), its grey levels ``gray``
    (computed once here for every later step) and the file's ``format`` (``JPEG``, ``PNG``…)."""

    rgb: np.ndarray
    gray: np.ndarray
    format: str

    @property
    def width(self) -> int:
        return int(self.rgb.shape[1])

    @property
    def height(self) -> int:
        return int(self.rgb.shape[0])


def read_bytes(source: Path | str | bytes) -> bytes:
    """The bytes of ``source`` (a path, or the bytes themselves), refusing files over the cap."""
    if isinstance(source, bytes | bytearray | memoryview):
        data = bytes(source)
    else:
        path = Path(source)
        try:
            size = path.stat().st_size
        except OSError:
            raise PhotoError(_("There is no photo file at {path}.").format(path=path)) from None
        if not path.is_file():
            raise PhotoError(_("{path} is not a file.").format(path=path))
        if size > MAX_BYTES:
            raise PhotoError(_too_many_bytes(size))
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise PhotoError(
                _("{path} cannot be read ({reason}).").format(path=path, reason=exc.strerror or exc)
            ) from None
    if len(data) > MAX_BYTES:
        raise PhotoError(_too_many_bytes(len(data)))
    if not data:
        raise PhotoError(_("The photo file is empty."))
    return data


def load_picture(source: Path | str | bytes) -> Picture:
    """Decode ``source`` (a path or the file's bytes) into a :class:`Picture`."""
    data = read_bytes(source)
    image = _open(data)
    file_format = FORMATS[str(image.format)]
    width, height = image.size
    if width * height > MAX_PIXELS:
        raise PhotoError(
            _(
                "This image is {width} x {height} pixels ({size} MP); photos over {most} MP are"
                " not read."
            ).format(
                width=width,
                height=height,
                size=f"{width * height / 1e6:.0f}",
                most=MAX_PIXELS // 1_000_000,
            )
        )
    if max(width, height) > MAX_SIDE:
        raise PhotoError(
            _(
                "This image is {width} x {height} pixels; photos with a side over {most} pixels"
                " are not read."
            ).format(width=width, height=height, most=grouped(MAX_SIDE))
        )
    if min(width, height) < MIN_SIDE:
        raise PhotoError(
            _(
                "This image is only {width} x {height} pixels; a photo of a table is at least"
                " {least} pixels a side."
            ).format(width=width, height=height, least=MIN_SIDE)
        )
    rgb = _decode_jpeg(data) if file_format == "JPEG" else _decode_with_pillow(image)
    gray = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
    return Picture(rgb, gray, file_format)


def _decode_jpeg(data: bytes) -> np.ndarray:
    """OpenCV decodes JPEG faster than Pillow, applies the EXIF orientation, and refuses a file
    cut short (returns ``None``) instead of padding it with grey."""
    rgb = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR_RGB)
    if rgb is None:
        raise PhotoError(
            _("This photo file is damaged or cut short (the JPEG data is incomplete).")
        )
    return rgb


_WIDE_GREY: Final = ("I;16", "I;16B", "I;16L", "I;16N", "I")
"""Pillow's modes for grey levels over 8 bits (a 16-bit greyscale PNG)."""


def _decode_with_pillow(image: Image.Image) -> np.ndarray:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            image.load()
            orientation = image.getexif().get(_EXIF_ORIENTATION, 1)
            if orientation != 1:
                image = ImageOps.exif_transpose(image)
            if image.mode in _WIDE_GREY:
                return _eight_bit_grey(np.asarray(image))
            if image.mode != "RGB":
                image = image.convert("RGB")
            return np.asarray(image)
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
        raise PhotoError(_damaged(exc)) from None


def _eight_bit_grey(levels: np.ndarray) -> np.ndarray:
    """16-bit grey levels (0 to 65,535) as 8-bit RGB: the top 8 bits of each, in all three."""
    grey = (np.clip(levels, 0, 0xFFFF).astype(np.uint32) >> 8).astype(np.uint8)
    return np.ascontiguousarray(np.repeat(grey[:, :, np.newaxis], 3, axis=2))


def _open(data: bytes) -> Image.Image:
    """Pillow's lazy open: reads the header only, never the pixels."""
    Image.init()
    formats = [name for name in FORMATS if name in Image.OPEN]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            image = Image.open(io.BytesIO(data), formats=formats)
    except Image.DecompressionBombError:
        raise PhotoError(
            _("This image is far over {most} MP; photos that large are not read.").format(
                most=MAX_PIXELS // 1_000_000
            )
        ) from None
    except UnidentifiedImageError:
        raise PhotoError(_not_an_image(data)) from None
    except (OSError, ValueError, SyntaxError) as exc:
        raise PhotoError(_damaged(exc)) from None
    if image.format not in FORMATS:  # pragma: no cover - Pillow honours ``formats``
        raise PhotoError(_not_an_image(data))
    return image


def _not_an_image(data: bytes) -> str:
    heic = data[4:12] in (b"ftypheic", b"ftypheix", b"ftypmif1", b"ftyphevc", b"ftypmsf1")
    if heic and not HEIC_READABLE:
        return _("This is a HEIC photo; install pillow-heif (pip install pillow-heif) to read it.")
    return _("This file is not a photo the companion reads (JPEG, PNG, WebP or HEIC).")


def _too_many_bytes(size: int) -> str:
    return _("This file is {size} MiB; photo files over {most} MiB are not read.").format(
        size=f"{size / 2**20:.0f}", most=MAX_BYTES // 2**20
    )


def _damaged(exc: BaseException) -> str:
    return _("This photo file is damaged or cut short ({reason}).").format(reason=_reason(exc))


def _reason(exc: BaseException) -> str:
    text = str(exc).strip().rstrip(".")
    return text if text else type(exc).__name__
