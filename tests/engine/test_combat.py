"""Combat (rulebook: "Combate", "Retiradas y desbandadas", "Fichas de Fuerza neutral", "Guarniciones",
"Puertos", "Avatares de la guerra"): the rulebook's examples and the rules that can go wrong."""

from __future__ import annotations

import json

import pytest

from engine.core.errors import IllegalAction
from engine.thrones.game import ThronesGame
from tests.engine.scenario import action_stack, kinds, scenario


def battle(units, orders, *, throne, players=6, **fields) -> ThronesGame:
    return scenario(
        players, units=units, orders=orders, throne=throne, stack=action_stack("marches"), **fields
    )


def events_of(events, kind):
    return [e for e in events if e.kind == kind]


def result(events):
    return events_of(events, "combat-result")[0].data


def units_in(game, area):
    return sorted((u.kind, u.routed) for u in game.state.units.get(area, []))


def test_the_rulebook_support_example():
    # Tyrell marches two knights from The Reach into Blackwater with March +1, against a Lannister footman.
    # Lannister supports itself from Stoney Sept (3), Baratheon backs Lannister from Harrenhal (2), Tyrell
    # supports itself from King's Landing (2): Tyrell 7, Lannister 6.
    game = battle(
        {
            "the-reach": ("tyrell", "knight", "knight"),
            "blackwater": ("lannister", "footman"),
            "kings-landing": ("tyrell", "knight"),
            "stoney-sept": ("lannister", "footman", "knight"),
            "harrenhal": ("baratheon", "knight"),
            "lannisport": ("lannister", "footman"),
        },
        {
            "the-reach": ("tyrell", "march+1*"),
            "blackwater": ("lannister", "march-1"),
            "lannisport": ("lannister", "march+0"),
            "kings-landing": ("tyrell", "support+0"),
            "stoney-sept": ("lannister", "support+0"),
            "harrenhal": ("baratheon", "support+0"),
        },
        throne=["lannister", "baratheon", "tyrell", "stark", "greyjoy", "martell"],
        neutral_forces={},
    )
    game.apply_line("lannister: march lannisport -> none")
    game.apply_line("tyrell: march the-reach -> blackwater knight knight")
    # Support is declared area by area in turn order: Lannister, Baratheon, Tyrell.
    assert kinds(game) == [("lannister", "support")]
    assert [a.option for a in game.pending()[0].options] == ["lannister", "none"]  # never for its opponent
    game.apply_line("lannister: choose lannister")
    assert [a.option for a in game.pending()[0].options] == ["tyrell", "lannister", "none"]
    game.apply_line("baratheon: choose lannister")
    assert kinds(game) == [("lannister", "accept-support")]  # a side may refuse support
    game.apply_line("lannister: choose accept")
    events = game.apply_line("tyrell: choose tyrell")
    initial = events_of(events, "combat-strength")[0].data
    assert (initial["attacker"], initial["defender"]) == (7, 6)


def rulebook_resolution_game():
    # Tyrell marches a footman and a knight from King's Landing into the Kingswood, held by two Lannister
    # footmen. No support, March +0.
    return battle(
        {
            "kings-landing": ("tyrell", "footman", "knight"),
            "kingswood": ("lannister", "footman", "footman"),
            "castle-black": ("stark", "footman"),
        },
        {"kings-landing": ("tyrell", "march+0"), "castle-black": ("stark", "march+0")},
        throne=["tyrell", "lannister", "baratheon", "greyjoy", "martell", "stark"],
        fiefdoms=["lannister", "tyrell", "stark", "baratheon", "greyjoy", "martell"],
        neutral_forces={},
    )


def test_the_rulebook_combat_resolution_example():
    game = rulebook_resolution_game()
    events = game.apply_line("tyrell: march kings-landing -> kingswood footman knight")
    initial = events_of(events, "combat-strength")[0].data
    assert (initial["attacker"], initial["defender"]) == (3, 2)
    game.apply_line("lannister: play ser-jaime-lannister")
    events = game.apply_line("tyrell: play alester-florent")
    outcome = result(events)
    # 4 against 4: Lannister stands higher on the Fiefdoms track and wins the tie.
    assert outcome["strengths"]["tyrell"]["total"] == outcome["strengths"]["lannister"]["total"] == 4
    assert outcome["winner"] == "lannister"
    # One sword against one fortification: no casualty. Tyrell retreats to King's Landing, routed.
    assert units_in(game, "kings-landing") == [("footman", True), ("knight", True)]
    assert units_in(game, "kingswood") == [("footman", False), ("footman", False)]
    assert "kings-landing" not in game.state.orders
    assert game.state.discards["tyrell"] == ["alester-florent"]
    assert game.state.discards["lannister"] == ["ser-jaime-lannister"]
    assert game.state.stats["combats"] == 1


