"""12 Patrols cards as printed: trim and bleed measured on the rasterised PDF, and fronts and
backs in register."""

from __future__ import annotations

import numpy as np
import pytest

from generator.twelve_patrols.card_faces import BACK_TURN, FRONT_TURN
from generator.twelve_patrols.cards import MARK_CLEAR_MM, MARK_LENGTH_MM
from generator.twelve_patrols.kit import render_kit
from patrolkit.manifest import Box
from patrolkit.sizes import TwelvePatrols
from tests.kit_helpers import PX, px, runs
from tests.twelve_patrols.kit_sample import DECK, Kit, make_kits

BLEED = TwelvePatrols.CARD_BLEED_MM
BACK_KEYLINE_MM = 3.5
"""The backs' gold keyline lies this far inside the trim all round."""


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Kit]:
    return make_kits(tmp_path_factory)


def _centres(mask: np.ndarray, start: int) -> list[float]:
    """The centres (page mm) of the runs of ``mask``, a line of pixels from pixel ``start``."""
    return [(start + (a + b) / 2) / PX for a, b in runs(mask)]


def _front_block(kit: Kit, sheet: int) -> Box:
    """The bleed box round the fronts on ``sheet`` (from the manifest, to know where to look)."""
    cuts = [i.cut for i in kit.manifest.by_role("card") if i.sheet == sheet]
    left = min(c.x for c in cuts) - BLEED
    top = min(c.y for c in cuts) - BLEED
    right = max(c.x + c.width for c in cuts) + BLEED
    bottom = max(c.y + c.height for c in cuts) + BLEED
    return Box(left, top, right - left, bottom - top)


def _cut_lines(kit: Kit, sheet: int) -> tuple[list[float], list[float]]:
    """The cut lines the crop marks of ``sheet`` point at, read on the pixels: the marks above the
    block give the vertical cuts, the marks left of it the horizontal ones."""
    block = _front_block(kit, sheet)
    image = kit.grey(sheet) < 128
    mark = MARK_CLEAR_MM + MARK_LENGTH_MM / 2
    left, top = px(block.x - 1), px(block.y - 1)
    row = image[px(block.y - mark), left : px(block.x + block.width + 1)]
    column = image[top : px(block.y + block.height + 1), px(block.x - mark)]
    return _centres(row, left), _centres(column, top)


def _measured_fronts(kit: Kit, sheet: int) -> list[Box]:
    """Every front's trim box on ``sheet`` from its crop marks: cut lines pair up card by card."""
    xs, ys = _cut_lines(kit, sheet)
    boxes = []
    for item in kit.manifest.by_role("card"):
        if item.sheet != sheet:
            continue
        x0 = min(xs, key=lambda x: abs(x - item.cut.x))
        x1 = min(xs, key=lambda x: abs(x - item.cut.x - item.cut.width))
        y0 = min(ys, key=lambda y: abs(y - item.cut.y))
        y1 = min(ys, key=lambda y: abs(y - item.cut.y - item.cut.height))
        boxes.append(Box(x0, y0, x1 - x0, y1 - y0))
    return boxes


def _keyline(line: np.ndarray, start: int, expected: float) -> float:
    """The centre (mm) of the gold run near ``expected`` on ``line``, from pixel ``start``."""
    found = [c for c in _centres(line, start) if abs(c - expected) < 1.2]
    assert len(found) == 1, (expected, _centres(line, start))
    return found[0]


def _measured_back(kit: Kit, expected: Box) -> Box:
    """A back's trim box read from its gold keyline, 3.5 mm inside the trim all round, near where
    ``expected`` says the back is."""
    sheet = next(i.sheet for i in kit.manifest.by_role("card-back") if i.cut == expected)
    gold = kit.gold(sheet)
    e = expected
    k = BACK_KEYLINE_MM
    start_x, start_y = px(e.x - 3), px(e.y - 3)
    across = gold[px(e.y + e.height / 2), start_x : px(e.x + e.width + 3)]
    down = gold[start_y : px(e.y + e.height + 3), px(e.x + e.width / 2)]
    left = _keyline(across, start_x, e.x + k) - k
    right = _keyline(across, start_x, e.x + e.width - k) + k
    top = _keyline(down, start_y, e.y + k) - k
    bottom = _keyline(down, start_y, e.y + e.height - k) + k
    return Box(left, top, right - left, bottom - top)


def _mirror(box: Box, width: float) -> Box:
    """``box`` as it lands on the other side of a sheet ``width`` wide flipped on its long edge."""
    return Box(width - box.x - box.width, box.y, box.width, box.height)


