"""Files kept by content: each photo and annotated picture under the SHA-256 of its bytes.

A file is written to a temporary name, flushed to the disk and then renamed, so a file under its
hash is always whole; the same bytes sent twice are kept once. Leftovers of a server stopped
mid-write (``*.part``) are removed by :meth:`Files.sweep` on start.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
from pathlib import Path
from typing import Final

from patrolkit.i18n import _
from server.core.errors import NotFound

_HASH: Final = re.compile(r"[0-9a-f]{64}")


def content_hash(data: bytes) -> str:
    """The SHA-256 of ``data``, in hex: the name the bytes are kept under."""
    return hashlib.sha256(data).hexdigest()


class Files:
    """One folder of files named by their content's hash."""

    def __init__(self, folder: Path, suffix: str = "") -> None:
        self.folder = folder
        self.suffix = suffix
        folder.mkdir(parents=True, exist_ok=True)

    def path(self, digest: str) -> Path:
        """Where the file of ``digest`` is; :class:`NotFound` for what is not a hash."""
        if not _HASH.fullmatch(digest):
            raise NotFound(_("There is no such file here."))
        return self.folder / f"{digest}{self.suffix}"

    def put(self, data: bytes) -> str:
        """Keep ``data`` (whole, on the disk) and return its hash."""
        digest = content_hash(data)
        final = self.path(digest)
        if final.exists():
            return digest
        part = final.with_name(f"{final.name}.{os.getpid()}.part")
        with open(part, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(part, final)
        _sync_folder(self.folder)
        return digest

    def read(self, digest: str) -> bytes:
        path = self.path(digest)
        try:
            return path.read_bytes()
        except FileNotFoundError:
            raise NotFound(_("There is no such file here.")) from None

    def sweep(self) -> int:
        """Remove what a stopped server left half-written; how many files went."""
        gone = 0
        for part in self.folder.glob("*.part"):
            with contextlib.suppress(OSError):
                part.unlink()
                gone += 1
        return gone


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` survive a power cut (where the system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - folders cannot be opened on some systems
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)
