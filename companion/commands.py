"""What every game's ``score``/``check`` command shares: refusing to overwrite, reading the
photos, printing the verdict, drawing the annotated picture, and the exit code a verdict earns.

Each game with a photo reader has a module ``companion.<game>.commands`` with ``run_score`` and,
where the game has turns to check from two photos, ``run_check``; each takes the parsed command
line and returns the exit code. Photographing a table with the virtual camera is the camera's
own command (``companion.camera.<game>.commands.run_simulate``).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from patrolkit.atomic import write_through
from patrolkit.errors import KitError
from patrolkit.i18n import _

EXIT_ILLEGAL = 1
EXIT_CANNOT_JUDGE = 3

Reader = Callable[..., Any]
"""A game's ``read_photo``: the photo (a path) and the ``decoder`` keyword give its reading."""
Render = Callable[[Any, Any, dict[str, Any]], Any]
"""A game's annotated picture, ``render(photo, reading, verdict)`` (see
:func:`companion.picture.annotate`)."""


def refuse_unused(
    args: argparse.Namespace, *, secrets: bool = False, more: bool = False, rules: bool = False
) -> None:
    """Refuse ``--secrets``, ``--rules`` and photos after AFTER where the game has no use for
    them."""
    if not rules and getattr(args, "rules", None):
        raise KitError(_("This game has no options to fix before it starts: leave --rules out."))
    if not secrets and getattr(args, "secrets", None):
        raise KitError(_("This game hides nothing from its players: leave --secrets out."))
    if not more and getattr(args, "more", None):
        raise KitError(_("This game's check judges one turn: give two photos, BEFORE and AFTER."))


def refuse_existing(path: Path | None, force: bool) -> None:
    """Refuse to overwrite ``path`` unless ``force``."""
    if path is not None and path.exists() and not force:
        raise KitError(_("{path} already exists; add --force to overwrite it.").format(path=path))


def print_verdict(
    verdict: dict[str, Any],
    formatted: Callable[[dict[str, Any]], str],
    *,
    as_json: bool,
    annotated: Path | None,
) -> None:
    """Print ``verdict`` as JSON or in words (``formatted``), then where the picture went."""
    if as_json:
        print(json.dumps(verdict, indent=1, ensure_ascii=False))
        return
    print(formatted(verdict))
    if annotated is not None:
        print(_("annotated picture: {path}").format(path=annotated))


def score_command(
    args: argparse.Namespace,
    read_photo: Reader,
    judge: Callable[[Any], dict[str, Any]],
    formatted: Callable[[dict[str, Any]], str],
    render: Render,
    *,
    secrets: bool = False,
    rules: bool = False,
) -> int:
    """``score``: read ``args.photo``, judge the reading, draw the picture if asked, print the
    verdict; the exit code (:func:`score_exit`). ``secrets``, ``rules``: the game takes
    ``--secrets``, ``--rules``."""
    refuse_unused(args, secrets=secrets, rules=rules)
    refuse_existing(args.annotate, args.force)
    reading = read_photo(args.photo, decoder=args.decoder)
    verdict = judge(reading)
    if args.annotate is not None:
        write_annotated(render, args.photo, reading, verdict, args.annotate, args.force)
    print_verdict(verdict, formatted, as_json=args.json, annotated=args.annotate)
    return score_exit(verdict)


def check_command(
    args: argparse.Namespace,
    read_photo: Reader,
    judge: Callable[[Any, Any], dict[str, Any]],
    formatted: Callable[[dict[str, Any]], str],
    render: Render,
    *,
    rules: bool = False,
) -> int:
    """``check``: read ``args.before`` and ``args.after``, judge the turn between them, draw the
    picture of the second photo if asked, print the verdict; the exit code (:func:`check_exit`).
    ``rules``: the game takes ``--rules``."""
    refuse_unused(args, rules=rules)
    refuse_existing(args.annotate, args.force)
    before = read_photo(args.before, decoder=args.decoder)
    after = read_photo(args.after, decoder=args.decoder)
    verdict = judge(before, after)
    if args.annotate is not None:
        write_annotated(render, args.after, after, verdict, args.annotate, args.force)
    print_verdict(verdict, formatted, as_json=args.json, annotated=args.annotate)
    return check_exit(verdict)


def write_annotated(
    render: Render,
    photo: Path,
    reading: Any,
    verdict: dict[str, Any],
    out: Path,
    force: bool,
) -> None:
    """Draw the annotated picture and put it at ``out`` whole or not at all, under its lock."""
    from companion.picture import annotate

    write_through(out, lambda path: annotate(render, photo, reading, verdict, path), force=force)


def score_exit(verdict: dict[str, Any]) -> int:
    """0 when the photo was read whole, 3 when something could not be read."""
    return EXIT_CANNOT_JUDGE if verdict.get("unreadable") else 0


def check_exit(verdict: dict[str, Any]) -> int:
    """0 legal, 1 illegal, 3 when it could not be judged."""
    if verdict.get("legal") is None:
        return EXIT_CANNOT_JUDGE
    return 0 if verdict["legal"] else EXIT_ILLEGAL
