"""Consolidate Power (rulebook: "Resolver las órdenes de Consolidar poder", its example, and "Puertos")."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.thrones.scenario import build
from tests.engine.scenario import kinds

# Stark, last in turn order, may muster with a special order in Winterfell: the game waits for it.
WAIT = {"winterfell": ("stark", "footman")}
WAIT_ORDER = {"winterfell": ("stark", "consolidate*")}
THRONE = ["baratheon", "lannister", "martell", "greyjoy", "tyrell", "stark"]


def cp_game(units, orders, throne=THRONE, **fields):
    """The Consolidate Power step with these units and orders, and Stark's order waiting in Winterfell."""
    return build(
        {
            "players": 6,
            "step": "consolidate",
            "units": {**WAIT, **units},
            "orders": {**WAIT_ORDER, **orders},
            "tracks": {"throne": throne},
            **fields,
        }
    )


def test_the_rulebook_consolidate_example():
    # A lone Baratheon footman in Dragonstone: one power for the order, one for the crown icon.
    game = cp_game({"dragonstone": ("baratheon", "footman")}, {"dragonstone": ("baratheon", "consolidate")})
    assert kinds(game) == [("stark", "consolidate")]
    assert game.state.power["baratheon"] == 7


def test_ports_pay_one_unless_enemy_ships_are_in_their_sea_and_seas_pay_nothing():
    game = cp_game(
        {
            "port-of-dragonstone": ("baratheon", "ship"),
            "dragonstone": ("baratheon", "footman"),
            "port-of-lannisport": ("lannister", "ship"),
            "lannisport": ("lannister", "footman"),
            "the-golden-sound": ("greyjoy", "ship"),
            "ironmans-bay": ("greyjoy", "ship"),
        },
        {
            "port-of-dragonstone": ("baratheon", "consolidate"),
            "port-of-lannisport": ("lannister", "consolidate"),
            "ironmans-bay": ("greyjoy", "consolidate"),
        },
    )
    assert game.state.power["baratheon"] == 6
    assert game.state.power["lannister"] == 5
    assert game.state.power["greyjoy"] == 5


def test_power_never_exceeds_twenty_tokens_a_house():
    power = {"stark": 5, "lannister": 5, "greyjoy": 5, "tyrell": 5, "baratheon": 17, "martell": 5}
    game = cp_game(
        {"dragonstone": ("baratheon", "footman")},
        {"dragonstone": ("baratheon", "consolidate")},
        power=power,
        power_tokens={"kingswood": "baratheon", "storms-end": "baratheon"},
    )
    assert game.state.power["baratheon"] == 18  # 17 available + 2 on the board leaves room for 1


def test_a_special_order_in_a_castle_may_muster_instead():
    game = cp_game(
        {"lannisport": ("lannister", "footman"), "stoney-sept": ("lannister", "footman")},
        {"lannisport": ("lannister", "consolidate*"), "stoney-sept": ("lannister", "consolidate")},
        throne=["lannister", "baratheon", "martell", "greyjoy", "tyrell", "stark"],
    )
    decision = game.pending()[0]
    assert (decision.house, decision.kind) == ("lannister", "consolidate")
    assert decision.schema["muster"] == {"lannisport": 2}
    before = game.to_position()
    with pytest.raises(IllegalAction, match="cannot muster in Riverrun"):
        game.apply_line("lannister: consolidate lannisport muster riverrun footman")
    with pytest.raises(IllegalAction, match="Only a special"):
        game.apply_line("lannister: consolidate stoney-sept muster stoney-sept footman")
    assert game.to_position() == before
    game.apply_line("lannister: consolidate lannisport muster lannisport knight")
    assert sorted(u.kind for u in game.state.units["lannisport"]) == ["footman", "knight"]
    # Mustering gave no power; Stark's turn comes before Lannister's second order.
    assert game.state.power["lannister"] == 5
    assert kinds(game) == [("stark", "consolidate")]
    assert game.state.orders["stoney-sept"].token == "consolidate"


def test_a_special_order_in_a_port_never_musters():
    game = cp_game(
        {"port-of-lannisport": ("lannister", "ship"), "lannisport": ("lannister", "footman")},
        {"port-of-lannisport": ("lannister", "consolidate*")},
    )
    assert kinds(game) == [("stark", "consolidate")]
    assert game.state.power["lannister"] == 6
