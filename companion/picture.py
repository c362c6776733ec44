"""What every game's annotated picture shares: the dimmed crop of the photo, the colours and
fonts, lines and labels drawn over it (what could not be read, codes of no game), the verdict
panel on the right with its legend, and writing the picture.

The colours are :mod:`companion.palette`'s. Each game draws its own reading over the crop
(:mod:`companion.rodeurs.annotate`, :mod:`companion.patrolis.annotate`,
:mod:`companion.twelve_patrols.annotate`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, Final, TypeVar

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from companion.palette import GREEN, INK, ORANGE, PANEL_BACK, RED, RGB, SOFT, WHITE
from companion.pose import apply
from patrolkit.errors import PhotoError
from patrolkit.i18n import _

SIDE: Final = 1800
"""The longer side of the photo part of the picture, in pixels: the board and what lies around
it, cut out of the photo."""
PANEL: Final = 640
"""Width of the verdict panel on the right."""
DIM: Final = 0.72
"""The photo is darkened to this share of its light, so the drawing stands out."""
AROUND: Final = 40
"""How much of the photo (px) round the board the crop keeps."""

Label = tuple[tuple[float, float], str, RGB, int]
"""A label written over the photo: where its centre goes (canvas px), its text, colour and size."""
R = TypeVar("R")
_FONT_FILES: Final = (
    "DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/Library/Fonts/Arial.ttf",
    "/System/Library/Fonts/Supplemental/Arial.ttf",
    "C:/Windows/Fonts/arial.ttf",
)
_BOLD_FILES: Final = (
    "DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
    "/Library/Fonts/Arial Bold.ttf",
    "/System/Library/Fonts/Supplemental/Arial Bold.ttf",
    "C:/Windows/Fonts/arialbd.ttf",
)


def dimmed_crop(
    rgb: np.ndarray, region: tuple[float, float, float, float]
) -> tuple[np.ndarray, np.ndarray]:
    """The ``region`` (left, top, right, bottom, px) of the photo, scaled to fit :data:`SIDE`
    and dimmed so the drawing stands out, and the 3 x 3 map from photo px to it."""
    left, top, right, bottom = region
    scale = min(SIDE / (right - left), SIDE / (bottom - top))
    shift = np.array([[scale, 0.0, -left * scale], [0.0, scale, -top * scale], [0.0, 0.0, 1.0]])
    size = (round((right - left) * scale), round((bottom - top) * scale))
    base = cv2.warpAffine(rgb, shift[:2], size, flags=cv2.INTER_AREA)
    return cv2.convertScaleAbs(base, alpha=DIM), shift


def board_canvas(
    rgb: np.ndarray,
    outlines: Sequence[np.ndarray],
    foreign: Iterable[tuple[str, tuple[float, float]]],
    more: Sequence[np.ndarray] = (),
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`dimmed_crop` of the photo round the board's sheets (their ``outlines``, photo px),
    the points ``more`` and the codes of no game (``foreign``: what each is, and where), with
    :data:`AROUND` px more on each side as far as the photo goes, and each outline drawn
    white; and the map from photo px to it."""
    points = np.vstack([*outlines, *more, *(np.array([at]) for _, at in foreign)])
    height, width = rgb.shape[:2]
    left, top = np.clip(points.min(axis=0) - AROUND, 0, None)
    right, bottom = np.minimum(points.max(axis=0) + AROUND, (width, height))
    canvas, shift = dimmed_crop(rgb, (left, top, right, bottom))
    for outline in outlines:
        polygon(canvas, apply(shift, outline), WHITE, 2)
    return canvas, shift


def square(at: Sequence[float] | np.ndarray, half: float) -> np.ndarray:
    """The corners of the square of side ``2 * half`` centred on ``at`` (x, y), clockwise from
    its top-left."""
    x, y = at
    return np.array(
        [[x - half, y - half], [x + half, y - half], [x + half, y + half], [x - half, y + half]]
    )


