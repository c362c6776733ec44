"""The real-world effects as drawn from a seed, their blur kernels and their warps (no photos),
and the command line's answer to a preset or a kit it cannot take."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from companion.camera.blur import disc_kernel, motion_kernel
from companion.camera.effects import (
    Barrel,
    Defocus,
    Glare,
    HardShadow,
    LowLight,
    Messaging,
    Motion,
    draw_effect,
)
from companion.camera.presets import BASE, EFFECTS, PRESETS, REAL_WORLD
from companion.camera.shot import draw_shot
from companion.camera.warp import barrel, barrel_points
from generator.rodeurs.kit import write_kit as write_rodeurs_kit
from generator.rodeurs.layouts import random_layout
from generator.twelve_patrols.kit import write_kit as write_patrols_kit
from patrolkit.cli import main
from patrolkit.errors import KitError
from patrolkit.games.twelve_patrols import shipped_decks

SEEDS = range(200)


def drawn(preset: str) -> list[object]:
    return [draw_effect(preset, seed).effect for seed in SEEDS]


# -- what each effect draws --------------------------------------------------------------------


def test_a_messaging_app_sends_a_long_side_of_1600_to_2048_px_at_jpeg_60_to_75() -> None:
    effects = drawn("messaging")
    passes = [p for e in effects if isinstance(e, Messaging) for p in e.passes]
    assert len(passes) > len(effects)  # some photos are forwarded once more
    for long_side, quality in passes:
        assert 1600 <= long_side <= 2048
        assert 60 <= quality <= 75
    for e in effects:
        assert isinstance(e, Messaging)
        assert all(b[0] <= a[0] for a, b in zip(e.passes, e.passes[1:], strict=False))


def test_hand_shake_streaks_7_to_15_px_and_missed_focus_blurs_3_to_6_px() -> None:
    motions = drawn("motion")
    assert all(isinstance(m, Motion) and 7 <= m.length_px <= 15 for m in motions)
    assert max(m.angle_deg for m in motions if isinstance(m, Motion)) > 150
    discs = drawn("defocus")
    assert all(isinstance(d, Defocus) and 3 <= d.radius_px <= 6 for d in discs)


def test_barrel_shadow_low_light_and_glare_stay_in_their_ranges() -> None:
    for e in drawn("barrel"):
        assert isinstance(e, Barrel) and -0.15 <= e.k1 <= -0.05
    shadows = drawn("shadow")
    for e in shadows:
        assert isinstance(e, HardShadow)
        assert 0.35 <= e.darkness <= 0.65 and 0.15 <= e.cover <= 0.4
    assert {s.band for s in shadows if isinstance(s, HardShadow)} == {True, False}
    for e in drawn("low-light"):
        assert isinstance(e, LowLight)
        assert 0.12 <= e.dim <= 0.25 and 9 <= e.noise <= 16 and 55 <= e.quality <= 70
    for e in drawn("glare"):
        assert isinstance(e, Glare) and 0.04 <= e.size <= 0.1 and e.reach > 1


def test_real_world_is_one_of_the_effects_as_its_own_preset_draws_it() -> None:
    picked: Counter[str] = Counter()
    for seed in SEEDS:
        one = draw_effect(REAL_WORLD, seed)
        assert one.name in EFFECTS
        assert one == draw_effect(one.name, seed)
        picked[one.name] += 1
    assert set(picked) == set(EFFECTS)


@pytest.mark.parametrize("preset", [*EFFECTS, REAL_WORLD])
def test_an_effect_is_the_phone_shot_of_the_same_seed(preset: str) -> None:
    for seed in (0, 7, 123):
        shot = draw_shot(preset, seed)
        assert shot.effect is not None and shot.preset == preset
        assert replace(shot, preset="phone", effect=None) == draw_shot("phone", seed)


def test_the_camera_s_own_presets_have_no_effect_and_every_name_is_offered() -> None:
    assert (*BASE, *EFFECTS, REAL_WORLD) == PRESETS
    assert all(draw_shot(p, 3).effect is None for p in BASE)
    with pytest.raises(KitError, match="no real-world effect 'fisheye'"):
        draw_effect("fisheye", 1)


# -- blur kernels -------------------------------------------------------------------------------


@pytest.mark.parametrize(("length", "angle"), [(7.0, 0.0), (15.0, 90.0), (11.0, 30.0)])
def test_a_straight_streak_spreads_the_light_over_its_length(length: float, angle: float) -> None:
    kernel = motion_kernel(length, angle, 0.0).astype(np.float64)
    assert kernel.sum() == pytest.approx(1.0, abs=1e-5)
    ys, xs = np.nonzero(kernel > 1e-6)
    half = kernel.shape[0] // 2
    a = math.radians(angle)
    along = (xs - half) * math.cos(a) + (ys - half) * math.sin(a)
    across = -(xs - half) * math.sin(a) + (ys - half) * math.cos(a)
    assert length - 1 <= along.max() - along.min() <= length + 2
    assert np.abs(across).max() <= 1.5


def test_a_focus_disc_covers_its_area_evenly() -> None:
    for radius in (3.0, 4.5, 6.0):
        kernel = disc_kernel(radius).astype(np.float64)
        assert kernel.sum() == pytest.approx(1.0, abs=1e-5)
        # Full pixels inside all weigh the same; the covered area is the disc's.
        inside = kernel.max()
        assert 1.0 / inside == pytest.approx(math.pi * radius**2, rel=0.03)


# -- barrel distortion: the image and its points agree --------------------------------------------


def test_barrel_distortion_bows_lines_and_the_image_goes_with_its_points() -> None:
    width, height, focal = 400, 300, 330.0
    image = np.zeros((height, width, 3), np.uint8)
    dots = np.array([[200.0, 150.0], [250.0, 180.0], [370.0, 40.0], [30.0, 25.0], [340, 270]])
    for x, y in dots:
        image[int(y) - 2 : int(y) + 3, int(x) - 2 : int(x) + 3] = 255
    k1 = -0.15
    warped = barrel(image, k1, focal)
    distort = barrel_points(k1, width, height, focal)
    moved = distort(dots)
    grey = warped[..., 0].astype(np.float64)
    for after in moved:
        x0, y0 = int(after[0]) - 8, int(after[1]) - 8
        patch = grey[y0 : y0 + 17, x0 : x0 + 17]
        gy, gx = np.mgrid[y0 : y0 + 17, x0 : x0 + 17]
        seen = np.array([(gx * patch).sum(), (gy * patch).sum()]) / patch.sum()
        assert np.linalg.norm(seen - after) < 0.6
    # The farther from the centre, the less a point is enlarged: straight lines bow outwards
    # in the middle; the photo's corners stay where they are.
    centre = np.array([(width - 1) / 2, (height - 1) / 2])
    radius = np.linalg.norm(dots[1:] - centre, axis=1)
    enlarged = np.linalg.norm(moved[1:] - centre, axis=1) / radius
    assert list(np.argsort(enlarged)) == list(np.argsort(-radius))
    assert enlarged.max() - enlarged.min() > 0.05
    corner = distort(np.array([[-0.5, -0.5]]))[0]
    assert np.allclose(corner, [-0.5, -0.5], atol=0.01)


# -- the command line --------------------------------------------------------------------------


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        code = main(argv)
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    return code, capsys.readouterr().err


def test_an_unknown_preset_is_one_line_naming_the_presets(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, err = run(
        ["simulate", "rodeurs", "--preset", "fisheye", "--out", str(tmp_path / "x.jpg")], capsys
    )
    assert code == 2
    assert len(err.strip().splitlines()) == 1, err
    assert "fisheye" in err and "real-world" in err and "messaging" in err
    assert not (tmp_path / "x.jpg").exists()


@pytest.mark.slow
def test_simulate_refuses_another_game_s_kit_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rodeurs_kit, patrols_kit = tmp_path / "rodeurs-kit", tmp_path / "patrols-kit"
    write_rodeurs_kit(random_layout(1), rodeurs_kit)
    write_patrols_kit(shipped_decks()["easy"].deck, patrols_kit)
    cases = [
        ("patrolis", rodeurs_kit, "a kit for Rôdeurs, not for Patrolis"),
        ("twelve-patrols", rodeurs_kit, "a kit for Rôdeurs, not for 12 Patrols"),
        ("rodeurs", patrols_kit, "a kit for 12 Patrols, not for Rôdeurs"),
    ]
    for game, kit, words in cases:
        out = tmp_path / f"{game}.jpg"
        argv = ["simulate", game, "--kit", str(kit), "--seed", "1", "--out", str(out)]
        code, err = run(argv, capsys)
        assert code == 2, err
        assert len(err.strip().splitlines()) == 1, err
        assert words in err and str(kit) in err
        assert not out.exists() and not out.with_suffix(".json").exists()
