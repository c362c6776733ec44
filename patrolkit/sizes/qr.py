"""The QR codes every printed piece carries: their smallest module and error correction
(the reasons are in :mod:`patrolkit.sizes`)."""

from __future__ import annotations

from typing import Final

MIN_MODULE_MM: Final = 0.6
"""No printed QR module is smaller (see the module docstring)."""

QR_ERROR_CORRECTION: Final = "M"
"""Level M (15 % of codewords recoverable): what the decoding measurements were made with."""
