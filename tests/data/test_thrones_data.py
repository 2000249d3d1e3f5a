"""The shipped game data: it loads, it matches the rulebook where the rulebook speaks, and the loader
refuses broken data with a message that names the file and the offending entry."""

from __future__ import annotations

import copy
import functools
import importlib.resources
import re
import tomllib
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from data import thrones
from data.thrones import DataError, ThronesData

Files = dict[str, dict[str, Any]]


@pytest.fixture(scope="module")
def facts() -> ThronesData:
    return thrones.load()


@functools.cache
def _shipped() -> Files:
    folder = importlib.resources.files("data") / "thrones"
    return {stem: tomllib.loads((folder / f"{stem}.toml").read_text("utf-8")) for stem in thrones.FILES}


def files() -> Files:
    """A fresh, mutable copy of the shipped TOML documents, for feeding broken variants to parse()."""
    return copy.deepcopy(_shipped())


# --- the shipped data ---------------------------------------------------------------------------------


def test_load_is_cached_and_parse_agrees(facts: ThronesData) -> None:
    assert thrones.load() is facts
    assert thrones.parse(files()) == facts


def test_map_counts(facts: ThronesData) -> None:
    kinds = Counter(area.kind for area in facts.areas.values())
    assert kinds == {"land": 38, "sea": 12, "port": 8}
    castles = Counter(area.castle for area in facts.areas.values())
    assert (castles[2], castles[1]) == (10, 10)
    assert sum(area.supply for area in facts.areas.values()) == 24
    assert sum(area.power for area in facts.areas.values()) == 19
    pairs = {frozenset((area.id, other)) for area in facts.areas.values() for other in area.adjacent}
    assert len(pairs) == 143


def test_winterfell(facts: ThronesData) -> None:
    winterfell = facts.areas["winterfell"]
    assert (winterfell.kind, winterfell.castle, winterfell.supply, winterfell.power) == ("land", 2, 1, 1)
    assert winterfell.home == "stark"
    assert winterfell.port == "port-of-winterfell"
    port = facts.areas["port-of-winterfell"]
    assert (port.kind, port.land, port.sea) == ("port", "winterfell", "bay-of-ice")
    assert set(port.adjacent) == {"winterfell", "bay-of-ice"}


def test_rulebook_adjacency_examples(facts: ThronesData) -> None:
    adjacent = {area.id: set(area.adjacent) for area in facts.areas.values()}
    assert "the-golden-sound" in adjacent["riverrun"]
    assert {"kings-landing", "stoney-sept", "harrenhal", "the-reach"} <= adjacent["blackwater"]
    assert {"sea-of-dorne", "east-summer-sea"} <= adjacent["sunspear"]
    assert "storms-end" in adjacent["kingswood"]
    # Rivers without a bridge separate land areas.
    assert "greywater-watch" not in adjacent["winterfell"]
    assert "the-mountains-of-the-moon" not in adjacent["riverrun"]
    assert "starfall" not in adjacent["three-towers"]


def test_islands_have_no_land_neighbours(facts: ThronesData) -> None:
    for island in ("pyke", "dragonstone", "the-arbor"):
        kinds = {facts.areas[other].kind for other in facts.areas[island].adjacent}
        assert "land" not in kinds, island


def test_ports_belong_to_castle_areas(facts: ThronesData) -> None:
    ports = {area.id: area for area in facts.areas.values() if area.kind == "port"}
    assert {port.land for port in ports.values()} == {
        "dragonstone", "lannisport", "oldtown", "pyke",
        "storms-end", "sunspear", "white-harbor", "winterfell",
    }  # fmt: skip
    assert all(facts.areas[port.land].castle > 0 for port in ports.values())
    assert (
        facts.areas["port-of-storms-end"].sea == facts.areas["port-of-dragonstone"].sea == "shipbreaker-bay"
    )


def test_houses(facts: ThronesData) -> None:
    assert tuple(facts.houses) == thrones.HOUSES
    homes = {house.id: house.home for house in facts.houses.values()}
    assert homes == {
        "stark": "winterfell", "lannister": "lannisport", "greyjoy": "pyke",
        "tyrell": "highgarden", "baratheon": "dragonstone", "martell": "sunspear",
    }  # fmt: skip
    assert facts.houses["stark"].name == "House Stark"
    colors = [house.color.lower() for house in facts.houses.values()]
    assert len(set(colors)) == 6
    assert all(re.fullmatch(r"#[0-9a-f]{6}", color) for color in colors)


