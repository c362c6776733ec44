"""The examples in the Stratego rules' docstrings hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = (
    "board",
    "model",
    "combat",
    "moves",
    "repetition",
    "chase",
    "game",
    "setup",
    "notation",
    "validate",
)


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_the_docstrings_hold(name: str) -> None:
    module = importlib.import_module(f"patrolkit.games.stratego.{name}")
    assert doctest.testmod(module).failed == 0
