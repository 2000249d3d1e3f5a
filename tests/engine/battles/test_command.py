"""The command phase (B3): turns in alternation, a pass final for the round, order tokens of a rank, valor
and pairs, the morale token's two uses, and the pass a player who can do nothing else must make."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from tests.engine.battles.helpers import PLAIN, at, battle, changed, options, turn

UNITS = {
    "C7": "stark northern-warhost green",
    "E7": "stark northern-warhost blue",
    "G7": "stark northern-bowmen red",
    "E1": "lannister lannisport-guard green",
    "G1": "lannister lannisport-guard blue",
}


def game_with(pools: dict[str, list[str]], hands=None, **fields):
    game = battle(PLAIN, UNITS)
    return changed(
        game, stack=turn("stark"), pools=pools, hands=hands or {"stark": [], "lannister": []}, **fields
    )


def test_turns_alternate_and_a_pass_is_final():
    game = game_with({"stark": ["green", "green"], "lannister": ["green"]})
    game.apply("stark", "token green C7")
    game.apply("stark", "move done")  # a single order: no move, then no target
    assert game.decision_for("lannister").kind == "turn"
    game.apply("lannister", "pass")
    assert game.decision_for("stark").kind == "turn"  # the other goes on alone
    assert "pass" in options(game, "stark")
    with pytest.raises(IllegalAction, match="not waiting for House Lannister"):
        game.apply("lannister", "token green E1")
    game.apply("stark", "pass")
    assert game.state.round == 2  # both passed: the regroup phase (nothing to discard), and the next round


def test_a_token_orders_a_unit_of_its_rank_valor_any_and_two_of_a_face_any():
    game = game_with({"stark": ["green", "blue", "blue", "valor", "morale", "morale"], "lannister": []})
    offered = options(game, "stark")
    assert "token green C7" in offered and "token green E7" not in offered
    assert {"token valor C7", "token valor E7", "token valor G7"} <= set(offered)
    assert "token blue+blue G7" in offered and "token morale+morale G7" in offered  # any face, in pairs
    refused = game.to_position()
    with pytest.raises(IllegalAction, match="A green token orders a green unit; the unit at E7 is blue"):
        game.apply("stark", "token green E7")
    with pytest.raises(IllegalAction, match="Your order pool has no red token"):
        game.apply("stark", "token red G7")
    with pytest.raises(IllegalAction, match="only one green token"):
        game.apply("stark", "token green+green G7")
    with pytest.raises(IllegalAction, match="no unit of yours at E1"):
        game.apply("stark", "token valor E1")
    assert game.to_position() == refused
    game.apply("stark", "token blue+blue G7")
    assert game.state.pools["stark"] == ["green", "valor", "morale", "morale"]
    assert game.decision_for("stark").kind == "move"


def test_the_morale_token_raises_morale_or_pays_it_to_rally_a_unit():
    units = battle(PLAIN, UNITS).to_position()["units"]
    warhost = next(uid for uid, u in units.items() if u["at"] == "C7")
    units[warhost]["active"] = False
    game = game_with({"stark": ["morale", "morale"], "lannister": []}, units=units)
    assert "token morale rally C7" in options(game, "stark") and "token morale rally E7" not in options(
        game, "stark"
    )
    game.apply("stark", "token morale up")
    assert (game.state.morale_house, game.state.morale_space) == ("lannister", 1)  # toward the enemy
    game.apply("lannister", "pass")
    game.apply("stark", "token morale rally C7")
    assert (game.state.morale_house, game.state.morale_space) == (None, 0)
    assert at(game, "C7").active
    with pytest.raises(IllegalAction, match="no morale token"):
        game.apply("stark", "token morale up")


def test_a_player_who_can_use_no_token_and_no_card_must_pass():
    game = game_with({"stark": ["red"], "lannister": []})
    units = game.to_position()["units"]
    for unit in units.values():
        if unit["house"] == "stark":
            unit["active"] = False
    stuck = changed(game, units=units)
    assert options(stuck, "stark") == ["pass"]
    assert stuck.pending()[0].default.format() == "pass"
