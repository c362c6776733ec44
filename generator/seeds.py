"""The seeds every game's generator is given: whole numbers from 0 up."""

from __future__ import annotations

from patrolkit.errors import LayoutError
from patrolkit.i18n import _


def check_seed(seed: object, what: str) -> int:
    """``seed`` if it is a whole number from 0 up; otherwise raise :class:`LayoutError`, calling
    it a ``what`` seed (``layout``, ``map``, ``deck``, marked with ``N_``: said in the language
    in force)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise LayoutError(
            _("A {what} seed is a whole number from 0 up, not {seed}.").format(
                what=_(what), seed=repr(seed)
            )
        )
    if seed < 0:
        raise LayoutError(
            _("Seed {seed} is impossible: {what} seeds are whole numbers from 0 up.").format(
                seed=seed, what=_(what)
            )
        )
    return seed
