"""Ratings on every core: one board's rating for ``kit --rated``, and balanced random boards for
``boards --balanced``.

A rating's games are independent (:func:`~patrolkit.games.rodeurs.fairness.play_game` plays game
``i`` from the rating's seed alone), so they are shared among a pool of worker processes a few
games at a time and added up in order: the rating is exactly the one
:func:`~patrolkit.games.rodeurs.fairness.rate` gives, however many processes played it.

:func:`draw_balanced` rates the random boards of seeds ``start``, ``start + 1``, … in turn and
keeps the first ``count`` whose first player's score interval lies inside 40–60 %. A board is
given up early, never accepted early: as soon as its score can no longer end inside the range,
or its interval so far lies wholly outside it. A kept board has played all its games, so its
rating is the one ``patrolkit rate rodeurs --seed S`` gives with the same games, level and play
seed. Which boards are kept depends on the seeds alone, never on which process finished first.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from patrolkit.errors import KitError
from patrolkit.games.rodeurs import Layout
from patrolkit.games.rodeurs.engine import check_level
from patrolkit.games.rodeurs.fairness import GameRecord, Rating, play_game, summarise, wilson
from patrolkit.games.rodeurs.model import Player
from patrolkit.i18n import _

LOW: Final = 0.4
HIGH: Final = 0.6
"""A balanced board: the first player's score interval lies inside ``LOW``..``HIGH``."""
CHUNK_GAMES: Final = 5
"""Games a worker plays per task: short tasks keep the cores busy and waste little when a board
is given up."""

Progress = Callable[["Tally"], None]
_T = TypeVar("_T")


@dataclass(frozen=True)
class Tally:
    """How a rating run stands: boards drawn so far, boards kept, games played, and whether the
    run is over."""

    drawn: int
    kept: int
    games: int
    over: bool = False


@dataclass(frozen=True)
class Rejected:
    """A board of a balanced draw that was not kept: its seed and the first player's record over
    the games it played before it was given up (all of them, when its interval simply missed)."""

    seed: int
    rating: Rating

    def to_json(self) -> dict[str, object]:
        score = self.rating.score_interval
        return {
            "seed": self.seed,
            "games": self.rating.games,
            "score": round(self.rating.score, 4),
            "low": round(score.low, 4),
            "high": round(score.high, 4),
        }


@dataclass(frozen=True)
class Balanced:
    """The boards a balanced draw kept, in seed order, each with its rating; ``drawn`` boards
    were rated to find them (the kept ones included), those not kept are in ``rejected``."""

    boards: tuple[tuple[Layout, Rating], ...]
    drawn: int
    rejected: tuple[Rejected, ...]
    games: int
    level: int
    seed: int
    seconds: float = field(default=0.0, compare=False)


def fewest_games(low: float = LOW, high: float = HIGH) -> int:
    """The fewest games after which a score interval can lie inside ``low``..``high``.

    >>> fewest_games()
    93
    """
    games = 1
    while score_range(games, low, high) is None:
        games += 1
        if games > 100_000:
            raise ValueError(f"no interval fits inside {low}..{high}")
    return games


def score_range(games: int, low: float = LOW, high: float = HIGH) -> tuple[float, float] | None:
    """The least and the most score (wins plus half the draws) over ``games`` games whose
    interval lies inside ``low``..``high``; ``None`` if no score's does.

    >>> score_range(200)
    (94.0, 106.0)
    >>> score_range(50) is None
    True
    """
    inside = [k / 2 for k in range(2 * games + 1) if wilson(k / 2, games).inside(low, high)]
    return (inside[0], inside[-1]) if inside else None


def given_up_after(records: list[GameRecord], games: int, low: float, high: float) -> int | None:
    """After how many of ``records`` (games played in order, out of ``games``) a board is given
    up: its score can no longer end inside the range, or its interval lies wholly outside it;
    ``None`` if it never is."""
    span = score_range(games, low, high)
    if span is None:
        return 0
    least, most = span
    score = 0.0
    for played, record in enumerate(records, start=1):
        score += 1.0 if record.winner is Player.WHITE else 0.5 if record.winner is None else 0.0
        if score > most or score + (games - played) < least:
            return played
        interval = wilson(score, played)
        if interval.high < low or interval.low > high:
            return played
    return None


# -- games shared among processes ------------------------------------------------------------------


@dataclass(frozen=True)
class _Chunk:
    """A worker's task: games ``first`` to ``first + count - 1`` of a rating of ``layout``."""

    layout: Layout
    first: int
    count: int
    levels: tuple[int, int]
    seed: int


