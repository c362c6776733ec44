"""Le grand jeu des patrouilles: the four acts, what each costs, and the acts a turn may go on with.

Import these names from :mod:`patrolkit.games.grand_jeu`, which re-exports them.

* :class:`Move`: the scout on a cell steps one cell along its blue arrow onto a free cell, never
  onto its own first row. 1 foulard, 2 when an enemy scout stands next to its starting cell.
* :class:`Reorient`: the scout turns to any other direction where it stands. 1 foulard, 2 with one
  enemy next to it, 3 with two or more.
* :class:`Capture`: an enemy scout leaves the board for its patrol's prison. Free, but two of the
  mover's scouts next to it must each point a red arrow at it, a move must already have been made
  in this turn, and a frozen scout cannot be captured.
* :class:`Free`: one of the mover's prisoners comes back on a free cell of its own second row with
  no enemy next to it, facing any direction. 3 foulards.

Frozen scouts (on their far row) neither move nor turn. A :class:`Part` is a turn (or a bonus
turn) being played: its budget, what it has spent, and whether it has moved yet;
:func:`legal_acts` lists what may come next.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from patrolkit.errors import IllegalTurn
from patrolkit.games.grand_jeu.board import DIRECTIONS, Direction, cell_name, neighbours, on_board
from patrolkit.games.grand_jeu.model import Patrol, Scout, State
from patrolkit.i18n import _, ngettext

BUDGET = 4
"""Foulards for a normal turn."""
FREE_COST = 3


@dataclass(frozen=True)
class Move:
    """The scout on ``cell`` steps one cell along its blue arrow, to ``to``."""

    cell: int
    to: int


@dataclass(frozen=True)
class Reorient:
    """The scout on ``cell`` turns to face ``direction``."""

    cell: int
    direction: Direction


@dataclass(frozen=True)
class Capture:
    """The enemy scout on ``cell`` is captured."""

    cell: int


@dataclass(frozen=True)
class Free:
    """A prisoner (the starred one if ``starred``) comes back on ``cell`` facing ``direction``."""

    cell: int
    direction: Direction
    starred: bool = False


Act = Move | Reorient | Capture | Free


def _own_scout(state: State, mover: Patrol, c: int, moving: bool) -> Scout:
    """The scout of ``mover`` on ``c`` that is to move (or, not ``moving``, to turn)."""
    scout = state.scout_at(c)
    where = cell_name(c)
    if scout is None:
        message = (
            _("There is no scout on {cell} to move.")
            if moving
            else _("There is no scout on {cell} to turn.")
        )
        raise IllegalTurn(message.format(cell=where))
    if scout.patrol is not mover:
        raise IllegalTurn(
            _("The scout on {cell} is {owner}'s, and {mover} plays.").format(
                cell=where, owner=scout.patrol.title, mover=mover.title
            )
        )
    if state.is_frozen(scout):
        message = (
            _("The scout on {cell} is frozen on its far row: it can no longer move.")
            if moving
            else _("The scout on {cell} is frozen on its far row: it can no longer turn.")
        )
        raise IllegalTurn(message.format(cell=where))
    return scout


def enemies_near(cells: list[int]) -> str:
    """``next to the enemy on e5`` (or the enemies on several cells), or nothing, in the
    language in force."""
    near = [cell_name(c) for c in sorted(cells)]
    if len(near) > 1:
        return _("next to the enemies on {cells} and {last}").format(
            cells=", ".join(near[:-1]), last=near[-1]
        )
    return _("next to the enemy on {cell}").format(cell=near[0]) if near else ""


def cost(state: State, mover: Patrol, act: Act) -> int:
    """The foulards ``act`` costs ``mover`` in ``state``; raises :class:`IllegalTurn` saying why
    the act is impossible there (whatever the budget and the order of acts)."""
    size = state.size
    if isinstance(act, Move):
        scout = _own_scout(state, mover, act.cell, True)
        target = act.cell + scout.direction.step
        start = cell_name(act.cell)
        if not on_board(target, size):
            raise IllegalTurn(
                _("The scout on {cell} faces the edge of the board.").format(cell=start)
            )
        if act.to != target:
            raise IllegalTurn(
                _(
                    "The scout on {cell} faces {direction}, so it moves to {target}, not"
                    " {wanted}: it turns first, in its own act."
                ).format(
                    cell=start,
                    direction=scout.direction.value,
                    target=cell_name(target),
                    wanted=cell_name(act.to),
                )
            )
        if state.scout_at(target) is not None:
            raise IllegalTurn(
                _("The scout on {cell} cannot move to {target}: a cell holds one scout.").format(
                    cell=start, target=cell_name(target)
                )
            )
        if mover.depth(target, size) == 0:
            raise IllegalTurn(
                _("The scout on {cell} cannot move to {target}, on its own first row.").format(
                    cell=start, target=cell_name(target)
                )
            )
        return 2 if state.enemies_next_to(act.cell, mover) else 1
    if isinstance(act, Reorient):
        scout = _own_scout(state, mover, act.cell, False)
        if scout.direction is act.direction:
            raise IllegalTurn(
                _("The scout on {cell} already faces {direction}.").format(
                    cell=cell_name(act.cell), direction=act.direction.value
                )
            )
        return 1 + min(2, len(state.enemies_next_to(act.cell, mover)))
    if isinstance(act, Capture):
        victim = state.scout_at(act.cell)
        if victim is None or victim.patrol is mover:
            raise IllegalTurn(
                _("There is no enemy scout on {cell} to capture.").format(cell=cell_name(act.cell))
            )
        if state.is_frozen(victim):
            raise IllegalTurn(
                _("The scout on {cell} is frozen on its far row and cannot be captured.").format(
                    cell=cell_name(act.cell)
                )
            )
        found = capturers(state, mover, act.cell)
        if len(found) < 2:
            message = (
                _(
                    "Capturing the scout on {cell} needs two of {mover}'s scouts next to it"
                    " pointing a red arrow at it, and none does."
                )
                if not found
                else _(
                    "Capturing the scout on {cell} needs two of {mover}'s scouts next to it"
                    " pointing a red arrow at it, and only the one on {pointer} does."
                )
            )
            raise IllegalTurn(
                message.format(
                    cell=cell_name(act.cell),
                    mover=mover.title,
                    pointer=cell_name(found[0].cell) if found else "",
                )
            )
        return 0
    if mover.depth(act.cell, size) != 1 or not on_board(act.cell, size):
        raise IllegalTurn(
            _("A freed scout comes back on its own second row, and {cell} is not.").format(
                cell=cell_name(act.cell)
            )
        )
    if state.scout_at(act.cell) is not None:
        raise IllegalTurn(
            _("A freed scout needs a free cell, and {cell} is taken.").format(
                cell=cell_name(act.cell)
            )
        )
    if state.enemies_next_to(act.cell, mover):
        raise IllegalTurn(
            _("A freed scout cannot come back on {cell}, next to an enemy scout.").format(
                cell=cell_name(act.cell)
            )
        )
    held = state.prisoners_of(mover)
    star = mover in state.starred_prisoners
    if act.starred and not star:
        raise IllegalTurn(_("{mover}'s starred scout is not in prison.").format(mover=mover.title))
    if held - (0 if act.starred else int(star)) <= 0:
        message = (
            _("{mover} has no other prisoner than its starred scout to free.")
            if held
            else _("{mover} has no prisoner to free.")
        )
        raise IllegalTurn(message.format(mover=mover.title))
    return FREE_COST


def capturers(state: State, mover: Patrol, victim: int) -> tuple[Scout, ...]:
    """``mover``'s scouts next to ``victim`` with a red arrow pointing at it."""
    arrows = state.options.arrows
    return tuple(
        s
        for n in neighbours(victim, state.size)
        if (s := state.scout_at(n)) is not None
        and s.patrol is mover
        and victim in s.arrow_targets(arrows)
    )


