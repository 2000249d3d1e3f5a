"""The end-of-game report (engine/thrones/report.py): a battle counted for its winner and its loser with
the house cards played, castles and strongholds at each round's end, the power every house gained, and
the standings; read from a replay, without changing the game it starts from."""

from __future__ import annotations

import json
import sys

import pytest

from engine.core.game import ReplayError
from engine.core.random_player import play_random_game
from engine.core.rng import Rng
from engine.thrones import control
from engine.thrones.board import FACTS
from engine.thrones.control import castle_counts
from engine.thrones.game import ThronesGame
from engine.thrones.victory import standings
from tests.engine.scenario import scenario

# Round 2, the Action phase: Lannister marches two knights from The Twins on Stark's footman in Moat
# Cailin, a castle. Lannister plays Tywin Lannister (4, and 2 power for winning), Stark The Blackfish (1).
BATTLE = """
players = 3
round = 2
step = "march"

[units]
winterfell = "stark knight footman"
white-harbor = "stark footman"
moat-cailin = "stark footman"
the-twins = "lannister knight knight"
lannisport = "lannister footman"
dragonstone = "baratheon knight footman"

[orders]
the-twins = "lannister march+0"
"""


def test_a_battle_and_the_castles_at_each_rounds_end() -> None:
    start = ThronesGame.from_scenario(BATTLE)
    before = start.to_position()
    lines = [
        "lannister: march the-twins -> moat-cailin knight knight",
        "lannister: play tywin-lannister",
        "stark: play the-blackfish",
        "stark: choose winterfell",  # the retreat; the round ends, and round 3's Westeros phase asks
    ]
    report = start.report(lines)
    assert start.to_position() == before  # the report replays a copy
    game = ThronesGame.replay(lines, position=before)
    assert game.state.round == 3

    houses = report["houses"]
    assert (houses["lannister"]["battles_won"], houses["lannister"]["battles_lost"]) == (1, 0)
    assert (houses["stark"]["battles_won"], houses["stark"]["battles_lost"]) == (0, 1)
    assert houses["baratheon"]["battles_won"] == houses["baratheon"]["battles_lost"] == 0
    assert houses["lannister"]["cards"] == ["tywin-lannister"]
    assert houses["stark"]["cards"] == ["the-blackfish"] and houses["baratheon"]["cards"] == []
    assert {h: d["power_gained"] for h, d in houses.items()} == {"stark": 0, "lannister": 2, "baratheon": 0}

    # Moat Cailin changed hands in round 2; round 3 is under way, and counted as the game stands.
    assert report["rounds"] == [2, 3] and report["round"] == 3
    at_start = {h: d["castles_at_start"] for h, d in houses.items()}
    assert at_start == {"stark": 3, "lannister": 1, "baratheon": 1}
    assert {h: d["castles"] for h, d in houses.items()} == {
        "stark": [2, 2],
        "lannister": [2, 2],
        "baratheon": [1, 1],
    }
    assert not report["over"] and report["winner"] is None
    # not over: the standings as they stand (2 castles each, 1 stronghold each: then supply decides)
    assert report["standings"] == standings(game.state) and report["standings"][-1] == "baratheon"
    assert json.loads(json.dumps(report)) == report


def test_a_line_that_does_not_apply_is_named() -> None:
    start = ThronesGame.from_scenario(BATTLE)
    with pytest.raises(ReplayError, match="line 2"):
        start.report(["lannister: march the-twins -> moat-cailin knight knight", "stark: bid 99"])


def test_the_skinchanger_scouts_refund_is_power_gained() -> None:
    # A wildling attack of strength 4 draws the Skinchanger Scout; Stark bids 3 of its 5 power, Baratheon
    # 1 of its 2: the Night's Watch holds, and Stark, the highest bidder, gets its 3 back.
    attack = {"kind": "wildling-attack", "strength": 4, "participants": ["baratheon", "lannister", "stark"]}
    deck = ["skinchanger-scout", *(c for c in sorted(FACTS.wildling_cards) if c != "skinchanger-scout")]
    power = {"stark": 5, "baratheon": 2, "lannister": 0}
    start = scenario(
        3, 0, stack=[{"kind": "round", "next": "planning"}, attack], wildling_deck=deck, power=power
    )
    report = start.report(["baratheon: bid 1", "stark: bid 3"])
    assert {h: d["power_gained"] for h, d in report["houses"].items()} == {
        "baratheon": 0,
        "lannister": 0,
        "stark": 3,
    }


def _count_power(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Every call of gain_power in the rules, tallied by house: what the report must find in the events."""
    tally: dict[str, int] = {}
    real = control.gain_power

    def counted(state, house, amount):  # type: ignore[no-untyped-def]
        gained = real(state, house, amount)
        tally[house] = tally.get(house, 0) + gained
        return gained

    users = [m for name, m in sys.modules.items() if name.startswith("engine.thrones") and m is not None]
    for module in users:
        if getattr(module, "gain_power", None) is real:
            monkeypatch.setattr(module, "gain_power", counted)
    assert len([m for m in users if getattr(m, "gain_power", None) is counted]) >= 5
    return tally


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 2), (5, 3), (6, 4), (6, 5)])
def test_random_games_report_what_happened(monkeypatch: pytest.MonkeyPatch, players: int, seed: int) -> None:
    import engine.thrones.wildling_cards  # noqa: F401  (every user of gain_power is loaded)

    tally = _count_power(monkeypatch)
    game = play_random_game(ThronesGame.new(players, seed), Rng(seed))
    gained = {h: tally.get(h, 0) for h in game.state.houses}  # before the report's replay adds to it
    report = ThronesGame.new(players, seed).report(game.notation())

    houses = report["houses"]
    assert {h: d["power_gained"] for h, d in houses.items()} == gained
    battles = game.state.stats.get("combats", 0)
    assert sum(d["battles_won"] for d in houses.values()) == battles
    assert sum(d["battles_lost"] for d in houses.values()) == battles
    assert sum(len(d["cards"]) for d in houses.values()) == 2 * battles
    assert report["over"] and report["winner"] == game.state.winner
    assert report["standings"] == game.state.ranking
    assert report["rounds"] == list(range(1, game.state.round + 1))
    assert {h: d["castles"][-1] for h, d in houses.items()} == castle_counts(game.state)
