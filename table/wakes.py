"""When the deadline ticker next has something to do: each game's next reminder or deadline, in a heap.

The table tells it a game's next time whenever that game's deadlines are written (or the game comes or
goes); the earliest is then at the top, without looking at every game on each wake. An entry made stale by
a later change stays in the heap until it reaches the top, where it is dropped; the heap is rebuilt when
stale entries outnumber live ones.
"""

from __future__ import annotations

import heapq


class Wakes:
    def __init__(self) -> None:
        self._heap: list[tuple[float, int]] = []
        self._at: dict[int, float] = {}  # each game's next time: its live entry

    def set(self, game_id: int, at: float | None) -> None:
        """The game's next time (None: it has nothing to wait for)."""
        if at is None:
            self._at.pop(game_id, None)
            return
        if self._at.get(game_id) == at:
            return
        self._at[game_id] = at
        heapq.heappush(self._heap, (at, game_id))
        if len(self._heap) > 2 * len(self._at) + 64:
            self._heap = [(when, game) for game, when in self._at.items()]
            heapq.heapify(self._heap)

    def first(self) -> tuple[float, int] | None:
        """The earliest (time, game); of two games at the same time, the lower-numbered one."""
        while self._heap:
            at, game_id = self._heap[0]
            if self._at.get(game_id) == at:
                return at, game_id
            heapq.heappop(self._heap)
        return None
