"""The README's picture of one piece of each game, as printed in the normal and the low-ink mode.

Run from the project root: ``python -m bench.kit_pictures`` writes ``docs/images/pieces.png``:
a Rôdeurs pawn (red), a Patrolis step tile and objective, a 12 Patrols card back, a Stratego piece's
strip and a grand jeu scout, top row ``--ink normal``, bottom row ``--ink low``, each cut out of
its kit's PDF at 200 dpi along its cut box.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
from PIL import Image, ImageDraw

from patrolkit.cli import main as patrolkit

DPI = 200
GAP_PX = 24
PICKS: tuple[tuple[str, list[str], str, int], ...] = (
    ("rodeurs", [], "pawn", 0),
    ("patrolis", ["--seed", "3"], "step", 30),
    ("patrolis", ["--seed", "3"], "objective", 1),
    ("twelve-patrols", [], "card-back", 0),
    ("stratego", [], "piece", 0),
    ("grand-jeu", [], "scout", 0),
)
"""(game, kit options, item role, which item of that role)."""
OUT = Path("docs/images/pieces.png")


def _cut_out(kit: Path, role: str, index: int) -> Image.Image:
    """Item ``index`` of ``role`` in the kit at ``kit``, rendered along its cut box."""
    manifest: dict[str, Any] = json.loads((kit / "kit.json").read_text())
    item = [i for i in manifest["items"] if i["role"] == role][index]
    page = pdfium.PdfDocument(kit / "kit.pdf")[item["sheet"] - 1]
    image = page.render(scale=DPI / 72).to_pil()
    per_mm = DPI / 25.4
    cut = item["cut"]
    box = (cut["x"], cut["y"], cut["x"] + cut["width"], cut["y"] + cut["height"])
    return image.crop(tuple(round(v * per_mm) for v in box))


def draw(root: Path) -> Image.Image:
    """The picture: one column per piece, normal ink over low ink."""
    rows: list[list[Image.Image]] = [[], []]
    for row, ink in enumerate(("normal", "low")):
        for game, options, role, index in PICKS:
            kit = root / f"{game}-{'-'.join(options)}-{ink}"
            if not kit.exists():
                code = patrolkit(["kit", game, *options, "--ink", ink, "--out", str(kit)])
                if code != 0:
                    raise SystemExit(f"patrolkit kit {game} ended with exit {code}")
            rows[row].append(_cut_out(kit, role, index))
    widths = [max(a.width, b.width) for a, b in zip(*rows, strict=True)]
    heights = [max(i.height for i in row) for row in rows]
    picture = Image.new(
        "RGB",
        (sum(widths) + GAP_PX * (len(widths) + 1), sum(heights) + GAP_PX * 3),
        "white",
    )
    pen = ImageDraw.Draw(picture)
    y = GAP_PX
    for row, height in zip(rows, heights, strict=True):
        x = GAP_PX
        for image, width in zip(row, widths, strict=True):
            picture.paste(image, (x, y))
            pen.rectangle(
                (x - 1, y - 1, x + image.width, y + image.height), outline=(200, 200, 200)
            )
            x += width + GAP_PX
        y += height + GAP_PX
    return picture


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        picture = draw(Path(folder))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    picture.save(OUT, optimize=True)
    print(f"{OUT}: {picture.width} x {picture.height} px")


if __name__ == "__main__":
    main()
