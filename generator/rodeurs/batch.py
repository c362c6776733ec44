"""Batches of Rôdeurs boards: one PDF, an index first, then one board page per layout, drawn on
every core.

The index pages and the first board are drawn by this process; the other boards are drawn by a
pool of worker processes (one per core, started fresh: nothing is inherited from this process),
each on a canvas of its own that starts from the same font state as the batch's canvas. A worker
also compresses and encodes each page's content stream, the costly part of writing a page. The
pages' drawing operators are then appended, in order, to the batch's canvas, and each page's
stream is taken from its worker when it is the very text this canvas would have encoded, so the
PDF is byte for byte the one a single process would draw. A board that would change the font
state (a character no earlier page used) cannot be drawn that way; then the whole batch is drawn
by this process alone.
"""

from __future__ import annotations

import hashlib
import io
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFBase85Encode,
    PDFDictionary,
    PDFName,
    PDFStream,
    PDFZCompress,
)
from reportlab.pdfbase.ttfonts import TTFont

from generator.frame import SCALE_CHECK_MM, draw_generator_line, draw_scale_check
from generator.page import BOLD, MARGIN_MM, Paper, Sheet, paper
from generator.rodeurs.board import draw_board, grid_origin, jumps_text, layout_text, mix_text
from patrolkit.atomic import write_file
from patrolkit.games.rodeurs import Layout
from patrolkit.games.rodeurs.fairness import Rating
from patrolkit.i18n import N_, _, language, ngettext, use_language
from patrolkit.manifest import BoardGeometry

SERIAL_BELOW: Final = 24
"""Batches smaller than this are drawn by this process alone: starting workers costs more."""
CHUNK: Final = 25
"""Most boards a worker draws per task (smaller batches are cut finer, to share the work)."""

Progress = Callable[[int, int], None]
Page = tuple[list[str], BoardGeometry, bytes, object]
"""A page drawn by a worker: its operators, its board, the digest of its stream's text and the
stream encoded as the batch's canvas would encode it."""


def render_board_batch(
    layouts: Sequence[Layout],
    paper_name: str = "a4",
    progress: Progress | None = None,
    *,
    workers: int | None = None,
    ratings: Sequence[Rating] | None = None,
) -> tuple[bytes, list[BoardGeometry]]:
    """One PDF with the index first and then one board page per layout, in memory, calling
    ``progress(done, total)`` as boards are done; ``workers`` processes draw the boards (default
    one per core; 1 draws them all here). ``ratings``, one per layout, are printed on the
    boards."""
    if not layouts:
        raise ValueError("a batch needs at least one layout")
    if ratings is not None and len(ratings) != len(layouts):
        raise ValueError("a batch needs one rating per layout")
    boards = [(layout, None if ratings is None else ratings[i]) for i, layout in enumerate(layouts)]
    sheet_paper = paper(paper_name)
    workers = workers if workers is not None else _cores()
    if workers > 1 and len(layouts) >= SERIAL_BELOW:
        pages = _pages_in_parallel(boards, sheet_paper, progress, workers)
        if pages is not None:
            return pages
    return _pages_here(boards, sheet_paper, progress)


def write_board_batch(
    layouts: Sequence[Layout],
    path: Path,
    *,
    paper: str = "a4",
    force: bool = False,
    progress: Progress | None = None,
) -> Path:
    """One PDF with one board page per layout (page one: ruler + notice + index of layouts),
    calling progress(done, total); written whole or not at all, never over an existing file
    unless ``force`` (:class:`~patrolkit.errors.KitError`)."""
    return write_file(
        Path(path), lambda: render_board_batch(layouts, paper, progress)[0], force=force
    )


Rated = tuple[Layout, Rating | None]
"""A board of a batch and the rating printed on it, if any."""


def _cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


# -- one process ----------------------------------------------------------------------------------


def _index(sheet: Sheet, layouts: Sequence[Layout]) -> None:
    """The index pages (the first with the ruler); the sheet stays on the last of them."""
    chunks = _index_chunks(len(layouts), sheet.paper.height)
    first_board = len(chunks) + 1
    for page, (start, stop) in enumerate(chunks, start=1):
        if page > 1:
            sheet.next_page()
        _index_page(sheet, layouts, page, range(start, stop), first_board)


def _new_sheet(sheet_paper: Paper, count: int) -> tuple[io.BytesIO, Sheet]:
    out = io.BytesIO()
    sheet = Sheet(out, sheet_paper, title=_("Rôdeurs — boards"), subject=_boards(count))
    return out, sheet


