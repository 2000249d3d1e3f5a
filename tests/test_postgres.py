"""The throwaway PostgreSQL of the tests (``tests/postgres.py``): a real server, a fresh database for each
test, databases copied from a template, and a loud failure when the server cannot be had."""

from __future__ import annotations

from pathlib import Path

import asyncpg
import pytest

import tests.postgres
from tests.postgres import PostgresServer, PostgresUnavailable


async def test_a_test_database_keeps_a_table_and_gives_its_rows_back(postgres_dsn: str) -> None:
    connection = await asyncpg.connect(postgres_dsn)
    try:
        assert (await connection.fetchval("SELECT current_database()")).startswith("test_")
        await connection.execute("CREATE TABLE houses (name text PRIMARY KEY, seat text NOT NULL)")
        await connection.executemany(
            "INSERT INTO houses VALUES ($1, $2)", [("stark", "Winterfell"), ("lannister", "Lannisport")]
        )
        rows = await connection.fetch("SELECT name, seat FROM houses ORDER BY name")
    finally:
        await connection.close()
    assert [tuple(row) for row in rows] == [("lannister", "Lannisport"), ("stark", "Winterfell")]


async def test_databases_are_apart_and_dropped_even_with_a_connection_left_open(
    postgres_server: PostgresServer,
) -> None:
    first, second = await postgres_server.create_database(), await postgres_server.create_database()
    assert first != second
    left_open = await asyncpg.connect(postgres_server.dsn(first))
    await left_open.execute("CREATE TABLE only_here (x int)")
    other = await asyncpg.connect(postgres_server.dsn(second))
    try:
        assert await other.fetchval("SELECT to_regclass('only_here')") is None
    finally:
        await other.close()

    await postgres_server.drop_database(first)  # the connection still open does not stop it
    await postgres_server.drop_database(second)
    admin = await asyncpg.connect(postgres_server.dsn())
    try:
        names = {row["datname"] for row in await admin.fetch("SELECT datname FROM pg_database")}
    finally:
        await admin.close()
    assert first not in names and second not in names
    assert not await _still_usable(left_open)
    await left_open.close()


async def _still_usable(connection: asyncpg.Connection) -> bool:
    try:
        await connection.fetchval("SELECT 1")
    except (asyncpg.PostgresError, asyncpg.InterfaceError, ConnectionError):
        return False
    return True


async def test_a_database_copied_from_a_template_has_its_tables_and_rows(
    postgres_server: PostgresServer,
) -> None:
    template = await postgres_server.create_database()
    connection = await asyncpg.connect(postgres_server.dsn(template))
    try:
        await connection.execute(
            "CREATE TABLE schema_version (version int); INSERT INTO schema_version VALUES (7)"
        )
    finally:
        await connection.close()
    copy = await postgres_server.create_database(template=template)
    connection = await asyncpg.connect(postgres_server.dsn(copy))
    try:
        assert await connection.fetchval("SELECT version FROM schema_version") == 7
    finally:
        await connection.close()
    await postgres_server.drop_database(copy)
    await postgres_server.drop_database(template)


def test_a_server_that_does_not_start_fails_with_its_log_and_leaves_nothing() -> None:
    server = PostgresServer(settings={"shared_buffers": "plenty"})
    with pytest.raises(PostgresUnavailable, match="pg_ctl") as failure:
        server.start()
    assert "shared_buffers" in str(failure.value)  # the server's log says which setting it refused
    assert server.directory is None


def test_missing_server_programs_are_an_error_that_says_how_to_get_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(tests.postgres, "DEBIAN_PROGRAMS", str(tmp_path / "*" / "bin"))
    with pytest.raises(PostgresUnavailable, match="make test"):
        PostgresServer().start()