def test_starting_units_and_supply(facts: ThronesData) -> None:
    start = facts.setups[6].starting
    assert Counter(start["baratheon"].units) == {
        ("dragonstone", "knight"): 1, ("dragonstone", "footman"): 1,
        ("kingswood", "footman"): 1, ("shipbreaker-bay", "ship"): 2,
    }  # fmt: skip
    assert {house: s.supply for house, s in start.items()} == {
        "stark": 1, "lannister": 2, "greyjoy": 2, "tyrell": 2, "baratheon": 2, "martell": 2,
    }  # fmt: skip
    assert all(s.power == 5 for s in start.values())


def test_supply_track(facts: ThronesData) -> None:
    assert len(facts.supply_limits) == 7
    # The rulebook states rows 2 and 3 in words.
    assert facts.supply_limits[2] == (3, 2, 2)
    assert facts.supply_limits[3] == (3, 2, 2, 2)
    assert facts.supply_limits[0] == (2, 2)
    assert facts.supply_limits[6] == (4, 3, 2, 2, 2)


def test_rules_numbers(facts: ThronesData) -> None:
    assert facts.wildling_track == (0, 2, 4, 6, 8, 10, 12)
    assert facts.wildling_start == 2
    assert facts.unit_limits == {"footman": 10, "knight": 5, "ship": 6, "siege": 2}
    assert sum(facts.unit_limits.values()) * 6 == 138  # the plastic units in the box
    assert (facts.power_tokens_per_house, facts.garrison_strength, facts.port_capacity) == (20, 2, 3)
    assert (facts.castles_to_win, facts.last_round) == (7, 10)


def test_houses_in_play(facts: ThronesData) -> None:
    assert set(facts.setups[6].houses) == set(thrones.HOUSES)
    assert "martell" not in facts.setups[5].houses
    assert set(thrones.HOUSES) - set(facts.setups[4].houses) == {"martell", "tyrell"}
    assert set(facts.setups[3].houses) == {"stark", "lannister", "baratheon"}


def test_neutral_force_tokens_per_player_count(facts: ThronesData) -> None:
    def tokens(players: int) -> int:
        setup = facts.setups[players]
        blocked_land = [a for a in setup.impassable if facts.areas[a].kind == "land"]
        return len(setup.neutral_forces) + len(blocked_land)

    assert (tokens(5), tokens(4), tokens(3)) == (9, 12, 14)
    assert facts.setups[6].neutral_forces == {"the-eyrie": 6, "kings-landing": 5}
    assert facts.setups[5].neutral_forces["sunspear"] == 5  # the rulebook's Tyrell example
    assert facts.setups[3].neutral_forces == {"the-eyrie": 6, "kings-landing": 5}


def test_three_player_impassable_areas(facts: ThronesData) -> None:
    setup = facts.setups[3]
    assert len(setup.impassable) == 16
    assert {"pyke", "highgarden", "sunspear", "port-of-pyke", "port-of-storms-end"} <= set(setup.impassable)
    assert not any(facts.areas[area].kind == "sea" for area in setup.impassable)
    assert facts.setups[4].impassable == ()


def test_influence_tracks(facts: ThronesData) -> None:
    assert facts.setups[6].throne[0] == "baratheon"
    assert facts.setups[6].fiefdoms[0] == "greyjoy"
    assert facts.setups[6].court[0] == "lannister"
    assert facts.setups[3].fiefdoms[0] == "stark"  # the Valyrian Steel Blade goes to Stark with 3 players
    assert facts.setups[4].fiefdoms == ("greyjoy", "stark", "baratheon", "lannister")
    assert facts.setups[5].throne == ("baratheon", "lannister", "stark", "greyjoy", "tyrell")


