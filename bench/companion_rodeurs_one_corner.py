"""The Rôdeurs photo referee when a single corner code is in view.

Run from the project root: ``python -m bench.companion_rodeurs_one_corner [--photos N]``
(N = 100 by default). Writes ``bench/results/companion_rodeurs_one_corner.json``.

``phone`` photos of random positions, with three of the board's four corner codes painted over
(a cup, a hand: the one left is drawn by the seed), so the reader must place the board from one
corner code and the pawns standing on their cells (:func:`companion.rodeurs.lattice.snap_pose`). The
figures are those of :mod:`bench.companion_rodeurs`; the target is zero wrong cells, with a board
refused rather than misplaced when the pawns do not settle it.
"""

from __future__ import annotations

import argparse
import random
import tempfile
from pathlib import Path

import cv2
import numpy as np

from bench.common import save
from bench.companion_rodeurs import KITS, read_all
from companion.camera.rodeurs.position import random_position
from companion.camera.rodeurs.scene import photograph
from generator.rodeurs.kit import write_kit
from generator.rodeurs.layouts import random_layout

FIRST_SEED = 30_000
COVER_GROWTH = 1.4
"""The patch painted over a corner code, as a multiple of the code's size."""


def covered_photo(kit: Path, seed: int) -> tuple[bytes, str]:
    """A ``phone`` photo with all corner codes but one painted over, and the true position."""
    state = random_position(random_layout(seed % KITS), seed)
    photo = photograph(kit, state, preset="phone", seed=seed)
    image = photo.image.copy()
    fiducials = photo.truth["fiducials"]
    kept = random.Random(seed).randrange(len(fiducials))
    for number, fiducial in enumerate(fiducials):
        if number == kept:
            continue
        corners = np.array(fiducial["corners_px"], dtype=float)
        centre = corners.mean(axis=0)
        patch = centre + (corners - centre) * COVER_GROWTH
        cv2.fillConvexPoly(image, patch.astype(np.int32), (40, 60, 90))
    return bytes(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 88])[1]), state.text


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=100, help="photos (100)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="pk-bench-") as tmp:
        root = Path(tmp)
        kits = []
        for number in range(KITS):
            kit = root / f"kit-{number}"
            write_kit(random_layout(number), kit)
            kits.append(kit)
        photos = []
        for seed in range(FIRST_SEED, FIRST_SEED + args.photos):
            jpeg, truth = covered_photo(kits[seed % KITS], seed)
            path = root / f"one-corner-{seed}.jpg"
            path.write_bytes(jpeg)
            photos.append((path, truth))
        figures = read_all(photos, "zxing")
    save("companion_rodeurs_one_corner", {"photos": args.photos, "one_corner": figures})


if __name__ == "__main__":
    main()
