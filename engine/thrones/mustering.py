"""Mustering: castles give 1 point and strongholds 2, spent in their own area.

A footman or a ship costs 1, a knight or a siege engine 2, and upgrading a footman already in the
area to a knight or a siege engine costs 1. Land units appear in the mustering area; ships in its port
or in an adjacent sea holding no enemy ship. A house never musters past its supply limit, past the
units it owns, or past three ships in a port. Points not spent are lost.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from data.thrones_names import Counted, Named
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.thrones.actions import Action, Muster, MusterItem
from engine.thrones.board import BOARD, FACTS
from engine.thrones.control import CASTLE_LANDS, available_units, land_controllers
from engine.thrones.frame import ThronesFrame, expect
from engine.thrones.phrases import and_list, counted, in_order
from engine.thrones.phrases import area as area_name
from engine.thrones.state import State, Unit
from engine.thrones.supply import within_limit
from i18n import nsaid, psaid

if TYPE_CHECKING:
    from engine.thrones.game import ThronesGame

# What the mustering step waits for, said once here rather than at every answer.
_AWAITED_MUSTER = psaid("awaited", "your muster ('muster AREA UNIT, ...' or 'muster none')")


def muster_points(area: str) -> int:
    return BOARD.castle[area]


# The points of every castle area, in the order of control.CASTLE_LANDS.
_CASTLE_POINTS: tuple[tuple[str, int], ...] = tuple((area, muster_points(area)) for area, _ in CASTLE_LANDS)


def muster_areas(state: State, house: str) -> dict[str, int]:
    """Every castle and stronghold area the house controls, with its points (every mustering step asks
    it for each house)."""
    owners = land_controllers(state, CASTLE_LANDS)
    return {
        area: points for (area, points), owner in zip(_CASTLE_POINTS, owners, strict=True) if owner == house
    }


def ship_targets(state: State, house: str, area: str) -> list[str]:
    targets = []
    port = BOARD.port_of.get(area)
    if port is not None:
        targets.append(port)
    for sea in BOARD.adjacent_seas[area]:
        units = state.units.get(sea)
        if not units or units[0].house == house:
            targets.append(sea)
    return targets


def validate_muster(
    state: State,
    house: str,
    items: tuple[MusterItem, ...],
    allowed: dict[str, int],
    reserve: dict[str, int] | None = None,
) -> None:
    """Raise unless the items are a legal muster for the house from the ``allowed`` areas (area -> points).
    ``reserve`` is the house's :func:`available_units` when the caller already has them."""
    spent: dict[str, int] = {}
    needed: dict[str, int] = {}  # unit kind -> units taken from the reserve
    added: dict[str, int] = {}  # area -> units that appear there
    footmen: dict[str, int] = {}  # area -> the house's footmen there, counted when first upgraded
    for item in items:
        area = item.area
        if area not in allowed:
            raise IllegalAction("You cannot muster in {area} now.", area=Named("areas", area))
        spent[area] = spent.get(area, 0) + item.cost
        if spent[area] > allowed[area]:
            raise IllegalAction(
                nsaid(
                    "{area} gives {count} mustering point; that plan spends {spent}.",
                    "{area} gives {count} mustering points; that plan spends {spent}.",
                    allowed[area],
                    area=Named("areas", area),
                    spent=spent[area],
                )
            )
        if item.upgrade:
            if item.unit not in ("knight", "siege"):
                raise IllegalAction("A footman can be upgraded only to a knight or a siege engine.")
            if area not in footmen:
                footmen[area] = _footmen(state, house, area)
            if footmen[area] <= 0:
                raise IllegalAction(
                    "There is no footman of yours in {area} to upgrade.", area=Named("areas", area)
                )
            footmen[area] -= 1
            needed["footman"] = needed.get("footman", 0) - 1
            needed[item.unit] = needed.get(item.unit, 0) + 1
        elif item.unit == "ship":
            if item.to is None:
                raise IllegalAction(
                    "Say where the ship goes: '{area} ship@SEA' or '{area} ship@PORT'.", area=area
                )
            if item.to not in ship_targets(state, house, area):
                raise IllegalAction(
                    "A ship mustered in {area} goes to its port or to an adjacent sea without enemy ships, "
                    "not to {to}.",
                    area=Named("areas", area),
                    to=Named("areas", item.to),
                )
            needed["ship"] = needed.get("ship", 0) + 1
            added[item.to] = added.get(item.to, 0) + 1
        else:
            if item.to is not None:
                raise IllegalAction(
                    "Only ships are mustered elsewhere: {unit} is mustered in {area} itself.",
                    unit=Counted(item.unit, 1),
                    area=Named("areas", area),
                )
            needed[item.unit] = needed.get(item.unit, 0) + 1
            added[area] = added.get(area, 0) + 1
            if item.unit == "footman":
                if area not in footmen:
                    footmen[area] = _footmen(state, house, area)
                footmen[area] += 1
    if reserve is None:
        reserve = available_units(state, house)
    for kind, count in needed.items():
        if count > reserve[kind]:
            raise IllegalAction(
                nsaid(
                    "You have {units} left in reserve, not {wanted}.",
                    "You have {units} left in reserve, not {wanted}.",
                    reserve[kind],
                    units=Counted(kind, reserve[kind]),
                    wanted=count,
                )
            )
    for area, count in added.items():
        if area in BOARD.port and len(state.units.get(area, [])) + count > FACTS.port_capacity:
            raise IllegalAction(
                nsaid(
                    "A port holds at most {count} ship.",
                    "A port holds at most {count} ships.",
                    FACTS.port_capacity,
                )
            )
    if not within_limit(state, house, added):
        raise IllegalAction("That muster would put you over your supply limit.")