def test_house_card_choices_are_secret_until_both_are_in():
    game = rulebook_resolution_game()
    game.apply_line("tyrell: march kings-landing -> kingswood footman knight")
    game.apply_line("lannister: play ser-jaime-lannister")
    game.apply_line("lannister: play the-hound")  # a house may change its mind until both have chosen
    for viewer in ("tyrell", "stark", None):
        text = json.dumps(game.view(viewer))
        assert "the-hound" not in json.dumps(game.view(viewer)["procedure"])
        assert "my_card" not in text
    assert game.view("lannister")["procedure"][-1]["my_card"] == "the-hound"
    assert game.view("tyrell")["procedure"][-1]["card_chosen"] == ["lannister"]
    events = game.apply_line("tyrell: play alester-florent")
    assert events_of(events, "house-cards")[0].data["cards"]["lannister"] == "the-hound"


def test_a_card_not_in_hand_is_refused():
    game = rulebook_resolution_game()
    game.apply_line("tyrell: march kings-landing -> kingswood footman knight")
    before = game.to_position()
    with pytest.raises(IllegalAction, match="not in your hand"):
        game.apply_line("lannister: play eddard-stark")
    with pytest.raises(IllegalAction, match="house card"):
        game.apply_line("lannister: choose lannister")
    assert game.to_position() == before


def test_the_rulebook_retreat_example():
    # Baratheon beats Tyrell in the Kingswood; Tyrell's surviving knight retreats to Storm's End, where a
    # Tyrell footman stands, routed. Baratheon then attacks Storm's End from The Boneway: Tyrell counts only
    # its footman, and losing destroys the routed knight, which cannot retreat again.
    game = battle(
        {
            "the-reach": ("baratheon", "knight", "knight"),
            "the-boneway": ("baratheon", "knight", "knight"),
            "kingswood": ("tyrell", "knight"),
            "storms-end": ("tyrell", "footman"),
        },
        {"the-reach": ("baratheon", "march+0"), "the-boneway": ("baratheon", "march+1*")},
        throne=["baratheon", "tyrell", "lannister", "stark", "greyjoy", "martell"],
        hands={
            "baratheon": ["stannis-baratheon", "renly-baratheon", "brienne-of-tarth"],
            "tyrell": ["margaery-tyrell", "alester-florent", "randyll-tarly"],
        },
    )
    game.apply_line("baratheon: march the-reach -> kingswood knight knight")
    game.apply_line("baratheon: play stannis-baratheon")
    events = game.apply_line("tyrell: play margaery-tyrell")
    assert result(events)["winner"] == "baratheon"
    # King's Landing holds a neutral force and The Reach is where the attack came from: Storm's End it is.
    assert units_in(game, "storms-end") == [("footman", False), ("knight", True)]
    events = game.apply_line("baratheon: march the-boneway -> storms-end knight knight")
    assert events_of(events, "combat-strength")[0].data["defender"] == 1
    game.apply_line("baratheon: play renly-baratheon")
    events = game.apply_line("tyrell: play alester-florent")
    assert result(events)["winner"] == "baratheon"
    lost = [e for e in events if e.kind == "casualties" and e.data["house"] == "tyrell"]
    # The routed knight dies where it stands; the footman finds no area to retreat to (the Kingswood is
    # Baratheon's now, The Boneway is where the attack came from) and dies too.
    assert [e.data["units"] for e in lost] == [["knight"], ["footman"]]
    assert units_in(game, "storms-end") == [("knight", False), ("knight", False)]


