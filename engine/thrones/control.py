"""Who controls what: areas, ports, castles, supply icons, and the power a house may still gain."""

from __future__ import annotations

from collections.abc import Iterable

from engine.thrones.board import BOARD, FACTS
from engine.thrones.state import State, Unit, Units


def house_units(state: State, house: str) -> dict[str, list[Unit]]:
    """area -> units for every area holding a unit of the house, in the order of ``state.units``. Read
    it, never change it: it is the board's index (:meth:`Units.areas_of`), kept until the house's units
    change."""
    units = state.units
    if type(units) is Units:
        return units.areas_of(house)
    return {area: present for area, present in units.items() if any(u.house == house for u in present)}


def units_house(state: State, area: str) -> str | None:
    """The house whose units stand in ``area``, if any."""
    units = state.units.get(area)
    return units[0].house if units else None


# The board's maps that :func:`controller` reads, bound once: it is asked tens of thousands of times a game.
_PORT_LAND, _SEA, _HOME_OF = BOARD.port_land, BOARD.sea, BOARD.home_of


def controller(state: State, area: str) -> str | None:
    """The house that controls ``area``.

    A land area belongs to the house with units there, else to the house whose power token lies there,
    else, for a home area, to its house while that house is in play (the printed crest acts as a power
    token that cannot be removed). A sea belongs to the house with ships in it; a port to whoever
    controls its land area.
    """
    land = _PORT_LAND.get(area)
    if land is not None:
        area = land
    units = state.units.get(area)
    if units:
        return units[0].house
    if area in _SEA:
        return None
    token = state.power_tokens.get(area)
    if token is not None:
        return token
    home = _HOME_OF.get(area)
    if home is not None and home in state.houses:
        return home
    return None


def controlled_land(state: State, house: str) -> list[str]:
    return [area for area in BOARD.land if controller(state, area) == house]


def castle_count(state: State, house: str) -> int:
    return sum(1 for area in BOARD.castle_areas if controller(state, area) == house)


def stronghold_count(state: State, house: str) -> int:
    return sum(
        1 for area in BOARD.castle_areas if BOARD.castle[area] == 2 and controller(state, area) == house
    )


# Land areas, each with the house whose home it is (for the printed crest), as land_controllers takes them.
LandAreas = tuple[tuple[str, str | None], ...]


def land_areas(areas: Iterable[str]) -> LandAreas:
    """``areas``, all of them land, paired with the house whose home each is, for :func:`land_controllers`."""
    paired = tuple((area, BOARD.home_of.get(area)) for area in areas)
    assert all(area in BOARD.land for area, _ in paired)
    return paired


def land_controllers(state: State, areas: LandAreas) -> list[str | None]:
    """The house controlling each of the land areas, in order: :func:`controller` without its port and sea
    cases, with the boards' ``get`` looked up once. The victory check, the supply count and mustering ask
    it over many areas at every step: the house of the units there, else of the power token there, else
    that of the home area (while in play)."""
    units_in, token_in, houses = state.units.get, state.power_tokens.get, state.houses
    owners: list[str | None] = []
    for area, home in areas:
        present = units_in(area)
        if present:
            owners.append(present[0].house)
            continue
        owner = token_in(area)
        owners.append(owner if owner is not None or home not in houses else home)
    return owners


CASTLE_LANDS: LandAreas = land_areas(BOARD.castle_areas)


def castle_counts(state: State) -> dict[str, int]:
    """Castle and stronghold areas each house controls (the victory check counts them before every step)."""
    counts = dict.fromkeys(state.houses, 0)
    # land_controllers, inlined and counted as it goes: the victory check asks it at most steps of a game.
    units_in, token_in = state.units.get, state.power_tokens.get
    for area, home in CASTLE_LANDS:
        present = units_in(area)
        if present:
            counts[present[0].house] += 1
            continue
        owner = token_in(area, home)
        if owner in counts:
            counts[owner] += 1
    return counts


_STRONGHOLD_AREAS: tuple[str, ...] = tuple(area for area in BOARD.castle_areas if BOARD.castle[area] == 2)


def stronghold_counts(state: State) -> dict[str, int]:
    """Stronghold areas each house controls: :func:`stronghold_count` for every house in one pass."""
    counts = dict.fromkeys(state.houses, 0)
    for area in _STRONGHOLD_AREAS:
        owner = controller(state, area)
        if owner is not None:
            counts[owner] += 1
    return counts


# The land areas with supply icons, and their icons.
_SUPPLY_AREAS: LandAreas = land_areas(area for area, icons in BOARD.supply_icons.items() if icons)
_SUPPLY_ICONS: tuple[int, ...] = tuple(BOARD.supply_icons[area] for area, _ in _SUPPLY_AREAS)


def supply_levels(state: State) -> dict[str, int]:
    """The supply level each house's areas entitle it to (the track tops out at 6), for every house in one
    pass: the Supply card counts it for all of them."""
    totals = dict.fromkeys(state.houses, 0)
    for owner, icons in zip(land_controllers(state, _SUPPLY_AREAS), _SUPPLY_ICONS, strict=True):
        if owner is not None:
            totals[owner] += icons
    top = len(FACTS.supply_limits) - 1
    return {house: min(total, top) for house, total in totals.items()}


def supply_icons(state: State, house: str) -> int:
    """The supply level the house's areas entitle it to: :func:`supply_levels` for one house."""
    return supply_levels(state).get(house, 0)


def power_on_board(state: State, house: str) -> int:
    return sum(1 for owner in state.power_tokens.values() if owner == house)


def power_room(state: State, house: str) -> int:
    """How many more power tokens the house may take from the pool (20 per house, on board or available)."""
    return FACTS.power_tokens_per_house - state.power[house] - power_on_board(state, house)


def gain_power(state: State, house: str, amount: int) -> int:
    """Give the house up to ``amount`` power from the pool; returns what it actually received."""
    gained = max(0, min(amount, power_room(state, house)))
    state.power[house] += gained
    return gained


def lose_power(state: State, house: str, amount: int) -> int:
    """Return up to ``amount`` of the house's available power to the pool; returns what it lost."""
    lost = max(0, min(amount, state.power[house]))
    state.power[house] -= lost
    return lost


def units_of(state: State, house: str) -> list[tuple[str, Unit]]:
    return [
        (area, unit)
        for area, units in house_units(state, house).items()
        for unit in units
        if unit.house == house
    ]


def unit_counts(state: State, house: str) -> dict[str, int]:
    """Units of each kind the house has on the board."""
    counts = dict.fromkeys(FACTS.unit_limits, 0)
    for units in house_units(state, house).values():
        for unit in units:
            if unit.house == house:
                counts[unit.kind] += 1
    for frame in state.stack:
        for owner, kind in frame.held_units():  # type: ignore[attr-defined]
            if owner == house:
                counts[kind] += 1
    return counts


def available_units(state: State, house: str) -> dict[str, int]:
    """Units of each kind still in the house's reserve."""
    on_board = unit_counts(state, house)
    return {kind: FACTS.unit_limits[kind] - on_board[kind] for kind in FACTS.unit_limits}


def ships_of_other_houses(state: State, sea: str, house: str) -> bool:
    units = state.units.get(sea)
    return bool(units) and units[0].house != house


def port_pays(state: State, port: str, house: str) -> bool:
    """A port earns its owner power only if it holds the owner's ship and its sea has no enemy ship."""
    units = state.units.get(port)
    if not units or units[0].house != house:
        return False
    return not ships_of_other_houses(state, BOARD.port_sea[port], house)
