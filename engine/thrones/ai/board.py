"""The sensible AI's reading of the board: what areas are worth, who could attack them, and how strong a
fight would be.

Only public information is used: the units on the board, the orders once revealed, the tracks and the
houses' hands and discards (open in this game). Secrets held by the engine's frames (orders not yet
revealed, bids, house cards chosen, the wildling deck) are never read.
"""

from __future__ import annotations

from engine.thrones.board import BOARD, FACTS
from engine.thrones.control import controller
from engine.thrones.marches import land_destinations
from engine.thrones.orders import TOKENS
from engine.thrones.state import State, Unit

DEFEND = {"footman": 1, "knight": 2, "ship": 1, "siege": 0}
# The unit a house gives up first when it must lose some: the weakest.
EXPENDABLE = {"footman": 0, "ship": 1, "siege": 2, "knight": 3}


def _value(area: str) -> float:
    if area in BOARD.land:
        castle = (0.0, 4.0, 6.0)[BOARD.castle[area]]
        return 0.5 + castle + 1.5 * BOARD.supply_icons.get(area, 0) + BOARD.power_icons[area]
    if area in BOARD.port:
        return 0.5
    return 1.0


# What holding an area is worth: castles and strongholds (the game is won with seven), then supply and
# power icons.
VALUE: dict[str, float] = {area: _value(area) for area in BOARD.ids}


def _supporters(area: str) -> tuple[str, ...]:
    """Areas whose units may support a battle in ``area`` (land units never at sea, ports only their sea)."""
    found = []
    for near in sorted(BOARD.adjacent[area]):
        if area in BOARD.sea and near in BOARD.land:
            continue
        if near in BOARD.port and BOARD.port_sea[near] != area:
            continue
        found.append(near)
    return tuple(found)


SUPPORTERS: dict[str, tuple[str, ...]] = {area: _supporters(area) for area in BOARD.ids}


def attack_value(kind: str, target: str) -> int:
    """What one fresh unit adds attacking (or supporting an attack on) ``target``."""
    if kind == "siege":
        return 4 if BOARD.castle[target] else 0
    return 2 if kind == "knight" else 1


def card_strength(card: str) -> int:
    return FACTS.house_cards[card].strength


def best_card(state: State, house: str) -> int:
    return max((card_strength(c) for c in state.hands.get(house, [])), default=0)


def units_value(units: list[Unit], target: str, attacking: bool) -> int:
    if attacking:
        return sum(attack_value(u.kind, target) for u in units if not u.routed)
    return sum(DEFEND[u.kind] for u in units if not u.routed)


