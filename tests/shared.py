"""What a test session makes once for all its workers: kits and photos that several test files
need are made by the first worker that asks and read back by the others (``pytest -n``), under a
lock, instead of being made again in each worker."""

from __future__ import annotations

import fcntl
import os
import pickle
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import pytest

T = TypeVar("T")

_root: Path | None = None
_own: Path | None = None


def start(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Use this session's shared folder: beside the workers' own temporary folders, or the
    session's temporary folder when the tests run in one process."""
    global _root, _own
    base = tmp_path_factory.getbasetemp()
    _own = base
    _root = (base.parent if "PYTEST_XDIST_WORKER" in os.environ else base) / "shared"
    _root.mkdir(exist_ok=True)


def own(name: str) -> Path:
    """This worker's own folder ``name`` for the session, removed with its temporary folders
    (for files one worker makes and reads alone)."""
    if _own is None:
        raise RuntimeError("tests.shared.start() was not called for this session")
    place = _own / name
    place.mkdir(exist_ok=True)
    return place


@contextmanager
def folder(name: str) -> Iterator[Path]:
    """The shared folder ``name``, held by this worker alone for the block: the first worker to
    come fills it, the next finds it filled."""
    if _root is None:
        raise RuntimeError("tests.shared.start() was not called for this session")
    place = _root / name
    place.mkdir(exist_ok=True)
    with open(_root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield place
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def made_once(name: str, make: Callable[[Path], T]) -> T:
    """What ``make`` returns, made by the first worker that asks for ``name`` and read back
    (pickled) by the others; ``make`` is given the shared folder for the files it writes."""
    with folder(name) as place:
        made = place / "made.pickle"
        if made.exists():
            return pickle.loads(made.read_bytes())  # type: ignore[no-any-return]
        value = make(place)
        made.write_bytes(pickle.dumps(value))
        return value
