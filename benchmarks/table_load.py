"""How the table keeps up with many games answering at once, through its real write path.

Sets up 1, 10 and 100 started 3-player games (people in every seat), then has every game answer its
waiting decisions with their defaults at the same time, and prints, per load: the median and 99th
percentile time from ``Table.submit`` being called to its return (the action durable and acknowledged),
actions per second, and each figure as a ratio against the single-game run of the same process (the
baseline). A second part puts 100 and then 1,000 quiet games beside one busy game and prints the busy
game's per-action time, to show whether an action's cost grows with the number of games.

On SQLite (files in a temporary folder), or with ``--database postgresql://USER@HOST/DB`` on databases it
makes in that server and drops at the end (see ``bench_databases.py``).

    .venv/bin/python benchmarks/table_load.py [--actions 30] [--loads 1,10,100] [--quiet 100,1000] \
        [--database postgresql://...]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from bench_databases import BenchDatabases

from table import Actor, GameSettings, Table
from table.clock import FakeClock

GUILD = 10
HOUSES = ("stark", "lannister", "baratheon")


def people(game_number: int) -> dict[str, Actor]:
    channel = 1000 + game_number
    return {
        house: Actor(
            10_000 * (game_number + 1) + i, f"P{game_number}-{i}", guild_id=GUILD, channel_id=channel
        )
        for i, house in enumerate(HOUSES)
    }


async def started_game(table: Table, number: int) -> tuple[int, dict[str, Actor]]:
    seats = people(number)
    first = seats[HOUSES[0]]
    session = await table.create_game(
        first, channel_id=first.channel_id, guild_id=GUILD, settings=GameSettings(players=3)
    )
    for house, actor in seats.items():
        await table.join(session.id, actor, house)
    await table.start(session.id, first)
    return session.id, seats


async def answer(
    table: Table, game_id: int, seats: dict[str, Actor], actions: int, times: list[float]
) -> None:
    """Answer the game's waiting decisions with their defaults, ``actions`` times."""
    for _ in range(actions):
        game = table.session(game_id).require_game()
        pending = game.pending()
        if not pending:
            return
        decision = pending[0]
        started = time.perf_counter()
        await table.submit(game_id, seats[decision.house], decision.default.format())
        times.append(time.perf_counter() - started)


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


async def load(databases: BenchDatabases, games: int, actions: int) -> tuple[float, float, float]:
    """(median s, p99 s, actions/s) with ``games`` games answering at once."""
    table = await Table.open(await databases.new(f"load-{games}"), FakeClock())
    try:
        started = [await started_game(table, n) for n in range(games)]
        times: list[float] = []
        wall = time.perf_counter()
        await asyncio.gather(*(answer(table, g, seats, actions, times) for g, seats in started))
        wall = time.perf_counter() - wall
    finally:
        await table.close()
    return statistics.median(times), p99(times), len(times) / wall


async def quiet(databases: BenchDatabases, idle: int, actions: int) -> float:
    """Median seconds per action of one busy game among ``idle`` started games that wait: its submit and
    the deadline ticker's wake that follows it, as the bot runs them."""
    table = await Table.open(await databases.new(f"quiet-{idle}"), FakeClock())
    try:
        for n in range(idle):
            await started_game(table, n + 1)
        game_id, seats = await started_game(table, 0)
        times: list[float] = []
        for _ in range(actions):
            decision = table.session(game_id).require_game().pending()[0]
            started = time.perf_counter()
            await table.submit(game_id, seats[decision.house], decision.default.format())
            await table.tick()
            times.append(time.perf_counter() - started)
    finally:
        await table.close()
    return statistics.median(times)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=30, help="actions per game (30)")
    parser.add_argument("--loads", default="1,10,100", help="concurrent games, comma separated")
    parser.add_argument("--quiet", default="100,1000", help="quiet games beside a busy one")
    parser.add_argument("--database", help="a PostgreSQL server's URL (default: SQLite files)")
    args = parser.parse_args()
    async with BenchDatabases(args.database) as databases:
        baseline: tuple[float, float, float] | None = None
        print(
            f"{'games':>6} {'median ms':>10} {'p99 ms':>8} {'actions/s':>10}   "
            "ratio to 1 game (median, p99, rate)"
        )
        for games in (int(x) for x in args.loads.split(",")):
            median, tail, rate = await load(databases, games, args.actions)
            baseline = baseline or (median, tail, rate)
            print(
                f"{games:>6} {median * 1e3:>10.2f} {tail * 1e3:>8.2f} {rate:>10.0f}   "
                f"{median / baseline[0]:.1f}x {tail / baseline[1]:.1f}x {rate / baseline[2]:.2f}x"
            )
        first: float | None = None
        for idle in (int(x) for x in args.quiet.split(",")):
            median = await quiet(databases, idle, args.actions)
            first = first or median
            print(
                f"one busy game beside {idle:>5} quiet ones: {median * 1e3:.2f} ms per action "
                f"({median / first:.2f}x)"
            )


if __name__ == "__main__":
    asyncio.run(main())
