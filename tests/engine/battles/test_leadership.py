"""Leadership cards, commanders and zones of control (B4): costs paid onto the commander within his command
limit, the units a card orders (active, in his zone, as many as it says, one order each), order-all, rally
and morale orders, tactics whose tokens are checked and not spent, the commit ability used once, an effect
the players resolve themselves, and the readings: a card played for no command order, a commit ability
used with a card."""

from __future__ import annotations

import pytest

from engine.battles.game import BattlesGame
from engine.core.errors import IllegalAction
from tests.engine.battles.helpers import PLAIN, at, battle, changed, options, turn

UNITS = {
    "E6": "stark captain-of-the-north blue",
    "H6": "stark master-of-the-hunt blue",
    "D6": "stark northern-warhost green",
    "E7": "stark northern-warhost red",
    "F7": "stark northern-bowmen green",
    "A7": "stark northern-warhost green",  # outside every zone
    "E4": "lannister lannisport-guard green",
    "E1": "lannister captain-of-the-rock blue",
}


def game_with(hand: list[str], pool: list[str] | None = None, **fields):
    game = battle(PLAIN, UNITS)
    return changed(
        game,
        stack=turn("stark"),
        hands={"stark": hand, "lannister": []},
        pools={"stark": pool or [], "lannister": []},
        **fields,
    )


def test_costs_are_paid_onto_the_commander_within_his_limit():
    game = game_with(["S08", "S09"])
    game.apply("stark", "play S08 via captain-of-the-north")
    bare = [o for o in options(game, "stark") if "commit" not in o and "tactic" not in o]
    assert bare == ["command none", "command 1"]
    game.apply("stark", "command 1")
    assert game.state.command_tokens["stark"] == 2
    assert game.state.commanders["captain-of-the-north"].tokens == 2
    game.apply("stark", "units 1 D6")
    game.apply("stark", "move done")
    game.apply("lannister", "pass")
    game.apply("stark", "play S09 via captain-of-the-north")
    offered = [o for o in options(game, "stark") if "commit" not in o]
    assert offered == ["command none", "command 1", "command 2"]  # a limit of 3: one token more
    refused = game.to_position()
    with pytest.raises(IllegalAction, match="not allowed now"):
        game.apply("stark", "command 1 2")
    assert game.to_position() == refused
    through_other = changed(game, stack=turn("stark"), hands={"stark": ["S09"], "lannister": []})
    through_other.apply("stark", "play S09 via master-of-the-hunt")
    assert "command 1 2" in options(through_other, "stark")  # his own limit of 2, the board's last 2 tokens


def test_a_card_orders_active_units_of_the_commanders_zone_as_many_as_it_says():
    game = game_with(["S08"])
    game.apply("stark", "play S08 via captain-of-the-north")
    game.apply("stark", "command 1")
    assert game.decision_for("stark").schema["orders"]["1"]["eligible"] == ["D6", "E6", "E7", "F7"]
    refused = game.to_position()
    for wrong, message in (
        ("units 1 A7", "cannot pick the unit at A7"),
        ("units 1 D6 E6 E7 F7", "at most 3 units"),
        ("units 1 E4", "cannot pick the unit at E4"),
        ("units 2 D6", "does not pick units"),
    ):
        with pytest.raises(IllegalAction, match=message):
            game.apply("stark", wrong)
        assert game.to_position() == refused
    game.apply("stark", "units 1 D6 E7 F7")
    assert game.state.stack[-1].kind == "orders"
    assert sorted(game.state.stack[-1].to_move) == sorted(game.state.unit_at(h) for h in ("D6", "E7", "F7"))
    game.apply("stark", "move done")  # and no unit stands next to an enemy: no attack
    assert not at(game, "D6").active and not at(game, "E7").active and at(game, "E6").active
    assert game.state.discards["stark"] == ["S08"]  # the card is discarded once played


