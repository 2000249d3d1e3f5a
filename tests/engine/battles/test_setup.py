"""Setting up a battle (B1): the sample battle's units, commanders, decks, tokens and tracks, and the options
that choose the content and the battle."""

from __future__ import annotations

import pytest

from data.battles import load_sample, sample_files
from engine.battles.game import BattlesGame
from engine.core.errors import IllegalAction
from tests.engine.battles.helpers import PLAIN, battle


def test_the_sample_battle_is_set_up_as_its_plan_says():
    game = BattlesGame.setup(2, 5, {"scenario": "sample"})
    state, plan = game.state, load_sample().battles["sample"]
    assert state.houses == ["stark", "lannister"] and game.seats() == ["stark", "lannister"]
    assert (state.round, state.initiative, state.morale_house, state.morale_space) == (1, "stark", None, 0)
    for house, setup in plan.houses.items():
        units = {u.at: u for u in state.units.values() if u.house == house}
        assert sorted(units) == sorted(p.at for p in setup.units)
        for placement in setup.units:
            unit = units[placement.at]
            assert (unit.type, unit.rank, unit.commander) == (
                placement.unit_type,
                placement.rank,
                placement.commander,
            )
            assert unit.strength == load_sample().units[unit.type].strength
        deck = state.decks[house] + state.hands[house]
        commanders = sum(1 for p in setup.units if p.commander)
        size = 6 + 3 * commanders  # six basic cards, three for each commander
        assert len(deck) == size and len(set(deck)) == size
        assert state.command_tokens[house] == setup.command_tokens == 4
    assert all(not c.committed and c.tokens == 0 for c in state.commanders.values())
    assert len(state.commanders) == 5
    other = BattlesGame.setup(2, 6, {"scenario": "sample"})
    assert other.state.decks != state.decks  # each deck is shuffled with the seed


def test_a_deck_holds_the_basic_cards_and_the_cards_of_the_commanders_in_the_battle():
    game = battle(PLAIN, {"E7": "stark captain-of-the-north blue", "E1": "lannister lannisport-guard green"})
    stark = set(game.state.decks["stark"] + game.state.hands["stark"])
    assert stark == {"S01", "S02", "S03", "S04", "S05", "S06", "S07", "S08", "S09"}
    lannister = set(game.state.decks["lannister"] + game.state.hands["lannister"])
    assert lannister == {f"L0{n}" for n in range(1, 7)}  # no commander: the basic cards alone


def test_the_options_choose_the_content_and_the_battle():
    files = dict(sample_files())
    game = BattlesGame.setup(2, 1, {"pack": files, "content_hash": load_sample().hash})
    assert game.state.pack is load_sample() and game.state.battle == "sample"
    one_text = "\n".join(files.values())
    assert BattlesGame.setup(2, 1, {"pack": one_text}).state.plan == load_sample().battles["sample"]
    with pytest.raises(IllegalAction, match="for 2 players"):
        BattlesGame.setup(3, 1, {})
    with pytest.raises(IllegalAction, match="no option tides"):
        BattlesGame.setup(2, 1, {"tides": True})
    with pytest.raises(IllegalAction, match="has no battle or skirmish 'ford'; it has raid, sample"):
        BattlesGame.setup(2, 1, {"scenario": "ford"})
    with pytest.raises(IllegalAction, match="this is other content"):
        BattlesGame.setup(2, 1, {"content_hash": "0" * 64})
    with pytest.raises(IllegalAction, match="not a whole number"):
        BattlesGame.setup(
            2,
            1,
            {"pack": {**files, "battle.toml": files["battle.toml"].replace("rounds = 6", 'rounds = "six"')}},
        )
    with pytest.raises(IllegalAction, match="a TOML text, or an object"):
        BattlesGame.setup(2, 1, {"pack": 3})
