"""The check a position's JSON passes before :meth:`State.from_json` builds a state from it.

A position comes from the database on every restart, from a file on the command line, from a moderator.
Whatever is wrong with one (a missing field, a wrong type, an unknown area, house, card or unit kind, a
track that is not the houses in play) is reported as a :class:`PositionError` that says what and where,
e.g. ``units.winterfell[0].kind is the text 'dragon', not a unit kind (footman, knight, ship or siege)``.

Positions are loaded often (every restart, every look at a decision that may still change), so each check
is a set operation over a whole field where it can be; only when one fails is the field gone through item
by item, to say which item is wrong (or to find that none is). The check does not replay the rules: a
position that passes it but cannot go on is caught by :meth:`ThronesGame.from_position` running it.
"""

from __future__ import annotations

import itertools
from typing import Any, NoReturn

from engine.core.errors import PositionError, describe, quote
from engine.thrones.board import BOARD, FACTS

AREAS = frozenset(BOARD.ids)
HOUSES = frozenset(FACTS.houses)
UNIT_KINDS = frozenset(FACTS.unit_limits)
TOKENS = frozenset(FACTS.order_tokens)
WESTEROS_CARDS = frozenset(FACTS.westeros_cards)
WESTEROS_DECKS = {number: frozenset(cards) for number, cards in FACTS.westeros_decks.items()}
WINTER_IS_COMING = "winter-is-coming"
WILDLING_CARDS = frozenset(FACTS.wildling_cards)
TIDES_CARDS = frozenset(FACTS.tides_cards)
CARDS_OF = {
    house: frozenset(card.id for card in FACTS.house_cards.values() if card.house == house)
    for house in FACTS.houses
}
PLAYERS = (min(FACTS.setups), max(FACTS.setups))
# (house, kind, type of routed) of every unit that may stand on the board, for each player count.
UNITS_OF = {
    players: frozenset(itertools.product(setup.houses, UNIT_KINDS, (bool,)))
    for players, setup in FACTS.setups.items()
}
# (house, token) of every order that may be on the board, likewise.
ORDERS_OF = {
    players: frozenset(itertools.product(setup.houses, TOKENS)) for players, setup in FACTS.setups.items()
}

AN_AREA = "an area of the map"
A_HOUSE = "a house in this game"
A_UNIT_KIND = "a unit kind (footman, knight, ship or siege)"
LISTS = (list, tuple)  # a position made in memory may hold tuples
LIST_TYPES = frozenset(LISTS)

_MISSING = object()


