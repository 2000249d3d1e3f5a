"""Prompts are drawn by the screens of the game their payload names: A Game of Thrones' for payloads that
name none (stored before games were plugins), and the shared generic screens for a game that only lists
its answers."""

from __future__ import annotations

from typing import Any

import pytest

from cogs import prompts
from cogs.ids import parse
from cogs.screens import GameScreens, game_of, screens_for
from cogs.thrones import SCREENS
from data import games
from data.games import GameEntry
from table.table import Table
from tests.bot.conftest import Found
from tests.table.conftest import ALICE, three_player_game


def ops(message: prompts.PromptMessage) -> set[str]:
    assert message.view is not None
    return {parse(c["custom_id"]).op for row in message.view.to_components() for c in row["components"]}


def test_a_prompt_payload_without_a_game_is_read_as_thrones(found: dict[str, Found]) -> None:
    orders = found["orders"]
    payload = orders.payload
    assert "game" not in payload  # as the outbox stored prompts before games were plugins
    assert game_of(payload) == "thrones" and screens_for(payload) is SCREENS
    message = prompts.build_prompt(payload, orders.extras)
    assert {"os", "ok", "t"} <= ops(message)  # the orders screen of A Game of Thrones
    assert (message.embed.title or "").startswith("House ")


async def test_the_tables_prompts_name_their_game(table: Table) -> None:
    game_id = await three_player_game(table)
    payload = table.my_decision(game_id, ALICE)
    assert payload is not None and payload["game"] == "thrones"
    assert all(i.payload["game"] == "thrones" for i in await table.outbox() if i.kind == "prompt")


class Coins(GameScreens):
    """A game that only lists its answers: the shared screens do everything."""

    id = "coins"

    def seat_name(self, seat: str, language: str = "en") -> str:
        return f"Player {seat}"

    def describe(self, line: str, kind: str | None = None, language: str = "en") -> str:
        return f"Take {line.split()[-1]} coin(s)"


COINS = Coins()


@pytest.fixture
def coins(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = GameEntry("coins", "Coins", "x:X", "x:X", f"{__name__}:COINS", "x:X")
    monkeypatch.setitem(games._GAMES, "coins", entry)


def test_a_game_that_lists_its_answers_gets_the_shared_screens(coins: None) -> None:
    decision: dict[str, Any] = {
        "house": "red",
        "kind": "take",
        "prompt": "How many coins?",
        "secret": True,
        "default": "red: take 1",
        "options": [f"red: take {n}" for n in (1, 2, 3)],
        "schema": None,
    }
    payload = {"game": "coins", "game_id": 7, "game_name": "Coins", "user_id": 1, "decision": decision}
    message = prompts.build_prompt(payload, None)
    assert message.embed.title == "Player red: Take"
    assert message.view is not None
    select = message.view.to_components()[0]["components"][0]
    assert [o["label"] for o in select["options"]] == ["Take 1 coin(s)", "Take 2 coin(s)", "Take 3 coin(s)"]
    reaction = prompts.react(payload, None, parse(select["custom_id"]), ["2"])
    assert reaction == prompts.Submit("take 3")
    assert prompts.answered_message(payload, "take 3", channel=True).embed.description.startswith(
        "✅ Player red answered: **Take 3 coin(s)**"
    )


def test_a_game_with_its_engine_alone_is_not_offered_at_the_table() -> None:
    from data.games import GameEntry, games, register

    register(GameEntry("half-built", "A half-built game", engine="tests.games.duel.engine:DuelGame"))
    assert "half-built" not in [entry.id for entry in games()]
    assert "half-built" in [entry.id for entry in games(complete=False)]
