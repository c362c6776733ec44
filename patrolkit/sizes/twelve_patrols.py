"""12 Patrols: the region cards, dice and cubes, in millimetres."""

from __future__ import annotations

from typing import Final

from patrolkit.sizes.qr import MIN_MODULE_MM


class TwelvePatrols:
    """The 12 Patrols region cards, dice and cubes, identical on A4 and Letter.

    A region card is a poker-size card. Its *card frame* is millimetres from the top-left corner
    of its trim box, the card upright (its name reads left to right), x right, y down. The card's
    QR code is printed upright in that frame at :meth:`card_qr_box`, the same place on every card
    of every deck: a photo that decodes it knows where the whole card lies.
    """

    CARD_WIDTH_MM: Final = 63.0
    CARD_HEIGHT_MM: Final = 88.0
    CARD_BLEED_MM: Final = 3.0
    """The card's art runs this far past its trim on every side."""
    CARD_MODULE_MM: Final = MIN_MODULE_MM
    CARD_QR_VERSION: Final = 3
    """29 x 29 modules: level M holds 61 alphanumeric characters, room for the deck, the card's
    number and four edges of up to three requirements each (56 characters at most)."""
    CARD_QR_MM: Final = (17 + 4 * CARD_QR_VERSION) * CARD_MODULE_MM
    CARD_QR_QUIET_MODULES: Final = 3.0
    CARD_QR_ORIGIN: Final = ((CARD_WIDTH_MM - CARD_QR_MM) / 2, 53.2)
    """Top-left corner of the card's code in the card frame: centred across the card, below the
    name and the picture."""

    DIE_FACE_MM: Final = 28.0
    """A folded die's edge. Each face holds a version-1 code (12.6 mm) with its quiet zone, and
    below it a band with the die's name (``W1``), the pips and the value as a numeral."""
    DIE_FRAME_MM: Final = 2.2
    """The die's colour, round every face up to the fold lines."""
    CUBE_FACE_MM: Final = 22.0
    """A folded cube's edge: smaller than a die, so the two kinds differ at a glance."""
    CUBE_FRAME_MM: Final = 2.6
    """The cube's colour round every face, wide enough to carry the cube's name (``W1``)."""
    ITEM_MODULE_MM: Final = MIN_MODULE_MM
    ITEM_QR_VERSION: Final = 1
    ITEM_QUIET_MODULES: Final = 2.5
    """At least this much light quiet zone round a die's or a cube's code."""
    TOKEN_BLEED_MM: Final = 1.5
    """Flat item tokens (the no-fold option) print their colour frame this far past the trim."""

    @classmethod
    def card_qr_box(cls) -> tuple[float, float, float, float]:
        """``(x, y, width, height)`` of the card's QR modules (quiet zone excluded), card frame."""
        x, y = cls.CARD_QR_ORIGIN
        return (x, y, cls.CARD_QR_MM, cls.CARD_QR_MM)

    @classmethod
    def card_outline(cls) -> tuple[tuple[float, float], ...]:
        """The card's trim corners (top-left, top-right, bottom-right, bottom-left) in the frame of
        its QR code: millimetres from the code's top-left module corner, x along the code's first
        row, y down its first column. What a reader that has found the code needs to outline the
        card."""
        x, y = cls.CARD_QR_ORIGIN
        w, h = cls.CARD_WIDTH_MM, cls.CARD_HEIGHT_MM
        return ((-x, -y), (w - x, -y), (w - x, h - y), (-x, h - y))


ITEM_INK: Final = {"W": "#FFFFFF", "Y": "#F2C230", "B": "#1F4FA0"}
"""Die and cube colours. White items are outlined in ink; yellow and blue are far apart in
luminance (about 192 and 74 of 255) and every face also carries its colour's letter."""
