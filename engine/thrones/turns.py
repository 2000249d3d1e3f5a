"""Turn order helpers: the Iron Throne track decides who acts first (rulebook: "Orden del turno")."""

from __future__ import annotations

from collections.abc import Callable

from engine.thrones.orders import TOKENS, TYPE_OF
from engine.thrones.state import State


def next_in_turn(state: State, start: int, has_work: Callable[[str], bool]) -> int | None:
    """The index on the Iron Throne track of the first house, from ``start`` on and wrapping round, for
    which ``has_work`` holds; ``None`` when no house has anything left to do."""
    count = len(state.throne)
    for step in range(count):
        index = (start + step) % count
        if has_work(state.throne[index]):
            return index
    return None


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
    found in one pass over the orders; ``None`` when no house has any left."""
    found: dict[str, list[str]] = {}
    for area, order in state.orders.items():
        if TYPE_OF[order.token] == order_type:
            found.setdefault(order.house, []).append(area)
    index = next_in_turn(state, start, found.__contains__)
    return None if index is None else (index, sorted(found[state.throne[index]]))
