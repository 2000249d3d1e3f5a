"""Scenarios (engine.thrones.scenario): every step waits for the decisions it implies, the positions they
make are the rules' own, and every mistake names its key."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine.thrones.scenario
from engine.core.errors import ScenarioError
from engine.thrones.game import ThronesGame
from engine.thrones.scenario import build, load
from tests.engine.scenario import kinds

SIX = {"players": 6}

# Tyrell, first in turn order, marches two knights on a Lannister footman in Blackwater; Lannister may support
# from Stoney Sept, Tyrell from King's Landing (its neutral force taken out of the game).
BLACKWATER: dict[str, Any] = {
    **SIX,
    "units": {
        "the-reach": "tyrell knight knight",
        "blackwater": "lannister footman",
        "stoney-sept": "lannister footman knight",
        "kings-landing": "tyrell footman",
    },
    "orders": {
        "the-reach": "tyrell march+1*",
        "blackwater": "lannister defense+1",
        "stoney-sept": "lannister support+0",
        "kings-landing": "tyrell support+0",
    },
    "neutral_forces": {"the-eyrie": 6},
    "tracks": {"throne": ["tyrell", "lannister", "baratheon", "stark", "greyjoy", "martell"]},
}


def blackwater_battle() -> dict[str, Any]:
    """BLACKWATER once Tyrell's knights have marched: off the board, held by the battle."""
    units = {area: units for area, units in BLACKWATER["units"].items() if area != "the-reach"}
    battle = {"area": "blackwater", "from": "the-reach", "army": "knight knight"}
    return {**BLACKWATER, "units": units, "step": "support", "battle": battle}


def with_units(units: dict[str, str], orders: dict[str, str] | None = None, **fields: Any) -> dict[str, Any]:
    return {**SIX, "units": units, **({"orders": orders} if orders is not None else {}), **fields}


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ({**SIX, "phase": "planning"}, [(h, "orders") for h in ("baratheon", "lannister", "stark")]),
        ({**SIX, "step": "planning"}, [(h, "orders") for h in ("baratheon", "lannister", "stark")]),
        ({**SIX, "step": "raven", "orders": {"winterfell": "stark march+0"}}, [("lannister", "raven")]),
        (
            with_units(
                {"the-shivering-sea": "stark ship", "castle-black": "greyjoy footman"},
                {"the-shivering-sea": "stark raid", "castle-black": "greyjoy consolidate"},
                step="raid",
            ),
            [("stark", "raid")],
        ),
        ({**SIX, "step": "march", "orders": {"winterfell": "stark march+0"}}, [("stark", "march")]),
        (blackwater_battle(), [("tyrell", "support")]),
        (
            with_units(
                {"blackwater": "lannister footman", "kingswood": "lannister footman"},
                {"blackwater": "lannister march+1*", "kingswood": "lannister support+0"},
                step="support",
                battle={"area": "kings-landing", "from": "blackwater", "army": ["knight", "knight"]},
            ),
            [("lannister", "support")],
        ),
        (
            {**SIX, "step": "consolidate", "orders": {"winterfell": "stark consolidate*"}},
            [("stark", "consolidate")],
        ),
        (
            {
                **SIX,
                "round": 2,
                "step": "draw",
                "westeros": {"cards": ["mustering", "clash-of-kings", "web-of-lies"]},
            },
            [("baratheon", "muster")],
        ),
        ({**SIX, "round": 4, "step": "bidding"}, [(h, "bid") for h in ("baratheon", "lannister", "stark")]),
        ({**SIX, "round": 4, "step": "wildlings"}, [(h, "bid") for h in ("baratheon", "lannister", "stark")]),
        ({**SIX, "round": 2, "step": "mustering"}, [("baratheon", "muster")]),
        (
            with_units(
                {
                    "the-twins": "lannister footman footman footman",
                    "harrenhal": "lannister footman footman footman",
                },
                round=2,
                step="supply",
                supply={"lannister": 4},
            ),
            [("lannister", "reconcile")],
        ),
    ],
)
def test_each_step_waits_for_what_it_implies(spec, expected):
    game = build(spec)
    assert kinds(game)[: len(expected)] == expected
    again = ThronesGame.from_position(json.loads(json.dumps(game.to_position())))
    assert again.to_position() == game.to_position()


def test_the_phase_and_round_are_where_the_scenario_says():
    game = build(
        {**SIX, "round": 4, "step": "bidding", "bidding": {"track": "fiefdoms"}, "wildling_threat": 8}
    )
    readout = game.readout()
    assert (readout.round, readout.phase) == (4, "westeros")
    assert game.view(None)["procedure"][-1]["track"] == "fiefdoms"
    assert game.state.wildling_threat == 8
    game = build(
        {**SIX, "round": 5, "step": "wildlings", "wildling_threat": 8, "wildling_card": "crow-killers"}
    )
    assert game.state.stack[-1].strength == 8 and game.state.wildling_deck[0] == "crow-killers"
    game = build({**SIX, "round": 3, "step": "draw", "westeros": {"cards": ["last-days-of-summer"]}})
    assert game.readout().round == 3 and game.state.westeros_revealed[0] == "last-days-of-summer"


