"""Moving an ordered unit (rulebook: "Movimiento de unidades", and the movement line of each terrain in
"Poniente").

A unit moves up to the hexes of one of its order options (plus what cards and abilities add), through
whole hexes of the battlefield, never into or through a hex holding a unit, never into impassable terrain.
Forests and buildings stop it; a ford stops infantry and costs cavalry a hex of its move; a move wholly on
road may go one hex further (that hex need not be road). It may leave the board only where the battle lets
its house (its exit edge), from a hex of that edge's row, as a step of its move.

Readings where the rulebook is silent, tested in tests/engine/battles/test_movement.py:
- "A unit that uses only road hexes for its move": the hex it starts on and every hex it enters before the
  extra one are road (a bridge counts as road).
- The ford stops "infantry"; other units on foot (ranged units, the sample's Kennel Masters) stop too: only
  cavalry wades on, one hex shorter.
- Where a battle lets a house's units leave the board, a unit leaves from a hex of that edge's row, the step
  off the board being a hex of its move.
"""

from __future__ import annotations

from data.battles_model import OrderOption
from engine.battles.state import State

EXIT = "exit"  # a move's destination off the board


def options(state: State, uid: str) -> tuple[OrderOption, ...]:
    unit = state.units[uid]
    return state.pack.units[unit.type].orders[unit.rank].options


def ability_move(state: State, uid: str) -> int:
    """Extra hexes a commander's unit ability gives its unit."""
    commander = state.units[uid].commander
    ability = state.pack.commanders[commander].unit_ability if commander else None
    return ability.delta if ability is not None and ability.kind == "move-extra" else 0


def reach(state: State, uid: str, extra: int = 0) -> dict[str, bool]:
    """Every hex (or :data:`EXIT`) the ordered unit may end its move on, with whether one of the order options
    that takes it there lets it attack afterwards. ``extra`` hexes come from the card that ordered it."""
    unit = state.units[uid]
    cavalry = state.pack.units[unit.type].unit_class == "cavalry"
    exit_edge = state.plan.houses[unit.house].exit
    blocked = set(state.occupied())
    bonus = extra + ability_move(state, uid)
    found: dict[str, bool] = {}
    for option in options(state, uid):
        for place in _destinations(state, unit.at, option.move + bonus, cavalry, blocked, exit_edge):
            found[place] = found.get(place, False) or (option.attack and place != EXIT)
    found.pop(unit.at, None)  # moving away and back is not a move
    return found


def _destinations(
    state: State, start: str, budget: int, cavalry: bool, blocked: set[str], exit_edge: str | None
) -> set[str]:
    """The hexes a unit starting at ``start`` may end a move of up to ``budget`` hexes on."""
    if budget <= 0:
        return set()
    field = state.field
    road = field.terrain[start].movement == "road"
    # A state: (hex, hexes of move left, whether every hex so far is road so that one more may be taken).
    frontier = [(start, budget, road)]
    seen = {(start, budget, road)}
    found: set[str] = set()
    while frontier:
        here, left, on_road = frontier.pop()
        if left == 0 and not on_road:
            continue
        if exit_edge is not None and field.on_edge(here, exit_edge):
            found.add(EXIT)
        for there in field.neighbours[here]:
            terrain = field.terrain[there]
            if there in blocked or terrain.movement == "impassable":
                continue
            found.add(there)
            if left == 0:  # the extra hex of a move on road: the move ends there
                continue
            if terrain.movement == "stop" or (terrain.movement == "ford" and not cavalry):
                continue
            after = left - 1 - (1 if terrain.movement == "ford" else 0)
            step = (there, max(after, 0), on_road and terrain.movement == "road")
            if step not in seen:
                seen.add(step)
                frontier.append(step)
    return found
