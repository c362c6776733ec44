"""What the photo-referee benchmarks share: their command line, the folder their kits and
photos are written to, the photos made once and reused, and each photo read and judged against
the clock.

A benchmark runs ``python -m bench.<name> [--photos N] [--cache DIR]``: its kits and photos go
to ``DIR`` (kept, and reused by the next run) or to a temporary folder.
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from bench.common import add_ink, ink_cache, save, stopwatch, summary
from patrolkit.errors import PhotoError

if TYPE_CHECKING:
    from companion.camera.photo import Photo

R = TypeVar("R")


def photo_parser(doc: str) -> argparse.ArgumentParser:
    """The command line of the benchmark whose module docstring is ``doc``: ``--photos`` (200
    by default) and ``--cache``."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--photos", type=int, default=200, help="how many photos (default 200)")
    parser.add_argument("--cache", type=Path, help="keep the kits and photos here, and reuse them")
    return parser


Made = TypeVar("Made")
"""What a benchmark's ``make_photos`` hands its ``measure``: the photos and what goes with them."""


def run_photo_benchmark(
    doc: str,
    name: str,
    write_kits: Callable[[Path, str], list[Path]],
    make_photos: Callable[[int, list[Path], Path], Made],
    measure: Callable[[Made], dict[str, Any]],
    argv: list[str] | None,
) -> None:
    """The ``main`` of a photo benchmark whose module docstring is ``doc``: its command line
    (:func:`photo_parser` and ``--ink``), the kits and photos made (kept under ``--cache``), the
    figures measured on them and saved as ``name``."""
    parser = photo_parser(doc)
    add_ink(parser)
    args = parser.parse_args(argv)
    with workspace(ink_cache(args.cache, args.ink)) as (kits, photos):
        figures = measure(make_photos(args.photos, write_kits(kits, args.ink), photos))
    save(name, figures, ink=args.ink)


@contextmanager
def workspace(cache: Path | None) -> Iterator[tuple[Path, Path]]:
    """The folders for the kits and for the photos: under ``cache``, kept, or under a temporary
    folder removed on leaving."""
    with tempfile.TemporaryDirectory() as scratch:
        root = cache or Path(scratch)
        photos = root / "photos"
        photos.mkdir(parents=True, exist_ok=True)
        yield root / "kits", photos


def cached_photos(
    seeds: range, preset: str, out: Path, photograph: Callable[[int], Photo]
) -> list[Path]:
    """A photo for each of ``seeds``, ``out/<preset>-<seed>.jpg`` with its truth beside it:
    ``photograph(seed)`` written there, unless both files are there already."""
    from companion.camera.photo import write_photo

    paths = []
    for seed in seeds:
        path = out / f"{preset}-{seed}.jpg"
        if not (path.exists() and path.with_suffix(".json").exists()):
            write_photo(photograph(seed), path, force=True)
        paths.append(path)
    return paths


@dataclass
class Readings:
    """What a benchmark gathers as it reads its photos: the seconds each reading took, the
    photos refused (no board found), how many pieces each stage of the reader read, and the
    wrong labels."""

    seconds: list[float] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    stages: dict[str, int] = field(default_factory=dict)
    wrong_labels: list[str] = field(default_factory=list)

    def read(
        self, path: Path, read: Callable[[bytes], R], judge: Callable[[R], object]
    ) -> R | None:
        """The reading of the photo at ``path``: its bytes ``read`` then the reading judged
        (timed together), or ``None`` for a photo refused with a :class:`PhotoError`."""
        data = path.read_bytes()
        try:
            with stopwatch(self.seconds):
                reading = read(data)
                judge(reading)
        except PhotoError as exc:
            self.refused.append(f"{path.name}: {exc}")
            return None
        return reading

    def read_by(self, stage: str) -> None:
        """Count one piece read by ``stage``."""
        self.stages[stage] = self.stages.get(stage, 0) + 1

    def figures(self, photos: int, found: int, exact: int) -> dict[str, Any]:
        """The figures every such benchmark ends with, of ``photos`` photos, ``found`` of them
        with the board found and ``exact`` read exactly."""
        read = max(sum(self.stages.values()), 1)
        return {
            "board_found": found / max(photos, 1),
            "table_exact": exact / max(found, 1),
            "read_by": {stage: n / read for stage, n in sorted(self.stages.items())},
            "seconds": summary(self.seconds) if self.seconds else {},
            "refused": self.refused,
            "wrong_labels": self.wrong_labels[:20],
        }
