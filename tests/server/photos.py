"""Virtual-camera photos of each game for the web companion's tests, made once per session and
kept as files: a start, a legal turn, an illegal one, and a legal turn with a piece covered by a
grey sticker (its cell unreadable), with what the covered cell holds."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

PRESET = "top"


@dataclass(frozen=True)
class Photos:
    """A game's photos in the order a test sends them, and the correction that fixes the covered
    one: its place and what it holds."""

    start: Path
    legal: Path
    illegal: Path
    covered: Path
    place: str
    value: str
    legal_turn: str
    illegal_reason: str


def _cached(folder: Path, make: Callable[[Path], Photos]) -> Photos:
    index = folder / "photos.json"
    if index.exists():
        data = json.loads(index.read_text())
        return Photos(**{k: Path(v) if k in _PATHS else v for k, v in data.items()})  # type: ignore[arg-type]
    photos = make(folder)
    index.write_text(json.dumps({k: str(v) for k, v in photos.__dict__.items()}))
    return photos


_PATHS = ("start", "legal", "illegal", "covered")


def _sticker(jpeg: bytes, quad: np.ndarray, share: float = 0.55) -> bytes:
    """``jpeg`` with a grey sticker over the middle ``share`` of ``quad`` (photo px)."""
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    assert image is not None
    centre = quad.mean(axis=0)
    smudge = (centre + (quad - centre) * share).astype(np.int32)
    cv2.fillConvexPoly(image, smudge, (128, 128, 128))
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()


# -- Rôdeurs ---------------------------------------------------------------------------------


def rodeurs_photos(folder: Path) -> Photos:
    folder.mkdir(parents=True, exist_ok=True)
    return _cached(folder, _make_rodeurs)


def _make_rodeurs(folder: Path) -> Photos:
    from companion.camera.rodeurs.scene import photograph
    from companion.rodeurs.reader import read_photo
    from generator.rodeurs.kit import write_kit
    from generator.rodeurs.layouts import random_layout
    from patrolkit.games import rodeurs
    from patrolkit.sizes import Rodeurs

    layout = random_layout(11)
    kit = folder / "kit"
    write_kit(layout, kit)
    start = layout.state
    rng = random.Random(3)
    first = rng.choice(rodeurs.legal_turns(start))
    after = rodeurs.apply(start, first)
    second = rng.choice(rodeurs.legal_turns(after))
    later = rodeurs.apply(after, second)

    def shot(state: rodeurs.State, name: str, seed: int) -> Path:
        path = folder / f"{name}.jpg"
        path.write_bytes(photograph(kit, state, preset=PRESET, seed=seed).jpeg)
        return path

    # the start again after a turn: pawns cannot come back
    illegal = shot(start, "illegal", 33)
    clean = photograph(kit, later, preset=PRESET, seed=34).jpeg
    reading = read_photo(clean)
    moved = {sq for jump in second.jumps for sq in (jump.start, jump.over, jump.land)}
    square = next(sq for sq, pawn in enumerate(later.pawns) if pawn is not None and sq not in moved)
    x, y, w, h = Rodeurs.cell_box(rodeurs.column_of(square), rodeurs.row_of(square))
    inset = 3.0
    corners = np.array(
        [
            [x + inset, y + inset],
            [x + w - inset, y + inset],
            [x + w - inset, y + h - inset],
            [x + inset, y + h - inset],
        ]
    )
    covered = folder / "covered.jpg"
    covered.write_bytes(_sticker(clean, reading.pose.photo_points(corners)))
    pawn = later.pawns[square]
    assert pawn is not None
    colour = {"r": "red", "y": "yellow", "g": "green"}[pawn.value]
    return Photos(
        start=shot(start, "start", 31),
        legal=shot(after, "legal", 32),
        illegal=illegal,
        covered=covered,
        place=rodeurs.square_name(square),
        value=colour,
        legal_turn=first.notation,
        illegal_reason="",
    )


# -- Patrolis --------------------------------------------------------------------------------


def patrolis_photos(folder: Path) -> Photos:
    folder.mkdir(parents=True, exist_ok=True)
    return _cached(folder, _make_patrolis)


def _make_patrolis(folder: Path) -> Photos:
    from companion.camera.patrolis.kit import patrolis_kit_raster
    from companion.camera.patrolis.scene import photograph
    from companion.patrolis.reader import read_photo
    from generator.patrolis.kit import write_kit
    from patrolkit.games.patrolis import State, apply, new_game, random_turn

    kit = folder / "kit"
    write_kit(5, kit)
    raster = patrolis_kit_raster(kit)
    start = new_game(raster.game_map, raster.players, seed=5)
    rng = random.Random(4)
    first = random_turn(start, rng)
    after = apply(start, first)
    second = random_turn(after, rng)
    later = apply(after, second)

    def shot(state: State, name: str, seed: int) -> Path:
        path = folder / f"{name}.jpg"
        path.write_bytes(photograph(kit, state, preset=PRESET, seed=seed).jpeg)
        return path

    clean = photograph(kit, later, preset=PRESET, seed=34).jpeg
    reading = read_photo(clean)
    cell = second.steps[0].cell
    covered = folder / "covered.jpg"
    # Over the middle half of a tile's code, the code is still matched round the sticker; this
    # one hides its finder squares too, leaving only the code's rim.
    covered.write_bytes(_sticker(clean, reading.cell_quad(cell, 0.12), share=0.7))
    return Photos(
        start=shot(start, "start", 31),
        legal=shot(after, "legal", 32),
        illegal=shot(start, "illegal", 33),
        covered=covered,
        place=raster.game_map.name(cell),
        value=reading.tiles[cell].tile.notation,  # type: ignore[union-attr]
        legal_turn=first.notation,
        illegal_reason="",
    )


# -- 12 Patrols ------------------------------------------------------------------------------


def twelve_patrols_photos(folder: Path) -> Photos:
    """A kingdom in progress (``start``), the whole kingdom won (``legal``), one whose two
    patrols traded places (``illegal``: a requirement fails), and the won kingdom with a card's
    code under a sticker."""
    folder.mkdir(parents=True, exist_ok=True)
    return _cached(folder, _make_twelve_patrols)


def _make_twelve_patrols(folder: Path) -> Photos:
    from companion.camera.twelve_patrols.layout import Setup, random_setup
    from companion.camera.twelve_patrols.scene import photograph
    from companion.twelve_patrols.reader import read_photo
    from generator.twelve_patrols.kit import write_kit
    from patrolkit.games.twelve_patrols import failures, shipped_decks

    deck = shipped_decks()["easy"].deck
    kit = folder / "kit"
    write_kit(deck, kit)
    whole = [random_setup(deck, seed, cards=9) for seed in range(40)]
    won = next(s for s in whole if not failures(s.kingdom))
    broken = next(s for s in whole if failures(s.kingdom))

    def shot(setup: Setup, name: str, seed: int) -> Path:
        path = folder / f"{name}.jpg"
        path.write_bytes(photograph(kit, setup, preset=PRESET, seed=seed).jpeg)
        return path

    clean = photograph(kit, won, preset=PRESET, seed=34).jpeg
    item = next(i for i in read_photo(clean).items if i.place == "slot")
    quad = np.array(item.corners_px, dtype=float)
    centre = quad.mean(axis=0)
    covered = folder / "covered.jpg"
    covered.write_bytes(_sticker(clean, centre + (quad - centre) * 2.2))
    reading = read_photo(covered.read_bytes())
    seed = next(
        s
        for s in range(33, 60)
        if read_photo(photograph(kit, broken, preset=PRESET, seed=s).jpeg).judged
    )
    return Photos(
        start=shot(random_setup(deck, 2, cards=3), "start", 31),
        legal=shot(won, "legal", 32),
        illegal=shot(broken, "illegal", seed),
        covered=covered,
        place=reading.unread[0].where if reading.unread else "",
        value="nothing more",
        legal_turn="",
        illegal_reason="",
    )


@dataclass(frozen=True)
class CardPick:
    """A won kingdom with the code of the card at ``place`` under a sticker: the card a player
    picks there (``card``), and the slots whose items then wait for a pick of their own."""

    photo: Path
    place: str
    card: str


def twelve_patrols_card_photo(folder: Path) -> CardPick:
    """The won kingdom of :func:`twelve_patrols_photos` (made in ``folder`` first) with the top
    left card's code covered: the reader sees a card there but cannot read it."""
    from companion.camera.twelve_patrols.layout import random_setup
    from companion.camera.twelve_patrols.scene import photograph
    from companion.twelve_patrols.reader import read_photo
    from patrolkit.games.twelve_patrols import failures, shipped_decks

    twelve_patrols_photos(folder)
    index = folder / "card.json"
    if index.exists():
        data = json.loads(index.read_text())
        return CardPick(Path(data["photo"]), data["place"], data["card"])
    deck = shipped_decks()["easy"].deck
    won = next(
        s
        for s in (random_setup(deck, seed, cards=9) for seed in range(40))
        if not failures(s.kingdom)
    )
    clean = photograph(folder / "kit", won, preset=PRESET, seed=34).jpeg
    card = next(c for c in read_photo(clean).cards if c.position == (0, 0))
    quad = np.array(card.corners_px, dtype=float)
    centre = quad.mean(axis=0)
    path = folder / "card.jpg"
    path.write_bytes(_sticker(clean, centre + (quad - centre) * 2.0))
    pick = CardPick(path, "the top left place", f"card {card.number}: {card.card.name}")
    index.write_text(json.dumps({"photo": str(path), "place": pick.place, "card": pick.card}))
    return pick
