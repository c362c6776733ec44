"""The web companion's own refusals, and the HTTP status of every patrolkit error.

One handler (:func:`server.main.create_app`) answers any :class:`PatrolkitError` with the status
:func:`status_of` gives and the error's one sentence as ``{"detail": sentence}``.
"""

from __future__ import annotations

from typing import Final

from patrolkit.errors import (
    IllegalTurn,
    KitError,
    LayoutError,
    NotationError,
    PatrolkitError,
    PayloadError,
    PhotoError,
    UnknownGame,
)


class NotFound(PatrolkitError):
    """No game, reading or file has this link (a mistyped or an old link)."""


class Forbidden(PatrolkitError):
    """A link that does not give access to what it asks (a hidden game opened without a
    player's own link)."""


class NotNow(PatrolkitError):
    """The action does not fit the game as it stands (undo with nothing accepted…)."""


class BadUpload(PatrolkitError):
    """A request that is not a photo upload the page makes (no photo in it, a broken form)."""


class TooLarge(PhotoError):
    """An upload over the size or pixel cap."""


STATUS: Final[dict[type[PatrolkitError], int]] = {
    NotFound: 404,
    Forbidden: 403,
    UnknownGame: 404,
    NotNow: 409,
    BadUpload: 400,
    TooLarge: 413,
    PhotoError: 422,
    PayloadError: 422,
    NotationError: 422,
    IllegalTurn: 422,
    LayoutError: 422,
    KitError: 400,
}


def status_of(error: PatrolkitError) -> int:
    """The HTTP status of ``error``: that of its nearest class in :data:`STATUS` (400 if none)."""
    for kind in type(error).__mro__:
        if kind in STATUS:
            return STATUS[kind]
    return 400
