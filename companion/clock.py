"""How long each step of a photo reading took."""

from __future__ import annotations

import time


class Clock:
    """Seconds per step of a reading: each :meth:`lap` records the time since the last one."""

    def __init__(self) -> None:
        self._timings: dict[str, float] = {}
        self._last = time.perf_counter()

    def lap(self, name: str) -> None:
        """Record the seconds since the last lap (or the start) under ``name``."""
        now = time.perf_counter()
        self._timings[name] = round(now - self._last, 4)
        self._last = now

    def timings(self) -> dict[str, float]:
        """Every lap so far, and their ``total``."""
        return {**self._timings, "total": round(sum(self._timings.values()), 4)}