def test_the_rulebook_neutral_force_example():
    # Tyrell marches a knight and a footman from Yronwood on Sunspear (neutral force 5) with March +1: 4,
    # and a Tyrell ship supporting from the Sea of Dorne makes 5, enough.
    game = battle(
        {
            "yronwood": ("tyrell", "knight", "footman"),
            "sea-of-dorne": ("tyrell", "ship"),
            "castle-black": ("stark", "footman"),
        },
        {
            "yronwood": ("tyrell", "march+1*"),
            "sea-of-dorne": ("tyrell", "support+0"),
            "castle-black": ("stark", "march+0"),
        },
        players=5,
        throne=["tyrell", "stark", "lannister", "baratheon", "greyjoy"],
        neutral_forces={"sunspear": 5},
    )
    game.apply_line("tyrell: march yronwood -> sunspear knight footman")
    assert kinds(game) == [("tyrell", "support")]
    events = game.apply_line("tyrell: choose tyrell")
    assert events_of(events, "neutral-force")[0].data["won"]
    assert "sunspear" not in game.state.neutral_forces
    assert units_in(game, "sunspear") == [("footman", False), ("knight", False)]
    assert "yronwood" not in game.state.orders


def test_a_neutral_attack_that_loses_its_support_cannot_be_made():
    game = battle(
        {
            "yronwood": ("tyrell", "knight", "footman"),
            "sea-of-dorne": ("tyrell", "ship"),
            "castle-black": ("stark", "footman"),
        },
        {
            "yronwood": ("tyrell", "march+1*"),
            "sea-of-dorne": ("tyrell", "support+0"),
            "castle-black": ("stark", "march+0"),
        },
        players=5,
        throne=["tyrell", "stark", "lannister", "baratheon", "greyjoy"],
        neutral_forces={"sunspear": 5},
    )
    game.apply_line("tyrell: march yronwood -> sunspear knight footman")
    events = game.apply_line("tyrell: choose none")
    assert not events_of(events, "neutral-force")[0].data["won"]
    assert game.state.neutral_forces["sunspear"] == 5
    assert units_in(game, "yronwood") == [("footman", False), ("knight", False)]
    assert "yronwood" not in game.state.orders  # the attempt spent the march


def test_no_blade_against_a_neutral_force():
    game = battle(
        {"blackwater": ("lannister", "knight", "knight", "footman"), "castle-black": ("stark", "footman")},
        {"blackwater": ("lannister", "march+0"), "castle-black": ("stark", "march+0")},
        throne=["lannister", "stark", "baratheon", "greyjoy", "tyrell", "martell"],
        fiefdoms=["lannister", "stark", "baratheon", "greyjoy", "tyrell", "martell"],
    )
    with pytest.raises(IllegalAction, match="could reach 4 at most"):
        game.apply_line("lannister: march blackwater -> kings-landing knight knight")
    events = game.apply_line("lannister: march blackwater -> kings-landing knight knight footman")
    assert events_of(events, "neutral-force")[0].data["strength"]["total"] == 5
    assert not game.state.blade_used


def sea_battle_game(**fields):
    return battle(
        {
            "sunset-sea": ("greyjoy", "ship", "ship"),
            "the-golden-sound": ("lannister", "ship"),
            "lannisport": ("lannister", "footman"),
            "port-of-lannisport": ("lannister", "ship"),
            "searoad-marches": ("tyrell", "footman"),
            "ironmans-bay": ("stark", "ship"),
            "castle-black": ("stark", "footman"),
        },
        {
            "sunset-sea": ("greyjoy", "march+0"),
            "lannisport": ("lannister", "support+0"),
            "port-of-lannisport": ("lannister", "support+1*"),
            "searoad-marches": ("tyrell", "support+0"),
            "ironmans-bay": ("stark", "support+0"),
            "castle-black": ("stark", "march+0"),
        },
        throne=["greyjoy", "lannister", "tyrell", "stark", "baratheon", "martell"],
        **fields,
    )


def test_land_units_never_support_a_battle_at_sea_but_ports_support_their_sea():
    game = sea_battle_game()
    game.apply_line("greyjoy: march sunset-sea -> the-golden-sound ship ship")
    combat = game.state.stack[-1]
    # Lannisport and the Searoad Marches are land; the port of Lannisport and Ironman's Bay hold ships.
    assert combat.queue == ["port-of-lannisport", "ironmans-bay"]
    game.apply_line("lannister: choose lannister")
    game.apply_line("stark: choose greyjoy")
    game.apply_line("greyjoy: choose accept")
    assert game.state.stack[-1].support == {"port-of-lannisport": "lannister", "ironmans-bay": "greyjoy"}