def do(state: State, mover: Patrol, act: Act) -> State:
    """The position after ``act`` (assumed possible: :func:`cost` checks it)."""
    scouts = {s.cell: s for s in state.scouts}
    prisoners = list(state.prisoners)
    stars = set(state.starred_prisoners)
    if isinstance(act, Move):
        scouts[act.to] = replace(scouts.pop(act.cell), cell=act.to)
    elif isinstance(act, Reorient):
        scouts[act.cell] = replace(scouts[act.cell], direction=act.direction)
    elif isinstance(act, Capture):
        victim = scouts.pop(act.cell)
        prisoners[state.options.patrols.index(victim.patrol)] += 1
        if victim.starred:
            stars.add(victim.patrol)
    else:
        scouts[act.cell] = Scout(act.cell, mover, act.direction, act.starred)
        prisoners[state.options.patrols.index(mover)] -= 1
        if act.starred:
            stars.discard(mover)
    return replace(
        state,
        scouts=tuple(scouts.values()),
        prisoners=tuple(prisoners),
        starred_prisoners=frozenset(stars),
    )


@dataclass(frozen=True)
class Part:
    """A turn, or a bonus turn, being played by ``mover`` from ``position``.

    ``budget`` is 4 (a normal turn) or the bonus-turn budget. A move must come as the first or
    the second act; a capture needs a move earlier in the same part; a part may end once it has
    moved, with foulards left if the player likes.
    """

    position: State
    mover: Patrol
    budget: int = BUDGET
    spent: int = 0
    acts: tuple[Act, ...] = ()
    moved: bool = False
    captures: int = 0

    @classmethod
    def start(cls, state: State, *, bonus: bool = False) -> Part:
        if state.to_move is None:
            raise IllegalTurn(_("The position does not say which patrol is to move."))
        budget = state.options.bonus_foulards if bonus else BUDGET
        return cls(state, state.to_move, budget)

    @property
    def left(self) -> int:
        return self.budget - self.spent

    @property
    def can_end(self) -> bool:
        """Whether the part may stop here: it has made its move."""
        return self.moved

    def play(self, act: Act) -> Part:
        """This part with ``act`` played; raises :class:`IllegalTurn` naming the rule it breaks."""
        if isinstance(act, Capture) and not self.moved:
            raise IllegalTurn(
                _("Capturing on {cell} needs a move earlier in the same turn.").format(
                    cell=cell_name(act.cell)
                )
            )
        if not self.moved and len(self.acts) >= 1 and not isinstance(act, Move):
            raise IllegalTurn(
                _("A turn must move a scout in its first or second act, or its patrol loses.")
            )
        price = cost(self.position, self.mover, act)
        if price > self.left:
            raise IllegalTurn(_too_dear(self.position, self.mover, act, price, self.left))
        return replace(
            self,
            position=do(self.position, self.mover, act),
            spent=self.spent + price,
            acts=(*self.acts, act),
            moved=self.moved or isinstance(act, Move),
            captures=self.captures + isinstance(act, Capture),
        )

    def legal_acts(self) -> list[Act]:
        """Every act that may come next in this part."""
        state, mover = self.position, self.mover
        if not self.moved and len(self.acts) >= 1:
            kinds: tuple[type, ...] = (Move,)
        elif not self.moved:
            kinds = (Move, Reorient, Free)
        else:
            kinds = (Move, Reorient, Free, Capture)
        found: list[Act] = []
        for candidate in _candidates(state, mover, kinds):
            try:
                price = cost(state, mover, candidate)
            except IllegalTurn:
                continue
            if price <= self.left:
                found.append(candidate)
        return found


