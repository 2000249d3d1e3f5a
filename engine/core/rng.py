"""A small seeded random number generator whose whole state is one integer.

Python's ``random.Random`` carries 625 words of state and its algorithms may change between versions;
a game must shuffle the same way on every machine and every Python, and its state must fit in a JSON
position. SplitMix64 is tiny, fast and statistically sound for shuffling cards.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
# below(n) rejects draws at or above the largest multiple of n within 64 bits. The bounds drawn are small
# (a deck, a hand, a list of options), so each one's limit is worked out once and kept.
_LIMITS: dict[int, int] = {}


class Rng:
    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n == 1:  # every draw is below 2**64: one step of the state, and 0, without mixing it
            self.state = (self.state + _GOLDEN) & _MASK
            return 0
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("below() needs a positive bound")
            limit = _LIMITS[n] = (1 << 64) - ((1 << 64) % n)
        state = self.state
        while True:  # next_u64, inlined: the engine draws often
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            value = z ^ (z >> 31)
            if value < limit:
                self.state = state
                return value % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
