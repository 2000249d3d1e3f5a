"""Moving an ordered unit (rulebook: "Movimiento de unidades", and the movement line of each terrain in
"Poniente"), and where a unit may advance or pursue after its attack ("Avanzar", "Perseguir X").

A unit moves up to the hexes of one of its order options (plus what cards and abilities add), through
whole hexes of the battlefield, never into or through a hex holding a unit, never into impassable terrain
or a fire. Forests and buildings stop it; a ford stops infantry and costs cavalry a hex of its move; a move
wholly on road may go one hex further (that hex need not be road). A unit in a fire hex cannot move. It may
leave the board only where the battle lets its house (its exit edge), from a hex of that edge's row, as a
step of its move.

After an attack whose target is eliminated or retreats, a unit with Advance may move into the hex the target
left, and one with Pursue X up to X hexes, the first being that hex; a move wholly on road goes one hex
further; neither may enter a bridge.

Readings where the rulebook is silent, tested in tests/engine/battles/test_movement.py and test_combat.py:
- "A unit that uses only road hexes for its move": the hex it starts on and every hex it enters before the
  extra one are road (a bridge counts as road). The same holds for advancing and pursuing.
- The ford stops "infantry"; other units on foot (ranged units, the sample's Kennel Masters) stop too: only
  cavalry wades on, one hex shorter.
- Where a battle lets a house's units leave the board, a unit leaves from a hex of that edge's row, the step
  off the board being a hex of its move.
- Advancing and pursuing follow the terrain's movement rules: a forest stops the unit, a ford stops
  infantry; a unit with both keywords pursues.
"""

from __future__ import annotations

from data.battles_model import OrderOption, Terrain
from engine.battles import keywords
from engine.battles.state import State

EXIT = "exit"  # a move's destination off the board


def options(state: State, uid: str) -> tuple[OrderOption, ...]:
    unit = state.units[uid]
    return state.pack.units[unit.type].orders[unit.rank].options


def ability_move(state: State, uid: str) -> int:
    """Extra hexes a commander's unit ability gives its unit."""
    return keywords.ability(state, uid, "move-extra") or 0


def reach(state: State, uid: str, extra: int = 0) -> dict[str, bool]:
    """Every hex (or :data:`EXIT`) the ordered unit may end its move on, with whether one of the order options
    that takes it there lets it attack afterwards. ``extra`` hexes come from the card that ordered it."""
    unit = state.units[uid]
    if unit.at in state.fire:
        return {}
    cavalry = state.pack.units[unit.type].unit_class == "cavalry"
    exit_edge = state.plan.houses[unit.house].exit
    blocked = set(state.occupied()) | set(state.fire)
    bonus = extra + ability_move(state, uid)
    found: dict[str, bool] = {}
    for option in options(state, uid):
        for place in _destinations(state, unit.at, option.move + bonus, cavalry, blocked, exit_edge):
            found[place] = found.get(place, False) or (option.attack and place != EXIT)
    found.pop(unit.at, None)  # moving away and back is not a move
    return found


def follow(state: State, uid: str, vacated: str) -> list[str]:
    """The hexes the unit may advance or pursue to into ``vacated``, the hex its target left (none if it
    has neither keyword, or may not enter that hex)."""
    hexes = keywords.number(state, uid, "pursue") or (1 if keywords.has(state, uid, "advance") else 0)
    unit = state.units[uid]
    terrain = state.terrain(vacated)
    occupied = set(state.occupied())
    if not hexes or vacated in occupied or vacated in state.fire or terrain.bridge:
        return []
    if terrain.movement == "impassable":
        return []
    cavalry = state.pack.units[unit.type].unit_class == "cavalry"
    left = hexes - 1 - (1 if terrain.movement == "ford" and cavalry else 0)
    road = state.terrain(unit.at).movement == "road" and terrain.movement == "road"
    if _stops(state, vacated, cavalry):
        return [vacated]
    bridges = {place for place in state.field.hexes if state.terrain(place).bridge}
    blocked = (occupied - {unit.at}) | set(state.fire) | bridges
    found = _destinations(state, vacated, max(left, 0), cavalry, blocked, None, road)
    found.discard(unit.at)
    return sorted(found | {vacated})


def _stops(state: State, place: str, cavalry: bool) -> bool:
    """Whether a unit entering the hex must stop there."""
    return _halts(state.terrain(place), cavalry, state.variant("forest_road_stops"))


def _halts(terrain: Terrain, cavalry: bool, forest_road_stops: bool) -> bool:
    movement = terrain.movement
    if movement == "stop" or (movement == "ford" and not cavalry):
        return True
    return forest_road_stops and terrain.id == "forest-road"


def _destinations(
    state: State,
    start: str,
    budget: int,
    cavalry: bool,
    blocked: set[str],
    exit_edge: str | None,
    road: bool | None = None,
) -> set[str]:
    """The hexes a unit at ``start`` may end a move of up to ``budget`` hexes on; ``road`` says whether the
    move so far is wholly on road (by default, whether ``start`` is road)."""
    field = state.field
    terrains = state.terrains()
    forest_road_stops = state.variant("forest_road_stops")
    on_road = terrains[start].movement == "road" if road is None else road
    if budget <= 0 and not on_road:
        return set()
    # A state: (hex, hexes of move left, whether every hex so far is road so that one more may be taken).
    frontier = [(start, budget, on_road)]
    seen = {(start, budget, on_road)}
    found: set[str] = set()
    while frontier:
        here, left, on_road = frontier.pop()
        if left == 0 and not on_road:
            continue
        if exit_edge is not None and field.on_edge(here, exit_edge):
            found.add(EXIT)
        for there in field.neighbours[here]:
            if there in blocked:
                continue
            terrain = terrains[there]
            if terrain.movement == "impassable":
                continue
            found.add(there)
            if left == 0 or _halts(terrain, cavalry, forest_road_stops):  # the road's extra hex ends it
                continue
            after = left - 1 - (1 if terrain.movement == "ford" else 0)
            step = (there, max(after, 0), on_road and terrain.movement == "road")
            if step not in seen:
                seen.add(step)
                frontier.append(step)
    return found
