"""PostgreSQL behind the store (``MAESTER_DATABASE=postgresql://...``): what differs from SQLite.

The store's methods (:mod:`table.store`) are written once for both databases, in SQL both read alike,
with ``?`` placeholders; the schema's differences are in :mod:`table.schema`. What is left is here:

- placeholders: PostgreSQL numbers them (``$1``, ``$2``...): :func:`numbered`;
- reads go through a pool of connections behind the ``execute`` the read methods call on aiosqlite's
  connection (:class:`PostgresReader`); asyncpg's rows read by name and by position as SQLite's do. The
  pool's connections are read-only by default, as SQLite's reading connection is made query-only: every
  write goes through the writer;
- the writer (:class:`PostgresWriter`) is :class:`table.writer.GroupWriter` on a connection of its own:
  a group is one transaction (each unit in a savepoint when one of them fails), callers answered after
  the ``COMMIT``;
- the numbers of new games and votes come from their table's sequence (:class:`SequenceIds`), never
  from a count in one process's memory: several processes may share the database;
- opening (:func:`open_postgres`) says in a :class:`StoreError` why a server cannot be used (without
  the password), leaves nothing open when it fails, and migrates under an advisory lock, so that
  processes started together migrate one after the other.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import re
from collections.abc import Sequence
from types import TracebackType
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

from table.schema import MIGRATIONS, StoreError, checked_version
from table.sharing import HOLDERS, Sharing
from table.writer import GroupWriter, Outcomes, Statement

SCHEMES = ("postgresql://", "postgres://")
CONNECT_TIMEOUT = 10.0  # seconds to reach the server before giving up
READERS = 4  # connections that read at most at once
# The advisory lock held while migrating: "maester!" read as a number (one namespace of PostgreSQL's
# 64-bit advisory keys; other locks of Maester must use other keys).
MIGRATION_LOCK = int.from_bytes(b"maester!", "big")
# What connecting may raise: the server is not there, refuses us, or the URL cannot be used.
CONNECT_ERRORS = (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError)


def is_postgres(database: object) -> bool:
    """Whether ``database`` names a PostgreSQL database (a URL) rather than a SQLite file."""
    return isinstance(database, str) and database.startswith(SCHEMES)


def described(dsn: str) -> str:
    """The URL as messages and logs may show it: without its password (in the address or the query)."""
    parts = urlsplit(dsn)
    netloc = parts.netloc
    if parts.password is not None:
        user, _, host = netloc.rpartition("@")
        netloc = f"{user.partition(':')[0]}@{host}"
    query = [(key, value) for key, value in parse_qsl(parts.query) if key != "password"]
    return urlunsplit((parts.scheme, netloc, parts.path, urlencode(query, safe="/"), parts.fragment))


def _secret(dsn: str) -> str | None:
    parts = urlsplit(dsn)
    return parts.password or dict(parse_qsl(parts.query)).get("password") or None


def _told(error: BaseException, dsn: str) -> str:
    """An error as a message may quote it: its kind and text, never the password."""
    text = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    secret = _secret(dsn)
    return text.replace(secret, "***") if secret else text


@functools.lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """``sql`` with its ``?`` placeholders numbered as PostgreSQL wants them (``$1``, ``$2``...); a ``?``
    inside a quoted literal is left alone."""
    counter = itertools.count(1)
    parts = sql.split("'")  # even parts are outside literals ('' inside one splits into an empty part)
    for index in range(0, len(parts), 2):
        parts[index] = re.sub(r"\?", lambda _: f"${next(counter)}", parts[index])
    return "'".join(parts)


class PostgresReader:
    """The store's reading connection on PostgreSQL: its pool, behind the calls the read methods make on
    aiosqlite's connection (``async with db.execute(sql, parameters) as cursor``)."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> PostgresCursor:
        return PostgresCursor(self.pool, sql, parameters)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.pool.executemany(numbered(sql), rows)

    async def close(self) -> None:
        await self.pool.close()


