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
from patrolkit.i18n import _
from patrolkit.numbers import grouped

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
    otherwise. Opening never waits: a FIFO without a writer is refused, not waited on. ``what``
    names the file for the player (``layout``); marked with ``N_`` by its caller, it is said in
    the language in force."""
    what = _(what)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise KitError(
            _("There is no {what} file at {path}.").format(what=what, path=path)
        ) from None
    except OSError as exc:
        raise KitError(_unreadable(path, what, exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise KitError(
                _("{path} is not a regular file; a {what} is a file on disk.").format(
                    path=path, what=what
                )
            )
        if info.st_size > limit:
            raise KitError(
                _("{path} is {size} bytes; a {what} file is at most {limit} bytes.").format(
                    path=path, size=grouped(info.st_size), what=what, limit=grouped(limit)
                )
            )
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise KitError(_unreadable(path, what, exc)) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise KitError(
            _("{path} is over {limit} bytes; a {what} file is at most that.").format(
                path=path, limit=grouped(limit), what=what
            )
        )
    return data


def _unreadable(path: Path, what: str, exc: OSError) -> str:
    return _("{path} cannot be read as a {what} ({reason}).").format(
        path=path, what=what, reason=exc.strerror or exc
    )


def _too_deep(path: Path, what: str) -> str:
    return _("{path} nests deeper than {depth} levels; it is not a {what}.").format(
        path=path, depth=MAX_DEPTH, what=_(what)
    )


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
        raise KitError(_too_deep(path, what))
    return data


def read_toml(path: Path, what: str) -> dict[str, Any]:
    """The TOML file ``path`` (a ``what``: layout, deck…, marked with ``N_``), within the
    limits above."""
    text = _text(read_regular_file(path, what, MAX_TEXT_BYTES), path, what)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise KitError(
            _("{path} is not a readable TOML {what} ({reason}).").format(
                path=path, what=_(what), reason=exc
            )
        ) from None
    except RecursionError:
        raise KitError(_too_deep(path, what)) from None
    return dict(_shallow(data, path, what))


def read_json(path: Path, what: str = "kit.json", limit: int = MAX_KIT_BYTES) -> Any:
    """The JSON file ``path``, within the limits above (numbers must be finite)."""
    text = _text(read_regular_file(path, what, limit), path, what)
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (json.JSONDecodeError, ValueError) as exc:
        raise KitError(
            _("{path} is not a readable {what} ({reason}).").format(
                path=path, what=_(what), reason=exc
            )
        ) from None
    except RecursionError:
        raise KitError(_too_deep(path, what)) from None
    return _shallow(data, path, what)


def _no_constant(name: str) -> float:
    raise ValueError(_("{name} is not a number a kit holds").format(name=name))


def _text(data: bytes, path: Path, what: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise KitError(
            _("{path} is not UTF-8 text; a {what} file is.").format(path=path, what=_(what))
        ) from None


def printable_name(value: object, what: str, limit: int = NAME_LIMIT) -> str:
    """``value`` as a name to print: some text of at most ``limit`` characters, without control
    characters (spaces around it dropped); :class:`LayoutError` naming ``what`` (marked with
    ``N_``) otherwise."""
    what = _(what)
    if not isinstance(value, str) or not value.strip():
        raise LayoutError(_("The {what} must be some text.").format(what=what))
    name = value.strip()
    if len(name) > limit:
        raise LayoutError(
            _("The {what} is {length} characters long; at most {limit} are allowed.").format(
                what=what, length=len(name), limit=limit
            )
        )
    if any(not character.isprintable() for character in name):
        raise LayoutError(
            _("The {what} holds a control character; write it on one line.").format(what=what)
        )
    return name


def whole(value: object, what: str, *, least: int = 0, most: int | None = None) -> int:
    """``value`` as a whole number from ``least`` to ``most`` (not a float, not ``inf``, not
    ``true``); :class:`LayoutError` naming ``what`` (marked with ``N_``) otherwise."""
    what = _(what)
    if isinstance(value, bool) or not isinstance(value, int):
        infinite = isinstance(value, float) and math.isinf(value)
        shown = _("infinite") if infinite else _shown(value)
        raise LayoutError(
            _("The {what} must be a whole number, not {shown}.").format(what=what, shown=shown)
        )
    if value < least:
        raise LayoutError(
            _("The {what} must be {least} or more, not {value}.").format(
                what=what, least=least, value=value
            )
        )
    if most is not None and value > most:
        raise LayoutError(
            _("The {what} must be at most {most}, not {value}.").format(
                what=what, most=grouped(most), value=grouped(value)
            )
        )
    return value


def _shown(value: object) -> str:
    """``value`` as a message shows it: its Python form, cut to a few dozen characters."""
    text = repr(value)
    return text if len(text) <= NAME_LIMIT else f"{text[: NAME_LIMIT - 1]}…"