# -- trim and bleed --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["a4-duplex", "letter-gutter"])
def test_cards_are_63_by_88_with_3_mm_bleed(kits: dict[str, Kit], name: str) -> None:
    kit = kits[name]
    for sheet in sorted({i.sheet for i in kit.manifest.by_role("card")}):
        xs, ys = _cut_lines(kit, sheet)
        # Cards lie on their side: 88 mm across, 63 mm down, 6 mm (two bleeds) between them.
        widths = [b - a for a, b in zip(xs[::2], xs[1::2], strict=True)]
        heights = [b - a for a, b in zip(ys[::2], ys[1::2], strict=True)]
        assert widths == pytest.approx([88.0] * len(widths), abs=0.1)
        assert heights == pytest.approx([63.0] * len(heights), abs=0.1)
        gaps = [b - a for a, b in zip(xs[1:-1:2], xs[2::2], strict=True)]
        gaps += [b - a for a, b in zip(ys[1:-1:2], ys[2::2], strict=True)]
        assert gaps == pytest.approx([2 * BLEED] * len(gaps), abs=0.1)
        # The art runs exactly 3 mm past the outermost cuts, and no further.
        block = _front_block(kit, sheet)
        image = kit.colour(sheet)
        x0, y0 = px(block.x - 1), px(block.y - 1)
        window = image[
            y0 : px(block.y + block.height + 1),
            x0 : px(min(block.x + block.width, kit.manifest.page_size[0] / 2) + 1),
        ]
        inked = np.argwhere((window < 250).any(axis=2))
        top, left = inked.min(axis=0) + np.array([y0, x0])
        bottom = inked[:, 0].max() + y0 + 1
        assert xs[0] - left / PX == pytest.approx(BLEED, abs=0.1)
        assert ys[0] - top / PX == pytest.approx(BLEED, abs=0.1)
        assert bottom / PX - ys[-1] == pytest.approx(BLEED, abs=0.1)
        # Between two cards the bleeds meet: colour all the way across every gap.
        for a, b in zip(ys[1:-1:2], ys[2::2], strict=True):
            gap = image[px(a + 0.2) : px(b - 0.2), px(xs[0] + 10) : px(xs[1] - 10)]
            assert (gap < 250).any(axis=2).all()
        # The manifest's trim boxes are the ones the marks point at.
        for measured in _measured_fronts(kit, sheet):
            cut = min(
                (i.cut for i in kit.manifest.by_role("card") if i.sheet == sheet),
                key=lambda c: abs(c.x - measured.x) + abs(c.y - measured.y),
            )
            assert (measured.x, measured.y, measured.width, measured.height) == pytest.approx(
                (cut.x, cut.y, cut.width, cut.height), abs=0.1
            )


# -- registration of fronts and backs --------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["a4-duplex", "letter-duplex-offset-flat", "a4-gutter-flat", "letter-gutter"]
)
def test_backs_register_with_their_fronts(kits: dict[str, Kit], name: str) -> None:
    kit = kits[name]
    manifest = kit.manifest
    width = manifest.page_size[0]
    dx, dy = manifest.options["duplex_offset"]
    duplex = manifest.options["backs"] == "duplex"
    fronts = {i.attrs["number"]: i for i in manifest.by_role("card")}
    backs = {i.attrs["number"]: i for i in manifest.by_role("card-back")}
    assert sorted(fronts) == sorted(backs) == list(range(1, 10))
    measured_fronts = {
        (round(b.x), round(b.y), sheet): b
        for sheet in {i.sheet for i in fronts.values()}
        for b in _measured_fronts(kit, sheet)
    }
    worst = 0.0
    for number, front in fronts.items():
        back = backs[number]
        assert back.sheet == (front.sheet + 1 if duplex else front.sheet)
        measured_front = measured_fronts[(round(front.cut.x), round(front.cut.y), front.sheet)]
        measured_back = _measured_back(kit, back.cut)
        # Flipped over, the back (less the offset the player asked for) lies on the front.
        landed = _mirror(
            Box(measured_back.x - dx, measured_back.y - dy, measured_back.width,
                measured_back.height),
            width,
        )  # fmt: skip
        got = np.array([landed.x, landed.y, landed.width, landed.height])
        want = np.array(
            [measured_front.x, measured_front.y, measured_front.width, measured_front.height]
        )
        assert got == pytest.approx(want, abs=0.1), number
        worst = max(worst, float(np.abs(got - want).max()))
        # And exactly so in the manifest.
        mirrored = _mirror(front.cut, width)
        assert (back.cut.x, back.cut.y) == pytest.approx((mirrored.x + dx, mirrored.y + dy))
        assert back.attrs["turn"] == BACK_TURN and front.attrs["turn"] == FRONT_TURN
    assert worst < 0.1


def test_offset_moves_the_backs_and_nothing_else() -> None:
    _, plain = render_kit(DECK, "a4")
    _, moved = render_kit(DECK, "a4", duplex_offset=(-3.0, 2.5))
    for a, b in zip(plain.items, moved.items, strict=True):
        shift = (b.cut.x - a.cut.x, b.cut.y - a.cut.y)
        expected = (-3.0, 2.5) if a.role == "card-back" else (0.0, 0.0)
        assert shift == pytest.approx(expected, abs=1e-9), a.id
    assert moved.options["duplex_offset"] == [-3.0, 2.5]
