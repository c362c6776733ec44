"""Pages in millimetres: paper sizes, fonts, margins and the drawing calls of a sheet.

Every drawing call of the generator goes through :class:`Sheet`, whose frame is the manifest's
page frame: millimetres from the page's *top-left* corner, x to the right, y down. Text is placed
by its baseline.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import BinaryIO, Final

import reportlab
from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from patrolkit import __version__
from patrolkit.errors import KitError
from patrolkit.i18n import _

MM: Final = mm
"""PDF points per millimetre."""
MARGIN_MM: Final = 8.0
"""Text pages keep this much paper free on every side."""
MIN_MARGIN_MM: Final = 6.0
"""No ink at all closer to the paper's edge than this: what home printers can reach."""
GENERATOR: Final = f"patrolkit {__version__}"

INK: Final = HexColor("#1A1A1A")
SOFT_INK: Final = HexColor("#555555")
WHITE: Final = HexColor("#FFFFFF")

FONT: Final = "PK-Vera"
BOLD: Final = "PK-Vera-Bold"
ITALIC: Final = "PK-Vera-Italic"
BOLD_ITALIC: Final = "PK-Vera-BoldItalic"
CAP_HEIGHT: Final = 0.729
"""Height of Vera's capitals and digits, in em."""
_FONT_FILES: Final = {
    FONT: "Vera.ttf",
    BOLD: "VeraBd.ttf",
    ITALIC: "VeraIt.ttf",
    BOLD_ITALIC: "VeraBI.ttf",
}


@dataclass(frozen=True)
class Paper:
    """A paper size, in millimetres."""

    name: str
    width: float
    height: float

    @property
    def size(self) -> tuple[float, float]:
        return (self.width, self.height)

    @property
    def points(self) -> tuple[float, float]:
        return (self.width * MM, self.height * MM)


PAPERS: Final = {
    "a4": Paper("a4", 210.0, 297.0),
    "letter": Paper("letter", 215.9, 279.4),
}
A3: Final = Paper("a3", 297.0, 420.0)
"""Not one of the usual :data:`PAPERS`: only a kit whose board needs it offers it, and only its
board prints on it (see :class:`KitPapers`)."""


@dataclass(frozen=True)
class KitPapers:
    """The papers of a kit: its board's sheets print on ``board`` (the paper asked for), every
    other sheet (the cover, the rules, the pieces, the screen, the slips) on ``rest``."""

    board: Paper
    rest: Paper

    @classmethod
    def of(cls, asked: Paper) -> KitPapers:
        """The papers of a kit asked for on ``asked``. A3 is there for the board alone, which
        then prints whole on one sheet; few home printers take it, so the rest of an A3 kit goes
        on A4. Any other paper prints every sheet."""
        return cls(asked, PAPERS["a4"] if asked == A3 else asked)

    @property
    def mixed(self) -> bool:
        """Whether the kit prints on two paper sizes."""
        return self.board != self.rest


def paper(name: str, *, also: Sequence[Paper] = ()) -> Paper:
    """The paper called ``name`` (``a4`` or ``letter``, or one of ``also``; any case);
    :class:`KitError` otherwise."""
    known = {**PAPERS, **{extra.name: extra for extra in also}}
    try:
        return known[name.lower()]
    except KeyError:
        choices = " or ".join(known)
        raise KitError(
            _("There is no paper size '{name}'; choose {choices}.").format(
                name=name, choices=choices
            )
        ) from None


def register_fonts() -> None:
    """Register the TrueType fonts that ship inside ReportLab (embedded in every PDF)."""
    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    folder = Path(reportlab.__file__).resolve().parent / "fonts"
    for name, filename in _FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(folder / filename)))
    pdfmetrics.registerFontFamily(
        FONT, normal=FONT, bold=BOLD, italic=ITALIC, boldItalic=BOLD_ITALIC
    )


def text_width(text: str, size: float, font: str = FONT) -> float:
    """Width of ``text`` set in ``font`` at ``size`` points, in millimetres."""
    return pdfmetrics.stringWidth(text, font, size) / MM


class Ink(Enum):
    """How much ink a kit spends. ``NORMAL``: colour floods, full-bleed backs and terrain.
    ``LOW``: outlines, hatching and light tints instead, for a home printer's cartridges; every
    QR code, its size, place and quiet zone, and everything a photo's reader looks at stay as
    they are."""

    NORMAL = "normal"
    LOW = "low"


INKS: Final = tuple(ink.value for ink in Ink)
"""The ``--ink`` choices."""


