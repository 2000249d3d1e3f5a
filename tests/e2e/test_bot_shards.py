"""Maester as several processes over Discord's shards: two ``bot.py`` processes, one shard each of two,
connected to the fake Discord. Each gets the servers of its shard and their commands, and shard 0's the
DMs. Each process has its own SQLite file here; processes sharing the games on PostgreSQL are
tests/e2e/test_bot_processes.py's."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotProcess
from tests.e2e.maester import WAIT


def games_in(database: Path) -> list[tuple[int, str]]:
    with sqlite3.connect(database) as db:
        return [(guild, name) for guild, name in db.execute("SELECT guild_id, name FROM games ORDER BY id")]


def commands_logged(process: BotProcess) -> list[tuple[str, int]]:
    """The commands a process ran, as it logged them: (name, channel id)."""
    return [
        (name, int(channel))
        for name, channel in re.findall(r"INFO\s+maester: /(.+?) by user \d+ in channel (\d+)", process.log())
    ]


async def test_two_processes_each_answer_their_shards_servers_and_shard_zero_the_dms(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    fake.shard_count = 2
    westeros = fake.guild()  # its id puts it on shard 1
    essos = fake.add_guild("Essos", members={"alice": []}, shard=0)
    assert (fake.shard_of(westeros), fake.shard_of(essos)) == (1, 0)
    processes = [
        BotProcess(
            fake,
            database=tmp_path / f"shard-{shard}.sqlite3",
            log_path=tmp_path / f"shard-{shard}.log",
            shards=(shard,),
            env={"MAESTER_DEV_GUILD_ID": ""},  # global commands: offered in both servers and in DMs
        )
        for shard in (0, 1)
    ]
    first, second = processes
    try:
        for process in processes:
            await process.start()
        assert [identify["shard"] for identify in fake.identifies] == [[0, 2], [1, 2]]
        for process in processes:
            await fake.wait_until(lambda p=process: "to 1 server(s)" in p.log(), WAIT, "on_ready")

        for guild, name in ((westeros, "North"), (essos, "Pentos")):
            created = await fake.slash(
                "alice", "game", "create", options={"players": 3, "name": name}, channel=guild.channel
            )
            opened = await created.wait_message(timeout=WAIT)
            assert name in opened.content and "game **" in opened.content, opened.content
        helped = await fake.slash("alice", "game", "help", channel="dm")
        assert "/game create" in (await helped.wait_message(timeout=WAIT)).content

        dm = fake.dm_channel("alice")
        expected = [("game create", essos.channel.id), ("game help", dm.id)]
        # A command is logged once it has answered: wait for the last one's line.
        await fake.wait_until(lambda: commands_logged(first) == expected, WAIT, "shard 0's commands")
        await fake.wait_until(
            lambda: commands_logged(second) == [("game create", westeros.channel.id)], WAIT, "shard 1's"
        )
        assert games_in(first.database) == [(essos.id, "Pentos")]
        assert games_in(second.database) == [(westeros.id, "North")]
    finally:
        for process in processes:
            await process.stop()
    assert not fake.shard_connected(0) and not fake.shard_connected(1)
