"""Static facts of A Game of Thrones: The Board Game, 2nd edition, read from the TOML files in data/thrones.

Everything here is immutable and validated once per process by :func:`load`. The engine and the
renderer read the game's facts only through this module; treat the dicts it returns as read-only,
since every caller shares the same cached object.

Westeros cards: two cards (Winter Is Coming, Last Days of Summer) belong to both deck I and deck II.
So :attr:`ThronesData.westeros_cards` holds each card's definition once, keyed by id, with
:attr:`WesterosCard.decks` naming the decks it belongs to, and :attr:`ThronesData.westeros_decks` maps
each deck number (1, 2, 3) to its ten card ids, copies expanded, in file order.

:func:`parse` takes already-parsed TOML documents keyed by file stem ("map", "houses", ...), so tests
can feed it broken data; every problem raises :class:`DataError` naming the file and the bad entry.
"""

from __future__ import annotations

import functools
import importlib.resources
import itertools
import re
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal, cast

AreaKind = Literal["land", "sea", "port"]
UnitKind = Literal["footman", "knight", "ship", "siege"]
OrderType = Literal["march", "defense", "support", "raid", "consolidate"]

HOUSES: tuple[str, ...] = ("stark", "lannister", "greyjoy", "tyrell", "baratheon", "martell")
UNIT_KINDS: tuple[str, ...] = ("footman", "knight", "ship", "siege")
ORDER_TYPES: tuple[str, ...] = ("march", "defense", "support", "raid", "consolidate")

FILES: tuple[str, ...] = (
    "map",
    "houses",
    "orders",
    "house_cards",
    "westeros_cards",
    "wildling_cards",
    "tides_of_battle",
    "setups",
    "rules",
)
PLAYER_COUNTS: tuple[int, ...] = (3, 4, 5, 6)
WESTEROS_DECKS: tuple[int, ...] = (1, 2, 3)
TRACKS: tuple[str, ...] = ("throne", "fiefdoms", "court")  # influence tracks, as named in Setup

# Component counts of the base game; the loader refuses data that disagrees with them.
AREA_COUNTS: dict[str, int] = {"land": 38, "sea": 12, "port": 8}
CASTLE_COUNTS: dict[int, int] = {1: 10, 2: 10}  # castles, strongholds
HOUSE_CARDS_PER_HOUSE = 7
ORDER_TOKENS_PER_HOUSE = 15
WESTEROS_DECK_SIZE = 10
WILDLING_CARD_COUNT = 9
TIDES_CARD_COUNT = 24
SUPPLY_LEVELS = 7  # levels 0 .. 6

LAND_UNITS = frozenset({"footman", "knight", "siege"})


@dataclass(frozen=True, slots=True)
class Area:
    id: str
    name: str
    kind: AreaKind
    castle: int  # 0 none, 1 castle, 2 stronghold
    supply: int  # supply (barrel) icons
    power: int  # power (crown) icons
    home: str | None  # house whose home area this is
    port: str | None  # land areas: the id of their port, if any
    land: str | None  # ports: the land area the port belongs to
    sea: str | None  # ports: the sea area the port opens onto
    adjacent: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class House:
    id: str
    name: str
    home: str
    color: str  # "#rrggbb", for the renderer


@dataclass(frozen=True, slots=True)
class OrderToken:
    id: str  # e.g. "march+1*", "raid", "consolidate*"
    type: OrderType
    bonus: int  # combat modifier printed on the token (0 for raid/consolidate)
    special: bool  # starred
    copies: int  # how many of this token each house owns
    name: str


@dataclass(frozen=True, slots=True)
class OrderRule:
    """What an order type does, for people: the rules reference and the prompts' help."""

    type: OrderType
    name: str  # "Consolidate Power"
    text: str  # what an order of this type does
    special: str  # what its starred token adds besides its bonus


@dataclass(frozen=True, slots=True)
class HouseCard:
    id: str
    house: str
    name: str
    strength: int
    swords: int
    fortifications: int
    text: str  # our own wording of the ability; "" for cards without one


@dataclass(frozen=True, slots=True)
class WesterosCard:
    id: str
    name: str
    decks: tuple[int, ...]  # the decks (1, 2, 3) holding this card; copies per deck: westeros_decks
    wildling_icon: bool
    text: str


