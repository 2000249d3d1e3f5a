"""The rulebook's worked examples for the board, command and movement, as tests: the marshal phase, the
draw, the movement example, the zone of control, the tactic of card SL16, the range and line-of-sight
examples 1-4 with both edge-grazing diagrams, morale recovery, and the two examples of hits.

The rulebook's diagrams are pictures; each is set here on a small map consistent with its text, with the
sample pack's units standing in for the box's (its Northern Warhost and Northern Bowmen are the
rulebook's)."""

from __future__ import annotations

from engine.battles import attack, damage, leadership, morale, movement
from engine.battles.game import BattlesGame
from engine.core.hexgrid import crossed
from tests.engine.battles.helpers import PLAIN, at, battle, changed, options, turn


def test_marshal_three_dice_give_three_order_tokens():
    """ "Alex rolls three dice ... takes three order tokens matching the results. He has no tokens from the
    round before, so these three make his order pool.\""""
    game = BattlesGame.setup(2, 7, {})
    rolls = {e.data["seat"]: e.data["faces"] for e in game.opening_events if e.kind == "roll"}
    for house in ("stark", "lannister"):
        assert len(rolls[house]) == 3
        assert sorted(game.state.pools[house]) == sorted(rolls[house])
    assert [e.data["seat"] for e in game.opening_events if e.kind == "roll"] == ["stark", "lannister"]


def test_the_draw_three_cards_and_the_card_kept_make_a_hand_of_four():
    """ "Alex draws three cards; he kept one from the round before, so the four make his hand.\""""
    game = BattlesGame.setup(2, 3, {})
    game.apply("stark", "pass")
    game.apply("lannister", "pass")
    kept = sorted(game.state.hands["stark"])[0]
    pool = game.state.pools["stark"][0]
    game.apply("stark", f"keep {kept} {pool}")
    game.apply("lannister", "keep none none")
    assert game.state.round == 2
    assert len(game.state.hands["stark"]) == 4 and kept in game.state.hands["stark"]
    assert len(game.state.hands["lannister"]) == 3
    assert len(game.state.pools["stark"]) == 4 and len(game.state.pools["lannister"]) == 3


MOVEMENT = """
. . . . . . .
 . . . . . .
. . . . . . .
 . . f . . .
. . ~ . . . .
"""


def test_the_movement_example():
    """A green Northern Warhost may move into the forest (1) but must stop there; it may move one or two
    hexes across the plain (2) and attack the Lannister unit; it may not enter the hex of another unit (3)
    nor impassable terrain (4)."""
    game = battle(
        MOVEMENT,
        {
            "D5": "stark northern-warhost green",
            "E5": "stark northern-bowmen green",  # (3)
            "E3": "lannister lannisport-guard green",
        },
    )
    game = changed(game, stack=turn("stark"), pools={"stark": ["green"], "lannister": []})
    uid = game.state.unit_at("D5")
    reach = movement.reach(game.state, uid)
    assert reach["C4"] is True  # (1) into the forest...
    assert "B4" not in reach  # ... but not on: B4 is reached only through the forest (or the river)
    assert reach["D4"] is True and reach["D3"] is True  # (2) one or two hexes of plain, then attack
    assert "E5" not in reach and "C5" not in reach  # (3) another unit's hex; (4) the river
    game.apply("stark", "token green D5")
    assert "move D5 D4" in options(game, "stark") and "move D5 B4" not in options(game, "stark")
    game.apply("stark", "move D5 D4")
    assert options(game, "stark") == ["attack D4 E3", "attack done"]


ZONE = PLAIN


