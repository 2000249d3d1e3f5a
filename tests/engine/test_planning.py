"""The Planning phase: secret orders, special order limits, restrictions, the Messenger Raven."""

from __future__ import annotations

import json

import pytest

from engine.core.errors import IllegalAction
from engine.thrones.game import ThronesGame
from engine.thrones.scenario import build, load
from tests.engine.scenario import kinds, scenario

SIX = ("baratheon", "lannister", "stark", "martell", "greyjoy", "tyrell")


def place_defaults(game: ThronesGame, houses=SIX, skip=()) -> None:
    for decision in game.pending():
        if decision.kind == "orders" and decision.house in houses and decision.house not in skip:
            game.apply(decision.house, decision.default)


def test_every_house_places_orders_at_once_and_they_are_revealed_together():
    game = ThronesGame.new(6, seed=3)
    assert sorted(kinds(game)) == sorted((h, "orders") for h in SIX)
    place_defaults(game, skip=("tyrell",))
    assert kinds(game) == [("tyrell", "orders")]
    assert game.state.orders == {}  # nothing is on the board until everyone has placed
    game.apply_line("tyrell: orders highgarden=march+0 dornish-marches=defense+1 redwyne-straits=support+0")
    assert game.state.orders_revealed
    assert game.state.orders["highgarden"].token == "march+0"
    # Then the Messenger Raven's holder (King's Court position 1) decides.
    assert kinds(game) == [(game.state.court[0], "raven")]


def test_orders_stay_secret_until_the_reveal():
    game = ThronesGame.new(6, seed=3)
    game.apply_line("stark: orders winterfell=march+1* white-harbor=raid the-shivering-sea=support+1*")
    # Stark's own view shows what it placed; Lannister's and a spectator's show only where.
    mine = game.view("stark")["procedure"][-1]
    assert mine["my_orders"]["winterfell"] == "march+1*"
    for viewer in ("lannister", None):
        view = game.view(viewer)
        step = view["procedure"][-1]
        assert step["face_down"]["stark"] == ["the-shivering-sea", "white-harbor", "winterfell"]
        assert "my_orders" not in step
        if viewer is not None:
            del view["houses"][viewer]["unused_orders"]  # the viewer's own tokens, not Stark's
        text = json.dumps(view)
        assert "march+1*" not in text and "support+1*" not in text


def test_a_house_may_change_its_orders_until_everyone_has_placed():
    game = ThronesGame.new(6, seed=3)
    game.apply_line("stark: orders winterfell=march+0 white-harbor=raid the-shivering-sea=support+0")
    game.apply_line("stark: orders winterfell=defense+1 white-harbor=raid the-shivering-sea=support+0")
    place_defaults(game, skip=("stark",))
    assert game.state.orders["winterfell"].token == "defense+1"
    with pytest.raises(IllegalAction):
        game.apply_line("stark: orders winterfell=march+0 white-harbor=raid the-shivering-sea=support+0")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("stark: orders winterfell=march+0 white-harbor=raid", "missing: The Shivering Sea"),
        (
            "stark: orders winterfell=march+0 white-harbor=raid the-shivering-sea=raid riverrun=raid",
            "no units in Riverrun",
        ),
        ("stark: orders winterfell=raid white-harbor=raid the-shivering-sea=raid", "own 2"),
        ("stark: orders winterfell=march+1* white-harbor=raid* the-shivering-sea=support+1* ", None),
        (
            "stark: orders winterfell=march+1* white-harbor=raid* the-shivering-sea=bogus",
            "not an order token",
        ),
        ("stark: bid 3", "waiting for your orders"),
    ],
)
def test_illegal_orders_are_refused_and_change_nothing(line, message):
    game = ThronesGame.new(6, seed=3)
    before = game.to_position()
    if message is None:  # Stark is second on the King's Court track: three special orders are fine
        game.apply_line(line)
        return
    with pytest.raises(IllegalAction, match=message):
        game.apply_line(line)
    assert game.to_position() == before


