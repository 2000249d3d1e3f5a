"""The sensible AI's musters: knights where there are two points, footmen otherwise, a siege engine next to
an enemy castle, a ship when the fleet is small; threatened castles first."""

from __future__ import annotations

from engine.thrones.actions import MusterItem
from engine.thrones.ai.board import Sense
from engine.thrones.board import BOARD
from engine.thrones.mustering import MusterDraft, ship_targets
from engine.thrones.state import State


def _ship_items(state: State, house: str, area: str) -> list[MusterItem]:
    def rank(target: str) -> tuple[int, str]:
        units = state.units.get(target)
        own = bool(units) and units[0].house == house
        return (0 if own else 1 if target in BOARD.sea else 2, target)

    return [MusterItem(area, "ship", to=t) for t in sorted(ship_targets(state, house, area), key=rank)]


def _wishes(sense: Sense, area: str, points: int) -> list[MusterItem]:
    state, house = sense.state, sense.house
    near_castle = any(
        BOARD.castle[near] and sense.owner(near) not in (None, house) for near in BOARD.adjacent_lands[area]
    )
    fleet = sum(len(u) for u in state.units.values() if u and u[0].house == house and u[0].kind == "ship")
    ships = _ship_items(state, house, area)
    wishes: list[MusterItem] = []
    if points >= 2:
        big = ("siege", "knight") if near_castle else ("knight",)
        wishes += [MusterItem(area, kind) for kind in big]
    if ships and fleet < 2:
        wishes += ships[:1]
    wishes += [MusterItem(area, "footman"), MusterItem(area, "knight", upgrade=True)]
    if near_castle:
        wishes.append(MusterItem(area, "siege", upgrade=True))
    wishes += ships
    return wishes


def muster_items(state: State, house: str, allowed: dict[str, int], sense: Sense) -> tuple[MusterItem, ...]:
    """A legal muster from the ``allowed`` areas (area -> points), spending what it can."""
    draft = MusterDraft(state, house, allowed)  # each wish checked against the muster so far
    order = sorted(allowed, key=lambda a: (not sense.threat(a), -allowed[a], a))
    for area in order:
        left = allowed[area]
        while left > 0:
            for item in _wishes(sense, area, left):
                if item.cost <= left and draft.admits(item):
                    draft.add(item)
                    left -= item.cost
                    break
            else:
                break
    return tuple(draft.items)
