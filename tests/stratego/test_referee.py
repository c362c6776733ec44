"""The Stratego photo referee, from virtual-camera photos and the kit's secrets: setups judged
army by army, moves and attacks judged between photos, never a rank the rules keep hidden, and
one sentence for each bad input."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.camera.photo import write_photo
from companion.camera.stratego.kit import stratego_kit_raster
from companion.camera.stratego.positions import mid_game, setup_position, with_kit_ids
from companion.camera.stratego.scene import photograph
from companion.stratego.annotate import render
from companion.stratego.commands import run_check, run_score
from companion.stratego.reader import read_photo
from companion.stratego.verdict import format_verdict, score_verdict
from patrolkit.errors import KitError
from patrolkit.games.stratego import Army, Rank, State
from patrolkit.games.stratego.secret import Secret, SecretError
from tests.stratego.kits import seeded_kit

pytestmark = pytest.mark.slow

RANK_WORDS = [rank.title for rank in Rank]


@pytest.fixture(scope="module")
def kit_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return seeded_kit(tmp_path_factory.mktemp("stratego-kit"), 33)


@pytest.fixture(scope="module")
def photos(kit_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """Photos of one kit: a setup, the same setup with a red piece gone, a game's position, and
    small positions around an attack and a bomb that moves."""
    folder = tmp_path_factory.mktemp("photos")
    secrets = stratego_kit_raster(kit_dir).secrets
    start = setup_position(secrets, 8)
    first_red = start.squares_of(Army.RED)[5]
    short = State(tuple(None if sq == first_red else p for sq, p in enumerate(start.cells)))

    def ids(pieces: str) -> State:
        return with_kit_ids(State.from_pieces(pieces), secrets)

    small = ids("a1=F b1=B e4=O e7=t j10=f")
    same = {(p.army, p.rank): p.id for p in small.cells if p is not None}

    def moved(pieces: str) -> State:
        state = State.from_pieces(pieces)
        return state.with_ids(
            {sq: same[p.army, p.rank] for sq, p in enumerate(state.cells) if p is not None}
        )

    positions = {
        "setup": (start, "phone", 8),
        "short": (short, "top", 9),
        "game": (mid_game(secrets, 5, moves=50), "top", 5),
        "attack-before": (small, "top", 11),
        "attack-after": (moved("a1=F b1=B e7=t j10=f"), "top", 12),
        "fled": (moved("a1=F b1=B e6=t j10=f"), "top", 13),
        "bomb-moved": (moved("a1=F b2=B e4=O e7=t j10=f"), "top", 14),
        "two-moves": (moved("a1=F b1=B e5=O e6=t j10=f"), "top", 15),
    }
    paths = {}
    for name, (state, preset, seed) in positions.items():
        path = folder / f"{name}.jpg"
        write_photo(photograph(kit_dir, state, preset=preset, seed=seed), path)
        paths[name] = path
    yield paths


def _args(kit_dir: Path, **more: object) -> argparse.Namespace:
    options: dict[str, object] = {
        "json": False,
        "annotate": None,
        "decoder": "zxing",
        "force": False,
        "mover": None,
        "more": [],
        "secrets": [str(kit_dir / "red.secret"), str(kit_dir / "blue.secret")],
    }
    options.update(more)
    return argparse.Namespace(**options)


def _no_rank(text: str, *allowed: str) -> None:
    for word in RANK_WORDS:
        if word not in allowed:
            assert word not in text.lower(), f"'{word}' printed in: {text}"


def test_a_legal_setup_is_said_legal_army_by_army_without_a_rank(
    kit_dir: Path, photos: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    picture = tmp_path / "setup.png"
    code = run_score(_args(kit_dir, photo=photos["setup"], annotate=picture))
    out = capsys.readouterr().out
    assert code == 0
    assert "Red's setup is complete and legal." in out
    assert "Blue's setup is complete and legal." in out
    _no_rank(out)
    assert picture.exists()
    assert run_score(_args(kit_dir, photo=photos["setup"], json=True)) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["phase"] == "setup" and verdict["legal"] is True
    _no_rank(json.dumps(verdict))
    assert all(p is None or p.rank is None for p in State.from_text(verdict["position"]).cells)


def test_a_setup_short_of_a_piece_is_said_wrong_for_that_army_only(
    kit_dir: Path, photos: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    run_score(_args(kit_dir, photo=photos["short"], json=True))
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["legal"] is False
    assert verdict["armies"]["red"] == (
        "Red's setup is not complete: 1 of its 40 pieces is not on the board."
    )
    assert verdict["armies"]["blue"] == "Blue's setup is complete and legal."


def test_a_game_under_way_is_read_as_a_position_with_ranks_hidden(
    kit_dir: Path, photos: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_score(_args(kit_dir, photo=photos["game"])) == 0
    out = capsys.readouterr().out
    assert "A game under way" in out and "Position (ranks hidden)" in out
    _no_rank(out)


def test_an_attack_between_two_photos_names_its_two_ranks_only(
    kit_dir: Path, photos: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code = run_check(
        _args(
            kit_dir,
            before=photos["attack-before"],
            after=photos["attack-after"],
            more=[str(photos["fled"])],
        )
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "Photo 2: Red played e4xe7: the scout attacked the sergeant and lost." in out
    assert "Photo 3: Blue played e7-e6." in out
    _no_rank(out, "scout", "sergeant")


def test_an_illegal_move_is_refused_with_its_reason(
    kit_dir: Path, photos: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    picture = tmp_path / "refused.png"
    code = run_check(
        _args(
            kit_dir,
            before=photos["attack-before"],
            after=photos["bomb-moved"],
            json=True,
            annotate=picture,
        )
    )
    verdict = json.loads(capsys.readouterr().out)
    assert code == 1
    assert verdict["legal"] is False and verdict["refused_at"] == 2
    assert verdict["reason"] == "The bomb on b1 moved: bombs and the flag never move."
    assert picture.exists()


def test_two_photos_that_are_not_one_move_apart_are_refused_in_one_sentence(
    kit_dir: Path, photos: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code = run_check(_args(kit_dir, before=photos["attack-before"], after=photos["two-moves"]))
    out = capsys.readouterr().out
    assert code == 1
    assert "2 pieces moved (e4 to e5 and e7 to e6): a turn moves one piece." in out


def test_the_annotated_panel_and_the_words_never_show_a_hidden_rank(
    kit_dir: Path, photos: dict[str, Path]
) -> None:
    secrets = stratego_kit_raster(kit_dir).secrets
    reading = read_photo(photos["setup"])
    verdict = score_verdict(reading, secrets)
    _no_rank(format_verdict(verdict))
    picture = render(photos["setup"], reading, verdict)
    assert picture.ndim == 3 and picture.shape[1] > picture.shape[0]


def test_a_secret_of_another_kit_is_refused(
    kit_dir: Path, photos: dict[str, Path], tmp_path: Path
) -> None:
    other = [
        Secret.new("ZZZZZ9", army, stratego_kit_raster(kit_dir).secrets[0].variant, bytes(10))
        for army in Army
    ]
    given = []
    for secret in other:
        path = tmp_path / f"{secret.army.title}.secret"
        path.write_text(secret.text)
        given.append(str(path))
    with pytest.raises(SecretError, match="These secrets are of kit ZZZZZ9, but the board"):
        run_score(_args(kit_dir, photo=photos["setup"], secrets=given))


def test_a_damaged_secret_file_and_missing_secrets_are_refused(
    kit_dir: Path, photos: dict[str, Path], tmp_path: Path
) -> None:
    damaged = tmp_path / "red.secret"
    text = (kit_dir / "red.secret").read_text()
    damaged.write_text(text.replace("piece ", "piece 0", 1))
    with pytest.raises(SecretError, match="damaged"):
        run_score(
            _args(
                kit_dir, photo=photos["setup"], secrets=[str(damaged), str(kit_dir / "blue.secret")]
            )
        )
    with pytest.raises(KitError, match="needs both armies' secrets"):
        run_score(_args(kit_dir, photo=photos["setup"], secrets=None))
    with pytest.raises(SecretError, match="Give red's secret first"):
        run_score(
            _args(
                kit_dir,
                photo=photos["setup"],
                secrets=[str(kit_dir / "blue.secret"), str(kit_dir / "red.secret")],
            )
        )
    red_code = Secret.from_text(text).code
    blue_code = Secret.from_text((kit_dir / "blue.secret").read_text()).code
    assert run_score(_args(kit_dir, photo=photos["setup"], secrets=[red_code, blue_code])) == 0
