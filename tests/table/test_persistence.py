"""Persistence: the schema, restarts (from the position saved with each change), and a process killed
after an acknowledged action."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from table import GameSettings, Table
from table.store import MIGRATIONS
from tests.table.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, three_player_game


async def test_the_schema_is_migrated(table):
    assert await table.store.schema_version() == len(MIGRATIONS)


@pytest.mark.sqlite_only  # SQLite's journal
async def test_a_sqlite_file_is_in_wal_mode(table):
    async with table.store.db.execute("PRAGMA journal_mode") as cursor:
        assert (await cursor.fetchone())[0] == "wal"


async def test_a_restart_reloads_every_game_from_its_saved_position(db_path, clock):
    table = await Table.open(db_path, clock)
    session = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=4)
    )
    await table.join(session.id, ALICE, "stark")
    for _ in range(3):
        await table.add_ai(session.id, ALICE)
    await table.start(session.id, ALICE)
    while len(table.session(session.id).log) <= 60:  # Alice answers; the AIs play on until her turn
        decision = table.session(session.id).game.decision_for("stark")
        await table.submit(session.id, ALICE, decision.default.format())
    before = table.session(session.id).game.to_position()
    played = len(table.session(session.id).log)
    assert played > 50
    assert await table.store.latest_snapshot(session.id) is not None
    await table.close()

    table = await Table.open(db_path, clock)
    reloaded = table.session(session.id)
    assert reloaded.game.to_position() == before
    assert not reloaded.log_read  # nothing was replayed: the log is read when something needs it
    assert reloaded.action_count == played and len(await table.load_log(reloaded)) == played
    await table.close()


async def test_a_lobby_survives_a_restart(db_path, clock):
    table = await Table.open(db_path, clock)
    session = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3)
    )
    await table.join(session.id, BOB, None)
    await table.close()
    table = await Table.open(db_path, clock)
    assert [seat.user_id for seat in table.session(session.id).seats] == [2]
    await table.close()


KILLED_AFTER_ACK = textwrap.dedent(
    """
    import asyncio, os, signal, sys
    from table import Actor, Table
    from table.clock import FakeClock

    async def main():
        table = await Table.open(sys.argv[1], FakeClock())
        session = table.session(int(sys.argv[2]))
        line = session.game.decision_for("stark").default.format()
        await table.submit(session.id, Actor(1, "Alice", guild_id=10, channel_id=100), line)
        print("ACK " + line, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)  # killed before any cleanup

    asyncio.run(main())
    """
)


async def test_an_acknowledged_action_survives_a_killed_process(db_path, clock):
    table = await Table.open(db_path, clock)
    game_id = await three_player_game(table)
    for house, actor in (("lannister", BOB), ("baratheon", CAROL)):
        await table.submit(game_id, actor, table.session(game_id).game.decision_for(house).default.format())
    sent = {item.id for item in await table.outbox()}
    for item_id in sent:
        await table.mark_sent(item_id)
    await table.close()

    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    result = subprocess.run(
        [sys.executable, "-c", KILLED_AFTER_ACK, str(db_path), str(game_id)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == -9, result.stderr
    acknowledged = result.stdout.strip().removeprefix("ACK ")

    table = await Table.open(db_path, clock)
    assert (await table.load_log(table.session(game_id)))[-1].notation == f"stark: {acknowledged}"
    assert table.session(game_id).game.decision_for("stark") is None
    unsent = await table.outbox()
    assert [item.payload["decision"]["kind"] for item in unsent if item.kind == "prompt"] == ["raven"]
    await table.close()


async def test_houses_dealt_at_the_start_survive_a_restart(db_path, clock):
    table = await Table.open(db_path, clock)
    session = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3, house_assignment="random")
    )
    for user in (ALICE, BOB, CAROL):
        await table.join(session.id, user)
    await table.start(session.id, ALICE)
    dealt = {seat.user_id: seat.house for seat in session.seats}
    await table.close()
    table = await Table.open(db_path, clock)
    assert {seat.user_id: seat.house for seat in table.session(session.id).seats} == dealt
    assert None not in dealt.values()
    await table.close()
