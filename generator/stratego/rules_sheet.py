"""The Stratego rules sheet: the whole game in plain English, in two columns, with the ranks as
the pieces show them, how to make a piece, and how the photo referee keeps ranks secret."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from reportlab.platypus import Flowable, Paragraph

from generator.flow import Figure, draw_rules_flow, rules_column_width, rules_styles
from generator.page import SOFT_INK, Paper, Sheet, text_width
from generator.stratego.symbols import draw_symbol, rank_mark
from patrolkit.games.stratego import CLASSIC_ARMY, Rank
from patrolkit.games.stratego.words import rank_name
from patrolkit.i18n import _, pgettext

_STYLES = rules_styles(
    "st",
    body=(8.6, 11.2, 3.8),
    head=(10.5, 13, 5, 2.5),
    title=(20, 24, 3),
    lead=(9.4, 12.4, 5),
    item_after=2.6,
    caption=(7.6, 9.8, 6),
)
RANK_ROW_MM: Final = 6.2


def _ranks_figure(sheet: Sheet, width: float) -> Figure:
    ranks = list(Rank)
    half = (len(ranks) + 1) // 2
    height = half * RANK_ROW_MM + 1

    def paint(s: Sheet) -> None:
        for i, rank in enumerate(ranks):
            column, row = divmod(i, half)
            x, y = column * width / 2, row * RANK_ROW_MM + RANK_ROW_MM / 2
            draw_symbol(s, rank, x + 3, y, 2.4)
            s.centred_glyphs(x + 10, y, rank_mark(rank), size=8.6)
            s.text(x + 15, y + 1.1, f"{rank_name(rank)} × {CLASSIC_ARMY[rank]}", size=7.6)

    return Figure(sheet, width, height, paint)


def _piece_figure(sheet: Sheet, width: float) -> Figure:
    """The piece from the side: base, the two walls, the top and the tongue inside; the box moves
    right as far as its left labels need, and :class:`ValueError` says when a label leaves the
    column."""
    height = 26.0
    owner, face = pgettext("stratego figure", "owner"), pgettext("stratego piece", "rank face")
    opponent = _("opponent: colour only")
    top, base_words = _("top: id code"), _("base; the tongue (red) tucks up inside")
    d, h = 24.0 * 0.8, 15.0 * 0.8
    x0 = max(14.0, text_width(owner, 6.6) + 2.5, text_width(face, 6.0) + 2.5)
    if (
        x0 + d + 1.5 + text_width(opponent, 6.6) > width
        or x0 + d / 2 + max(text_width(top, 6.6), text_width(base_words, 6.0)) / 2 > width
        or x0 + d / 2 - text_width(base_words, 6.0) / 2 < 0
    ):
        raise ValueError("a label of the piece's figure is wider than the rules' column")

    def paint(s: Sheet) -> None:
        base = 20.0
        s.line(0, base, width, base, stroke=SOFT_INK, width=0.3)
        s.rect(x0, base - h, d, h, stroke="#1A1A1A", line=0.5)
        s.line(x0 + 0.9, base - 0.9, x0 + 0.9, base - h + 1.4, stroke="#C8102E", width=0.5)
        s.text(x0 - 1.5, base - h / 2 + 1, owner, size=6.6, align="right")
        s.text(x0 - 1.5, base - h / 2 + 4, face, size=6.0, fill=SOFT_INK, align="right")
        s.text(x0 + d + 1.5, base - h / 2 + 1, opponent, size=6.6)
        s.text(x0 + d / 2, base - h - 2, top, size=6.6, align="centre")
        s.text(x0 + d / 2, base + 4, base_words, size=6.0, fill=SOFT_INK, align="centre")

    return Figure(sheet, width, height, paint)


def story(sheet: Sheet, column: float) -> list[Flowable]:
    p, bullet, head = _STYLES.paragraph, _STYLES.bullet, _STYLES.heading
    return [
        Paragraph("Stratego", _STYLES.title),
        Paragraph(
            _(
                "Two armies face each other with their ranks hidden. Only a fight shows two of "
                "them, and only for that fight. Capture the enemy flag to win."
            ),
            _STYLES.lead,
        ),
        head(_("What you need")),
        p(
            _(
                "The board of 10 × 10 cells, columns <b>a</b> to <b>j</b> and rows <b>1</b> to "
                "<b>10</b>, with two lakes of 2 × 2 cells in rows 5 and 6. Nothing ever stands on "
                "a lake or passes over one. Two armies of 40 pieces, red (solid band, a disc) and "
                "blue (striped band, a diamond):"
            )
        ),
        _ranks_figure(sheet, column),
        p(
            _(
                "Each piece stands with its rank facing its owner. Its other side shows only its "
                "army, and its top carries a code that means nothing without its army's secret."
            )
        ),
        _piece_figure(sheet, column),
        head(_("Setting up")),
        p(
            _(
                "Stand the screen across rows 5 and 6. Red fills rows 1 to 4, blue rows 7 to 10: "
                "one piece a cell, in any order, every rank facing its owner. Then take the screen "
                "away. Red plays first."
            )
        ),
        head(_("Your turn")),
        p(_("Move one of your pieces, or attack with it.")),
        bullet(
            _(
                "A piece steps one cell forward, back, left or right onto an empty cell: never "
                "diagonally, never onto a lake, never over another piece."
            )
        ),
        bullet(
            _(
                "A <b>scout</b> (2) may run any number of empty cells in a straight line instead, "
                "and may attack the enemy piece that ends its run."
            )
        ),
        bullet(_("<b>Bombs</b> and the <b>flag</b> never move.")),
        bullet(_("Once you let go of a piece, the move stands.")),
        head(_("Attacking")),
        p(
            _(
                "Attack an enemy piece on a cell next to yours (a scout: at the end of its run). "
                "Both players turn their piece round to show its rank. Then:"
            )
        ),
        bullet(_("the higher rank wins and the loser leaves the board; equal ranks both leave;")),
        bullet(
            _(
                "the <b>spy</b> (1) beats the marshal (10), but only when she attacks; attacked, "
                "she loses to anyone;"
            )
        ),
        bullet(
            _(
                "a <b>miner</b> (3) that attacks a bomb removes it; any other attacker on a bomb "
                "leaves the board, and the bomb stays;"
            )
        ),
        bullet(_("whoever attacks the <b>flag</b> wins the game.")),
        p(
            _(
                "A winning attacker moves onto the defender's cell; a winning defender stays where "
                "it is. Turn the survivor back so its rank faces its owner again."
            )
        ),
        head(_("No endless shuttling")),
        p(
            _(
                "A piece may move between the same two cells at most three times in a row; the "
                "fourth is not allowed (an attack counts as a move). The count starts again when "
                "you move another piece, or this one moves across. A scout's run may not cross a "
                "cell boundary that each of its last three moves crossed."
            )
        ),
        head(_("No endless chasing")),
        p(
            _(
                "When your piece keeps following an enemy piece that keeps stepping away, you may "
                "not continue the chase with a move that brings back a position seen since it "
                "began, except by stepping straight back to the cell you just left. Any attack "
                "ends a chase. (Some tournaments allow five moves instead of three, or no chase "
                "rule: agree before you start.)"
            )
        ),
        head(_("End of the game")),
        p(
            _(
                "You win when you take the enemy flag, or when your opponent cannot move on their "
                "turn, whether every piece is blocked or held back by the two rules above."
            )
        ),
        head(_("A short game to learn")),
        p(
            _(
                "Each player fields ten pieces: the flag, the marshal, the general, 2 miners, 2 "
                "scouts, 2 bombs and the spy, anywhere on their four home rows."
            )
        ),
        head(_("The secrets and the photo referee")),
        p(
            _(
                "Each army has a secret: which code on top goes with which rank. It is in the file "
                "<b>red.secret</b> or <b>blue.secret</b> beside the kit, and on that army's "
                "private slip as a short code and a QR code. Keep your slip folded and to yourself."
            )
        ),
        p(
            _(
                "To have a photo judged, photograph the board from above or from the side of the "
                "table (never from behind a player, whose rank faces would show). The referee "
                "needs both secrets; it tells only what the rules reveal: whether a setup is "
                "complete, which piece moved, and in a fight the two ranks and who won."
            )
        ),
    ]


@lru_cache(maxsize=8)
def rules_pages(paper: Paper) -> int:
    """How many pages :func:`draw_rules` takes on ``paper``."""
    return draw_rules(Sheet.scratch(paper))


def draw_rules(sheet: Sheet) -> int:
    """Draw the rules from the current page on, in two columns; returns the pages used."""
    flow = story(sheet, rules_column_width(sheet))
    return draw_rules_flow(sheet, flow, head=_STYLES.head, title=_("Stratego — rules"), max_pages=2)
