"""Range, line of sight and the dice (B8, B9): melee reaches adjacent units, ranged units their range in
sight; hills let a ranged unit see over units; terrain caps the dice before modifiers; valor misses for
units without valor hits; eliminating a unit raises the attacker's morale by its rank; a commander's figure
is not removed by hits."""

from __future__ import annotations

from engine.battles import attack, damage
from tests.engine.battles.helpers import PLAIN, at, battle

TERRAIN = """
. . . . . . . . .
 . . . . . . . .
. . h . . . . . .
 . h . . . . . .
. . . f . . . . .
 . . B . . . . .
. . . . . . . . .
"""


def ids(game, *places):
    return [game.state.unit_at(place) for place in places]


def test_melee_reaches_adjacent_units_and_ranged_units_their_range():
    game = battle(
        PLAIN,
        {
            "E7": "stark northern-warhost green",
            "C7": "stark northern-bowmen green",
            "E6": "lannister lannisport-guard green",
            "F5": "lannister lannisport-guard green",
        },
    )
    warhost, bowmen = ids(game, "E7", "C7")
    assert [game.state.units[t].at for t in attack.targets(game.state, warhost)] == ["E6"]
    assert [game.state.units[t].at for t in attack.targets(game.state, bowmen)] == ["E6", "F5"]


def test_a_ranged_unit_on_hills_sees_over_units_but_not_over_terrain():
    units = {
        "C3": "stark northern-bowmen green",  # on hills
        "D3": "lannister lannisport-guard green",
        "E3": "lannister lannisport-guard green",  # behind the unit at D3
        "D6": "lannister lannisport-guard blue",  # behind the forest at D5
    }
    game = battle(TERRAIN, units)
    bowmen = game.state.unit_at("C3")
    assert attack.in_reach(game.state, bowmen, game.state.unit_at("E3"))
    plain = battle(PLAIN, units)
    assert not attack.in_reach(plain.state, plain.state.unit_at("C3"), plain.state.unit_at("E3"))
    assert not attack.in_reach(game.state, bowmen, game.state.unit_at("D6"))


def test_terrain_caps_the_dice_before_modifiers():
    game = battle(
        TERRAIN,
        {
            "C4": "stark northern-warhost red",
            "C3": "stark northern-warhost red",
            "B4": "lannister lannisport-guard green",  # on hills
            "D4": "stark northern-warhost red",
            "D5": "lannister lannisport-guard green",  # in the forest
            "C6": "stark northern-bowmen red",  # in a building
            "B6": "lannister captain-of-the-rock blue",  # unit ability: one more die
            "C7": "stark northern-warhost green",
        },
    )
    state = game.state
    dice = lambda a, t, extra=0: attack.dice(state, state.unit_at(a), state.unit_at(t), extra)  # noqa: E731
    assert dice("C4", "B4") == 3  # hills: three against a unit there...
    assert dice("C3", "B4") == 4  # ... unless the attacker is on hills too
    assert dice("D4", "D5") == 2  # forest: two against a unit there
    assert dice("D5", "D4") == 2  # and two for a unit in it
    assert dice("C6", "B6") == 2  # a ranged unit in a building rolls two
    assert dice("B6", "C6") == 4  # the commander's unit: three dice, and one for his ability
    assert dice("C7", "B6", -5) == 0  # never fewer than none


def test_shields_hit_their_rank_and_valor_misses_for_units_without_valor_hits():
    game = battle(PLAIN, {"E7": "stark northern-bowmen green", "E5": "lannister lannisport-guard blue"})
    bowmen, guard = ids(game, "E7", "E5")
    assert attack.hits(game.state, bowmen, guard, ["blue", "blue", "green", "valor", "morale"]) == 2


def test_eliminating_a_unit_raises_the_attackers_morale_by_its_rank():
    game = battle(
        PLAIN,
        {
            "E7": "stark northern-warhost green",
            "E5": "lannister lannisport-guard blue",
            "C5": "lannister captain-of-the-rock red",
        },
    )
    guard, commander = ids(game, "E5", "C5")
    damage.take_hits(game, guard, 5, "stark")
    assert at(game, "E5") is None and game.state.eliminated["stark"] == 1
    assert (game.state.morale_house, game.state.morale_space) == ("lannister", 2)  # a blue unit: two
    damage.take_hits(game, commander, 5, "stark")
    assert at(game, "C5").strength == 1  # three figures go; the commander's is taken only by capture
    assert game.state.commanders["captain-of-the-rock"].captured_by is None  # two hits of the three


def test_a_ranged_unit_may_shoot_an_adjacent_enemy():
    game = battle(PLAIN, {"E7": "stark northern-bowmen green", "E6": "lannister lannisport-guard green"})
    bowmen, guard = ids(game, "E7", "E6")
    assert attack.targets(game.state, bowmen) == [guard]
