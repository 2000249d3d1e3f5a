"""Supply: how many armies a house may field, and how large.

An army is two or more units of one house in one area (land, sea or port). Each supply level allows
a list of army sizes; a house is within its limit when its armies, largest first, fit that list
position by position.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from operator import gt

from engine.thrones.board import FACTS
from engine.thrones.state import State, remembered


def fits(sizes: Iterable[int], level: int) -> bool:
    """Whether areas holding ``sizes`` units of one house fit the supply level (single units are free)."""
    return _armies_fit(_sorted_armies(sizes), level)


def _sorted_armies(sizes: Iterable[int]) -> list[int]:
    """The sizes that make armies (two units or more), largest first."""
    return sorted([s for s in sizes if s >= 2], reverse=True)


def _armies_fit(armies: list[int], level: int) -> bool:
    """Whether army sizes, largest first, fit the supply level."""
    allowed = FACTS.supply_limits[level]
    if len(armies) > len(allowed):
        return False
    return not any(map(gt, armies, allowed))  # some army larger than its limit; map: no generator to run


def area_sizes(state: State, house: str) -> dict[str, int]:
    """Units of the house per area (a new dict, the caller's to change)."""
    return {area: len(units) for area, units in state.units.items() if units and units[0].house == house}


def _armies(state: State, house: str) -> list[int]:
    """The sizes of the house's armies, largest first, kept in the units' memo until the house's units
    change: read it, never change it. Every check of a march, a muster or a retreat starts from it."""
    return remembered(state, house, ("armies",), _sorted_armies_of, state, house)


def _sorted_armies_of(state: State, house: str) -> list[int]:
    # One pass over the board rather than through the house's index (control.house_units): after a march
    # both are worked out again, and the supply check is often the only one to need either.
    return sorted(
        [size for units in state.units.values() if (size := len(units)) >= 2 and units[0].house == house],
        reverse=True,
    )


def within_limit(state: State, house: str, changes: Mapping[str, int] | None = None) -> bool:
    """Whether the house fits its supply limit, after adding ``changes`` (area -> unit delta) if given:
    the armies of the changed areas are taken out of the house's armies and their new sizes put in. An
    area with fewer than two units before and after changes no army (a third of the checks change none)."""
    armies = _armies(state, house)
    if changes:
        board = state.units
        changed: list[int] | None = None
        for area, delta in changes.items():
            units = board.get(area)
            before = len(units) if units and units[0].house == house else 0
            after = before + delta
            if before < 2 and after < 2:
                continue
            if changed is None:
                changed = list(armies)
            if before >= 2:
                changed.remove(before)
            if after >= 2:
                changed.append(after)
        if changed is not None:
            changed.sort(reverse=True)
            armies = changed
    return _armies_fit(armies, state.supply[house])


def largest_army_allowed(level: int) -> int:
    return FACTS.supply_limits[level][0]
