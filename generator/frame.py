"""One kit frame for every game: the print-scale check, the cover's styles, title and foot, the
kit's PDF in memory with its manifest, and writing ``kit.pdf`` and ``kit.json`` to disk as one
folder, whole or not at all (never over existing files unless asked to)."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph

from generator.flow import fill_columns
from generator.page import (
    BOLD,
    FONT,
    GENERATOR,
    INK,
    MARGIN_MM,
    MM,
    SOFT_INK,
    Ink,
    KitPapers,
    Paper,
    Sheet,
)
from patrolkit.atomic import write_file, write_folder
from patrolkit.i18n import N_, _
from patrolkit.manifest import BoardGeometry, Item, Manifest, PaperSheets

# -- the print-scale check ------------------------------------------------------------------------

RULER_MM: Final = 100.0
RULER_NOTICE: Final = N_("Print at 100 % / actual size — check this ruler")
"""The print-scale notice, in English: said with ``_(RULER_NOTICE)``."""
SCALE_CHECK_MM: Final = 30.0
"""Height of the boxed notice and ruler that page one of every document carries."""
RULER_END_TICK_MM: Final = 7.0
"""The 0 and 100 mm ticks are the longest, so they can be found (and measured) at a glance."""
RULER_TICK_WIDTH_MM: Final = 0.2
BOARD_AND_TOKENS: Final = N_("the board and tokens")
"""What a photo could not read if a kit were printed at the wrong scale, unless a game says (in
English: said with ``_(BOARD_AND_TOKENS)``)."""


_ADVICE = ParagraphStyle("scale-advice", fontName=FONT, fontSize=7.6, leading=9.6, textColor=INK)


def draw_ruler(sheet: Sheet, x: float, y: float) -> None:
    """A 100 mm scale ruler: base line at ``y`` from ``x`` to ``x + 100``, ticks hanging down.

    Ticks every millimetre, longer every 5 and 10, longest at 0 and 100; centimetres numbered.
    """
    for step in range(int(RULER_MM) + 1):
        if step in (0, int(RULER_MM)):
            length = RULER_END_TICK_MM
        elif step % 10 == 0:
            length = 4.5
        elif step % 5 == 0:
            length = 3.2
        else:
            length = 2.0
        sheet.line(x + step, y, x + step, y + length, width=RULER_TICK_WIDTH_MM)
    sheet.line(x, y, x + RULER_MM, y, width=RULER_TICK_WIDTH_MM, cap=2)
    for cm in range(1, 10):
        sheet.text(x + cm * 10, y + 8.0, str(cm * 10), size=6.5, align="centre")
    sheet.text(x, y + 11.2, "0", size=7.5, font=BOLD, align="centre")
    sheet.text(x + RULER_MM, y + 11.2, "100 mm", size=7.5, font=BOLD, align="centre")


def draw_scale_check(
    sheet: Sheet, x: float, y: float, width: float, *, pieces: str | None = None
) -> None:
    """The print-scale notice and the ruler, boxed, :data:`SCALE_CHECK_MM` tall from ``(x, y)``
    over ``width`` mm: print at actual size, and check it with the ruler. ``pieces`` names what
    a photo could not read if the scale were wrong (:data:`BOARD_AND_TOKENS` when not given),
    with its article ("the cards and items"); marked with ``N_``, it is said in the language in
    force."""
    sheet.rect(x, y, width, SCALE_CHECK_MM, stroke=INK, line=0.5)
    sheet.text(x + 4, y + 7.5, _(RULER_NOTICE), size=11.5, font=BOLD)
    ruler_x = x + width - 10 - RULER_MM
    draw_ruler(sheet, ruler_x, y + 12.0)
    advice = Paragraph(
        _(
            "Turn off “fit to page” or “shrink” in the print dialog. The long marks 0 and 100"
            " must be exactly 100 mm (10 cm) apart; if they are not, a photo of {pieces} cannot"
            " be read."
        ).format(pieces=_(BOARD_AND_TOKENS if pieces is None else pieces)),
        _ADVICE,
    )
    _width, height = advice.wrap((ruler_x - x - 10) * MM, SCALE_CHECK_MM * MM)
    if height > (SCALE_CHECK_MM - 12) * MM:
        raise ValueError("the scale check needs more width")
    advice.drawOn(sheet.canvas, *sheet.point(x + 4, y + 11.0 + height / MM))


# -- the cover ------------------------------------------------------------------------------------

COVER_TOP_MM: Final = MARGIN_MM + 30 + SCALE_CHECK_MM + 7
"""Where a cover's own content starts, below its title and print-scale check."""