class PostgresCursor:
    """One query's rows, as an aiosqlite cursor gives them: awaited, or used with ``async with``."""

    def __init__(self, pool: asyncpg.Pool, sql: str, parameters: Sequence[Any]) -> None:
        self._pool, self._sql, self._parameters = pool, sql, tuple(parameters)
        self._rows: list[asyncpg.Record] = []
        self._next = 0

    async def _run(self) -> PostgresCursor:
        self._rows = await self._pool.fetch(numbered(self._sql), *self._parameters)
        return self

    def __await__(self) -> Any:
        return self._run().__await__()

    async def __aenter__(self) -> PostgresCursor:
        return await self._run()

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        return None

    async def fetchone(self) -> asyncpg.Record | None:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    async def fetchall(self) -> list[asyncpg.Record]:
        rest, self._next = self._rows[self._next :], len(self._rows)
        return rest


class PostgresWriter(GroupWriter):
    """Writes each group on a connection of its own (a pool of one, which replaces a connection the
    server dropped), in one transaction.

    Each statement is a round trip to the server, a savepoint two more: so a group is first written
    without savepoints, all its units together. Should a statement fail (rare: a unit the database
    refuses), that transaction is rolled back and the group written again with a savepoint a unit, so
    that the failing unit is rolled back alone and only its caller gets the error."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        super().__init__()
        self.pool = pool

    async def _shut(self) -> None:
        await self.pool.close()

    async def _write_group(self, units: list[list[Statement]]) -> Outcomes:
        async with self.pool.acquire() as connection:
            try:
                async with connection.transaction():
                    for statements in units:
                        await _run(connection, statements)
                return [None] * len(units)
            except Exception as error:
                if len(units) == 1 or connection.is_closed():  # its own failure, or the connection's
                    return [error] * len(units)
            return await _write_apart(connection, units)


async def _write_apart(connection: asyncpg.Connection, units: list[list[Statement]]) -> Outcomes:
    """The group again in one transaction, each unit in its savepoint; each unit's error (None:
    written). An error that ends the transaction is every unit's."""
    try:
        async with connection.transaction():
            return [await _write_unit(connection, statements) for statements in units]
    except Exception as error:
        return [error] * len(units)


async def _write_unit(connection: asyncpg.Connection, statements: list[Statement]) -> Exception | None:
    """One unit in its savepoint: rolled back alone if one of its statements fails (its error is
    returned); an error that ends the whole transaction (a connection lost) is raised."""
    await connection.execute("SAVEPOINT unit")
    try:
        await _run(connection, statements)
    except Exception as error:
        await connection.execute("ROLLBACK TO SAVEPOINT unit")  # raises when the transaction is gone
        await connection.execute("RELEASE SAVEPOINT unit")
        return error
    await connection.execute("RELEASE SAVEPOINT unit")
    return None


async def _run(connection: asyncpg.Connection, statements: list[Statement]) -> None:
    """Run a unit's statements, setting each one's count of rows changed. An INSERT changes one row each
    time it runs (the store's upserts update on conflict, never skip), so its rows are sent as one
    batch; an UPDATE or DELETE is run row by row, for PostgreSQL to say how many rows each changed."""
    for statement in statements:
        sql = numbered(statement.sql)
        if len(statement.rows) > 1 and _inserts_one_row_each(statement.sql):
            await connection.executemany(sql, statement.rows)
            statement.changed.rows = len(statement.rows)
            continue
        changed = 0
        for row in statement.rows:
            changed += _rows_of(await connection.execute(sql, *row))
        statement.changed.rows = changed


def _inserts_one_row_each(sql: str) -> bool:
    words = sql.upper()
    return words.lstrip().startswith("INSERT") and "DO NOTHING" not in words and "SELECT" not in words


def _rows_of(status: str) -> int:
    """The row count of a command's status ("UPDATE 3", "INSERT 0 1", "DELETE 0")."""
    last = status.rpartition(" ")[2]
    return int(last) if last.isdigit() else 0


