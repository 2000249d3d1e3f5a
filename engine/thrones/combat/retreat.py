"""Retreats (rulebook: "Retiradas y desbandadas").

A beaten defender retreats, all together, to one adjacent area (or one reached through its own ships)
that is empty or its own: never an area holding another house's units or power token (a home area's
printed crest counts as one), never a neutral force or an impassable area, never the area the
attacker marched from; land units to land, ships to a sea or a port of the house. An area where the
retreating units would break the supply limit (or a port its three-ship limit) may be used only when
every legal area would, and then the units that do not fit are destroyed first. Routed units and siege
engines never retreat: they are destroyed. Units that retreat are routed.
"""

from __future__ import annotations

from engine.thrones.board import BOARD, FACTS
from engine.thrones.control import controller
from engine.thrones.marches import land_destinations
from engine.thrones.state import State, Unit
from engine.thrones.supply import within_limit


def candidate_areas(state: State, house: str, embattled: str, origin: str, at_sea: bool) -> list[str]:
    if at_sea:
        near = set(BOARD.adjacent_seas[embattled])
        near.update(a for a in BOARD.adjacent[embattled] if a in BOARD.port and controller(state, a) == house)
    else:
        near = land_destinations(state, house, embattled)
    areas = []
    for area in sorted(near):
        if area == origin or area in state.impassable or area in state.neutral_forces:
            continue
        units = state.units.get(area)
        if units and units[0].house != house:
            continue
        if area in BOARD.land and controller(state, area) not in (None, house):
            continue
        areas.append(area)
    return areas


def losses_in(state: State, house: str, embattled: str, area: str, retreating: int) -> int:
    """How many of the retreating units must be destroyed so the rest fit in ``area``."""
    leaving = len(state.units.get(embattled, []))
    room = retreating
    if area in BOARD.port:
        room = min(room, FACTS.port_capacity - len(state.units.get(area, [])))
    while room > 0 and not within_limit(state, house, {embattled: -leaving, area: room}):
        room -= 1
    return retreating - max(room, 0)


def retreat_options(
    state: State, house: str, embattled: str, origin: str, retreating: list[Unit]
) -> dict[str, int]:
    """Legal retreat areas with the losses each costs (an area costing every unit is no retreat at all)."""
    at_sea = embattled in BOARD.sea
    options = {}
    for area in candidate_areas(state, house, embattled, origin, at_sea):
        lost = losses_in(state, house, embattled, area, len(retreating))
        if lost < len(retreating):
            options[area] = lost
    return options


def allowed_retreats(options: dict[str, int], fewest_only: bool) -> dict[str, int]:
    """The areas the chooser may pick: costless ones while there are any (fewest losses for Robb Stark)."""
    if not options:
        return {}
    floor = min(options.values())
    if fewest_only or floor == 0:
        return {area: lost for area, lost in options.items() if lost == floor}
    return options
