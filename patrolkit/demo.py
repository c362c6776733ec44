"""``patrolkit demo``: the whole flow on built-in defaults.

Print a random Rôdeurs kit, play a complete game with the rules engine, photograph the final
table with the virtual camera's ``phone`` preset, read the photo back and print the verdict beside
the score the rules engine computed. Everything goes to one folder (``output/demo`` by default);
an existing folder is refused unless ``--force`` is given, and then the demo replaces only the
files it writes itself, each whole or not at all.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from patrolkit.atomic import locked, write_file, write_through
from patrolkit.errors import KitError
from patrolkit.i18n import _, ngettext

DEMO_FILES = ("kit", "game.txt", "final.jpg", "final.json", "verdict.json", "annotated.png")


def run_demo(out: Path, *, seed: int = 7, force: bool = False) -> int:
    """Run the demo into ``out``; 0 if the photo's score matches the rules engine's, else 1.
    Raises :class:`KitError` if ``out`` exists (and is not an empty folder) and not ``force``."""
    if out.exists() and not force and not (out.is_dir() and not any(out.iterdir())):
        raise KitError(
            _("{out} already exists; add --force to replace the demo's files in it.").format(
                out=out
            )
        )
    with locked(out):
        return _demo(out, seed)


def _demo(out: Path, seed: int) -> int:
    from companion.camera.photo import write_photo
    from companion.camera.rodeurs.scene import photograph
    from companion.picture import annotate
    from companion.rodeurs.annotate import render
    from companion.rodeurs.reader import read_photo
    from companion.rodeurs.verdict import format_verdict, score_verdict
    from generator.rodeurs.kit import write_kit
    from generator.rodeurs.layouts import random_layout
    from patrolkit.games import rodeurs
    from patrolkit.games.rodeurs.model import player_name

    if out.exists() and not out.is_dir():
        raise KitError(_("{out} is a file; the demo needs a folder.").format(out=out))
    out.mkdir(parents=True, exist_ok=True)
    layout = random_layout(seed)
    pdf, _json = write_kit(layout, out / "kit", force=True)
    print(
        _("1. printed a random Rôdeurs kit (seed {seed}, board {board}): {pdf}").format(
            seed=seed, board=layout.board.code, pdf=pdf
        )
    )

    rng = random.Random(seed)
    state, moves = layout.state, []
    while not rodeurs.is_over(state):
        turn = rng.choice(rodeurs.legal_turns(state))
        mover = state.to_move.name.lower() if state.to_move else "?"
        moves.append(f"{mover}: {turn.notation}")
        state = rodeurs.apply(state, turn)
    game = "\n".join(moves) + f"\nfinal: {state.text}\n"
    write_file(out / "game.txt", game.encode, force=True)
    engine = rodeurs.result(state)
    print(
        ngettext(
            "2. played a complete game of {count} turn: {path}",
            "2. played a complete game of {count} turns: {path}",
            len(moves),
        ).format(count=len(moves), path=out / "game.txt")
    )

    photo = photograph(out / "kit", state, preset="phone", seed=seed)
    image, _truth = write_photo(photo, out / "final.jpg", force=True)
    print(_("3. photographed the final table (phone preset): {photo}").format(photo=image))

    reading = read_photo(image)
    verdict = score_verdict(reading)
    text = json.dumps(verdict, indent=1, ensure_ascii=False) + "\n"
    write_file(out / "verdict.json", text.encode, force=True)
    write_through(
        out / "annotated.png",
        lambda path: annotate(render, image, reading, verdict, path),
        force=True,
    )
    print(
        _("4. read the photo back: {verdict}, {picture}").format(
            verdict=out / "verdict.json", picture=out / "annotated.png"
        )
    )
    print()
    print(format_verdict(verdict))
    print()
    scores = rodeurs.score(state)
    summary = ", ".join(f"{player_name(p)} {scores[p].points}" for p in rodeurs.Player)
    print(
        _("Rules engine on the game it played: {scores}; {result}").format(
            scores=summary, result=engine.description
        )
    )
    expected = engine.winner.name.lower() if engine.winner is not None else None
    # A photo does not show whose turn it is: compare the pawns and the verdict, not the mover.
    pawns_match = str(verdict.get("state", "")).split()[:1] == state.text.split()[:1]
    same = pawns_match and verdict.get("over") is True and verdict.get("winner") == expected
    print(_("The photo's reading matches the game.") if same else _("The photo's reading DIFFERS."))
    return 0 if same else 1
