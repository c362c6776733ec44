"""A Patrolis kit of one map (``--maps 1``): the first map of the two-map kit, its deal and its
board sheets, four A4 sheets fewer (one on A3), and the cover and rules speak of one map."""

from __future__ import annotations

import argparse

import pypdfium2 as pdfium
import pytest

from generator.patrolis.command import add_kit_arguments
from generator.patrolis.kit import render_kit
from patrolkit.errors import KitError


@pytest.mark.slow
@pytest.mark.parametrize(("paper", "fewer"), [("a4", 4), ("a3", 1)])
def test_one_map_prints_the_first_map_on_fewer_sheets(paper: str, fewer: int) -> None:
    one_pdf, one = render_kit(0, paper, maps=1)
    _, two = render_kit(0, paper)
    assert one.pages == two.pages - fewer
    assert one.options["maps"] == 1 and "maps" not in two.options
    assert one.layout["maps"] == two.layout["maps"][:1]
    assert one.layout["deals"] == two.layout["deals"][:1]
    assert {i.attrs["map"] for i in one.by_role("board-sheet")} == {1}
    cover = " ".join(pdfium.PdfDocument(one_pdf)[0].get_textpage().get_text_range().split())
    assert "the map: 16 × 16 cells" in cover and "map 2" not in cover
    rules = " ".join(pdfium.PdfDocument(one_pdf)[1].get_textpage().get_text_range().split())
    assert "The map, eight objectives" in rules


@pytest.mark.parametrize("maps", [0, 3, True, "1"])
def test_only_one_or_two_maps_are_offered(maps: object) -> None:
    with pytest.raises(KitError, match="one map or two"):
        render_kit(0, "a4", maps=maps)  # type: ignore[arg-type]


def test_the_command_takes_one_or_two_maps() -> None:
    parser = argparse.ArgumentParser()
    add_kit_arguments(parser)
    assert parser.parse_args([]).maps == 2
    assert parser.parse_args(["--maps", "1"]).maps == 1
    with pytest.raises(SystemExit):
        parser.parse_args(["--maps", "3"])