def test_ships_in_a_port_never_support_the_land_area_of_the_port():
    game = battle(
        {
            "stoney-sept": ("greyjoy", "knight", "knight"),
            "lannisport": ("lannister", "footman"),
            "port-of-lannisport": ("lannister", "ship"),
            "the-golden-sound": ("lannister", "ship"),
            "castle-black": ("stark", "footman"),
        },
        {
            "stoney-sept": ("greyjoy", "march+0"),
            "port-of-lannisport": ("lannister", "support+0"),
            "the-golden-sound": ("lannister", "support+0"),
            "castle-black": ("stark", "march+0"),
        },
        throne=["greyjoy", "lannister", "tyrell", "stark", "baratheon", "martell"],
    )
    game.apply_line("greyjoy: march stoney-sept -> lannisport knight knight")
    assert game.state.stack[-1].queue == ["the-golden-sound"]


def test_special_support_adds_one_and_a_refused_offer_counts_nothing():
    game = sea_battle_game()
    game.apply_line("greyjoy: march sunset-sea -> the-golden-sound ship ship")
    game.apply_line("lannister: choose lannister")
    game.apply_line("stark: choose greyjoy")
    events = game.apply_line("greyjoy: choose refuse")
    initial = events_of(events, "combat-strength")[0].data
    # Greyjoy: two ships; Lannister: one ship, plus a ship supporting from its port with the special +1.
    assert (initial["attacker"], initial["defender"]) == (2, 1 + 2)


def test_siege_engines_count_only_attacking_a_castle_area():
    game = battle(
        {
            "stoney-sept": ("lannister", "siege", "footman"),
            "searoad-marches": ("lannister", "siege"),
            "harrenhal": ("baratheon", "footman"),
            "blackwater": ("baratheon", "footman"),
            "castle-black": ("stark", "footman"),
        },
        {
            "stoney-sept": ("lannister", "march+0"),
            "searoad-marches": ("lannister", "support+0"),
            "castle-black": ("stark", "march+0"),
        },
        throne=["lannister", "baratheon", "tyrell", "stark", "greyjoy", "martell"],
    )
    events = game.apply_line("lannister: march stoney-sept -> harrenhal siege footman")
    assert events_of(events, "combat-strength")[0].data["attacker"] == 5  # Harrenhal has a castle
    game = battle(
        {
            "stoney-sept": ("lannister", "siege", "footman"),
            "searoad-marches": ("lannister", "siege"),
            "blackwater": ("baratheon", "footman"),
            "castle-black": ("stark", "footman"),
        },
        {
            "stoney-sept": ("lannister", "march+0"),
            "searoad-marches": ("lannister", "support+0"),
            "castle-black": ("stark", "march+0"),
        },
        throne=["lannister", "baratheon", "tyrell", "stark", "greyjoy", "martell"],
    )
    game.apply_line("lannister: march stoney-sept -> blackwater siege footman")
    events = game.apply_line("lannister: choose lannister")  # the siege engine supporting adds 0 too
    assert events_of(events, "combat-strength")[0].data["attacker"] == 1


def test_defense_orders_garrisons_and_routed_defenders():
    game = battle(
        {
            "kingswood": ("lannister", "knight", "knight"),
            "dragonstone": ("baratheon", "footman", "knight!"),
            "shipbreaker-bay": ("lannister", "ship"),
            "castle-black": ("stark", "footman"),
        },
        {
            "kingswood": ("lannister", "march-1"),
            "dragonstone": ("baratheon", "defense+2*"),
            "castle-black": ("stark", "march+0"),
        },
        throne=["lannister", "baratheon", "tyrell", "stark", "greyjoy", "martell"],
    )
    events = game.apply_line("lannister: march kingswood -> dragonstone knight knight")
    initial = events_of(events, "combat-strength")[0].data
    # Lannister: 4 - 1. Baratheon: a footman (the routed knight counts 0), +2 defense, garrison 2.
    assert (initial["attacker"], initial["defender"]) == (3, 5)


def play_cards(game, attacker_card, defender_card, attacker, defender):
    game.apply_line(f"{attacker}: play {attacker_card}")
    return game.apply_line(f"{defender}: play {defender_card}")


