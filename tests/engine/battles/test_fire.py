"""Fire (B15): the rulebook's scorch example (a blue unit's three dice, a green shield and valor counted as
green make a fire of level 2; on a level-1 fire, 3, a forest's limit, and the forest is destroyed), what
fire forbids (entering it, leaving it, attacking from it), putting fires out, and the regroup phase's
burning: terrain, units, the spread of a level-4 fire."""

from __future__ import annotations

from engine.battles import fire, movement
from tests.engine.battles.helpers import PLAIN, at, battle, changed, kinds, options, rig, turn

FOREST = """
. . . . . . . . .
 . . . . . . . .
. . . . . . . . .
 . . . . f . . .
. . . . . . . . .
 . . . . . . . .
. . . . . . . . .
"""

REGROUP = [{"kind": "round", "next": "rally"}, {"kind": "regroup", "step": "fire"}]


def scorcher(terrain=FOREST, **units):
    return battle(
        terrain, {"E5": "lannister burner-of-fields blue", "A7": "stark northern-warhost green", **units}
    )


def test_the_scorch_example(monkeypatch):
    """Gregor Clegane's blue unit (the sample's Burner of Fields) sets fire to an adjacent forest: three
    dice, a green shield, a blue shield and valor. His unit ability counts valor as a green shield when
    starting fires: a fire of level 2. Had a level-1 fire been there, it would be 3, the forest's burn
    limit, and the forest is destroyed (in the regroup phase, where the rulebook resolves fire)."""
    game = changed(scorcher(), stack=turn("lannister"), pools={"lannister": ["blue"], "stark": []})
    assert fire.scorch_targets(game.state, game.state.unit_at("E5")) == ["D4", "D5", "D6", "E4", "E6", "F5"]
    rig(monkeypatch, ["green", "blue", "valor"])
    game.apply("lannister", "token blue E5")
    game.apply("lannister", "move done")
    assert "scorch E5 E4" in options(game, "lannister")
    events = game.apply("lannister", "scorch E5 E4")
    assert game.state.fire == {"E4": 2}
    assert [e.data["levels"] for e in events if e.kind == "scorch"] == [2]
    assert not at(game, "E5").active

    again = changed(
        scorcher(), stack=turn("lannister"), pools={"lannister": ["blue"], "stark": []}, fire={"E4": 1}
    )
    rig(monkeypatch, ["green", "blue", "valor"])
    again.apply("lannister", "token blue E5")
    again.apply("lannister", "move done")
    again.apply("lannister", "scorch E5 E4")
    assert again.state.fire == {"E4": 3} and again.state.kind("E4") == "forest"
    burnt = changed(again, stack=REGROUP)
    assert burnt.state.destroyed == ["E4"] and burnt.state.kind("E4") == "plain"
    assert burnt.state.fire == {"E4": 3}  # the fire burns on, on plain ground now


def test_valor_lights_no_fire_without_the_commanders_ability(monkeypatch):
    game = battle(
        FOREST,
        {"E5": "lannister lannisport-guard blue", "A7": "stark northern-warhost green"},
        keywords={"lannisport-guard": ["scorch-the-earth"]},
    )
    game = changed(game, stack=turn("lannister"), pools={"lannister": ["blue"], "stark": []})
    rig(monkeypatch, ["green", "blue", "valor"])
    game.apply("lannister", "token blue E5")
    game.apply("lannister", "move done")
    game.apply("lannister", "scorch E5 E4")
    assert game.state.fire == {"E4": 1}


def test_a_fire_stays_within_its_hex_burn_limit_and_not_on_ground_that_cannot_burn():
    hills = FOREST.replace(" . . . . f . . .", " . . . . h . . .")
    game = scorcher(hills, D5="stark northern-warhost green")
    state = game.state
    assert "E4" not in fire.scorch_targets(state, state.unit_at("E5"))  # hills cannot burn
    assert "D5" not in fire.scorch_targets(state, state.unit_at("E5"))  # a unit stands there
    full = changed(scorcher(), fire={"E4": 3})
    assert "E4" not in fire.scorch_targets(full.state, full.state.unit_at("E5"))  # at its limit