def test_order_all_rally_and_morale_orders():
    units = battle(PLAIN, UNITS).to_position()["units"]
    for unit in units.values():
        if unit["at"] == "D6":
            unit["active"] = False
    game = game_with(["S07", "S09"], units=units)
    game.apply("stark", "play S07 via captain-of-the-north")  # order all infantry in the zone
    game.apply("stark", "command 1")
    frame = game.state.stack[-1]
    assert frame.kind == "orders"
    assert sorted(game.state.units[u].at for u in frame.units) == ["E6", "E7"]  # active infantry, not D6
    game.apply("stark", "move done")
    game.apply("lannister", "pass")
    game.apply("stark", "play S09 via captain-of-the-north")  # rally up to 2; raise morale 1
    game.apply("stark", "command 1 2")
    game.apply("stark", "units 1 D6 E6")
    assert at(game, "D6").active and at(game, "E6").active
    assert (game.state.morale_house, game.state.morale_space) == ("lannister", 1)


def test_a_tactic_checks_tokens_without_spending_them_each_token_once():
    game = game_with(["S03"], ["green", "blue"])
    game.apply("stark", "play S03 via captain-of-the-north")
    assert not any("tactic" in o for o in options(game, "stark"))  # it checks two green tokens
    game = game_with(["S03"], ["green", "green"])
    game.apply("stark", "play S03 via captain-of-the-north")
    game.apply("stark", "command 1 tactic before")
    assert game.state.pools["stark"] == ["green", "green"]
    assert game.state.stack[-1].dice == 1


def test_a_dice_tactic_adds_dice_to_the_attacks_of_the_units_it_orders():
    game = game_with(["S08"])
    game.apply("stark", "play S08 via captain-of-the-north")
    game.apply("stark", "command 1 tactic before")  # your morale is green or better: one more die
    game.apply("stark", "units 1 D6")
    game.apply("stark", "move D6 E5")
    events = game.apply("stark", "attack E5 E4")
    (rolled,) = [e for e in events if e.kind == "roll"]
    assert len(rolled.data["faces"]) == 3  # a green warhost's 2, and 1


def test_a_commit_ability_is_used_once_with_a_card():
    units = battle(PLAIN, UNITS).to_position()["units"]
    for unit in units.values():
        if unit["at"] in ("D6", "A7"):
            unit["active"] = False
    game = game_with(["S04", "S01"], units=units)
    game.apply("stark", "play S04 via captain-of-the-north")
    game.apply("stark", "command commit after")
    assert game.state.commanders["captain-of-the-north"].committed
    assert options(game, "stark") == ["choose none", "choose D6"]  # rally up to 2, in his zone (not A7)
    game.apply("stark", "choose D6")
    assert at(game, "D6").active and not at(game, "A7").active
    game.apply("lannister", "pass")
    game.apply("stark", "play S01 via captain-of-the-north")
    assert not any("commit" in o for o in options(game, "stark"))


def test_a_card_may_be_played_for_no_command_order():
    game = game_with(["S04"])
    game.apply("stark", "play S04 via captain-of-the-north")
    game.apply("stark", "command none")
    assert game.state.command_tokens["stark"] == 4 and game.state.discards["stark"] == ["S04"]
    assert game.decision_for("lannister").kind == "turn"


def test_an_effect_the_engine_cannot_apply_is_declared_by_the_player():
    game = game_with(["S06"], ["morale"])
    game.apply("stark", "play S06 via captain-of-the-north")
    game.apply("stark", "command tactic before")
    decision = game.decision_for("stark")
    assert decision.kind == "adjust" and "ignore the first morale flag" in decision.prompt
    refused = game.to_position()
    for wrong, message in (
        ("adjust D6 to E4", "be put on E4: it is taken"),
        ("adjust E4 -5", "not that many figures"),
        ("adjust E6 -4", "taken only by capture"),
        ("adjust rally D6", "active already"),
        ("adjust vp -1", "below 0"),
    ):
        with pytest.raises(IllegalAction, match=message):
            game.apply("stark", wrong)
        assert game.to_position() == refused
    events = game.apply("stark", "adjust D6 to D5, E4 -4, morale +1")
    assert at(game, "D5") is not None and at(game, "E4") is None  # moved; eliminated
    assert game.state.eliminated["stark"] == 1
    assert any(e.kind == "adjust" and "D6 to D5, E4 -4, morale +1" in e.text for e in events)


