"""The round (B2): the advantage, commanders made ready, units rallied, the marshal phase's tokens and cards
(a new deck from the discard pile), and the regroup phase: discarding down to one card and one token, morale
recovery, the round token, the end after the last round."""

from __future__ import annotations

import pytest

from engine.battles.game import BattlesGame
from engine.core.errors import IllegalAction
from tests.engine.battles.helpers import PLAIN, battle, changed

UNITS = {
    "E7": "stark captain-of-the-north blue",
    "D7": "stark northern-warhost green",
    "E1": "lannister captain-of-the-rock blue",
}


def regroup() -> list[dict]:
    """A stack at the start of the regroup phase."""
    return [{"kind": "round", "next": "rally"}, {"kind": "regroup", "step": "vp"}]


def test_the_house_with_more_command_tokens_on_its_board_has_the_advantage():
    game = battle(PLAIN, UNITS)
    # Stark spent two command tokens through its commander this round; Lannister none.
    game = changed(
        game,
        stack=regroup(),
        command_tokens={"stark": 2, "lannister": 4},
        commanders={
            "captain-of-the-north": {"tokens": 2, "committed": False},
            "captain-of-the-rock": {"tokens": 0, "committed": False},
        },
        hands={"stark": [], "lannister": []},
        pools={"stark": [], "lannister": []},
    )
    assert game.state.round == 2 and game.state.first == "lannister"
    assert game.state.command_tokens == {"stark": 4, "lannister": 4}  # made ready after the comparison
    assert game.state.commanders["captain-of-the-north"].tokens == 0
    assert game.decision_for("lannister").kind == "turn"
    tied = changed(
        game, stack=regroup(), hands={"stark": [], "lannister": []}, pools={"stark": [], "lannister": []}
    )
    assert tied.state.first == "stark"  # a tie goes to the initiative token's holder


def test_every_unit_is_active_when_a_round_begins():
    game = battle(PLAIN, UNITS)
    units = game.to_position()["units"]
    for unit in units.values():
        unit["active"] = False
    game = changed(
        game,
        units=units,
        stack=regroup(),
        hands={"stark": [], "lannister": []},
        pools={"stark": [], "lannister": []},
    )
    assert all(unit.active for unit in game.state.units.values())


def test_an_empty_deck_is_the_discard_pile_shuffled():
    game = battle(PLAIN, UNITS)
    every = sorted(game.state.decks["stark"] + game.state.hands["stark"])
    game = changed(
        game,
        stack=regroup(),
        decks={"stark": every[:1], "lannister": game.state.decks["lannister"]},
        discards={"stark": every[1:], "lannister": []},
        hands={"stark": [], "lannister": game.state.hands["lannister"][:1]},
        pools={"stark": [], "lannister": []},
    )
    assert len(game.state.hands["stark"]) == 3
    assert sorted(game.state.hands["stark"] + game.state.decks["stark"]) == every
    assert game.state.discards["stark"] == []


def test_each_player_keeps_at_most_one_card_and_one_token_choosing_at_once():
    game = battle(PLAIN, UNITS)
    game.apply("stark", "pass")
    game.apply("lannister", "pass")
    decisions = game.pending()
    assert [(d.house, d.kind, d.secret) for d in decisions] == [
        ("stark", "keep", True),
        ("lannister", "keep", True),
    ]
    hand = sorted(game.state.hands["stark"])
    token = game.state.pools["stark"][0]
    game.apply("stark", f"keep {hand[0]} {token}")
    assert game.changeable_decision("stark") is not None  # until both have chosen
    game.apply("stark", f"keep {hand[1]} none")  # changed
    with pytest.raises(IllegalAction):
        game.apply("lannister", f"keep {hand[0]} none")  # not its card
    game.apply("lannister", "keep none none")
    assert game.state.round == 2
    assert hand[1] in game.state.hands["stark"] and len(game.state.hands["stark"]) == 4
    assert sorted(game.state.discards["stark"]) == [card for card in hand if card != hand[1]]
    assert game.state.discards["lannister"] and len(game.state.hands["lannister"]) == 3


def test_the_battle_ends_after_its_last_round():
    game = battle(PLAIN, UNITS, rounds=1)
    game.apply("stark", "pass")
    game.apply("lannister", "pass")
    assert game.over and game.state.winner == "stark"  # tied points, tied morale: the initiative
    assert game.readout().ranking == ("stark", "lannister") and game.readout().phase == "over"
    assert not game.pending()
    with pytest.raises(IllegalAction, match="over"):
        game.apply("stark", "pass")


def test_a_game_goes_through_every_round():
    game = BattlesGame.setup(2, 2, {})
    rounds = []
    while not game.over:
        decision = game.pending()[0]
        rounds.append(game.state.round)
        game.apply(decision.house, decision.default)
    assert sorted(set(rounds)) == list(range(1, 7))
