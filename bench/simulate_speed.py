"""How long the virtual camera takes to make a photo, per preset.

Prints the figures and saves them to ``bench/results/simulate_speed.json``::

    python -m bench.simulate_speed [--photos 8]

A random kit is printed once into a temporary folder; its rasterising (the first photo of a kit)
is timed apart. Each photo is of a different seeded position, from the start to the end of a game.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from bench.common import save, stopwatch, summary
from companion.camera.rodeurs.kit import kit_raster
from companion.camera.rodeurs.position import random_position
from companion.camera.rodeurs.scene import photograph
from companion.camera.shot import PRESETS
from generator.rodeurs.kit import write_kit
from generator.rodeurs.layouts import random_layout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=8, help="photos per preset (default 8)")
    args = parser.parse_args()
    layout = random_layout(1)
    figures: dict[str, object] = {"photos_per_preset": args.photos}
    with tempfile.TemporaryDirectory() as folder:
        kit = Path(folder) / "kit"
        write_kit(layout, kit)
        start = time.perf_counter()
        kit_raster(kit)
        figures["rasterise_kit_s"] = round(time.perf_counter() - start, 3)
        states = [random_position(layout, seed) for seed in range(args.photos)]
        for preset in PRESETS:
            seconds: list[float] = []
            for seed, state in enumerate(states):
                with stopwatch(seconds):
                    photograph(kit, state, preset=preset, seed=seed)
            figures[preset] = {k: round(v, 3) for k, v in summary(seconds).items()}
    save("simulate_speed", figures)


if __name__ == "__main__":
    main()