def test_an_order_may_pick_no_unit_and_a_unit_rallied_by_a_card_is_not_ordered_by_it():
    game = game_with(["S08", "S04"])
    game.apply("stark", "play S08 via captain-of-the-north")
    game.apply("stark", "command 1")
    game.apply("stark", "units none")  # paid, and no unit ordered
    assert game.state.commanders["captain-of-the-north"].tokens == 2
    assert game.decision_for("lannister").kind == "turn"
    units = game.to_position()["units"]
    for unit in units.values():
        if unit["at"] == "D6":
            unit["active"] = False
    ready = {"tokens": 0, "committed": False}
    game = changed(
        game,
        units=units,
        stack=turn("stark"),
        hands={"stark": ["S04"], "lannister": []},
        command_tokens={"stark": 4, "lannister": 4},
        commanders={"captain-of-the-north": ready, "master-of-the-hunt": ready, "captain-of-the-rock": ready},
    )
    game.apply("stark", "play S04 via captain-of-the-north")  # order 1 unit; rally 1 unit
    game.apply("stark", "command 1 2")
    schema = game.decision_for("stark").schema["orders"]
    assert "D6" not in schema["1"]["eligible"] and schema["2"]["eligible"] == ["D6"]
    with pytest.raises(IllegalAction, match="cannot pick the unit at D6"):
        game.apply("stark", "units 1 D6; 2 D6")
    game.apply("stark", "units 1 E7; 2 D6")
    assert at(game, "D6").active and game.state.stack[-1].units == [game.state.unit_at("E7")]


def test_a_manual_resolution_card_is_played_end_to_end():
    """The sample's L06 ("Debts Are Paid"): its command order rallies a unit; its tactic, which the engine
    cannot apply, is resolved by the player: he declares what it did, the engine checks the shape, applies
    it (an enemy unit moved apart leaves its engagement), and the card goes on to its command order, its
    discard, and the other house's turn."""
    units = {
        "E3": "lannister captain-of-the-rock blue",
        "F3": "lannister lannisport-guard green",
        "E4": "stark northern-warhost green",
        "A7": "stark northern-warhost green",
    }
    game = battle(PLAIN, units)
    guard, warhost = game.state.unit_at("F3"), game.state.unit_at("E4")
    game = changed(
        game,
        stack=turn("lannister"),
        hands={"stark": [], "lannister": ["L06"]},
        pools={"stark": [], "lannister": ["morale"]},
        units={**game.to_position()["units"], guard: {**game.to_position()["units"][guard], "active": False}},
        engagements=[{"house": "stark", "units": [warhost, game.state.unit_at("E3")]}],
    )
    game.apply("lannister", "play L06 via captain-of-the-rock")
    assert "command 1 tactic before" in options(game, "lannister")
    game.apply("lannister", "command 1 tactic before")
    decision = game.decision_for("lannister")
    assert decision.kind == "adjust" and "toward its own edge" in decision.prompt
    assert BattlesGame.category("adjust") == "turn"
    with pytest.raises(IllegalAction, match="it is taken"):
        game.apply("lannister", "adjust E4 to F3")
    events = game.apply("lannister", "adjust E4 to E5")
    assert at(game, "E5") is not None and game.state.engagements == []  # no longer adjacent
    assert [e.kind for e in events if e.kind in ("adjust", "moves")] == ["moves", "adjust"]
    assert game.decision_for("lannister").kind == "units"
    game.apply("lannister", "units 1 F3")
    assert at(game, "F3").active
    assert game.state.discards["lannister"] == ["L06"]
    assert game.state.pools["lannister"] == ["morale"]  # the tactic checks its token, it does not spend it
    assert game.state.commanders["captain-of-the-rock"].tokens == 1
    assert [d.kind for d in game.pending()] == ["turn"] and game.pending()[0].house == "stark"
