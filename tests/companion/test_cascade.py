"""The cascade's evened look: a code that a hard shadow's edge crosses, which no single threshold
reads, reads once its light is evened out; the same on bare paper leaves it flat. Its quiet
look: what lies round a piece is made paper white, the code kept as it is. The noise a dim
room's sensor adds is measured through the codes and edges of a photo, and on a third of its
rows and columns as on all of them."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
import qrcode
import zxingcpp

from companion.cascade import evened, noise_level

PAYLOAD = "PK1:ST:P:R:1FH2K3M4"
MODULE_PX = 10


def _shadowed(payload: str | None, light: float, dark: float, edge_at: float) -> np.ndarray:
    """A code (or bare paper, for ``None``) seen at 10 px a module, lit at ``light`` with a
    shadow's straight slanted edge at ``edge_at`` of its width leaving the rest at ``dark``."""
    code = qrcode.QRCode(border=3, box_size=1)
    code.add_data(payload or "x")
    modules = np.array(code.get_matrix(), dtype=np.float32)
    if payload is None:
        modules[:] = 0.0
    side = modules.shape[0] * MODULE_PX
    ink = cv2.resize(modules, (side, side), interpolation=cv2.INTER_NEAREST)
    u, v = np.meshgrid(np.arange(side), np.arange(side))
    shade = np.where(u + 0.6 * v < edge_at * 1.6 * side, light, dark)
    picture = cv2.GaussianBlur(((1.0 - 0.85 * ink) * shade).astype(np.float32), (0, 0), 1.5)
    return np.clip(picture, 0, 255).astype(np.uint8)


def _read(image: np.ndarray) -> list[str]:
    return [r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]


@pytest.mark.parametrize(("light", "dark", "edge_at"), [(240, 60, 0.3), (230, 40, 0.6)])
def test_a_code_crossed_by_a_hard_shadow_reads_once_evened(
    light: float, dark: float, edge_at: float
) -> None:
    image = _shadowed(PAYLOAD, light, dark, edge_at)
    assert _read(image) == []
    assert _read(evened(image, 4 * MODULE_PX)) == [PAYLOAD]


def test_bare_paper_across_a_shadow_evens_out_flat() -> None:
    paper = evened(_shadowed(None, 240, 60, 0.5), 4 * MODULE_PX).astype(np.float32)
    away = np.abs(cv2.Laplacian(paper, cv2.CV_32F)) < 1  # leave the edge's soft band out
    assert float(paper[away].std()) < 4.0
    assert 225 <= float(np.median(paper)) <= 240


def _table(noise: float) -> np.ndarray:
    """A 600 x 800 grey table with a white sheet and a few codes on it, with Gaussian sensor
    noise of ``noise`` grey levels, stored as a JPEG of quality 92 as a phone would."""
    rng = np.random.default_rng(5)
    table = np.full((600, 800), 90.0)
    table[100:500, 150:650] = 215.0
    for left in (200, 400):
        code = qrcode.QRCode(border=0, box_size=6)
        code.add_data(PAYLOAD)
        modules = np.array(code.get_matrix(), dtype=np.float64)
        patch = np.where(np.kron(modules, np.ones((6, 6))) > 0, 30.0, 215.0)
        table[150 : 150 + patch.shape[0], left : left + patch.shape[1]] = patch
    noisy = np.clip(table + rng.normal(0.0, noise, table.shape), 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", noisy, [cv2.IMWRITE_JPEG_QUALITY, 92])
    assert ok
    return cv2.imdecode(jpeg, cv2.IMREAD_GRAYSCALE)


def test_a_grainy_photo_measures_noisier_than_a_clean_one_through_its_codes() -> None:
    clean, grainy = noise_level(_table(1.5)), noise_level(_table(8.0))
    assert clean < 2.0 < 4.0 < grainy


@pytest.mark.parametrize("noise", [1.5, 8.0])
def test_every_third_pixel_measures_the_noise_as_every_pixel_does(noise: float) -> None:
    photo = _table(noise)
    assert noise_level(photo, 3) == pytest.approx(noise_level(photo), abs=0.1)
