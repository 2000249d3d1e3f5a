"""The databases the table's tests run on: a SQLite file, or a PostgreSQL database in the server the tests
start (``tests/postgres.py``), and SQL run on either by hand.

A PostgreSQL database for a test is a copy of a template migrated once per session (``CREATE DATABASE
... TEMPLATE``): :class:`Copies` makes the next test's copy on a thread of its own while a test runs, and
drops a test's copy there after it, so that the tests wait for neither.
"""

from __future__ import annotations

import asyncio
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol

import aiosqlite
import asyncpg

from table.postgres import is_postgres, numbered
from table.schema import Migration
from table.store import Store
from tests.postgres import PostgresServer

Database = Path | str  # a SQLite file's path, or a PostgreSQL URL: what Table.open takes


class NewDatabase(Protocol):
    """Makes a new database for a test (see the ``new_database`` fixture)."""

    def __call__(self, *, empty: bool = False) -> Any: ...


class Copies:
    """Copies of a migrated template in ``server``, one made ahead of need; made and dropped on a thread of
    its own (each call its own event loop and connection: nothing is shared with the tests' loops)."""

    def __init__(self, server: PostgresServer) -> None:
        self.server = server
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="test-databases")
        self.template = self._thread.submit(asyncio.run, self._migrated()).result()
        self._ahead: deque[Future[str]] = deque()

    async def _migrated(self) -> str:
        name = await self.server.create_database()
        await (await Store.open(self.server.dsn(name))).close()
        return name

    def take(self, *, empty: bool = False) -> str:
        """A new database's name: a copy of the template (the next one is begun at once), or with
        ``empty`` a database with nothing in it."""
        if empty:
            return self._thread.submit(asyncio.run, self.server.create_database()).result()
        if not self._ahead:
            self._ahead.append(self._copy())
        name = self._ahead.popleft().result()
        self._ahead.append(self._copy())
        return name

    def _copy(self) -> Future[str]:
        return self._thread.submit(asyncio.run, self.server.create_database(template=self.template))

    def drop(self, name: str) -> None:
        """Drop a database once the test is done with it (without waiting)."""
        self._thread.submit(asyncio.run, self.server.drop_database(name))

    def close(self) -> None:
        self._thread.shutdown(wait=True)


async def run_sql(database: Database, sql: str, *args: object) -> list[tuple[Any, ...]]:
    """Run statements (``;`` between them, ``?`` placeholders, each given ``args``) on the database by
    hand, on a connection of their own, and commit: what another program would do to it. Returns the
    last statement's rows."""
    rows: list[Any] = []
    if is_postgres(database):
        connection = await asyncpg.connect(str(database))
        try:
            async with connection.transaction():
                for statement in sql.split(";"):
                    rows = await connection.fetch(numbered(statement), *args)
        finally:
            await connection.close()
    else:
        async with aiosqlite.connect(database) as db:
            for statement in sql.split(";"):
                async with db.execute(statement, args) as cursor:
                    rows = list(await cursor.fetchall())
            await db.commit()
    return [tuple(row) for row in rows]


async def run_script(database: Database, script: Migration) -> None:
    """Run a migration's script for this database on a connection of its own (not its number)."""
    if is_postgres(database):
        connection = await asyncpg.connect(str(database))
        try:
            async with connection.transaction():
                await connection.execute(script.postgres)
        finally:
            await connection.close()
    else:
        async with aiosqlite.connect(database) as db:
            await db.executescript(script.sqlite)
