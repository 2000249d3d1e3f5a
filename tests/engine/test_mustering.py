"""Mustering (rulebook: "Carta de Poniente: Reclutamiento", its example, and "Puertos")."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.thrones.actions import MusterItem
from engine.thrones.game import ThronesGame
from engine.thrones.mustering import MusterDraft, single_items, validate_muster
from engine.thrones.random_player import random_action
from engine.thrones.scenario import build
from tests.engine.scenario import kinds


def mustering(throne=None, **fields) -> ThronesGame:
    """The Mustering card of round 2's Westeros phase, about to be resolved."""
    tracks = {"tracks": {"throne": throne}} if throne else {}
    return build({"players": 6, "round": 2, "step": "mustering", **tracks, **fields})


def units_in(game, area):
    return sorted((u.house, u.kind) for u in game.state.units.get(area, []))


def test_the_rulebook_mustering_example():
    game = mustering(
        units={
            "lannisport": ("lannister", "footman"),
            "harrenhal": ("lannister", "footman", "footman"),
            "riverrun": ("lannister", "knight", "knight", "knight"),
            "stoney-sept": ("lannister", "footman"),
            "ironmans-bay": ("greyjoy", "ship"),
        },
        supply={"stark": 1, "lannister": 3, "greyjoy": 2, "tyrell": 2, "baratheon": 2, "martell": 2},
        throne=["lannister", "baratheon", "stark", "martell", "greyjoy", "tyrell"],
    )
    decision = game.pending()[0]
    assert (decision.house, decision.kind) == ("lannister", "muster")
    assert decision.schema["areas"]["lannisport"]["points"] == 2
    assert decision.schema["areas"]["harrenhal"]["points"] == 1
    assert "stoney-sept" not in decision.schema["areas"]  # no castle, no mustering
    before = game.to_position()
    # Riverrun's second point cannot be used: its army is full, and Ironman's Bay holds an enemy ship.
    for extra, reason in (
        ("riverrun footman", "supply"),
        ("riverrun ship@ironmans-bay", "without enemy ships"),
    ):
        with pytest.raises(IllegalAction, match=reason):
            game.apply_line(
                "lannister: muster lannisport footman, lannisport ship@the-golden-sound, "
                f"harrenhal footman->knight, riverrun ship@the-golden-sound, {extra}"
            )
    assert game.to_position() == before
    game.apply_line(
        "lannister: muster lannisport footman, lannisport ship@the-golden-sound, "
        "harrenhal footman->knight, riverrun ship@the-golden-sound"
    )
    assert units_in(game, "lannisport") == [("lannister", "footman")] * 2
    assert units_in(game, "harrenhal") == [("lannister", "footman"), ("lannister", "knight")]
    assert units_in(game, "the-golden-sound") == [("lannister", "ship")] * 2


def test_mustering_points_cannot_be_overspent_or_carried_over():
    game = mustering(
        units={"harrenhal": ("lannister", "footman")},
        throne=["lannister", "baratheon", "stark", "martell", "greyjoy", "tyrell"],
    )
    with pytest.raises(IllegalAction, match="gives 1 mustering point"):
        game.apply_line("lannister: muster harrenhal knight")
    with pytest.raises(IllegalAction, match="gives 1 mustering point"):
        game.apply_line("lannister: muster harrenhal footman, harrenhal footman")


def test_ships_muster_into_the_port_even_when_its_sea_is_occupied():
    # The rulebook's port example: Martell musters a footman and a ship from Sunspear; the ship may go to
    # the port or the Sea of Dorne, but not to the East Summer Sea, where Tyrell sails.
    game = mustering(
        units={"sunspear": ("martell", "footman"), "east-summer-sea": ("tyrell", "ship")},
        throne=["martell", "baratheon", "lannister", "stark", "greyjoy", "tyrell"],
    )
    targets = game.pending()[0].schema["areas"]["sunspear"]["ship_targets"]
    assert targets == ["port-of-sunspear", "sea-of-dorne"]
    with pytest.raises(IllegalAction, match="without enemy ships"):
        game.apply_line("martell: muster sunspear footman, sunspear ship@east-summer-sea")
    game.apply_line("martell: muster sunspear footman, sunspear ship@port-of-sunspear")
    assert units_in(game, "port-of-sunspear") == [("martell", "ship")]


def test_a_port_holds_three_ships_at_most():
    game = mustering(
        units={"sunspear": ("martell", "footman"), "port-of-sunspear": ("martell", "ship", "ship", "ship")},
        supply={"stark": 1, "lannister": 2, "greyjoy": 2, "tyrell": 2, "baratheon": 2, "martell": 6},
        throne=["martell", "baratheon", "lannister", "stark", "greyjoy", "tyrell"],
    )
    with pytest.raises(IllegalAction, match="at most 3 ships"):
        game.apply_line("martell: muster sunspear ship@port-of-sunspear")


