"""``patrolkit demo``: the whole flow on built-in defaults.

Print a random Rôdeurs kit, play a complete game with the rules engine, photograph the final
table with the virtual camera's ``phone`` preset, read the photo back and print the verdict beside
the score the rules engine computed. Everything goes to one folder (``output/demo`` by default);
the demo replaces only the files it writes itself.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

DEMO_FILES = ("kit", "game.txt", "final.jpg", "final.json", "verdict.json", "annotated.png")


def run_demo(out: Path, *, seed: int = 7) -> int:
    """Run the demo into ``out``; 0 if the photo's score matches the rules engine's, else 1."""
    from companion.camera.photo import write_photo
    from companion.camera.rodeurs.scene import photograph
    from companion.picture import annotate
    from companion.rodeurs.annotate import render
    from companion.rodeurs.reader import read_photo
    from companion.rodeurs.verdict import format_verdict, score_verdict
    from generator.rodeurs.kit import write_kit
    from generator.rodeurs.layouts import random_layout
    from patrolkit.games import rodeurs

    out.mkdir(parents=True, exist_ok=True)
    layout = random_layout(seed)
    pdf, _ = write_kit(layout, out / "kit", force=True)
    print(f"1. printed a random Rôdeurs kit (seed {seed}, board {layout.board.code}): {pdf}")

    rng = random.Random(seed)
    state, moves = layout.state, []
    while not rodeurs.is_over(state):
        turn = rng.choice(rodeurs.legal_turns(state))
        mover = state.to_move.name.lower() if state.to_move else "?"
        moves.append(f"{mover}: {turn.notation}")
        state = rodeurs.apply(state, turn)
    (out / "game.txt").write_text("\n".join(moves) + f"\nfinal: {state.text}\n")
    engine = rodeurs.result(state)
    print(f"2. played a complete game of {len(moves)} turns: {out / 'game.txt'}")

    photo = photograph(out / "kit", state, preset="phone", seed=seed)
    image, _ = write_photo(photo, out / "final.jpg", force=True)
    print(f"3. photographed the final table (phone preset): {image}")

    reading = read_photo(image)
    verdict = score_verdict(reading)
    (out / "verdict.json").write_text(json.dumps(verdict, indent=1, ensure_ascii=False) + "\n")
    annotate(render, image, reading, verdict, out / "annotated.png")
    print(f"4. read the photo back: {out / 'verdict.json'}, {out / 'annotated.png'}")
    print()
    print(format_verdict(verdict))
    print()
    scores = rodeurs.score(state)
    summary = ", ".join(f"{p.name.lower()} {scores[p].points}" for p in rodeurs.Player)
    print(f"Rules engine on the game it played: {summary}; {engine.description}")
    expected = engine.winner.name.lower() if engine.winner is not None else None
    # A photo does not show whose turn it is: compare the pawns and the verdict, not the mover.
    pawns_match = str(verdict.get("state", "")).split()[:1] == state.text.split()[:1]
    same = pawns_match and verdict.get("over") is True and verdict.get("winner") == expected
    print("The photo's reading matches the game." if same else "The photo's reading DIFFERS.")
    return 0 if same else 1
