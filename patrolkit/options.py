"""What every ``patrolkit`` command shares: option value types, option groups and messages.

The game packages add their own options to the parser (see :mod:`patrolkit.registry`); they take
their value types from here, so a bad value reads the same whatever the game.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from patrolkit import inputs
from patrolkit.i18n import _

PAPERS = ("a4", "letter")
"""The paper sizes every kit prints on (Patrolis adds ``a3``)."""

INKS = ("normal", "low")
"""How much ink a kit spends (``generator.page.Ink``): the codes print the same in both."""


def whole_number(text: str) -> int:
    """A whole number of 0 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("expected a whole number, not '{text}'").format(text=text)
        ) from None
    if value < 0:
        raise argparse.ArgumentTypeError(
            _("expected a whole number of 0 or more, not {value}").format(value=value)
        )
    return value


def count(text: str) -> int:
    """How many of something to make: 1 to 10,000."""
    value = whole_number(text)
    if not 1 <= value <= 10_000:
        raise argparse.ArgumentTypeError(
            _("expected a count from 1 to 10000, not {value}").format(value=value)
        )
    return value


def offset(text: str) -> tuple[float, float]:
    """A shift ``X,Y`` in millimetres."""
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("expected X,Y in mm like 0.5,-1, not '{text}'").format(text=text)
        ) from None
    return x, y


def add_output_options(parser: argparse.ArgumentParser, papers: tuple[str, ...]) -> None:
    """``--paper``, ``--out`` and ``--force``, as every kit takes them."""
    parser.add_argument("--paper", choices=papers, default="a4", help=_("paper size (default a4)"))
    parser.add_argument("--out", type=Path, help=_("output folder (default output/kits/<name>)"))
    parser.add_argument("--force", action="store_true", help=_("overwrite an existing kit"))
    parser.add_argument(
        "--ink",
        choices=INKS,
        default="normal",
        help=_("low: outlines, hatching and light tints instead of solid colour (default normal)"),
    )


DECODERS = ("zxing", "pyzbar")
"""The QR decoders a photo can be read with (``companion.decode`` makes them)."""


def add_reading_options(parser: argparse.ArgumentParser) -> None:
    """The options of every command that reads a photo: ``--json``, ``--annotate OUT``,
    ``--decoder`` and ``--force`` (to overwrite an existing picture)."""
    parser.add_argument("--json", action="store_true", help=_("print the verdict as JSON"))
    parser.add_argument(
        "--annotate", type=Path, metavar="OUT", help=_("write an annotated picture")
    )
    parser.add_argument("--decoder", choices=DECODERS, default="zxing", help=_("QR decoder"))
    parser.add_argument("--force", action="store_true", help=_("overwrite an existing --annotate"))


def read_toml(path: Path, what: str) -> dict[str, Any]:
    """The TOML file the user named: a regular file within :mod:`patrolkit.inputs`' limits;
    raises :class:`KitError` in one sentence."""
    return inputs.read_toml(path, what)


def slug(name: str) -> str:
    """A name made fit for a file name: ``The Hard Deck`` → ``the-hard-deck``."""
    return "-".join("".join(c for c in word if c.isalnum()) for word in name.lower().split())


def kit_written(title: str, paper: str, files: tuple[Path, Path]) -> None:
    """Tell the user where the kit is and how to print it."""
    print(_("{title}, {paper}:").format(title=title, paper=paper))
    for path in files:
        print(f"  {path}")
    print(_("Print kit.pdf at 100 % (actual size) and check the ruler on page 1."))


def progress_bar(what: str) -> Callable[[int, int], None] | None:
    """A progress bar on standard error, for batches; ``None`` (quiet) when standard error is not
    a terminal, so logs and pipes get only the final line."""
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // max(total, 1)
        end = "\n" if done >= total else ""
        sys.stderr.write(f"\r{what} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}{end}")
        sys.stderr.flush()

    return show
