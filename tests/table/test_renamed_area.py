"""The area once stored as ``redwyne-straights`` (a misspelling) is ``redwyne-straits``: games written
before the rename, in the database or in an export, load and play on unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import aiosqlite
import pytest

from table import GameSettings, Table
from table.store import MIGRATIONS
from tests.table.conftest import ADMIN, ALICE, CHANNEL, GUILD

OLD, NEW = "redwyne-straights", "redwyne-straits"


async def tyrell_game(table: Table) -> int:
    """A 6-player game where Alice (Tyrell, whose ship starts in the Redwyne Straits) has placed her
    orders, and five AIs theirs."""
    session = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=6)
    )
    await table.join(session.id, ALICE, "tyrell")
    for _ in range(5):
        await table.add_ai(session.id, ALICE)
    await table.start(session.id, ALICE)
    await table.submit(
        session.id, ALICE, "orders highgarden=march+0 dornish-marches=defense+1 redwyne-straits=support+0"
    )
    return session.id


async def as_schema(full: Path, path: Path, version: int) -> None:
    """A database at ``path`` as schema ``version`` held the one at ``full``: that version's tables and
    columns (later migrations only add), with the rows of ``full``."""
    async with aiosqlite.connect(path) as db:
        await db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        await db.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))
        for script in MIGRATIONS[:version]:
            await db.executescript(script.sqlite)
        await db.execute("ATTACH DATABASE ? AS full", (str(full),))
        async with db.execute(
            "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name != 'schema_version'"
        ) as cursor:
            tables = [row[0] for row in await cursor.fetchall()]
        for name in tables:
            async with db.execute(f"PRAGMA main.table_info({name})") as cursor:
                columns = ", ".join(row[1] for row in await cursor.fetchall())
            await db.execute(f"INSERT INTO main.{name} ({columns}) SELECT {columns} FROM full.{name}")
        await db.commit()


@pytest.mark.sqlite_only  # rebuilds an older schema with SQLite's ATTACH; tests/table/test_schema.py: both
async def test_a_database_written_with_the_old_id_is_migrated_and_plays_on(tmp_path: Path) -> None:
    path, full = tmp_path / "old.sqlite3", tmp_path / "full.sqlite3"
    table = await Table.open(full)
    game_id = await tyrell_game(table)
    async with table.store.unit() as unit:
        await unit.save_snapshot(
            game_id, len(table.session(game_id).log) - 1, table.session(game_id).game.to_position()
        )
    position = table.session(game_id).game.to_position()
    await table.close()
    await as_schema(full, path, 3)
    async with aiosqlite.connect(path) as db:  # as the previous version wrote it
        await db.execute("UPDATE actions SET notation = replace(notation, ?, ?)", (NEW, OLD))
        await db.execute("UPDATE snapshots SET position = replace(position, ?, ?)", (NEW, OLD))
        await db.execute("UPDATE outbox SET payload = replace(payload, ?, ?)", (NEW, OLD))
        await db.commit()
        async with db.execute("SELECT count(*) FROM actions WHERE notation LIKE ?", (f"%{OLD}%",)) as cursor:
            assert (await cursor.fetchone())[0] == 1

    table = await Table.open(path)
    try:
        assert await table.store.schema_version() == len(MIGRATIONS)
        session = table.session(game_id)
        assert session.broken is None and session.game.to_position() == position
        async with table.store.db.execute(
            "SELECT (SELECT count(*) FROM actions WHERE notation LIKE ?) + "
            "(SELECT count(*) FROM snapshots WHERE position LIKE ?) + "
            "(SELECT count(*) FROM outbox WHERE payload LIKE ?)",
            (f"%{OLD}%",) * 3,
        ) as cursor:
            assert (await cursor.fetchone())[0] == 0
        async with table.store.db.execute(
            "SELECT count(*) FROM actions WHERE notation LIKE ?", (f"%{NEW}%",)
        ) as cursor:
            assert (await cursor.fetchone())[0] == 1
    finally:
        await table.close()


async def test_an_export_written_with_the_old_id_imports(table: Table) -> None:
    game_id = await tyrell_game(table)
    exported = json.loads(json.dumps(await table.export(game_id, ADMIN)).replace(NEW, OLD))
    assert any(OLD in a["notation"] for a in exported["actions"]) and OLD in json.dumps(exported["position"])
    copy = await table.import_game(ADMIN, exported, channel_id=300, guild_id=GUILD, members=lambda _: True)
    assert copy.game.to_position() == table.session(game_id).game.to_position()
    assert OLD not in json.dumps(copy.game.to_position())