@dataclass(frozen=True, slots=True)
class WildlingCard:
    id: str
    name: str
    watch_wins: str  # reward for the highest bidder when the Night's Watch wins
    lowest_bidder: str  # penalty for the lowest bidder when the wildlings win
    everyone_else: str  # penalty for every other house when the wildlings win


@dataclass(frozen=True, slots=True)
class TidesCard:
    id: str
    name: str
    copies: int
    strength: int
    swords: int
    fortifications: int
    skulls: int


@dataclass(frozen=True, slots=True)
class StartingUnits:
    house: str
    units: tuple[tuple[str, str], ...]  # (area id, unit kind), one entry per unit
    supply: int
    power: int


@dataclass(frozen=True, slots=True)
class Setup:
    players: int
    houses: tuple[str, ...]  # houses in play
    throne: tuple[str, ...]  # Iron Throne track, position 1 first
    fiefdoms: tuple[str, ...]
    court: tuple[str, ...]  # King's Court track
    court_stars: tuple[int, ...]  # special orders allowed per King's Court position
    neutral_forces: dict[str, int]  # area id -> strength
    impassable: tuple[str, ...]  # areas nobody may ever enter (ports of impassable land included)
    starting: dict[str, StartingUnits]  # house -> its starting units for this player count


@dataclass(frozen=True, slots=True)
class ThronesData:
    areas: dict[str, Area]
    houses: dict[str, House]
    order_tokens: dict[str, OrderToken]
    order_rules: dict[str, OrderRule]  # order type -> what it does, in ORDER_TYPES order
    house_cards: dict[str, HouseCard]
    westeros_cards: dict[str, WesterosCard]  # card id -> definition (one per card, whatever its decks)
    westeros_decks: dict[int, tuple[str, ...]]  # deck (1, 2, 3) -> its card ids, copies expanded
    wildling_cards: dict[str, WildlingCard]
    tides_cards: dict[str, TidesCard]
    setups: dict[int, Setup]  # player count (3..6) -> setup
    supply_limits: tuple[tuple[int, ...], ...]  # supply level (0..6) -> allowed army sizes, largest first
    wildling_track: tuple[int, ...]  # the printed threat values, 0 .. 12
    wildling_start: int  # threat value the token starts on
    unit_limits: dict[str, int]  # unit kind -> units each house owns
    power_tokens_per_house: int
    garrison_strength: int
    castles_to_win: int
    last_round: int
    port_capacity: int


class DataError(Exception):
    """The game data files are malformed or inconsistent."""


@functools.cache
def load() -> ThronesData:
    """Read, validate and return the shipped game data (once per process)."""
    folder = importlib.resources.files("data") / "thrones"
    files: dict[str, dict[str, Any]] = {}
    for stem in FILES:
        try:
            files[stem] = tomllib.loads((folder / f"{stem}.toml").read_text(encoding="utf-8"))
        except FileNotFoundError as exc:
            raise DataError(f"{stem}.toml: file not found in data/thrones") from exc
        except tomllib.TOMLDecodeError as exc:
            raise DataError(f"{stem}.toml: not valid TOML: {exc}") from exc
    return parse(files)


# --- typed access to TOML tables ---------------------------------------------------------------------


class _Table:
    """One TOML table and where it sits ("map.toml [areas.winterfell]"), for typed reads with clear errors."""

    def __init__(self, raw: object, where: str, required: Iterable[str], optional: Iterable[str] = ()):
        if not isinstance(raw, dict):
            raise DataError(f"{where}: expected a table, found {type(raw).__name__}")
        required = set(required)
        if unknown := raw.keys() - required - set(optional):
            raise DataError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
        if missing := required - raw.keys():
            raise DataError(f"{where}: missing field(s) {', '.join(sorted(missing))}")
        self.raw: dict[str, Any] = raw
        self.where = where

    def fail(self, problem: str) -> DataError:
        return DataError(f"{self.where}: {problem}")

    def number(self, key: str, low: int | None = None, high: int | None = None) -> int:
        return _number(self.raw[key], f"{self.where}: {key!r}", low, high)

    def text(self, key: str) -> str:
        value = self.raw[key]
        if not isinstance(value, str):
            raise self.fail(f"{key!r} must be a string, found {value!r}")
        return value

    def maybe_text(self, key: str) -> str | None:
        return self.text(key) if key in self.raw else None

    def flag(self, key: str) -> bool:
        value = self.raw[key]
        if not isinstance(value, bool):
            raise self.fail(f"{key!r} must be true or false, found {value!r}")
        return value

    def items(self, key: str) -> list[Any]:
        value = self.raw[key]
        if not isinstance(value, list):
            raise self.fail(f"{key!r} must be a list, found {value!r}")
        return value

    def texts(self, key: str) -> tuple[str, ...]:
        values = self.items(key)
        for value in values:
            if not isinstance(value, str):
                raise self.fail(f"{key!r} must list strings, found {value!r}")
        if duplicates := sorted(k for k, n in Counter(values).items() if n > 1):
            raise self.fail(f"{key!r} lists {', '.join(duplicates)} more than once")
        return tuple(values)

    def numbers(self, key: str, low: int | None = None) -> tuple[int, ...]:
        return tuple(_number(v, f"{self.where}: {key!r}", low) for v in self.items(key))


