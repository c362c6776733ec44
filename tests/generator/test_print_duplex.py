"""Printing a 12 Patrols kit as its cover says loses no piece: in a kit with duplex card backs the
whole file printed double-sided (flipped on the long edge) puts every card back behind its front
and nothing behind a die, a cube or a flat token; a gutter-fold kit says to print single-sided.

What lies behind a piece is measured on the rendered back page: the piece's cut outline (glue
tabs or bleed included), mirrored as the paper turns over, must be blank paper there.
"""

from __future__ import annotations

import re

import numpy as np
import pypdfium2 as pdfium
import pytest

from generator.twelve_patrols.nets import CUBE_TAB_MM, DIE_TAB_MM
from patrolkit.manifest import Box, Item, Manifest
from patrolkit.sizes import TwelvePatrols
from tests.generator.print_kits import TWELVE_PATROLS, twelve_patrols

DPI = 75
PX = DPI / 25.4
ITEM_ROLES = ("die-face", "cube-face", "die-token", "cube-token")
DUPLEX = [name for name, options in TWELVE_PATROLS.items() if options.get("backs") != "gutter"]
GUTTER = [name for name in TWELVE_PATROLS if name not in DUPLEX]


def outlines(manifest: Manifest) -> dict[int, list[Box]]:
    """Every item piece's cut outline by sheet: a net's six faces and the room of its glue tabs
    round them, or a flat token with its bleed."""
    nets: dict[tuple[int, str], list[Box]] = {}
    pieces: dict[int, list[Box]] = {}
    for item in manifest.items:
        if item.role not in ITEM_ROLES:
            continue
        if item.role.endswith("-face"):
            nets.setdefault((item.sheet, item.id.rsplit("-", 1)[0]), []).append(item.cut)
        else:
            pieces.setdefault(item.sheet, []).append(_grown(item.cut, TwelvePatrols.TOKEN_BLEED_MM))
    for (sheet, net), faces in nets.items():
        tab = DIE_TAB_MM if net.startswith("die") else CUBE_TAB_MM
        left = min(f.x for f in faces)
        top = min(f.y for f in faces)
        right = max(f.x + f.width for f in faces)
        bottom = max(f.y + f.height for f in faces)
        pieces.setdefault(sheet, []).append(_grown(Box(left, top, right - left, bottom - top), tab))
    return pieces


def _grown(box: Box, by: float) -> Box:
    return Box(box.x - by, box.y - by, box.width + 2 * by, box.height + 2 * by)


def behind(box: Box, paper_width: float) -> Box:
    """Where ``box`` of a front lands on its back, the sheet flipped on its long edge."""
    return Box(paper_width - box.x - box.width, box.y, box.width, box.height)


def ink_in(image: np.ndarray, box: Box) -> int:
    """The darkest ink (0 none, 255 black) within ``box`` (page mm) of a grey raster."""
    region = image[
        max(0, round(box.y * PX)) : round((box.y + box.height) * PX),
        max(0, round(box.x * PX)) : round((box.x + box.width) * PX),
    ]
    return 255 - int(region.min()) if region.size else 0


def _grey(document: pdfium.PdfDocument, sheet: int) -> np.ndarray:
    image = document[sheet - 1].render(scale=DPI / 72, grayscale=True).to_numpy()
    return image if image.ndim == 2 else image[:, :, 0]


def _cover_text(pdf: bytes) -> str:
    return " ".join(pdfium.PdfDocument(pdf)[0].get_textpage().get_text_range().split())


def _overlap(a: Box, b: Box) -> bool:
    return (
        a.x < b.x + b.width
        and b.x < a.x + a.width
        and a.y < b.y + b.height
        and b.y < a.y + a.height
    )


@pytest.mark.parametrize("name", DUPLEX)
def test_item_sheets_are_fronts_whose_backs_carry_no_piece_behind_them(name: str) -> None:
    """From the manifest: every sheet with dice, cubes or tokens is an odd page, and no piece on
    the page printed behind it lies behind one of them."""
    _, manifest = twelve_patrols(name)
    width = manifest.page_size[0]
    for sheet, pieces in outlines(manifest).items():
        assert sheet % 2 == 1, f"item sheet {sheet} would be printed on the back of another"
        back: list[Item] = [i for i in manifest.items if i.sheet == sheet + 1]
        for item in back:
            hidden = behind(_grown(item.cut, 3.0), width)
            assert not any(_overlap(hidden, piece) for piece in pieces), (
                f"{item.id} on sheet {sheet + 1} lies behind a piece of sheet {sheet}"
            )


@pytest.mark.slow
@pytest.mark.parametrize("name", DUPLEX)
def test_whole_file_double_sided_prints_nothing_behind_a_piece(name: str) -> None:
    """On the rendered pages: behind every net's and token's outline the back is blank paper."""
    pdf, manifest = twelve_patrols(name)
    document = pdfium.PdfDocument(pdf)
    width = manifest.page_size[0]
    checked = 0
    for sheet, pieces in outlines(manifest).items():
        if sheet == manifest.pages:
            continue  # the file's last page: nothing is printed behind it
        back = _grey(document, sheet + 1)
        for piece in pieces:
            assert ink_in(back, behind(piece, width)) < 8, f"{name}: behind sheet {sheet}"
            checked += 1
    assert checked >= 9


@pytest.mark.slow
@pytest.mark.parametrize("name", DUPLEX)
def test_the_blank_backs_the_cover_names_are_blank_below_their_note(name: str) -> None:
    pdf, manifest = twelve_patrols(name)
    cover = _cover_text(pdf)
    assert "Print the whole file double-sided, flipping on the long edge" in cover
    assert "Or print sheets 3–6 double-sided" in cover
    named = re.search(r"leaving out the blank sheets ([\d, and]+)\.", cover)
    items = sorted(outlines(manifest))
    carrying = {i.sheet for i in manifest.items}
    expected = [s + 1 for s in items if s < manifest.pages and s + 1 not in carrying]
    if not expected:
        assert named is None
        return
    assert named is not None
    listed = [int(n) for n in re.findall(r"\d+", named.group(1))]
    assert listed == expected
    document = pdfium.PdfDocument(pdf)
    height = manifest.page_size[1]
    for sheet in listed:
        page = document[sheet - 1]
        assert "left blank on purpose" in page.get_textpage().get_text_range()
        below_note = Box(0, 22.0, manifest.page_size[0], height - 22.0)
        assert ink_in(_grey(document, sheet), below_note) == 0, f"sheet {sheet} is not blank"


@pytest.mark.parametrize("name", GUTTER)
def test_gutter_fold_kits_say_to_print_single_sided(name: str) -> None:
    pdf, _ = twelve_patrols(name)
    cover = _cover_text(pdf)
    assert "Print the whole file single-sided" in cover
    assert "double-sided, flipping" not in cover
    assert "left blank on purpose" not in " ".join(
        page.get_textpage().get_text_range() for page in pdfium.PdfDocument(pdf)
    )