def test_special_orders_are_limited_by_the_kings_court():
    game = ThronesGame.new(6, seed=3)
    # Greyjoy is last on the King's Court: no special order at all.
    assert game.state.court.index("greyjoy") == 5
    with pytest.raises(IllegalAction, match="allows 0 special"):
        game.apply_line(
            "greyjoy: orders pyke=march+1* greywater-watch=raid ironmans-bay=raid port-of-pyke=support+0"
        )
    # Baratheon, fourth, may place one.
    with pytest.raises(IllegalAction, match="allows 1 special"):
        game.apply_line("baratheon: orders dragonstone=march+1* kingswood=raid* shipbreaker-bay=support+0")
    game.apply_line("baratheon: orders dragonstone=march+1* kingswood=raid shipbreaker-bay=support+0")


def test_kings_court_supplement_in_a_four_player_game():
    game = ThronesGame.new(4, seed=3)
    stars = {house: game.view(house)["houses"][house]["special_orders_allowed"] for house in game.state.court}
    assert [stars[h] for h in game.state.court] == [3, 2, 1, 0]


@pytest.mark.parametrize(
    ("restriction", "line"),
    [
        ("no-defense", "stark: orders winterfell=defense+1 white-harbor=raid the-shivering-sea=support+0"),
        ("no-defense", "stark: orders winterfell=defense+2* white-harbor=raid the-shivering-sea=support+0"),
        (
            "no-special-march",
            "stark: orders winterfell=march+1* white-harbor=raid the-shivering-sea=support+0",
        ),
        ("no-raid", "stark: orders winterfell=march+0 white-harbor=raid* the-shivering-sea=support+0"),
        ("no-support", "stark: orders winterfell=march+0 white-harbor=raid the-shivering-sea=support+0"),
        (
            "no-consolidate",
            "stark: orders winterfell=consolidate* white-harbor=raid the-shivering-sea=march+0",
        ),
    ],
)
def test_westeros_restrictions_forbid_orders(restriction, line):
    game = build({"players": 6, "seed": 3, "phase": "planning", "restrictions": [restriction]})
    with pytest.raises(IllegalAction, match="may not be placed"):
        game.apply_line(line)


def test_restrictions_last_one_planning_phase():
    game = build({"players": 6, "seed": 3, "phase": "planning", "restrictions": ["no-support"]})
    place_defaults(game)
    assert game.state.restrictions == ["no-support"]  # the raven's swap obeys them too
    game.apply_line(f"{game.state.court[0]}: raven none")
    assert game.state.restrictions == []


def test_too_few_orders_means_placing_in_turn_order_and_leaving_areas_empty():
    # With raids, supports, defenses and consolidations forbidden only the three march orders remain;
    # Tyrell, fifth on the King's Court with no star, has two for its three areas.
    restrictions = ["no-defense", "no-support", "no-raid", "no-consolidate"]
    game = build({"players": 6, "seed": 3, "phase": "planning", "restrictions": restrictions})
    assert kinds(game) == [("baratheon", "orders")]  # one house at a time, in turn order
    game.apply_line("baratheon: orders dragonstone=march+0 kingswood=march-1 shipbreaker-bay=march+1*")
    assert kinds(game) == [("lannister", "orders")]
    # Later houses see where earlier ones placed, face down.
    step = game.view("lannister")["procedure"][-1]
    assert step["in_turn_order"] and step["face_down"]["baratheon"] == [
        "dragonstone",
        "kingswood",
        "shipbreaker-bay",
    ]
    for house in ("lannister", "stark", "martell"):
        game.apply(house, game.pending()[0].default)
    assert kinds(game) == [("greyjoy", "orders")]
    with pytest.raises(IllegalAction, match="must place every order you can: 2 orders, not 1"):
        game.apply_line("greyjoy: orders pyke=march+0")
    game.apply_line("greyjoy: orders pyke=march+0 ironmans-bay=march-1")
    tyrell = game.pending()[0]
    assert tyrell.schema["may_leave_empty"] and tyrell.schema["count"] == 2
    game.apply(tyrell.house, tyrell.default)
    assert "port-of-pyke" not in game.state.orders and "greywater-watch" not in game.state.orders
    assert sum(1 for o in game.state.orders.values() if o.house == "tyrell") == 2


def reveal(game: ThronesGame) -> None:
    place_defaults(game)
    assert game.pending()[0].kind == "raven"


