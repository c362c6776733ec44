"""Loading a photo: the formats phones save, the right way up, and a clear refusal of the rest."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from companion import load
from companion.load import load_picture
from patrolkit.errors import PhotoError


def _encoded(image: Image.Image, fmt: str, **options: object) -> bytes:
    out = io.BytesIO()
    image.save(out, fmt, **options)
    return out.getvalue()


def _photo() -> Image.Image:
    """A small picture whose top-left quarter is red, so orientation shows."""
    pixels = np.full((60, 80, 3), 255, np.uint8)
    pixels[:30, :40] = (220, 30, 30)
    return Image.fromarray(pixels)


def _png_header(width: int, height: int) -> bytes:
    """A PNG that claims ``width`` x ``height`` pixels but holds almost no data."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\0" * 64))
        + chunk(b"IEND", b"")
    )


@pytest.mark.parametrize("fmt", ["JPEG", "PNG", "WEBP"])
def test_a_photo_is_read_from_bytes_in_every_common_format(fmt: str) -> None:
    picture = load_picture(_encoded(_photo(), fmt))
    assert (picture.width, picture.height) == (80, 60)
    assert picture.gray.shape == (60, 80)
    assert picture.rgb[5, 5, 0] > 180 and picture.rgb[5, 5, 1] < 90  # red, red channel first


def test_an_iphone_heic_photo_is_read() -> None:
    pytest.importorskip("pillow_heif")
    picture = load_picture(_encoded(_photo(), "HEIF"))
    assert picture.format == "HEIC"
    assert (picture.width, picture.height) == (80, 60)


def test_a_photo_is_read_from_a_path(tmp_path: Path) -> None:
    path = tmp_path / "table.jpg"
    path.write_bytes(_encoded(_photo(), "JPEG"))
    assert load_picture(path).format == "JPEG"
    assert load_picture(str(path)).width == 80


def test_the_exif_orientation_turns_the_photo_upright() -> None:
    exif = Image.Exif()
    exif[0x0112] = 6  # the camera was held turned: the viewer turns it 90° clockwise
    picture = load_picture(_encoded(_photo(), "JPEG", exif=exif))
    assert (picture.width, picture.height) == (60, 80)
    assert picture.rgb[5, 55, 0] > 180 and picture.rgb[5, 5, 0] > 200  # red now top-right
    assert picture.rgb[5, 5, 1] > 200


def test_a_truncated_jpeg_is_refused_in_one_sentence() -> None:
    data = _encoded(_photo(), "JPEG")
    with pytest.raises(PhotoError, match="damaged or cut short") as refused:
        load_picture(data[: len(data) // 2])
    assert "\n" not in str(refused.value)


def test_a_text_file_named_jpg_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "photo.jpg"
    path.write_text("These are my notes about the game, not a photo.\n")
    with pytest.raises(PhotoError, match="not a photo the companion reads"):
        load_picture(path)


def test_a_20000_by_20000_image_is_refused_before_its_pixels_are_decoded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def decoded(*_: object) -> None:
        raise AssertionError("the pixels were decoded")

    monkeypatch.setattr(load, "_decode_with_pillow", decoded)
    monkeypatch.setattr(load, "_decode_jpeg", decoded)
    data = _png_header(20_000, 20_000)
    assert len(data) < 200
    with pytest.raises(PhotoError, match="MP"):
        load_picture(data)


def test_an_image_just_over_the_cap_names_its_size() -> None:
    with pytest.raises(PhotoError, match="10000 x 6000 pixels"):
        load_picture(_png_header(10_000, 6_000))


def test_a_file_over_the_byte_cap_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(load, "MAX_BYTES", 1000)
    path = tmp_path / "big.png"
    path.write_bytes(b"\0" * 2000)
    with pytest.raises(PhotoError, match="MiB"):
        load_picture(path)


@pytest.mark.parametrize(
    ("source", "message"),
    [(b"", "empty"), (Path("/no/such/photo.jpg"), "no photo file"), (Path("/"), "not a file")],
)
def test_nothing_to_read_says_so(source: Path | bytes, message: str) -> None:
    with pytest.raises(PhotoError, match=message):
        load_picture(source)


def test_a_gif_is_not_taken_for_a_photo() -> None:
    with pytest.raises(PhotoError, match="JPEG, PNG, WebP or HEIC"):
        load_picture(_encoded(_photo(), "GIF"))