def _pages_here(
    rated: Sequence[Rated], sheet_paper: Paper, progress: Progress | None
) -> tuple[bytes, list[BoardGeometry]]:
    layouts = [layout for layout, _ in rated]
    out, sheet = _new_sheet(sheet_paper, len(layouts))
    _index(sheet, layouts)
    boards = []
    for done, (layout, rating) in enumerate(rated, start=1):
        sheet.next_page()
        boards.append(draw_board(sheet, layout, grid_origin(sheet_paper), rating))
        if progress is not None:
            progress(done, len(layouts))
    sheet.save()
    return out.getvalue(), boards


# -- every core -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Font:
    """One font of the batch's canvas: its name, its name inside the PDF and, for a TrueType
    font, the characters it has given codes to, in the order it gave them."""

    name: str
    internal: str
    characters: str | None


@dataclass(frozen=True)
class _Start:
    """What a worker needs to draw board pages exactly as the batch's canvas would."""

    paper: Paper
    first_page: int
    fonts: tuple[_Font, ...]
    language: str
    """The language the boards speak (a worker starts in English)."""


class _NotPortable(Exception):
    """A board page that cannot be drawn on another canvas and appended unchanged."""


def _font_state(sheet: Sheet) -> tuple[_Font, ...]:
    doc = sheet.canvas._doc
    fonts = []
    for name, internal in doc.fontMapping.items():
        font = pdfmetrics.getFont(name)
        characters = None
        if isinstance(font, TTFont) and doc in font.state:
            order = sorted(font.state[doc].assignments.items(), key=lambda item: item[1])
            characters = "".join(chr(code) for code, _ in order)
        fonts.append(_Font(name, internal, characters))
    return tuple(fonts)


