"""The real bot (``bot.py``, a process of its own) under many games answering at once, against the fake
Discord of the end-to-end tests.

Sets up ``--games`` started 3-player games, each in its own channel (the three players are the same three
people), with nothing left to post; starts the bot (logging at INFO, as deployed) and waits until it is
ready; then, ``--rounds`` times, has every game answer its
first waiting decision at once with ``/game act`` in the game's channel. Prints, per round: the median
and 99th percentile time from the interaction to the bot's acknowledgement (its first callback) and to
its answer (the message saying what was recorded), as the fake receives them; and the poster's lag: how
long after the last answer the outbox was empty again, the largest backlog seen, and the items posted
per second. The fake answers every request at once and does not rate-limit: what is measured is the bot
(though the fake shares the machine's cores with it).

With ``--processes 2`` (and a shared database: ``--database postgresql://USER@HOST/DB``, whose server
gets a database of the benchmark's own, dropped after), the same is measured twice in one run: by one bot
process, then by two processes with a shard each, the games spread over two servers, one on each shard.
Each prints its answers per second beside the figures.

    .venv/bin/python benchmarks/bot_load.py [--games 100] [--rounds 3] [--processes 2 --database URL]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_databases import BenchDatabases, connected  # noqa: E402
from table import Actor, GameSettings, Table  # noqa: E402
from tests.e2e.fake_discord import FakeDiscord, FakeGuild  # noqa: E402
from tests.e2e.harness import BotProcess  # noqa: E402

Database = str | Path

HOUSES = {"stark": "alice", "lannister": "bob", "baratheon": "carol"}
COLUMNS = [
    ("round", 5),
    ("ack median", 11),
    ("ack p99", 8),
    ("answer median", 14),
    ("answer p99", 11),
    ("poster lag", 11),
    ("backlog", 8),
    ("items/s", 8),
    ("answers/s", 10),
]


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


async def set_up(fake: FakeDiscord, path: Database, games: int, guilds: list[FakeGuild]) -> dict[int, Any]:
    """The games, started, written with the table itself, shared out among ``guilds`` (each with a channel
    a game); their outbox marked as posted. Returns each game's channel."""
    table = await Table.open(path)
    ids = {}
    try:
        for n in range(games):
            guild = guilds[n % len(guilds)]
            channel = next(c for c in guild.channels.values() if c.name == f"game-{n // len(guilds)}")
            seats = {
                house: Actor(fake.users[key].id, key, guild_id=guild.id, channel_id=channel.id)
                for house, key in HOUSES.items()
            }
            first = seats["stark"]
            session = await table.create_game(
                first, channel_id=channel.id, guild_id=guild.id, settings=GameSettings(players=3)
            )
            for house, actor in seats.items():
                await table.join(session.id, actor, house)
            await table.start(session.id, first)
            ids[session.id] = channel
    finally:
        await table.close()
    async with connected(path) as run:
        await run("UPDATE outbox SET sent_at = 0 WHERE sent_at IS NULL")
    return ids


async def next_answers(path: Database, ids: dict[int, Any]) -> dict[int, tuple[str, str]]:
    """Each game's first waiting decision: who answers it, and its default line (read from the store)."""
    table = await Table.open(path)
    try:
        answers = {}
        for game_id in ids:
            decision = table.session(game_id).pending()[0]
            answers[game_id] = (HOUSES[decision.house], decision.default.format())
        return answers
    finally:
        await table.close()


async def count(path: Database, sql: str) -> int:
    async with connected(path) as run:
        return int((await run(sql))[0][0])


async def backlog(path: Database) -> int:
    return await count(path, "SELECT count(*) FROM outbox WHERE sent_at IS NULL")


async def posted(path: Database) -> int:
    return await count(path, "SELECT count(*) FROM outbox WHERE sent_at > 0")


