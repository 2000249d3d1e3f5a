"""The sensible AI in the Planning and Action phases: its orders, marches, raids and consolidations.

Marches are planned per area: first a fight the army should win (against a house or a neutral force),
then the valuable areas nobody holds (one unit each), else a step towards such areas. Orders follow
from the plans: March where a plan is worth it, Defense where a valuable area is threatened, Support
next to planned fights and threatened areas, Consolidate Power where it is safe, Raid next to enemies,
and the calmest token left everywhere else. Every action is checked by the engine's validators.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.thrones.actions import Action, Consolidate, March, PlaceOrders, Raid
from engine.thrones.ai.board import DEFEND, SUPPORTERS, VALUE, Sense, attack_value
from engine.thrones.ai.muster import muster_items
from engine.thrones.board import BOARD
from engine.thrones.game import ThronesGame
from engine.thrones.marches import (
    can_leave_power,
    entry,
    movable_units,
    ship_destinations,
    validate_march,
)
from engine.thrones.orders import TOKENS
from engine.thrones.planning import validate_orders
from engine.thrones.raids import raid_reach
from engine.thrones.state import State
from engine.thrones.turns import house_orders

MARCH_WORTH = 1.0  # a plan worth less is no reason to spend a March order
SPREAD_WORTH = 1.0  # a lone unit walks into an empty area only for supply, power or a castle


@dataclass
class Plan:
    source: str
    moves: dict[str, list[str]] = field(default_factory=dict)
    value: float = 0.0
    fight: str | None = None
    leave_power: bool = False

    def march(self) -> March:
        moves = tuple((dest, tuple(kinds)) for dest, kinds in sorted(self.moves.items()) if kinds)
        return March(self.source, moves, self.leave_power and bool(moves))


def _keeps_one(sense: Sense, source: str) -> bool:
    """Whether a unit stays behind to hold ``source``: a threatened castle, home area or sea."""
    if source in BOARD.port:
        return False
    valuable = source in BOARD.sea or BOARD.castle[source] or BOARD.home_of.get(source) == sense.house
    return bool(valuable) and sense.threat(source) > 0


def plan_march(sense: Sense, source: str, bonus: int, live: bool) -> Plan:
    """The best use of the units in ``source`` under a March order with ``bonus``."""
    state, house = sense.state, sense.house
    movable = movable_units(state, source, house)
    if source in BOARD.land:
        free = [k for k, n in movable.items() if k != "ship" for _ in range(n)]
        dests = sense.land_reach(house, source)
    else:
        free = [k for k, n in movable.items() for _ in range(n)]
        dests = ship_destinations(state, house, source)
    plan = Plan(source)
    defenders = [k for k in free if DEFEND[k]]
    if defenders and _keeps_one(sense, source):
        # The weakest unit that still defends stays: a footman rather than a knight.
        free.remove(min(defenders, key=lambda k: (DEFEND[k], k)))
    if not free:
        return plan
    dests = sorted(d for d in dests if d not in state.impassable)
    fights, empties, steps = [], [], []
    for dest in dests:
        how = entry(state, house, dest)
        if how == "move":
            gain = _move_gain(sense, dest)
            if gain > 0:
                empties.append((gain, dest))
            else:
                steps.append((sense.pull(dest), dest))
            continue
        need, defender = sense.needed_to_win(dest, live)
        support = sense.own_support(dest, source, live)
        army = sorted(free, key=lambda k: (-attack_value(k, dest), k))
        strength = bonus + support
        sent = []
        for kind in army:
            if strength >= need:
                break
            if attack_value(kind, dest):
                sent.append(kind)
                strength += attack_value(kind, dest)
        if strength < need or not sent:
            continue
        escorts = [k for k in army if k not in sent and k != "siege"]
        if all(k == "siege" for k in sent) and escorts:
            sent.append(escorts[0])  # a siege engine that loses is lost: never send one alone
        gain = VALUE[dest] + 1.5 * len(state.units.get(dest, []))
        if defender is not None and BOARD.home_area.get(defender) == dest:
            gain += 3.0
        fights.append((gain, dest, sent))
    if fights:
        gain, dest, sent = max(fights, key=lambda f: (f[0], f[1]))
        plan.fight = dest
        plan.moves[dest] = list(sent)
        plan.value += gain
        for kind in sent:
            free.remove(kind)
    # The others go one by one, the weakest first, to the best empty areas (never a lone siege engine:
    # it cannot defend what it takes).
    free.sort(key=lambda k: (k == "siege", DEFEND[k], k))
    spread = []
    for gain, dest in sorted(empties, key=lambda e: (-e[0], e[1])):
        if not free or free[0] == "siege" or gain < SPREAD_WORTH:
            break
        plan.moves.setdefault(dest, []).append(free.pop(0))
        plan.value += gain
        spread.append((gain, dest))
    if not plan.moves and steps and any(k != "siege" for k in free):
        # Nothing to take: the army steps towards the most valuable area it does not hold.
        here = sense.pull(source)
        pull, dest = max(steps, key=lambda s: (s[0], s[1]))
        if pull > here and not _crowds(state, house, dest):
            plan.moves[dest] = list(free)
            free = []
            plan.value += 0.3 * (pull - here)
    emptied = sum(len(k) for k in plan.moves.values()) == len(state.units.get(source, []))
    if emptied and source in BOARD.land and BOARD.home_of.get(source) != house:
        worth_a_token = VALUE[source] >= 1.0 or state.power[house] >= 4
        if worth_a_token and can_leave_power(state, house, source) is None:
            plan.leave_power = True
        elif spread and spread[-1][0] < VALUE[source] + 1:
            # Better to hold the area with the last unit than to swap it for a poorer one.
            gain, dest = spread[-1]
            plan.moves[dest].pop()
            if not plan.moves[dest]:
                del plan.moves[dest]
            plan.value -= gain
        else:
            plan.value -= VALUE[source]
    return plan


def _crowds(state: State, house: str, dest: str) -> bool:
    units = state.units.get(dest)
    return bool(units) and units[0].house == house


def _move_gain(sense: Sense, dest: str) -> float:
    """What walking into an area without a fight gains."""
    state, house = sense.state, sense.house
    if dest in BOARD.sea:
        return 0.0 if sense.units_house(dest) == house else VALUE[dest]
    if dest in BOARD.port:
        return 0.0 if state.units.get(dest) else VALUE[dest]
    owner = sense.owner(dest)
    if owner == house:
        return 0.0
    gain = VALUE[dest]
    if owner is not None:
        gain += 1.0  # an enemy power token goes back to its pool
    return gain


def _fallbacks(plan: Plan) -> list[Plan]:
    """Smaller versions of a plan, for when the full one breaks the supply limit."""
    found = [plan]
    if plan.fight is not None and len(plan.moves) > 1:
        found.append(Plan(plan.source, {plan.fight: plan.moves[plan.fight]}, plan.value, plan.fight))
    for dest, kinds in sorted(plan.moves.items()):
        if dest != plan.fight:
            found.append(Plan(plan.source, {dest: kinds[:1]}, 0.5))
    found.append(Plan(plan.source))
    return found


def choose_march(game: ThronesGame, decision: Decision) -> Action:
    state, house = game.state, decision.house
    sense = Sense(state, house)
    plans = []
    for source in house_orders(state, house, "march"):
        bonus = TOKENS[state.orders[source].token].bonus
        plans.append(plan_march(sense, source, bonus, live=True))
    plans.sort(key=lambda p: (-p.value, p.source))
    for plan in plans:
        if plan.value <= 0:
            break
        for option in _fallbacks(plan):
            march = option.march()
            try:
                validate_march(state, house, march)
            except IllegalAction:
                continue
            return march
    return March(plans[0].source, ()) if plans else decision.default


# --- orders -----------------------------------------------------------------------------------------

_PREFERENCE = {  # the order types tried, in turn, for an area no plan has claimed
    "land": ("defense", "consolidate", "support", "raid", "march"),
    "sea": ("support", "raid", "defense", "march", "consolidate"),
    "port": ("consolidate", "support", "raid", "defense", "march"),
}


class _Tokens:
    """The tokens still to place, and the stars (special orders) left."""

    def __init__(self, schema: dict) -> None:
        self.left: Counter[str] = Counter(schema["tokens"])
        self.stars = schema["stars"]
        self.budget = schema["count"]
        self.placed: dict[str, str] = {}

    def full(self) -> bool:
        return len(self.placed) >= self.budget

    def put(self, area: str, kind: str, special: bool) -> bool:
        if self.full() or area in self.placed:
            return False
        tokens = [t for t, n in self.left.items() if n > 0 and TOKENS[t].type == kind]
        usable = [t for t in tokens if not TOKENS[t].special or self.stars > 0]
        if not usable:
            return False
        # The special one when wanted, else the ordinary token with the best bonus.
        usable.sort(key=lambda t: (TOKENS[t].special != special, -TOKENS[t].bonus, t))
        token = usable[0]
        self.left[token] -= 1
        self.stars -= TOKENS[token].special
        self.placed[area] = token
        return True


def _can_support(area: str, target: str) -> bool:
    return area in SUPPORTERS[target]


def plan_orders(game: ThronesGame, decision: Decision) -> dict[str, str]:
    state, house = game.state, decision.house
    sense = Sense(state, house)
    areas = list(decision.schema["areas"])
    tokens = _Tokens(decision.schema)
    plans = {area: plan_march(sense, area, 0, live=False) for area in areas}

    def stake(area: str) -> float:
        home = 4.0 if BOARD.home_of.get(area) == house else 0.0
        return VALUE[area] + home + sense.own_defense(area)

    def in_danger(area: str) -> bool:
        return sense.threat(area) >= sense.own_defense(area)

    threatened = sorted((a for a in areas if sense.threat(a) > 0), key=lambda a: (-stake(a), a))

    # 1. A castle or home area an enemy could take holds fast.
    for area in threatened:
        if area in BOARD.land and BOARD.castle[area] and in_danger(area):
            tokens.put(area, "defense", special=True)

    # 2. March where a plan is worth it; fights get the best tokens.
    marching = sorted(
        (a for a in areas if plans[a].value >= MARCH_WORTH),
        key=lambda a: (plans[a].fight is None, -plans[a].value, a),
    )
    targets = set()
    for area in marching:
        if tokens.put(area, "march", special=plans[area].fight is not None) and plans[area].fight:
            targets.add(plans[area].fight)

    # 3. Defense where a valuable area is threatened.
    for area in threatened:
        if area in BOARD.land and (BOARD.castle[area] or in_danger(area)):
            tokens.put(area, "defense", special=in_danger(area))

    # 4. Support next to planned fights and threatened areas.
    wanted = targets | set(threatened)
    helpers = []
    for area in areas:
        reach = [t for t in wanted if t != area and _can_support(area, t)]
        if not reach:
            continue
        strength = max(
            sum(attack_value(u.kind, t) if t in targets else DEFEND[u.kind] for u in state.units[area])
            for t in reach
        )
        if strength:
            helpers.append((-strength, area))
    for _, area in sorted(helpers):
        tokens.put(area, "support", special=True)

    # 5. Consolidate Power where it is safe.
    def power_yield(area: str) -> int:
        if area in BOARD.land:
            return 1 + BOARD.power_icons[area]
        if area in BOARD.port:
            sea = state.units.get(BOARD.port_sea[area])
            return 0 if sea and sea[0].house != house else 1
        return 0

    safe = [a for a in areas if not sense.threat(a) and power_yield(a)]
    for area in sorted(safe, key=lambda a: (-power_yield(a), a)):
        tokens.put(area, "consolidate", special=area in BOARD.land and bool(BOARD.castle[area]))

    # 6. Raid next to enemies.
    for area in areas:
        if any(sense.units_house(t) not in (None, house) for t in raid_reach(area)):
            tokens.put(area, "raid", special=False)

    # 7. Whatever is left, by the area's kind.
    for area in sorted(areas, key=lambda a: (-stake(a), a)):
        for kind in _PREFERENCE[BOARD.kind[area]]:
            if tokens.put(area, kind, special=True):
                break
    return tokens.placed


def choose_orders(game: ThronesGame, decision: Decision) -> Action:
    placed = plan_orders(game, decision)
    try:
        validate_orders(game.state, decision.house, placed)
    except IllegalAction:
        return decision.default
    return PlaceOrders(tuple(sorted(placed.items())))


# --- raids and consolidation -------------------------------------------------------------------------

_RAID_WORTH = {"consolidate": 3.0, "support": 2.5, "defense": 2.0, "raid": 1.5, "march": 0.0}


def choose_raid(game: ThronesGame, decision: Decision) -> Action:
    state = game.state

    def worth(option: Raid) -> float:
        if option.target is None:
            return 0.0
        token = TOKENS[state.orders[option.target].token]
        return _RAID_WORTH[token.type] + 0.5 * token.special + 0.1 * BOARD.power_icons[option.target]

    options = list(decision.options or ())
    if not options:
        return decision.default
    return max(options, key=lambda o: (worth(o), -options.index(o)))


def choose_consolidate(game: ThronesGame, decision: Decision) -> Action:
    state, house = game.state, decision.house
    sense = Sense(state, house)
    yields: dict[str, int] = decision.schema["orders"]
    for area, points in sorted(decision.schema["muster"].items()):
        if points >= 2 or sense.threat(area) or yields[area] <= 1:
            items = muster_items(state, house, {area: points}, sense)
            if items:
                return Consolidate(area, items)
    best = max(sorted(yields), key=lambda a: yields[a])
    return Consolidate(best)