def test_casualties_are_swords_minus_fortifications_chosen_by_the_loser_among_its_fighting_units():
    game = battle(
        {
            "the-reach": ("tyrell", "knight", "footman", "footman"),
            "blackwater": ("lannister", "footman", "knight"),
            "stoney-sept": ("lannister", "footman"),
            "castle-black": ("stark", "footman"),
        },
        {
            "the-reach": ("tyrell", "march+0"),
            "stoney-sept": ("lannister", "support+0"),
            "castle-black": ("stark", "march+0"),
        },
        throne=["tyrell", "lannister", "baratheon", "stark", "greyjoy", "martell"],
        supply={"stark": 1, "lannister": 4, "greyjoy": 2, "tyrell": 4, "baratheon": 2, "martell": 2},
    )
    game.apply_line("tyrell: march the-reach -> blackwater knight footman footman")
    game.apply_line("lannister: choose lannister")
    play_cards(game, "ser-garlan-tyrell", "tyrion-lannister", "tyrell", "lannister")
    game.apply_line("lannister: choose keep")
    # Garlan's two swords against no fortification: Lannister loses two of its fighting units, never the
    # supporting footman in Stoney Sept; it has exactly two, so nothing to choose.
    assert units_in(game, "stoney-sept") == [("footman", False)]
    assert units_in(game, "blackwater") == [("footman", False), ("footman", False), ("knight", False)]
    assert all(u.house == "tyrell" for u in game.state.units["blackwater"])


def test_the_loser_chooses_which_units_die():
    game = battle(
        {
            "the-reach": ("tyrell", "knight", "knight", "footman"),
            "blackwater": ("lannister", "footman", "knight", "footman"),
            "castle-black": ("stark", "footman"),
        },
        {"the-reach": ("tyrell", "march+0"), "castle-black": ("stark", "march+0")},
        throne=["tyrell", "lannister", "baratheon", "stark", "greyjoy", "martell"],
        supply={"stark": 1, "lannister": 4, "greyjoy": 2, "tyrell": 4, "baratheon": 2, "martell": 2},
    )
    game.apply_line("tyrell: march the-reach -> blackwater knight knight footman")
    play_cards(game, "randyll-tarly", "ser-kevan-lannister", "tyrell", "lannister")
    decision = game.pending()[0]
    assert (decision.house, decision.kind) == ("lannister", "casualties")
    before = game.to_position()
    with pytest.raises(IllegalAction, match="exactly 1"):
        game.apply_line("lannister: destroy blackwater footman, blackwater footman")
    with pytest.raises(IllegalAction, match="fighting"):
        game.apply_line("lannister: destroy blackwater siege")
    assert game.to_position() == before
    game.apply_line("lannister: destroy blackwater knight")
    assert decision.default.format() == "destroy blackwater footman"


def test_a_defender_never_retreats_to_the_attackers_area_or_an_enemy_area():
    game = battle(
        {
            "the-reach": ("baratheon", "knight", "knight", "knight"),
            "blackwater": ("lannister", "footman"),
            "harrenhal": ("greyjoy", "footman"),
            "stoney-sept": ("tyrell", "footman"),
            "kings-landing": ("lannister", "footman"),
            "castle-black": ("stark", "footman"),
        },
        {"the-reach": ("baratheon", "march+0"), "castle-black": ("stark", "march+0")},
        throne=["baratheon", "lannister", "tyrell", "stark", "greyjoy", "martell"],
        power_tokens={"searoad-marches": "tyrell"},
        neutral_forces={},
    )
    game.apply_line("baratheon: march the-reach -> blackwater knight knight knight")
    play_cards(game, "stannis-baratheon", "ser-kevan-lannister", "baratheon", "lannister")
    # Blackwater touches Crackclaw Point, Harrenhal (Greyjoy), King's Landing (its own), Searoad Marches
    # (a Tyrell power token), Stoney Sept (Tyrell) and The Reach (the attack came from there).
    decision = game.pending()[0]
    assert decision.kind == "retreat"
    assert sorted(a.option for a in decision.options) == ["crackclaw-point", "kings-landing"]
    with pytest.raises(IllegalAction, match="Retreat to one of"):
        game.apply_line("lannister: choose the-reach")
    game.apply_line("lannister: choose kings-landing")
    assert units_in(game, "kings-landing") == [("footman", False), ("footman", True)]


