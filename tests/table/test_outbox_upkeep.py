"""The outbox stays small and quick: what is asked of one game goes through its index, and delivered items
are forgotten after the retention period, never one still to send or owed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import asyncpg
import pytest

from table import Table
from table.clock import FakeClock
from tests.table.conftest import play_defaults, three_player_game

DAY = 24 * 3600.0


def plan(path: Path, query: str, *args: object) -> str:
    with sqlite3.connect(path) as db:
        return " ".join(row[3] for row in db.execute("EXPLAIN QUERY PLAN " + query, args))


@pytest.mark.sqlite_only  # SQLite's query plans
async def test_the_queries_of_the_outbox_use_its_indexes(table: Table, db_path: Path) -> None:
    await three_player_game(table)
    per_game = (
        "UPDATE outbox SET retry_at = NULL WHERE game_id = ? AND sent_at IS NULL AND retry_at IS NOT NULL"
    )
    assert "INDEX outbox_by_game (game_id=?)" in plan(db_path, per_game, 1)
    unsent = "SELECT id FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT ?"
    assert "INDEX outbox_unsent (sent_at=?)" in plan(db_path, unsent, 100)
    pruned = "DELETE FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ?"
    assert "INDEX outbox_unsent (sent_at>? AND sent_at<?)" in plan(db_path, pruned, 1.0)


@pytest.mark.postgres_only  # PostgreSQL's query plans
async def test_the_queries_of_the_outbox_can_use_its_indexes_on_postgresql(
    table: Table, db_path: str
) -> None:
    await three_player_game(table)
    connection = await asyncpg.connect(db_path)
    try:
        await connection.execute("SET enable_seqscan = off")  # a table this small is read whole otherwise

        async def plan(query: str, *args: object) -> str:
            return " ".join(row[0] for row in await connection.fetch("EXPLAIN " + query, *args))

        per_game = (
            "UPDATE outbox SET retry_at = NULL WHERE game_id = $1 AND sent_at IS NULL "
            "AND retry_at IS NOT NULL"
        )
        assert "outbox_by_game" in await plan(per_game, 1)
        assert "outbox_unsent" in await plan(
            "SELECT id FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT $1", 100
        )
        assert "outbox_unsent" in await plan(
            "DELETE FROM outbox WHERE sent_at IS NOT NULL AND sent_at < $1", 1.0
        )
    finally:
        await connection.close()


async def test_delivered_items_are_forgotten_after_the_retention_period(
    table: Table, clock: FakeClock
) -> None:
    game_id = await three_player_game(table)
    old = await table.outbox(1000)
    owed = old[0]
    await table.owe(owed, "I lack Send Messages", 60.0, True)
    assert await table.mark_all_sent([item.id for item in old[1:]]) == len(old) - 1
    clock.advance(table.outbox_retention - 1)
    await play_defaults(table, game_id)  # new items, still to send
    assert await table.prune_outbox() == 0  # not old enough yet
    recent = await table.outbox(1000)
    await table.mark_sent(recent[-1].id)  # delivered just now
    clock.advance(2)
    assert await table.prune_outbox() == len(old) - 1
    kept = {item.id for item in await table.outbox(1000)}
    assert owed.id in kept and {i.id for i in recent[:-1]} <= kept  # owed and unsent items stay
    async with table.store.db.execute("SELECT count(*) FROM outbox WHERE sent_at IS NOT NULL") as cursor:
        assert (await cursor.fetchone())[0] == 1  # the one delivered just now