class TimedFake(FakeDiscord):
    """The fake Discord, noting when each interaction was acknowledged (its first callback) and answered
    (its original response edited, a follow-up, or a callback with a message), as the requests arrive."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.acked: dict[int, float] = {}
        self.answered: dict[int, float] = {}

    async def _r_callback(self, request: Any, interaction_id: str, token: str) -> Any:
        result = await super()._r_callback(request, interaction_id, token)
        now = time.monotonic()
        self.acked.setdefault(int(interaction_id), now)
        if self._interactions_by_id[int(interaction_id)].response_type == 4:  # answered at once
            self.answered.setdefault(int(interaction_id), now)
        return result

    async def _r_webhook_message_patch(self, request: Any, app_id: str, token: str, mid: str) -> Any:
        result = await super()._r_webhook_message_patch(request, app_id, token, mid)
        self.answered.setdefault(self._webhook_interaction(app_id, token).id, time.monotonic())
        return result

    async def _r_followup(self, request: Any, app_id: str, token: str) -> Any:
        result = await super()._r_followup(request, app_id, token)
        self.answered.setdefault(self._webhook_interaction(app_id, token).id, time.monotonic())
        return result


async def burst(fake: TimedFake, path: Database, ids: dict[int, Any]) -> dict[str, float]:
    answers = await next_answers(path, ids)
    before = await posted(path)
    started = time.monotonic()
    interactions = [
        await fake.slash(who, "game", "act", options={"line": line, "game": game_id}, channel=ids[game_id])
        for game_id, (who, line) in answers.items()
    ]
    while not all(i.id in fake.answered for i in interactions):
        await asyncio.sleep(0.01)
    answered = time.monotonic()
    refused = [i.text for i in interactions if not i.text.startswith("✅")]
    if refused:
        raise RuntimeError(f"{len(refused)} answer(s) refused, the first: {refused[0][:200]}")
    largest = 0
    while (waiting := await backlog(path)) > 0:
        largest = max(largest, waiting)
        await asyncio.sleep(0.05)
    drained = time.monotonic()
    acks = [fake.acked[i.id] - i.created for i in interactions]
    replies = [fake.answered[i.id] - i.created for i in interactions]
    return {
        "ack_median": statistics.median(acks),
        "ack_p99": p99(acks),
        "answer_median": statistics.median(replies),
        "answer_p99": p99(replies),
        "lag": drained - answered,
        "backlog": largest,
        "rate": (await posted(path) - before) / (drained - started),
        "answers": len(interactions) / (answered - started),
    }


async def measure(databases: BenchDatabases, games: int, rounds: int, processes: int) -> None:
    """Set the games up in a database of their own and have ``processes`` bot processes (a shard each)
    serve them, ``rounds`` times; print the figures."""
    path = await databases.new(f"bot-load-{processes}")
    servers = max(processes, 1)
    per_server = -(-games // servers)
    names = [f"game-{n}" for n in range(per_server)]
    async with TimedFake(channel_names=names, interaction_deadline=None, shard_count=processes) as fake:
        guilds = [fake.guild()] + [
            fake.add_guild(
                f"Server {n}", channel_names=names, members={k: [] for k in HOUSES.values()}, shard=0
            )
            for n in range(1, servers)
        ]
        ids = await set_up(fake, path, games, guilds)
        folder = Path(databases.folder)
        bots = [
            BotProcess(
                fake,
                database=path,  # type: ignore[arg-type]
                log_path=folder / f"bot-{processes}-{shard}.log",
                shards=(shard,) if processes > 1 else None,
                env={"MAESTER_DEV_GUILD_ID": ""},  # logging at INFO, as deployed
            )
            for shard in range(processes)
        ]
        for bot in bots:
            await bot.start(timeout=60)
        try:
            await fake.wait_until(lambda: fake.find_command("game") is not None, 60, "the commands")
            # Ready (on_ready logs it) once discord.py has seen every server, a couple of seconds after
            # identifying; the poster starts then, and the first round should not count that wait.
            await fake.wait_until(
                lambda: all("connected as" in bot.log() for bot in bots), 60, "the bots ready", poll=0.1
            )
            print(f"{games} games answering at once, through {processes} bot process(es) (seconds)")
            print(" ".join(f"{title:>{width}}" for title, width in COLUMNS))
            for number in range(1, rounds + 1):
                r = await burst(fake, path, ids)
                figures = [r["ack_median"], r["ack_p99"], r["answer_median"], r["answer_p99"], r["lag"]]
                print(
                    f"{number:>5} "
                    + " ".join(f"{f:>{w}.3f}" for f, (_, w) in zip(figures, COLUMNS[1:], strict=False))
                    + f" {r['backlog']:>8.0f} {r['rate']:>8.0f} {r['answers']:>10.0f}"
                )
        finally:
            for bot in bots:
                await bot.stop()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--processes", type=int, choices=(1, 2), default=1)
    parser.add_argument("--database", help="a postgresql:// URL of a server (default: SQLite files)")
    args = parser.parse_args()
    if args.processes > 1 and args.database is None:
        parser.error("several processes share one database: give --database postgresql://...")
    async with BenchDatabases(args.database) as databases:
        for processes in range(1, args.processes + 1):
            await measure(databases, args.games, args.rounds, processes)


if __name__ == "__main__":
    asyncio.run(main())
