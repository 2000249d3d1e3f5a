"""Invariants every position must keep, checked by the property tests and before a moderator's repair
is accepted. ``problems(state)`` lists what is wrong, in words; an empty list means the state is sound."""

from __future__ import annotations

from collections import Counter

from engine.thrones.board import BOARD, FACTS
from engine.thrones.control import controller, power_on_board, unit_counts
from engine.thrones.state import State
from engine.thrones.supply import within_limit


def _houses_over_supply_by_right(state: State) -> set[str]:
    """Houses allowed to be over their limit now: those being asked to reconcile."""
    top = state.stack[-1] if state.stack else None
    if top is not None and top.kind == "reconcile":
        return set(state.houses)
    return set()


def problems(state: State) -> list[str]:
    found: list[str] = []
    houses = set(state.houses)
    for area, units in state.units.items():
        if not units:
            found.append(f"{area}: an empty unit list")
            continue
        owners = {u.house for u in units}
        if len(owners) > 1:
            found.append(f"{area}: units of several houses {sorted(owners)}")
        if not owners <= houses:
            found.append(f"{area}: units of a house not in play")
        kind = BOARD.kind[area]
        for unit in units:
            if (unit.kind == "ship") != (kind != "land"):
                found.append(f"{area}: a {unit.kind} cannot stand in a {kind} area")
        if area in state.impassable:
            found.append(f"{area}: units in an impassable area")
        if area in state.neutral_forces:
            found.append(f"{area}: units beside a neutral force")
        if kind == "port":
            if len(units) > FACTS.port_capacity:
                found.append(f"{area}: more than {FACTS.port_capacity} ships in a port")
            taking_over = any(f.kind == "port-takeover" and f.port == area for f in state.stack)  # type: ignore[attr-defined]
            if not taking_over and controller(state, BOARD.port_land[area]) != units[0].house:
                found.append(f"{area}: ships in a port whose land area their house does not control")
    for house in state.houses:
        counts = unit_counts(state, house)
        for kind, count in counts.items():
            if count > FACTS.unit_limits[kind]:
                found.append(f"{house}: {count} {kind}s on the board")
        if state.power[house] < 0:
            found.append(f"{house}: negative power")
        if state.power[house] + power_on_board(state, house) > FACTS.power_tokens_per_house:
            found.append(f"{house}: more than {FACTS.power_tokens_per_house} power tokens")
        if not 0 <= state.supply[house] < len(FACTS.supply_limits):
            found.append(f"{house}: supply {state.supply[house]} off the track")
        if house not in _houses_over_supply_by_right(state) and not within_limit(state, house):
            found.append(f"{house}: armies over supply {state.supply[house]}")
        cards = Counter(state.hands[house]) + Counter(state.discards[house])
        own = {card.id for card in FACTS.house_cards.values() if card.house == house}
        if not set(cards) <= own or any(n > 1 for n in cards.values()):
            found.append(f"{house}: house cards out of place")
    for area, owner in state.power_tokens.items():
        if area not in BOARD.land:
            found.append(f"{area}: a power token off land")
        units = state.units.get(area)
        if units and units[0].house != owner:
            found.append(f"{area}: a power token under another house's units")
    in_battle = {
        place
        for frame in state.stack
        for place in (getattr(frame, "origin", None), getattr(frame, "area", None))
    }
    for area, order in state.orders.items():
        units = state.units.get(area)
        if area in in_battle:
            continue  # a battle's March order, and the defender's order, stay until the battle ends
        if not units or units[0].house != order.house:
            found.append(f"{area}: an order with none of its house's units")
    for name in ("throne", "fiefdoms", "court"):
        if sorted(getattr(state, name)) != sorted(state.houses):
            found.append(f"the {name} track is not the houses in play")
    for number, (deck, pile) in enumerate(zip(state.westeros_decks, state.westeros_discards, strict=True), 1):
        if Counter(deck) + Counter(pile) != Counter(FACTS.westeros_decks[number]):
            found.append(f"Westeros deck {number} is not its ten cards")
    if state.wildling_threat not in FACTS.wildling_track:
        found.append(f"wildling threat {state.wildling_threat} off the track")
    if not 1 <= state.round <= FACTS.last_round:
        found.append(f"round {state.round} out of range")
    return found
