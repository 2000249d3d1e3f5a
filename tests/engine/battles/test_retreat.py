"""Retreats (B11): the rulebook's three retreat diagrams (two hexes toward the owner's edge, the owner's
choice; an occupied hex leaves one; a unit and a river leave none, and the step that cannot be made is a
hit), partial retreats, fire and the board's edge; a unit that could not leave its hex keeps its
engagement and may counterattack."""

from __future__ import annotations

from engine.battles import engagement
from engine.battles.retreat import steps
from tests.engine.battles.helpers import PLAIN, at, battle, changed, engaged, kinds, options, rig, turn

RIVER = """
. . . . . . . . .
 . . . . . . . .
. . . . . ~ . . .
 . . . . . . . .
. . . . . . . . .
 . . . . . . . .
. . . . . . . . .
"""


def attacked(game, monkeypatch, faces, attacker="E5", target="E4", token="red"):
    """Stark's unit at ``attacker`` attacks ``target`` with the rigged faces."""
    game = changed(game, stack=turn("stark"), pools={"stark": [token], "lannister": []})
    rig(monkeypatch, faces)
    game.apply("stark", f"token {token} {attacker}")
    game.apply("stark", "move done")
    game.apply("stark", f"attack {attacker} {target}")
    return game


def test_first_diagram_the_owner_chooses_one_of_the_two_hexes_toward_its_edge(monkeypatch):
    """A Stark unit rolls a flag: the Lannister unit must retreat to one of the two hexes toward the
    Lannister edge, its owner's choice."""
    game = battle(PLAIN, {"E5": "stark northern-warhost red", "E4": "lannister lannisport-guard red"})
    game = attacked(game, monkeypatch, ["morale", "green", "green", "green"])
    decision = game.pending()[0]
    assert (decision.house, decision.kind) == ("lannister", "retreat")
    assert options(game, "lannister") == ["retreat E3", "retreat F3"]
    assert decision.default.format() == "retreat E3"
    game.apply("lannister", "retreat F3")
    assert at(game, "F3").strength == 4 and at(game, "E4") is None
    assert engagement.token(game.state, game.state.unit_at("E5")) is None  # its engagement went with it


def test_second_diagram_an_occupied_hex_leaves_the_other(monkeypatch):
    """The retreating unit cannot step onto a unit's hex, so it steps to the other, without a question."""
    units = {
        "E5": "stark northern-warhost red",
        "E4": "lannister lannisport-guard red",
        "E3": "lannister lannisport-guard green",
    }
    game = attacked(battle(PLAIN, units), monkeypatch, ["morale", "green", "green", "green"])
    assert at(game, "F3").type == "lannisport-guard" and at(game, "E4") is None
    assert kinds(game) == [("lannister", "turn")]


def test_third_diagram_a_unit_and_a_river_make_the_step_a_hit(monkeypatch):
    """One hex is blocked by another unit, the other by a river: the unit takes a hit for the hex it cannot
    retreat."""
    units = {
        "E5": "stark northern-warhost red",
        "E4": "lannister lannisport-guard red",
        "E3": "stark northern-warhost green",
    }
    game = battle(RIVER, units)
    assert game.state.kind("F3") == "river"
    game = attacked(game, monkeypatch, ["morale", "green", "green", "green"])
    assert at(game, "E4").strength == 3  # no hit from the dice; the blocked step is one


def test_a_partial_retreat_goes_as_far_as_it_can_then_takes_a_hit_for_each_step_left(monkeypatch):
    units = {
        "E5": "stark northern-warhost red",
        "E4": "lannister lannisport-guard red",
        "E3": "lannister lannisport-guard green",
        "E2": "stark northern-warhost green",
        "F2": "stark northern-warhost green",
    }
    game = attacked(battle(PLAIN, units), monkeypatch, ["morale", "morale", "morale", "green"])
    # F3 first (E3 is taken); from F3, E2 and F2 are taken: two steps left, two hits.
    assert at(game, "F3").strength == 2 and at(game, "E4") is None


def test_a_retreat_cannot_leave_the_board_or_enter_a_fire_but_may_leave_one(monkeypatch):
    units = {"E3": "stark northern-warhost red", "E2": "lannister lannisport-guard red"}
    game = battle(PLAIN, units)
    state = game.state
    # E2's hexes toward the north edge are E1 and F1.
    assert steps(state, state.unit_at("E2")) == ["E1", "F1"]
    burning = changed(game, fire={"E1": 2, "E2": 1})
    assert steps(burning.state, burning.state.unit_at("E2")) == ["F1"]  # out of its fire, not into one
    edge = battle(PLAIN, {"E2": "stark northern-warhost red", "E1": "lannister lannisport-guard red"})
    assert steps(edge.state, edge.state.unit_at("E1")) == []  # the board ends: every step is a hit


def test_a_unit_that_could_not_leave_its_hex_keeps_its_engagement_and_may_counterattack(monkeypatch):
    units = {
        "E5": "stark northern-warhost red",
        "E4": "lannister lannisport-guard red",
        "E3": "stark northern-warhost green",
        "F3": "stark northern-warhost green",
    }
    game = battle(PLAIN, units, keywords={"lannisport-guard": ["loyal"]})
    game = changed(game, stack=turn("stark"), pools={"stark": ["red"], "lannister": []})
    rig(monkeypatch, ["morale", "morale", "green", "green"])
    game.apply("stark", "token red E5")
    game.apply("stark", "move done")
    game.apply("stark", "attack E5 E4")
    game.apply("lannister", "loyal no")
    # Both hexes toward its edge are taken: two hits, and it stays, still engaged.
    assert at(game, "E4").strength == 2
    assert engagement.partner(game.state, game.state.unit_at("E4")) == game.state.unit_at("E5")
    assert kinds(game) == [("lannister", "counter")]


def test_a_unit_engaged_at_the_start_of_its_retreat_is_freed(monkeypatch):
    units = {
        "E5": "stark northern-warhost red",
        "E4": "lannister lannisport-guard red",
        "D5": "stark northern-warhost green",
    }
    game = engaged(battle(PLAIN, units), "E4", "D5", "lannister")
    game = attacked(game, monkeypatch, ["morale", "green", "green", "green"])  # a flank: no reroll taken
    game.apply("stark", "reroll none")
    game.apply("lannister", "retreat E3")
    assert game.state.engagements == []
