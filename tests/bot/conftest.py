"""Real decisions from real games (random legal play), and their prompt payloads as the table posts them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from engine.core.decisions import Decision
from engine.core.rng import Rng
from engine.thrones.game import ThronesGame
from engine.thrones.random_player import random_action
from table.clock import FakeClock
from table.outbox import decision_json
from table.table import Table
from table.thrones.extras import Extras, game_extras

KINDS = (
    "orders",
    "raven",
    "march",
    "muster",
    "bid",
    "rank",
    "raid",
    "support",
    "house-card",
    "reconcile",
    "casualties",
    "retreat",
    "accept-support",
    "wildling-swap",
    "wildling-destroy",
    "consolidate",
    "wildling-muster",
)


@dataclass
class Found:
    game: ThronesGame  # a copy of the game as it stood when the decision was pending
    decision: Decision

    @property
    def payload(self) -> dict[str, Any]:
        return payload_of(self.decision)

    @property
    def extras(self) -> Extras:
        return game_extras(self.game, decision_json(self.decision))

    def accepts(self, line: str) -> bool:
        """Whether the engine accepts the line for this decision (on a copy: the fixture stays as is)."""
        copy = ThronesGame.from_position(self.game.to_position())
        copy.apply(self.decision.house, line)
        return True


def payload_of(
    decision: Decision, game_id: int = 4242, due_at: float | None = 1_800_000_000.0
) -> dict[str, Any]:
    return {
        "game_id": game_id,
        "game_name": "A test game",
        "house": decision.house,
        "user_id": 111,
        "decision": decision_json(decision),
        "due_at": due_at,
    }


def play_until(kinds: set[str], seeds: range = range(1, 40)) -> dict[str, Found]:
    found: dict[str, Found] = {}
    for seed in seeds:
        game = ThronesGame.new(3 + seed % 4, seed, seed % 2 == 0)
        rng = Rng(seed ^ 0x5EED)
        while not game.over and not kinds <= set(found):
            pending = game.pending()
            for decision in pending:
                if decision.kind in kinds and decision.kind not in found:
                    found[decision.kind] = Found(ThronesGame.from_position(game.to_position()), decision)
            chosen = pending[rng.below(len(pending))]
            game.apply(chosen.house, random_action(game, chosen, rng))
        if kinds <= set(found):
            break
    return found


@pytest.fixture(scope="session")
def found() -> dict[str, Found]:
    """The first decision of each kind in :data:`KINDS`, from random games."""
    decisions = play_until(set(KINDS))
    missing = set(KINDS) - set(decisions)
    assert not missing, f"random play did not reach {missing}"
    return decisions


@pytest.fixture(scope="session")
def every_decision() -> list[Found]:
    """Every pending decision of two complete random games (3 and 6 players), for the limits."""
    collected: list[Found] = []
    for players, seed in ((3, 11), (6, 12)):
        game = ThronesGame.new(players, seed, True)
        rng = Rng(seed)
        while not game.over:
            pending = game.pending()
            snapshot = None
            for decision in pending:
                snapshot = snapshot or ThronesGame.from_position(game.to_position())
                collected.append(Found(snapshot, decision))
            chosen = pending[rng.below(len(pending))]
            game.apply(chosen.house, random_action(game, chosen, rng))
    return collected


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    """A table on a temporary SQLite file, with a clock moved by hand."""
    opened = await Table.open(tmp_path / "maester.sqlite3", FakeClock())
    yield opened
    await opened.close()
