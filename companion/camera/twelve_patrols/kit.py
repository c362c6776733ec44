"""A 12 Patrols kit as printed and cut out, for the virtual camera: each card, die face and
cube face."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.camera.lens import Image
from companion.camera.printed import cached_kit, printed_pages
from patrolkit.errors import KitError
from patrolkit.games.twelve_patrols import (
    SIZE,
    Card,
    Deck,
)
from patrolkit.i18n import _
from patrolkit.manifest import Manifest


@dataclass(frozen=True)
class KitCut:
    """A 12 Patrols kit as printed, cut out: each card upright, each die face by (colour, serial,
    value) and the six faces of each cube by (colour, serial), at ``px_per_mm``."""

    manifest: Manifest
    deck: Deck
    px_per_mm: float
    cards: dict[int, Image]
    die_faces: dict[tuple[str, int, int], Image]
    cube_faces: dict[tuple[str, int], list[Image]]
    die_qr: tuple[float, float]
    cube_qr: tuple[float, float]
    """Where a face's code starts (mm from the face's top-left corner), dice and cubes."""


def deck_of_manifest(manifest: Manifest) -> Deck:
    """The deck a 12 Patrols kit was printed with, from its ``kit.json``."""
    if manifest.game != "twelve-patrols":
        raise KitError(
            _("This is a kit of '{game}', not of 12 Patrols.").format(game=manifest.game)
        )
    layout = manifest.layout
    try:
        cards = tuple(
            Card.from_code(str(c["name"]), str(c["code"]))
            for c in sorted(layout["cards"], key=lambda c: int(c["number"]))
        )
        return Deck(str(layout["deck"]), cards)
    except (KeyError, TypeError, ValueError) as exc:
        raise KitError(
            _("This kit.json does not describe its deck ({problem}).").format(problem=exc)
        ) from None


def cut_kit(kit_dir: Path) -> KitCut:
    """The kit in ``kit_dir`` rasterised and cut out (kept in memory, see :func:`cached_kit`)."""
    return cached_kit(kit_dir, _cut_folded)


def _cut_folded(manifest: Manifest, pdf_path: Path) -> KitCut:
    deck = deck_of_manifest(manifest)
    if manifest.options.get("flat_items"):
        raise KitError(
            _("The virtual camera lays folded dice and cubes; this kit prints flat ones.")
        )
    return _cut(manifest, deck, pdf_path)


def _cut(manifest: Manifest, deck: Deck, pdf_path: Path) -> KitCut:
    roles = ("card", "die-face", "cube-face")
    wanted = [item for item in manifest.items if item.role in roles]
    pages = printed_pages(pdf_path, {item.sheet for item in wanted})
    page_w = manifest.page_size[0]
    scale = next(iter(pages.values())).shape[1] / page_w
    cards: dict[int, Image] = {}
    die_faces: dict[tuple[str, int, int], Image] = {}
    cube_faces: dict[tuple[str, int], list[Image]] = {}
    offsets: dict[str, tuple[float, float]] = {}
    for item in wanted:
        if item.qr is not None and item.role != "card":
            offsets[item.role] = (item.qr.box.x - item.cut.x, item.qr.box.y - item.cut.y)
        page, cut = pages[item.sheet], item.cut
        x0, y0 = round(cut.x * scale), round(cut.y * scale)
        x1, y1 = round((cut.x + cut.width) * scale), round((cut.y + cut.height) * scale)
        crop = np.ascontiguousarray(page[y0:y1, x0:x1])
        attrs = item.attrs
        if item.role == "card":
            turn = int(attrs.get("turn", 0))
            # The card's top faces the page's right edge when turned 90° clockwise.
            for _unused in range((turn // 90) % 4):
                crop = cv2.rotate(crop, cv2.ROTATE_90_COUNTERCLOCKWISE)
            cards[int(attrs["number"])] = crop
        elif item.role == "die-face":
            die_faces[(str(attrs["colour"]), int(attrs["serial"]), int(attrs["value"]))] = crop
        else:
            cube_faces.setdefault((str(attrs["colour"]), int(attrs["serial"])), []).append(crop)
    if len(cards) != SIZE * SIZE or len(die_faces) != 54 or len(cube_faces) != 9:
        raise KitError(_("This kit does not print nine cards, nine dice and nine cubes."))
    return KitCut(
        manifest,
        deck,
        scale,
        cards,
        die_faces,
        cube_faces,
        offsets["die-face"],
        offsets["cube-face"],
    )