def check_position(data: dict[str, Any]) -> None:
    """Raise :class:`PositionError` unless ``data`` (format and version already checked) is a well-formed
    position: every field present with the right type, and every name one the game knows."""
    players = _int(_get(data, "players"), "players", *PLAYERS)
    houses = _names(_get(data, "houses"), "houses", HOUSES, "a house")
    if sorted(houses) != sorted(FACTS.setups[players].houses):
        raise PositionError(f"houses are not the houses of a {players}-player game")
    in_play = frozenset(houses)
    _bool(_get(data, "tides_of_battle"), "tides_of_battle")
    _int(_get(data, "rng"), "rng", 0, 2**64 - 1)
    _int(_get(data, "round"), "round", 1, FACTS.last_round)

    units = _keyed(_get(data, "units"), "units", AREAS, AN_AREA)
    try:  # a unit that is not an object raises TypeError here, one without a house or kind KeyError
        sound = {type(stack) for stack in units.values()} <= LIST_TYPES and {
            (unit["house"], unit["kind"], type(unit.get("routed", False)))
            for stack in units.values()
            for unit in stack
        } <= UNITS_OF[players]
    except (KeyError, TypeError):
        sound = False
    if not sound:
        _explain_units(units, in_play)
    orders = _keyed(_get(data, "orders"), "orders", AREAS, AN_AREA)
    try:
        sound = {(order["house"], order["token"]) for order in orders.values()} <= ORDERS_OF[players]
    except (KeyError, TypeError):
        sound = False
    if not sound:
        _explain_orders(orders, in_play)
    _bool(_get(data, "orders_revealed"), "orders_revealed")
    power_tokens = _keyed(_get(data, "power_tokens"), "power_tokens", AREAS, AN_AREA)
    _values(power_tokens, "power_tokens", in_play, A_HOUSE)
    for name in ("garrisons", "neutral_forces"):
        for area, strength in _keyed(_get(data, name), name, AREAS, AN_AREA).items():
            _int(strength, f"{name}.{area}")
    _names(_get(data, "impassable"), "impassable", AREAS, AN_AREA)

    for house, power in _per_house(_get(data, "power"), "power", in_play).items():
        _int(power, f"power.{house}", 0, FACTS.power_tokens_per_house)
    for house, supply in _per_house(_get(data, "supply"), "supply", in_play).items():
        _int(supply, f"supply.{house}", 0, len(FACTS.supply_limits) - 1)
    for track in ("throne", "fiefdoms", "court"):
        if sorted(_names(_get(data, track), track, in_play, A_HOUSE)) != sorted(houses):
            raise PositionError(f"the {track} track is not the houses in play, each once")
    _bool(_get(data, "blade_used"), "blade_used")
    _bool(_get(data, "raven_used"), "raven_used")
    for name in ("hands", "discards"):
        for house, cards in _per_house(_get(data, name), name, in_play).items():
            _names(cards, f"{name}.{house}", CARDS_OF[house], f"a house card of House {house.title()}")

    decks = _list(_get(data, "westeros_decks"), "westeros_decks")
    piles = _list(_get(data, "westeros_discards"), "westeros_discards")
    for name, lists in (("westeros_decks", decks), ("westeros_discards", piles)):
        if len(lists) != len(WESTEROS_DECKS):
            raise PositionError(f"{name} has {len(lists)} lists, not {len(WESTEROS_DECKS)}")
    for number, deck, pile in zip(WESTEROS_DECKS, decks, piles, strict=True):
        cards = WESTEROS_DECKS[number]
        what = f"a card of Westeros deck {number}"
        deck = _names(deck, f"westeros_decks[{number - 1}]", cards, what)
        pile = _names(pile, f"westeros_discards[{number - 1}]", cards, what)
        # Drawing reshuffles the discard pile into an empty deck and skips Winter Is Coming: with no other
        # card to find it would never stop. (Tests stack decks with cards left out; that is fine.)
        if all(card == WINTER_IS_COMING for card in (*deck, *pile)):
            raise PositionError(f"Westeros deck {number} and its discard pile hold no card to draw")
    _names(_get(data, "westeros_revealed"), "westeros_revealed", WESTEROS_CARDS, "a Westeros card")
    wildlings = _names(_get(data, "wildling_deck"), "wildling_deck", WILDLING_CARDS, "a wildling card")
    if not wildlings or len(set(wildlings)) != len(wildlings):
        raise PositionError("the wildling deck is empty or holds a card twice")
    threat = _int(_get(data, "wildling_threat"), "wildling_threat")
    if threat not in FACTS.wildling_track:
        raise PositionError(f"wildling_threat is {threat}, not a space of the wildling track")
    _names(_get(data, "wildling_known_to"), "wildling_known_to", in_play, A_HOUSE)
    last = _get(data, "last_wildling_card", None)
    if last is not None:
        _name(last, "last_wildling_card", WILDLING_CARDS, "a wildling card")
    for index, restriction in enumerate(_list(_get(data, "restrictions"), "restrictions")):
        if type(restriction) is not str:
            _fail(f"restrictions[{index}]", restriction, "a restriction")
    if not _list(_get(data, "stack"), "stack"):
        raise PositionError("the procedure stack is empty")

    for name in ("tides_deck", "tides_discards"):
        _names(_get(data, name, []), name, TIDES_CARDS, "a Tides of Battle card")
    winner = _get(data, "winner", None)
    if winner is not None:
        _name(winner, "winner", in_play, A_HOUSE)
    _names(_get(data, "ranking", []), "ranking", in_play, A_HOUSE)
    for stat, count in _object(_get(data, "stats", {}), "stats").items():
        _int(count, f"stats.{stat}")
    for key, items in _object(_get(data, "marks", {}), "marks").items():
        for index, item in enumerate(_list(items, f"marks.{key}")):
            for part in _list(item, f"marks.{key}[{index}]"):
                if type(part) is not str:
                    _fail(f"marks.{key}[{index}]", part, "a list of names")


