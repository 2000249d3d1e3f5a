"""Turn order helpers: the Iron Throne track decides who acts first (rulebook: "Orden del turno")."""

from __future__ import annotations

from engine.thrones.orders import TOKENS, TYPE_OF
from engine.thrones.state import State


def house_orders(state: State, house: str, order_type: str) -> list[str]:
    """Areas holding the house's orders of one type, sorted."""
    return sorted(
        area
        for area, order in state.orders.items()
        if order.house == house and TOKENS[order.token].type == order_type
    )


def next_with_orders(state: State, start: int, order_type: str) -> tuple[int, list[str]] | None:
    """The first house from ``start`` on the Iron Throne track, wrapping round, with orders of one type
    on the board: its index on the track and the areas of those orders (what :func:`house_orders` gives),
    found in one pass over the orders; ``None`` when no house has any left. The step asks it before
    every turn."""
    found: dict[str, list[str]] = {}  # house -> areas of its orders of the type
    for area, order in state.orders.items():
        if TYPE_OF[order.token] == order_type:
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
