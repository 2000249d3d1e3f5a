"""What only PostgreSQL has to prove: a server that cannot be used is refused with a clear message (never
its password) and nothing left open; processes starting together migrate once, one after the other; the
numbers of new games and votes are unique across processes; connections the server drops are made
again."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from table.postgres import MIGRATION_LOCK, described, numbered
from table.store import MIGRATIONS, Store, StoreError
from tests.postgres import PostgresServer
from tests.table.databases import NewDatabase, run_sql
from tests.table.test_recovery import run_open

pytestmark = pytest.mark.postgres_only

PASSWORD = "s3cret-Pa55"


def with_password(dsn: str) -> str:
    """The test server trusts everyone: a password in the URL is only there to be kept out of sight."""
    return dsn.replace("postgresql://postgres@", f"postgresql://postgres:{PASSWORD}@", 1)


async def connections_left(server: PostgresServer, database: str) -> int:
    """How many connections to ``database`` the server still holds once those closed are gone (a closed
    connection's session ends a moment later: up to five seconds are given)."""
    for _ in range(50):
        [(count,)] = await run_sql(
            server.dsn(), "SELECT count(*) FROM pg_stat_activity WHERE datname = ?", database
        )
        if count == 0:
            break
        await asyncio.sleep(0.1)
    return int(count)


def test_placeholders_are_numbered_outside_quoted_text() -> None:
    assert numbered("SELECT ? WHERE a = '?' AND b = ? AND c = 'it''s ?' OR d = ?") == (
        "SELECT $1 WHERE a = '?' AND b = $2 AND c = 'it''s ?' OR d = $3"
    )


def test_a_url_is_described_without_its_password() -> None:
    assert described("postgresql://maester:pw@db:5432/games?sslmode=require") == (
        "postgresql://maester@db:5432/games?sslmode=require"
    )
    assert (
        described("postgres://maester@/games?host=/run/pg&password=pw")
        == "postgres://maester@/games?host=/run/pg"
    )


@pytest.mark.parametrize("where", ["nobody listens", "no such socket", "no such database", "no such role"])
async def test_a_server_that_cannot_be_used_is_refused_clearly_without_the_password(
    postgres_server: PostgresServer, where: str
) -> None:
    dsn = {
        "nobody listens": f"postgresql://maester:{PASSWORD}@127.0.0.1:1/maester",
        "no such socket": f"postgresql://maester:{PASSWORD}@/maester?host=/nonexistent/socket/dir",
        "no such database": with_password(postgres_server.dsn("no_such_database")),
        "no such role": with_password(postgres_server.dsn()).replace("postgres:", "nobody_here:", 1),
    }[where]
    with pytest.raises(StoreError) as refused:
        await Store.open(dsn)
    message = str(refused.value)
    assert message.startswith("Cannot connect to the PostgreSQL database postgresql://")
    assert "nothing was changed" in message and PASSWORD not in message
    assert refused.value.__suppress_context__  # asyncpg's error is in the message, not a traceback
    if where == "no such database":
        assert "no_such_database" in message and "does not exist" in message


def test_the_bot_process_exits_at_once_when_the_server_cannot_be_reached() -> None:
    done = run_open(f"postgresql://maester:{PASSWORD}@127.0.0.1:1/maester")
    assert done.returncode == 2, done.stderr
    assert "REFUSED Cannot connect to the PostgreSQL database" in done.stdout
    assert PASSWORD not in done.stdout + done.stderr


async def test_a_refused_schema_leaves_no_connection_open(
    db_path: str, postgres_server: PostgresServer
) -> None:
    await run_sql(db_path, "UPDATE schema_version SET version = ?", len(MIGRATIONS) + 1)
    name = db_path.split("?")[0].rsplit("/", 1)[1]
    with pytest.raises(StoreError, match="newer Maester"):
        await Store.open(with_password(db_path))
    assert await connections_left(postgres_server, name) == 0


async def test_processes_starting_together_migrate_once_one_after_the_other(
    new_database: NewDatabase,
) -> None:
    empty = str(await new_database(empty=True))
    holder = await asyncpg.connect(empty)  # another process, migrating
    try:
        await holder.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
        opening = [asyncio.create_task(Store.open(empty)) for _ in range(3)]
        await asyncio.sleep(0.5)
        assert not any(task.done() for task in opening)  # they wait for the lock
        await holder.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
        stores = await asyncio.gather(*opening)
    finally:
        await holder.close()
    try:
        assert [await store.schema_version() for store in stores] == [len(MIGRATIONS)] * 3
        assert await run_sql(empty, "SELECT count(*) FROM schema_version") == [(1,)]
    finally:
        for store in stores:
            await store.close()


async def test_new_games_and_votes_are_numbered_apart_across_processes(db_path: str) -> None:
    first, second = await Store.open(db_path), await Store.open(db_path)  # two processes' stores
    try:
        numbers = []
        for store in (first, second, first, second, second):
            async with store.unit() as unit:
                game_id = await unit.insert_game(
                    guild_id=1,
                    channel_id=1,
                    creator_id=1,
                    name="g",
                    settings={},
                    status="lobby",
                    seed=1,
                    created_at=0.0,
                )
                vote_id = await unit.insert_vote(
                    game_id,
                    {
                        "kind": "pause",
                        "proposer_id": 1,
                        "proposer_name": "A",
                        "proposer_house": None,
                        "subject": None,
                        "details": {},
                        "opened_at": 0.0,
                        "closes_at": 1.0,
                    },
                )
            numbers.append((game_id, vote_id))
        assert numbers == [(n, n) for n in range(1, 6)]
    finally:
        await first.close()
        await second.close()


async def test_connections_the_server_dropped_are_made_again(
    db_path: str, postgres_server: PostgresServer
) -> None:
    """A server restarted, or an administrator ending sessions: the next write and read go through."""
    store = await Store.open(db_path)
    name = db_path.split("?")[0].rsplit("/", 1)[1]
    sessions = "SELECT pid FROM pg_stat_activity WHERE datname = ? ORDER BY pid"
    try:
        async with store.unit() as unit:
            await unit.set_pings(1, "channel")
        await store.pings()
        before = await run_sql(postgres_server.dsn(), sessions, name)
        await run_sql(
            postgres_server.dsn(),
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ?",
            name,
        )
        for _ in range(100):  # until the server has ended them
            if not set(before) & set(await run_sql(postgres_server.dsn(), sessions, name)):
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.1)  # for the store's connections to read that they are closed
        async with store.unit() as unit:
            await unit.set_pings(2, "dm")
        assert await store.pings() == {1: "channel", 2: "dm"}
        after = await run_sql(postgres_server.dsn(), sessions, name)
        # The writer's and a reader, made again (table.sharing's presence, and its locks' pool, made when a
        # lock is taken, are not among them).
        assert len(after) >= 2 and not set(before) & set(after)
    finally:
        await store.close()
