"""How noisy a campaign is for its players: a six-player game of A Game of Thrones played by sensible AIs
sitting in person seats, through the table and the bot's own posting logic (the outbox poster), with
Discord stood in for by a recorder.

Prints, per round: the channel messages posted and edited, the pings (each person mentioned in a channel
message that notifies them), the DMs sent, and the decisions that needed a person; then the totals and the
pings per decision. Edits notify nobody, so they are counted apart.

    .venv/bin/python benchmarks/channel_noise.py [--seed 1] [--players 6] [--rounds 10]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import re
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from cogs.poster import OutboxPoster
from engine.core.rng import Rng
from engine.thrones import ai
from table import Actor, GameSettings, Table
from table.clock import FakeClock

GUILD, CHANNEL = 10, 100
MENTION = re.compile(r"<@!?(\d+)>")


class Recorder:
    """What the poster sends, edits and to whom: a channel or DM it posts in."""

    def __init__(self, where: str, counts: Counter[str], ids: itertools.count[int]) -> None:
        self.where = where
        self.counts = counts
        self.ids = ids

    async def send(self, content: str | None = None, **kwargs: Any) -> Any:
        self.counts[f"{self.where} messages"] += 1
        mentions = kwargs.get("allowed_mentions")
        allowed = {u.id for u in getattr(mentions, "users", None) or []} if mentions else set()
        if self.where == "channel" and content:
            self.counts["pings"] += len({int(m) for m in MENTION.findall(content)} & allowed)
        return SimpleNamespace(id=next(self.ids))

    def get_partial_message(self, message_id: int) -> Any:
        async def edit(**kwargs: Any) -> None:
            self.counts[f"{self.where} edits"] += 1

        return SimpleNamespace(id=message_id, edit=edit)


class RecordingBot:
    """The little of discord.py's client the poster uses."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.counts: Counter[str] = Counter()
        self.ids = itertools.count(1)

    def get_partial_messageable(self, channel_id: int) -> Recorder:
        return Recorder("channel", self.counts, self.ids)

    def get_channel(self, channel_id: int) -> None:
        return None

    async def create_dm(self, user: Any) -> Recorder:
        return Recorder("dm", self.counts, self.ids)


async def run(seed: int, players: int, rounds: int) -> int:
    with tempfile.TemporaryDirectory() as folder:
        table = await Table.open(Path(folder) / "noise.sqlite3", FakeClock())
        people = [Actor(i, f"Player {i}", guild_id=GUILD, channel_id=CHANNEL) for i in range(1, players + 1)]
        session = await table.create_game(
            people[0],
            channel_id=CHANNEL,
            guild_id=GUILD,
            settings=GameSettings(players=players, house_assignment="random"),
            seed=seed,
        )
        for person in people:
            await table.join(session.id, person)
        await table.start(session.id, people[0])
        by_house = {seat.house: people[index] for index, seat in enumerate(session.seats)}
        bot = RecordingBot(table)
        poster = OutboxPoster(bot)  # type: ignore[arg-type]
        rng = Rng(seed ^ 0xB0B)
        per_round: dict[int, Counter[str]] = defaultdict(Counter)
        while True:
            game = session.require_game()
            round_now = game.readout().round or 0
            before = Counter(bot.counts)
            await poster.flush()
            per_round[round_now].update(bot.counts - before)
            if game.over or round_now > rounds:
                break
            pending = game.pending()
            decision = pending[rng.below(len(pending))]
            per_round[round_now]["decisions"] += 1
            action = ai.choose(game, decision, "sensible", rng)  # type: ignore[arg-type]
            await table.submit(session.id, by_house[decision.house], action.format())
        await table.close()
    keys = ("channel messages", "channel edits", "pings", "dm messages", "decisions")
    print(f"{players}-player game, seed {seed}")
    print(f"{'round':>5} " + " ".join(f"{k:>17}" for k in keys))
    total: Counter[str] = Counter()
    for number in sorted(per_round):
        total.update(per_round[number])
        print(f"{number:>5} " + " ".join(f"{per_round[number][k]:>17}" for k in keys))
    print(f"{'all':>5} " + " ".join(f"{total[k]:>17}" for k in keys))
    played = max(1, len([n for n in per_round if n > 0]))
    print(
        f"per round: {total['channel messages'] / played:.1f} channel messages, "
        f"{total['pings'] / played:.1f} pings, {total['dm messages'] / played:.1f} DMs; "
        f"{total['pings'] / max(1, total['decisions']):.2f} channel pings per decision"
    )
    notified = total["pings"] + total["dm messages"]  # a DM notifies its reader as a mention does
    print(f"notifications (channel pings and DMs) per decision: {notified / max(1, total['decisions']):.2f}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    return asyncio.run(run(args.seed, args.players, args.rounds))


if __name__ == "__main__":
    sys.exit(main())
