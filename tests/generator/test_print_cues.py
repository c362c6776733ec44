"""Pieces told apart without colour, and no mark on a cut, for every kit kind.

The measures and their thresholds are :mod:`bench.kit_cues`'s: every pair of colours of a kind of
piece (Rôdeurs pawns, Patrolis players' tiles and objectives, Stratego armies, grand jeu patrols,
12 Patrols items) differs in grey and for protanopes, deuteranopes and tritanopes by a cue of at
least 10 mm² spanning 6 mm (CIE L* differences, code ink masked); every character and every
shape within a piece stands at least 2 mm inside its cut.
"""

from __future__ import annotations

import io
from functools import cache

import pytest

from bench.kit_cues import (
    MIN_CUE_MM,
    SAFE_MM,
    Drawn,
    cue_builders,
    cue_pairs,
    differs,
    face,
    mark_builders,
    marks_near_the_cut,
    pair_figures,
    render,
)
from generator.page import BOLD, Paper, Sheet
from generator.rodeurs.tokens import Pawn, draw_token
from patrolkit.games.rodeurs import PawnColour
from patrolkit.manifest import Box, Item
from patrolkit.sizes import Patrolis

BUILDERS = {**cue_builders(), **mark_builders()}


@cache
def page(name: str) -> Drawn:
    """The page of pieces :mod:`bench.kit_cues` calls ``name``, drawn once per session."""
    return BUILDERS[name]()


@pytest.mark.parametrize("name", list(cue_builders()))
def test_every_pair_of_colours_differs_in_grey_and_for_colour_blind_players(name: str) -> None:
    pairs = cue_pairs(page(name))
    assert pairs
    not_differing = [
        f"{pair} in {view}: {figures}"
        for pair, views in pairs.items()
        for view, figures in views.items()
        if not differs(figures)
    ]
    assert not_differing == []


@pytest.mark.parametrize("name", list(BUILDERS))
def test_every_mark_stands_2_mm_inside_its_cut(name: str) -> None:
    near, measured = marks_near_the_cut(page(name))
    assert near == []
    if "tiles" not in name:  # a step tile carries no mark at all beside its code
        assert measured > 0


def _squares(inks: tuple[str, str], *, digit: bool) -> Drawn:
    """Two 20 mm squares in ``inks``, each with a 1.6 mm digit in a corner if ``digit``."""
    out = io.BytesIO()
    sheet = Sheet(out, Paper("test", 60.0, 32.0), title="", subject="")
    pieces = []
    for number, (x, ink) in enumerate(zip((6.0, 32.0), inks, strict=True), start=1):
        sheet.rect(x, 6.0, 20.0, 20.0, fill=ink)
        if digit:
            sheet.centred_glyphs(x + 18.0, 24.0, str(number), size=6.2, font=BOLD)
        pieces.append((str(number), Item(f"square-{number}", "test", 1, Box(x, 6.0, 20.0, 20.0))))
    sheet.save()
    return Drawn(out.getvalue(), tuple(pieces))


def _figures(drawn: Drawn) -> dict[str, dict[str, float]]:
    image = render(drawn)
    (a, keep), (b, _) = (face(image, item, False) for _, item in drawn.pieces)
    return pair_figures(a, b, keep)


def test_the_cue_check_fails_tints_of_one_grey_told_only_by_a_small_digit() -> None:
    """The old step tiles: vermilion and grey tints at nearly one grey and a 1.6 mm digit."""
    figures = _figures(_squares((Patrolis.PLAYER_TINT[1], Patrolis.PLAYER_TINT[5]), digit=True))
    assert not differs(figures["grey"])
    assert figures["grey"]["cue_mm"] < MIN_CUE_MM


def test_the_cue_check_passes_colours_far_apart_in_grey() -> None:
    figures = _figures(_squares(("#F2D024", "#0B5E45"), digit=False))
    assert all(differs(f) for f in figures.values())


def test_the_mark_check_sees_a_label_moved_onto_the_cut() -> None:
    """A Rôdeurs token with a letter 0.5 mm inside its cut, as the old tokens had: reported;
    the same letter 3 mm inside: not."""
    for inset, reported in ((0.5, True), (3.0, False)):
        out = io.BytesIO()
        sheet = Sheet(out, Paper("test", 40.0, 40.0), title="", subject="")
        item = draw_token(sheet, Pawn(PawnColour.RED, 1), 8.0, 8.0)
        sheet.text(8.0 + 10.5, 8.0 + 21.0 - inset, "R", size=6.4, font=BOLD, align="centre")
        sheet.save()
        near, _ = marks_near_the_cut(Drawn(out.getvalue(), (("red", item),)))
        assert bool(near) is reported
        assert all(mark.inset_mm < SAFE_MM for mark in near)


def test_the_mark_check_sees_a_shape_near_the_cut() -> None:
    out = io.BytesIO()
    sheet = Sheet(out, Paper("test", 40.0, 40.0), title="", subject="")
    item = draw_token(sheet, Pawn(PawnColour.GREEN, 1), 8.0, 8.0)
    sheet.circle(8.0 + 1.5, 8.0 + 10.5, 0.8, fill="#000000")
    sheet.save()
    near, _ = marks_near_the_cut(Drawn(out.getvalue(), (("green", item),)))
    assert [mark.what for mark in near] == ["shape"]