def _footmen(state: State, house: str, area: str) -> int:
    return sum(1 for u in state.units.get(area, []) if u.house == house and u.kind == "footman")


def apply_muster(state: State, house: str, items: tuple[MusterItem, ...]) -> None:
    for item in items:
        if item.upgrade:
            unit = next(u for u in state.units[item.area] if u.house == house and u.kind == "footman")
            unit.kind = item.unit
        else:
            state.units.setdefault(item.to or item.area, []).append(Unit(house, item.unit))


class MusterDraft:
    """A muster built one unit at a time and kept legal, for those who try candidate units one by one.

    :meth:`admits` says what :func:`validate_muster` would say of the items so far followed by one
    more, but checks only what that item changes: the items so far are legal (each was admitted), so
    only its own points, footman, place, reserve count, port and the new supply can fail. The board
    must not change while a draft is in use.
    """

    def __init__(
        self, state: State, house: str, allowed: dict[str, int], reserve: dict[str, int] | None = None
    ) -> None:
        """``reserve`` is the house's :func:`available_units` when the caller already has them (read
        only)."""
        self.state = state
        self.house = house
        self.allowed = allowed
        self.items: list[MusterItem] = []
        self._reserve = available_units(state, house) if reserve is None else reserve
        self._targets: dict[str, list[str]] = {}  # area -> ship_targets (the board does not change)
        # The running totals, as validate_muster keeps them.
        self._spent: dict[str, int] = {}
        self._needed: dict[str, int] = {}
        self._added: dict[str, int] = {}
        self._footmen: dict[str, int] = {}
        # Whether the house fits its supply with one more unit in an area (None: with none more), for
        # the units added so far: emptied when a unit is added.
        self._fits: dict[str | None, bool] = {}

    def admits(self, item: MusterItem) -> bool:
        area = item.area
        if area not in self.allowed or self._spent.get(area, 0) + item.cost > self.allowed[area]:
            return False
        if item.upgrade:
            if item.unit not in ("knight", "siege") or self._footmen_in(area) <= 0:
                return False
            place = None
        elif item.unit == "ship":
            if item.to is None or item.to not in self._ship_targets(area):
                return False
            place = item.to
        else:
            if item.to is not None:
                return False
            place = area
        if self._needed.get(item.unit, 0) + 1 > self._reserve[item.unit]:
            return False
        if place in BOARD.port and self._ships_in(place) + 1 > FACTS.port_capacity:
            return False
        return self._fits_supply(place)

    def add(self, item: MusterItem) -> None:
        """Take an admitted item into the muster."""
        area = item.area
        self.items.append(item)
        self._spent[area] = self._spent.get(area, 0) + item.cost
        self._needed[item.unit] = self._needed.get(item.unit, 0) + 1
        if item.upgrade:
            self._footmen[area] = self._footmen_in(area) - 1
            self._needed["footman"] = self._needed.get("footman", 0) - 1
            return
        place = item.to or area
        self._added[place] = self._added.get(place, 0) + 1
        self._fits = {}
        if item.unit == "footman":
            self._footmen[area] = self._footmen_in(area) + 1

    def _ships_in(self, port: str) -> int:
        return len(self.state.units.get(port, [])) + self._added.get(port, 0)

    def _footmen_in(self, area: str) -> int:
        count = self._footmen.get(area)
        return _footmen(self.state, self.house, area) if count is None else count

    def _ship_targets(self, area: str) -> list[str]:
        targets = self._targets.get(area)
        if targets is None:
            targets = self._targets[area] = ship_targets(self.state, self.house, area)
        return targets

    def _fits_supply(self, place: str | None) -> bool:
        fits = self._fits.get(place)
        if fits is None:
            added = self._added
            if place is not None:
                added = {**added, place: added.get(place, 0) + 1}
            fits = self._fits[place] = within_limit(self.state, self.house, added)
        return fits