def test_no_unit_enters_a_fire_and_a_unit_in_one_neither_moves_nor_attacks():
    units = {"E5": "stark northern-warhost green", "E4": "lannister lannisport-guard green"}
    game = changed(battle(PLAIN, units), fire={"E6": 1, "D5": 2})
    warhost = game.state.unit_at("E5")
    reach = movement.reach(game.state, warhost)
    assert "E6" not in reach and "D5" not in reach and "F5" in reach
    burning = changed(
        battle(PLAIN, units), fire={"E5": 1}, stack=turn("stark"), pools={"stark": ["green"], "lannister": []}
    )
    assert movement.reach(burning.state, burning.state.unit_at("E5")) == {}
    burning.apply("stark", "token green E5")
    assert options(burning, "stark") == ["extinguish E5 E5", "attack done"]
    burning.apply("stark", "extinguish E5 E5")
    assert burning.state.fire == {} and not at(burning, "E5").active


def test_putting_out_an_adjacent_fire_needs_the_face_of_its_level(monkeypatch):
    units = {"E5": "stark northern-warhost green", "A1": "lannister lannisport-guard green"}
    for level, face, out in ((2, "blue", True), (2, "green", False), (4, "valor", True)):
        game = changed(
            battle(PLAIN, units),
            fire={"E4": level},
            stack=turn("stark"),
            pools={"stark": ["green"], "lannister": []},
        )
        rig(monkeypatch, [face])
        game.apply("stark", "token green E5")
        game.apply("stark", "move done")
        game.apply("stark", "extinguish E5 E4")
        assert ("E4" not in game.state.fire) == out, (level, face)


def test_in_the_regroup_phase_fire_burns_terrain_and_units():
    units = {
        "E4": "lannister lannisport-guard green",
        "C2": "lannister captain-of-the-rock green",
        "A7": "stark northern-warhost green",
    }
    game = battle(FOREST, units, tokens={"G3": "tent", "C3": "palisade"})
    game = changed(game, fire={"E4": 3, "G3": 1, "C3": 2}, stack=REGROUP)
    state = game.state
    assert state.destroyed == ["E4"] and state.removed == ["G3"]  # the forest at 3, the tent at 1
    assert "C3" in state.fire and state.kind("C3") == "palisade"  # the palisade burns at 4
    assert at(game, "E4").strength == 1  # three figures for a fire of level 3
    assert kinds(game)[0][1] == "keep"


def test_a_level_four_fire_spreads_the_way_the_direction_token_points():
    units = {"A1": "lannister lannisport-guard green", "A7": "stark northern-warhost green"}
    game = changed(battle(PLAIN, units), fire={"E4": 4})
    before = game.to_position()
    game = changed(game, stack=REGROUP)
    (spread,) = [e for e in game.opening_events if e.kind == "spread"]
    direction = spread.data["direction"]
    assert direction == game.state.plan.board.directions[spread.data["token"] - 1]
    assert spread.data["target"] is not None and game.state.fire[spread.data["target"]] == 1
    assert spread.to is None  # a public event
    assert game.state.fire["E4"] == 4 and before["fire"] == {"E4": 4}


def test_a_wooden_bridge_burns_away_with_its_fire_and_its_unit_retreats():
    terrain = """
. . . . . . . . .
 . . . . . . . .
. . . . . . . . .
 ~ ~ ~ ~ ~ ~ ~ ~
. . . . . . . . .
"""
    units = {"E4": "lannister lannisport-guard green", "A5": "stark northern-warhost green"}
    game = battle(terrain, units, tokens={"E4": "wooden-bridge"})
    game = changed(game, fire={"E4": 3}, stack=REGROUP)
    state = game.state
    assert state.removed == ["E4"] and state.fire == {} and state.kind("E4") == "river"
    assert at(game, "E4").strength == 4  # no fire was left on it to burn the unit
    assert kinds(game) == [("lannister", "retreat")]
    game.apply("lannister", "retreat F3")
    assert at(game, "E4") is None and at(game, "F3").strength == 4


def test_a_unit_stranded_on_a_burnt_bridge_that_cannot_retreat_is_lost():
    terrain = """
. . . . . . . . .
 . . . . . . . .
. . . . . . . . .
 ~ ~ ~ ~ ~ ~ ~ ~
. . . . . . . . .
"""
    units = {
        "E4": "lannister lannisport-guard green",
        "E3": "lannister lannisport-guard green",
        "F3": "lannister lannisport-guard green",
        "A5": "stark northern-warhost green",
    }
    game = battle(terrain, units, tokens={"E4": "wooden-bridge"})
    game = changed(game, fire={"E4": 3}, stack=REGROUP)
    assert at(game, "E4") is None and game.state.eliminated["stark"] == 1
