"""Reading the files a player names, and the names inside them, within stated limits.

A file given on the command line (``--layout``, ``--deck-file``) or found beside a photo
(``kit.json``) must be a regular file of at most :data:`MAX_TEXT_BYTES` (a TOML file) or
:data:`MAX_KIT_BYTES` (a kit.json); a FIFO, a device or a folder is refused at once, without
waiting on it. Its data may nest at most :data:`MAX_DEPTH` tables or lists deep. Names that will
be printed (a layout's, a deck's, a card's) are plain text of a bounded length: printed as typed,
never read as markup. Every refusal is a :class:`~patrolkit.errors.KitError` in one sentence that
names the file and the limit.
"""

from __future__ import annotations

import json
import math
import os
import stat
import tomllib
from pathlib import Path
from typing import Any, Final

from patrolkit.errors import KitError, LayoutError

MAX_TEXT_BYTES: Final = 1024 * 1024
"""The largest layout or deck file read (1 MiB; the shipped ones are a few KiB)."""
MAX_KIT_BYTES: Final = 32 * 1024 * 1024
"""The largest kit.json read (32 MiB; the largest kit's is well under 1 MiB)."""
MAX_DEPTH: Final = 32
"""How many tables or lists deep a file's data may nest (ours nest at most 6)."""
NAME_LIMIT: Final = 40
"""The longest name of a layout or a deck, in characters."""


def read_regular_file(path: Path, what: str, limit: int) -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes; :class:`KitError`
    otherwise. Opening never waits: a FIFO without a writer is refused, not waited on."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise KitError(f"There is no {what} file at {path}.") from None
    except OSError as exc:
        raise KitError(f"{path} cannot be read as a {what} ({exc.strerror or exc}).") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise KitError(f"{path} is not a regular file; a {what} is a file on disk.")
        if info.st_size > limit:
            raise KitError(
                f"{path} is {info.st_size:,} bytes; a {what} file is at most {limit:,} bytes."
            )
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise KitError(f"{path} cannot be read as a {what} ({exc.strerror or exc}).") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise KitError(f"{path} is over {limit:,} bytes; a {what} file is at most that.")
    return data


def depth(data: object) -> int:
    """How many tables or lists deep ``data`` nests (0 for a plain value), without recursion."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, dict):
            children: list[object] = list(value.values())
        elif isinstance(value, list | tuple):
            children = list(value)
        else:
            continue
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            return deepest
        stack.extend((child, level + 1) for child in children)
    return deepest


def _shallow(data: Any, path: Path, what: str) -> Any:
    if depth(data) > MAX_DEPTH:
        raise KitError(f"{path} nests deeper than {MAX_DEPTH} levels; it is not a {what}.")
    return data


def read_toml(path: Path, what: str) -> dict[str, Any]:
    """The TOML file ``path`` (a ``what``: layout, deck…), within the limits above."""
    text = _text(read_regular_file(path, what, MAX_TEXT_BYTES), path, what)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise KitError(f"{path} is not a readable TOML {what} ({exc}).") from None
    except RecursionError:
        raise KitError(
            f"{path} nests deeper than {MAX_DEPTH} levels; it is not a {what}."
        ) from None
    return dict(_shallow(data, path, what))


def read_json(path: Path, what: str = "kit.json", limit: int = MAX_KIT_BYTES) -> Any:
    """The JSON file ``path``, within the limits above (numbers must be finite)."""
    text = _text(read_regular_file(path, what, limit), path, what)
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (json.JSONDecodeError, ValueError) as exc:
        raise KitError(f"{path} is not a readable {what} ({exc}).") from None
    except RecursionError:
        raise KitError(
            f"{path} nests deeper than {MAX_DEPTH} levels; it is not a {what}."
        ) from None
    return _shallow(data, path, what)


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number a kit holds")


def _text(data: bytes, path: Path, what: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise KitError(f"{path} is not UTF-8 text; a {what} file is.") from None


def printable_name(value: object, what: str, limit: int = NAME_LIMIT) -> str:
    """``value`` as a name to print: some text of at most ``limit`` characters, without control
    characters (spaces around it dropped); :class:`LayoutError` naming ``what`` otherwise."""
    if not isinstance(value, str) or not value.strip():
        raise LayoutError(f"The {what} must be some text.")
    name = value.strip()
    if len(name) > limit:
        raise LayoutError(
            f"The {what} is {len(name)} characters long; at most {limit} are allowed."
        )
    if any(not character.isprintable() for character in name):
        raise LayoutError(f"The {what} holds a control character; write it on one line.")
    return name


def whole(value: object, what: str, *, least: int = 0, most: int | None = None) -> int:
    """``value`` as a whole number from ``least`` to ``most`` (not a float, not ``inf``, not
    ``true``); :class:`LayoutError` naming ``what`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        shown = "infinite" if isinstance(value, float) and math.isinf(value) else _shown(value)
        raise LayoutError(f"The {what} must be a whole number, not {shown}.")
    if value < least:
        raise LayoutError(f"The {what} must be {least} or more, not {value}.")
    if most is not None and value > most:
        raise LayoutError(f"The {what} must be at most {most:,}, not {value:,}.")
    return value


def _shown(value: object) -> str:
    """``value`` as a message shows it: its Python form, cut to a few dozen characters."""
    text = repr(value)
    return text if len(text) <= NAME_LIMIT else f"{text[: NAME_LIMIT - 1]}…"
