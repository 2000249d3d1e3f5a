"""The write path: units collect their statements and are committed in groups, one transaction and one
fsync for every unit waiting, each unit in its own savepoint; a unit that fails is rolled back alone,
only its caller hears of it, and nothing is acknowledged before it is on disk."""

from __future__ import annotations

import asyncio
import sqlite3

import asyncpg
import pytest

from table.store import Store
from tests.table.databases import Database, run_sql

# A unit that breaks a constraint, and a write on the reading connection, as each database says it.
INTEGRITY_ERRORS = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)
READ_ONLY_ERRORS = (sqlite3.OperationalError, asyncpg.ReadOnlySQLTransactionError)


async def opened(path: Database) -> Store:
    store = await Store.open(path)
    async with store.unit() as unit:
        for n in range(3):
            await unit.insert_game(
                guild_id=1,
                channel_id=10 + n,
                creator_id=1,
                name=f"game {n}",
                settings={},
                status="lobby",
                seed=1,
                created_at=0.0,
            )
    return store


async def on_disk(path: Database, query: str) -> list[tuple[object, ...]]:
    """What another connection reads: only what is committed."""
    return await run_sql(path, query)


async def test_units_waiting_together_are_committed_as_one_group(db_path: Database) -> None:
    store = await opened(db_path)
    try:
        groups = store.writer.groups

        async def audit(n: int) -> None:
            async with store.unit() as unit:
                await unit.audit(1 + n % 3, None, "test", float(n), "note", "", {"n": n})

        await asyncio.gather(*(audit(n) for n in range(50)))
        assert store.writer.groups == groups + 1  # fifty units, one transaction
        assert await on_disk(db_path, "SELECT count(*) FROM audit") == [(50,)]
    finally:
        await store.close()


async def test_a_failing_unit_among_good_ones_is_rolled_back_alone(db_path: Database) -> None:
    path = db_path
    store = await opened(path)
    try:

        async def note(game_id: int, text: str) -> None:
            async with store.unit() as unit:
                await unit.audit(1, None, "test", 0.0, "note", text, {})
                await unit.update_game(1, name=text)
                await unit.audit(game_id, None, "test", 0.0, "note", text, {})  # 99: no such game

        results = await asyncio.gather(
            note(2, "first"), note(99, "bad"), note(3, "last"), return_exceptions=True
        )
        assert results[0] is None and results[2] is None
        assert isinstance(results[1], INTEGRITY_ERRORS)  # only its caller hears of it
        assert await on_disk(path, "SELECT reason FROM audit ORDER BY id") == [
            ("first",),
            ("first",),
            ("last",),
            ("last",),
        ]  # nothing of the bad unit, not even its first statements
        assert await on_disk(path, "SELECT name FROM games WHERE id = 1") == [("last",)]
    finally:
        await store.close()


async def test_units_are_written_in_the_order_they_were_committed(db_path: Database) -> None:
    path = db_path
    store = await opened(path)
    try:

        async def rename(name: str) -> None:
            async with store.unit() as unit:
                await unit.update_game(1, name=name)

        await asyncio.gather(*(rename(f"name {n}") for n in range(20)))
        assert await on_disk(path, "SELECT name FROM games WHERE id = 1") == [("name 19",)]
    finally:
        await store.close()


async def test_an_acknowledged_unit_is_committed_and_a_raising_block_writes_nothing(
    db_path: Database,
) -> None:
    path = db_path
    store = await opened(path)
    try:
        async with store.unit() as unit:
            changed = await unit.retry_owed_now()
            await unit.update_game(2, name="renamed")
        assert changed.rows == 0
        assert await on_disk(path, "SELECT name FROM games WHERE id = 2") == [("renamed",)]  # on disk at once
        with pytest.raises(KeyError):
            async with store.unit() as unit:
                await unit.update_game(2, name="never")
                raise KeyError("the operation failed")
        assert await on_disk(path, "SELECT name FROM games WHERE id = 2") == [("renamed",)]
    finally:
        await store.close()


async def test_a_unit_cannot_read_and_the_reading_connection_cannot_write(db_path: Database) -> None:
    store = await opened(db_path)
    try:
        with pytest.raises(RuntimeError, match="cannot read"):
            async with store.unit() as unit:
                await unit.seats(1)
        with pytest.raises(READ_ONLY_ERRORS, match=r"read-?only"):
            await store.update_game(1, name="behind the writer's back")
    finally:
        await store.close()


async def test_new_games_are_numbered_after_the_stored_ones(db_path: Database) -> None:
    path = db_path
    await (await opened(path)).close()
    store = await Store.open(path)
    try:
        async with store.unit() as unit:
            game_id = await unit.insert_game(
                guild_id=1,
                channel_id=5,
                creator_id=1,
                name="fourth",
                settings={},
                status="lobby",
                seed=1,
                created_at=0.0,
            )
        assert game_id == 4
        assert await on_disk(path, "SELECT name FROM games WHERE id = 4") == [("fourth",)]
    finally:
        await store.close()
