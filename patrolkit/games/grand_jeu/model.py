"""Le grand jeu des patrouilles: cells, directions, patrols, scouts, options and positions.

Import these names from :mod:`patrolkit.games.grand_jeu`, which re-exports them.

Vocabulary
----------
* A *cell* is the integer ``row * 16 + column`` (row 0 is row ``1``, column 0 is column ``a``):
  the same numbering on the 8 x 8 board (two patrols) and the 10 x 10 board (three or four), so a
  cell's name (``d4``) never depends on the board. :func:`cell`, :func:`parse_cell` and
  :func:`cell_name` convert.
* A :class:`Direction` is one of 8 (4 sides, 4 corners), named like a compass with north towards
  the last row of the board; :attr:`Direction.degrees` counts clockwise from north in 45° steps.
* A :class:`Patrol` is named after the board edge it starts from. Its *first row* is the line of
  cells along that edge, its *second row* the next line, its *far row* the line along the
  opposite edge; :meth:`Patrol.depth` says how far from its own edge a cell is.
* A :class:`Scout` is a cell, a patrol, the direction of its blue arrow and, in the "culs de
  pat'" variant, whether it carries the star. A scout on its patrol's far row is *frozen*
  (:meth:`State.is_frozen`).
* :class:`Options` are fixed before the game and printed with the kit; a :class:`State` is the
  scouts on the board, each patrol's prisoners, the patrol to move and the patrols already out.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cache, cached_property

from patrolkit.errors import LayoutError, NotationError
from patrolkit.games.grand_jeu.board import (
    Direction,
    cell,
    cell_name,
    column_of,
    neighbours,
    on_board,
    row_of,
)
from patrolkit.i18n import _, pgettext


class Patrol(Enum):
    """A patrol, named after the edge it starts from. Members are in the order of play."""

    SOUTH = "s"
    WEST = "w"
    NORTH = "n"
    EAST = "e"

    @property
    def letter(self) -> str:
        return self.value.upper()

    @property
    def title(self) -> str:
        """The patrol's name in the language in force: ``South``, ``Sud``."""
        return {
            "s": pgettext("patrol", "South"),
            "w": pgettext("patrol", "West"),
            "n": pgettext("patrol", "North"),
            "e": pgettext("patrol", "East"),
        }[self.value]

    @property
    def forward(self) -> Direction:
        """The direction from its own edge towards the far edge."""
        return {"s": Direction.N, "n": Direction.S, "w": Direction.E, "e": Direction.W}[self.value]

    def depth(self, c: int, size: int) -> int:
        """How many lines ``c`` lies from this patrol's own edge: 0 on its first row, 1 on its
        second row, ``size - 1`` on its far row."""
        if self is Patrol.SOUTH:
            return row_of(c)
        if self is Patrol.NORTH:
            return size - 1 - row_of(c)
        if self is Patrol.WEST:
            return column_of(c)
        return size - 1 - column_of(c)

    def line(self, depth: int, size: int) -> tuple[int, ...]:
        """The cells ``depth`` lines from this patrol's edge, in column or row order."""
        return _line(self, depth, size)

    @classmethod
    def parse(cls, text: str) -> Patrol:
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise NotationError(
                _("'{text}' is not a patrol (S, W, N or E).").format(text=text)
            ) from None