def _play_chunk(chunk: _Chunk) -> tuple[list[GameRecord], float]:
    """The chunk's games, in order, and the seconds they took."""
    started = time.perf_counter()
    records = [
        play_game(chunk.layout, index, levels=chunk.levels, seed=chunk.seed)
        for index in range(chunk.first, chunk.first + chunk.count)
    ]
    return records, time.perf_counter() - started


class _Here(Executor):
    """Runs each task as it is submitted, in this process: the one-core way."""

    def submit(self, fn: Callable[..., _T], /, *args: Any, **kwargs: Any) -> Future[_T]:
        future: Future[_T] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


@dataclass
class _Board:
    """A board being rated (mutable bookkeeping of the scheduler, never returned)."""

    seed: int
    layout: Layout
    games: int
    submitted: int = 0
    chunks: dict[int, list[GameRecord]] = field(default_factory=dict)
    seconds: float = 0.0
    played: list[GameRecord] = field(default_factory=list)
    stopped: bool = False
    """Given up (balanced draws) or all its games played."""

    def next_chunk_ready(self) -> bool:
        return not self.stopped and self.submitted < self.games

    def next_chunk(self) -> tuple[int, int] | None:
        if not self.next_chunk_ready():
            return None
        first = self.submitted
        self.submitted = min(self.games, first + CHUNK_GAMES)
        return first, self.submitted - first

    def add(self, first: int, records: list[GameRecord], seconds: float) -> None:
        self.chunks[first] = records
        self.seconds += seconds
        while len(self.played) in self.chunks:
            self.played.extend(self.chunks.pop(len(self.played)))


def _schedule(
    boards: Iterator[_Board],
    settle: Callable[[_Board], None],
    finished: Callable[[list[_Board]], bool],
    *,
    levels: tuple[int, int],
    seed: int,
    workers: int,
    tick: Callable[[list[_Board]], None],
) -> list[_Board]:
    """Rate boards from ``boards`` a chunk of games at a time on ``workers`` processes, the
    earliest unfinished board's games first; ``settle`` looks at a board after each of its
    chunks (and may stop it); stops once ``finished(opened)`` or ``boards`` run out."""
    opened: list[_Board] = []
    spawn = multiprocessing.get_context("spawn")
    executor: Executor = _Here() if workers <= 1 else ProcessPoolExecutor(workers, mp_context=spawn)
    window = 1 if workers <= 1 else 2 * workers
    running: dict[Future[tuple[list[GameRecord], float]], tuple[_Board, int]] = {}
    exhausted = False
    with executor:
        while not finished(opened):
            while len(running) < window:
                board = next((b for b in opened if b.next_chunk_ready()), None)
                if board is None and not exhausted:
                    board = next(boards, None)
                    if board is None:
                        exhausted = True
                    else:
                        opened.append(board)
                if board is None:
                    break
                chunk = board.next_chunk()
                if chunk is None:
                    break
                first, count = chunk
                task = _Chunk(board.layout, first, count, levels, seed)
                running[executor.submit(_play_chunk, task)] = (board, first)
            if not running:
                break
            done, _pending = wait(running, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=lambda f: (running[f][0].seed, running[f][1])):
                board, first = running.pop(future)
                records, seconds = future.result()
                if not board.stopped:
                    board.add(first, records, seconds)
                    settle(board)
            tick(opened)
        for future in running:
            future.cancel()
    return opened


def _on_cores(run: Callable[[int], list[_Board]], workers: int | None) -> list[_Board]:
    """``run(workers)``, again on this process alone if the pool could not start (a program
    without a ``__main__`` guard cannot start workers)."""
    workers = cores() if workers is None else workers
    try:
        return run(workers)
    except BrokenProcessPool:
        return run(1)


# -- one board -------------------------------------------------------------------------------------