def test_raven_swaps_one_order_for_an_unused_one():
    game = ThronesGame.new(6, seed=3)
    reveal(game)
    holder = game.state.court[0]
    assert holder == "lannister"
    game.apply_line("lannister: raven swap lannisport march+1*")
    assert game.state.orders["lannisport"].token == "march+1*"
    assert game.state.raven_used
    assert game.pending()[0].kind != "raven"


def test_raven_swap_respects_unused_tokens_and_the_star_limit():
    game = load(
        """
        players = 6
        seed = 3
        phase = "planning"
        step = "raven"

        [tracks]
        court = ["baratheon", "lannister", "stark", "martell", "greyjoy", "tyrell"]

        [orders]
        dragonstone = "baratheon march+1*"
        kingswood = "baratheon raid"
        shipbreaker-bay = "baratheon support+0"
        """
    )
    assert kinds(game) == [("baratheon", "raven")]
    before = game.to_position()
    with pytest.raises(IllegalAction, match="no unused March"):
        game.apply_line("baratheon: raven swap kingswood march+1*")
    with pytest.raises(IllegalAction, match="no order in Winterfell"):
        game.apply_line("baratheon: raven swap winterfell raid")
    assert game.to_position() == before
    events = game.apply_line("baratheon: raven swap dragonstone defense+2*")  # special for special: fine
    swap = next(e for e in events if e.kind == "raven")
    assert (swap.data["area"], swap.data["old"], swap.data["new"]) == (
        "dragonstone",
        "march+1*",
        "defense+2*",
    )


def test_raven_swap_cannot_exceed_the_star_limit():
    game = scenario(
        6,
        seed=3,
        orders={"dragonstone": ("baratheon", "march+1*"), "kingswood": ("baratheon", "raid")},
        stack=[
            {"kind": "round", "next": "action"},
            {"kind": "planning", "step": "done"},
            {"kind": "raven", "holder": "baratheon"},
        ],
    )
    assert game.state.court.index("baratheon") == 3  # one star
    with pytest.raises(IllegalAction, match="exceed the special orders"):
        game.apply_line("baratheon: raven swap kingswood raid*")


def test_raven_looks_at_the_wildlings_and_may_bury_the_card():
    game = ThronesGame.new(6, seed=3)
    reveal(game)
    top, second = game.state.wildling_deck[:2]
    events = game.apply_line("lannister: raven peek")
    private = [e for e in events if e.to == "lannister"]
    assert private and private[0].data["card"] == top
    decision = game.pending()[0]
    assert (decision.kind, decision.secret) == ("raven-peek", True)
    assert game.view("lannister")["procedure"][-1]["top_wildling_card"] == top
    assert "top_wildling_card" not in game.view("stark")["procedure"][-1]
    assert top not in json.dumps(game.view("stark")["wildlings"])
    game.apply_line("lannister: raven bury")
    assert game.state.wildling_deck[0] == second and game.state.wildling_deck[-1] == top


def test_raven_keeper_remembers_the_top_card():
    game = ThronesGame.new(6, seed=3)
    reveal(game)
    top = game.state.wildling_deck[0]
    game.apply_line("lannister: raven peek")
    game.apply_line("lannister: raven keep")
    assert game.state.wildling_deck[0] == top
    assert game.view("lannister")["wildlings"]["top_card"] == top
    assert "top_card" not in game.view("stark")["wildlings"]
    assert "top_card" not in game.view(None)["wildlings"]


def test_an_answered_secret_decision_can_be_asked_again_until_everyone_has_answered():
    game = ThronesGame.new(6, seed=3)
    asked = game.decision_for("stark")
    assert game.changeable_decision("stark") is None  # not answered yet: it is simply pending
    game.apply_line("stark: orders winterfell=march+0 white-harbor=raid the-shivering-sea=support+0")
    assert game.decision_for("stark") is None
    again = game.changeable_decision("stark")
    assert again == asked
    assert "march+0" not in json.dumps(game.view("lannister")["procedure"])  # others still see nothing
    place_defaults(game)
    assert game.changeable_decision("stark") is None  # everyone has placed: the orders are revealed