@cache
def _line(patrol: Patrol, depth: int, size: int) -> tuple[int, ...]:
    cells = (cell(i % size, i // size) for i in range(size * size))
    return tuple(c for c in cells if patrol.depth(c, size) == depth)


_SEATS = {
    2: (Patrol.SOUTH, Patrol.NORTH),
    3: (Patrol.SOUTH, Patrol.WEST, Patrol.NORTH),
    4: (Patrol.SOUTH, Patrol.WEST, Patrol.NORTH, Patrol.EAST),
}

DEFAULT_ARROWS = (0, 1, 7)
"""Red arrows ahead, ahead-right and ahead-left (eighths of a turn clockwise from the blue one)."""


@dataclass(frozen=True)
class Options:
    """What the players fix before the game (and the kit prints).

    ``far_row_to_win`` is K (2..4): the first patrol with that many scouts on its far row wins.
    ``fewest_scouts`` is K' (2..4): a patrol with fewer scouts than that on the board loses (is
    eliminated with three or four patrols). ``bonus_foulards`` (2..4) is the budget of the bonus
    turn after a capture. ``arrows`` is the set of red arrows printed on every scout, each in
    eighths of a turn clockwise from the blue arrow. ``culs_de_pat`` plays with a starred scout.
    """

    players: int = 2
    far_row_to_win: int = 3
    fewest_scouts: int = 2
    bonus_foulards: int = 4
    arrows: tuple[int, ...] = DEFAULT_ARROWS
    culs_de_pat: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "arrows", tuple(sorted(set(self.arrows))))
        if self.players not in _SEATS:
            raise LayoutError(
                _("The game is for 2, 3 or 4 patrols, not {count}.").format(count=self.players)
            )
        for message, value in (
            (_("The far-row count K is 2, 3 or 4, not {value}."), self.far_row_to_win),
            (_("The fewest-scouts count K' is 2, 3 or 4, not {value}."), self.fewest_scouts),
            (_("The bonus-turn budget is 2, 3 or 4, not {value}."), self.bonus_foulards),
        ):
            if not 2 <= value <= 4:
                raise LayoutError(message.format(value=value))
        if not self.arrows or any(not 0 <= a < 8 for a in self.arrows):
            raise LayoutError(_("The red arrows are one to eight of the offsets 0..7 (eighths)."))

    @property
    def size(self) -> int:
        """The board's side: 8 for two patrols, 10 for three or four."""
        return 8 if self.players == 2 else 10

    @property
    def patrol_size(self) -> int:
        """Scouts per patrol: 8 for two patrols, 6 for three or four."""
        return 8 if self.players == 2 else 6

    @property
    def patrols(self) -> tuple[Patrol, ...]:
        """The patrols in play, in the order they play."""
        return _SEATS[self.players]

    @property
    def text(self) -> str:
        """What the players fixed, as :meth:`from_text` reads it (the patrols aside).

        >>> Options().text
        'arrows=017 win=3 fewest=2 bonus=4 culs-de-pat=off'
        """
        return (
            f"arrows={''.join(map(str, self.arrows))} win={self.far_row_to_win}"
            f" fewest={self.fewest_scouts} bonus={self.bonus_foulards}"
            f" culs-de-pat={'on' if self.culs_de_pat else 'off'}"
        )

    @classmethod
    def from_text(cls, text: str, players: int = 2) -> Options:
        """The options ``text`` names, words ``name=value`` apart by spaces or commas, each
        left out at its default; :class:`NotationError` in one sentence for anything else.

        >>> Options.from_text("win=4, culs-de-pat=on").text
        'arrows=017 win=4 fewest=2 bonus=4 culs-de-pat=on'
        """
        words = dict(_option_word(word) for word in text.replace(",", " ").split())
        unknown = set(words) - {"arrows", "win", "fewest", "bonus", "culs-de-pat"}
        if unknown:
            raise NotationError(
                _(
                    "The grand jeu has no option '{name}': its options are arrows, win, fewest,"
                    " bonus and culs-de-pat."
                ).format(name=sorted(unknown)[0])
            )
        default = cls(players)
        arrows = parse_arrows(words.get("arrows", "".join(map(str, default.arrows))))
        star = words.get("culs-de-pat", "off")
        if star not in ("on", "off"):
            raise NotationError(_("culs-de-pat is on or off, not {value}.").format(value=star))
        counts = {}
        for name, value in (
            ("win", default.far_row_to_win),
            ("fewest", default.fewest_scouts),
            ("bonus", default.bonus_foulards),
        ):
            given = words.get(name, str(value))
            if not given.isdigit():
                raise NotationError(
                    _("The option {name} is 2, 3 or 4, not {value}.").format(name=name, value=given)
                )
            counts[name] = int(given)
        return cls(
            players,
            far_row_to_win=counts["win"],
            fewest_scouts=counts["fewest"],
            bonus_foulards=counts["bonus"],
            arrows=arrows,
            culs_de_pat=star == "on",
        )


def parse_arrows(text: str) -> tuple[int, ...]:
    """The red arrows ``017`` (or ``0,1,7``) names, in eighths of a turn clockwise from the
    blue arrow; :class:`NotationError` in one sentence for anything else.

    >>> parse_arrows("7,1,0")
    (0, 1, 7)
    """
    digits = text.replace(",", "").strip()
    if not digits or any(d not in "01234567" for d in digits) or len(set(digits)) != len(digits):
        raise NotationError(
            _("The red arrows are different digits 0 to 7 like 017, not '{text}'.").format(
                text=text
            )
        )
    return tuple(sorted(int(d) for d in digits))


def _option_word(word: str) -> tuple[str, str]:
    name, equals, value = word.partition("=")
    if not equals or not value:
        raise NotationError(
            _("Write each option as name=value, like win=3, not '{word}'.").format(word=word)
        )
    return name.lower(), value.lower()


@dataclass(frozen=True)
class Scout:
    """A scout on the board: its cell, patrol, blue-arrow direction and, with the "culs de pat'"
    variant, whether it carries the star."""

    cell: int
    patrol: Patrol
    direction: Direction
    starred: bool = False

    def arrow_targets(self, arrows: tuple[int, ...]) -> tuple[int, ...]:
        """The cells its red arrows point at (some may be off the board)."""
        return tuple(self.cell + self.direction.turned(a).step for a in arrows)


@dataclass(frozen=True)
class State:
    """A position: scouts on the board, prisoners per patrol, who moves, who is already out.

    ``prisoners`` holds one count per patrol of ``options.patrols``, in that order;
    ``starred_prisoners`` the patrols whose starred scout is among them. ``to_move`` is ``None``
    when unknown (a photo does not show it). ``out`` holds the patrols that have lost (with three
    or four patrols, the eliminated ones, whose scouts have left the board).
    """

    options: Options
    scouts: tuple[Scout, ...]
    prisoners: tuple[int, ...] = ()
    starred_prisoners: frozenset[Patrol] = frozenset()
    to_move: Patrol | None = Patrol.SOUTH
    out: frozenset[Patrol] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        size, patrols = self.options.size, self.options.patrols
        object.__setattr__(self, "scouts", tuple(sorted(self.scouts, key=lambda s: s.cell)))
        if not self.prisoners:
            object.__setattr__(self, "prisoners", (0,) * len(patrols))
        object.__setattr__(self, "prisoners", tuple(self.prisoners))
        object.__setattr__(self, "starred_prisoners", frozenset(self.starred_prisoners))
        object.__setattr__(self, "out", frozenset(self.out))
        if len(self.prisoners) != len(patrols) or min(self.prisoners) < 0:
            raise NotationError(
                _("A position gives a prisoner count for each of {count}.").format(
                    count=len(patrols)
                )
            )
        cells = [s.cell for s in self.scouts]
        for s in self.scouts:
            if not on_board(s.cell, size):
                raise NotationError(
                    _("A scout is off the {size} x {size} board.").format(size=size)
                )
            if s.patrol not in patrols:
                raise NotationError(_no_such_patrol(s.patrol, len(patrols)))
        if len(set(cells)) != len(cells):
            twice = next(c for c in cells if cells.count(c) > 1)
            raise NotationError(_("Cell {cell} holds two scouts.").format(cell=cell_name(twice)))
        for who in (*self.starred_prisoners, *self.out, self.to_move):
            if who is not None and who not in patrols:
                raise NotationError(_no_such_patrol(who, len(patrols)))

    @classmethod
    def start(cls, options: Options | None = None, *, first: Patrol = Patrol.SOUTH) -> State:
        """Every patrol on the middle of its second row, facing forward; with the "culs de pat'"
        variant, the fourth scout from the left (seen from its edge) carries the star."""
        options = options or Options()
        size, count = options.size, options.patrol_size
        scouts = []
        for patrol in options.patrols:
            row = patrol.line(1, size)
            margin = (size - count) // 2
            chosen = row[margin : margin + count]
            if patrol in (Patrol.NORTH, Patrol.WEST):
                chosen = chosen[::-1]  # left to right as seen from that edge
            for index, c in enumerate(chosen):
                star = options.culs_de_pat and index == 3
                scouts.append(Scout(c, patrol, patrol.forward, star))
        return cls(options, tuple(scouts), to_move=first)

    # -- looking at the board -------------------------------------------------------------------

    @property
    def size(self) -> int:
        return self.options.size

    @cached_property
    def _by_cell(self) -> dict[int, Scout]:
        return {s.cell: s for s in self.scouts}

    def scout_at(self, c: int) -> Scout | None:
        return self._by_cell.get(c)

    def scouts_of(self, patrol: Patrol) -> tuple[Scout, ...]:
        return tuple(s for s in self.scouts if s.patrol is patrol)

    def is_frozen(self, scout: Scout) -> bool:
        """Whether ``scout`` stands on its patrol's far row (it can no longer move or turn)."""
        return scout.patrol.depth(scout.cell, self.size) == self.size - 1

    def enemies_next_to(self, c: int, patrol: Patrol) -> tuple[Scout, ...]:
        """The scouts of other patrols on the cells around ``c``."""
        return tuple(
            s
            for n in neighbours(c, self.size)
            if (s := self._by_cell.get(n)) is not None and s.patrol is not patrol
        )

    def prisoners_of(self, patrol: Patrol) -> int:
        return self.prisoners[self.options.patrols.index(patrol)]

    def far_row_count(self, patrol: Patrol) -> int:
        return sum(self.is_frozen(s) for s in self.scouts_of(patrol))

    @property
    def in_play(self) -> tuple[Patrol, ...]:
        """The patrols not out, in the order of play."""
        return tuple(p for p in self.options.patrols if p not in self.out)

    def next_patrol(self, patrol: Patrol) -> Patrol:
        """The patrol that plays after ``patrol`` among those not out."""
        order = self.options.patrols
        for step in range(1, len(order) + 1):
            candidate = order[(order.index(patrol) + step) % len(order)]
            if candidate not in self.out:
                return candidate
        return patrol

    def same_position(self, other: State) -> bool:
        """Whether both show the same scouts and prisoners (what a photo shows)."""
        return (
            self.options == other.options
            and self.scouts == other.scouts
            and self.prisoners == other.prisoners
            and self.starred_prisoners == other.starred_prisoners
        )

    def with_mover(self, to_move: Patrol | None) -> State:
        return replace(self, to_move=to_move)

    # -- text and JSON (written by :mod:`~patrolkit.games.grand_jeu.notation`) ------------------

    @property
    def text(self) -> str:
        from patrolkit.games.grand_jeu.notation import format_position

        return format_position(self)

    @classmethod
    def from_text(cls, text: str) -> State:
        from patrolkit.games.grand_jeu.notation import parse_position

        return parse_position(text)

    def to_json(self) -> dict[str, object]:
        from patrolkit.games.grand_jeu.notation import position_to_json

        return position_to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, object]) -> State:
        from patrolkit.games.grand_jeu.notation import position_from_json

        return position_from_json(data)


