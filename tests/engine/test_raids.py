"""Raids (rulebook: "Resolver las órdenes de Incursión" and its example)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.thrones.actions import Raid
from engine.thrones.scenario import build, load
from tests.engine.scenario import kinds

WAIT = {"castle-black": ("stark", "footman")}
WAIT_ORDER = {"castle-black": ("stark", "march+0")}


def raid_game(units, orders, players=6, throne=None, **fields):
    """The raid step with these units and orders, and Stark waiting to march from Castle Black."""
    tracks = {"tracks": {"throne": throne}} if throne else {}
    spec = {
        "players": players,
        "step": "raid",
        "units": {**WAIT, **units},
        "orders": {**WAIT_ORDER, **orders},
    }
    return build({**spec, **tracks, **fields})


RULEBOOK_EXAMPLE = """
players = 5
step = "raid"

[tracks]
throne = ["greyjoy", "stark", "lannister", "baratheon", "tyrell"]

[units]
castle-black = "stark footman"
the-reach = "lannister footman"
sunset-sea = "lannister ship"
lannisport = "lannister footman"
west-summer-sea = "greyjoy ship"
dornish-marches = "tyrell footman"
highgarden = "tyrell footman"
stoney-sept = "baratheon footman"

[orders]
castle-black = "stark march+0"
the-reach = "lannister raid"
sunset-sea = "lannister raid"
lannisport = "lannister defense+1"
west-summer-sea = "greyjoy raid"
dornish-marches = "tyrell raid"
highgarden = "tyrell consolidate"
stoney-sept = "baratheon raid*"
"""


def test_the_rulebook_raid_example():
    game = load(RULEBOOK_EXAMPLE)
    state = game.state
    # 1. Greyjoy plunders Tyrell's Consolidate Power in Highgarden.
    assert kinds(game) == [("greyjoy", "raid")]
    game.apply_line("greyjoy: raid west-summer-sea -> highgarden")
    assert "highgarden" not in state.orders and "west-summer-sea" not in state.orders
    assert (state.power["greyjoy"], state.power["tyrell"]) == (6, 4)
    # 2. Stark has no raid; Lannister raids Tyrell's raid in the Dornish Marches from The Reach.
    decision = game.pending()[0]
    assert decision.house == "lannister"
    assert Raid("the-reach", "dornish-marches") in decision.options
    assert Raid("sunset-sea", None) in decision.options
    game.apply_line("lannister: raid the-reach -> dornish-marches")
    assert "dornish-marches" not in state.orders
    # 3. Baratheon's special raid removes the Defense order in Lannisport.
    assert Raid("stoney-sept", "lannisport") in game.pending()[0].options
    game.apply_line("baratheon: raid stoney-sept -> lannisport")
    assert "lannisport" not in state.orders
    # 4-5. Tyrell has no raid left; Lannister's raid at sea finds nothing to raid and is removed alone.
    assert "sunset-sea" not in state.orders
    assert kinds(game) == [("stark", "march")]


def test_a_normal_raid_cannot_remove_a_defense_order():
    game = raid_game(
        {"stoney-sept": ("baratheon", "footman"), "lannisport": ("lannister", "footman")},
        {"stoney-sept": ("baratheon", "raid"), "lannisport": ("lannister", "defense+1")},
    )
    # Its only option is to have no effect, so it resolves without asking.
    assert "stoney-sept" not in game.state.orders
    assert game.state.orders["lannisport"].token == "defense+1"


def test_a_raid_on_land_never_reaches_the_sea_but_a_raid_at_sea_reaches_land():
    game = raid_game(
        {
            "riverrun": ("lannister", "footman"),
            "ironmans-bay": ("greyjoy", "ship"),
            "seagard": ("greyjoy", "footman"),
        },
        {
            "riverrun": ("lannister", "raid"),
            "ironmans-bay": ("greyjoy", "raid"),
            "seagard": ("greyjoy", "support+0"),
        },
        throne=["lannister", "greyjoy", "stark", "baratheon", "tyrell", "martell"],
    )
    options = game.pending()[0].options
    assert Raid("riverrun", "seagard") in options
    assert Raid("riverrun", "ironmans-bay") not in options
    game.apply_line("lannister: raid riverrun -> none")
    # Greyjoy's raid at sea had Riverrun's raid in reach, but that order is gone: it resolves alone.
    assert "ironmans-bay" not in game.state.orders

    game = raid_game(
        {"riverrun": ("lannister", "footman"), "ironmans-bay": ("greyjoy", "ship")},
        {"riverrun": ("lannister", "raid"), "ironmans-bay": ("greyjoy", "raid")},
        throne=["greyjoy", "lannister", "stark", "baratheon", "tyrell", "martell"],
    )
    assert Raid("ironmans-bay", "riverrun") in game.pending()[0].options


def test_ports_are_raided_from_their_sea_and_raid_only_their_sea():
    game = raid_game(
        {
            "bay-of-ice": ("greyjoy", "ship"),
            "winterfell": ("stark", "footman"),
            "port-of-winterfell": ("stark", "ship"),
        },
        {
            "bay-of-ice": ("greyjoy", "raid"),
            "port-of-winterfell": ("stark", "raid"),
            "winterfell": ("stark", "support+0"),
        },
        throne=["greyjoy", "stark", "lannister", "baratheon", "tyrell", "martell"],
    )
    options = game.pending()[0].options
    assert Raid("bay-of-ice", "port-of-winterfell") in options
    assert Raid("bay-of-ice", "winterfell") in options
    game.apply_line("greyjoy: raid bay-of-ice -> none")
    # Stark's port raid reaches only the Bay of Ice, whose raid order is gone: nothing to ask.
    assert "port-of-winterfell" not in game.state.orders
    assert kinds(game) == [("stark", "march")]


def test_plunder_pays_the_raider_even_from_an_empty_treasury():
    power = {"stark": 5, "lannister": 5, "greyjoy": 5, "tyrell": 0, "baratheon": 5, "martell": 5}
    game = raid_game(
        {"the-reach": ("lannister", "footman"), "highgarden": ("tyrell", "footman")},
        {"the-reach": ("lannister", "raid"), "highgarden": ("tyrell", "consolidate*")},
        power=power,
    )
    game.apply_line("lannister: raid the-reach -> highgarden")
    assert (game.state.power["lannister"], game.state.power["tyrell"]) == (6, 0)


def test_an_unreachable_target_is_refused_with_the_reason():
    game = raid_game(
        {
            "the-reach": ("lannister", "footman"),
            "highgarden": ("tyrell", "footman"),
            "oldtown": ("tyrell", "footman"),
        },
        {
            "the-reach": ("lannister", "raid"),
            "highgarden": ("tyrell", "consolidate"),
            "oldtown": ("tyrell", "raid"),
        },
    )
    before = game.to_position()
    with pytest.raises(IllegalAction, match="cannot reach"):
        game.apply_line("lannister: raid the-reach -> oldtown")
    with pytest.raises(IllegalAction, match="no Raid order"):
        game.apply_line("lannister: raid highgarden -> the-reach")
    assert game.to_position() == before