def frame_unreadable(
    canvas: np.ndarray,
    shift: np.ndarray,
    labels: list[Label],
    quad_px: np.ndarray | None,
    at_px: Sequence[float] | None,
    *,
    size: int = 30,
) -> None:
    """Frame red with a ``?`` of ``size`` px what could not be read: its cell's corners
    ``quad_px`` (photo px), or else an 80 px square round ``at_px``; nothing when neither is
    known. ``shift`` maps photo px to the canvas."""
    if quad_px is None:
        if at_px is None:
            return
        quad_px = square(at_px, 40)
    quad = apply(shift, quad_px)
    polygon(canvas, quad, RED, 5)
    labels.append(((float(quad[:, 0].mean()), float(quad[:, 1].mean())), "?", RED, size))


def frame_foreign_codes(
    canvas: np.ndarray,
    shift: np.ndarray,
    labels: list[Label],
    foreign: Iterable[tuple[str, tuple[float, float]]],
) -> None:
    """Frame orange each QR code that is none of the game's (``foreign``: what it is and where,
    photo px), labelled below it. ``shift`` maps photo px to the canvas."""
    for _what, at in foreign:
        x, y = apply(shift, np.array([at]))[0]
        polygon(canvas, square((x, y), 30), ORANGE, 4)
        labels.append(((float(x), float(y) + 48), _("not a game piece"), ORANGE, 26))


def annotate(
    render: Callable[[Path | str | bytes, R, dict[str, Any]], np.ndarray],
    photo: Path | str | bytes,
    reading: R,
    verdict: dict[str, Any],
    out: Path,
) -> Path:
    """Write the annotated picture a game's ``render`` draws of ``reading`` and ``verdict`` over
    ``photo`` (for a check, its second photo) to ``out`` (PNG or JPEG)."""
    return write_picture(render(photo, reading, verdict), out)


def with_labels(canvas: np.ndarray, labels: Iterable[Label]) -> Image.Image:
    """``canvas`` as a picture with every label written over it, in bold, centred where it says."""
    image = Image.fromarray(canvas)
    draw = ImageDraw.Draw(image)
    for at, text, colour, size in labels:
        centred(draw, at, text, colour, size, bold=True)
    return image


def frame_foreign(
    canvas: np.ndarray, quad: np.ndarray, labels: list[Label], *, gap: float, size: int
) -> None:
    """Frame a QR code that is none of the game's (its corners ``quad``, canvas px) orange, and
    label it ``gap`` px below its lowest corner."""
    polygon(canvas, quad, ORANGE, 4)
    at = (float(quad[:, 0].mean()), float(quad[:, 1].max()) + gap)
    labels.append((at, _("not a game piece"), ORANGE, size))


def write_picture(picture: np.ndarray, out: Path) -> Path:
    """Write ``picture`` (RGB) to ``out``, a .png or a .jpg."""
    out = Path(out)
    suffix = out.suffix.lower()
    if suffix not in (".png", ".jpg", ".jpeg"):
        raise PhotoError(
            _("The annotated picture is written as .png or .jpg, not '{suffix}'.").format(
                suffix=out.suffix
            )
        )
    out.parent.mkdir(parents=True, exist_ok=True)
    if suffix == ".png":
        Image.fromarray(picture).save(out, compress_level=1)
    else:
        Image.fromarray(picture).save(out, quality=90)
    return out


def polygon(canvas: np.ndarray, quad: np.ndarray, colour: RGB, width: int) -> None:
    points = np.round(quad * 16).astype(np.int32).reshape(-1, 1, 2)
    cv2.polylines(canvas, [points], True, colour, width, cv2.LINE_AA, shift=4)


# -- text -------------------------------------------------------------------------------------


@lru_cache(maxsize=32)
def load_font(size: int, bold: bool) -> tuple[ImageFont.FreeTypeFont | ImageFont.ImageFont, bool]:
    """A font of ``size`` pixels and whether it covers accents; falls back on Pillow's own."""
    for name in _BOLD_FILES if bold else _FONT_FILES:
        try:
            return ImageFont.truetype(name, size), True
        except OSError:
            continue
    return ImageFont.load_default(size=size), False