def test_a_scenario_that_changes_nothing_is_the_setup():
    assert build({**SIX, "seed": 5, "phase": "planning"}).to_position() == ThronesGame.new(6, 5).to_position()
    tides = build({"players": 4, "seed": 2, "tides_of_battle": True, "step": "orders"})
    assert tides.to_position() == ThronesGame.new(4, 2, tides_of_battle=True).to_position()


def test_orders_of_the_planning_step_are_placed_face_down_and_may_change():
    game = build(
        {
            **SIX,
            "step": "orders",
            "orders": {
                "winterfell": "stark march+0",
                "white-harbor": "stark raid",
                "the-shivering-sea": "stark support+0",
            },
        }
    )
    assert "stark" not in [house for house, _ in kinds(game)]
    assert game.state.orders == {} and not game.state.orders_revealed
    assert game.view("stark")["procedure"][-1]["my_orders"]["winterfell"] == "march+0"
    assert "my_orders" not in game.view("lannister")["procedure"][-1]
    assert game.changeable_decision("stark").kind == "orders"


def test_a_battle_built_at_its_support_step_is_the_one_the_march_begins():
    marched = build({**BLACKWATER, "step": "march"})
    marched.apply_line("tyrell: march the-reach -> blackwater knight knight")
    built = build(blackwater_battle())
    made, expected = built.to_position(), marched.to_position()
    assert expected.pop("marks") == {"marches": [["the-reach", "blackwater", "tyrell"]]}
    assert made.pop("marks") == {}
    assert made == expected


def test_units_routed_hands_tracks_power_and_tokens():
    game = build(
        {
            **SIX,
            "step": "march",
            "units": {"winterfell": ["stark", "footman", "knight!"], "the-twins": "stark footman"},
            "orders": {"the-twins": "stark march+0"},
            "power_tokens": {"moat-cailin": "stark"},
            "garrisons": {"winterfell": 2},
            "power": {"stark": 3},
            "supply": {"stark": 2},
            "hands": {"stark": ["eddard-stark", "robb-stark"]},
            "tracks": {"fiefdoms": ["stark", "baratheon", "lannister", "martell", "greyjoy", "tyrell"]},
            "blade_used": True,
        }
    )
    state = game.state
    assert [(u.kind, u.routed) for u in state.units["winterfell"]] == [("footman", False), ("knight", True)]
    assert state.power_tokens == {"moat-cailin": "stark"} and state.garrisons == {"winterfell": 2}
    assert (state.power["stark"], state.supply["stark"], state.power["lannister"]) == (3, 2, 5)
    assert state.hands["stark"] == ["eddard-stark", "robb-stark"]
    assert len(state.discards["stark"]) == 5 and "eddard-stark" not in state.discards["stark"]
    assert state.fiefdoms[0] == "stark" and state.blade_used
    assert state.orders_revealed


TOML = """
# Round 3, the Action phase: Tyrell is about to march on Blackwater.
players = 6
round = 3
phase = "action"
step = "march"

[units]
the-reach = "tyrell knight knight"
blackwater = "lannister footman"

[orders]
the-reach = "tyrell march+1*"
blackwater = "lannister defense+1"
"""


def test_a_scenario_is_read_from_toml_and_the_module_example_loads():
    game = load(TOML)
    assert kinds(game) == [("tyrell", "march")] and game.state.round == 3
    assert ThronesGame.from_scenario(TOML).to_position() == game.to_position()
    doc = engine.thrones.scenario.__doc__ or ""
    example = doc.split("An example::", 1)[1].split("\n\n``players``", 1)[0]
    assert kinds(load("\n".join(line.removeprefix("    ") for line in example.splitlines()))) == [
        ("tyrell", "march")
    ]


