"""Short texts broken into lines for the fixed boxes of the Stratego kit (the screen, the rank
cards, the slips, the cover's notes), breaking only at plain spaces: a no-break space (French
puts one before « : » and between a number and its unit) keeps its two words together."""

from __future__ import annotations

from generator.page import FONT, text_width


def broken(text: str, size: float, width: float, *, font: str = FONT) -> list[str]:
    """``text`` broken at spaces into lines at most ``width`` mm wide at ``size`` points (a word
    wider than ``width`` alone on its line)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_width(f"{lines[-1]} {word}", size, font) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def fitted_lines(
    text: str, size: float, width: float, most: int, what: str, *, balanced: bool = False
) -> list[str]:
    """:func:`broken` lines of ``text`` (``balanced``: as even as the same number of lines
    allows, no word left alone on the last); :class:`ValueError` naming ``what`` when they are
    more than ``most`` or one is still wider than ``width``."""
    lines = broken(text, size, width)
    narrower = width
    while balanced and len(lines) > 1 and narrower > 10:
        narrower -= 1.0
        tighter = broken(text, size, narrower)
        if len(tighter) != len(lines):
            break
        lines = tighter
    if len(lines) > most or any(text_width(line, size) > width for line in lines):
        raise ValueError(f"{what} '{text}' does not fit {most} lines of {width:g} mm")
    return lines
