"""A game's lock: one operation at a time on a game, within this process and, when several processes share
one database, across all of them.

Within a process an :class:`asyncio.Lock` serializes a game's operations. When the database is shared (the
store says so: PostgreSQL), the table binds the lock to a *hold* as well: an async context entered once the
local lock is taken, which takes the game's lock in the database (so another process waits for this one)
and reads the game back first if another process changed it meanwhile. Every caller keeps writing
``async with session.lock:``; which kind of lock it is stays the table's business.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from types import TracebackType

Hold = Callable[[], AbstractAsyncContextManager[None]]


class GameLock:
    def __init__(self) -> None:
        self._local = asyncio.Lock()
        self._hold: Hold | None = None
        self._held: AbstractAsyncContextManager[None] | None = None

    def bind(self, hold: Hold | None) -> None:
        """What to enter, after the local lock, whenever the lock is taken (None: nothing)."""
        self._hold = hold

    def locked(self) -> bool:
        return self._local.locked()

    async def __aenter__(self) -> None:
        await self._local.acquire()
        if self._hold is None:
            return
        held = self._hold()
        try:
            await held.__aenter__()
        except BaseException:
            self._local.release()
            raise
        self._held = held

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        held, self._held = self._held, None
        try:
            if held is not None:
                await held.__aexit__(kind, error, trace)
        finally:
            self._local.release()
