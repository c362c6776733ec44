"""``patrolkit score|check stratego``: the photo referee, given both armies' secrets.

Both commands take ``--secrets RED BLUE``: red's secret, then blue's, each a secret file written
beside the kit (``red.secret``) or the short code on its owner's private slip. ``check`` takes
two photos or more of one game, in the order they were taken, and ``--rules 'two-square=5
chase=off'`` where the players agreed other rules than a limit of 3 and the chase rule.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.commands import score_command
from patrolkit.errors import KitError

if TYPE_CHECKING:
    from companion.stratego.reading import StrategoReading
    from patrolkit.games.stratego.secret import Secret

SECRETS_NEEDED = (
    "Stratego's referee needs both armies' secrets: add --secrets RED BLUE (the secret files"
    " beside the kit, or the codes on the private slips)."
)


def secret_from(text: str) -> Secret:
    """The secret in the file ``text`` names, or written ``text`` (a private slip's code);
    :class:`SecretError` in one sentence for anything else."""
    from patrolkit.games.stratego.secret import Secret, SecretError

    path = Path(text)
    if path.is_file():
        if path.stat().st_size > 64_000:
            raise SecretError(f"{path} is far too large to be a Stratego secret file.")
        try:
            return Secret.from_text(path.read_text(encoding="utf-8"))
        except UnicodeDecodeError:
            raise SecretError(f"{path} is not a patrolkit Stratego secret.") from None
    if any(sep in text for sep in ("/", "\\")) or text.endswith(".secret"):
        raise KitError(f"There is no secret file {text}.")
    return Secret.from_code(text)


def secrets_of(args: argparse.Namespace) -> tuple[Secret, Secret]:
    """Red's and blue's secrets from ``--secrets``; :class:`KitError` when they are not given,
    :class:`SecretError` when one is damaged, foreign, or they are not one kit's two armies."""
    from patrolkit.games.stratego.secret import check_pair

    given = getattr(args, "secrets", None)
    if not given or len(given) != 2:
        raise KitError(SECRETS_NEEDED)
    red, blue = (secret_from(text) for text in given)
    check_pair(red, blue)
    return red, blue


def run_score(args: argparse.Namespace) -> int:
    """Read a photo of a Stratego table: a setup (each army complete and in place) or a
    position, never a rank."""
    from companion.stratego.annotate import render
    from companion.stratego.reader import read_photo
    from companion.stratego.verdict import format_verdict, score_verdict

    secrets = secrets_of(args)

    def judge(reading: StrategoReading) -> dict[str, Any]:
        return score_verdict(reading, secrets, photo=Path(args.photo))

    return score_command(args, read_photo, judge, format_verdict, render, secrets=True)


def run_check(args: argparse.Namespace) -> int:
    """Read two photos or more of a Stratego game and judge each move between them: the move,
    an attack's two ranks and outcome, the first move refused and why, the game's end."""
    from companion.commands import (
        check_exit,
        print_verdict,
        refuse_existing,
        refuse_unused,
        write_annotated,
    )
    from companion.stratego.annotate import render
    from companion.stratego.reader import read_photo
    from companion.stratego.verdict import check_verdict, format_verdict
    from patrolkit.games.stratego import Rules

    if getattr(args, "mover", None) is not None:
        raise KitError("Stratego's mover is the army whose piece moved: leave --mover out.")
    refuse_unused(args, secrets=True, more=True, rules=True)
    rules = Rules.from_text(getattr(args, "rules", None) or "", partial=True)
    secrets = secrets_of(args)
    photos = [Path(args.before), Path(args.after), *map(Path, getattr(args, "more", None) or [])]
    refuse_existing(args.annotate, args.force)
    readings = [read_photo(photo, decoder=args.decoder) for photo in photos]
    verdict = check_verdict(readings, secrets, photos=photos, rules=rules)
    if args.annotate is not None:
        write_annotated(render, photos[-1], readings[-1], verdict, args.annotate, args.force)
    print_verdict(verdict, format_verdict, as_json=args.json, annotated=args.annotate)
    return check_exit(verdict)
