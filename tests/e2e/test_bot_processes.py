"""Two ``bot.py`` processes, a shard each of two, on one PostgreSQL database, against the fake Discord: ten
games over two servers, one on each shard. DMs reach shard 0's process whatever the game's server, so
answers by DM cross to the process that does not hold the game's server. One process is killed (SIGKILL)
mid-game and started again. Afterwards: every acknowledged answer is in its game's log once, every outbox
item was posted, and none was posted twice; and a deadline both processes wait for passes once."""

from __future__ import annotations

import asyncio
import re
import signal
from collections import Counter
from pathlib import Path

import asyncpg

from table.table import Table
from tests.e2e.fake_discord import FakeChannel, FakeDiscord, FakeGuild, FakeMessage
from tests.e2e.harness import BotProcess
from tests.e2e.maester import WAIT, select_with_option

SEATS = {"stark": "alice", "lannister": "bob", "baratheon": "carol"}
ORDERS = {
    "stark": "orders the-shivering-sea=support+0 white-harbor=defense+1 winterfell=march+0",
    "lannister": "orders the-golden-sound=support+0 lannisport=defense+1 stoney-sept=march+0",
    "baratheon": "orders shipbreaker-bay=support+0 dragonstone=defense+1 kingswood=march+0",
}
GAMES = 10


async def command(
    fake: FakeDiscord, who: str, *path: str, channel: FakeChannel | str, **options: object
) -> str:
    """Run a command and return the bot's answer (a refusal fails the test)."""
    interaction = await fake.slash(who, *path, options=options, channel=channel)
    answer = await interaction.wait_message(timeout=WAIT * 2)
    assert not answer.content.startswith("❌"), (path, options, answer.content)
    return answer.content


async def new_game(fake: FakeDiscord, guild: FakeGuild, name: str) -> int:
    opened = await command(fake, "alice", "game", "create", channel=guild.channel, players=3, name=name)
    game_id = int(re.search(r"game \*\*(\d+)\*\*", opened).group(1))  # type: ignore[union-attr]
    for house, who in SEATS.items():
        await command(fake, who, "game", "join", channel=guild.channel, house=house, game=game_id)
    await command(fake, "alice", "game", "start", channel=guild.channel, game=game_id)
    return game_id


async def unsent(dsn: str) -> int:
    connection = await asyncpg.connect(dsn)
    try:
        return int(await connection.fetchval("SELECT count(*) FROM outbox WHERE sent_at IS NULL"))
    finally:
        await connection.close()


async def test_two_processes_on_one_database_share_ten_games_through_a_crash(
    fake: FakeDiscord, postgres_dsn: str, tmp_path: Path
) -> None:
    fake.shard_count = 2
    westeros = fake.guild()  # shard 1
    essos = fake.add_guild("Essos", members={who: [] for who in SEATS.values()}, shard=0)
    processes = [
        BotProcess(
            fake,
            database=postgres_dsn,  # type: ignore[arg-type]
            log_path=tmp_path / f"shard-{shard}.log",
            shards=(shard,),
            env={"MAESTER_DEV_GUILD_ID": ""},
        )
        for shard in (0, 1)
    ]
    second = processes[1]
    acknowledged: Counter[tuple[int, str]] = Counter()
    try:
        for process in processes:
            await process.start()
        servers = {}
        for number in range(GAMES):
            guild = (westeros, essos)[number % 2]
            game_id = await new_game(fake, guild, f"Game {number}")
            servers[game_id] = guild

        # Alice answers every game by DM: shard 0's process takes them all, half of them Westeros' games.
        for game_id in servers:
            await command(fake, "alice", "game", "act", channel="dm", line=ORDERS["stark"], game=game_id)
            acknowledged[game_id, "stark"] += 1

        # Bob answers in each game's channel: each server's process.
        for game_id, guild in list(servers.items())[: GAMES // 2]:
            await command(
                fake, "bob", "game", "act", channel=guild.channel, line=ORDERS["lannister"], game=game_id
            )
            acknowledged[game_id, "lannister"] += 1

        assert await second.kill() == -signal.SIGKILL  # Westeros' process dies mid-game
        for game_id in servers:  # Carol's answers by DM go on meanwhile, to shard 0's process
            await command(fake, "carol", "game", "act", channel="dm", line=ORDERS["baratheon"], game=game_id)
            acknowledged[game_id, "baratheon"] += 1
        await second.start()
        for game_id, guild in list(servers.items())[GAMES // 2 :]:
            await command(
                fake, "bob", "game", "act", channel=guild.channel, line=ORDERS["lannister"], game=game_id
            )
            acknowledged[game_id, "lannister"] += 1

        # The Messenger Raven's holder (Lannister: Bob) answers a Westeros game with a click on its DM
        # prompt: shard 0's process takes the click for a game of the other process's server.
        clicked = [game_id for game_id, guild in servers.items() if guild is westeros][1]

        def raven() -> list[FakeMessage]:
            return [
                m
                for m in fake.dms("bob")
                if "Messenger Raven" in m.text and f"(game {clicked})" in m.text and m.custom_ids()
            ]

        prompt = (await fake.wait_until(raven, WAIT * 2, "Bob's raven prompt"))[-1]
        select, value = select_with_option(prompt, "Do nothing")
        click = await fake.click("bob", prompt, select["custom_id"], [value])
        await click.wait_response(WAIT)
        acknowledged[clicked, "lannister"] += 1

        # A deadline a minute away (the shortest there is) in one of Westeros' games, which both processes
        # hold and tick for: the channel is told once that it passed.
        late_game, late_guild = next(iter(servers.items()))
        await command(
            fake, "alice", "mod", "deadline", channel=late_guild.channel, hours=0.017, game=late_game
        )

        def passed() -> list[str]:
            return [
                m.content
                for m in fake.messages
                if m.channel is late_guild.channel
                and "deadline passed" in m.content
                and f"(game {late_game})" in m.content
            ]

        await fake.wait_until(lambda: passed(), 90, "the deadline to pass")
        await asyncio.sleep(3)  # time enough for a second process to tell it again, were it to
        assert len(passed()) == 1, passed()

        for _ in range(200):  # the posters drain the outbox: the dead process's claims were let go
            if await unsent(postgres_dsn) == 0:
                break
            await asyncio.sleep(0.1)
        assert await unsent(postgres_dsn) == 0
    finally:
        for process in processes:
            await process.stop()

    table = await Table.open(postgres_dsn)
    try:
        for game_id in servers:
            log = await table.load_log(table.session(game_id))
            recorded = Counter((game_id, row.house) for row in log if row.forced is None)
            assert recorded == Counter({key: n for key, n in acknowledged.items() if key[0] == game_id})
    finally:
        await table.close()
    nonces = Counter(message.nonce for message in fake.messages if message.nonce is not None)
    assert nonces and max(nonces.values()) == 1  # no item posted twice (Discord keeps one per nonce)
    for process in processes:
        assert "Traceback" not in process.log(), process.log()[-3000:]