def _text(text: str, full: bool) -> str:
    if full:
        return text
    text = text.replace("—", "-").replace("–", "-").replace("’", "'")
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def centred(
    draw: ImageDraw.ImageDraw,
    at: tuple[float, float],
    text: str,
    colour: RGB,
    size: int,
    *,
    bold: bool = False,
) -> None:
    font, full = load_font(size, bold)
    shown = _text(text, full)
    half = draw.textlength(shown, font=font) / 2 + 4
    width = draw.im.size[0]
    x = min(max(at[0], half), max(width - half, half))
    draw.text(
        (x, at[1]),
        shown,
        font=font,
        fill=colour,
        anchor="mm",
        stroke_width=max(size // 14, 1),
        stroke_fill=INK if colour != INK else WHITE,
    )


def _wrapped(text: str, font: Any, width: int, draw: ImageDraw.ImageDraw) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}".strip()
            if draw.textlength(trial, font=font) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def side_panel(
    image: Image.Image,
    headline: tuple[str, str, RGB],
    facts: list[str],
    *,
    min_height: int = 900,
    fact_size: int = 24,
) -> tuple[Image.Image, ImageDraw.ImageDraw, tuple[int, int, int]]:
    """``image`` with the verdict's panel on its right: the headline (big word, sub-line, its
    colour) and the facts, one paragraph each. Returns the whole picture, a drawing context on
    it and where a legend may follow (the panel's left x, the next y, the panel's inner width)."""
    width, height = image.size
    full = Image.new("RGB", (width + PANEL, max(height, min_height)), PANEL_BACK)
    full.paste(image, (0, 0))
    draw = ImageDraw.Draw(full)
    x, y, inner = width + 36, 40, PANEL - 72
    big, sub, colour = headline
    font, ok = load_font(64, True)
    draw.text((x, y), _text(big, ok), font=font, fill=colour)
    y += 86
    y = paragraph(draw, (x, y), sub, 30, inner, WHITE, bold=True) + 18
    for line in facts:
        y = paragraph(draw, (x, y), line, fact_size, inner, SOFT) + 8
    return full, draw, (x, y + 20, inner)


def paragraph(
    draw: ImageDraw.ImageDraw,
    at: tuple[int, int],
    text: str,
    size: int,
    width: int,
    colour: RGB,
    *,
    bold: bool = False,
) -> int:
    font, ok = load_font(size, bold)
    x, y = at
    for line in _wrapped(_text(text, ok), font, width, draw):
        draw.text((x, y), line, font=font, fill=colour)
        y += round(size * 1.25)
    return y


def with_legend(
    image: Image.Image,
    headline: tuple[str, str, RGB],
    facts: list[str],
    frames: Sequence[tuple[RGB, str]],
    *,
    lines: Sequence[tuple[RGB, str]] = (),
) -> Image.Image:
    """``image`` with the verdict's panel (:func:`side_panel`) and, under it, what the drawing
    means: each colour drawn as a line in ``lines``, then each colour drawn as a frame in
    ``frames``, with its words."""
    full, draw, (x, y, inner) = side_panel(image, headline, facts)
    y = paragraph(draw, (x, y), _("On the photo"), 26, inner, WHITE, bold=True) + 6
    for ink, words in lines:
        draw.line((x + 4, y + 16, x + 38, y + 16), fill=ink, width=8)
        paragraph(draw, (x + 52, y + 2), words, 24, inner - 52, SOFT)
        y += 40
    for ink, words in frames:
        draw.rectangle((x + 6, y + 4, x + 34, y + 30), outline=ink, width=4)
        paragraph(draw, (x + 52, y + 2), words, 24, inner - 52, SOFT)
        y += 40
    return full


def check_headline(verdict: dict[str, Any], legal: str, cannot: str) -> tuple[str, str, RGB]:
    """The panel's headline for a check: ``LEGAL`` in green over ``legal``, ``ILLEGAL`` in red
    over the rule broken, or ``CANNOT JUDGE`` in red over ``cannot``."""
    if verdict["legal"] is True:
        return _("LEGAL"), legal, GREEN
    if verdict["legal"] is False:
        return _("ILLEGAL"), str(verdict["reason"]), RED
    return _("CANNOT JUDGE"), cannot, RED
