"""The examples in the Rôdeurs rules' docstrings hold."""

from __future__ import annotations

import doctest

from patrolkit.games.rodeurs import board, jump, model, turns


def test_the_examples_in_the_docstrings_hold() -> None:
    assert all(doctest.testmod(module).failed == 0 for module in (board, jump, model, turns))
