"""Several processes on one PostgreSQL database, each with the games in its own memory.

Discord delivers a server's events to the process of its shard but every DM to shard 0, so any process
may receive an action for any game. What keeps them in step, all of it PostgreSQL's own machinery:

- **A game's lock** (:meth:`Sharing.hold`): a session advisory lock on the game's number, taken by the
  table after its own lock on the game (:mod:`table.locking`), so that one operation at a time changes a
  game, whichever process runs it. A process that dies holds nothing: its connection closes, and the
  server lets the lock go.
- **A game's version**: each unit written under a game's lock counts the game's version up in the same
  transaction, so that a process taking the lock sees at once whether another changed the game since it
  last looked, and reads it back if so.
- **Notifications**: the same units announce the change (``pg_notify``, delivered at the commit), as do
  new games and a person's or a server's settings; each process listens, and reads back what another
  changed (:meth:`table.table.Table.heard`), so that a new game, or a changed one, is found by the people
  who look for it there. A process ignores its own announcements.
- **The outbox's claims** (:meth:`Sharing.claim`): one process posts a game's items, in order, claiming
  the game's outbox for :data:`CLAIM_SECONDS` and renewing the claim while it posts. A claim that runs
  out is taken over by the next process that looks, and so is at once the claim of a process whose
  connection to the server is gone (it died: the server ends its sessions), which the server tells by
  that connection's ``application_name``.

Deadlines need nothing more: each process's ticker handles a due deadline under the game's lock, and the
second to take it finds the game read back with the deadline already handled.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass

import asyncpg

log = logging.getLogger("maester.sharing")

CHANNEL = "maester"  # the notification channel of every process on the database
GAME_LOCKS = 0x4D61  # the first key of the games' advisory locks (a namespace apart from the migrations')
HOLDERS = 16  # connections that hold a game's lock at once, in one process
CLAIM_SECONDS = 20.0  # how long a claim on a game's outbox lasts without being renewed
PRESENCE = "maester "  # the application_name of a process's presence connection, before its owner id
RETRY_MAX = 10.0  # seconds at most between two tries to make the presence connection again

Heard = Callable[[str, int], Awaitable[None]]


@dataclass
class Held:
    """A game held in the database (:meth:`Sharing.hold`): the version of it the database has, counted up
    by the units written while it is held."""

    game_id: int
    version: int


# The game the running operation holds, in this task and those it starts: its units count its version.
_HELD: ContextVar[tuple[Sharing, Held] | None] = ContextVar("maester_held_game", default=None)


class Sharing:
    def __init__(self, dsn: str, pool: asyncpg.Pool) -> None:
        """``pool``: connections of this process's own, which hold game locks (a lock is its connection's)."""
        self.dsn = dsn
        self.pool = pool
        # Who this process is, in claims and notifications: unique even for a process started again, and
        # short enough to name its presence connection (an application_name has at most 63 characters).
        self.owner = f"{os.getpid()}-{uuid.uuid4().hex[:16]}"
        self._listener: asyncpg.Connection | None = None
        self._heard: Heard | None = None
        self._hearing: set[asyncio.Task[None]] = set()
        self._closing = False

    async def start(self) -> None:
        """Connect this process's presence on the server: the connection it hears notifications on, whose
        life says the process is alive (see :meth:`claim`). Should the server drop it (a restart, an
        administrator ending sessions), it is made again, and everything is read back (see :meth:`_lost`)."""
        self._listener = await asyncpg.connect(
            self.dsn, server_settings={"application_name": f"{PRESENCE}{self.owner}"}
        )
        self._listener.add_termination_listener(self._lost)
        if self._heard is not None:
            await self._listener.add_listener(CHANNEL, self._on_notification)

    def _lost(self, _connection: object) -> None:
        if not self._closing:
            self._spawn(self._reconnect())

    async def _reconnect(self) -> None:
        """Connect the presence again, waiting longer between tries (up to :data:`RETRY_MAX` seconds); then
        hear "everything": what changed meanwhile was announced to nobody here."""
        wait = 0.2
        while not self._closing:
            try:
                await self.start()
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
                log.warning("the presence connection cannot be made again (%s); retrying", error)
                await asyncio.sleep(wait)
                wait = min(wait * 2, RETRY_MAX)
                continue
            log.info("the presence connection is made again; reading back every game")
            if self._heard is not None:
                await self._hear("everything", 0)
            return

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.get_running_loop().create_task(work)  # type: ignore[arg-type]
        self._hearing.add(task)
        task.add_done_callback(self._hearing.discard)

    async def close(self) -> None:
        self._closing = True
        if self._listener is not None:
            with contextlib.suppress(Exception):
                await self._listener.close(timeout=5)
        for task in list(self._hearing):
            task.cancel()
        await self.pool.close()

    # --- a game's lock and version ---------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def hold(self, game_id: int) -> AsyncIterator[Held]:
        async with self.pool.acquire() as connection:
            await connection.execute("SELECT pg_advisory_lock($1, $2)", GAME_LOCKS, game_id)
            try:
                version = await connection.fetchval(
                    "SELECT version FROM versions WHERE game_id = $1", game_id
                )
                held = Held(game_id, int(version or 0))
                token = _HELD.set((self, held))
                try:
                    yield held
                finally:
                    _HELD.reset(token)
            finally:
                await connection.execute("SELECT pg_advisory_unlock($1, $2)", GAME_LOCKS, game_id)

    def held(self) -> Held | None:
        """The game this operation holds, if it holds one in this database."""
        current = _HELD.get()
        return current[1] if current is not None and current[0] is self else None

    # --- notifications ---------------------------------------------------------------------------------

    def payload(self, what: str, key: int) -> str:
        """A notification: what changed (``game``, ``person``, ``server``), its key, and who says so."""
        return f"{what}:{key}:{self.owner}"

    async def listen(self, heard: Heard) -> None:
        """Call ``heard(what, key)`` for every change another process announces."""
        self._heard = heard
        assert self._listener is not None, "start() first"
        await self._listener.add_listener(CHANNEL, self._on_notification)

    def _on_notification(self, _connection: object, _pid: int, _channel: str, payload: str) -> None:
        what, _, rest = payload.partition(":")
        key, _, origin = rest.partition(":")
        if origin == self.owner or self._heard is None or not key.lstrip("-").isdigit():
            return
        self._spawn(self._hear(what, int(key)))

    async def _hear(self, what: str, key: int) -> None:
        assert self._heard is not None
        try:
            await self._heard(what, key)
        except Exception:  # one change not read back is read when its game is next locked
            log.exception("reading back %s %s changed by another process", what, key)

    # --- the outbox's claims ---------------------------------------------------------------------------

    async def claim(self) -> None:
        """Claim the outbox of every game with items to post that no live claim of another process holds
        (one that has not run out, of a process still connected), and renew this process's own claims."""
        now = time.time()
        async with self.pool.acquire() as connection, connection.transaction():
            await connection.execute("SET TRANSACTION READ WRITE")
            await connection.execute(
                "INSERT INTO claims (game_id, owner, until) "
                "SELECT DISTINCT game_id, $1::text, $2::float8 FROM outbox WHERE sent_at IS NULL "
                "ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner, until = excluded.until "
                "WHERE claims.owner = excluded.owner OR claims.until < $3 OR NOT EXISTS (SELECT 1 FROM "
                "pg_stat_activity WHERE application_name = $4 || claims.owner)",
                self.owner,
                now + CLAIM_SECONDS,
                now,
                PRESENCE,
            )