class SequenceIds:
    """The numbers of new games and votes, from their table's sequence: unique across every process on
    the database, drawn when a unit's insert method runs (a sequence is outside transactions: a unit that
    fails leaves a gap, and nothing else)."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    async def next(self, table: str) -> int:
        async with self.pool.acquire() as connection, connection.transaction():
            await connection.execute("SET TRANSACTION READ WRITE")  # the pool reads only, by default
            return int(await connection.fetchval("SELECT nextval(pg_get_serial_sequence($1, 'id'))", table))


async def open_postgres(dsn: str) -> tuple[PostgresReader, PostgresWriter, SequenceIds, Sharing]:
    """Connect to the database at ``dsn`` and migrate it to the latest schema: its reader, writer,
    numbers, and what shares it with other processes (:mod:`table.sharing`). Raises :class:`StoreError`
    (with nothing left open) when the server cannot be reached, refuses us, or holds a schema this Maester
    cannot use."""
    where = described(dsn)
    pools: list[asyncpg.Pool] = []
    try:
        writing = await _pool(dsn, pools, max_size=1, application_name="maester-writer")
        async with writing.acquire() as connection:
            await migrate(connection, where)
        reading = await _pool(
            dsn, pools, max_size=READERS, application_name="maester", default_transaction_read_only="on"
        )
        # Locks are their connection's: this pool resets a connection given back (asyncpg's reset lets go
        # of any advisory lock left), unlike the others.
        holding = await asyncpg.create_pool(
            dsn,
            min_size=1,
            max_size=HOLDERS,
            timeout=CONNECT_TIMEOUT,
            server_settings={"application_name": "maester-locks"},
        )
        pools.append(holding)
        sharing = Sharing(dsn, holding)
        await sharing.start()
    except BaseException as error:
        for pool in pools:
            pool.terminate()
        if isinstance(error, asyncpg.PostgresError | asyncpg.InterfaceError | OSError):
            raise StoreError(
                f"The PostgreSQL database {where} could not be prepared ({_told(error, dsn)}); nothing "
                "was changed."
            ) from None
        raise
    return PostgresReader(reading), PostgresWriter(writing), SequenceIds(reading), sharing


async def _pool(dsn: str, pools: list[asyncpg.Pool], *, max_size: int, **settings: str) -> asyncpg.Pool:
    """A pool of connections to ``dsn`` (one made at once, to fail here if it must), added to ``pools``."""
    try:
        pool = await asyncpg.create_pool(
            dsn,
            min_size=1,
            max_size=max_size,
            timeout=CONNECT_TIMEOUT,
            server_settings=settings,
            reset=_kept_as_is,
        )
    except CONNECT_ERRORS as error:
        raise StoreError(
            f"Cannot connect to the PostgreSQL database {described(dsn)} ({_told(error, dsn)}). Check "
            "MAESTER_DATABASE, that the server runs and accepts this user, and that the database exists; "
            "nothing was changed."
        ) from None
    pools.append(pool)
    return pool


async def _kept_as_is(connection: asyncpg.Connection) -> None:
    """A connection given back to its pool is kept as it is: the store's connections hold no session
    state (no LISTEN, no advisory lock, no SET), so asyncpg's reset query (``RESET ALL``, ``UNLISTEN *``,
    releasing every advisory lock) would only cost a round trip a query. An open transaction is still
    rolled back by asyncpg before this."""


async def migrate(connection: asyncpg.Connection, where: str) -> None:
    """Bring the database to the latest schema, each migration in its own transaction with its number,
    holding the migration lock so that a second process waits, then finds the work done."""
    await connection.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
    try:
        if await connection.fetchval("SELECT to_regclass('schema_version')") is None:
            await connection.execute("CREATE TABLE schema_version (version BIGINT NOT NULL)")
        row = await connection.fetchrow("SELECT version FROM schema_version")
        version = checked_version(0 if row is None else row["version"], where, known=len(MIGRATIONS))
        if row is None:
            await connection.execute("INSERT INTO schema_version (version) VALUES (0)")
        for number, migration in enumerate(MIGRATIONS[version:], start=version + 1):
            async with connection.transaction():
                await connection.execute(migration.postgres)
                await connection.execute("UPDATE schema_version SET version = $1", number)
    finally:
        with contextlib.suppress(asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
            await connection.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