@pytest.mark.parametrize(
    ("spec", "key", "message"),
    [
        ({"step": "march"}, "players", "is missing"),
        ({"players": 7, "step": "march"}, "players", "is 7, not 3 to 6"),
        (SIX, "phase", "is missing"),
        ({**SIX, "step": "dance"}, "step", "'dance' is not a step"),
        ({**SIX, "phase": "planning", "step": "march"}, "step", "a step of the action phase"),
        ({**SIX, "step": "march", "colour": "red"}, "colour", "is not a key this scenario knows"),
        ({**SIX, "step": "march", "units": {"narnia": "stark footman"}}, "units.narnia", "not an area"),
        (
            {**SIX, "step": "march", "units": {"winterfell": "stork footman"}},
            "units.winterfell",
            "not a house",
        ),
        (
            {**SIX, "step": "march", "units": {"winterfell": "stark dragon"}},
            "units.winterfell",
            "not a unit kind",
        ),
        ({**SIX, "step": "march", "units": {"winterfell": "stark ship"}}, "units.winterfell", "a land area"),
        ({**SIX, "step": "march", "units": {"winterfell": 3}}, "units.winterfell", "not words"),
        ({**SIX, "step": "march", "units": {"winterfell": "stark " + "footman " * 11}}, "units", "owns 10"),
        (
            {**SIX, "step": "march", "orders": {"winterfell": "stark march+3"}},
            "orders.winterfell",
            "order token",
        ),
        (
            {**SIX, "step": "march", "orders": {"winterfell": "lannister raid"}},
            "orders.winterfell",
            "no units",
        ),
        (
            {**SIX, "step": "orders", "orders": {"winterfell": "stark raid"}},
            "orders",
            "missing: The Shivering",
        ),
        (
            {**SIX, "round": 2, "step": "mustering", "orders": {"winterfell": "stark raid"}},
            "orders",
            "only in",
        ),
        ({**SIX, "step": "march", "tracks": {"throne": ["stark"]}}, "tracks.throne", "each once"),
        ({**SIX, "step": "march", "tracks": {"thrown": []}}, "tracks.thrown", "not a key"),
        ({**SIX, "step": "march", "power": {"stark": 21}}, "power.stark", "is 21, not 0 to 20"),
        ({**SIX, "step": "march", "supply": {"dragons": 2}}, "supply.dragons", "not a house"),
        ({**SIX, "step": "march", "hands": {"stark": ["the-hound"]}}, "hands.stark", "not a house card"),
        ({**SIX, "step": "march", "hands": {"stark": []}}, "hands.stark", "one or more"),
        ({**SIX, "step": "march", "garrisons": {"winterfell": 0}}, "garrisons.winterfell", "is 0"),
        (
            {**SIX, "step": "march", "power_tokens": {"bay-of-ice": "stark"}},
            "power_tokens.bay-of-ice",
            "on land",
        ),
        ({**SIX, "step": "march", "wildling_threat": 5}, "wildling_threat", "not a space"),
        ({**SIX, "step": "march", "wildling_card": "dragons"}, "wildling_card", "not a wildling card"),
        ({**SIX, "step": "march", "restrictions": ["no-raid"]}, "restrictions", "Action phase has none"),
        ({**SIX, "step": "orders", "restrictions": "no-dancing"}, "restrictions", "not a restriction"),
        ({**SIX, "step": "march", "round": 11}, "round", "is 11, not 1 to 10"),
        ({**SIX, "step": "draw"}, "round", "round 2 or later"),
        (
            {**SIX, "round": 2, "step": "draw", "westeros": {"cards": ["clash-of-kings"]}},
            "westeros.cards",
            "deck I",
        ),
        (
            {**SIX, "round": 2, "step": "bidding", "bidding": {"track": "crown"}},
            "bidding.track",
            "influence track",
        ),
        ({**SIX, "step": "march", "battle": {}}, "battle", "belongs to the support step"),
        ({**SIX, "step": "support"}, "battle", "is missing"),
        (
            {
                **SIX,
                "step": "support",
                "battle": {"area": "castle-black", "from": "winterfell", "army": "footman"},
            },
            "battle.from",
            "holds no March order",
        ),
        (
            {
                **SIX,
                "step": "support",
                "orders": {"winterfell": "stark march+0"},
                "battle": {"area": "castle-black", "from": "winterfell", "army": "footman"},
            },
            "battle.area",
            "without a fight",
        ),
        (
            {
                **SIX,
                "step": "support",
                "units": {"winterfell": "lannister footman"},
                "orders": {"winterfell": "stark march+0"},
                "battle": {"area": "castle-black", "from": "winterfell", "army": "footman"},
            },
            "battle.from",
            "holds House Lannister's units",
        ),
        (
            {
                **SIX,
                "step": "support",
                "orders": {"winterfell": "stark march+0"},
                "battle": {"area": "sunspear", "from": "winterfell", "army": "footman"},
            },
            "battle.area",
            "out of reach",
        ),
    ],
)
def test_mistakes_name_their_key(spec, key, message):
    with pytest.raises(ScenarioError) as raised:
        build(spec)
    assert raised.value.key == key
    assert str(raised.value).startswith(f"{key}: ")
    assert message in str(raised.value)


def test_a_situation_the_rules_forbid_is_refused():
    with pytest.raises(ScenarioError, match="breaks the rules: kings-landing: units beside a neutral force"):
        build({**SIX, "step": "march", "units": {"kings-landing": "stark footman"}})
    with pytest.raises(ScenarioError, match="this is not TOML"):
        load("players = ")
