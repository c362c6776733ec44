"""Flowing text and pictures into page frames, on the :class:`~generator.page.Sheet`'s own canvas.

ReportLab's platypus lays out the paragraphs; the frames are filled directly on the sheet, so
flowing pages mix freely with pages drawn by hand in one document.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, NamedTuple

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Frame, Paragraph

from generator.page import BOLD, FONT, INK, MARGIN_MM, MM, Sheet
from patrolkit.i18n import _

BRIEF = ParagraphStyle(
    "brief", fontName=FONT, fontSize=8.4, leading=10.6, spaceAfter=2.2, textColor=INK
)


class Figure(Flowable):
    """A picture that paints with a :class:`Sheet` in mm, origin at its own top-left corner."""

    def __init__(
        self, sheet: Sheet, width_mm: float, height_mm: float, paint: Callable[[Sheet], None]
    ) -> None:
        super().__init__()
        self.sheet = sheet
        self.width = width_mm * MM
        self.height = height_mm * MM
        self.paint = paint

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return (self.width, self.height)

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        canvas.translate(0, self.height - self.sheet.paper.height * MM)
        self.paint(self.sheet)
        canvas.restoreState()


class Group(Flowable):
    """Flowables kept in one frame: if they do not fit what is left, all move to the next."""

    def __init__(self, parts: Sequence[Flowable]) -> None:
        super().__init__()
        self.parts = list(parts)
        self._sizes: list[tuple[float, float]] = []

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self._sizes = [part.wrap(available_width, available_height) for part in self.parts]
        self.width = max(w for w, _h in self._sizes)
        self.height = sum(h for _w, h in self._sizes) + sum(
            part.getSpaceAfter() for part in self.parts[:-1]
        )
        return (self.width, self.height)

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        return []

    def getSpaceBefore(self) -> float:
        return float(self.parts[0].getSpaceBefore())

    def getSpaceAfter(self) -> float:
        return float(self.parts[-1].getSpaceAfter())

    def draw(self) -> None:
        y = self.height
        for part, (_w, h) in zip(self.parts, self._sizes, strict=True):
            y -= h
            part.drawOn(self.canv, 0, y)
            y -= part.getSpaceAfter()


def keep_with_next(flow: Sequence[Flowable], heading: Callable[[Flowable], bool]) -> list[Flowable]:
    """``flow`` with every flowable for which ``heading`` holds grouped with the one after it, so
    no heading is left alone at the foot of a column."""
    grouped: list[Flowable] = []
    index = 0
    while index < len(flow):
        if heading(flow[index]) and index + 1 < len(flow):
            grouped.append(Group(flow[index : index + 2]))
            index += 2
        else:
            grouped.append(flow[index])
            index += 1
    return grouped


def fill_columns(
    sheet: Sheet,
    flow: list[Flowable],
    boxes: Sequence[tuple[float, float, float, float]],
) -> None:
    """Flow ``flow`` (consumed from the front) into ``boxes`` (page mm: x, y, width, height)."""
    for x, y, width, height in boxes:
        frame = Frame(
            x * MM,
            (sheet.paper.height - y - height) * MM,
            width * MM,
            height * MM,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            showBoundary=0,
        )
        frame.addFromList(flow, sheet.canvas)
        if not flow:
            return


RULES_COLUMN_GAP_MM: Final = 7.0


def rules_column_width(sheet: Sheet) -> float:
    """The width of each of a rules sheet's two columns on ``sheet``'s paper (mm)."""
    return (sheet.paper.width - 2 * MARGIN_MM - RULES_COLUMN_GAP_MM) / 2


def draw_rules_columns(
    sheet: Sheet,
    flow: list[Flowable],
    *,
    title: str,
    max_pages: int,
    footer_room: float = 5.0,
) -> int:
    """Flow a rules sheet (consumed) in two columns from the current page on, with ``title`` in
    each page's footer; returns the pages used, and raises if it takes more than ``max_pages``."""
    width, height = sheet.paper.size
    column = rules_column_width(sheet)
    boxes = [
        (
            MARGIN_MM + index * (column + RULES_COLUMN_GAP_MM),
            MARGIN_MM,
            column,
            height - 2 * MARGIN_MM - footer_room,
        )
        for index in range(2)
    ]
    pages = 0
    while flow:
        if pages:
            sheet.next_page()
        pages += 1
        if pages > max_pages:
            raise RuntimeError(f"the {title} do not fit {max_pages} page(s)")
        fill_columns(sheet, flow, boxes)
        footer = title if pages == 1 else _("{title}, continued").format(title=title)
        sheet.text(width / 2, height - MARGIN_MM + 1, footer, size=7, align="centre")
    return pages


