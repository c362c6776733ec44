"""Stratego in French: the kit on every paper (no text off its page or box, every code intact,
fonts embedded, no English word left), the rules' refusals, the referee's verdicts and what it
keeps hidden — the same notation and JSON keys as in English."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from companion.camera.photo import write_photo
from companion.camera.stratego.kit import stratego_kit_raster
from companion.camera.stratego.positions import setup_position, with_kit_ids
from companion.camera.stratego.scene import photograph
from companion.stratego.commands import judge_photos
from companion.stratego.reading import PieceReading, StrategoReading
from companion.stratego.verdict import check_verdict, format_verdict, score_verdict
from generator.stratego.kit import write_kit
from patrolkit.cli import main
from patrolkit.errors import IllegalTurn, LayoutError, NotationError
from patrolkit.games.stratego import Army, Game, Move, Rank, State, check_setup
from patrolkit.games.stratego.secret import Secret, Variant
from patrolkit.games.stratego.words import rank_name
from patrolkit.i18n import speaking
from patrolkit.manifest import Manifest
from tests.language import english_left
from tests.stratego.kits import seeded_kit

PAPERS = ("a4", "letter", "a3")
KIT = "7QK2MZ"
SECRETS = (
    Secret(KIT, Army.RED, Variant.CLASSIC, "ABCDEFGHJKMNPQRS"),
    Secret(KIT, Army.BLUE, Variant.CLASSIC, "0123456789ABCDEF"),
)
ATTACK = ("a1=F b1=B e4=O e7=t j10=f", "a1=F b1=B e7=t j10=f")
BOMB_MOVED = ("a1=F b1=B e4=O e7=t j10=f", "a1=F b2=B e4=O e7=t j10=f")


@dataclass(frozen=True)
class FrenchKit:
    folder: Path
    pdf: bytes
    manifest: Manifest
    secrets: tuple[Secret, Secret]
    texts: tuple[str, ...]


def _seeded(seed: str) -> Callable[[int], bytes]:
    """A kit's source of random bytes drawn from ``seed``: the same kit codes each run."""
    rng = random.Random(seed)
    return lambda n: bytes(rng.randrange(256) for _ in range(n))


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, FrenchKit]:
    made = {}
    for name in PAPERS:
        folder = tmp_path_factory.mktemp(f"fr-{name}") / "kit"
        with speaking("fr"):
            write_kit(folder, seed=3, paper=name, entropy=_seeded(name))
        pdf = (folder / "kit.pdf").read_bytes()
        document = pdfium.PdfDocument(pdf)
        red, blue = (
            Secret.from_text((folder / f"{army}.secret").read_text()) for army in ("red", "blue")
        )
        made[name] = FrenchKit(
            folder,
            pdf,
            Manifest.load(folder / "kit.json"),
            (red, blue),
            tuple(page.get_textpage().get_text_range() for page in document),
        )
    return made


@pytest.mark.parametrize("name", PAPERS)
def test_the_french_kit_says_no_english_word_and_keeps_every_letter_on_its_page(
    kits: dict[str, FrenchKit], name: str
) -> None:
    kit = kits[name]
    text = "\n".join(kit.texts)
    assert english_left(text) == []
    for words in (
        "Pas de poursuite sans fin",
        "éclaireur",
        "démineur",
        "PARAVENT",
        "Le jeu en bref",
    ):
        assert words in text
    assert "\u202f" not in text
    for page in pdfium.PdfDocument(kit.pdf):
        width, height = page.get_size()
        chars = page.get_textpage()
        boxes = np.array([chars.get_charbox(i) for i in range(chars.count_chars())])
        assert len(boxes)
        left, bottom, right, top = boxes.T
        assert left.min() >= 0 and bottom.min() >= 0
        assert right.max() <= width and top.max() <= height


def test_the_french_kit_prints_french_rank_names_and_the_same_codes_as_english(
    kits: dict[str, FrenchKit],
) -> None:
    kit = kits["a4"]
    army_sheets = {item.sheet for item in kit.manifest.by_role("piece")}
    text = "\n".join(kit.texts[sheet - 1] for sheet in army_sheets)
    with speaking("fr"):
        names = [rank_name(rank) for rank in Rank]
    assert names[:4] == ["maréchal", "général", "colonel", "commandant"]
    for word in names:
        assert word in text
    assert kit.manifest.options == {"seed": 3, "paper": "a4", "variant": "classic"}
    assert all(
        item.qr is None or item.qr.payload.startswith("PK1:ST:") for item in kit.manifest.items
    )


