"""Where a benchmark keeps its games: SQLite files in a temporary folder (the default), or databases of
its own in a PostgreSQL server (``--database postgresql://USER@HOST/DB``: that URL is only used to reach
the server; USER needs the right to create databases), made for the run and dropped after it."""

from __future__ import annotations

import os
import sqlite3
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Any
from urllib.parse import urlsplit

import asyncpg

from table.postgres import is_postgres, numbered


class BenchDatabases:
    """``async with BenchDatabases(url_or_none) as databases``: ``await databases.new(name)`` gives what
    ``Table.open`` takes; everything made is removed at the end."""

    def __init__(self, server: str | None) -> None:
        if server is not None and not is_postgres(server):
            raise SystemExit(f"--database takes a postgresql:// URL, not {server!r}")
        self.server = server
        self._folder: tempfile.TemporaryDirectory[str] | None = None
        self._made: list[str] = []

    async def __aenter__(self) -> BenchDatabases:
        self._folder = tempfile.TemporaryDirectory()
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._made:
            admin = await asyncpg.connect(self.server)
            try:
                for name in self._made:
                    await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            finally:
                await admin.close()
        if self._folder is not None:
            self._folder.cleanup()

    @property
    def folder(self) -> str:
        """A temporary folder of the run's own (the SQLite files, and room for logs)."""
        assert self._folder is not None
        return self._folder.name

    async def new(self, name: str) -> str | Path:
        if self.server is None:
            assert self._folder is not None
            return Path(self._folder.name) / f"{name}.sqlite3"
        database = f"maester_bench_{os.getpid()}_{name}".replace("-", "_")
        admin = await asyncpg.connect(self.server)
        try:
            await admin.execute(f'CREATE DATABASE "{database}"')
        finally:
            await admin.close()
        self._made.append(database)
        return urlsplit(self.server)._replace(path=f"/{database}").geturl()


@asynccontextmanager
async def connected(database: str | Path) -> AsyncIterator[Callable[..., Awaitable[list[Any]]]]:
    """A connection of its own to ``database``, as a function that runs one statement (``?``
    placeholders) and returns its rows; everything is committed at the end of the block."""
    if is_postgres(database):
        connection = await asyncpg.connect(str(database))
        try:
            async with connection.transaction():

                async def run_postgres(sql: str, *args: Any) -> list[Any]:
                    return list(await connection.fetch(numbered(sql), *args))

                yield run_postgres
        finally:
            await connection.close()
        return
    db = sqlite3.connect(database)
    db.row_factory = sqlite3.Row  # by name, as asyncpg's rows
    try:

        async def run_sqlite(sql: str, *args: Any) -> list[Any]:
            return db.execute(sql, args).fetchall()

        yield run_sqlite
        db.commit()
    finally:
        db.close()
