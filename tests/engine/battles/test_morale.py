"""The morale track (B13): one marker between the segments, raised for one house as it is lowered for the
other, stopping at a segment's plain end and routing an army at its Rout end; the zones the cards' morale
requirements name."""

from __future__ import annotations

from engine.battles import morale
from engine.battles.game import BattlesGame
from tests.engine.battles.helpers import PLAIN, battle, changed, turn

UNITS = {"E7": "stark northern-warhost green", "E1": "lannister lannisport-guard green"}


def marker(game: BattlesGame) -> tuple[str | None, int]:
    return game.state.morale_house, game.state.morale_space


def test_raising_one_house_lowers_the_other_across_the_start_space():
    game = battle(PLAIN, UNITS)
    morale.raise_morale(game, "stark", 2, "for a test")
    assert marker(game) == ("lannister", 2)
    assert morale.depth(game.state, "lannister") == 2 and morale.depth(game.state, "stark") == -2
    morale.raise_morale(game, "lannister", 5, "for a test")
    assert marker(game) == ("stark", 3)
    morale.raise_morale(game, "stark", 3, "for a test")
    assert marker(game) == (None, 0)


def test_a_plain_end_holds_the_marker_and_a_rout_space_ends_the_battle():
    game = battle(PLAIN, UNITS, ends={"stark": "rout", "lannister": "hold"})
    morale.raise_morale(game, "stark", 20, "for a test")
    assert marker(game) == ("lannister", 11) and morale.routed(game.state) is None
    units = game.to_position()["units"]
    for unit in units.values():
        unit["active"] = False
    near = changed(
        game,
        stack=turn("stark"),
        morale={"house": "stark", "space": 10},
        pools={"stark": ["morale"], "lannister": []},
        units=units,
    )
    events = near.apply("stark", "token morale rally E7")  # lowers its own morale onto the Rout space
    assert marker(near) == ("stark", 11)
    assert near.over and near.state.winner == "lannister"
    assert any(e.kind == "game-over" and "routs" in e.text for e in events)


def test_the_zones_of_the_morale_requirements():
    game = battle(PLAIN, UNITS)
    state = changed(game, morale={"house": "lannister", "space": 8}).state  # Lannister's yellow zone
    assert morale.zone(state, "lannister").colour == "yellow" and morale.zone(state, "stark") is None
    assert morale.at_most(state, "lannister", "green") and morale.at_most(state, "lannister", "yellow")
    assert not morale.at_most(state, "lannister", "red")
    assert morale.at_least(state, "lannister", "yellow") and not morale.at_least(state, "lannister", "green")
    assert morale.at_least(state, "stark", "green")  # the marker on the enemy's side: any zone or better
    start = game.state
    assert morale.at_least(start, "stark", "green") and not morale.at_most(start, "lannister", "green")