def test_the_zone_of_control_example():
    """The commander's zone covers every hex within two of him; the infantry there is controlled, the
    ranged unit three hexes away is not, and a card played through him orders the first, not the second."""
    game = battle(
        ZONE,
        {
            "E4": "stark captain-of-the-north blue",
            "F6": "stark northern-warhost green",  # two hexes away
            "B4": "stark northern-bowmen green",  # three hexes away
            "E1": "lannister lannisport-guard green",
        },
    )
    state = game.state
    assert state.field.distance("E4", "F6") == 2 and state.field.distance("E4", "B4") == 3
    area = leadership.zone(state, "captain-of-the-north")
    assert len(area) == 19 and {"F6", "E4"} <= area and "B4" not in area
    game = changed(game, stack=turn("stark"), hands={"stark": ["S08"], "lannister": []})
    game.apply("stark", "play S08 via captain-of-the-north")
    game.apply("stark", "command 1")
    schema = game.decision_for("stark").schema["orders"]
    assert schema["1"]["eligible"] == ["E4", "F6"]  # the commander's own unit (distance 0) and the infantry
    refused = game.to_position()
    try:
        game.apply("stark", "units 1 F6 B4")
    except Exception as error:
        assert "cannot pick the unit at B4" in str(error)
    assert game.to_position() == refused


def test_the_tactic_example_card_sl16():
    """Card SL16's tactic: "If the enemy's morale is green or worse, one enemy unit of your choice cannot
    counterattack this turn", resolved before the command orders. The marker in the yellow zone of House
    Lannister's segment meets it. (The sample's S05 has this tactic.)"""
    game = battle(
        PLAIN,
        {
            "E5": "stark captain-of-the-north blue",
            "E4": "lannister lannisport-guard green",
            "E1": "lannister lannisport-guard blue",
        },
    )
    yellow = {"house": "lannister", "space": 8}
    game = changed(game, stack=turn("stark"), hands={"stark": ["S05"], "lannister": []}, morale=yellow)
    assert morale.zone(game.state, "lannister").colour == "yellow"
    assert morale.at_most(game.state, "lannister", "green")
    game.apply("stark", "play S05 via captain-of-the-north")
    assert "command 1 tactic before" in options(game, "stark")
    game.apply("stark", "command 1 tactic before")
    # The tactic resolves first: its target, an enemy unit in the commander's zone (not the one at E1).
    assert options(game, "stark") == ["choose none", "choose E4"]
    game.apply("stark", "choose E4")
    card = game.state.stack[-1]
    assert card.kind == "card" and card.no_counterattack == [game.state.unit_at("E4")]
    assert game.decision_for("stark").kind == "units"  # then the command orders

    at_start = changed(
        game,
        morale={"house": None, "space": 0},
        stack=turn("stark"),
        hands={"stark": ["S05"], "lannister": []},
    )
    at_start.apply("stark", "play S05 via captain-of-the-north")
    offered = options(at_start, "stark")
    assert "command 1" in offered and not any("tactic" in option for option in offered)  # it does not hold


LOS = """
. . . . . . . . .
 . . . . . . . .
. . . . . . . . .
 . . . . . . . .
. . . . . f . . .
 . . . . . . . .
. . . . . . . . .
"""


def test_the_range_and_line_of_sight_examples():
    """Northern Bowmen (range 4) shooting: 1. the infantry four hexes away, in sight; 2. the cavalry four
    hexes away, in sight; 3. the infantry five hexes away, out of range, its sight blocked by the cavalry
    next to it; 4. the infantry three hexes away, in range, but the terrain between blocks the sight."""
    game = battle(
        LOS,
        {
            "E7": "stark northern-bowmen green",
            "H6": "lannister lannisport-guard green",  # 1
            "C3": "lannister casterly-rock-knights green",  # 2
            "B2": "lannister lannisport-guard blue",  # 3
            "F4": "lannister lannisport-guard red",  # 4, behind the forest at F5
        },
    )
    state = game.state
    bowmen = state.unit_at("E7")
    distances = {place: state.field.distance("E7", place) for place in ("H6", "C3", "B2", "F4")}
    assert distances == {"H6": 4, "C3": 4, "B2": 5, "F4": 3}
    assert [state.units[t].at for t in attack.targets(state, bowmen)] == ["C3", "H6"]
    # 3: out of range, and out of sight as well: the cavalry stands on the line.
    field = state.field
    occupied = set(state.occupied())
    assert "C3" in {field.names[h] for h in crossed(field.hexes["E7"], field.hexes["B2"])[0]}
    assert not field.sees("E7", "B2", lambda h: h in occupied or field.terrain[h].blocks_sight)
    # 4: in range, not in sight.
    assert not attack.in_reach(state, bowmen, state.unit_at("F4"))


