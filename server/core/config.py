"""The web companion's one set of settings, given by ``patrolkit serve``'s options."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from companion.load import MAX_PIXELS

MAX_UPLOAD_BYTES: Final = 25 * 1024 * 1024
"""The largest photo accepted (25 MiB): a 48 MP phone JPEG is well under it."""
MAX_UPLOAD_PIXELS: Final = MAX_PIXELS
"""The largest photo decoded, in pixels (what ``patrolkit score`` reads)."""


@dataclass(frozen=True)
class Settings:
    """Where the data lives and the limits the server keeps.

    ``data`` holds the database (``patrolkit.sqlite3``), the photos (``photos/``), the annotated
    pictures (``pictures/``) and the readings kept to recompute a verdict after a correction
    (``readings/``). ``workers`` is the size of the pool reading photos (``None``: one per core).
    """

    data: Path = Path("output")
    max_upload_bytes: int = MAX_UPLOAD_BYTES
    max_upload_pixels: int = MAX_UPLOAD_PIXELS
    workers: int | None = None
    decoder: str = "zxing"

    @property
    def database(self) -> Path:
        return self.data / "patrolkit.sqlite3"

    @property
    def pool_size(self) -> int:
        return self.workers or max(1, os.cpu_count() or 1)