def test_a_retreat_that_breaks_supply_is_taken_only_when_every_area_would():
    game = battle(
        {
            "the-reach": ("baratheon", "knight", "knight", "knight"),
            "blackwater": ("lannister", "footman", "footman"),
            "kings-landing": ("lannister", "footman", "footman"),
            "lannisport": ("lannister", "footman", "footman"),
            "harrenhal": ("greyjoy", "footman"),
            "stoney-sept": ("greyjoy", "footman"),
            "searoad-marches": ("greyjoy", "footman"),
            "crackclaw-point": ("greyjoy", "footman"),
            "castle-black": ("stark", "footman"),
        },
        {"the-reach": ("baratheon", "march+0"), "castle-black": ("stark", "march+0")},
        throne=["baratheon", "lannister", "tyrell", "stark", "greyjoy", "martell"],
        neutral_forces={},
    )
    game.apply_line("baratheon: march the-reach -> blackwater knight knight knight")
    play_cards(game, "stannis-baratheon", "ser-kevan-lannister", "baratheon", "lannister")
    # Only King's Landing is open, and two more footmen there would make an army of 4 where supply 2
    # allows 3: one retreating footman is destroyed first; all footmen, so there is nothing to choose.
    assert units_in(game, "kings-landing") == [("footman", False)] * 2 + [("footman", True)]
    assert game.state.units["blackwater"][0].house == "baratheon"


def test_with_nowhere_to_go_the_defenders_are_destroyed_and_siege_engines_never_retreat():
    game = battle(
        {
            "the-reach": ("baratheon", "knight", "knight", "knight"),
            "blackwater": ("lannister", "footman", "siege"),
            "harrenhal": ("greyjoy", "footman"),
            "stoney-sept": ("greyjoy", "footman"),
            "searoad-marches": ("greyjoy", "footman"),
            "crackclaw-point": ("greyjoy", "footman"),
            "castle-black": ("stark", "footman"),
        },
        {"the-reach": ("baratheon", "march+0"), "castle-black": ("stark", "march+0")},
        throne=["baratheon", "lannister", "tyrell", "stark", "greyjoy", "martell"],
    )
    game.apply_line("baratheon: march the-reach -> blackwater knight knight knight")
    events = play_cards(game, "stannis-baratheon", "ser-kevan-lannister", "baratheon", "lannister")
    # King's Landing still holds its neutral force.
    assert units_in(game, "blackwater") == [("knight", False)] * 3
    assert any("nowhere to retreat" in e.text for e in events)


def test_defenders_may_retreat_by_ship_transport():
    game = battle(
        {
            "kingswood": ("baratheon", "knight", "knight", "knight"),
            "storms-end": ("lannister", "footman"),
            "east-summer-sea": ("lannister", "ship"),
            "the-boneway": ("greyjoy", "footman"),
            "castle-black": ("stark", "footman"),
        },
        {"kingswood": ("baratheon", "march+0"), "castle-black": ("stark", "march+0")},
        throne=["baratheon", "lannister", "tyrell", "stark", "greyjoy", "martell"],
        garrisons={},
    )
    game.apply_line("baratheon: march kingswood -> storms-end knight knight knight")
    play_cards(game, "stannis-baratheon", "ser-kevan-lannister", "baratheon", "lannister")
    options = [a.option for a in game.pending()[0].options]
    assert "starfall" in options and "salt-shore" in options  # along the East Summer Sea
    assert "sunspear" not in options  # Martell's home crest counts as its power token


def test_winning_attackers_take_the_area_and_the_loser_order_and_power_token_go():
    game = battle(
        {
            "the-reach": ("baratheon", "knight", "knight"),
            "blackwater": ("lannister", "footman"),
            "kings-landing": ("lannister", "footman"),
            "castle-black": ("stark", "footman"),
        },
        {
            "the-reach": ("baratheon", "march+0"),
            "blackwater": ("lannister", "support+0"),
            "castle-black": ("stark", "march+0"),
        },
        throne=["baratheon", "lannister", "tyrell", "stark", "greyjoy", "martell"],
        power_tokens={"blackwater": "lannister"},
        neutral_forces={},
    )
    game.apply_line("baratheon: march the-reach -> blackwater knight knight")
    play_cards(game, "stannis-baratheon", "ser-kevan-lannister", "baratheon", "lannister")
    game.apply_line("lannister: choose kings-landing")
    assert units_in(game, "blackwater") == [("knight", False)] * 2
    assert "blackwater" not in game.state.orders and "blackwater" not in game.state.power_tokens
    assert "the-reach" not in game.state.orders


