"""The project's exception types, each carrying one sentence a player understands, and
:func:`note`, the one way a command tells the player something while it goes on."""

import sys


class PatrolkitError(Exception):
    """Base of every error patrolkit raises on purpose; its message is one plain sentence."""


class PayloadError(PatrolkitError):
    """A QR payload is not one of ours, is damaged, or is of a version we do not read."""


class LayoutError(PatrolkitError):
    """A board layout or start position breaks a rule of the game."""


class NotationError(PatrolkitError):
    """A position written in text (or JSON) cannot be read."""


class IllegalTurn(PatrolkitError):
    """A turn, or a change between two positions, that the rules do not allow."""


class KitError(PatrolkitError):
    """A kit cannot be made or read: bad option, missing file, refusal to overwrite."""


class PhotoError(PatrolkitError):
    """A photo cannot be read: not an image, truncated, too large, or no board in it."""


class UnknownGame(PatrolkitError):
    """A game name patrolkit does not know, or a command a game does not offer yet."""


def note(message: str) -> None:
    """One line on standard error that is not an error: something the player should know (a
    stale lock taken over, a file skipped) while the command goes on."""
    from patrolkit.i18n import _  # i18n's own errors are ours: imported when first said

    print(_("patrolkit: {message}").format(message=message), file=sys.stderr)
