"""Marches (rulebook: "Resolver las órdenes de Avance", "Transporte marítimo", "Controlar zonas")."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.thrones.actions import Choose, March
from engine.thrones.board import BOARD
from engine.thrones.control import controller
from engine.thrones.game import ThronesGame
from engine.thrones.marches import schema_allows, validate_march
from engine.thrones.random_player import random_action
from tests.engine.scenario import action_stack, kinds, scenario

# Stark keeps a march order with somewhere to go, so the game waits after the march under test.
STARK_WAITS = {"castle-black": ("stark", "footman")}
STARK_ORDER = {"castle-black": ("stark", "march+0")}


def game_with(units, orders, **fields):
    """A position in the march step. The house that moves first is the one of the first order given, and
    Stark, with a march order in Castle Black, acts after it, so the game waits after the march tested."""
    first = next(iter(orders.values()))[0]
    throne = [first, *(h for h in ("baratheon", "lannister", "martell", "greyjoy", "tyrell") if h != first)]
    if first != "stark":
        throne.append("stark")
    fields.setdefault("throne", throne)
    return scenario(
        6,
        units={**STARK_WAITS, **units},
        orders={**STARK_ORDER, **orders},
        stack=action_stack("marches"),
        **fields,
    )


def unit_kinds(game, area):
    return sorted(u.kind for u in game.state.units.get(area, []))


def test_rulebook_march_example_splits_units_and_keeps_one_behind():
    # Lannister marches from Lannisport with three footmen: one to Stoney Sept, one to the Searoad
    # Marches (joining a footman there), the last stays; no combat, the order is removed.
    game = game_with(
        {
            "lannisport": ("lannister", "footman", "footman", "footman"),
            "searoad-marches": ("lannister", "footman"),
        },
        {"lannisport": ("lannister", "march+0")},
    )
    assert kinds(game) == [("lannister", "march")]
    game.apply_line("lannister: march lannisport -> stoney-sept footman, searoad-marches footman")
    assert unit_kinds(game, "lannisport") == ["footman"]
    assert unit_kinds(game, "stoney-sept") == ["footman"]
    assert unit_kinds(game, "searoad-marches") == ["footman", "footman"]
    assert "lannisport" not in game.state.orders
    assert kinds(game) == [("stark", "march")]


def test_ship_transport_along_a_chain_of_seas_reaches_a_far_coast():
    # The rulebook's example: Tyrell ships in the Redwyne Straits, West and East Summer Seas carry units
    # from Highgarden straight to Sunspear. Sunspear has no garrison left, so no combat takes place.
    game = game_with(
        {
            "highgarden": ("tyrell", "knight", "footman"),
            "redwyne-straits": ("tyrell", "ship"),
            "west-summer-sea": ("tyrell", "ship"),
            "east-summer-sea": ("tyrell", "ship"),
        },
        {"highgarden": ("tyrell", "march+0")},
        garrisons={},
    )
    game.apply_line("tyrell: march highgarden -> sunspear knight footman")
    assert unit_kinds(game, "sunspear") == ["footman", "knight"]
    assert controller(game.state, "sunspear") == "tyrell"
    assert controller(game.state, "highgarden") == "tyrell"  # the home crest keeps it


def test_transport_needs_an_unbroken_chain_of_own_ships():
    game = game_with(
        {
            "highgarden": ("tyrell", "knight"),
            "redwyne-straits": ("tyrell", "ship"),
            "east-summer-sea": ("tyrell", "ship"),
        },
        {"highgarden": ("tyrell", "march+0")},
        garrisons={},
    )
    before = game.to_position()
    with pytest.raises(IllegalAction, match="neither adjacent"):
        game.apply_line("tyrell: march highgarden -> sunspear knight")
    assert game.to_position() == before


def test_islands_are_left_only_by_ship():
    game = game_with({"pyke": ("greyjoy", "footman")}, {"pyke": ("greyjoy", "march+0")})
    # Without a ship in Ironman's Bay the footman has nowhere to go: the march resolves by itself.
    assert kinds(game) == [("stark", "march")]
    assert game.state.units["pyke"]
    assert "pyke" not in game.state.orders

    game = game_with(
        {"pyke": ("greyjoy", "footman"), "ironmans-bay": ("greyjoy", "ship")},
        {"pyke": ("greyjoy", "march+0")},
    )
    game.apply_line("greyjoy: march pyke -> riverrun footman")
    assert unit_kinds(game, "riverrun") == ["footman"]


def test_leaving_a_power_token_keeps_control_of_an_emptied_area():
    game = game_with({"white-harbor": ("stark", "footman")}, {"white-harbor": ("stark", "march+0")})
    game.apply_line("stark: march white-harbor -> widows-watch footman +power")
    assert game.state.power_tokens["white-harbor"] == "stark"
    assert game.state.power["stark"] == 4
    assert controller(game.state, "white-harbor") == "stark"


def test_emptying_an_area_without_a_token_loses_it():
    game = game_with({"white-harbor": ("stark", "footman")}, {"white-harbor": ("stark", "march+0")})
    game.apply_line("stark: march white-harbor -> widows-watch footman")
    assert controller(game.state, "white-harbor") is None
    assert game.state.power["stark"] == 5


def test_a_power_token_needs_every_unit_gone_and_a_token_in_hand():
    game = game_with(
        {"white-harbor": ("stark", "footman", "footman")}, {"white-harbor": ("stark", "march+0")}
    )
    with pytest.raises(IllegalAction, match="all your units leave"):
        game.apply_line("stark: march white-harbor -> widows-watch footman +power")
    game = game_with(
        {"white-harbor": ("stark", "footman")},
        {"white-harbor": ("stark", "march+0")},
        power={"stark": 0, "lannister": 5, "greyjoy": 5, "tyrell": 5, "baratheon": 5, "martell": 5},
    )
    with pytest.raises(IllegalAction, match="no available power"):
        game.apply_line("stark: march white-harbor -> widows-watch footman +power")


def test_no_power_token_on_your_own_home_area():
    game = game_with({"lannisport": ("lannister", "footman")}, {"lannisport": ("lannister", "march+0")})
    with pytest.raises(IllegalAction, match="home area"):
        game.apply_line("lannister: march lannisport -> stoney-sept footman +power")
    game.apply_line("lannister: march lannisport -> stoney-sept footman")
    assert controller(game.state, "lannisport") == "lannister"


def test_leaving_an_enemy_home_area_without_a_token_hands_it_back():
    game = game_with(
        {"dragonstone": ("lannister", "footman"), "shipbreaker-bay": ("lannister", "ship")},
        {"dragonstone": ("lannister", "march+0")},
        garrisons={},
    )
    assert controller(game.state, "dragonstone") == "lannister"
    game.apply_line("lannister: march dragonstone -> kingswood footman")
    assert controller(game.state, "dragonstone") == "baratheon"


def test_marching_into_an_area_held_only_by_an_enemy_token_takes_it_without_combat():
    game = game_with(
        {"blackwater": ("lannister", "footman")},
        {"blackwater": ("lannister", "march+0")},
        power_tokens={"kings-landing": "baratheon"},
        neutral_forces={},
    )
    game.apply_line("lannister: march blackwater -> kings-landing footman")
    assert "kings-landing" not in game.state.power_tokens
    assert controller(game.state, "kings-landing") == "lannister"


def test_a_march_into_enemy_units_starts_a_combat_after_its_other_moves():
    game = game_with(
        {"blackwater": ("lannister", "footman", "knight"), "the-reach": ("baratheon", "footman")},
        {"blackwater": ("lannister", "march+0")},
    )
    game.apply_line("lannister: march blackwater -> the-reach knight, harrenhal footman")
    combat = game.state.stack[-1]
    assert (combat.kind, combat.attacker, combat.defender) == ("combat", "lannister", "baratheon")
    assert combat.army == ["knight"]
    assert unit_kinds(game, "harrenhal") == ["footman"]  # the move without a fight came first
    assert "blackwater" not in game.state.units
    assert game.state.orders["blackwater"].token == "march+0"  # it stays until the battle ends


def test_a_march_starts_one_combat_at_most():
    game = game_with(
        {
            "blackwater": ("lannister", "footman", "knight"),
            "the-reach": ("baratheon", "footman"),
            "kings-landing": ("baratheon", "footman"),
        },
        {"blackwater": ("lannister", "march+0")},
    )
    with pytest.raises(IllegalAction, match="at most one combat"):
        game.apply_line("lannister: march blackwater -> the-reach knight, kings-landing footman")


def test_a_march_on_a_neutral_force_needs_enough_strength_to_try():
    game = game_with({"blackwater": ("lannister", "footman")}, {"blackwater": ("lannister", "march+0")})
    before = game.to_position()
    with pytest.raises(IllegalAction, match="strength 5; this march could reach 1 at most"):
        game.apply_line("lannister: march blackwater -> kings-landing footman")
    assert game.to_position() == before


def test_a_garrison_alone_defends_its_home_area():
    game = game_with(
        {"kingswood": ("lannister", "footman"), "shipbreaker-bay": ("lannister", "ship")},
        {"kingswood": ("lannister", "march+0")},
    )
    game.apply_line("lannister: march kingswood -> dragonstone footman")
    combat = game.state.stack[-1]
    assert (combat.kind, combat.defender) == ("combat", "baratheon")


def test_impassable_areas_cannot_be_entered_with_three_players():
    game = scenario(
        3,
        units={"castle-black": ("stark", "footman"), "the-reach": ("lannister", "footman")},
        orders={"castle-black": ("stark", "march+0"), "the-reach": ("lannister", "march+0")},
        stack=action_stack("marches"),
    )
    with pytest.raises(IllegalAction, match="impassable"):
        game.apply_line("lannister: march the-reach -> highgarden footman")


def test_routed_units_cannot_march():
    game = game_with(
        {"lannisport": ("lannister", "footman!", "knight")}, {"lannisport": ("lannister", "march+0")}
    )
    with pytest.raises(IllegalAction, match="routed"):
        game.apply_line("lannister: march lannisport -> stoney-sept footman")
    game.apply_line("lannister: march lannisport -> stoney-sept knight")
    assert unit_kinds(game, "lannisport") == ["footman"]


def test_no_march_may_break_the_supply_limit():
    # Supply 2 allows armies of 3, 2 and 2: Lannister fields exactly that.
    game = game_with(
        {
            "riverrun": ("lannister", "footman", "footman", "knight"),
            "lannisport": ("lannister", "footman", "footman"),
            "stoney-sept": ("lannister", "footman", "footman"),
            "seagard": ("lannister", "footman"),
        },
        {"riverrun": ("lannister", "march+0"), "lannisport": ("lannister", "march-1")},
    )
    assert game.state.supply["lannister"] == 2
    before = game.to_position()
    with pytest.raises(IllegalAction, match="supply"):  # a second army of 3
        game.apply_line("lannister: march lannisport -> stoney-sept footman")
    with pytest.raises(IllegalAction, match="supply"):  # a fourth army
        game.apply_line("lannister: march riverrun -> seagard footman")
    assert game.to_position() == before
    game.apply_line("lannister: march riverrun -> harrenhal footman")  # armies of 2, 2, 2
    assert unit_kinds(game, "riverrun") == ["footman", "knight"]


def test_ships_enter_only_ports_of_areas_their_house_controls():
    game = game_with(
        {"bay-of-ice": ("lannister", "ship", "ship"), "winterfell": ("stark", "footman")},
        {"bay-of-ice": ("lannister", "march+0")},
    )
    with pytest.raises(IllegalAction, match="cannot move"):
        game.apply_line("lannister: march bay-of-ice -> port-of-winterfell ship")
    game = game_with(
        {"bay-of-ice": ("stark", "ship", "ship"), "winterfell": ("stark", "footman")},
        {"bay-of-ice": ("stark", "march+0")},
    )
    game.apply_line("stark: march bay-of-ice -> port-of-winterfell ship, sunset-sea ship")
    assert unit_kinds(game, "port-of-winterfell") == ["ship"]
    assert unit_kinds(game, "sunset-sea") == ["ship"]


def test_land_units_never_go_to_sea_and_ships_never_ashore():
    game = game_with(
        {"winterfell": ("stark", "footman"), "bay-of-ice": ("stark", "ship")},
        {"winterfell": ("stark", "march+0"), "bay-of-ice": ("stark", "march-1")},
    )
    with pytest.raises(IllegalAction):
        game.apply_line("stark: march winterfell -> bay-of-ice footman")
    with pytest.raises(IllegalAction):
        game.apply_line("stark: march bay-of-ice -> the-stony-shore ship")
    with pytest.raises(IllegalAction, match="together"):
        game.apply_line("stark: march bay-of-ice -> sunset-sea ship footman")


def test_ships_in_the_port_of_an_area_lost_are_removed():
    game = game_with(
        {"storms-end": ("lannister", "footman"), "port-of-storms-end": ("lannister", "ship")},
        {"storms-end": ("lannister", "march+0")},
    )
    game.apply_line("lannister: march storms-end -> kingswood footman")
    assert "port-of-storms-end" not in game.state.units


def test_taking_an_area_from_a_power_token_lets_the_taker_replace_the_ships_in_its_port():
    game = game_with(
        {"kingswood": ("lannister", "footman"), "port-of-storms-end": ("baratheon", "ship", "ship")},
        {"kingswood": ("lannister", "march+0")},
        power_tokens={"storms-end": "baratheon"},
    )
    game.apply_line("lannister: march kingswood -> storms-end footman")
    decision = game.pending()[0]
    assert (decision.house, decision.kind) == ("lannister", "port-takeover")
    game.apply_line("lannister: choose 1")
    assert [(u.house, u.kind) for u in game.state.units["port-of-storms-end"]] == [("lannister", "ship")]


@pytest.mark.parametrize("option", ["²", "\u0661", "9" * 4301, "4", "-1", "one"])
def test_the_number_of_ships_to_replace_is_read_safely(option):
    """'choose ²' passed str.isdigit and then crashed int(); more than 4,300 digits crashed int() too."""
    game = game_with(
        {"kingswood": ("lannister", "footman"), "port-of-storms-end": ("baratheon", "ship", "ship")},
        {"kingswood": ("lannister", "march+0")},
        power_tokens={"storms-end": "baratheon"},
    )
    game.apply_line("lannister: march kingswood -> storms-end footman")
    before = game.to_position()
    with pytest.raises(IllegalAction, match="from 0 to 2"):
        game.apply("lannister", Choose(option))
    assert game.to_position() == before


def test_a_march_that_moves_nothing_just_removes_the_order():
    game = game_with({"lannisport": ("lannister", "footman")}, {"lannisport": ("lannister", "march-1")})
    game.apply_line("lannister: march lannisport -> none")
    assert unit_kinds(game, "lannisport") == ["footman"]
    assert "lannisport" not in game.state.orders


def test_marches_go_one_order_per_house_in_turn_order():
    # Baratheon, Lannister, Stark... each resolves one march; a house with two marches waits its next turn.
    game = scenario(
        6,
        stack=action_stack("marches"),
        units={
            **STARK_WAITS,
            "kingswood": ("baratheon", "footman"),
            "dragonstone": ("baratheon", "footman"),
            "shipbreaker-bay": ("baratheon", "ship"),
            "lannisport": ("lannister", "footman"),
        },
        orders={
            **STARK_ORDER,
            "kingswood": ("baratheon", "march+0"),
            "dragonstone": ("baratheon", "march-1"),
            "lannisport": ("lannister", "march+0"),
        },
    )
    assert kinds(game) == [("baratheon", "march")]
    game.apply_line("baratheon: march kingswood -> none")
    assert kinds(game) == [("lannister", "march")]
    game.apply_line("lannister: march lannisport -> none")
    assert kinds(game) == [("stark", "march")]
    game.apply_line("stark: march castle-black -> none")
    assert kinds(game) == [("baratheon", "march")]


def test_another_house_may_not_act_out_of_turn():
    game = game_with({"lannisport": ("lannister", "footman")}, {"lannisport": ("lannister", "march+0")})
    before = game.to_position()
    with pytest.raises(IllegalAction, match="waits for House Lannister"):
        game.apply_line("stark: march castle-black -> none")
    with pytest.raises(IllegalAction, match="no March order"):
        game.apply_line("lannister: march stoney-sept -> none")
    assert game.to_position() == before


def two_ships_bound_for_a_port_with_two():
    """Lannister marches two ships from the Golden Sound towards its port, which holds two already."""
    return game_with(
        {
            "the-golden-sound": ("lannister", "ship", "ship"),
            "port-of-lannisport": ("lannister", "ship", "ship"),
            "lannisport": ("lannister", "footman"),
        },
        {"the-golden-sound": ("lannister", "march+0")},
        supply={"stark": 1, "lannister": 6, "greyjoy": 2, "tyrell": 2, "baratheon": 2, "martell": 2},
    )


def test_a_port_holds_three_ships_at_most():
    game = two_ships_bound_for_a_port_with_two()
    with pytest.raises(IllegalAction, match="at most 3 ships"):
        game.apply_line("lannister: march the-golden-sound -> port-of-lannisport ship ship")
    game.apply_line("lannister: march the-golden-sound -> port-of-lannisport ship")
    assert len(game.state.units["port-of-lannisport"]) == 3


def _validates(state, house, march):
    try:
        validate_march(state, house, march)
    except IllegalAction:
        return False
    return True


def _tries(order, source, rng):
    """Marches from ``source``: most sent where the schema says, some anywhere, some too many."""
    anywhere = sorted(BOARD.kind)
    for _ in range(6):
        moves = {}
        for _ in range(1 + rng.below(3)):
            dest = rng.choice(list(order["destinations"])) if order["destinations"] and rng.below(4) else None
            dest = dest or rng.choice(anywhere)
            moves.setdefault(dest, []).append(rng.choice(("footman", "knight", "siege", "ship")))
        yield March(source, tuple((d, tuple(k)) for d, k in sorted(moves.items())), rng.below(2) == 0)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_schema_allows_exactly_the_marches_validation_accepts(seed):
    """The random player checks its tries with schema_allows: on the board the schema was built on, it
    must agree with validate_march, for the random player's tries and for arbitrary ones."""
    game = ThronesGame.new(6, seed, False)
    rng = Rng(seed)
    accepted = refused = 0
    while not game.over:
        pending = game.pending()
        decision = pending[rng.below(len(pending))]
        if decision.kind == "march":
            state, house = game.state, decision.house
            for source, order in decision.schema["orders"].items():
                for march in _tries(order, source, rng):
                    allowed = schema_allows(state, house, march, order)
                    assert allowed == _validates(state, house, march), march
                    accepted += allowed
                    refused += not allowed
        game.apply(decision.house, random_action(game, decision, rng))
    assert accepted > 20 and refused > 20


def test_the_schema_refuses_to_overfill_a_port():
    game = two_ships_bound_for_a_port_with_two()
    (decision,) = game.pending()
    order = decision.schema["orders"]["the-golden-sound"]
    two = March("the-golden-sound", (("port-of-lannisport", ("ship", "ship")),))
    one = March("the-golden-sound", (("port-of-lannisport", ("ship",)),))
    assert not schema_allows(game.state, "lannister", two, order)
    assert schema_allows(game.state, "lannister", one, order)