def test_kings_court_stars(facts: ThronesData) -> None:
    assert facts.setups[6].court_stars == (3, 3, 2, 1, 0, 0)
    assert facts.setups[5].court_stars == (3, 3, 2, 1, 0)
    assert facts.setups[4].court_stars == (3, 2, 1, 0)
    assert facts.setups[3].court_stars == (3, 2, 1)


def test_three_player_lannister_has_no_port_ship(facts: ThronesData) -> None:
    port_ship = ("port-of-lannisport", "ship")
    assert port_ship not in facts.setups[3].starting["lannister"].units
    assert port_ship in facts.setups[4].starting["lannister"].units
    assert len(facts.setups[3].starting["lannister"].units) == 4
    assert set(facts.setups[3].starting) == {"stark", "lannister", "baratheon"}


def test_order_tokens(facts: ThronesData) -> None:
    tokens = facts.order_tokens
    assert sum(token.copies for token in tokens.values()) == 15
    assert sorted(token_id for token_id, token in tokens.items() if token.special) == [
        "consolidate*", "defense+2*", "march+1*", "raid*", "support+1*",
    ]  # fmt: skip
    assert [tokens[t].bonus for t in ("march-1", "march+0", "march+1*")] == [-1, 0, 1]
    assert (tokens["defense+1"].copies, tokens["defense+2*"].bonus) == (2, 2)
    assert tokens["march+1*"].name == "March +1 (special)"


def test_house_cards(facts: ThronesData) -> None:
    cards = facts.house_cards
    assert len(cards) == 42
    assert Counter(card.house for card in cards.values()) == dict.fromkeys(thrones.HOUSES, 7)
    # The two cards of the rulebook's combat example.
    jaime, alester = cards["ser-jaime-lannister"], cards["alester-florent"]
    assert (jaime.strength, jaime.swords, jaime.fortifications) == (2, 1, 0)
    assert (alester.strength, alester.swords, alester.fortifications) == (1, 0, 1)
    assert cards["ser-rodrick-cassel"].name == "Ser Rodrik Cassel"
    # Each house's hand runs 4, 3, 2, 2, 1, 1, 0.
    for house in thrones.HOUSES:
        strengths = sorted((c.strength for c in cards.values() if c.house == house), reverse=True)
        assert strengths == [4, 3, 2, 2, 1, 1, 0], house
    assert cards["tywin-lannister"].text and cards["eddard-stark"].text == ""


def test_westeros_decks(facts: ThronesData) -> None:
    assert {deck: len(ids) for deck, ids in facts.westeros_decks.items()} == {1: 10, 2: 10, 3: 10}
    icons = sum(facts.westeros_cards[i].wildling_icon for ids in facts.westeros_decks.values() for i in ids)
    assert icons == 11
    assert facts.westeros_cards["winter-is-coming"].decks == (1, 2)
    assert facts.westeros_cards["last-days-of-summer"].decks == (1, 2)
    assert facts.westeros_decks[3].count("wildlings-attack") == 3
    assert facts.westeros_decks[1].count("supply") == 3
    assert all(card.text for card in facts.westeros_cards.values())


def test_wildling_and_tides_decks(facts: ThronesData) -> None:
    assert len(facts.wildling_cards) == 9
    assert facts.wildling_cards["a-king-beyond-the-wall"].name == "A King Beyond the Wall"
    assert sum(card.copies for card in facts.tides_cards.values()) == 24
    assert set(facts.tides_cards) == {"blank", "sword", "fortification", "two", "three", "skull"}
    assert sum(card.copies * card.skulls for card in facts.tides_cards.values()) == 2
    assert all(card.name for card in facts.tides_cards.values())


def test_every_order_type_says_what_it_does(facts: ThronesData) -> None:
    assert tuple(facts.order_rules) == thrones.ORDER_TYPES
    assert {t.type for t in facts.order_tokens.values()} == set(facts.order_rules)
    assert all(rule.name and rule.text and rule.special for rule in facts.order_rules.values())
    assert facts.order_rules["consolidate"].name == "Consolidate Power"


# --- broken data --------------------------------------------------------------------------------------


def _asymmetric(f: Files) -> None:
    f["map"]["areas"]["karhold"]["adjacent"].remove("winterfell")


def _self_adjacent(f: Files) -> None:
    f["map"]["areas"]["karhold"]["adjacent"].append("karhold")


