"""Writing a kit to disk: the PDF and its manifest side by side, never over existing files unless
asked to."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

from patrolkit.errors import KitError
from patrolkit.manifest import Manifest


def refuse_overwrite(paths: Sequence[Path], *, force: bool) -> None:
    """Raise :class:`KitError` if any of ``paths`` exists and ``force`` is false."""
    if force:
        return
    existing = [path for path in paths if path.exists()]
    if len(existing) == 1:
        raise KitError(f"{existing[0]} already exists; add --force to overwrite it.")
    if existing:
        names = " and ".join(str(path) for path in existing)
        raise KitError(f"{names} already exist; add --force to overwrite them.")


def write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all (through a temporary file beside it)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f".{path.name}.partial")
        partial.write_bytes(data)
        os.replace(partial, path)
    except OSError as exc:
        raise KitError(f"Cannot write {path} ({exc.strerror or exc}).") from None


def manifest_bytes(manifest: Manifest) -> bytes:
    """``kit.json``'s exact text, as :meth:`Manifest.save` writes it."""
    return (json.dumps(manifest.to_json(), indent=1, ensure_ascii=False) + "\n").encode()
