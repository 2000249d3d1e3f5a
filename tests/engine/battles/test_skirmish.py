"""The optional skirmish (B17) on the sample skirmish: the secret, simultaneous choice of commanders
(hidden from the other house and from spectators until both have chosen, changeable until then), the
forces and terrain drawn from setup cards, and the placement distances the rulebook gives for its
Riverlands Raid: terrain within 8 rows of one's edge, commanders within 3 with no two zones of control
overlapping, other units within 4."""

from __future__ import annotations

import json

import pytest

from engine.battles.game import BattlesGame
from engine.battles.invariants import problems
from engine.battles.skirmish import rows_from_edge
from engine.core.errors import IllegalAction
from engine.core.random_player import random_action
from engine.core.rng import Rng


def raid(seed: int = 3) -> BattlesGame:
    return BattlesGame.setup(2, seed, {"scenario": "raid"})


def test_the_commanders_are_chosen_in_secret_and_revealed_together():
    game = raid()
    assert sorted((d.house, d.kind, d.secret) for d in game.pending()) == [
        ("lannister", "pick", True),
        ("stark", "pick", True),
    ]
    stark = game.decision_for("stark")
    assert [option.format() for option in stark.options] == [
        "pick captain-of-the-north",
        "pick master-of-the-hunt",
        "pick captain-of-the-north master-of-the-hunt",
    ]
    game.apply("stark", "pick master-of-the-hunt")
    # Neither the other house nor a spectator sees what Stark chose; Stark does, and may change it.
    other = BattlesGame.from_position(game.to_position())
    other.state.stack[-1].picks["stark"] = ["captain-of-the-north"]
    for viewer in ("lannister", None):
        assert json.dumps(other.view(viewer), sort_keys=True) == json.dumps(game.view(viewer), sort_keys=True)
    assert game.view("stark")["procedure"][-1]["picks"] == {"stark": ["master-of-the-hunt"]}
    assert game.changeable_decision("stark").kind == "pick"
    game.apply("stark", "pick captain-of-the-north")
    with pytest.raises(IllegalAction):
        game.apply("lannister", "pick captain-of-the-rock knight-of-the-west burner-of-fields")
    events = game.apply("lannister", "pick knight-of-the-west burner-of-fields")
    picked = {e.data["house"]: e.data["commanders"] for e in events if e.kind == "picked"}
    assert picked == {
        "stark": ["captain-of-the-north"],
        "lannister": ["burner-of-fields", "knight-of-the-west"],
    }
    assert all(e.to is None for e in events if e.kind in ("picked", "forces"))
    state = game.state
    assert sorted(state.commanders) == ["burner-of-fields", "captain-of-the-north", "knight-of-the-west"]
    # Each deck: the house's basic cards and its chosen commanders' cards.
    assert len(state.decks["stark"]) == 6 + 3 and len(state.decks["lannister"]) == 6 + 6
    assert not problems(state)


def test_a_choice_beyond_the_competence_limit_is_refused():
    game = raid()
    with pytest.raises(IllegalAction, match="choice of commanders"):
        game.apply("stark", "pick captain-of-the-north captain-of-the-rock")


def play_setup(game: BattlesGame, seed: int) -> list[tuple[str, str, list[str]]]:
    """Play the setup with random answers; return each placement decision's house, piece kind and hexes."""
    rng = Rng(seed)
    seen = []
    while any(d.kind in ("pick", "place") for d in game.pending()):
        decision = game.pending()[0]
        if decision.kind == "place":
            kinds = {option.what for option in decision.options}
            seen.append((decision.house, next(iter(kinds)), [option.at for option in decision.options]))
        game.apply(decision.house, random_action(game, decision, rng))
        assert not problems(game.state)
    return seen


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_placement_distances(seed):
    game = raid(seed)
    state = game.state
    skirmish = state.pack.skirmishes["raid"]
    assert (skirmish.terrain_within, skirmish.commanders_within, skirmish.units_within) == (8, 3, 4)
    seen = play_setup(game, seed)
    commanders = set(state.pack.commanders)
    terrain = {"forest", "hills", "building"}
    for house, what, hexes in seen:
        limit = 8 if what in terrain else 3 if what in commanders else 4
        assert all(rows_from_edge(state, h, house) <= limit for h in hexes), (house, what)
    # Every piece is on the board; the commanders' zones of control do not overlap.
    field = state.field
    zones = [set(field.zone(state.commander_hex(cid), 2)) for cid in state.commanders]
    assert all(not (a & b) for i, a in enumerate(zones) for b in zones[i + 1 :])
    assert all(rows_from_edge(state, unit.at, unit.house) <= 4 for unit in state.units.values())
    assert state.placed and all(state.kind(h) in terrain for h in state.placed)
    assert game.pending()[0].kind == "turn" and game.readout().phase == "command"


def test_rows_are_counted_from_each_house_s_own_edge():
    state = raid().state
    assert rows_from_edge(state, "A1", "lannister") == 1 and rows_from_edge(state, "A1", "stark") == 11
    assert rows_from_edge(state, "A11", "stark") == 1 and rows_from_edge(state, "B8", "stark") == 4


def test_a_whole_skirmish_plays_to_its_end_and_replays():
    game = raid(5)
    rng = Rng(77)
    while not game.over:
        decision = game.pending()[rng.below(len(game.pending()))]
        game.apply(decision.house, random_action(game, decision, rng))
        assert not problems(game.state)
    replayed = BattlesGame.replay(game.notation(), players=2, seed=5, scenario="raid")
    assert json.dumps(replayed.to_position()) == json.dumps(game.to_position())


def test_a_placement_out_of_reach_or_of_a_piece_not_held_is_refused_changing_nothing():
    game = raid(3)
    game.apply("stark", "pick captain-of-the-north")
    game.apply("lannister", "pick captain-of-the-rock")
    decision = game.pending()[0]
    house, terrain = decision.house, decision.options[0].what
    before = json.dumps(game.to_position())
    far = "A1" if house == "stark" else "A11"  # the other house's edge
    for line, message in (
        (f"place {terrain} {far}", f"not a hex where {terrain} may be placed"),
        ("place dragon-nest A5", "You have no dragon-nest left"),
        ("place northern-warhost red A5", "You have no red northern-warhost left"),
    ):
        with pytest.raises(IllegalAction, match=message):
            game.apply(house, line)
        assert json.dumps(game.to_position()) == before