class Sense:
    """One house's view of the board for one decision; lookups are computed once and cached."""

    def __init__(self, state: State, house: str) -> None:
        self.state = state
        self.house = house
        self.by_house: dict[str, list[str]] = {}
        for area, units in sorted(state.units.items()):
            if units:
                self.by_house.setdefault(units[0].house, []).append(area)
        self.mine = self.by_house.get(house, [])
        self._reach: dict[tuple[str, str], set[str]] = {}
        self._threat: dict[str, int] = {}
        self._owner: dict[str, str | None] = {}
        self._cards = {h: best_card(state, h) for h in state.houses}

    # --- simple lookups ---------------------------------------------------------------------------

    def owner(self, area: str) -> str | None:
        if area not in self._owner:
            self._owner[area] = controller(self.state, area)
        return self._owner[area]

    def units_house(self, area: str) -> str | None:
        units = self.state.units.get(area)
        return units[0].house if units else None

    def land_reach(self, owner: str, area: str) -> set[str]:
        key = (owner, area)
        if key not in self._reach:
            self._reach[key] = land_destinations(self.state, owner, area)
        return self._reach[key]

    def best_card(self, house: str) -> int:
        return self._cards.get(house, 0)

    def wins_ties(self, house: str, other: str) -> bool:
        fiefdoms = self.state.fiefdoms
        return fiefdoms.index(house) < fiefdoms.index(other)

    def pull(self, area: str) -> float:
        """How much an area next to ``area`` that the house does not hold is worth: where armies head."""
        best = 0.0
        for near in BOARD.adjacent_lands.get(area, ()):
            if near in self.state.impassable or self.owner(near) == self.house:
                continue
            best = max(best, VALUE[near])
        return best

    # --- threats ----------------------------------------------------------------------------------

    def threat(self, area: str) -> int:
        """The strongest attack another house could make on ``area`` in the coming action phase: its best
        march (with a +1 order) and the support of its other units next to the area."""
        if area not in self._threat:
            self._threat[area] = self._compute_threat(area)
        return self._threat[area]

    def _compute_threat(self, area: str) -> int:
        state = self.state
        if area in BOARD.port:
            return 0
        at_sea = area in BOARD.sea
        worst = 0
        for enemy, areas in self.by_house.items():
            if enemy == self.house:
                continue
            support: dict[str, int] = {}
            for near in SUPPORTERS[area]:
                if self.units_house(near) == enemy:
                    support[near] = units_value(state.units[near], area, True)
            total_support = sum(support.values())
            best = 0
            for source in areas:
                units = state.units[source]
                if at_sea:
                    if units[0].kind != "ship":
                        continue
                    reaches = (
                        BOARD.port_sea[source] == area
                        if source in BOARD.port
                        else area in BOARD.adjacent_seas.get(source, ())
                    )
                else:
                    reaches = source in BOARD.land and area in self.land_reach(enemy, source)
                if not reaches:
                    continue
                strength = units_value(units, area, True)
                if strength:
                    best = max(best, strength + total_support - support.get(source, 0))
            if best:
                worst = max(worst, best + 1)
        return worst

    def own_defense(self, area: str) -> int:
        return units_value(self.state.units.get(area, []), area, False) + self.state.garrisons.get(area, 0)

    # --- fights -----------------------------------------------------------------------------------

    def defense_of(self, target: str, defender: str, live: bool) -> int:
        """The defender's visible strength in ``target``: units, garrison, Defense order and its supports.

        Live (orders revealed) it counts the orders on the board; planning ahead, it guesses a Defense +1
        and half the strength of the defender's units next to the target (they may support)."""
        state = self.state
        total = units_value(state.units.get(target, []), target, False) + state.garrisons.get(target, 0)
        if live:
            order = state.orders.get(target)
            if order is not None and order.house == defender and TOKENS[order.token].type == "defense":
                total += TOKENS[order.token].bonus
            for near in SUPPORTERS[target]:
                order = state.orders.get(near)
                if order is None or order.house != defender or TOKENS[order.token].type != "support":
                    continue
                total += units_value(state.units.get(near, []), target, False)
                total += 1 if TOKENS[order.token].special else 0
        else:
            total += 1
            nearby = 0
            for near in SUPPORTERS[target]:
                if self.units_house(near) == defender:
                    nearby += units_value(state.units[near], target, False)
            total += nearby // 2
        return total

    def own_support(self, target: str, exclude: str, live: bool) -> int:
        """What the house's own units next to ``target`` could add to an attack there: its Support orders
        once revealed, or (planning ahead) the units that could be given one."""
        state = self.state
        total = 0
        for near in SUPPORTERS[target]:
            if near == exclude or self.units_house(near) != self.house:
                continue
            if live:
                order = state.orders.get(near)
                if order is None or order.house != self.house or TOKENS[order.token].type != "support":
                    continue
                total += 1 if TOKENS[order.token].special else 0
            total += units_value(state.units[near], target, True)
        return total

    def needed_to_win(self, target: str, live: bool) -> tuple[int, str | None]:
        """The attacking strength (units, order and supports) that should win in ``target``, and the house
        defending it (``None`` for a neutral force). Counts the best house card either side still holds."""
        state = self.state
        if target in state.neutral_forces and not state.units.get(target):
            return state.neutral_forces[target], None
        units = state.units.get(target)
        defender = units[0].house if units else BOARD.home_of[target]
        need = self.defense_of(target, defender, live)
        need += self.best_card(defender) - self.best_card(self.house)
        if not self.wins_ties(self.house, defender):
            need += 1
        if not live:
            need += 1  # planning ahead: the defender may yet place more than we see
        return max(need, 1), defender
