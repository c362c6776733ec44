"""The process pool that reads photos off the event loop, one worker per core by default.

A worker process shares nothing with the request that waits for it, not even its language: each
:class:`~server.referee.work.Job` carries the request's (``Job.language``) and the worker says
the verdict in it (:func:`server.referee.work.run` speaks it)."""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from server.referee.kinds import kinds
from server.referee.work import Job, Outcome, hint, run, warm


class Referee:
    """Reads and judges photos in ``size`` worker processes; :meth:`judge` awaits one job."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._pool = ProcessPoolExecutor(
            max_workers=size, mp_context=multiprocessing.get_context("spawn")
        )

    def warm_up(self) -> None:
        """Start every worker and import the readers in it, without waiting."""
        packages = tuple(kind.entry.package for kind in kinds())
        for _ in range(self.size):
            self._pool.submit(warm, packages)

    async def judge(self, job: Job) -> Outcome:
        return await asyncio.get_running_loop().run_in_executor(self._pool, run, job)

    async def hint(self, job: Job, mover: str) -> Outcome:
        return await asyncio.get_running_loop().run_in_executor(self._pool, hint, job, mover)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
