"""A virtual-camera photo and writing it: the JPEG (or PNG) and its truth beside it, as JSON."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.camera.lens import Array, direction_deg, scale_range
from companion.camera.shot import Shot
from patrolkit.errors import KitError
from patrolkit.i18n import _

TRUTH_SCHEMA = 1
"""The version of every game's truth JSON."""


@dataclass(frozen=True, eq=False)
class Photo:
    """A photo (BGR uint8, as decoded from its JPEG), its truth (each game's scene says what it
    holds, e.g. :mod:`companion.camera.rodeurs.scene`) and the JPEG file itself."""

    image: np.ndarray
    truth: dict[str, Any]
    jpeg: bytes = field(default=b"", repr=False)


# -- files -----------------------------------------------------------------------------------


def write_photo(
    photo: Photo, out: Path, *, force: bool = False, quality: int | None = None
) -> tuple[Path, Path]:
    """Write ``photo`` to ``out`` and its truth to ``out.with_suffix(".json")``; return both.

    ``.jpg``/``.jpeg`` writes the photo's own JPEG (at the preset's seeded quality), or, with
    ``quality``, its pixels re-encoded at that quality (a second JPEG pass; the truth's
    ``jpeg_quality`` then says so). ``.png`` writes its pixels losslessly. Raises
    :class:`KitError` if either file exists and ``force`` is false.
    """
    out = Path(out)
    suffix = out.suffix.lower()
    if suffix not in (".jpg", ".jpeg", ".png"):
        raise KitError(_("A photo is written as .jpg or .png, not '{name}'.").format(name=out.name))
    truth_path = out.with_suffix(".json")
    for path in (out, truth_path):
        if path.exists() and not force:
            raise KitError(_("{path} already exists; use --force to replace it.").format(path=path))
    truth = dict(photo.truth)
    if suffix == ".png":
        data = _encode(".png", photo.image, [])
    elif photo.jpeg and quality in (None, truth.get("jpeg_quality")):
        data = photo.jpeg
    else:
        q = int(quality if quality is not None else truth.get("jpeg_quality", 90))
        if not 1 <= q <= 100:
            raise KitError(_("A JPEG quality is 1 to 100, not {quality}.").format(quality=q))
        data = _encode(".jpg", photo.image, [cv2.IMWRITE_JPEG_QUALITY, q])
        truth["jpeg_quality"] = q
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)
    truth_path.write_text(truth_json(truth))
    return out, truth_path


_NUMBERS = re.compile(r"\[\n\s*(-?\d[^\[\]{}\"]*?)\s*\]")
"""A list of numbers spread over lines by ``json.dumps(..., indent=1)``."""


def truth_json(truth: dict[str, Any]) -> str:
    """The truth as indented JSON, each list of numbers (a point, a row of the homography) on
    one line."""
    text = json.dumps(truth, indent=1, ensure_ascii=False)
    return _NUMBERS.sub(lambda m: "[" + " ".join(m.group(1).split()) + "]", text) + "\n"


def _encode(ext: str, image: np.ndarray, params: list[int]) -> bytes:
    ok, encoded = cv2.imencode(ext, image, params)
    if not ok:
        raise KitError(_("The photo could not be encoded as {format}.").format(format=ext))
    return bytes(encoded.tobytes())


def write_simulated(photo: Photo, out: Path, state_text: str, *, force: bool) -> int:
    """Write a virtual-camera photo and its truth beside it, say where and which position."""
    image, truth = write_photo(photo, out, force=force)
    print(_("photo: {path}").format(path=image))
    print(_("truth: {path}").format(path=truth))
    print(_("state: {position}").format(position=state_text))
    return 0


def truth_head(game: str, shot: Shot, seed: int, state: str) -> dict[str, Any]:
    """The keys every game's truth starts with: the schema, the game, the preset and seed, the
    photo's size and JPEG quality, and the position photographed (its text form)."""
    return {
        "schema": TRUTH_SCHEMA,
        "game": game,
        "preset": shot.preset,
        "seed": seed,
        "width": shot.width,
        "height": shot.height,
        "jpeg_quality": shot.sensor.jpeg_quality,
        "state": state,
    }


def camera_truth(
    shot: Shot, h: Array, centre: tuple[float, float], seen: Array
) -> dict[str, float]:
    """The truth's ``camera``: the tilt, the yaw of the table's x axis at ``centre`` (table mm),
    the blur, and the smallest and largest scale over the points ``seen`` (table mm)."""
    smallest, largest = scale_range(h, seen)
    return {
        "tilt_deg": round(shot.tilt_deg, 3),
        "yaw_deg": round(direction_deg(h, centre, (1.0, 0.0)), 3),
        "blur_sigma": round(shot.sensor.blur_sigma, 3),
        "px_per_mm_min": round(smallest, 3),
        "px_per_mm_max": round(largest, 3),
    }
