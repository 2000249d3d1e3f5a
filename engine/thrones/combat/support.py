"""Support (rulebook: "Solicitar apoyo").

Every area adjacent to the embattled area that holds a Support order may back one side with the whole
strength of its units, or nobody; owners declare area by area in turn order, seeing what was declared
before them. A house never backs the opponent of its own units. Ships support battles on land and at
sea; land units never a battle at sea; ships in a port support only a battle in the port's sea. A side
may refuse support another house offers it.
"""

from __future__ import annotations

from engine.thrones.board import BOARD
from engine.thrones.orders import TOKENS
from engine.thrones.state import State


def support_areas(state: State, embattled: str) -> list[str]:
    """Areas whose Support order may back a side in a battle in ``embattled``, in declaration order."""
    areas = []
    for area in BOARD.adjacent[embattled]:
        order = state.orders.get(area)
        if order is None or TOKENS[order.token].type != "support" or not state.units.get(area):
            continue
        if embattled in BOARD.sea and area in BOARD.land:
            continue
        if area in BOARD.port and BOARD.port_sea[area] != embattled:
            continue
        areas.append(area)
    return sorted(areas, key=lambda a: (state.throne.index(state.orders[a].house), a))


def support_bonus(state: State, area: str) -> int:
    """+1 for the special Support order."""
    return 1 if TOKENS[state.orders[area].token].special else 0


def still_supporting(state: State, area: str) -> bool:
    """Whether a declared support still stands: its Support order may have been removed since."""
    order = state.orders.get(area)
    return order is not None and TOKENS[order.token].type == "support"
