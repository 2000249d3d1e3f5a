"""What a prompt needs beyond the decision itself, read from the game for the UI that asks a person.

The decision payload (:mod:`table.outbox`) says what is asked; a UI also wants the deciding house's units
by area, every legal muster of a castle area (the schema gives only points), and, for a secret choice
already answered, the question again with the answer given, so it can be changed until everyone has
answered. The engine validates whatever comes back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from typing import Any

from engine.core.errors import IllegalAction
from engine.thrones.actions import MusterItem, PlaceOrders
from engine.thrones.game import ThronesGame
from engine.thrones.mustering import single_items, validate_muster
from engine.thrones.notation import TOKEN_ALIASES, parse_action
from engine.thrones.notation import house_id as parse_house
from engine.thrones.state import State
from table import outbox
from table.errors import TableError
from table.session import ACTIVE, Session
from table.text import quote

TOKEN_WORDS: tuple[str, ...] = tuple(sorted(TOKEN_ALIASES))


@dataclass(frozen=True)
class Extras:
    """``units``: the deciding house's units by area (public). ``musters``: for each castle area the decision
    may muster in, every legal muster of that area alone, as notation items
    (``winterfell footman, winterfell ship@bay-of-ice``), cheapest first."""

    units: dict[str, list[str]] = field(default_factory=dict)
    musters: dict[str, list[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Current:
    """A person's decision: the prompt payload, and the answer already given when the decision is answered
    but may still change (secret orders, bids, house cards until everyone has chosen)."""

    payload: dict[str, Any]
    answer: str | None = None

    @property
    def decision(self) -> dict[str, Any]:
        return self.payload["decision"]


def house_id(text: str) -> str:
    if len(text) > 40:  # no house name is near this long: refuse before any work on it
        raise TableError(f"There is no house called {quote(text)}.")
    try:
        return parse_house(text)
    except IllegalAction as error:
        raise TableError(str(error)) from None


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

    def legal(items: tuple[MusterItem, ...]) -> bool:
        try:
            validate_muster(state, house, items, allowed)
        except IllegalAction:
            return False
        return True

    singles = [item for item in single_items(state, house, area) if legal((item,))]
    combos: list[tuple[MusterItem, ...]] = [(item,) for item in singles]
    for first, second in combinations_with_replacement(singles, 2):
        if first.cost + second.cost <= points and legal((first, second)):
            combos.append((first, second))
    listed: list[str] = []
    for combo in combos:
        text = ", ".join(sorted(item.format() for item in combo))
        if text not in listed:
            listed.append(text)
    return listed


def extras(session: Session, decision: dict[str, Any]) -> Extras:
    return Extras() if session.game is None else game_extras(session.game, decision)


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


def current(session: Session, house: str) -> Current | None:
    """The house's decision now: the one waiting for it, else a secret one it answered and may change."""
    game: ThronesGame | None = session.game
    if game is None or session.status != ACTIVE:
        return None
    decision = game.decision_for(house)
    answer = None
    if decision is None:
        decision = game.changeable_decision(house)
        if decision is None:
            return None
        last = next((row.notation for row in reversed(session.log) if row.house == house), None)
        answer = last.split(":", 1)[1].strip() if last else None
    items = outbox.prompt_items(session, [decision])
    return Current(items[0]["payload"], answer) if items else None