def test_taking_a_land_area_lets_the_winner_replace_the_ships_in_its_port():
    game = battle(
        {
            "stoney-sept": ("greyjoy", "knight", "knight"),
            "lannisport": ("lannister", "footman"),
            "port-of-lannisport": ("lannister", "ship", "ship"),
            "castle-black": ("stark", "footman"),
        },
        {"stoney-sept": ("greyjoy", "march+0"), "castle-black": ("stark", "march+0")},
        throne=["greyjoy", "lannister", "tyrell", "stark", "baratheon", "martell"],
        garrisons={},
    )
    game.apply_line("greyjoy: march stoney-sept -> lannisport knight knight")
    play_cards(game, "euron-crows-eye", "ser-kevan-lannister", "greyjoy", "lannister")
    decision = game.pending()[0]
    assert (decision.house, decision.kind) == ("greyjoy", "port-takeover")
    assert [a.option for a in decision.options] == ["2", "1", "0"]
    game.apply_line("greyjoy: choose 1")
    assert [(u.house, u.kind) for u in game.state.units["port-of-lannisport"]] == [("greyjoy", "ship")]


def test_a_garrison_fights_alone_and_is_removed_for_good_when_beaten():
    game = battle(
        {
            "kingswood": ("lannister", "knight", "knight"),
            "shipbreaker-bay": ("lannister", "ship"),
            "castle-black": ("stark", "footman"),
        },
        {"kingswood": ("lannister", "march+1*"), "castle-black": ("stark", "march+0")},
        throne=["lannister", "baratheon", "tyrell", "stark", "greyjoy", "martell"],
    )
    events = game.apply_line("lannister: march kingswood -> dragonstone knight knight")
    assert events_of(events, "combat-strength")[0].data["defender"] == 2
    events = play_cards(game, "tywin-lannister", "patchface", "lannister", "baratheon")
    game.apply_line("baratheon: choose skip")
    assert "dragonstone" not in game.state.garrisons
    assert units_in(game, "dragonstone") == [("knight", False)] * 2


def test_the_seventh_card_brings_the_other_six_back():
    hand = ["stannis-baratheon"]
    game = battle(
        {
            "the-reach": ("baratheon", "knight", "knight"),
            "blackwater": ("lannister", "footman"),
            "castle-black": ("stark", "footman"),
        },
        {"the-reach": ("baratheon", "march+0"), "castle-black": ("stark", "march+0")},
        throne=["baratheon", "lannister", "tyrell", "stark", "greyjoy", "martell"],
        hands={"baratheon": hand, "lannister": ["tywin-lannister", "the-hound"]},
        discards={
            "baratheon": [
                "renly-baratheon",
                "ser-davos-seaworth",
                "brienne-of-tarth",
                "melisandre",
                "salladhor-saan",
                "patchface",
            ],
            "lannister": [],
        },
    )
    game.apply_line("baratheon: march the-reach -> blackwater knight knight")
    game.apply_line("lannister: play the-hound")  # Baratheon's only card is played for it
    game.apply_line("lannister: choose crackclaw-point")
    assert game.state.discards["baratheon"] == ["stannis-baratheon"]
    assert len(game.state.hands["baratheon"]) == 6


def test_the_blade_is_offered_only_when_it_turns_the_battle():
    def blade_game():
        return battle(
            {
                "the-reach": ("tyrell", "knight"),
                "blackwater": ("lannister", "footman"),
                "castle-black": ("stark", "footman"),
            },
            {"the-reach": ("tyrell", "march+0"), "castle-black": ("stark", "march+0")},
            throne=["tyrell", "lannister", "baratheon", "stark", "greyjoy", "martell"],
            fiefdoms=["tyrell", "lannister", "baratheon", "stark", "greyjoy", "martell"],
        )

    game = blade_game()
    game.apply_line("tyrell: march the-reach -> blackwater knight")
    # Tyrell 2 + 1 = 3 against Lannister 1 + 3 = 4: one behind, so the blade decides.
    play_cards(game, "margaery-tyrell", "ser-gregor-clegane", "tyrell", "lannister")
    decision = game.pending()[0]
    assert (decision.house, decision.kind) == ("tyrell", "blade")
    events = game.apply_line("tyrell: choose use")
    assert result(events)["winner"] == "tyrell"  # 4 all, and the blade's holder wins ties
    assert game.state.blade_used

    game = blade_game()
    game.apply_line("tyrell: march the-reach -> blackwater knight")
    events = play_cards(game, "mace-tyrell", "ser-gregor-clegane", "tyrell", "lannister")
    assert result(events)["winner"] == "tyrell"  # far ahead: not asked, the blade stays unused
    assert not game.state.blade_used