def foulards(count: int) -> str:
    """``1 foulard``, ``3 foulards``, in the language in force."""
    return ngettext("{count} foulard", "{count} foulards", count).format(count=count)


def _too_dear(state: State, mover: Patrol, act: Act, price: int, left: int) -> str:
    """Why ``act`` costs more than the ``left`` foulards, in one sentence."""
    values = {"price": foulards(price), "left": foulards(left)}
    if isinstance(act, Free):
        if not left:
            return _("Freeing a scout costs {price}, and none is left.").format(**values)
        return ngettext(
            "Freeing a scout costs {price}, and only {left} is left.",
            "Freeing a scout costs {price}, and only {left} are left.",
            left,
        ).format(**values)
    scout = state.scout_at(act.cell)
    near = (
        enemies_near([e.cell for e in state.enemies_next_to(scout.cell, scout.patrol)])
        if scout
        else ""
    )
    values.update(cell=cell_name(act.cell), near=near)
    moving = isinstance(act, Move)
    if not left:
        if moving:
            message = (
                _("Moving the scout on {cell} {near} costs {price}, and none is left.")
                if near
                else _("Moving the scout on {cell} costs {price}, and none is left.")
            )
        else:
            message = (
                _("Turning the scout on {cell} {near} costs {price}, and none is left.")
                if near
                else _("Turning the scout on {cell} costs {price}, and none is left.")
            )
        return message.format(**values)
    if moving and near:
        message = ngettext(
            "Moving the scout on {cell} {near} costs {price}, and only {left} is left.",
            "Moving the scout on {cell} {near} costs {price}, and only {left} are left.",
            left,
        )
    elif moving:
        message = ngettext(
            "Moving the scout on {cell} costs {price}, and only {left} is left.",
            "Moving the scout on {cell} costs {price}, and only {left} are left.",
            left,
        )
    elif near:
        message = ngettext(
            "Turning the scout on {cell} {near} costs {price}, and only {left} is left.",
            "Turning the scout on {cell} {near} costs {price}, and only {left} are left.",
            left,
        )
    else:
        message = ngettext(
            "Turning the scout on {cell} costs {price}, and only {left} is left.",
            "Turning the scout on {cell} costs {price}, and only {left} are left.",
            left,
        )
    return message.format(**values)


def _candidates(state: State, mover: Patrol, kinds: tuple[type, ...]) -> list[Act]:
    found: list[Act] = []
    mine = [s for s in state.scouts_of(mover) if not state.is_frozen(s)]
    if Move in kinds:
        found.extend(Move(s.cell, s.cell + s.direction.step) for s in mine)
    if Reorient in kinds:
        found.extend(Reorient(s.cell, d) for s in mine for d in DIRECTIONS if d is not s.direction)
    if Capture in kinds:
        found.extend(Capture(s.cell) for s in state.scouts if s.patrol is not mover)
    if Free in kinds and state.prisoners_of(mover):
        stars = (False, True) if mover in state.starred_prisoners else (False,)
        found.extend(
            Free(c, d, star)
            for c in mover.line(1, state.size)
            for d in DIRECTIONS
            for star in stars
        )
    return found


def legal_acts(
    state: State, turn_so_far: tuple[Act, ...] = (), *, bonus: bool = False
) -> list[Act]:
    """The acts the patrol to move may play next, after ``turn_so_far`` (acts of this turn, or of
    this bonus turn if ``bonus``), from ``state`` as it was when the turn (or bonus turn) began.

    Raises :class:`IllegalTurn` if ``turn_so_far`` itself breaks a rule.
    """
    part = Part.start(state, bonus=bonus)
    for act in turn_so_far:
        part = part.play(act)
    return part.legal_acts()
