"""Seeded Stratego positions a printed kit can lay out, each piece carrying the id of a printed
piece of its rank (through the kit's secrets), for the virtual camera.

:func:`setup_position` is a random setup of both armies; :func:`mid_game` plays random moves
from one, every rule applied (:class:`~patrolkit.games.stratego.Game`), and :func:`with_kit_ids`
gives a position written by hand (ranks, no ids) the ids of the kit's pieces.
"""

from __future__ import annotations

import random
from dataclasses import replace

from patrolkit.errors import KitError
from patrolkit.games.stratego import Army, Game, Rank, State, random_start
from patrolkit.games.stratego.secret import Secret
from patrolkit.games.stratego.words import a_piece_of, a_rank, rank_name
from patrolkit.i18n import _

MOVES_RANGE = (10, 120)
"""How many moves a mid-game position is from its setup."""


def with_kit_ids(state: State, secrets: tuple[Secret, Secret]) -> State:
    """``state`` with every piece given the id of a printed piece of its army and rank (ids
    already given are kept and checked); :class:`KitError` when the kit has too few pieces of a
    rank or a piece has neither a rank nor an id."""
    free: dict[tuple[Army, Rank], list[str]] = {}
    given = {p.id for p in state.cells if p is not None and p.id}
    known: dict[str, tuple[Army, Rank]] = {}
    for secret in secrets:
        for identity, rank in secret.pieces:
            known[identity] = (secret.army, rank)
            if identity not in given:
                free.setdefault((secret.army, rank), []).append(identity)
    cells = list(state.cells)
    for sq, piece in enumerate(cells):
        if piece is None:
            continue
        if piece.id:
            if piece.id not in known or known[piece.id][0] is not piece.army:
                raise KitError(
                    _("The id {id} is not {piece} of this kit.").format(
                        id=piece.id, piece=a_piece_of(piece.army)
                    )
                )
            rank = known[piece.id][1]
            if piece.rank is not None and piece.rank is not rank:
                raise KitError(
                    _("The piece {id} of this kit is not {rank}.").format(
                        id=piece.id, rank=a_rank(piece.rank)
                    )
                )
            cells[sq] = replace(piece, rank=rank)
            continue
        if piece.rank is None:
            raise KitError(_("A piece of that position has neither a rank nor an id."))
        stock = free.get((piece.army, piece.rank), [])
        if not stock:
            raise KitError(
                (
                    _("The position has more red {rank} pieces than the kit prints.")
                    if piece.army is Army.RED
                    else _("The position has more blue {rank} pieces than the kit prints.")
                ).format(rank=rank_name(piece.rank))
            )
        cells[sq] = replace(piece, id=stock.pop(0))
    return replace(state, cells=tuple(cells))


def setup_position(secrets: tuple[Secret, Secret], seed: int) -> State:
    """A random setup of both armies (red to move), each piece with its kit id."""
    return with_kit_ids(random_start(seed, secrets[0].variant), secrets)


def mid_game(secrets: tuple[Secret, Secret], seed: int, *, moves: int | None = None) -> State:
    """A seeded mid-game position: ``moves`` random moves (drawn from :data:`MOVES_RANGE` when
    not given) from a random setup, fewer if the game ends first."""
    rng = random.Random(f"stratego-mid-game:{seed}")
    target = moves if moves is not None else rng.randint(*MOVES_RANGE)
    game = Game.new(setup_position(secrets, seed))
    for _move in range(target):
        legal = game.legal_moves()
        if not legal:
            break
        attacks = [m for m in legal if m.attack]
        pool = attacks if attacks and rng.random() < 0.3 else legal
        game = game.play(rng.choice(pool))
    return game.state
