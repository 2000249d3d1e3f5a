"""Supply: how many armies a house may field, and how large.

An army is two or more units of one house in one area (land, sea or port). Each supply level allows
a list of army sizes; a house is within its limit when its armies, largest first, fit that list
position by position.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.thrones.board import FACTS
from engine.thrones.control import house_units
from engine.thrones.state import State, Units


def fits(sizes: Iterable[int], level: int) -> bool:
    """Whether areas holding ``sizes`` units of one house fit the supply level (single units are free)."""
    armies = sorted([s for s in sizes if s >= 2], reverse=True)
    allowed = FACTS.supply_limits[level]
    if len(armies) > len(allowed):
        return False
    return all(size <= limit for size, limit in zip(armies, allowed, strict=False))


def area_sizes(state: State, house: str) -> dict[str, int]:
    """Units of the house per area (a new dict, the caller's to change)."""
    units = state.units
    if type(units) is not Units:
        return _area_sizes(state, house)
    key = ("sizes", house)
    sizes = units.memo.get(key)
    if sizes is None:
        sizes = units.memo[key] = _area_sizes(state, house)
    return dict(sizes)


def _area_sizes(state: State, house: str) -> dict[str, int]:
    return {area: len(units) for area, units in house_units(state, house).items() if units[0].house == house}


def within_limit(state: State, house: str, changes: Mapping[str, int] | None = None) -> bool:
    """Whether the house fits its supply limit, after adding ``changes`` (area -> unit delta) if given."""
    sizes = area_sizes(state, house)
    if changes:
        for area, delta in changes.items():
            sizes[area] = sizes.get(area, 0) + delta
    return fits(sizes.values(), state.supply[house])


def largest_army_allowed(level: int) -> int:
    return FACTS.supply_limits[level][0]
