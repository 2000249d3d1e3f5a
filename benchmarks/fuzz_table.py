"""Fuzz the table's inputs: any person (players, moderators, strangers of another server, people writing
by DM), any operation, any text or number; a game is played on with real answers in between.

Prints how many operations were accepted, refused (a TableError: a message for the person), crashed
(any other exception), refused yet changed something, refused with an over-long message, and were slow;
exits with status 1 if any crashed, changed something on a refusal, or answered at length.

    .venv/bin/python benchmarks/fuzz_table.py [--operations 100000] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

from table import Actor, GameSettings, Table, TableError
from table.clock import FakeClock

GUILD, CHANNEL = 10, 100
PEOPLE = {
    "stark": Actor(1, "Alice", guild_id=GUILD, channel_id=CHANNEL),
    "lannister": Actor(2, "Bob", guild_id=GUILD, channel_id=CHANNEL),
    "baratheon": Actor(3, "Carol", guild_id=GUILD, channel_id=CHANNEL),
}
OTHERS = [
    Actor(4, "Dave", guild_id=GUILD, channel_id=CHANNEL),
    Actor(5, "Admin", admin=True, guild_id=GUILD, channel_id=CHANNEL),
    Actor(6, "Maester", roles=frozenset({77}), guild_id=GUILD, channel_id=CHANNEL),
    Actor(9, "Mallory", admin=True, roles=frozenset({88}), guild_id=20, channel_id=200),
    Actor(2, "Bob", guild_id=None, channel_id=1),
    Actor(4, "Dave", guild_id=None, channel_id=2),
    Actor(1, "Alice", guild_id=GUILD, channel_id=CHANNEL + 1),
]
WORDS = [
    "bid", "orders", "march", "raid", "muster", "choose", "play", "raven", "none", "->", "winterfell",
    "stark", "footman", "footmen", "knight", "=", "march+1*", "defense+1", "9" * 12, "²", "\ud800", "-1",
    ",", ":", "lannister:", "the-narrow-sea", "peek", "keep", "0", "3",
]  # fmt: skip


def random_text(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.4:
        return " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 8)))
    if roll < 0.6:
        return "".join(chr(rng.randint(0, 0x2FFF)) for _ in range(rng.randint(0, 30)))
    if roll < 0.7:
        return rng.choice(WORDS) * rng.randint(1, 3000)
    return rng.choice(["bid 1", "raven none", "stark", "lannister", "", " ", "none"])


def random_number(rng: random.Random) -> int:
    return rng.choice([0, 1, 2, 3, -1, 59, 3600, 10**6, 2**63, 2**70, -(2**70), rng.randint(-5, 5)])


OPERATIONS: dict[str, Any] = {
    "submit": lambda t, g, a, x, n, h: t.submit(g, a, x),
    "submit-as": lambda t, g, a, x, n, h: t.submit(g, a, x, house=h),
    "submit-expecting": lambda t, g, a, x, n, h: t.submit(g, a, x, expect=h),
    "force": lambda t, g, a, x, n, h: t.force(g, a, h, x, reason=x),
    "undo": lambda t, g, a, x, n, h: t.undo(g, a, count=n, reason=x),
    "preview": lambda t, g, a, x, n, h: t.undo_preview(g, a, count=n),
    "pause": lambda t, g, a, x, n, h: t.pause(g, a, reason=x),
    "resume": lambda t, g, a, x, n, h: t.resume(g, a, reason=x),
    "deadline": lambda t, g, a, x, n, h: t.set_deadline(g, a, seconds=n, house=h, reason=x),
    "replace": lambda t, g, a, x, n, h: t.replace_player(g, a, h, n, x, reason=x),
    "remove": lambda t, g, a, x, n, h: t.remove_player(g, a, h, x, reason=x),
    "join": lambda t, g, a, x, n, h: t.join(g, a, h),
    "role": lambda t, g, a, x, n, h: t.set_moderator_role(a, n),
    "chronicle": lambda t, g, a, x, n, h: t.chronicle(g, a, limit=5),
    "find": lambda t, g, a, x, n, h: _sync(t.find(a, n)),
}


async def _sync(value: Any) -> Any:
    return value


def state_of(table: Table) -> Any:
    return [
        (
            s.id,
            s.status,
            [seat.to_row() for seat in s.seats],
            None if s.game is None else s.game.to_position(),
            len(s.log),
            dict(s.settings.deadlines),
        )
        for s in sorted(table.sessions.values(), key=lambda s: s.id)
    ], dict(table.moderator_roles)


async def new_game(table: Table, seed: int) -> int:
    admin = OTHERS[1]
    session = await table.create_game(
        admin, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3), seed=seed
    )
    for house, person in PEOPLE.items():
        await table.join(session.id, person, house)
    await table.start(session.id, admin)
    return session.id


async def run(operations: int, seed: int) -> int:
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    crashes: list[str] = []
    slowest = (0.0, "")
    with tempfile.TemporaryDirectory() as folder:
        table = await Table.open(Path(folder) / "fuzz.sqlite3", FakeClock())
        await table.set_moderator_role(OTHERS[1], 77)
        game_id = await new_game(table, seed)
        started = time.perf_counter()
        for number in range(operations):
            session = table.sessions.get(game_id)
            if session is None or session.status != "active" or rng.random() < 0.3:
                if session is None or session.status in ("over", "ended"):
                    game_id = await new_game(table, rng.randrange(1, 2**31))
                    continue
                if session.status == "paused":
                    await table.resume(game_id, OTHERS[1])
                    continue
                decision = session.pending()[0]  # the game goes on: a moderator answers with the default
                await table.force(game_id, OTHERS[1], decision.house)
                continue
            name = rng.choice(sorted(OPERATIONS))
            actor = rng.choice([*PEOPLE.values(), *OTHERS])
            text, value = random_text(rng), random_number(rng)
            house = rng.choice([*PEOPLE, "greyjoy", text])
            before = state_of(table)
            began = time.perf_counter()
            try:
                await OPERATIONS[name](table, game_id, actor, text, value, house)
                counts["accepted"] += 1
            except TableError as error:
                counts["refused"] += 1
                if len(str(error)) > 600:
                    counts["refusal over 600 chars"] += 1
                if state_of(table) != before:
                    counts["refused but changed"] += 1
                    crashes.append(f"{name} by {actor.label}: {text[:60]!r} changed the state")
            except Exception:
                counts["crashed"] += 1
                crashes.append(f"{name} by {actor.label} ({text[:60]!r}, {value}):\n{traceback.format_exc()}")
            took = time.perf_counter() - began
            if took > slowest[0]:
                slowest = (took, f"{name} {text[:40]!r}")
            if took > 1.0:
                counts["slower than 1 s"] += 1
            if number and number % 10_000 == 0:
                print(f"  {number} operations, {time.perf_counter() - started:.0f} s", file=sys.stderr)
        await table.close()
    print(f"operations: {operations} (seed {seed})")
    keys = (
        "accepted",
        "refused",
        "crashed",
        "refused but changed",
        "refusal over 600 chars",
        "slower than 1 s",
    )
    for key in keys:
        print(f"{key:>24}: {counts[key]}")
    print(f"{'slowest':>24}: {slowest[0] * 1000:.1f} ms ({slowest[1]})")
    for crash in crashes[:5]:
        print(crash)
    return 1 if counts["crashed"] or counts["refused but changed"] or counts["refusal over 600 chars"] else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--operations", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    return asyncio.run(run(args.operations, args.seed))


if __name__ == "__main__":
    sys.exit(main())