def _pages_in_parallel(
    rated: Sequence[Rated], sheet_paper: Paper, progress: Progress | None, workers: int
) -> tuple[bytes, list[BoardGeometry]] | None:
    """The batch drawn on ``workers`` processes, or ``None`` if its pages are not portable or
    the workers could not run (a program without a ``__main__`` guard cannot start them)."""
    layouts = [layout for layout, _ in rated]
    out, sheet = _new_sheet(sheet_paper, len(layouts))
    _index(sheet, layouts)
    sheet.next_page()
    first, first_rating = rated[0]
    boards = [draw_board(sheet, first, grid_origin(sheet_paper), first_rating)]
    if progress is not None:
        progress(1, len(layouts))
    start = _Start(sheet_paper, sheet.page + 1, _font_state(sheet), language())
    rest = list(range(1, len(layouts)))
    size = max(1, min(CHUNK, len(rest) // (workers * 4)))
    chunks = [rest[i : i + size] for i in range(0, len(rest), size)]
    canvas = sheet.canvas
    encoded: dict[int, tuple[bytes, object]] = {}
    spawn = multiprocessing.get_context("spawn")
    try:
        with ProcessPoolExecutor(
            workers, mp_context=spawn, initializer=_start_worker, initargs=(start,)
        ) as pool:
            futures = [
                pool.submit(_draw_pages, [(i, *rated[i]) for i in chunk]) for chunk in chunks
            ]
            for future in futures:
                for code, board, digest, stream in future.result():
                    sheet.next_page()
                    encoded[len(canvas._doc.Pages.pages)] = (digest, stream)
                    canvas._code.extend(code)
                    boards.append(board)
                if progress is not None:
                    progress(len(boards), len(layouts))
    except (_NotPortable, BrokenProcessPool):
        return None  # drawn again by this process alone
    canvas.showPage()
    pages = canvas._doc.Pages.pages
    for index, (digest, stream) in encoded.items():
        page = pages[index]
        if page.compression and _digest(page.stream) == digest:
            page.Contents = _page_stream(stream)
    canvas.save()
    return out.getvalue(), boards


def _filters() -> list[object]:
    """The filters a compressed page stream goes through, as ReportLab applies them."""
    return [PDFBase85Encode, PDFZCompress] if rl_config.useA85 else [PDFZCompress]


def _digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()


def _encode(text: str) -> object:
    """``text`` through :func:`_filters`, last first, as :class:`PDFStream` encodes it."""
    content: object = text
    for stream_filter in reversed(_filters()):
        content = stream_filter.encode(content)  # type: ignore[attr-defined]
    return content


def _page_stream(content: object) -> PDFStream:
    """A page stream whose content is already encoded (ReportLab then leaves it as it is)."""
    names = [PDFName(stream_filter.pdfname) for stream_filter in _filters()]  # type: ignore[attr-defined]
    stream = PDFStream(PDFDictionary({"Filter": PDFArray(names)}), content)
    stream.__Comment__ = "page stream"
    return stream


_worker: Sheet | None = None
_worker_start: _Start | None = None


def _start_worker(start: _Start) -> None:
    """Set up this worker's canvas with the batch canvas's fonts, codes and internal names."""
    global _worker, _worker_start
    use_language(start.language)
    _out, sheet = _new_sheet(start.paper, 1)
    doc = sheet.canvas._doc
    for font in start.fonts:
        face = pdfmetrics.getFont(font.name)
        if font.characters is not None and isinstance(face, TTFont):
            face.splitString(font.characters, doc)
            face.getSubsetInternalName(0, doc)
        else:
            doc.getInternalFontName(font.name)
    _worker, _worker_start = sheet, start


def _draw_pages(numbered: list[tuple[int, Layout, Rating | None]]) -> list[Page]:
    """Each board's page (see :data:`Page`); :class:`_NotPortable` if a page would not be the
    same on the batch's canvas."""
    sheet, start = _worker, _worker_start
    if sheet is None or start is None:
        raise RuntimeError("the worker was not started")
    if _font_state(sheet) != start.fonts:
        raise _NotPortable("the worker's fonts differ from the batch's")
    canvas = sheet.canvas
    pages = []
    for number, layout, rating in numbered:
        sheet.page = start.first_page + number - 1
        board = draw_board(sheet, layout, grid_origin(start.paper), rating)
        page_resources = (
            canvas._formsinuse,
            canvas._annotationrefs,
            canvas._colorsUsed,
            canvas._shadingUsed,
        )
        if any(page_resources) or _font_state(sheet) != start.fonts:
            raise _NotPortable(f"board {number + 1} uses something no earlier page used")
        code = list(canvas._code)
        lines = [*canvas._psCommandsBeforePage, canvas._preamble, *code, " "]
        text = "\n".join([*lines, *canvas._psCommandsAfterPage]) + "\n"
        pages.append((code, board, _digest(text), _encode(text)))
        canvas._startPage()
    return pages


def _boards(count: int) -> str:
    """``12 boards``, in the language in force."""
    return ngettext("{count} board", "{count} boards", count).format(count=count)


# -- the index of a batch -------------------------------------------------------------------------

_INDEX_ROW_MM: Final = 5.2
_INDEX_COLUMNS: Final = (
    ("#", 0.0),
    (N_("Page"), 10.0),
    (N_("Layout"), 23.0),
    (N_("Board"), 73.0),
    (N_("Jumps"), 92.0),
    (N_("Pawns"), 146.0),
)
"""The index's columns: each heading (translated where it is printed) and where it starts."""


def _index_top(page: int) -> float:
    """Baseline of the index's header row on its ``page`` (1 = the page with the ruler)."""
    return MARGIN_MM + (16 + SCALE_CHECK_MM + 7 if page == 1 else 16)


def _index_chunks(count: int, page_height: float) -> list[tuple[int, int]]:
    """Which layouts each index page lists: ``(start, stop)`` per page."""
    chunks: list[tuple[int, int]] = []
    start = 0
    while start < count:
        page = len(chunks) + 1
        capacity = int((page_height - MARGIN_MM - 8 - _index_top(page)) // _INDEX_ROW_MM)
        chunks.append((start, min(count, start + capacity)))
        start += capacity
    return chunks


def _index_page(
    sheet: Sheet, layouts: Sequence[Layout], page: int, numbers: range, first_board: int
) -> None:
    width = sheet.paper.width
    left = MARGIN_MM
    if page == 1:
        sheet.text(left, MARGIN_MM + 10, _("Rôdeurs — boards"), size=22, font=BOLD)
        sheet.text(width - MARGIN_MM, MARGIN_MM + 10, _boards(len(layouts)), size=10, align="right")
        draw_scale_check(sheet, left, MARGIN_MM + 16, width - 2 * MARGIN_MM)
    else:
        sheet.text(left, MARGIN_MM + 8, _("Rôdeurs — boards: index, continued"), size=12, font=BOLD)
    top = _index_top(page)
    for name, x in _INDEX_COLUMNS:
        sheet.text(left + 1.5 + x, top, _(name) if name != "#" else name, size=7.8, font=BOLD)
    sheet.line(left, top + 1.4, width - MARGIN_MM, top + 1.4, width=0.3)
    for row, number in enumerate(numbers, start=1):
        layout = layouts[number]
        y = top + row * _INDEX_ROW_MM
        if row % 2:
            sheet.rect(left, y - 3.6, width - 2 * MARGIN_MM, _INDEX_ROW_MM, fill="#EFEFEF")
        cells = (
            str(number + 1),
            str(first_board + number),
            layout_text(layout),
            layout.board.code,
            jumps_text(layout.board.diagonal),
            mix_text(layout),
        )
        for (_heading, x), text in zip(_INDEX_COLUMNS, cells, strict=True):
            sheet.text(left + 1.5 + x, y, text, size=7.8)
    draw_generator_line(sheet)