def single_items(state: State, house: str, area: str) -> list[MusterItem]:
    """Every one-unit muster the area could pay for, legal or not; candidates to test."""
    targets = ship_targets(state, house, area)
    return [item for item in _every_single_item(area) if item.to is None or item.to in targets]


@functools.cache
def _every_single_item(area: str) -> tuple[MusterItem, ...]:
    """The area's one-unit musters, with a ship for its port and for every adjacent sea, in the order
    of :func:`single_items` (whose ship targets are some of these, in this order). Made once per area:
    the items are frozen values, and the random player and :func:`can_muster` ask for them often."""
    port = BOARD.port_of.get(area)
    seas = [port] if port is not None else []
    items = [
        MusterItem(area, "footman"),
        MusterItem(area, "knight", upgrade=True),
        MusterItem(area, "siege", upgrade=True),
        *(MusterItem(area, "ship", to=sea) for sea in [*seas, *BOARD.adjacent_seas[area]]),
    ]
    if muster_points(area) >= 2:
        items += [MusterItem(area, "knight"), MusterItem(area, "siege")]
    return tuple(items)


def can_muster(
    state: State, house: str, allowed: dict[str, int], reserve: dict[str, int] | None = None
) -> bool:
    draft = MusterDraft(state, house, allowed, reserve)
    return any(draft.admits(item) for area in allowed for item in single_items(state, house, area))


def describe_items(items: tuple[MusterItem, ...]) -> str:
    """ "a knight in Winterfell, 2 footmen in White Harbor, and a knight in Winterfell in place of a footman":
    what a muster adds, alike items counted together (a ship by the sea or port it is placed in); "nothing"
    for none."""
    if not items:
        return "nothing"
    parts = []
    for (area, unit, upgrade), count in in_order(_key(item) for item in items):
        placed = f"{counted(unit, count)} in {area_name(area)}"
        parts.append(f"{placed} in place of {counted('footman', count)}" if upgrade else placed)
    return and_list(parts)


def _key(item: MusterItem) -> tuple[str, str, bool]:
    """Where the new unit stands, its kind, and whether it replaces a footman."""
    return (item.to or item.area, item.unit, item.upgrade)


def muster_decision(
    state: State,
    house: str,
    allowed: dict[str, int],
    prompt: str,
    data: dict[str, Any] | None = None,
    reserve: dict[str, int] | None = None,
) -> Decision:
    """The decision to muster in the ``allowed`` areas; ``reserve`` is the house's
    :func:`available_units` when the caller already has them."""
    return Decision(
        house=house,
        kind="muster",
        prompt=prompt,
        secret=False,
        default=Muster(()),
        schema={
            "areas": {
                area: {"points": points, "ship_targets": ship_targets(state, house, area)}
                for area, points in sorted(allowed.items())
            },
            "reserve": available_units(state, house) if reserve is None else dict(reserve),
        },
        data=data or {},
    )


@dataclass
class MusteringFrame(ThronesFrame):
    """The Mustering Westeros card: each house in turn order musters in all its castle areas.

    ``areas`` narrows the areas a house may use (The Horde Descends allows one); empty means all.
    """

    kind = "mustering"
    houses: list[str] | None = None
    turn: int = 0

    def _queue(self, state: State) -> list[str]:
        return self.houses if self.houses is not None else list(state.throne)

    def run(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        queue = self._queue(state)
        while self.turn < len(queue):
            house = queue[self.turn]
            allowed = muster_areas(state, house)
            if allowed:
                reserve = available_units(state, house)
                if can_muster(state, house, allowed, reserve):
                    self.offer(house, (allowed, reserve))
                    prompt = "Muster in your castles and strongholds."
                    return [muster_decision(state, house, allowed, prompt, reserve=reserve)]
            self.turn += 1
        game.pop(self)
        return None

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(action, Muster, what=_AWAITED_MUSTER)
        assert isinstance(action, Muster)
        state = game.state
        asked = self.take_offer(house)  # the areas it was asked to muster in, and its reserve
        if asked is None:
            asked = muster_areas(state, house), available_units(state, house)
        validate_muster(state, house, action.items, *asked)
        apply_muster(state, house, action.items)
        self.turn += 1
        game.emit(
            "muster",
            f"House {house.title()} musters {describe_items(action.items)}.",
            house=house,
            items=[item.format() for item in action.items],
        )

    def describe(self, game: ThronesGame, viewer: str | None) -> dict[str, Any]:
        return {"step": "mustering"}