def _unknown_neighbour(f: Files) -> None:
    f["map"]["areas"]["karhold"]["adjacent"].append("hardhome")


def _port_touching_other_land(f: Files) -> None:
    f["map"]["areas"]["port-of-winterfell"]["adjacent"].append("karhold")
    f["map"]["areas"]["karhold"]["adjacent"].append("port-of-winterfell")


def _port_land_disagrees(f: Files) -> None:
    f["map"]["areas"]["port-of-winterfell"]["land"] = "white-harbor"


def _lost_stronghold(f: Files) -> None:
    f["map"]["areas"]["riverrun"]["castle"] = 1


def _bool_as_number(f: Files) -> None:
    f["map"]["areas"]["riverrun"]["castle"] = True


def _typo_field(f: Files) -> None:
    f["map"]["areas"]["riverrun"]["suply"] = 1


def _ship_on_land(f: Files) -> None:
    f["houses"]["houses"]["stark"]["units"].append({"area": "winterfell", "kind": "ship"})


def _knight_at_sea(f: Files) -> None:
    f["houses"]["houses"]["tyrell"]["units"].append({"area": "redwyne-straits", "kind": "knight"})


def _too_many_sieges(f: Files) -> None:
    f["houses"]["houses"]["martell"]["units"] += [{"area": "sunspear", "kind": "siege"}] * 3


def _bad_colour(f: Files) -> None:
    f["houses"]["houses"]["greyjoy"]["color"] = "black"


def _unknown_neutral_area(f: Files) -> None:
    f["setups"]["setups"]["5"]["neutral_forces"]["atlantis"] = 3


def _unknown_track_house(f: Files) -> None:
    f["setups"]["setups"]["4"]["court"][3] = "targaryen"


def _track_not_slid_left(f: Files) -> None:
    f["setups"]["setups"]["4"]["throne"] = ["lannister", "baratheon", "stark", "greyjoy"]


def _short_court_stars(f: Files) -> None:
    f["setups"]["setups"]["5"]["court_stars"] = [3, 3, 2, 1]


def _neutral_on_a_start(f: Files) -> None:
    f["setups"]["setups"]["6"]["neutral_forces"]["white-harbor"] = 3


def _neutral_at_sea(f: Files) -> None:
    f["setups"]["setups"]["6"]["neutral_forces"]["bay-of-ice"] = 3


def _impassable_home(f: Files) -> None:
    f["setups"]["setups"]["3"]["impassable"] += ["winterfell", "port-of-winterfell"]


def _blocked_land_open_port(f: Files) -> None:
    f["setups"]["setups"]["3"]["impassable"].remove("port-of-sunspear")


def _remove_missing_unit(f: Files) -> None:
    f["setups"]["setups"]["3"]["removed_units"] = [{"house": "stark", "area": "pyke", "kind": "ship"}]


def _missing_house_card(f: Files) -> None:
    del f["house_cards"]["cards"]["the-blackfish"]


def _westeros_deck_too_big(f: Files) -> None:
    f["westeros_cards"]["deck1"][0]["copies"] = 4


def _westeros_twin_differs(f: Files) -> None:
    next(c for c in f["westeros_cards"]["deck2"] if c["id"] == "winter-is-coming")["wildling_icon"] = True


def _tenth_wildling_card(f: Files) -> None:
    f["wildling_cards"]["cards"]["white-walkers"] = dict(f["wildling_cards"]["cards"]["mammoth-riders"])


def _tides_short(f: Files) -> None:
    f["tides_of_battle"]["cards"]["blank"]["copies"] = 7


def _sixteen_orders(f: Files) -> None:
    f["orders"]["tokens"]["raid"]["copies"] = 3


def _order_type_undescribed(f: Files) -> None:
    del f["orders"]["types"]["raid"]


def _supply_row_unsorted(f: Files) -> None:
    f["rules"]["supply_limits"]["4"] = [2, 3, 3, 2]


def _wildling_start_off_track(f: Files) -> None:
    f["rules"]["wildlings"]["start"] = 3


def _missing_file(f: Files) -> None:
    del f["tides_of_battle"]