@dataclass(frozen=True)
class CoverStyles:
    """A cover's paragraph styles: body text, section heads and bulleted items."""

    body: ParagraphStyle
    head: ParagraphStyle
    item: ParagraphStyle

    @classmethod
    def of(
        cls,
        name: str,
        *,
        size: float,
        leading: float,
        after: float,
        head_before: float,
        head_after: float | None = None,
        item_after: float | None = None,
    ) -> CoverStyles:
        """The styles called ``name``, ``name-head`` and ``name-item``: body text of ``size``
        points on ``leading``, ``after`` points after each paragraph (``head_after`` after a head
        and ``item_after`` after an item, if they differ), ``head_before`` points above a head."""
        body = ParagraphStyle(
            name,
            fontName=FONT,
            bulletFontName=FONT,
            fontSize=size,
            leading=leading,
            spaceAfter=after,
            textColor=INK,
        )
        head = ParagraphStyle(
            f"{name}-head",
            parent=body,
            fontName=BOLD,
            fontSize=11,
            leading=14,
            spaceBefore=head_before,
            spaceAfter=after if head_after is None else head_after,
        )
        item = ParagraphStyle(
            f"{name}-item",
            parent=body,
            leftIndent=9,
            bulletIndent=1.5,
            spaceAfter=after if item_after is None else item_after,
        )
        return cls(body, head, item)

    def bullet(self, text: str) -> Paragraph:
        """One bulleted item (paragraph markup)."""
        return Paragraph(text, self.item, bulletText="•")

    def contents(self, lines: Sequence[str]) -> list[Flowable]:
        """The cover's "In this kit" head and its list of sheets (paragraph markup)."""
        return [Paragraph(_("In this kit"), self.head), *(self.bullet(line) for line in lines)]


def sheets_text(first: int, count: int) -> str:
    """``Sheet 3`` or ``Sheets 3–5``: the sheets a part of the kit takes."""
    if count == 1:
        return _("Sheet {number}").format(number=first)
    return _("Sheets {first}–{last}").format(first=first, last=first + count - 1)


def paper_note(papers: KitPapers, first: int, count: int, what: str) -> str:
    """The cover's word on paper (paragraph markup) for a kit whose board, ``what`` ("the
    board", "the maps"), is its ``count`` sheets from ``first``: which sheets print on which
    paper, and how to print a file of two paper sizes. ``""`` for a kit on one paper."""
    if not papers.mixed:
        return ""
    if count == 1:
        text = _(
            "<b>Two paper sizes</b>: {board} for sheet {first} ({what}), {rest} for every other"
            " sheet. Let the printer choose the paper by the PDF's page size (“Choose paper source"
            " by PDF page size” or “Auto select”), or print the {board} and the {rest} sheets as"
            " two jobs."
        )
    else:
        text = _(
            "<b>Two paper sizes</b>: {board} for sheets {first}–{last} ({what}), {rest} for every"
            " other sheet. Let the printer choose the paper by the PDF's page size (“Choose paper"
            " source by PDF page size” or “Auto select”), or print the {board} and the {rest}"
            " sheets as two jobs."
        )
    return text.format(
        board=papers.board.name.upper(),
        rest=papers.rest.name.upper(),
        first=first,
        last=first + count - 1,
        what=what,
    )


def draw_cover_title(
    sheet: Sheet, title: str, facts: Sequence[str], *, pieces: str | None = None
) -> float:
    """The game's ``title`` with "Print-and-play kit" under it, ``facts`` (players, time, age)
    to the right, and the print-scale check under them all (``pieces``: see
    :func:`draw_scale_check`); returns :data:`COVER_TOP_MM`."""
    left, right = MARGIN_MM, sheet.paper.width - MARGIN_MM
    sheet.text(left, MARGIN_MM + 14, title, size=34, font=BOLD)
    sheet.text(left, MARGIN_MM + 22.5, _("Print-and-play kit"), size=14, fill=SOFT_INK)
    for i, line in enumerate(facts):
        sheet.text(right, MARGIN_MM + 12 + 5 * i, line, size=10, align="right")
    draw_scale_check(sheet, left, MARGIN_MM + 30, right - left, pieces=pieces)
    return COVER_TOP_MM


