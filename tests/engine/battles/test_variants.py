"""The settings (engine/battles/variants.py): the FAQ's coordinated attacks (its example: two blue Winterfell
Riders flank a Lannisport Guard, five dice), discarding any card to order one unit, reduced-strength units
rolling a die fewer, each off by default; the pair of morale tokens and the forest road's stop, the open
readings the design note asks settings for."""

from __future__ import annotations

import pytest

from engine.battles import attack, movement
from engine.battles.game import BattlesGame
from engine.core.errors import IllegalAction
from tests.engine.battles.helpers import PLAIN, at, battle, changed, engaged, kinds, options, rig, turn

COORDINATED = {"coordinated_attacks": True}
RIDERS = {
    "E5": "stark winterfell-riders blue",  # A, the lead
    "D4": "stark winterfell-riders blue",  # B, supporting
    "F4": "stark northern-warhost green",  # engaged with the target
    "E4": "lannister lannisport-guard green",
}


def ordering(game: BattlesGame, house: str, *places: str) -> BattlesGame:
    """The game in ``house``'s turn with the units at ``places`` ordered and done moving."""
    uids = [game.state.unit_at(place) for place in places]
    orders = {"kind": "orders", "house": house, "units": uids, "to_move": [], "may_attack": uids}
    return changed(game, stack=[*turn(house), orders])


def test_every_setting_is_off_by_default_but_the_morale_pair_and_is_saved():
    game = BattlesGame.setup(2, 1, {})
    assert game.view(None)["variants"] == {
        "coordinated_attacks": False,
        "discard_to_order": False,
        "reduced_strength": False,
        "morale_pair": True,
        "forest_road_stops": False,
    }
    on = BattlesGame.setup(2, 1, {"reduced_strength": True})
    assert BattlesGame.from_position(on.to_position()).state.variant("reduced_strength")
    with pytest.raises(IllegalAction, match="true or false"):
        BattlesGame.setup(2, 1, {"reduced_strength": "yes"})


def test_the_coordinated_attack_example(monkeypatch):
    game = engaged(battle(PLAIN, RIDERS, variants=COORDINATED), "F4", "E4", "stark")
    game = ordering(game, "stark", "E5", "D4")
    offered = options(game, "stark")
    assert "attack E5 E4 with D4" in offered and "attack D4 E4 with E5" in offered
    rig(monkeypatch, ["green", "blue", "red", "red", "blue"], ["green", "blue"])
    game.apply("stark", "attack E5 E4 with D4")  # three dice of the lead, two of the support
    assert kinds(game) == [("stark", "reroll")]  # both flank: the reroll stands
    game.apply("stark", "reroll red")
    assert at(game, "E4").strength == 2  # two green shields
    assert not at(game, "E5").active and not at(game, "D4").active
    plain = engaged(battle(PLAIN, RIDERS), "F4", "E4", "stark")
    plain = ordering(plain, "stark", "E5", "D4")
    assert not any(" with " in option for option in options(plain, "stark"))


def test_a_coordinated_attack_rerolls_only_if_every_unit_flanks(monkeypatch):
    game = engaged(battle(PLAIN, RIDERS, variants=COORDINATED), "D4", "E4", "stark")
    game = ordering(game, "stark", "E5", "D4")
    rig(monkeypatch, ["blue", "blue", "blue", "blue", "blue"])
    events = game.apply("stark", "attack E5 E4 with D4")  # the lead flanks; its support is engaged
    assert "reroll" not in [kind for _, kind in kinds(game)]
    assert [e.data["flank"] for e in events if e.kind == "attack"] == [False]


def test_supporting_units_add_their_dice_less_one():
    game = battle(PLAIN, RIDERS, variants=COORDINATED)
    state = game.state
    lead, support, target = state.unit_at("E5"), state.unit_at("D4"), state.unit_at("E4")
    assert attack.dice(state, lead, target, supporters=(support,)) == 5
    assert attack.dice(state, lead, target, supporters=(state.unit_at("F4"),)) == 4  # green: 2 less 1


def test_discard_any_card_to_order_one_unit():
    units = {
        "E5": "stark captain-of-the-north blue",
        "E6": "stark northern-warhost green",
        "E1": "lannister lannisport-guard green",
    }
    game = battle(PLAIN, units, variants={"discard_to_order": True})
    game = changed(
        game,
        stack=turn("stark"),
        hands={"stark": ["S09"], "lannister": []},
        pools={"stark": [], "lannister": []},
    )
    assert "discard S09 via captain-of-the-north E6" in options(game, "stark")
    game.apply("stark", "discard S09 via captain-of-the-north E6")
    state = game.state
    assert state.discards["stark"] == ["S09"] and state.hands["stark"] == []
    assert state.command_tokens["stark"] == 3 and state.commanders["captain-of-the-north"].tokens == 1
    assert kinds(game) == [("stark", "move")]
    off = battle(PLAIN, units)
    off = changed(off, stack=turn("stark"), hands={"stark": ["S09"], "lannister": []})
    with pytest.raises(IllegalAction, match="FAQ's variant"):
        off.apply("stark", "discard S09 via captain-of-the-north E6")


def test_reduced_strength_units_roll_a_die_fewer():
    units = {
        "E5": "stark northern-warhost red",
        "E4": "lannister lannisport-guard green",
        "C5": "stark winterfell-riders red",
    }
    game = battle(PLAIN, units, variants={"reduced_strength": True})
    position = game.to_position()
    warhost, riders, guard = (game.state.unit_at(p) for p in ("E5", "C5", "E4"))
    for strength, riders_strength, dice, riders_dice in ((3, 2, 4, 4), (2, 1, 3, 3)):
        position["units"][warhost]["strength"] = strength
        position["units"][riders]["strength"] = riders_strength
        state = BattlesGame.from_position(position).state
        assert attack.dice(state, warhost, guard) == dice  # four figures: two lost is half
        assert attack.dice(state, riders, guard) == riders_dice  # three: two lost is half, rounded up
    assert attack.dice(battle(PLAIN, units).state, warhost, guard) == 4


def test_without_the_morale_pair_two_morale_tokens_order_nothing():
    units = {"E5": "stark northern-warhost green", "E1": "lannister lannisport-guard green"}
    pools = {"stark": ["morale", "morale"], "lannister": []}
    on = changed(battle(PLAIN, units), stack=turn("stark"), pools=pools)
    assert "token morale+morale E5" in options(on, "stark")
    off = changed(battle(PLAIN, units, variants={"morale_pair": False}), stack=turn("stark"), pools=pools)
    assert "token morale+morale E5" not in options(off, "stark")


def test_the_forest_road_stops_a_unit_only_with_its_setting():
    terrain = """
. . . . . . . . .
 . . . . . . . .
t t t t t t t t t
 . . . . . . . .
. . . . . . . . .
"""
    units = {"E4": "stark northern-warhost green", "A1": "lannister lannisport-guard green"}
    free = battle(terrain, units)
    stopping = battle(terrain, units, variants={"forest_road_stops": True})
    uid = free.state.unit_at("E4")
    assert "E2" in movement.reach(free.state, uid)  # through the forest road
    assert "E2" not in movement.reach(stopping.state, uid) and "E3" in movement.reach(stopping.state, uid)
