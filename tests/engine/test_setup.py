"""Setting up a game for 3 to 6 players (rulebook: "Preparación de la partida", "Cómo jugar con menos de
seis jugadores")."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.thrones.board import BOARD, FACTS
from engine.thrones.game import ThronesGame

IN_PLAY = {
    3: {"stark", "lannister", "baratheon"},
    4: {"stark", "lannister", "baratheon", "greyjoy"},
    5: {"stark", "lannister", "baratheon", "greyjoy", "tyrell"},
    6: {"stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell"},
}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_opening_position(players):
    game = ThronesGame.new(players, seed=11)
    state = game.state
    assert set(state.houses) == IN_PLAY[players]
    assert state.round == 1 and state.wildling_threat == 2
    assert all(state.power[h] == 5 for h in state.houses)
    assert state.garrisons == {BOARD.home_area[h]: 2 for h in state.houses}
    assert all(len(state.hands[h]) == 7 and not state.discards[h] for h in state.houses)
    assert [len(d) for d in state.westeros_decks] == [10, 10, 10]
    assert sorted(state.wildling_deck) == sorted(FACTS.wildling_cards)
    for house in state.houses:
        placed = sorted((a, u.kind) for a, units in state.units.items() for u in units if u.house == house)
        assert placed == sorted(FACTS.setups[players].starting[house].units)
    assert sorted(house for house, _ in ((d.house, d.kind) for d in game.pending())) == sorted(state.houses)


def test_neutral_forces_and_impassable_areas_by_player_count():
    assert len(ThronesGame.new(6, 1).state.neutral_forces) == 2
    assert len(ThronesGame.new(5, 1).state.neutral_forces) == 9
    assert len(ThronesGame.new(4, 1).state.neutral_forces) == 12
    three = ThronesGame.new(3, 1).state
    land_blocked = [a for a in three.impassable if a in BOARD.land]
    assert len(three.neutral_forces) + len(land_blocked) == 14
    assert "highgarden" in three.impassable and "port-of-pyke" in three.impassable


def test_dominance_tokens_go_to_the_first_of_each_track():
    six = ThronesGame.new(6, 1).view(None)["dominance"]
    assert (six["iron_throne"], six["valyrian_steel_blade"], six["messenger_raven"]) == (
        "baratheon",
        "greyjoy",
        "lannister",
    )
    three = ThronesGame.new(3, 1).view(None)["dominance"]
    assert three["valyrian_steel_blade"] == "stark"


def test_the_seed_decides_the_shuffles_and_nothing_else_does():
    first, again, other = ThronesGame.new(6, 42), ThronesGame.new(6, 42), ThronesGame.new(6, 43)
    assert first.to_position() == again.to_position()
    assert first.state.westeros_decks != other.state.westeros_decks


@pytest.mark.parametrize("players", [2, 7])
def test_three_to_six_players(players):
    with pytest.raises(IllegalAction, match="3 to 6"):
        ThronesGame.new(players, 1)