def fill_cover_column(
    sheet: Sheet, flow: list[Flowable], column: tuple[float, float, float, float]
) -> None:
    """Flow the cover's text into ``column`` (x, y, width, height); raise if it does not fit."""
    fill_columns(sheet, flow, [column])
    if flow:
        raise RuntimeError("the cover text does not fit its column")


def draw_generator_line(sheet: Sheet) -> None:
    """The generator's name and version, centred in the page's foot."""
    width, height = sheet.paper.size
    sheet.text(
        width / 2, height - MARGIN_MM + 1, GENERATOR, size=6.5, fill=SOFT_INK, align="centre"
    )


# -- the kit's document ---------------------------------------------------------------------------


class KitDocument:
    """A kit's PDF drawn in memory on one :class:`Sheet`, and the manifest it ends with.

    A kit printed for ``paper`` prints on :attr:`papers` (see :class:`KitPapers`): its first
    page on the paper of everything but the board; a kit turns to ``papers.board`` for its board
    sheets and back to ``papers.rest`` after them (:meth:`Sheet.next_page`)."""

    def __init__(self, game_title: str, paper: Paper, subject: str, ink: Ink = Ink.NORMAL) -> None:
        self._out = io.BytesIO()
        self.papers = KitPapers.of(paper)
        self.sheet = Sheet(
            self._out,
            self.papers.rest,
            title=_("{game} — print-and-play kit").format(game=game_title),
            subject=subject,
            ink=ink,
        )

    def finish(
        self,
        *,
        game: str,
        options: dict[str, object],
        layout: dict[str, object],
        items: Sequence[Item],
        board: BoardGeometry | None = None,
    ) -> tuple[bytes, Manifest]:
        """End the PDF; its bytes and the manifest of its pages, ``items`` and ``board``. A
        low-ink kit records ``"ink": "low"`` among its ``options``; a kit without it was printed
        with the normal ink. The manifest's paper is the board's, and its ``papers`` say which
        sheets print on which paper."""
        sheet = self.sheet
        if sheet.ink is not Ink.NORMAL:
            options = {**options, "ink": sheet.ink.value}
        pages = sheet.page
        papers = tuple(
            PaperSheets(
                paper.name,
                paper.size,
                tuple(n for n, on in enumerate(sheet.papers, start=1) if on == paper),
            )
            for paper in dict.fromkeys(sheet.papers)
        )
        sheet.save()
        manifest = Manifest(
            game=game,
            paper=self.papers.board.name,
            page_size=self.papers.board.size,
            pages=pages,
            options=options,
            layout=layout,
            board=board,
            items=tuple(items),
            generator=GENERATOR,
            papers=papers,
        )
        return self._out.getvalue(), manifest


# -- writing to disk ------------------------------------------------------------------------------

KIT_FILES: Final = ("kit.pdf", "kit.json")
"""A kit folder's files, in the order they are written."""


def write_bytes(path: Path, data: bytes, *, force: bool) -> Path:
    """Write ``data`` to ``path`` whole or not at all (a temporary file beside it, renamed into
    place, under the path's lock); :class:`KitError` if it exists and not ``force``."""
    return write_file(path, lambda: data, force=force)


def manifest_bytes(manifest: Manifest) -> bytes:
    """``kit.json``'s exact text, as :meth:`Manifest.save` writes it."""
    return (json.dumps(manifest.to_json(), indent=1, ensure_ascii=False) + "\n").encode()


def write_kit_files(
    out_dir: Path, render: Callable[[], tuple[bytes, Manifest]], *, force: bool
) -> tuple[Path, Path]:
    """Write the kit folder ``out_dir`` (``kit.pdf`` and ``kit.json`` from ``render()``) whole or
    not at all: into a temporary folder beside it, renamed into place once complete (see
    :mod:`patrolkit.atomic`). :class:`KitError` if either file exists and not ``force`` (nothing
    is rendered then), if another run is writing the same folder, or if the folder holds other
    files."""

    def files() -> dict[str, bytes]:
        pdf, manifest = render()
        return {"kit.pdf": pdf, "kit.json": manifest_bytes(manifest)}

    pdf_path, json_path = write_folder(Path(out_dir), KIT_FILES, files, force=force)
    return pdf_path, json_path
