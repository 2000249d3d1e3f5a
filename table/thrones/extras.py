"""What an A Game of Thrones prompt needs beyond the decision, read from the game for the UI that asks a
person: the deciding house's units by area, and every legal muster of a castle area (the decision's
schema gives only points). Public facts only; the engine validates whatever comes back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from typing import Any

from engine.core.errors import IllegalAction
from engine.thrones.actions import MusterItem, PlaceOrders
from engine.thrones.game import ThronesGame
from engine.thrones.mustering import MusterDraft, single_items
from engine.thrones.notation import parse_action
from engine.thrones.state import State


@dataclass(frozen=True)
class Extras:
    """``units``: the deciding house's units by area (public). ``musters``: for each castle area the decision
    may muster in, every legal muster of that area alone, as notation items
    (``winterfell footman, winterfell ship@bay-of-ice``), cheapest first."""

    units: dict[str, list[str]] = field(default_factory=dict)
    musters: dict[str, list[str]] = field(default_factory=dict)


def orders_of(line: str) -> dict[str, str] | None:
    """The area -> token map of an ``orders ...`` line, or None if it is not one."""
    try:
        action = parse_action(line)
    except IllegalAction:
        return None
    return dict(action.orders) if isinstance(action, PlaceOrders) else None


def muster_points(decision: dict[str, Any]) -> dict[str, int]:
    """The castle areas a muster-like decision may use, with their points."""
    schema = decision.get("schema") or {}
    kind = decision["kind"]
    if kind in ("muster", "wildling-muster"):
        return {area: int(info["points"]) for area, info in schema.get("areas", {}).items()}
    if kind == "consolidate":
        return {area: int(points) for area, points in schema.get("muster", {}).items()}
    return {}


def muster_combos(state: State, house: str, area: str, points: int) -> list[str]:
    """Every legal muster of one castle area on its own, each a comma-separated list of notation items.
    Points are at most 2 and a unit costs at least 1, so a muster is one or two items."""
    allowed = {area: points}

    def after(first: MusterItem) -> MusterDraft:
        draft = MusterDraft(state, house, allowed)
        draft.add(first)
        return draft

    alone = MusterDraft(state, house, allowed)
    singles = [item for item in single_items(state, house, area) if alone.admits(item)]
    combos: list[tuple[MusterItem, ...]] = [(item,) for item in singles]
    drafts = {first: after(first) for first in singles}  # each legal alone: what may follow it
    for first, second in combinations_with_replacement(singles, 2):
        if first.cost + second.cost <= points and drafts[first].admits(second):
            combos.append((first, second))
    listed: list[str] = []
    for combo in combos:
        text = ", ".join(sorted(item.format() for item in combo))
        if text not in listed:
            listed.append(text)
    return listed


def game_extras(game: ThronesGame, decision: dict[str, Any]) -> Extras:
    state = game.state
    house = decision["house"]
    units: dict[str, list[str]] = {}
    for area in sorted(state.units):
        kinds = [u.kind for u in state.units[area] if u.house == house]
        if kinds:
            units[area] = kinds
    musters = {area: muster_combos(state, house, area, p) for area, p in muster_points(decision).items()}
    return Extras(units=units, musters=musters)