def test_a_refused_move_is_said_in_french_and_unchanged_in_english() -> None:
    game = Game.new(State.from_pieces("a1=F b1=B e4=O j10=f"))
    with speaking("fr"), pytest.raises(IllegalTurn) as french:
        game.play(Move.parse("b1-b2"))
    assert (
        str(french.value)
        == "La bombe en b1 a bougé\u00a0: les bombes et le drapeau ne bougent jamais."
    )
    with pytest.raises(IllegalTurn) as english:
        game.play(Move.parse("b1-b2"))
    assert str(english.value) == "The bomb on b1 moved: bombs and the flag never move."
    with speaking("fr"), pytest.raises(NotationError, match="n’est pas un coup"):
        Move.parse("k1-k2")
    with (
        speaking("fr"),
        pytest.raises(LayoutError, match="Rouge a 2 pièces sur le plateau\u00a0; une"),
    ):
        check_setup(State.from_pieces("a1=F b1=B j10=f"))


def _reading(state: State) -> StrategoReading:
    pieces = {
        sq: PieceReading("", p.army, p.id, sq, np.zeros((4, 2)), "photo")
        for sq, p in enumerate(state.cells)
        if p is not None
    }
    return StrategoReading(KIT, 30.0, (), pieces, (), (), (), (4000, 3000), "zxing")


def _readings(*positions: str) -> list[StrategoReading]:
    """Readings of the positions written, each piece keeping its kit id from one to the next."""
    first = with_kit_ids(State.from_pieces(positions[0]), SECRETS)
    ids = {(p.army, p.rank): p.id for p in first.cells if p is not None}
    return [
        _reading(
            State.from_pieces(text).with_ids(
                {
                    sq: ids[p.army, p.rank]
                    for sq, p in enumerate(State.from_pieces(text).cells)
                    if p is not None
                }
            )
        )
        for text in positions
    ]


def test_an_attack_is_judged_in_french_with_the_same_keys_and_notation() -> None:
    readings = _readings(*ATTACK)
    english = check_verdict(readings, SECRETS)
    with speaking("fr"):
        french = check_verdict(readings, SECRETS)
        words = format_verdict(french)
    assert french["moves"][0]["description"] == (
        "Rouge a joué e4xe7\u00a0: l’éclaireur a attaqué le sergent et a perdu."
    )
    assert english["moves"][0]["description"] == (
        "Red played e4xe7: the scout attacked the sergeant and lost."
    )
    assert french.keys() == english.keys()
    for key in ("move", "army", "attack", "photo"):
        assert french["moves"][0][key] == english["moves"][0][key]
    assert french["moves"][0]["attack"] == {
        "attacker": "scout",
        "defender": "sergeant",
        "outcome": "defender wins",
    }
    assert french["position"] == english["position"] and french["rules"] == english["rules"]
    assert "Photo 2\u00a0: Rouge a joué e4xe7" in words
    assert english_left(words) == []


def test_a_setup_and_a_game_over_are_said_in_french() -> None:
    with speaking("fr"):
        readings = _readings(ATTACK[0])
        verdict = score_verdict(readings[0], SECRETS)
        over = check_verdict(_readings("a1=F e4=O e5=f", "a1=F e5=O"), SECRETS)
    assert verdict["armies"]["red"].startswith("La mise en place de Rouge est incomplète\u00a0: 37")
    assert verdict["legal"] is False and verdict["phase"] == "setup"
    assert over["over"] == "Rouge gagne\u00a0: le drapeau de Bleu est pris."


def test_a_french_refusal_naming_a_hidden_rank_goes_to_its_owner_only() -> None:
    before, after = _readings(*BOMB_MOVED)
    codes = [secret.code for secret in SECRETS]
    with speaking("fr"):
        verdict = judge_photos(after, before, secrets=codes)
    assert verdict["legal"] is False
    assert "bombe" not in verdict["reason"]
    assert verdict["reason"].startswith(
        "Les règles refusent ce coup à cause du grade d’une pièce rouge"
    )
    assert verdict["views"]["red"]["reason"] == (
        "La bombe en b1 a bougé\u00a0: les bombes et le drapeau ne bougent jamais."
    )
    assert verdict["views"]["blue"] == {}


@pytest.mark.slow
def test_the_command_line_judges_a_photo_in_french(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kit_dir = seeded_kit(tmp_path / "kit", 33)
    secrets = stratego_kit_raster(kit_dir).secrets
    photo = tmp_path / "setup.jpg"
    write_photo(photograph(kit_dir, setup_position(secrets, 8), preset="top", seed=8), photo)
    given = [str(kit_dir / "red.secret"), str(kit_dir / "blue.secret")]
    assert main(["--lang", "fr", "score", "stratego", str(photo), "--secrets", *given]) == 0
    out = capsys.readouterr().out
    assert "La mise en place de Rouge est complète et régulière." in out
    assert "La mise en place de Bleu est complète et régulière." in out
    assert english_left(out) == []
    with speaking("fr"):
        hidden = [rank_name(rank) for rank in Rank]
    assert not any(word in out for word in hidden)
    assert (
        main(["--lang", "fr", "score", "stratego", str(photo), "--json", "--secrets", *given]) == 0
    )
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["phase"] == "setup" and set(verdict["armies"]) == {"red", "blue"}
