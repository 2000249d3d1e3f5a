"""One schema on both databases: the same numbered migrations rewrite old rows alike on SQLite and on
PostgreSQL, Discord's ids (wider than 32 bits) keep every bit, and each write reports the rows it
changed."""

from __future__ import annotations

import json

from table.store import MIGRATIONS, Store
from tests.table.databases import Database, NewDatabase, run_script, run_sql

SNOWFLAKE = 1_234_567_890_123_456_789  # a Discord id: far past 32 bits


async def first_schema(database: Database) -> None:
    """An empty database as the first version of Maester left it."""
    await run_sql(database, "CREATE TABLE schema_version (version BIGINT NOT NULL)")
    await run_sql(database, "INSERT INTO schema_version VALUES (1)")
    await run_script(database, MIGRATIONS[0])


async def test_the_migrations_rewrite_old_rows_alike_on_both_databases(new_database: NewDatabase) -> None:
    database = await new_database(empty=True)
    await first_schema(database)
    old_settings = json.dumps({"players": 3, "moderator_role": "Maester"})
    await run_sql(
        database,
        "INSERT INTO games (id, channel_id, creator_id, name, settings, status, seed, created_at) "
        "VALUES (1, 100, 1, 'started', ?, 'active', 5, 0); "
        "INSERT INTO games (id, channel_id, creator_id, name, settings, status, seed, created_at) "
        "VALUES (2, 100, 1, 'lobby', ?, 'lobby', 5, 0)",
        old_settings,
    )
    for payload in ({"summary": ["a", "b"]}, {"text": "not a board"}, {"summary": ["c"]}):
        kind = "board" if "summary" in payload else "notice"
        await run_sql(
            database,
            "INSERT INTO outbox (game_id, kind, target, target_id, payload, created_at) "
            "VALUES (1, ?, 'channel', 100, ?, 0)",
            kind,
            json.dumps(payload),
        )
    await run_sql(
        database,
        "INSERT INTO actions (game_id, seq, house, notation, at) VALUES (1, 0, 'tyrell', ?, 0)",
        "tyrell: march redwyne-straights -> sunset-sea ship",
    )

    store = await Store.open(database)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        settings = {int(row["id"]): json.loads(row["settings"]) for row in await rows(store, "games")}
        # 2: the per-game role name goes; 5: a started game goes on without diplomacy, a lobby chooses
        assert settings == {1: {"players": 3, "diplomacy": "off"}, 2: {"players": 3}}
        assert await store.chronicle(1) == ["a", "b", "c"]  # 3: every board's lines, in order
        [action] = await store.live_actions(1)  # 4: the misspelt area
        assert action.notation == "tyrell: march redwyne-straits -> sunset-sea ship"
    finally:
        await store.close()


async def rows(store: Store, table: str) -> list[dict[str, object]]:
    async with store.db.execute(f"SELECT * FROM {table} ORDER BY 1") as cursor:
        return [dict(row) for row in await cursor.fetchall()]


async def test_discord_ids_keep_every_bit(db_path: Database) -> None:
    store = await Store.open(db_path)
    try:
        async with store.unit() as unit:
            game_id = await unit.insert_game(
                guild_id=SNOWFLAKE,
                channel_id=SNOWFLAKE + 1,
                creator_id=SNOWFLAKE + 2,
                name="wide",
                settings={},
                status="lobby",
                seed=2**63 - 1,
                created_at=0.5,
            )
            await unit.save_seats(
                game_id, [{"user_id": SNOWFLAKE + 3, "name": "A", "house": None, "ai": None}]
            )
            await unit.remember_post(game_id, "log", SNOWFLAKE + 4, SNOWFLAKE + 5)
        (stored,) = await store.stored_games(game_id)
        assert (stored.row["guild_id"], stored.row["channel_id"], stored.row["creator_id"]) == (
            SNOWFLAKE,
            SNOWFLAKE + 1,
            SNOWFLAKE + 2,
        )
        assert stored.row["seed"] == 2**63 - 1 and stored.row["created_at"] == 0.5
        assert stored.seats[0]["user_id"] == SNOWFLAKE + 3
        assert await store.post_of(game_id, "log") == (SNOWFLAKE + 4, SNOWFLAKE + 5)
    finally:
        await store.close()


async def test_each_write_reports_the_rows_it_changed(db_path: Database) -> None:
    store = await Store.open(db_path)
    try:
        async with store.unit() as unit:
            games = [
                await unit.insert_game(
                    guild_id=1,
                    channel_id=n,
                    creator_id=1,
                    name=f"game {n}",
                    settings={},
                    status="lobby",
                    seed=1,
                    created_at=0.0,
                )
                for n in range(2)
            ]
            for game_id in games * 3:
                await unit.add_outbox(
                    game_id, {"kind": "notice", "target": "channel", "target_id": 1, "payload": {}}, 0.0
                )
        items = [item.id for item in await store.unsent()]
        assert len(items) == 6
        async with store.unit() as unit:
            first = await unit.mark_sent(items[:3], at=10.0)
            again = await unit.mark_sent(items[1:4], at=20.0)  # two of them sent already
            await unit.owe(items[4], "missing permission", retry_at=99.0, told=True)
            await unit.owe(items[5], "missing permission", retry_at=99.0, told=True)
            retried = await unit.retry_owed_now([games[0], games[1], 12345])
        assert (first.rows, again.rows, retried.rows) == (3, 1, 2)
        async with store.unit() as unit:
            pruned = await unit.prune_sent(before=15.0)
            none_left = await unit.retry_owed_now()
        assert (pruned.rows, none_left.rows) == (3, 0)
    finally:
        await store.close()
