"""Turn order helpers: the Iron Throne track decides who acts first (rulebook: "Orden del turno")."""

from __future__ import annotations

from engine.thrones.orders import TYPE_OF
from engine.thrones.state import State

# The order tokens of each type ("march", "raid", ...).
_TOKENS_OF_TYPE: dict[str, frozenset[str]] = {
    kind: frozenset(token for token, type_ in TYPE_OF.items() if type_ == kind)
    for kind in set(TYPE_OF.values())
}


def house_orders(state: State, house: str, order_type: str) -> list[str]:
    """Areas holding the house's orders of one type, sorted."""
    tokens = _TOKENS_OF_TYPE[order_type]
    return sorted(
        area for area, order in state.orders.items() if order.house == house and order.token in tokens
    )


def next_with_orders(state: State, start: int, order_type: str) -> tuple[int, list[str]] | None:
    """The first house from ``start`` on the Iron Throne track, wrapping round, with orders of one type
    on the board: its index on the track and the areas of those orders (what :func:`house_orders` gives),
    found in one pass over the orders; ``None`` when no house has any left. The step asks it before
    every turn."""
    tokens = _TOKENS_OF_TYPE[order_type]
    found: dict[str, list[str]] = {}  # house -> areas of its orders of the type
    for area, order in state.orders.items():
        if order.token in tokens:
            areas = found.get(order.house)
            if areas is None:  # not setdefault: it would make a list per order
                found[order.house] = [area]
            else:
                areas.append(area)
    throne = state.throne
    count = len(throne)
    for step in range(count):
        index = (start + step) % count
        areas = found.get(throne[index])
        if areas is not None:
            areas.sort()
            return index, areas
    return None