def _no_such_patrol(patrol: Patrol, count: int) -> str:
    return _("There is no {patrol} patrol with {count}.").format(patrol=patrol.title, count=count)


def check_position(state: State) -> None:
    """Raise :class:`LayoutError` naming the first rule of play the position breaks (a scout on
    its own first row, too many scouts for a patrol, a star where the variant is off or two
    stars in one patrol)."""
    options = state.options
    for s in state.scouts:
        if s.patrol.depth(s.cell, state.size) == 0:
            raise LayoutError(
                _(
                    "The {patrol} scout on {cell} stands on its own first row, where a patrol"
                    " never goes."
                ).format(patrol=s.patrol.title, cell=cell_name(s.cell))
            )
        if s.starred and not options.culs_de_pat:
            raise LayoutError(
                _(
                    'The scout on {cell} carries a star, but the "culs de pat\'" variant is off.'
                ).format(cell=cell_name(s.cell))
            )
    for patrol in options.patrols:
        total = len(state.scouts_of(patrol)) + state.prisoners_of(patrol)
        if total > options.patrol_size:
            raise LayoutError(
                _(
                    "{patrol} has {count} scouts on the board and in prison, more than {most}."
                ).format(patrol=patrol.title, count=total, most=options.patrol_size)
            )
        stars = sum(s.starred for s in state.scouts_of(patrol))
        stars += patrol in state.starred_prisoners
        if stars > 1:
            raise LayoutError(
                _("{patrol} has {count} starred scouts; a patrol has one.").format(
                    patrol=patrol.title, count=stars
                )
            )
        if patrol in state.starred_prisoners and state.prisoners_of(patrol) == 0:
            raise LayoutError(
                _("{patrol}'s starred scout is in prison, but it is empty.").format(
                    patrol=patrol.title
                )
            )
