"""Numbers as a sentence writes them in the language in force.

Each language's catalog says its decimal mark and its thousands separator (English ``30,000``
and ``3.5``; French ``30 000`` with a no-break space, and ``3,5``), so a new language sets them
with its other words.

>>> grouped(30000)
'30,000'
"""

from __future__ import annotations

from patrolkit.i18n import pgettext


def _marks() -> tuple[str, str]:
    """The language in force's decimal mark and thousands separator."""
    # Translators: your language's decimal mark, then its thousands separator (a no-break
    # space, U+00A0, where it groups thousands with a space).
    return pgettext("number", "."), pgettext("number", ",")


def _said(text: str) -> str:
    """``text``, a number Python wrote (``,`` between thousands, ``.`` before decimals), with
    the marks of the language in force."""
    point, thousands = _marks()
    return "".join(point if c == "." else thousands if c == "," else c for c in text)


def grouped(value: int) -> str:
    """``value`` with its thousands grouped as the language in force writes them."""
    return _said(f"{value:,}")


def decimal(value: float, places: int = 1) -> str:
    """``value`` with at most ``places`` decimals (trailing zeros dropped), with the decimal
    mark of the language in force: ``3.5`` in English, ``3,5`` in French."""
    text = f"{value:.{places}f}".rstrip("0").rstrip(".") if places else f"{value:.0f}"
    return _said(text)


def formatted(value: float, spec: str) -> str:
    """``value`` formatted by ``spec`` (``"+.1f"``) with the decimal mark of the language in
    force: ``+1.5`` in English, ``+1,5`` in French."""
    return _said(format(value, spec))