def draw_rules_flow(
    sheet: Sheet,
    flow: Sequence[Flowable],
    *,
    head: ParagraphStyle,
    title: str,
    max_pages: int,
    footer_room: float = 5.0,
) -> int:
    """:func:`draw_rules_columns` for a rules sheet's ``flow``, no paragraph in the ``head``
    style left alone at the foot of a column; returns the pages used."""
    grouped = keep_with_next(flow, lambda f: getattr(f, "style", None) is head)
    return draw_rules_columns(
        sheet, grouped, title=title, max_pages=max_pages, footer_room=footer_room
    )


def brief_box(
    sheet: Sheet,
    x: float,
    bottom: float,
    width: float,
    lines: Sequence[tuple[str, str]],
    *,
    title: str | None = None,
) -> float:
    """A grey box of ``width`` mm ending at ``bottom``: ``title`` ("The game in brief" in the
    language in force when not given), then one paragraph per ``(head, text)`` of ``lines`` — the
    game on one card, a reminder for the table. Returns the box's top."""
    if title is None:
        title = _("The game in brief")
    flow: list[Flowable] = [
        Paragraph(_("<b>{head}:</b> {text}").format(head=head, text=text), BRIEF)
        for head, text in lines
    ]
    inner = width - 8
    height = 11 + sum(p.wrap(inner * MM, 1000)[1] / MM + BRIEF.spaceAfter / MM for p in flow) + 2
    y = bottom - height
    sheet.rect(x, y, width, height, fill="#F3F3F3", stroke=INK, line=0.3)
    sheet.text(x + 4, y + 6.8, title, size=10.5, font=BOLD)
    fill_columns(sheet, flow, [(x + 4, y + 9.5, inner, height - 9.5)])
    return y


class RulesStyles(NamedTuple):
    """The paragraph styles of a rules sheet: body text, headings, title, lead, list items and
    captions (each derived from the body)."""

    body: ParagraphStyle
    head: ParagraphStyle
    title: ParagraphStyle
    lead: ParagraphStyle
    item: ParagraphStyle
    caption: ParagraphStyle

    def paragraph(self, text: str) -> Paragraph:
        """``text`` (ReportLab's paragraph markup) as body text."""
        return Paragraph(text, self.body)

    def bullet(self, text: str, mark: str = "•") -> Paragraph:
        """``text`` as a list item led by ``mark``."""
        return Paragraph(text, self.item, bulletText=mark)

    def heading(self, text: str) -> Paragraph:
        """``text`` as a heading."""
        return Paragraph(text, self.head)


def rules_styles(
    name: str,
    *,
    body: tuple[float, float, float],
    head: tuple[float, float, float, float],
    title: tuple[float, float, float | None],
    lead: tuple[float, float, float],
    item_after: float,
    caption: tuple[float, float, float],
) -> RulesStyles:
    """A rules sheet's styles, each given as (size, leading, space after) in points; ``head`` also
    gives its space before (size, leading, before, after), and a title's ``None`` space after
    keeps the body's."""
    size, leading, after = body
    text = ParagraphStyle(
        f"{name}body",
        fontName=FONT,
        bulletFontName=FONT,
        fontSize=size,
        leading=leading,
        spaceAfter=after,
        textColor=INK,
    )
    size, leading, before, after = head
    heading = ParagraphStyle(
        f"{name}head",
        parent=text,
        fontName=BOLD,
        fontSize=size,
        leading=leading,
        spaceBefore=before,
        spaceAfter=after,
    )
    size, leading, title_after = title
    spacing = {} if title_after is None else {"spaceAfter": title_after}
    return RulesStyles(
        text,
        heading,
        ParagraphStyle(
            f"{name}title", parent=text, fontName=BOLD, fontSize=size, leading=leading, **spacing
        ),
        ParagraphStyle(
            f"{name}lead", parent=text, fontSize=lead[0], leading=lead[1], spaceAfter=lead[2]
        ),
        ParagraphStyle(
            f"{name}item", parent=text, leftIndent=9, bulletIndent=1.5, spaceAfter=item_after
        ),
        ParagraphStyle(
            f"{name}caption",
            parent=text,
            fontSize=caption[0],
            leading=caption[1],
            spaceAfter=caption[2],
        ),
    )