def _number(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise DataError(f"{what} must be an integer, found {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"{'' if low is None else low}..{'' if high is None else high}"
        raise DataError(f"{what} is {value}, outside the range {bounds}")
    return value


def _entries(doc: Mapping[str, Any], file: str, key: str, others: Iterable[str] = ()) -> dict[str, Any]:
    """The sub-tables of `[key.<id>]` in one file, after checking the file holds nothing else (besides
    the tables ``others``, read on their own)."""
    _Table(doc, f"{file}.toml", required=[key, *others])
    entries = doc[key]
    if not isinstance(entries, dict) or not entries:
        raise DataError(f"{file}.toml: [{key}] must hold one table per entry")
    return entries


def _expect_count(found: int, expected: int, what: str) -> None:
    if found != expected:
        raise DataError(f"{what}: expected {expected}, found {found}")


def _known(ids: Iterable[str], known: Mapping[str, object], what: str, where: str) -> None:
    for item in ids:
        if item not in known:
            raise DataError(f"{where}: unknown {what} {item!r}")


# --- the files ---------------------------------------------------------------------------------------


def parse(files: Mapping[str, Mapping[str, Any]]) -> ThronesData:
    """Build and validate the game data from parsed TOML documents keyed by file stem."""
    for stem in FILES:
        if stem not in files:
            raise DataError(f"{stem}.toml: missing")
    rules = _parse_rules(files["rules"])
    areas = _parse_map(files["map"])
    houses, starts = _parse_houses(files["houses"], areas, rules)
    westeros_cards, westeros_decks = _parse_westeros(files["westeros_cards"])
    return ThronesData(
        areas=areas,
        houses=houses,
        order_tokens=_parse_orders(files["orders"]),
        order_rules=_parse_order_rules(files["orders"]),
        house_cards=_parse_house_cards(files["house_cards"]),
        westeros_cards=westeros_cards,
        westeros_decks=westeros_decks,
        wildling_cards=_parse_wildlings(files["wildling_cards"]),
        tides_cards=_parse_tides(files["tides_of_battle"]),
        setups=_parse_setups(files["setups"], areas, houses, starts),
        **rules,
    )


def _parse_rules(doc: Mapping[str, Any]) -> dict[str, Any]:
    scalars = ("castles_to_win", "last_round", "power_tokens_per_house", "garrison_strength", "port_capacity")
    top = _Table(doc, "rules.toml", required=[*scalars, "unit_limits", "wildlings", "supply_limits"])
    values: dict[str, Any] = {key: top.number(key, low=1) for key in scalars}

    limits = _Table(top.raw["unit_limits"], "rules.toml [unit_limits]", required=UNIT_KINDS)
    values["unit_limits"] = {kind: limits.number(kind, low=1) for kind in UNIT_KINDS}

    wildlings = _Table(top.raw["wildlings"], "rules.toml [wildlings]", required=["track", "start"])
    track = wildlings.numbers("track", low=0)
    if not track or track[0] != 0 or any(a >= b for a, b in itertools.pairwise(track)):
        raise wildlings.fail(f"'track' must rise strictly from 0, found {list(track)}")
    start = wildlings.number("start")
    if start not in track:
        raise wildlings.fail(f"'start' {start} is not a value on the track {list(track)}")
    values["wildling_track"], values["wildling_start"] = track, start

    levels = [str(level) for level in range(SUPPLY_LEVELS)]
    supply = _Table(top.raw["supply_limits"], "rules.toml [supply_limits]", required=levels)
    rows = []
    for level in levels:
        row = supply.numbers(level, low=2)  # an army has at least two units
        if not row or list(row) != sorted(row, reverse=True):
            raise supply.fail(f"level {level} must list army sizes largest first, found {list(row)}")
        rows.append(row)
    values["supply_limits"] = tuple(rows)
    return values


def _parse_map(doc: Mapping[str, Any]) -> dict[str, Area]:
    fields = {
        "land": (["name", "kind", "castle", "supply", "power", "adjacent"], ["home", "port"]),
        "sea": (["name", "kind", "adjacent"], []),
        "port": (["name", "kind", "land", "sea", "adjacent"], []),
    }
    areas: dict[str, Area] = {}
    for area_id, raw in _entries(doc, "map", "areas").items():
        where = f"map.toml [areas.{area_id}]"
        kind = raw.get("kind") if isinstance(raw, dict) else None
        if kind not in fields:
            raise DataError(f"{where}: 'kind' must be land, sea or port, found {kind!r}")
        t = _Table(raw, where, *fields[kind])
        land = kind == "land"
        areas[area_id] = Area(
            id=area_id,
            name=t.text("name"),
            kind=kind,
            castle=t.number("castle", 0, 2) if land else 0,
            supply=t.number("supply", low=0) if land else 0,
            power=t.number("power", low=0) if land else 0,
            home=t.maybe_text("home"),
            port=t.maybe_text("port"),
            land=t.maybe_text("land"),
            sea=t.maybe_text("sea"),
            adjacent=t.texts("adjacent"),
        )

    for area in areas.values():
        where = f"map.toml [areas.{area.id}]"
        _known(area.adjacent, areas, "adjacent area", where)
        if area.id in area.adjacent:
            raise DataError(f"{where}: an area cannot be adjacent to itself")
        for other in area.adjacent:
            if area.id not in areas[other].adjacent:
                raise DataError(
                    f"{where}: lists {other!r} as adjacent, but [areas.{other}] does not list it back"
                )
        if area.home is not None and area.home not in HOUSES:
            raise DataError(f"{where}: 'home' names unknown house {area.home!r}")
        if area.port is not None:
            port = areas.get(area.port)
            if port is None or port.kind != "port" or port.land != area.id:
                raise DataError(f"{where}: 'port' {area.port!r} is not a port whose 'land' is {area.id!r}")
        if area.kind == "port":
            land, sea = areas.get(area.land or ""), areas.get(area.sea or "")
            if land is None or land.kind != "land" or land.port != area.id:
                raise DataError(
                    f"{where}: 'land' {area.land!r} is not a land area whose 'port' is {area.id!r}"
                )
            if sea is None or sea.kind != "sea":
                raise DataError(f"{where}: 'sea' {area.sea!r} is not a sea area")
            if set(area.adjacent) != {land.id, sea.id}:
                raise DataError(f"{where}: a port must be adjacent to exactly its land and its sea")

    kinds = Counter(area.kind for area in areas.values())
    _expect_count(len(areas), sum(AREA_COUNTS.values()), "map.toml: number of areas")
    for kind, expected in AREA_COUNTS.items():
        _expect_count(kinds[kind], expected, f"map.toml: number of {kind} areas")
    castles = Counter(area.castle for area in areas.values())
    _expect_count(castles[2], CASTLE_COUNTS[2], "map.toml: number of strongholds (castle = 2)")
    _expect_count(castles[1], CASTLE_COUNTS[1], "map.toml: number of castles (castle = 1)")
    return areas


def _parse_houses(
    doc: Mapping[str, Any], areas: dict[str, Area], rules: dict[str, Any]
) -> tuple[dict[str, House], dict[str, StartingUnits]]:
    unit_limits: dict[str, int] = rules["unit_limits"]
    entries = _entries(doc, "houses", "houses")
    if set(entries) != set(HOUSES):
        raise DataError(
            f"houses.toml: expected exactly the houses {', '.join(HOUSES)}, found {', '.join(entries)}"
        )
    houses: dict[str, House] = {}
    starts: dict[str, StartingUnits] = {}
    for house_id in HOUSES:
        t = _Table(
            entries[house_id],
            f"houses.toml [houses.{house_id}]",
            ["name", "home", "color", "supply", "power", "units"],
        )
        home, color = t.text("home"), t.text("color")
        if home not in areas or areas[home].home != house_id:
            raise t.fail(f"'home' {home!r} is not an area whose 'home' is {house_id!r} in map.toml")
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", color):
            raise t.fail(f"'color' must look like #rrggbb, found {color!r}")
        units = []
        for raw in t.items("units"):
            unit = _Table(raw, f"{t.where} units", ["area", "kind"])
            area, kind = unit.text("area"), unit.text("kind")
            _known([area], areas, "area", t.where)
            _known([kind], dict.fromkeys(UNIT_KINDS), "unit kind", t.where)
            if kind == "ship" and areas[area].kind == "land":
                raise t.fail(f"a ship cannot start on land area {area!r}")
            if kind in LAND_UNITS and areas[area].kind != "land":
                raise t.fail(f"a {kind} cannot start in {areas[area].kind} area {area!r}")
            units.append((area, kind))
        for kind, count in Counter(kind for _, kind in units).items():
            if count > unit_limits[kind]:
                raise t.fail(f"starts with {count} {kind} units, but owns only {unit_limits[kind]}")
        for area, count in Counter(area for area, kind in units if areas[area].kind == "port").items():
            if count > rules["port_capacity"]:
                raise t.fail(
                    f"starts {count} ships in {area!r}; a port holds at most {rules['port_capacity']}"
                )
            if all(a != areas[area].land for a, _ in units):
                raise t.fail(f"starts ships in {area!r} without holding its land area {areas[area].land!r}")
        supply = t.number("supply", 0, SUPPLY_LEVELS - 1)
        barrels = sum(areas[a].supply for a in {area for area, _ in units})
        if supply != barrels:
            raise t.fail(f"'supply' is {supply}, but its starting areas show {barrels} supply icons")
        houses[house_id] = House(id=house_id, name=t.text("name"), home=home, color=color)
        power = t.number("power", 0, rules["power_tokens_per_house"])
        starts[house_id] = StartingUnits(house_id, tuple(units), supply, power)

    homes = {area.id: area.home for area in areas.values() if area.home}
    if homes != {house.home: house.id for house in houses.values()}:
        raise DataError("map.toml: the areas marked 'home' must be exactly the six houses' home areas")
    return houses, starts


def _parse_orders(doc: Mapping[str, Any]) -> dict[str, OrderToken]:
    tokens: dict[str, OrderToken] = {}
    for token_id, raw in _entries(doc, "orders", "tokens", others=["types"]).items():
        t = _Table(raw, f'orders.toml [tokens."{token_id}"]', ["type", "bonus", "special", "copies", "name"])
        order_type = t.text("type")
        if order_type not in ORDER_TYPES:
            raise t.fail(f"unknown order type {order_type!r}")
        tokens[token_id] = OrderToken(
            id=token_id,
            type=cast(OrderType, order_type),
            bonus=t.number("bonus"),
            special=t.flag("special"),
            copies=t.number("copies", low=1),
            name=t.text("name"),
        )
    _expect_count(
        sum(t.copies for t in tokens.values()), ORDER_TOKENS_PER_HOUSE, "orders.toml: tokens per house"
    )
    specials = Counter(t.type for t in tokens.values() if t.special for _ in range(t.copies))
    if specials != Counter(ORDER_TYPES):
        raise DataError("orders.toml: each order type must have exactly one special token")
    return tokens


def _parse_order_rules(doc: Mapping[str, Any]) -> dict[str, OrderRule]:
    entries = _entries(doc, "orders", "types", others=["tokens"])
    if set(entries) != set(ORDER_TYPES):
        raise DataError(
            f"orders.toml: [types] must describe exactly {', '.join(ORDER_TYPES)}, found {', '.join(entries)}"
        )
    rules = {}
    for order_type in ORDER_TYPES:
        t = _Table(entries[order_type], f"orders.toml [types.{order_type}]", ["name", "text", "special"])
        rules[order_type] = OrderRule(
            cast(OrderType, order_type), t.text("name"), t.text("text"), t.text("special")
        )
    return rules


def _parse_house_cards(doc: Mapping[str, Any]) -> dict[str, HouseCard]:
    cards: dict[str, HouseCard] = {}
    for card_id, raw in _entries(doc, "house_cards", "cards").items():
        t = _Table(
            raw,
            f"house_cards.toml [cards.{card_id}]",
            ["house", "name", "strength", "swords", "fortifications", "text"],
        )
        house = t.text("house")
        _known([house], dict.fromkeys(HOUSES), "house", t.where)
        cards[card_id] = HouseCard(
            id=card_id,
            house=house,
            name=t.text("name"),
            strength=t.number("strength", low=0),
            swords=t.number("swords", low=0),
            fortifications=t.number("fortifications", low=0),
            text=t.text("text"),
        )
    per_house = Counter(card.house for card in cards.values())
    for house in HOUSES:
        _expect_count(per_house[house], HOUSE_CARDS_PER_HOUSE, f"house_cards.toml: cards of {house}")
    return cards


def _parse_westeros(doc: Mapping[str, Any]) -> tuple[dict[str, WesterosCard], dict[int, tuple[str, ...]]]:
    top = _Table(doc, "westeros_cards.toml", required=[f"deck{n}" for n in WESTEROS_DECKS])
    cards: dict[str, WesterosCard] = {}
    decks: dict[int, tuple[str, ...]] = {}
    for deck in WESTEROS_DECKS:
        expanded: list[str] = []
        for index, raw in enumerate(top.items(f"deck{deck}")):
            t = _Table(
                raw,
                f"westeros_cards.toml [[deck{deck}]] #{index + 1}",
                ["id", "name", "copies", "wildling_icon", "text"],
            )
            card_id = t.text("id")
            if card_id in expanded:
                raise t.fail(f"card {card_id!r} appears twice in deck {deck}; raise its 'copies' instead")
            card = WesterosCard(card_id, t.text("name"), (deck,), t.flag("wildling_icon"), t.text("text"))
            if (earlier := cards.get(card_id)) is not None:
                if replace(card, decks=earlier.decks) != earlier:
                    raise t.fail(f"card {card_id!r} differs from its entry in deck {earlier.decks[0]}")
                card = replace(earlier, decks=(*earlier.decks, deck))
            cards[card_id] = card
            expanded += [card_id] * t.number("copies", low=1)
        _expect_count(len(expanded), WESTEROS_DECK_SIZE, f"westeros_cards.toml: cards in deck {deck}")
        decks[deck] = tuple(expanded)
    return cards, decks


def _parse_wildlings(doc: Mapping[str, Any]) -> dict[str, WildlingCard]:
    cards: dict[str, WildlingCard] = {}
    for card_id, raw in _entries(doc, "wildling_cards", "cards").items():
        t = _Table(
            raw,
            f"wildling_cards.toml [cards.{card_id}]",
            ["name", "watch_wins", "lowest_bidder", "everyone_else"],
        )
        cards[card_id] = WildlingCard(
            card_id, t.text("name"), t.text("watch_wins"), t.text("lowest_bidder"), t.text("everyone_else")
        )
    _expect_count(len(cards), WILDLING_CARD_COUNT, "wildling_cards.toml: number of cards")
    return cards


def _parse_tides(doc: Mapping[str, Any]) -> dict[str, TidesCard]:
    cards: dict[str, TidesCard] = {}
    for card_id, raw in _entries(doc, "tides_of_battle", "cards").items():
        t = _Table(
            raw,
            f"tides_of_battle.toml [cards.{card_id}]",
            ["name", "copies", "strength", "swords", "fortifications", "skulls"],
        )
        cards[card_id] = TidesCard(
            id=card_id,
            name=t.text("name"),
            copies=t.number("copies", low=1),
            strength=t.number("strength", low=0),
            swords=t.number("swords", low=0),
            fortifications=t.number("fortifications", low=0),
            skulls=t.number("skulls", low=0),
        )
    _expect_count(
        sum(c.copies for c in cards.values()), TIDES_CARD_COUNT, "tides_of_battle.toml: number of cards"
    )
    return cards


def _parse_setups(
    doc: Mapping[str, Any], areas: dict[str, Area], houses: dict[str, House], starts: dict[str, StartingUnits]
) -> dict[int, Setup]:
    entries = _entries(doc, "setups", "setups")
    if set(entries) != {str(n) for n in PLAYER_COUNTS}:
        raise DataError(f"setups.toml: expected setups for 3, 4, 5 and 6 players, found {', '.join(entries)}")
    fields = ["houses", *TRACKS, "court_stars", "neutral_forces", "impassable", "removed_units"]
    setups: dict[int, Setup] = {}
    for players in sorted(PLAYER_COUNTS, reverse=True):  # 6 first: the smaller games are checked against it
        t = _Table(entries[str(players)], f"setups.toml [setups.{players}]", fields)
        in_play = t.texts("houses")
        _known(in_play, houses, "house", t.where)
        _expect_count(len(in_play), players, f"{t.where}: houses in play")
        tracks = {name: t.texts(name) for name in TRACKS}
        for name, track in tracks.items():
            if sorted(track) != sorted(in_play):
                raise t.fail(f"{name!r} must order exactly the houses in play, found {list(track)}")
            # Fewer players: the tokens slide left, so the six-player order survives minus absent houses.
            if players != 6 and track != tuple(h for h in getattr(setups[6], name) if h in in_play):
                raise t.fail(f"{name!r} must keep the six-player order with the absent houses removed")
        court_stars = t.numbers("court_stars", low=0)
        _expect_count(len(court_stars), players, f"{t.where}: court_stars entries")
        neutral, impassable = _blocked_areas(t, areas)
        for house in in_play:
            if houses[house].home in impassable:
                raise t.fail(f"the home area of {house}, {houses[house].home!r}, cannot be impassable")
        starting = _starting_units(t, in_play, starts)
        for house, start in starting.items():
            for area, _ in start.units:
                if area in impassable:
                    raise t.fail(f"{house} starts a unit in impassable area {area!r}")
                if area in neutral:
                    raise t.fail(f"{house} starts a unit in {area!r}, which holds a neutral force")
        setups[players] = Setup(
            players=players,
            houses=in_play,
            throne=tracks["throne"],
            fiefdoms=tracks["fiefdoms"],
            court=tracks["court"],
            court_stars=court_stars,
            neutral_forces=neutral,
            impassable=impassable,
            starting=starting,
        )
    return {players: setups[players] for players in PLAYER_COUNTS}


def _blocked_areas(t: _Table, areas: dict[str, Area]) -> tuple[dict[str, int], tuple[str, ...]]:
    """A setup's neutral forces (area -> strength) and impassable areas, checked against the map."""
    forces, forces_where = t.raw["neutral_forces"], f"{t.where} neutral_forces"
    if not isinstance(forces, dict):
        raise t.fail("'neutral_forces' must be a table of area = strength")
    _known(forces, areas, "area", forces_where)
    neutral = {area: _number(value, f"{forces_where}: {area!r}", low=1) for area, value in forces.items()}
    for area in neutral:
        if areas[area].kind != "land":
            raise DataError(
                f"{forces_where}: {area!r} is a {areas[area].kind} area; neutral forces hold land"
            )
    impassable = t.texts("impassable")
    _known(impassable, areas, "area", f"{t.where} impassable")
    for area in impassable:
        if areas[area].kind == "sea":
            raise t.fail(f"impassable area {area!r} is a sea area; only land areas and ports can be")
        if area in neutral:
            raise t.fail(f"area {area!r} is both impassable and holds a neutral force")
        # Nobody can hold the land of a blocked port or use the port of blocked land: block both or neither.
        linked = areas[area].port if areas[area].kind == "land" else areas[area].land
        if linked is not None and linked not in impassable:
            raise t.fail(
                f"impassable area {area!r} needs {linked!r} impassable too (a port goes with its land)"
            )
    return neutral, impassable


def _starting_units(
    t: _Table, in_play: tuple[str, ...], starts: dict[str, StartingUnits]
) -> dict[str, StartingUnits]:
    """The houses' starting units for one player count: houses.toml minus the setup's removed_units."""
    units = {house: list(starts[house].units) for house in in_play}
    for raw in t.items("removed_units"):
        removed = _Table(raw, f"{t.where} removed_units", ["house", "area", "kind"])
        house, unit = removed.text("house"), (removed.text("area"), removed.text("kind"))
        if house not in units:
            raise removed.fail(f"house {house!r} is not in play")
        if unit not in units[house]:
            raise removed.fail(f"{house} has no starting {unit[1]} in {unit[0]!r} to remove")
        units[house].remove(unit)
    return {
        house: StartingUnits(house, tuple(units[house]), starts[house].supply, starts[house].power)
        for house in in_play
    }
