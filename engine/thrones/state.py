"""The mutable state of one game, and its exact JSON form (the position format).

Everything a game is lives here, including the procedure stack and the random generator's state,
so that a saved position loads back into the very same game.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Self, SupportsIndex, TypeVar

from engine.core.errors import PositionError, describe
from engine.core.frames import Frame
from engine.thrones.board import BOARD
from engine.thrones.position_check import check_position

T = TypeVar("T")

POSITION_FORMAT = "maester-thrones-position"
POSITION_VERSION = 1

# The areas whose control the victory check counts: a change elsewhere on the board cannot win the game.
CASTLE_AREAS: frozenset[str] = frozenset(BOARD.castle_areas)


@dataclass(slots=True)
class Unit:
    house: str
    kind: str  # footman | knight | ship | siege
    routed: bool = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"house": self.house, "kind": self.kind}
        if self.routed:
            data["routed"] = True
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Unit:
        return cls(data["house"], data["kind"], bool(data.get("routed", False)))


class UnitList(list[Unit]):
    """The units in one area of the board: a list that tells its :class:`Units` when it changes (and which
    houses' units it held or is given), and whether it has ever been stored under a castle area (see
    :data:`CASTLE_AREAS`). Of the changes to a castle area's list, only those that may change who
    controls the area are noted as such: the control of an area with units is the house of its first unit
    (:func:`~engine.thrones.control.controller`), so adding units behind others, or taking away any
    but the first while others stay, leaves it as it was. Mustering into one's own castle, or an
    army leaving part of itself behind, then costs the victory check no recount."""

    __slots__ = ("castle", "owner")

    def __init__(self, units: Iterable[Unit], owner: Units, castle: bool) -> None:
        super().__init__(units)
        self.owner = owner
        self.castle = castle

    def append(self, unit: Unit) -> None:
        self.owner.note(self.castle and not self, self, (unit,))
        super().append(unit)

    def extend(self, units: Iterable[Unit]) -> None:
        units = list(units)
        self.owner.note(self.castle and not self, self, units)
        super().extend(units)

    def insert(self, index: SupportsIndex, unit: Unit) -> None:
        self.owner.note(self.castle, self, (unit,))
        super().insert(index, unit)

    def pop(self, index: SupportsIndex = -1) -> Unit:
        self.owner.note(self.castle and (len(self) < 2 or operator.index(index) in (0, -len(self))), self)
        return super().pop(index)

    def remove(self, unit: Unit) -> None:  # the first unit equal to ``unit`` goes
        self.owner.note(self.castle and (len(self) < 2 or self[0] == unit), self)
        super().remove(unit)

    def clear(self) -> None:
        self.owner.note(self.castle, self)
        super().clear()

    def sort(self, *args: Any, **kwargs: Any) -> None:
        self.owner.note(self.castle, self)
        super().sort(*args, **kwargs)

    def reverse(self) -> None:
        self.owner.note(self.castle, self)
        super().reverse()

    def __setitem__(self, index: Any, value: Any) -> None:
        if isinstance(index, slice):
            value = list(value)
            self.owner.note(self.castle, self, value)
        else:
            self.owner.note(self.castle, self, (value,))
        super().__setitem__(index, value)

    def __delitem__(self, index: Any) -> None:
        self.owner.note(self.castle, self)
        super().__delitem__(index)

    def __iadd__(self, units: Iterable[Unit]) -> Self:  # type: ignore[override,misc]
        units = list(units)
        self.owner.note(self.castle and not self, self, units)
        return super().__iadd__(units)

    def __imul__(self, times: SupportsIndex) -> Self:
        self.owner.note(self.castle, self)
        return super().__imul__(times)


class Units(dict[str, list[Unit]]):
    """``State.units``: area -> units, keeping note (``changed``) of whether the units in a castle area
    may have changed since :meth:`State.control_may_have_changed` last looked (the victory check counts
    castles only then). Every list stored in it becomes a :class:`UnitList` of its own, so that changes
    to a list are noted too; a list once stored under a castle area counts as a castle area's for good,
    wherever it goes. Reading it is reading a dict.

    ``memo`` keeps, per house, values worked out from where that house's units stand (see
    :func:`remembered`), and :meth:`areas_of` indexes the areas holding them. A change to a list, or a
    list stored or taken away, forgets what is kept for every house with a unit in the list before or
    after the change, and nothing else. So a value kept for a house may depend only on the lists holding
    one of its units (their length, their units' houses and order), and on no other list beyond its
    holding none of them. A unit never changes house in place. Land units change kind in place, unnoted,
    and routed units rally in place: nothing kept may depend on a unit's kind beyond its being a ship (a
    ship never changes kind), nor on its being routed."""

    __slots__ = ("changed", "memo")

    def __init__(self, units: Mapping[str, Iterable[Unit]]) -> None:
        super().__init__()
        self.changed = True
        self.memo: dict[str, dict[Any, Any]] = {}
        for area, present in units.items():
            self[area] = present  # type: ignore[assignment]

    def note(self, castle: bool, *groups: Iterable[Unit]) -> None:
        """A list is changing: what is kept for the houses of the units in ``groups`` (the list's units and
        those it is given) is forgotten; ``castle`` says whether the change may be in a castle area."""
        if castle:
            self.changed = True
        memo = self.memo
        if memo:
            for group in groups:
                for unit in group:
                    memo.pop(unit.house, None)

    def _note_all(self) -> None:
        self.changed = True
        self.memo.clear()

    def kept_for(self, house: str) -> dict[Any, Any]:
        """What is kept for the house (see ``memo``): the caller adds to it what it works out."""
        kept = self.memo.get(house)
        if kept is None:
            kept = self.memo[house] = {}
        return kept

    def areas_of(self, house: str) -> dict[str, list[Unit]]:
        """area -> units, for every area holding a unit of the house, in this dict's order. Kept until a
        list holding one of its units changes: read it, never change it."""
        kept = self.kept_for(house)
        areas = kept.get(_AREAS)
        if areas is None:
            areas = kept[_AREAS] = {}
            for area, units in self.items():
                for unit in units:  # a list holds one house's units, except in the middle of a step
                    if unit.house == house:
                        areas[area] = units
                        break
        return areas

    def _adopt(self, units: Iterable[Unit], castle: bool) -> UnitList:
        if type(units) is UnitList and units.owner is self:
            units.castle = units.castle or castle
            return units
        return UnitList(units, self, castle)

    def __setitem__(self, area: str, units: Iterable[Unit]) -> None:  # type: ignore[override]
        castle = area in CASTLE_AREAS
        adopted = self._adopt(units, castle)
        self.note(castle, self.get(area, ()), adopted)
        super().__setitem__(area, adopted)

    def setdefault(self, area: str, units: Iterable[Unit] = ()) -> list[Unit]:  # type: ignore[override]
        if area not in self:
            self[area] = units  # type: ignore[assignment]
        return self[area]

    def update(self, *args: Any, **kwargs: Any) -> None:
        for area, units in dict(*args, **kwargs).items():
            self[area] = units

    def __ior__(self, other: Any) -> Self:  # type: ignore[override,misc]
        self.update(other)
        return self

    def __delitem__(self, area: str) -> None:
        self.note(area in CASTLE_AREAS, self[area])
        super().__delitem__(area)

    def pop(self, area: str, *default: Any) -> Any:
        self.note(area in CASTLE_AREAS, self.get(area, ()))
        return super().pop(area, *default)

    def popitem(self) -> tuple[str, list[Unit]]:
        self._note_all()
        return super().popitem()

    def clear(self) -> None:
        self._note_all()
        super().clear()


# The key of :meth:`Units.areas_of` in what is kept for a house.
_AREAS = ("areas",)


def remembered(state: State, house: str, key: tuple[Any, ...], work: Callable[..., T], *args: Any) -> T:
    """``work(*args)``, a value worked out from where the house's units stand, kept for the house under
    ``key`` until a list holding one of its units changes (see :class:`Units`); worked out at every call
    on a board that keeps no memo (a plain dict, as some tests build). ``work`` never gives None. Read
    the value, never change it."""
    units = state.units
    if type(units) is not Units:
        return work(*args)
    memo = units.memo  # Units.kept_for, inlined: this is asked at every check of a march
    kept = memo.get(house)
    if kept is None:
        kept = memo[house] = {}
    value = kept.get(key)
    if value is None:
        value = kept[key] = work(*args)
    return value


class PowerTokens(dict[str, str]):
    """``State.power_tokens``: area -> house, keeping note of changes in castle areas as :class:`Units`
    does."""

    __slots__ = ("changed",)

    def __init__(self, tokens: Mapping[str, str]) -> None:
        super().__init__(tokens)
        self.changed = True

    def __setitem__(self, area: str, house: str) -> None:
        if area in CASTLE_AREAS:
            self.changed = True
        super().__setitem__(area, house)

    def setdefault(self, area: str, house: str) -> str:  # type: ignore[override]
        if area not in self:
            self[area] = house
        return self[area]

    def update(self, *args: Any, **kwargs: Any) -> None:
        self.changed = True
        super().update(*args, **kwargs)

    def __ior__(self, other: Any) -> Self:  # type: ignore[override,misc]
        self.update(other)
        return self

    def __delitem__(self, area: str) -> None:
        if area in CASTLE_AREAS:
            self.changed = True
        super().__delitem__(area)

    def pop(self, area: str, *default: Any) -> Any:
        if area in CASTLE_AREAS:
            self.changed = True
        return super().pop(area, *default)

    def popitem(self) -> tuple[str, str]:
        self.changed = True
        return super().popitem()

    def clear(self) -> None:
        self.changed = True
        super().clear()


@dataclass(slots=True)
class Order:
    house: str
    token: str  # an order token id, e.g. "march+1*"


@dataclass
class State:
    players: int
    houses: list[str]  # houses in play
    tides_of_battle: bool
    rng: int
    round: int
    units: dict[str, list[Unit]]  # area -> units (of one house, outside a combat)
    orders: dict[str, Order]  # area -> order on the board (face down until ``orders_revealed``)
    orders_revealed: bool
    power_tokens: dict[str, str]  # area -> house that established control there
    garrisons: dict[str, int]  # home area -> garrison strength
    neutral_forces: dict[str, int]  # area -> neutral force strength
    impassable: list[str]
    power: dict[str, int]  # available power per house
    supply: dict[str, int]  # position on the supply track per house
    throne: list[str]  # Iron Throne track, position 1 first (the turn order)
    fiefdoms: list[str]
    court: list[str]
    blade_used: bool
    raven_used: bool
    hands: dict[str, list[str]]  # house cards in hand
    discards: dict[str, list[str]]  # house cards in the discard pile
    westeros_decks: list[list[str]]  # decks I, II, III; the top card first
    westeros_discards: list[list[str]]
    westeros_revealed: list[str]  # the cards of this round's Westeros phase, deck order
    wildling_deck: list[str]  # the top card first
    wildling_threat: int
    wildling_known_to: list[str]  # houses that have seen the top wildling card (Messenger Raven)
    last_wildling_card: str | None
    restrictions: list[str]  # order restrictions for the coming Planning phase
    stack: list[Frame]
    tides_deck: list[str] = field(default_factory=list)  # Tides of Battle cards, the top first
    tides_discards: list[str] = field(default_factory=list)
    winner: str | None = None
    ranking: list[str] = field(default_factory=list)  # final standings, winner first
    stats: dict[str, int] = field(default_factory=dict)
    # What the current (or last) Action phase did, for the board image: marches [from, to, house] and
    # battles [area, attacker, defender, winner]. Public; cleared when the next Action phase begins.
    marks: dict[str, list[list[str]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.units = Units(self.units)
        self.power_tokens = PowerTokens(self.power_tokens)

    def control_may_have_changed(self) -> bool:
        """Whether the control of some castle area may have changed since the last call: the units or the
        power tokens in one have (or were replaced by containers that do not keep note). Houses in play
        never change. For the victory check, which runs before every step of the game."""
        units, tokens = self.units, self.power_tokens
        if type(units) is not Units or type(tokens) is not PowerTokens:
            return True
        changed = units.changed or tokens.changed
        units.changed = tokens.changed = False
        return changed

    # --- JSON -------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": POSITION_FORMAT,
            "version": POSITION_VERSION,
            "players": self.players,
            "houses": list(self.houses),
            "tides_of_battle": self.tides_of_battle,
            "rng": self.rng,
            "round": self.round,
            "units": {
                area: [u.to_json() for u in units] for area, units in sorted(self.units.items()) if units
            },
            "orders": {area: {"house": o.house, "token": o.token} for area, o in sorted(self.orders.items())},
            "orders_revealed": self.orders_revealed,
            "power_tokens": dict(sorted(self.power_tokens.items())),
            "garrisons": dict(sorted(self.garrisons.items())),
            "neutral_forces": dict(sorted(self.neutral_forces.items())),
            "impassable": sorted(self.impassable),
            "power": dict(self.power),
            "supply": dict(self.supply),
            "throne": list(self.throne),
            "fiefdoms": list(self.fiefdoms),
            "court": list(self.court),
            "blade_used": self.blade_used,
            "raven_used": self.raven_used,
            "hands": {h: list(cards) for h, cards in self.hands.items()},
            "discards": {h: list(cards) for h, cards in self.discards.items()},
            "westeros_decks": [list(d) for d in self.westeros_decks],
            "westeros_discards": [list(d) for d in self.westeros_discards],
            "westeros_revealed": list(self.westeros_revealed),
            "wildling_deck": list(self.wildling_deck),
            "wildling_threat": self.wildling_threat,
            "wildling_known_to": list(self.wildling_known_to),
            "last_wildling_card": self.last_wildling_card,
            "restrictions": list(self.restrictions),
            "stack": [frame.to_json() for frame in self.stack],
            "tides_deck": list(self.tides_deck),
            "tides_discards": list(self.tides_discards),
            "winner": self.winner,
            "ranking": list(self.ranking),
            "stats": dict(self.stats),
            "marks": {key: [list(item) for item in items] for key, items in self.marks.items()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], frame_base: type[Frame]) -> State:
        """The state a position describes. Raises :class:`PositionError`, saying what is wrong and where,
        for anything malformed (see :mod:`engine.thrones.position_check`)."""
        if not isinstance(data, dict):
            raise PositionError(f"a position is a JSON object, not {describe(data)}")
        if data.get("format") != POSITION_FORMAT:
            raise PositionError(f"it is not a Maester position (expected format {POSITION_FORMAT!r})")
        version = data.get("version")
        if version != POSITION_VERSION:
            shown = repr(version) if version is None or type(version) is int else describe(version)
            raise PositionError(
                f"unsupported position version {shown} (this engine reads {POSITION_VERSION})"
            )
        check_position(data)  # from here on every field is there with its type: no conversions needed
        stack = []
        for index, frame in enumerate(data["stack"]):
            try:
                stack.append(frame_base.from_json(frame))
            except PositionError as error:
                raise PositionError(f"stack[{index}]: {error.reason}") from None
        return cls(
            players=data["players"],
            houses=list(data["houses"]),
            tides_of_battle=data["tides_of_battle"],
            rng=data["rng"],
            round=data["round"],
            units={
                area: [Unit(u["house"], u["kind"], u.get("routed", False)) for u in units]
                for area, units in data["units"].items()
            },
            orders={area: Order(o["house"], o["token"]) for area, o in data["orders"].items()},
            orders_revealed=data["orders_revealed"],
            power_tokens=dict(data["power_tokens"]),
            garrisons=dict(data["garrisons"]),
            neutral_forces=dict(data["neutral_forces"]),
            impassable=list(data["impassable"]),
            power=dict(data["power"]),
            supply=dict(data["supply"]),
            throne=list(data["throne"]),
            fiefdoms=list(data["fiefdoms"]),
            court=list(data["court"]),
            blade_used=data["blade_used"],
            raven_used=data["raven_used"],
            hands={h: list(c) for h, c in data["hands"].items()},
            discards={h: list(c) for h, c in data["discards"].items()},
            westeros_decks=[list(d) for d in data["westeros_decks"]],
            westeros_discards=[list(d) for d in data["westeros_discards"]],
            westeros_revealed=list(data["westeros_revealed"]),
            wildling_deck=list(data["wildling_deck"]),
            wildling_threat=data["wildling_threat"],
            wildling_known_to=list(data["wildling_known_to"]),
            last_wildling_card=data.get("last_wildling_card"),
            restrictions=list(data["restrictions"]),
            stack=stack,
            tides_deck=list(data.get("tides_deck", [])),
            tides_discards=list(data.get("tides_discards", [])),
            winner=data.get("winner"),
            ranking=list(data.get("ranking", [])),
            stats=dict(data.get("stats", {})),
            marks={k: [list(i) for i in v] for k, v in data.get("marks", {}).items()},
        )