BROKEN: list[tuple[Callable[[Files], None], str]] = [
    (
        _asymmetric,
        r"map\.toml \[areas\.winterfell\]: lists 'karhold' as adjacent, "
        r"but \[areas\.karhold\] does not list it back",
    ),
    (_self_adjacent, r"map\.toml \[areas\.karhold\]: .*adjacent to itself"),
    (_unknown_neighbour, r"map\.toml \[areas\.karhold\]: unknown adjacent area 'hardhome'"),
    (_port_touching_other_land, r"map\.toml \[areas\.port-of-winterfell\]: .*exactly its land and its sea"),
    (
        _port_land_disagrees,
        r"map\.toml \[areas\.winterfell\]: 'port' 'port-of-winterfell' "
        r"is not a port whose 'land' is 'winterfell'",
    ),
    (_lost_stronghold, r"map\.toml: number of strongholds .*expected 10, found 9"),
    (_bool_as_number, r"map\.toml \[areas\.riverrun\]: 'castle' must be an integer"),
    (_typo_field, r"map\.toml \[areas\.riverrun\]: unknown field\(s\) suply"),
    (_ship_on_land, r"houses\.toml \[houses\.stark\]: a ship cannot start on land area 'winterfell'"),
    (
        _knight_at_sea,
        r"houses\.toml \[houses\.tyrell\]: a knight cannot start in sea area 'redwyne-straits'",
    ),
    (_too_many_sieges, r"houses\.toml \[houses\.martell\]: starts with 3 siege units, but owns only 2"),
    (_bad_colour, r"houses\.toml \[houses\.greyjoy\]: 'color'"),
    (_unknown_neutral_area, r"setups\.toml \[setups\.5\] neutral_forces: unknown area 'atlantis'"),
    (_unknown_track_house, r"setups\.toml \[setups\.4\]: 'court' .*targaryen"),
    (_track_not_slid_left, r"setups\.toml \[setups\.4\]: 'throne' must keep the six-player order"),
    (_short_court_stars, r"setups\.toml \[setups\.5\]: court_stars entries: expected 5, found 4"),
    (_neutral_on_a_start, r"setups\.toml \[setups\.6\]: stark starts a unit in 'white-harbor'"),
    (_neutral_at_sea, r"setups\.toml \[setups\.6\] neutral_forces: 'bay-of-ice' is a sea area"),
    (
        _impassable_home,
        r"setups\.toml \[setups\.3\]: the home area of stark, 'winterfell', cannot be impassable",
    ),
    (
        _blocked_land_open_port,
        r"setups\.toml \[setups\.3\]: impassable area 'sunspear' needs 'port-of-sunspear'",
    ),
    (
        _remove_missing_unit,
        r"setups\.toml \[setups\.3\] removed_units: stark has no starting ship in 'pyke' to remove",
    ),
    (_missing_house_card, r"house_cards\.toml: cards of stark: expected 7, found 6"),
    (_westeros_deck_too_big, r"westeros_cards\.toml: cards in deck 1: expected 10, found 11"),
    (_westeros_twin_differs, r"westeros_cards\.toml \[\[deck2\]\] #4: card 'winter-is-coming' differs"),
    (_tenth_wildling_card, r"wildling_cards\.toml: number of cards: expected 9, found 10"),
    (_tides_short, r"tides_of_battle\.toml: number of cards: expected 24, found 23"),
    (_sixteen_orders, r"orders\.toml: tokens per house: expected 15, found 16"),
    (_order_type_undescribed, r"orders\.toml: \[types\] must describe exactly march, defense, support, raid"),
    (_supply_row_unsorted, r"rules\.toml \[supply_limits\]: level 4 must list army sizes largest first"),
    (_wildling_start_off_track, r"rules\.toml \[wildlings\]: 'start' 3 is not a value on the track"),
    (_missing_file, r"tides_of_battle\.toml: missing"),
]


@pytest.mark.parametrize(("breakage", "message"), BROKEN, ids=[b.__name__.strip("_") for b, _ in BROKEN])
def test_broken_data_is_refused(breakage: Callable[[Files], None], message: str) -> None:
    broken = files()
    breakage(broken)
    with pytest.raises(DataError, match=message):
        thrones.parse(broken)
