"""A Stratego kit whose secret ids come from a seed, so a test's photos are the same each run."""

from __future__ import annotations

import random
from pathlib import Path

from generator.stratego.kit import write_kit


def seeded_kit(folder: Path, seed: int, *, kit_seed: int | None = None) -> Path:
    """``folder`` with a Stratego kit written in it, its secrets drawn from ``seed`` (and with
    ``kit_seed``, the kit's own seed, as the benchmark writes its kits)."""
    rng = random.Random(seed)
    write_kit(
        folder,
        seed=kit_seed,
        entropy=lambda n: bytes(rng.randrange(256) for _ in range(n)),
        force=True,
    )
    return folder
