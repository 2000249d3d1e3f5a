"""Time, injected: the table never reads the clock itself, so tests can move time by hand."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the epoch."""
        ...


class SystemClock:
    def now(self) -> float:
        return time.time()


class FakeClock:
    """A clock for tests and the demo: time moves only when told to."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.time = start

    def now(self) -> float:
        return self.time

    def advance(self, seconds: float) -> None:
        self.time += seconds