def ink(name: str) -> Ink:
    """The ink mode called ``name`` (``normal`` or ``low``); :class:`KitError` otherwise."""
    try:
        return Ink(name)
    except ValueError:
        raise KitError(
            _("There is no ink mode '{name}'; choose normal or low.").format(name=name)
        ) from None


def tint(value: str, share: float) -> str:
    """``value`` (``#RRGGBB``) printed at ``share`` of its strength on white paper.

    >>> tint("#204080", 0.5)
    '#90A0C0'
    """
    rgb = (int(value[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(255 - share * (255 - c)):02X}" for c in rgb)


def colour(value: str | Color) -> Color:
    return HexColor(value) if isinstance(value, str) else value


def _whole_page(paper: Paper) -> tuple[float, float, float, float]:
    """A page's trim and bleed box: the paper itself. What a home printer prints is trimmed at
    the paper's edge, and pieces with bleed carry it inside the page."""
    return (0.0, 0.0, *paper.points)


class Sheet:
    """A canvas seen in the page frame (mm from the top-left corner, y down).

    One :class:`Sheet` spans the whole document: :meth:`next_page` ends a page and
    :attr:`page` counts pages from 1, the numbering the manifest calls ``sheet``. Pages may differ
    in size: :attr:`paper` is the current page's paper, and every drawing call, the page frame
    and the page's trim and bleed boxes follow it.
    """

    def __init__(
        self, out: BinaryIO, paper: Paper, *, title: str, subject: str, ink: Ink = Ink.NORMAL
    ) -> None:
        register_fonts()
        self.paper = paper
        """The current page's paper."""
        self.papers = [paper]
        """Every page's paper so far, page 1 first."""
        self.ink = ink
        """How much ink the drawing calls of this sheet's pieces spend (see :class:`Ink`)."""
        self.canvas = Canvas(
            out,
            pagesize=paper.points,
            trimBox=_whole_page(paper),
            bleedBox=_whole_page(paper),
            invariant=1,
            pageCompression=1,
            initialFontName=FONT,
            initialFontSize=10,
        )
        self.canvas.setTitle(title)
        self.canvas.setSubject(subject)
        self.canvas.setAuthor("patrolkit")
        self.canvas.setCreator(GENERATOR)
        self.canvas.setProducer(GENERATOR)
        self.page = 1

    @classmethod
    def scratch(cls, paper: Paper) -> Sheet:
        """A sheet drawn on only to measure a layout: its PDF is thrown away."""
        return cls(io.BytesIO(), paper, title="", subject="")

    # -- pages ---------------------------------------------------------------------------------

    def next_page(self, paper: Paper | None = None) -> None:
        """End the page; the next is on ``paper`` (on the same paper as this one if not given),
        with its own trim and bleed boxes."""
        self.canvas.showPage()
        self.page += 1
        if paper is not None and paper != self.paper:
            self.paper = paper
            self.canvas.setPageSize(paper.points)
            self.canvas.setTrimBox(_whole_page(paper))
            self.canvas.setBleedBox(_whole_page(paper))
        self.papers.append(self.paper)

    def save(self) -> None:
        self.canvas.showPage()
        self.canvas.save()

    def point(self, x: float, y: float) -> tuple[float, float]:
        """The PDF point (bottom-left origin) of page-frame mm ``(x, y)``."""
        return (x * MM, (self.paper.height - y) * MM)

    @contextmanager
    def frame(self, x: float, y: float, *, rotate: float = 0.0) -> Iterator[None]:
        """Draw in a frame whose origin is page mm ``(x, y)``, turned ``rotate`` degrees
        clockwise as seen on the page; inside, coordinates are still mm with y down."""
        c = self.canvas
        c.saveState()
        c.translate(*self.point(x, y))
        c.rotate(-rotate)
        c.translate(0, -self.paper.height * MM)
        try:
            yield
        finally:
            c.restoreState()

    # -- shapes ---------------------------------------------------------------------------------

    def _paint(
        self, fill: str | Color | None, stroke: str | Color | None, line: float
    ) -> dict[str, int]:
        """Set the fill and stroke colours (and the line width, in mm) a shape is drawn with;
        returns the ``stroke``/``fill`` flags ReportLab's shape calls take."""
        c = self.canvas
        if fill is not None:
            c.setFillColor(colour(fill))
        if stroke is not None:
            c.setStrokeColor(colour(stroke))
            c.setLineWidth(line * MM)
        return {"stroke": int(stroke is not None), "fill": int(fill is not None)}

    def rect(
        self,
        x: float,
        y: float,
        width: float,
        height: float,
        *,
        fill: str | Color | None = None,
        stroke: str | Color | None = None,
        line: float = 0.2,
    ) -> None:
        c = self.canvas
        painted = self._paint(fill, stroke, line)
        px, py = self.point(x, y + height)
        c.rect(
            px,
            py,
            width * MM,
            height * MM,
            **painted,
        )

    def round_rect(
        self,
        x: float,
        y: float,
        width: float,
        height: float,
        radius: float,
        *,
        fill: str | Color | None = None,
        stroke: str | Color | None = None,
        line: float = 0.2,
    ) -> None:
        """A rectangle with corners rounded to ``radius`` mm."""
        c = self.canvas
        painted = self._paint(fill, stroke, line)
        px, py = self.point(x, y + height)
        c.roundRect(
            px,
            py,
            width * MM,
            height * MM,
            radius * MM,
            **painted,
        )

    @contextmanager
    def clip(
        self, x: float, y: float, width: float, height: float, *, radius: float = 0.0
    ) -> Iterator[None]:
        """Draw only inside the rectangle (corners rounded to ``radius`` mm) within the block."""
        c = self.canvas
        c.saveState()
        path = c.beginPath()
        px, py = self.point(x, y + height)
        if radius:
            path.roundRect(px, py, width * MM, height * MM, radius * MM)
        else:
            path.rect(px, py, width * MM, height * MM)
        c.clipPath(path, stroke=0, fill=0)
        try:
            yield
        finally:
            c.restoreState()

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        *,
        stroke: str | Color = INK,
        width: float = 0.2,
        cap: int = 0,
    ) -> None:
        c = self.canvas
        c.setStrokeColor(colour(stroke))
        c.setLineWidth(width * MM)
        c.setLineCap(cap)
        c.line(*self.point(x1, y1), *self.point(x2, y2))

    def polygons(
        self,
        loops: Sequence[Sequence[tuple[float, float]]],
        *,
        fill: str | Color | None = INK,
        stroke: str | Color | None = None,
        line: float = 0.2,
        even_odd: bool = True,
    ) -> None:
        """One path of closed polygons (page mm), filled even-odd so inner loops are holes."""
        c = self.canvas
        path = c.beginPath()
        for loop in loops:
            path.moveTo(*self.point(*loop[0]))
            for x, y in loop[1:]:
                path.lineTo(*self.point(x, y))
            path.close()
        painted = self._paint(fill, stroke, line)
        if stroke is not None:
            c.setLineJoin(1)
        c.drawPath(path, **painted, fillMode=FILL_EVEN_ODD if even_odd else 1)

    def curve(
        self,
        points: Sequence[tuple[float, float]],
        *,
        stroke: str | Color = INK,
        width: float = 0.2,
        cap: int = 1,
    ) -> None:
        """A cubic Bézier curve through the four page-mm ``points`` (ends and two controls)."""
        c = self.canvas
        c.setStrokeColor(colour(stroke))
        c.setLineWidth(width * MM)
        c.setLineCap(cap)
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = (self.point(*p) for p in points)
        c.bezier(x0, y0, x1, y1, x2, y2, x3, y3)

    def circle(
        self,
        x: float,
        y: float,
        radius: float,
        *,
        fill: str | Color | None = None,
        stroke: str | Color | None = None,
        line: float = 0.2,
    ) -> None:
        c = self.canvas
        painted = self._paint(fill, stroke, line)
        c.circle(
            *self.point(x, y),
            radius * MM,
            **painted,
        )

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float = 9.0,
        font: str = FONT,
        fill: str | Color = INK,
        align: str = "left",
    ) -> None:
        """``text`` with its baseline at ``y``; ``align`` is ``left``, ``centre`` or ``right``."""
        c = self.canvas
        c.setFillColor(colour(fill))
        c.setFont(font, size)
        px, py = self.point(x, y)
        if align == "centre":
            c.drawCentredString(px, py, text)
        elif align == "right":
            c.drawRightString(px, py, text)
        else:
            c.drawString(px, py, text)

    def centred_glyphs(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float,
        font: str = BOLD,
        fill: str | Color = INK,
    ) -> None:
        """``text`` centred on ``(x, y)`` both ways (by its cap height, for labels in boxes)."""
        cap = CAP_HEIGHT * size / MM
        self.text(x, y + cap / 2, text, size=size, font=font, fill=fill, align="centre")