# --- checks of one value, and what to say when one fails -------------------------------------------------


def _fail(path: str, value: Any, expected: str) -> NoReturn:
    raise PositionError(f"{path} is {describe(value)}, not {expected}")


def _get(data: dict[str, Any], key: str, default: Any = _MISSING) -> Any:
    if key in data:
        return data[key]
    if default is _MISSING:
        raise PositionError(f"missing field {key!r}")
    return default


def _int(value: Any, path: str, low: int = 0, high: int | None = None) -> int:
    if type(value) is not int:
        _fail(path, value, "a whole number")
    if value < low or (high is not None and value > high):
        raise PositionError(
            f"{path} is {value}, not {low} to {high}" if high is not None else f"{path} is {value}"
        )
    return value


def _bool(value: Any, path: str) -> None:
    if value is not True and value is not False:
        _fail(path, value, "true or false")


def _list(value: Any, path: str) -> list[Any]:
    if type(value) not in LISTS:
        _fail(path, value, "a list")
    return value


def _object(value: Any, path: str) -> dict[str, Any]:
    if type(value) is not dict:
        _fail(path, value, "an object")
    return value


def _name(value: Any, path: str, allowed: frozenset[str], what: str) -> str:
    if type(value) is not str or value not in allowed:
        _fail(path, value, what)
    return value


def _names(value: Any, path: str, allowed: frozenset[str], what: str) -> list[str]:
    """A list of names from ``allowed``."""
    items = _list(value, path)
    try:
        if allowed.issuperset(items):  # names are strings: a number is in no set of names
            return items
    except TypeError:  # an unhashable item: a list or an object
        pass
    for index, item in enumerate(items):
        _name(item, f"{path}[{index}]", allowed, what)
    return items


def _values(mapping: dict[str, Any], path: str, allowed: frozenset[str], what: str) -> None:
    """An object whose values are names from ``allowed``."""
    try:
        if allowed.issuperset(mapping.values()):
            return
    except TypeError:
        pass
    for key, item in mapping.items():
        _name(item, f"{path}.{key}", allowed, what)


def _keyed(value: Any, path: str, allowed: frozenset[str], what: str) -> dict[str, Any]:
    """An object whose keys are names from ``allowed``."""
    mapping = _object(value, path)
    if not mapping.keys() <= allowed:
        key = next(key for key in mapping if key not in allowed)
        raise PositionError(f"{path} has the key {quote(str(key))}, which is not {what}")
    return mapping


def _per_house(value: Any, path: str, houses: frozenset[str]) -> dict[str, Any]:
    """An object with one entry for every house in play, and no other."""
    mapping = _keyed(value, path, houses, A_HOUSE)
    if len(mapping) != len(houses):
        raise PositionError(f"{path} has no entry for {', '.join(sorted(houses - mapping.keys()))}")
    return mapping


def _explain_units(units: dict[str, Any], in_play: frozenset[str]) -> None:
    """Go through the units one by one; raise about the first malformed one (if the quick check was only
    too cautious, there is none)."""
    for area, stack in units.items():
        for index, unit in enumerate(_list(stack, f"units.{area}")):
            where = f"units.{area}[{index}]"
            unit = _object(unit, where)
            _name(_field(unit, "house", where), f"{where}.house", in_play, A_HOUSE)
            _name(_field(unit, "kind", where), f"{where}.kind", UNIT_KINDS, A_UNIT_KIND)
            if "routed" in unit:
                _bool(unit["routed"], f"{where}.routed")


def _explain_orders(orders: dict[str, Any], in_play: frozenset[str]) -> None:
    for area, order in orders.items():
        where = f"orders.{area}"
        order = _object(order, where)
        _name(_field(order, "house", where), f"{where}.house", in_play, A_HOUSE)
        _name(_field(order, "token", where), f"{where}.token", TOKENS, "an order token")


def _field(data: dict[str, Any], key: str, where: str) -> Any:
    if key not in data:
        raise PositionError(f"missing field '{where}.{key}'")
    return data[key]