def test_no_more_units_than_the_house_owns():
    game = mustering(
        units={
            "lannisport": ("lannister", "footman"),
            "riverrun": ("lannister", "siege"),
            "harrenhal": ("lannister", "siege"),
        },
        throne=["lannister", "baratheon", "stark", "martell", "greyjoy", "tyrell"],
    )
    with pytest.raises(IllegalAction, match="0 siege"):
        game.apply_line("lannister: muster lannisport siege")
    with pytest.raises(IllegalAction, match="0 siege"):
        game.apply_line("lannister: muster lannisport footman->siege")


def test_land_units_muster_only_on_land_and_ships_need_a_destination():
    game = mustering(
        units={"lannisport": ("lannister", "footman")},
        throne=["lannister", "baratheon", "stark", "martell", "greyjoy", "tyrell"],
    )
    with pytest.raises(IllegalAction, match="Say where the ship goes"):
        game.apply_line("lannister: muster lannisport ship")
    with pytest.raises(IllegalAction, match="in Lannisport itself"):
        game.apply_line("lannister: muster lannisport footman@the-golden-sound")
    with pytest.raises(IllegalAction, match="cannot muster in Stoney Sept"):
        game.apply_line("lannister: muster stoney-sept footman")


def test_houses_muster_one_after_another_in_turn_order_and_skip_when_they_cannot():
    game = mustering(seed=1)
    # In the opening position every house holds its home stronghold.
    assert kinds(game) == [("baratheon", "muster")]
    game.apply_line("baratheon: muster dragonstone ship@shipbreaker-bay")
    assert kinds(game) == [("lannister", "muster")]
    game.apply_line("lannister: muster none")
    assert kinds(game) == [("stark", "muster")]


def _odd_items(area: str) -> list[MusterItem]:
    """Items no castle may muster: a footman 'upgraded' to a footman, a ship without a place, a footman
    sent elsewhere (and, from most castles, a ship sent to a far sea)."""
    return [
        MusterItem(area, "footman", upgrade=True),
        MusterItem(area, "ship"),
        MusterItem(area, "ship", to="bay-of-ice"),
        MusterItem(area, "footman", to="the-golden-sound"),
    ]


def _legal(state, house, items, allowed) -> bool:
    try:
        validate_muster(state, house, items, allowed)
    except IllegalAction:
        return False
    return True


def _check_drafts(game, decision, rng) -> int:
    """Build random musters for the decision with a MusterDraft, asserting at each step that it admits
    exactly the candidates validate_muster accepts after the items so far; returns the checks made."""
    state, house = game.state, decision.house
    allowed = {area: info["points"] for area, info in decision.schema["areas"].items()}
    candidates = [
        item
        for area in [*allowed, "sunspear", "winterfell"]
        for item in [*single_items(state, house, area), *_odd_items(area)]
    ]
    draft = MusterDraft(state, house, allowed)
    checked = 0
    while True:
        so_far = tuple(draft.items)
        admitted = [item for item in candidates if draft.admits(item)]
        expected = [item for item in candidates if _legal(state, house, (*so_far, item), allowed)]
        assert admitted == expected
        checked += len(candidates)
        if not admitted:
            return checked
        draft.add(rng.choice(admitted))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_muster_draft_admits_exactly_what_the_full_validation_accepts(seed):
    """The random player builds musters with MusterDraft: its quick check of one more item must agree
    with validate_muster on the whole muster, for every candidate, at every step of random games."""
    game = ThronesGame.new(6, seed, False)
    rng = Rng(seed)
    checked = 0
    while not game.over:
        pending = game.pending()
        decision = pending[rng.below(len(pending))]
        if decision.kind == "muster":
            checked += _check_drafts(game, decision, rng)
        game.apply(decision.house, random_action(game, decision, rng))
    assert checked > 100


def test_a_muster_draft_fills_a_port_to_three_ships_and_no_further():
    game = mustering(
        units={"sunspear": ("martell", "footman"), "port-of-sunspear": ("martell", "ship", "ship")},
        supply={"stark": 1, "lannister": 2, "greyjoy": 2, "tyrell": 2, "baratheon": 2, "martell": 6},
        throne=["martell", "baratheon", "lannister", "stark", "greyjoy", "tyrell"],
    )
    (decision,) = game.pending()
    draft = MusterDraft(game.state, "martell", {"sunspear": 2})
    ship = MusterItem("sunspear", "ship", to="port-of-sunspear")
    assert draft.admits(ship)
    draft.add(ship)
    assert not draft.admits(ship)
    for seed in range(10):
        _check_drafts(game, decision, Rng(seed))