def test_a_line_along_hex_edges_is_shifted_to_both_sides():
    """The line from E7 to E5 runs along the edge between D6 and E6. Shifted to either side, it crosses
    one of them: blocked only if both are (the first diagram), in sight if one is clear (the second)."""
    units = {"E7": "stark northern-bowmen green", "E5": "lannister lannisport-guard green"}
    both = battle(
        PLAIN, {**units, "D6": "stark northern-warhost green", "E6": "stark northern-warhost green"}
    )
    left, right = crossed(both.state.field.hexes["E7"], both.state.field.hexes["E5"])
    assert {both.state.field.names[h] for h in left | right} == {"D6", "E6"} and left != right
    bowmen = both.state.unit_at("E7")
    assert not attack.in_reach(both.state, bowmen, both.state.unit_at("E5"))
    one = battle(PLAIN, {**units, "D6": "stark northern-warhost green"})
    assert attack.in_reach(one.state, one.state.unit_at("E7"), one.state.unit_at("E5"))
    # A unit on one side and a forest on the other block both lines, as two units do.
    forest = PLAIN.replace(
        "\n . . . . . . . .\n. . . . . . . . .\n", "\n . . . . f . . .\n. . . . . . . . .\n", 1
    )
    forest = "\n".join(forest.splitlines()[:6]) + "\n . . . . f . . .\n" + forest.splitlines()[7] + "\n"
    screened = battle(forest, {**units, "D6": "stark northern-warhost green"})
    assert screened.state.field.kind["E6"] == "forest"
    assert not attack.in_reach(screened.state, screened.state.unit_at("E7"), screened.state.unit_at("E5"))


def test_morale_recovery():
    """ "The Lannister player may move the marker from space 6 of the green zone to space 4, the green
    zone's morale rest. Were it on 4 already, it would stay there.\""""
    game = BattlesGame.setup(2, 1, {})
    for start, end in ((6, 4), (4, 4), (5, 4), (8, 7), (9, 9), (3, 3)):
        moved = changed(game, morale={"house": "lannister", "space": start})
        morale.recover(moved)
        assert (moved.state.morale_house, moved.state.morale_space) == ("lannister", end), start
    # The grey-bordered space 9 holds; spaces 1 to 3 are in no zone.


def test_the_attack_example_valor_and_a_green_shield_hit_a_green_target():
    """A blue Northern Warhost rolls three dice at a green Lannister unit: valor and the green shield hit,
    the blue shield misses. Two hits remove two figures."""
    game = battle(PLAIN, {"E5": "stark northern-warhost blue", "E4": "lannister lannisport-guard green"})
    state = game.state
    warhost, target = state.unit_at("E5"), state.unit_at("E4")
    assert attack.dice(state, warhost, target) == 3
    assert attack.hits(state, warhost, target, ["valor", "green", "blue"]) == 2
    damage.take_hits(game, target, 2, "stark")
    assert at(game, "E4").strength == 2


def test_the_cavalry_example_valor_of_infantry_does_not_hit_cavalry():
    """A green Northern Warhost rolls valor and a red shield at blue Casterly Rock Knights: no hit (the red
    shield is not the target's rank, and only cavalry hits cavalry with valor)."""
    game = battle(PLAIN, {"E5": "stark northern-warhost green", "E4": "lannister casterly-rock-knights blue"})
    state = game.state
    assert attack.hits(state, state.unit_at("E5"), state.unit_at("E4"), ["valor", "red"]) == 0
    riders = battle(
        PLAIN, {"E5": "stark winterfell-riders green", "E4": "lannister casterly-rock-knights blue"}
    )
    assert (
        attack.hits(riders.state, riders.state.unit_at("E5"), riders.state.unit_at("E4"), ["valor", "red"])
        == 1
    )
