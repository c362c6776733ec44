"""A kit as printed, for the virtual camera: its own PDF rasterised as ink on paper, kits kept
in memory between photos, and the kit a ``patrolkit simulate`` command photographs."""

from __future__ import annotations

import argparse
from collections import OrderedDict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar, cast

import cv2
import numpy as np

from companion.camera.lens import Image
from patrolkit import registry
from patrolkit.errors import KitError, UnknownGame
from patrolkit.i18n import _, ngettext
from patrolkit.manifest import Manifest

T = TypeVar("T")

# -- the printed kit ---------------------------------------------------------------------------

RASTER_PX_PER_MM = 12.0
"""Kit pages are rasterised at this scale: finer than any photo of the whole board sees them."""
_PAPER = np.array([238.0, 243.0, 246.0])
"""Paper white under neutral light (B, G, R)."""
_BLACK = np.array([38.0, 34.0, 33.0])
"""Black ink on paper."""
_DULL = 0.1
"""How much duller printed colours are than the PDF's."""


_KITS_KEPT = 2
_KITS: dict[str, OrderedDict[tuple[str, int, int], Any]] = {}


def cached_kit(kit_dir: Path, build: Callable[[Manifest, Path], T]) -> T:
    """``build(manifest, pdf_path)`` for the kit in ``kit_dir`` (``kit.json`` and ``kit.pdf``);
    the last two kits each ``build`` made are kept in memory, keyed by the path and the files'
    modification times. :class:`KitError` when there is no kit there."""
    kit_dir = Path(kit_dir)
    json_path, pdf_path = kit_dir / "kit.json", kit_dir / "kit.pdf"
    try:
        stamps = (json_path.stat().st_mtime_ns, pdf_path.stat().st_mtime_ns)
    except FileNotFoundError:
        raise KitError(
            _("There is no kit (kit.json and kit.pdf) in {folder}.").format(folder=kit_dir)
        ) from None
    kept = _KITS.setdefault(f"{build.__module__}.{build.__qualname__}", OrderedDict())
    key = (str(kit_dir.resolve()), *stamps)
    if key in kept:
        kept.move_to_end(key)
        return cast(T, kept[key])
    built = build(Manifest.load(json_path), pdf_path)
    kept[key] = built
    while len(kept) > _KITS_KEPT:
        kept.popitem(last=False)
    return built


def kit_of(kit_dir: Path, game: str) -> Manifest:
    """The manifest of the kit in ``kit_dir``; :class:`KitError`, naming the game the kit is
    for, unless it is a kit of ``game`` (a command-line name)."""
    manifest = Manifest.load(Path(kit_dir) / "kit.json")
    if manifest.game != game:
        raise KitError(
            _("{folder} holds a kit for {game}, not for {wanted}.").format(
                folder=kit_dir, game=_title(manifest.game), wanted=_title(game)
            )
        )
    return manifest


def simulated_kit(
    args: argparse.Namespace, game: str, write: Callable[[Path, int], object]
) -> Path:
    """The kit folder ``patrolkit simulate`` photographs: ``--kit``, checked to hold a kit of
    ``game`` (a command-line name), else the seed's kit under ``output/kits``, written by
    ``write(kit_dir, seed)`` if missing; :class:`KitError` when both ``--state`` and
    ``--turns`` are given."""
    if args.state is not None and args.turns is not None:
        raise KitError(_("Give either --state or --turns, not both."))
    if args.kit is not None:
        kit_of(args.kit, game)
        return Path(args.kit)
    kit_dir = Path("output") / "kits" / f"{game}-seed-{args.seed}"
    if not (kit_dir / "kit.json").exists():
        write(kit_dir, args.seed)
    return kit_dir


def _title(game: str) -> str:
    try:
        return registry.find_game(game).local_title
    except UnknownGame:
        return f"'{game}'"


def printed_pages(pdf_path: Path, sheets: Iterable[int]) -> dict[int, Image]:
    """The ``sheets`` (page numbers from 1) of the kit PDF at :data:`RASTER_PX_PER_MM`, as
    printed (see :func:`printed`); :class:`KitError` for a PDF that is unreadable or short. Each
    page is rendered at its own size (an A3 kit's board sheets are A3, its other sheets A4)."""
    import pypdfium2 as pdfium

    wanted = sorted(set(sheets))
    pages: dict[int, Image] = {}
    try:
        document = pdfium.PdfDocument(str(pdf_path))
    except pdfium.PdfiumError as exc:
        raise KitError(
            _("{path} is not a readable PDF ({reason}).").format(path=pdf_path, reason=exc)
        ) from None
    try:
        if wanted and len(document) < wanted[-1]:
            raise KitError(
                ngettext(
                    "{path} has {count} page; its kit.json needs {needed}.",
                    "{path} has {count} pages; its kit.json needs {needed}.",
                    len(document),
                ).format(path=pdf_path, count=len(document), needed=wanted[-1])
            )
        for sheet in wanted:
            bitmap = document[sheet - 1].render(scale=RASTER_PX_PER_MM * 25.4 / 72)
            pages[sheet] = printed(np.ascontiguousarray(bitmap.to_numpy()[..., :3]))
    finally:
        document.close()
    return pages


def page_scale(manifest: Manifest, sheet: int, page: Image) -> tuple[float, float]:
    """The scale (px per mm, x and y) of ``page``, ``manifest``'s sheet ``sheet`` as printed."""
    page_w, page_h = manifest.page_size_of(sheet)
    return page.shape[1] / page_w, page.shape[0] / page_h


def frozen(image: Image) -> Image:
    """``image`` made read-only: photos share it."""
    image.flags.writeable = False
    return image


def printed(page: Image) -> Image:
    """The page as ink on paper: white is paper, black is ink, colours a little duller."""
    weights = np.array([0.114, 0.587, 0.299])
    mix = (1 - _DULL) * np.eye(3) + _DULL * np.tile(weights, (3, 1))
    page = cv2.transform(page, mix)
    ramp = np.arange(256, dtype=np.float64) / 255.0
    return cv2.merge(
        [
            cv2.LUT(
                page[..., c],
                np.clip(_BLACK[c] + (_PAPER[c] - _BLACK[c]) * ramp**1.08, 0, 255).astype(np.uint8),
            )
            for c in range(3)
        ]
    )