def rate_on_cores(
    layout: Layout,
    *,
    games: int,
    levels: tuple[int, int],
    seed: int = 0,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> Rating:
    """``layout``'s rating over ``games`` games, played on ``workers`` processes (default one
    per core): equal to :func:`~patrolkit.games.rodeurs.fairness.rate` with the same arguments.
    ``progress(games_played)`` is called as games come back. Its ``seconds`` is the wall time."""
    for level in levels:
        check_level(level)
    started = time.perf_counter()

    def run(count: int) -> list[_Board]:
        board = _Board(layout.seed or 0, layout, games)

        def settle(board: _Board) -> None:
            board.stopped = len(board.played) == board.games

        return _schedule(
            iter([board]),
            settle,
            lambda opened: bool(opened) and opened[0].stopped,
            levels=levels,
            seed=seed,
            workers=count,
            tick=lambda opened: progress(len(opened[0].played)) if progress else None,
        )

    (board,) = _on_cores(run, workers)
    return summarise(board.played, levels=levels, seed=seed, seconds=time.perf_counter() - started)


# -- balanced boards -------------------------------------------------------------------------------


def draw_balanced(
    count: int,
    *,
    start: int,
    layout_of: Callable[[int], Layout],
    games: int,
    level: int,
    seed: int = 0,
    max_draws: int,
    workers: int | None = None,
    progress: Progress | None = None,
) -> Balanced:
    """The first ``count`` boards ``layout_of(start)``, ``layout_of(start + 1)``, … whose rating
    (``games`` games, both players at ``level``, play seed ``seed``) shows them balanced.

    Raises :class:`KitError` at once when ``games`` is too few for any interval to fit inside
    40–60 %, and after ``max_draws`` boards when fewer than ``count`` of them were balanced.
    """
    check_level(level)
    if score_range(games) is None:
        raise KitError(
            _(
                "No rating of {games} games can show a board balanced: an interval inside 40–60 %"
                " needs at least {fewest} games (--games)."
            ).format(games=games, fewest=fewest_games())
        )
    if count > max_draws:
        raise KitError(
            _(
                "{count} balanced boards cannot be found in at most {draws} draws; raise"
                " --max-draws."
            ).format(count=count, draws=max_draws)
        )
    started = time.perf_counter()

    def verdicts(opened: list[_Board]) -> tuple[int, int]:
        """Boards decided in a row from the first, and how many of those were kept."""
        drawn = kept = 0
        for board in opened:
            if not board.stopped:
                break
            drawn += 1
            kept += _kept(board)
            if kept == count:
                break
        return drawn, kept

    def settle(board: _Board) -> None:
        over = len(board.played) == games
        board.stopped = over or given_up_after(board.played, games, LOW, HIGH) is not None

    def finished(opened: list[_Board]) -> bool:
        drawn, kept = verdicts(opened)
        return kept == count or drawn >= max_draws

    def tick(opened: list[_Board]) -> None:
        if progress is not None:
            drawn, kept = verdicts(opened)
            progress(Tally(drawn, kept, sum(len(b.played) for b in opened)))

    def run(workers: int) -> list[_Board]:
        boards = (_Board(start + i, layout_of(start + i), games) for i in range(max_draws))
        return _schedule(
            boards, settle, finished, levels=(level, level), seed=seed, workers=workers, tick=tick
        )

    opened = _on_cores(run, workers)
    drawn, kept = verdicts(opened)
    if progress is not None:
        progress(Tally(drawn, kept, sum(len(b.played) for b in opened), over=True))
    decided = opened[:drawn]
    if kept < count:
        raise KitError(
            _(
                "Only {kept} of {drawn} boards drawn (seeds {first}–{last}) rated balanced at"
                " level {level} over {games} games, short of {count}; raise --max-draws or ask"
                " for fewer boards."
            ).format(
                kept=kept,
                drawn=drawn,
                first=start,
                last=start + drawn - 1,
                level=level,
                games=games,
                count=count,
            )
        )
    boards, rejected = [], []
    for board in decided:
        given_up = given_up_after(board.played, games, LOW, HIGH)
        played = board.played if given_up is None else board.played[:given_up]
        rating = summarise(played, levels=(level, level), seed=seed, seconds=board.seconds)
        if _kept(board):
            boards.append((board.layout, rating))
        else:
            rejected.append(Rejected(board.seed, rating))
    return Balanced(
        tuple(boards),
        drawn,
        tuple(rejected),
        games,
        level,
        seed,
        seconds=time.perf_counter() - started,
    )


def _kept(board: _Board) -> bool:
    """Whether a board whose rating is over was kept: all its games played, its interval
    inside the range."""
    if len(board.played) < board.games:
        return False
    if given_up_after(board.played, board.games, LOW, HIGH) is not None:
        return False
    score = sum(
        1.0 if r.winner is Player.WHITE else 0.5 if r.winner is None else 0.0 for r in board.played
    )
    return wilson(score, board.games).inside(LOW, HIGH)


# -- progress on standard error --------------------------------------------------------------------


def progress_line(count: int) -> Progress | None:
    """A one-line progress report on standard error for a balanced draw of ``count`` boards;
    ``None`` (quiet) when standard error is not a terminal."""
    if not sys.stderr.isatty():
        return None

    def show(tally: Tally) -> None:
        width = 20
        filled = width * tally.kept // max(count, 1)
        bar = "#" * filled + "." * (width - filled)
        sys.stderr.write(
            "\r"
            + _(
                "balanced boards [{bar}] {kept}/{count} kept, {drawn} drawn, {games} games played"
            ).format(bar=bar, kept=tally.kept, count=count, drawn=tally.drawn, games=tally.games)
        )
        if tally.over:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show
