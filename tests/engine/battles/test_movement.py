"""Units, order tables and movement (B5, B7): the order options of a rank (a blue Northern Warhost that moves
two hexes may not attack), units that block, the road's extra hex, fords, buildings, the forest road,
bridges, palisades and siege towers, and leaving the board by an exit edge; with the readings of
engine/battles/movement.py (a move wholly on road starts on road; every unit but cavalry stops in a ford)."""

from __future__ import annotations

from engine.battles import movement
from tests.engine.battles.helpers import PLAIN, at, battle, changed, options, turn

ROAD = """
. . . . . . . . .
 . . . . . . . .
. . . . = . . . .
 . . . = . . . .
. . . = . . . . .
 . . . . . . . .
. . . . . . . . .
"""


def reach(game, place, extra=0):
    return movement.reach(game.state, game.state.unit_at(place), extra)


def test_a_move_wholly_on_road_goes_one_hex_further():
    game = battle(ROAD, {"E3": "stark northern-warhost green", "F3": "stark northern-warhost green"})
    on_road = reach(game, "E3")
    assert {"D4", "D5"} <= set(on_road)  # two hexes of road
    assert "C6" in on_road and "D6" in on_road  # and one more, off the road
    assert "E6" not in on_road and "E5" in on_road  # off the road, two hexes only
    off_road = reach(game, "F3")  # starting next to the road: no extra hex
    assert "D4" in off_road and "D5" not in off_road


RIVER = """
. . . . . . . . .
 . . . . . . . .
. . . . . . . . .
 . ~ ~ ~ ~ ~ ~ ~
. . . . . . . . .
 . B . t . . . .
. . . . . . . . .
"""
TOKENS = {"C4": "ford", "E4": "stone-bridge", "G4": "wooden-bridge", "F6": "palisade", "G6": "siege-tower"}


def test_fords_stop_units_on_foot_and_slow_cavalry():
    game = battle(
        RIVER,
        {"C5": "stark northern-warhost green"},
        tokens=TOKENS,
    )
    assert "C4" in reach(game, "C5") and "C3" not in reach(game, "C5")  # infantry stops in the ford
    riders = battle(RIVER, {"C5": "stark winterfell-riders green"}, tokens=TOKENS)
    assert {"C4", "C3", "D3"} <= set(reach(riders, "C5"))  # cavalry wades on...
    assert "C2" not in reach(riders, "C5")  # ... a hex shorter (three hexes without the ford)
    bowmen = battle(RIVER, {"C5": "stark northern-bowmen green"}, tokens=TOKENS)
    assert "C4" in reach(bowmen, "C5") and "C3" not in reach(bowmen, "C5")  # a reading: foot stops


def test_bridges_cross_rivers_buildings_stop_a_unit_and_palisades_and_towers_bar_it():
    game = battle(
        RIVER,
        {
            "E5": "stark northern-warhost green",
            "B7": "stark northern-warhost green",
            "G7": "stark northern-warhost green",
        },
        tokens=TOKENS,
    )
    bridge = reach(game, "E5")
    assert {"E4", "E3", "F3"} <= set(bridge) and "D4" not in bridge and "F4" not in bridge
    building = reach(game, "B7")
    assert "B6" in building and "C5" not in building  # C5 lies beyond the building, or three hexes away
    assert "F6" not in reach(game, "G7") and "G6" not in reach(game, "G7")


def test_the_forest_road_does_not_stop_a_unit():
    game = battle(
        RIVER,
        {"D7": "stark northern-warhost green", "C6": "stark northern-bowmen green"},
        tokens=TOKENS,
    )
    assert game.state.field.kind["D6"] == "forest-road"
    assert {"D6", "D5", "E5"} <= set(reach(game, "D7"))  # D5 and E5 lie beyond it alone


def test_units_block_the_way():
    game = battle(
        PLAIN,
        {
            "E7": "stark northern-warhost green",
            "D6": "stark northern-bowmen green",
            "E6": "lannister lannisport-guard green",
        },
    )
    found = reach(game, "E7")
    assert "D6" not in found and "E6" not in found and "E5" not in found and "F6" in found


def test_a_unit_may_leave_by_its_exit_edge():
    game = battle(
        PLAIN,
        {
            "E1": "stark northern-warhost green",
            "E2": "stark northern-warhost green",
            "E7": "lannister lannisport-guard green",
        },
        exits={"stark": "north"},
        victory="exit_vp = 2",
    )
    assert reach(game, "E1")[movement.EXIT] is False  # leaving ends its part in the battle
    assert movement.EXIT in reach(game, "E2")  # a hex to the edge row, then off
    game = changed(game, stack=turn("stark"), pools={"stark": ["green"], "lannister": []})
    game.apply("stark", "token green E1")
    game.apply("stark", "move E1 exit")
    assert at(game, "E1") is None
    assert game.state.exited["stark"] == 1 and game.state.vp["stark"] == 2
    no_exit = battle(PLAIN, {"E1": "stark northern-warhost green", "E7": "lannister lannisport-guard green"})
    assert movement.EXIT not in reach(no_exit, "E1")


def test_a_blue_warhost_moving_two_hexes_may_not_attack():
    game = battle(
        PLAIN,
        {"E7": "stark northern-warhost blue", "E5": "lannister lannisport-guard green"},
    )
    found = reach(game, "E7")
    assert found["E6"] is True  # move 1 and attack
    assert found["D5"] is False  # move 2: no attack
    game = changed(game, stack=turn("stark"), pools={"stark": ["blue", "blue"], "lannister": []})
    game.apply("stark", "token blue E7")
    game.apply("stark", "move E7 D5")
    assert game.decision_for("lannister").kind == "turn"  # no attack offered: the order is over
    assert not at(game, "D5").active
    moved_one = battle(PLAIN, {"E7": "stark northern-warhost blue", "E5": "lannister lannisport-guard green"})
    moved_one = changed(moved_one, stack=turn("stark"), pools={"stark": ["blue"], "lannister": []})
    moved_one.apply("stark", "token blue E7")
    moved_one.apply("stark", "move E7 E6")
    assert options(moved_one, "stark") == ["attack E6 E5", "attack done"]
    moved_one.apply("stark", "attack E6 E5")
    assert not at(moved_one, "E6").active  # attacking turns the banner to inactive


def test_red_bowmen_shoot_without_moving_or_move_without_shooting():
    game = battle(PLAIN, {"E7": "stark northern-bowmen red", "E4": "lannister lannisport-guard green"})
    found = reach(game, "E7")
    assert set(found.values()) == {False} and max(game.state.field.distance("E7", h) for h in found) == 1
    game = changed(game, stack=turn("stark"), pools={"stark": ["red"], "lannister": []})
    game.apply("stark", "token red E7")
    assert "attack E7 E4" not in options(game, "stark")  # the moves come first
    game.apply("stark", "move done")
    assert options(game, "stark") == ["attack E7 E4", "attack done"]
