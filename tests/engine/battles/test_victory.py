"""Victory (B16): objectives scored every round or at the end (control markers that stay, or units that
stand), the end after the last round with its ties (morale, then the initiative), and instant victories
(eliminations, victory points)."""

from __future__ import annotations

from engine.battles import damage, victory
from tests.engine.battles.helpers import PLAIN, battle, changed, turn

UNITS = {
    "E6": "stark northern-warhost green",
    "C6": "stark northern-warhost green",
    "E2": "lannister lannisport-guard green",
    "G2": "lannister lannisport-guard green",
}
OBJECTIVES = """objectives = [
  { hexes = ["E5"], vp = 1, when = "round", control = "marker" },
  { hexes = ["C5", "G3"], vp = 2, when = "end", control = "occupy" },
]"""


def pass_round(game):
    """Both houses pass, and keep nothing: to the next round, or to the end."""
    start = game.state.round
    while not game.over and game.state.round == start:
        decision = game.pending()[0]
        game.apply(decision.house, "pass" if decision.kind == "turn" else "keep none none")


def test_a_control_marker_scores_every_round_and_stays_when_the_unit_leaves():
    game = battle(PLAIN, UNITS, rounds=3, victory=OBJECTIVES)
    game = changed(game, stack=turn("stark"), pools={"stark": ["green", "green"], "lannister": []})
    game.apply("stark", "token green E6")
    game.apply("stark", "move E6 E5")
    assert game.state.markers == {"E5": "stark"}
    pass_round(game)
    assert game.state.vp == {"stark": 1, "lannister": 0} and game.state.round == 2
    game = changed(game, stack=turn("stark"), pools={"stark": ["green"], "lannister": []})
    game.apply("stark", "token green E5")
    game.apply("stark", "move E5 F6")
    assert game.state.markers == {"E5": "stark"}  # the marker stays
    pass_round(game)
    assert game.state.vp["stark"] == 2


def test_the_objectives_scored_at_the_end_count_the_units_standing_on_them():
    game = battle(PLAIN, UNITS, rounds=1, victory=OBJECTIVES, initiative="lannister")
    game = changed(game, stack=turn("stark"), pools={"stark": ["green"], "lannister": []})
    game.apply("stark", "token green C6")
    game.apply("stark", "move C6 C5")
    pass_round(game)
    assert game.over and game.state.vp == {"stark": 2, "lannister": 0} and game.state.winner == "stark"


def test_ties_go_to_the_higher_morale_then_to_the_initiative():
    game = battle(PLAIN, UNITS, initiative="lannister")
    state = game.state
    assert victory.final_winner(state)[0] == "lannister"
    state.morale_house, state.morale_space = "lannister", 1
    assert victory.final_winner(state) == ("stark", "the victory points are tied and its morale is higher")
    state.vp["lannister"] = 1
    assert victory.final_winner(state)[0] == "lannister"


def test_instant_victories():
    game = battle(
        PLAIN, UNITS, victory='instant = [{ kind = "eliminate", count = 1 }, { kind = "vp", reach = 3 }]'
    )
    game.state.eliminated["lannister"] = 1
    assert victory.instant_winner(game.state)[0] == "lannister"
    game.state.eliminated["lannister"] = 0
    game.state.vp["stark"] = 3
    assert victory.instant_winner(game.state) == ("stark", "it has 3 victory points")
    game.state.morale_house, game.state.morale_space = "stark", 11  # a rout comes first
    assert victory.instant_winner(game.state)[0] == "lannister"
    game.state.morale_house, game.state.morale_space = None, 0
    resumed = changed(game, vp={"stark": 3, "lannister": 0})
    assert resumed.over and resumed.state.winner == "stark"


def test_points_for_eliminations_are_scored_as_they_happen():
    game = battle(PLAIN, UNITS, victory="eliminate_vp = 1")
    damage.take_hits(game, game.state.unit_at("E2"), 4, "stark")
    assert game.state.vp == {"stark": 1, "lannister": 0}
