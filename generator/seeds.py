"""The seeds every game's generator is given: whole numbers from 0 up."""

from __future__ import annotations

from patrolkit.errors import LayoutError


def check_seed(seed: object, what: str) -> int:
    """``seed`` if it is a whole number from 0 up; otherwise raise :class:`LayoutError`, calling
    it a ``what`` seed (``layout``, ``map``, ``deck``)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise LayoutError(f"A {what} seed is a whole number from 0 up, not {seed!r}.")
    if seed < 0:
        raise LayoutError(f"Seed {seed} is impossible: {what} seeds are whole numbers from 0 up.")
    return seed