def test_ties_go_to_the_better_fiefdoms_position():
    game = rulebook_resolution_game()
    game.state.fiefdoms[:] = ["tyrell", "lannister", "stark", "baratheon", "greyjoy", "martell"]
    game = ThronesGame.from_position(game.to_position())
    game.apply_line("tyrell: march kings-landing -> kingswood footman knight")
    # Tyrell holds the blade now; 4 against 4 it would not need it.
    events = play_cards(game, "alester-florent", "ser-jaime-lannister", "tyrell", "lannister")
    assert result(events)["winner"] == "tyrell"


def tides_game(deck):
    return battle(
        {
            "the-reach": ("tyrell", "knight", "footman"),
            "blackwater": ("lannister", "footman", "footman"),
            "castle-black": ("stark", "footman"),
        },
        {"the-reach": ("tyrell", "march+0"), "castle-black": ("stark", "march+0")},
        throne=["tyrell", "lannister", "baratheon", "stark", "greyjoy", "martell"],
        fiefdoms=["stark", "lannister", "tyrell", "baratheon", "greyjoy", "martell"],
        tides_of_battle=True,
        tides_deck=deck,
    )


def test_tides_of_battle_add_strength_and_icons_and_skulls_kill_through_fortifications():
    game = tides_game(["skull", "two", "blank", "blank"])
    game.apply_line("tyrell: march the-reach -> blackwater knight footman")
    game.apply_line("tyrell: play margaery-tyrell")
    assert "tides" not in json.dumps(game.view("lannister")["procedure"][-1].get("tides", {}))
    events = game.apply_line("lannister: play the-hound")
    outcome = result(events)
    assert outcome["strengths"]["tyrell"]["tides"] == 0 and outcome["strengths"]["lannister"]["tides"] == 2
    # Lannister (2 + 2 + 2 = 6) beats Tyrell (3 + 1 = 4), but Tyrell's skull still costs Lannister a unit,
    # which The Hound's fortifications cannot stop.
    assert outcome["winner"] == "lannister"
    assert units_in(game, "blackwater") == [("footman", False)]
    assert game.state.tides_deck == ["blank", "blank"]


def test_the_blade_may_redraw_a_tides_card_instead():
    game = tides_game(["blank", "three", "two"])
    game.state.fiefdoms[:] = ["tyrell", "lannister", "stark", "baratheon", "greyjoy", "martell"]
    game = ThronesGame.from_position(game.to_position())
    game.apply_line("tyrell: march the-reach -> blackwater knight footman")
    play_cards(game, "margaery-tyrell", "the-hound", "tyrell", "lannister")
    decision = game.pending()[0]
    assert (decision.house, decision.kind, decision.secret) == ("tyrell", "tides-redraw", True)
    assert decision.schema["card"] == "blank"
    seen = game.view("lannister")["procedure"][-1]
    assert seen["my_tides"] == "three" and "tides" not in seen  # its own card only
    events = game.apply_line("tyrell: choose redraw")
    assert result(events)["strengths"]["tyrell"]["tides"] == 2  # the blank is gone, the two drawn
    assert game.state.blade_used and "blank" in game.state.tides_discards


def test_skulls_never_touch_a_garrison():
    game = battle(
        {
            "kingswood": ("lannister", "knight", "knight"),
            "shipbreaker-bay": ("lannister", "ship"),
            "castle-black": ("stark", "footman"),
        },
        {"kingswood": ("lannister", "march+1*"), "castle-black": ("stark", "march+0")},
        throne=["lannister", "baratheon", "tyrell", "stark", "greyjoy", "martell"],
        tides_of_battle=True,
        tides_deck=["skull", "blank"],
    )
    game.apply_line("lannister: march kingswood -> dragonstone knight knight")
    events = play_cards(game, "tywin-lannister", "melisandre", "lannister", "baratheon")
    assert result(events)["winner"] == "lannister"
    assert not [e for e in events if e.kind == "casualties" and e.data.get("house") == "baratheon"]
