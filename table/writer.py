"""The one writer of the database: every unit of writes, committed in groups (group commit).

A unit (see :meth:`table.store.Store.unit`) is a list of statements, collected without touching the
database. :meth:`GroupWriter.commit` queues it; whatever units are queued when the writer is free are
written together, in one transaction: each unit inside its own savepoint, so a unit that fails is rolled
back alone and only its caller gets the error, then one ``COMMIT`` (one flush to disk) for the group.
Each caller is answered only after that commit: an acknowledged unit is durable. While one group is
written the next one gathers, so under load the cost of the flush is shared, and with one game alone a
unit is written at once.

:class:`GroupWriter` is that queue; each database writes a group its own way: :class:`SqliteWriter` on a
thread of its own with its own connection (the store's aiosqlite connection keeps the reads, which WAL
lets run beside the writer), ``table.postgres.PostgresWriter`` on a connection of its own. Order: units
are written in the order they were queued, and a game's operations are queued one after another under
its lock.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

Rows = list[Sequence[Any]]


@dataclass
class Changed:
    """How many rows a statement changed, known once its unit is committed."""

    rows: int = 0


@dataclass
class Statement:
    """One statement of a unit, with ``?`` placeholders (``table.postgres`` numbers them for PostgreSQL)."""

    sql: str
    rows: Rows  # the parameters, one tuple a row: the statement is run once for each
    changed: Changed = field(default_factory=Changed)


Outcomes = list[BaseException | None]  # each unit's error, None for a unit written


class GroupWriter:
    """Commits units of statements in groups: the queue, whatever the database. A subclass writes one
    group (:meth:`_write_group`) and lets its connection go (:meth:`_shut`)."""

    def __init__(self) -> None:
        self._queue: list[tuple[list[Statement], asyncio.Future[None]]] = []
        self._draining: asyncio.Task[None] | None = None
        self._closed = False
        self.groups = 0  # transactions committed, for tests and benchmarks

    async def open(self) -> None:
        """Make ready to write (nothing by default)."""

    async def close(self) -> None:
        """Write what is queued, then let the connection go (again: nothing)."""
        while self._draining is not None and not self._draining.done():
            await self._draining
        if self._closed:
            return
        self._closed = True
        await self._shut()

    async def commit(self, statements: list[Statement]) -> None:
        """Write the unit durably, with whatever else is queued; raises what made it fail (nothing of
        it is then written). Statements' :class:`Changed` counts are set before it returns."""
        if not statements:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append((statements, future))
        if self._draining is None or self._draining.done():
            self._draining = asyncio.create_task(self._drain())
        # Shielded: a caller cancelled while its unit is being written does not cancel the writing.
        await asyncio.shield(future)

    async def _drain(self) -> None:
        while self._queue:
            group, self._queue = self._queue, []
            try:
                outcomes = await self._write_group([s for s, _ in group])
            except BaseException as error:  # the writing itself failed: nobody may wait for ever
                outcomes = [error] * len(group)
            self.groups += 1
            for (_, future), outcome in zip(group, outcomes, strict=True):
                if future.done():
                    continue
                if outcome is None:
                    future.set_result(None)
                else:
                    future.set_exception(outcome)

    async def _write_group(self, units: list[list[Statement]]) -> Outcomes:
        """One transaction for every unit, a savepoint each; each unit's error (None: written). An error
        that ends the transaction is every unit's."""
        raise NotImplementedError

    async def _shut(self) -> None:
        raise NotImplementedError


class SqliteWriter(GroupWriter):
    """Writes on a thread of its own, with a connection of its own (``synchronous=FULL``: one fsync a
    group)."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="maester-writer")
        self._db: sqlite3.Connection | None = None  # opened, used and closed on the writer's thread

    async def open(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self._executor, self._connect)

    def _connect(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None)  # transactions are begun by hand
        db.execute("PRAGMA busy_timeout=10000")
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        self._db = db

    async def _shut(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self._executor, self._disconnect)
        self._executor.shutdown(wait=True)

    def _disconnect(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    async def _write_group(self, units: list[list[Statement]]) -> Outcomes:
        return await asyncio.get_running_loop().run_in_executor(self._executor, self._write, units)

    def _write(self, units: list[list[Statement]]) -> Outcomes:
        """On the writer's thread."""
        db = self._db
        if db is None:
            return [sqlite3.ProgrammingError("the database is closed")] * len(units)
        try:
            db.execute("BEGIN IMMEDIATE")
            outcomes: Outcomes = [self._write_unit(db, statements) for statements in units]
            db.execute("COMMIT")
        except Exception as error:  # an error that ends the transaction: the whole group is lost
            if db.in_transaction:
                db.execute("ROLLBACK")
            return [error] * len(units)
        return outcomes

    @staticmethod
    def _write_unit(db: sqlite3.Connection, statements: list[Statement]) -> Exception | None:
        """One unit in its savepoint: rolled back alone if one of its statements fails (its error is
        returned); an error that ends the whole transaction is raised."""
        db.execute("SAVEPOINT unit")
        try:
            for statement in statements:
                statement.changed.rows = db.executemany(statement.sql, statement.rows).rowcount
        except Exception as error:
            if not db.in_transaction:
                raise
            db.execute("ROLLBACK TO unit")
            db.execute("RELEASE unit")
            return error
        db.execute("RELEASE unit")
        return None
