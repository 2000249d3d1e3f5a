"""How long the table takes to be ready after a restart, with many stored games.

Plays ten 3-player games through the table, stopped in rounds 1 to 10 (every seat a person answering
with the defaults), copies them in the database to ``--games`` games at mixed points of play, then times
``Table.open`` (every game loaded, ready to answer) against an empty database opened in the same run,
the baseline. On SQLite (files in a temporary folder), or with ``--database postgresql://USER@HOST/DB`` on
databases it makes in that server and drops at the end (see ``bench_databases.py``).

    .venv/bin/python benchmarks/restart.py [--games 1000] [--database postgresql://...]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from pathlib import Path

from bench_databases import BenchDatabases, connected

from table import Actor, GameSettings, Table
from table.clock import FakeClock

GUILD = 10
HOUSES = ("stark", "lannister", "baratheon")
# Tables that hold a game's rows, with the column naming the game (those this version has).
GAME_TABLES = (
    "seats",
    "actions",
    "snapshots",
    "deadlines",
    "chronicle",
    "positions",
    "diplomacy_threads",
    "threads_synced",
)


async def templates(path: str | Path) -> list[int]:
    """Ten games, the n-th stopped as round n begins (the tenth in round 10)."""
    table = await Table.open(path, FakeClock())
    ids = []
    try:
        for stop in range(1, 11):
            seats = {
                h: Actor(100 * stop + i, f"P{i}", guild_id=GUILD, channel_id=stop)
                for i, h in enumerate(HOUSES)
            }
            first = seats[HOUSES[0]]
            session = await table.create_game(
                first, channel_id=stop, guild_id=GUILD, settings=GameSettings(players=3)
            )
            for house, actor in seats.items():
                await table.join(session.id, actor, house)
            await table.start(session.id, first)
            game = session.require_game()
            while game.readout().round < stop and not game.over:
                decision = game.pending()[0]
                await table.submit(session.id, seats[decision.house], decision.default.format())
            ids.append(session.id)
    finally:
        await table.close()
    return ids


async def copy_games(path: str | Path, sources: list[int], games: int) -> None:
    """Fill the database with ``games`` games, copies of the sources in turn (each with its own id,
    channel and name)."""
    async with connected(path) as run:
        columns = {}
        for table in ("games", *GAME_TABLES):
            # Read from a row of the table: the same on both databases (PostgreSQL's "rowid" is its own).
            rows = await run(f"SELECT * FROM {table} LIMIT 1")
            columns[table] = [c for c in (rows[0].keys() if rows else []) if c != "rowid"]
        tables = [t for t in GAME_TABLES if columns[t]]
        next_id = (await run("SELECT max(id) FROM games"))[0][0] + 1
        for n in range(games - len(sources)):
            source, new = sources[n % len(sources)], next_id + n
            game_columns = [c for c in columns["games"] if c not in ("id", "channel_id", "name")]
            await run(
                f"INSERT INTO games (id, channel_id, name, {', '.join(game_columns)}) "
                f"SELECT ?, ?, ?, {', '.join(game_columns)} FROM games WHERE id = ?",
                new,
                10_000 + new,
                f"Game {new}",
                source,
            )
            for table in tables:
                rest = [c for c in columns[table] if c != "game_id"]
                await run(
                    f"INSERT INTO {table} (game_id, {', '.join(rest)}) "
                    f"SELECT ?, {', '.join(rest)} FROM {table} WHERE game_id = ?",
                    new,
                    source,
                )


async def time_open(path: str | Path, repeats: int = 3) -> tuple[float, int]:
    """Median seconds to open the table (and how many games it loaded)."""
    times, loaded = [], 0
    for _ in range(repeats):
        started = time.perf_counter()
        table = await Table.open(path, FakeClock())
        times.append(time.perf_counter() - started)
        loaded = len(table.sessions)
        await table.close()
    return statistics.median(times), loaded


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--database", help="a PostgreSQL server's URL (default: SQLite files)")
    args = parser.parse_args()
    async with BenchDatabases(args.database) as databases:
        empty, stored = await databases.new("empty"), await databases.new("stored")
        await (await Table.open(empty)).close()
        sources = await templates(stored)
        await copy_games(stored, sources, args.games)
        baseline, _ = await time_open(empty)
        full, loaded = await time_open(stored)
        print(f"empty start: {baseline * 1e3:.1f} ms")
        print(
            f"{loaded} stored games (rounds 1 to 10): {full:.2f} s to ready, "
            f"{full / baseline:.1f}x an empty start"
        )
        print(f"per game: {(full - baseline) / max(loaded, 1) * 1e3:.2f} ms")


if __name__ == "__main__":
    asyncio.run(main())
