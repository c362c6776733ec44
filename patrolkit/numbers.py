"""Numbers as a sentence writes them in the language in force.

English groups thousands with a comma (``30,000``); French with a no-break space
(``30 000``) and writes a decimal comma (``3,5``).

>>> grouped(30000)
'30,000'
"""

from __future__ import annotations

from patrolkit.i18n import language

_NO_BREAK = "\u00a0"


def grouped(value: int) -> str:
    """``value`` with its thousands grouped as the language in force writes them."""
    text = f"{value:,}"
    return text.replace(",", _NO_BREAK) if language() == "fr" else text


def decimal(value: float, places: int = 1) -> str:
    """``value`` with at most ``places`` decimals (trailing zeros dropped), with the decimal
    mark of the language in force: ``3.5`` in English, ``3,5`` in French."""
    text = f"{value:.{places}f}".rstrip("0").rstrip(".") if places else f"{value:.0f}"
    return text.replace(".", ",") if language() == "fr" else text


def formatted(value: float, spec: str) -> str:
    """``value`` formatted by ``spec`` (``"+.1f"``) with the decimal mark of the language in
    force: ``+1.5`` in English, ``+1,5`` in French."""
    text = format(value, spec)
    return text.replace(".", ",") if language() == "fr" else text
