"""QR codes drawn on paper and blurred as a phone blurs them, for the deblur tests."""

from __future__ import annotations

import cv2
import numpy as np
import qrcode

from companion.blurs import Blur
from companion.decode import decoder_named


def qr_code(text: str, module_px: int) -> np.ndarray:
    """``text``'s code with ``module_px`` pixels a module and its quiet zone, black on white."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=4)
    code.add_data(text)
    modules = np.array(code.get_matrix(), dtype=np.uint8)
    return np.kron(
        np.where(modules, 0, 255).astype(np.uint8), np.ones((module_px, module_px), np.uint8)
    )


def blurred(image: np.ndarray, blur: Blur, seed: int = 0) -> np.ndarray:
    """``image`` smeared by ``blur``, with a little sensor noise."""
    smeared = cv2.filter2D(image.astype(np.float32), -1, blur.kernel())
    noise = np.random.default_rng(seed).normal(0, 1.5, image.shape)
    return np.clip(smeared + noise, 0, 255).astype(np.uint8)


def texts_read(gray: np.ndarray) -> set[str]:
    """The texts zxing-cpp reads in ``gray``."""
    return {d.text for d in decoder_named("zxing").read(gray)}
