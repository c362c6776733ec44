"""The Rôdeurs rules sheet: the whole game in plain words (in the language in force), in two
columns.

Pictures show a jump, a multi-jump, two jumps, a scored end position and the diagonal option; the
end position's scores and verdict are computed from the picture, so text and picture agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Table

from generator.flow import (
    Figure,
    Group,
    draw_rules_flow,
    rules_column_width,
    rules_styles,
)
from generator.page import FONT, MM, Paper, Sheet
from generator.rodeurs.board import colour_count, jumps_text, mix_text
from generator.rodeurs.diagrams import Picture, board_picture, draw_picture, side_by_side
from patrolkit.games.rodeurs import (
    SQUARES,
    Board,
    CellColour,
    DecidedBy,
    Layout,
    PawnColour,
    Player,
    State,
    Tally,
    is_over,
    result,
    score,
    square_name,
)
from patrolkit.games.rodeurs.model import player_name
from patrolkit.i18n import _, language, ngettext

B, W, G = CellColour.BLACK, CellColour.WHITE, CellColour.GREY
R, Y, N = PawnColour.RED, PawnColour.YELLOW, PawnColour.GREEN
FIGURE_CELL_MM: Final = 6.2

_BODY, _HEAD, _TITLE, _LEAD, _ITEM, _CAPTION = rules_styles(
    "",
    body=(8.8, 11.6, 4.2),
    head=(10.5, 13, 5, 2.5),
    title=(20, 24, 3),
    lead=(9.6, 12.8, 6),
    item_after=3,
    caption=(7.8, 10, 7),
)

# -- the pictures ---------------------------------------------------------------------------------

_JUMP_CELLS = ((W, B, W, B), (B, W, B, W))
JUMP_BEFORE = Picture(_JUMP_CELLS, {(0, 1): Y, (1, 1): N, (3, 0): R}, paths=(((0, 1), (2, 1)),))
JUMP_AFTER = Picture(_JUMP_CELLS, {(2, 1): Y, (3, 0): R}, ghosts=((1, 1),))

_MULTI_CELLS = ((B, W, B, W, B), (W, B, W, B, W), (G, G, G, G, G), (B, W, B, W, B))
MULTI_BEFORE = Picture(
    _MULTI_CELLS,
    {(0, 3): R, (1, 3): N, (2, 2): Y, (3, 1): Y, (4, 3): N, (0, 0): Y},
    paths=(((0, 3), (2, 3), (2, 1), (4, 1)),),
)
MULTI_AFTER = Picture(
    _MULTI_CELLS, {(4, 1): R, (4, 3): N, (0, 0): Y}, ghosts=((1, 3), (2, 2), (3, 1))
)

_TWO_CELLS = ((W, B, W, B, W), (B, W, B, W, B), (W, B, W, B, W))
TWO_BEFORE = Picture(
    _TWO_CELLS,
    {(0, 0): N, (1, 0): R, (3, 1): Y, (4, 1): Y, (2, 2): N},
    paths=(((0, 0), (2, 0)), ((4, 1), (2, 1))),
)
TWO_AFTER = Picture(_TWO_CELLS, {(2, 0): N, (2, 1): Y, (2, 2): N}, ghosts=((1, 0), (3, 1)))

# The scored end position: a board, and the pawns left on it when no jump remains.
END_BOARD: Final = Board.from_lower_half(
    [B if (c + r) % 2 == 0 else W for r in range(4) for c in range(7)]
)
_END_PAWNS: Final = {
    "b9": Y, "g8": R, "e7": R, "b6": R, "g6": Y, "d5": Y, "g4": Y, "c3": N, "e3": Y, "a2": N,
    "d1": N,
}  # fmt: skip
END: Final = State(
    END_BOARD,
    tuple(_END_PAWNS.get(square_name(sq)) for sq in range(SQUARES)),
    Player.WHITE,
    opening=False,
)

_DIAGONAL_CELLS = ((B, W, B), (W, B, W), (B, W, B))
DIAGONAL_BEFORE = Picture(_DIAGONAL_CELLS, {(0, 2): R, (1, 1): Y}, paths=(((0, 2), (2, 0)),))
DIAGONAL_AFTER = Picture(_DIAGONAL_CELLS, {(2, 0): R}, ghosts=((1, 1),))


def verdict(state: State) -> str:
    """Who wins the game ended in ``state`` and why (paragraph markup)."""
    outcome = result(state)
    if outcome.decided_by is DecidedBy.DRAW or outcome.winner is None:
        return _("Both districts hold the same prowlers: a draw.")
    winner = player_name(outcome.winner)
    if outcome.decided_by is DecidedBy.POINTS:
        return _("<b>{winner}</b> has fewer points and wins.").format(winner=winner)
    colour = R if outcome.decided_by is DecidedBy.RED else Y
    counts = sorted((outcome.white.count(colour), outcome.black.count(colour)))
    if colour is R:
        message = _(
            "A tie on points: {loser} has more red prowlers ({more} against {fewer}), so"
            " <b>{winner} wins</b>."
        )
    else:
        message = _(
            "A tie on points: {loser} has more yellow prowlers ({more} against {fewer}), so"
            " <b>{winner} wins</b>."
        )
    return message.format(
        loser=player_name(outcome.winner.opponent), more=counts[1], fewer=counts[0], winner=winner
    )


def _tally_text(tally: Tally) -> str:
    parts = ", ".join(colour_count(colour, tally.count(colour)) for colour in (N, Y, R))
    sums = "&nbsp;+ ".join(f"{tally.count(colour)}×{colour.points}" for colour in (N, Y, R))
    return ngettext(
        "{pawns}, so {sums}&nbsp;= <b>{points}&nbsp;point</b>",
        "{pawns}, so {sums}&nbsp;= <b>{points}&nbsp;points</b>",
        tally.points,
    ).format(pawns=parts, sums=sums, points=tally.points)


# -- the text --------------------------------------------------------------------------------------


def story(sheet: Sheet, facts: Facts, column_width: float) -> list[Flowable]:
    """Every paragraph and picture of the rules sheet, in reading order."""
    if not is_over(END):
        raise AssertionError("the end-of-game picture must allow no jump")
    tallies = score(END)

    def p(text: str, style: ParagraphStyle = _BODY) -> Paragraph:
        return Paragraph(text, style)

    def bullet(text: str) -> Paragraph:
        return Paragraph(text, _ITEM, bulletText="•")

    def head(text: str) -> Paragraph:
        return Paragraph(text, _HEAD)

    end_cell = FIGURE_CELL_MM
    end_width = 7 * end_cell + 6
    end_figure = Figure(
        sheet,
        end_width,
        9 * end_cell + 6,
        lambda s: draw_picture(
            s, board_picture(END.board, END.pawns), 4.5, 1.0, end_cell, labels=True
        ),
    )
    end_caption = p(
        "<br/>".join(
            (
                _("<b>Figure 4. An end position:</b> no pawn can jump."),
                _("<b>White cells:</b> {tally}.").format(tally=_tally_text(tallies[Player.WHITE])),
                _("<b>Black cells:</b> {tally}.").format(tally=_tally_text(tallies[Player.BLACK])),
                verdict(END),
                _("The yellow pawn on d5 is on the grey row and costs nothing."),
            )
        ),
        _CAPTION,
    )
    end_table = Table(
        [[end_figure, end_caption]],
        colWidths=[(end_width + 3) * MM, (column_width - end_width - 3) * MM],
        style=[
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("FONTNAME", (0, 0), (-1, -1), FONT),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ],
        spaceAfter=8,
    )
    return [
        p(_("Rôdeurs — the rules"), _TITLE),
        p(
            _(
                "2 players · about 10 minutes · age 8 and up. Night falls and the crowd goes home, "
                "but a few prowlers keep roaming the streets. Nobody owns the pawns: both players "
                "jump them off the board. When no jump is left, every prowler still standing in "
                "<i>your</i> district counts against you. The lowest score wins."
            ),
            _LEAD,
        ),
        head(_("The board and the pawns")),
        p(
            _(
                "The board has 7 columns, <b>a</b> to <b>g</b>, and 9 rows, <b>1</b> to <b>9</b>. "
                "The middle row (row 5) is grey. Every other cell is white or black, and the cell "
                "facing it across the grey row always has the other colour."
            )
        ),
        bullet(
            _(
                "The <b>white cells</b> are the district of the <b>first player</b>; the "
                "<b>black cells</b> are the district of the <b>second player</b>."
            )
        ),
        bullet(_("The grey row belongs to nobody and never scores.")),
        bullet(
            _("There are {count} pawns: {mix}. They belong to nobody.").format(
                count=facts.pawns, mix=facts.mix
            )
        ),
        head(_("Setting up")),
        p(
            _(
                "Put one pawn on every white and black cell, of the colour shown by the small disc "
                "in the cell's corner (the cover shows the same set-up). The grey row starts "
                "empty. Draw lots for who starts: that player owns the white district."
            )
        ),
        head(_("A jump")),
        p(
            _(
                "A pawn jumps in a straight line along a row or a column: over the next cell, "
                "which must hold a pawn, onto the cell just beyond, which must be empty. The pawn "
                "jumped over leaves the board for good. Any pawn may jump, whatever its colour. "
                "Jumps may pass over the grey row and land on it."
            )
        ),
        Group(
            [
                side_by_side(
                    sheet,
                    [(JUMP_BEFORE, _("Before")), (JUMP_AFTER, _("After"))],
                    FIGURE_CELL_MM,
                    column_width,
                ),
                p(
                    _(
                        "<b>Figure 1.</b> The yellow pawn jumps over the green one, which is "
                        "removed."
                    ),
                    _CAPTION,
                ),
            ]
        ),
        head(_("Your turn")),
        p(_("Players take turns. The game's <b>first turn</b> is a single jump, by any pawn.")),
        p(_("On every later turn, choose one of two ways to play:")),
        bullet(
            _(
                "<b>Two jumps:</b> make a jump, then a second jump, with any pawn (the same one or "
                "another)."
            )
        ),
        bullet(
            _(
                "<b>Multi-jump:</b> one pawn jumps, then jumps again from where it landed, as many "
                "times as you like and as long as it can. You may stop after any jump, so a single "
                "jump is always a whole turn."
            )
        ),
        Group(
            [
                side_by_side(
                    sheet,
                    [(MULTI_BEFORE, _("Before")), (MULTI_AFTER, _("After"))],
                    FIGURE_CELL_MM,
                    column_width,
                ),
                p(
                    _(
                        "<b>Figure 2. A multi-jump.</b> The red pawn jumps three times in a row "
                        "and takes three pawns; it could have stopped after the first or the "
                        "second jump."
                    ),
                    _CAPTION,
                ),
            ]
        ),
        Group(
            [
                side_by_side(
                    sheet,
                    [(TWO_BEFORE, _("Before")), (TWO_AFTER, _("After"))],
                    FIGURE_CELL_MM,
                    column_width,
                ),
                p(
                    _(
                        "<b>Figure 3. Two jumps.</b> The green pawn jumps the red one, then a "
                        "yellow pawn jumps the other yellow one."
                    ),
                    _CAPTION,
                ),
            ]
        ),
        head(_("End of the game")),
        p(
            _(
                "The game ends as soon as no jump is possible anywhere on the board, whoever's "
                "turn it is. The pawns still standing are the <b>prowlers</b>."
            )
        ),
        head(_("Scoring")),
        p(
            _(
                "Each prowler in your district costs you points: <b>green 1</b>, <b>yellow 2</b>, "
                "<b>red 3</b>. Prowlers on the grey row cost nothing. The player with the "
                "<b>fewest points wins</b>."
            )
        ),
        p(
            _(
                "On a tie, the player with more red prowlers in their district loses. If that is "
                "also equal, the one with more yellow prowlers loses. If both districts hold the "
                "same number of prowlers of every colour, the game is a draw."
            )
        ),
        end_table,
        head(_("Option: diagonal jumps")),
        p(
            _(
                "Players may agree to allow diagonal jumps too: over a diagonal neighbour onto the "
                "empty cell beyond it, in a straight line. Everything else stays the same. A "
                "printed board says which rule it was made for, under the grid; this kit's board "
                "allows <b>{jumps}</b>."
            ).format(jumps=jumps_text(facts.diagonal))
        ),
        Group(
            [
                side_by_side(
                    sheet,
                    [(DIAGONAL_BEFORE, _("Before")), (DIAGONAL_AFTER, _("After"))],
                    FIGURE_CELL_MM,
                    column_width,
                ),
                p(_("<b>Figure 5. With the option only:</b> a diagonal jump."), _CAPTION),
            ]
        ),
        head(_("Checking a game with a photo")),
        p(
            _(
                "Every pawn and each corner of the board carry a QR code. Photograph the table "
                "from above, the whole board in view, each pawn inside its cell and every code "
                "uncovered: the patrolkit companion reads the position, checks the last turn and "
                "counts the score."
            )
        ),
    ]


@dataclass(frozen=True)
class Facts:
    """What the rules sheet says about its own kit: the pawns and the jump option."""

    pawns: int
    mix: str
    diagonal: bool

    @classmethod
    def of(cls, layout: Layout) -> Facts:
        return cls(sum(layout.mix.values()), mix_text(layout), layout.board.diagonal)


def rules_pages(facts: Facts, paper: Paper) -> int:
    """How many pages :func:`draw_rules` takes on ``paper`` (it lays them out on scratch paper),
    in the language in force."""
    return _rules_pages(facts, paper, language())


@lru_cache(maxsize=32)
def _rules_pages(facts: Facts, paper: Paper, language: str) -> int:
    return draw_rules(Sheet.scratch(paper), facts)


def draw_rules(sheet: Sheet, facts: Facts) -> int:
    """Draw the rules from the current page on, in two columns; returns the pages used."""
    flow = story(sheet, facts, rules_column_width(sheet))
    return draw_rules_flow(sheet, flow, head=_HEAD, title=_("Rôdeurs — rules"), max_pages=4)
