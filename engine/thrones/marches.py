"""Step 2 of the Action phase: march orders, one per house in turn order until none is left.

A march moves any of the area's units (never routed ones) to adjacent areas, land units also along a
chain of seas holding the house's ships (ship transport). Ships move to an adjacent sea, into a port
whose land area the house controls, or out of a port into its sea. A house that empties a land area
may leave a power token there to keep control. Moving into an area that holds only another house's
power token takes the area and returns the token to the pool. No march may leave the house over its
supply limit.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from data.thrones_names import Counted, Named
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.thrones.actions import Action, March
from engine.thrones.board import BOARD, FACTS
from engine.thrones.combat.neutral import NeutralAttackFrame
from engine.thrones.combat.strength import breakdown
from engine.thrones.combat.support import support_areas
from engine.thrones.control import controller
from engine.thrones.frame import ThronesFrame, expect
from engine.thrones.orders import TOKENS
from engine.thrones.phrases import units as unit_list
from engine.thrones.ports import settle_port
from engine.thrones.state import State, Unit, remembered
from engine.thrones.supply import within_limit
from engine.thrones.turns import next_with_orders
from i18n import Said, nsaid, psaid, said

if TYPE_CHECKING:
    from engine.thrones.combat.frame import CombatFrame
    from engine.thrones.game import ThronesGame


def own_ships_in(state: State, area: str, house: str) -> bool:
    units = state.units.get(area)
    return bool(units) and units[0].house == house and units[0].kind == "ship"


def land_destinations(state: State, house: str, source: str) -> frozenset[str]:
    """Land areas a land unit in ``source`` can reach: adjacent ones, and any coast along a chain of seas
    that each hold at least one of the house's ships (routed ships carry too). Kept in the units' memo
    until they change: the march steps ask it for every order, every try and every check."""
    return remembered(state, house, ("land", source), _land_destinations, state, house, source)


# The land areas next to each area: all a land unit reaches with no ship of its house next to it.
_NEAR_LANDS: dict[str, frozenset[str]] = {
    area: frozenset(near) for area, near in BOARD.adjacent_lands.items()
}


def _land_destinations(state: State, house: str, source: str) -> frozenset[str]:
    frontier = [sea for sea in BOARD.adjacent_seas[source] if own_ships_in(state, sea, house)]
    if not frontier:
        return _NEAR_LANDS[source]
    reachable = set(BOARD.adjacent_lands[source])
    seen = set(frontier)
    while frontier:
        sea = frontier.pop()
        reachable.update(BOARD.adjacent_lands[sea])
        for nxt in BOARD.adjacent_seas[sea]:
            if nxt not in seen and own_ships_in(state, nxt, house):
                seen.add(nxt)
                frontier.append(nxt)
    reachable.discard(source)
    return frozenset(reachable)


def ship_destinations(state: State, house: str, source: str) -> set[str]:
    if source in BOARD.port:
        return {BOARD.port_sea[source]}
    destinations = set(BOARD.adjacent_seas[source])
    for area in BOARD.adjacent[source]:
        if area in BOARD.port and controller(state, BOARD.port_land[area]) == house:
            destinations.add(area)
    return destinations


def entry(state: State, house: str, dest: str) -> str:
    """What moving units of the house into ``dest`` means: ``"move"``, ``"combat"`` (another house's units,
    or a garrison defending its home area) or ``"neutral"`` (a neutral force). Raises for an area nobody
    may enter."""
    if dest in state.impassable:
        raise IllegalAction("{area} is impassable in this game.", area=Named("areas", dest))
    return _entry_open(state, house, dest)


def _entry_open(state: State, house: str, dest: str) -> str:
    """What :func:`entry` says of an area known to be passable."""
    units = state.units.get(dest)
    if units and units[0].house != house:
        return "combat"
    if dest in state.neutral_forces:
        return "neutral"
    if dest in state.garrisons and BOARD.home_of.get(dest) != house:
        return "combat"
    return "move"


def defender_of(state: State, dest: str) -> str:
    units = state.units.get(dest)
    return units[0].house if units else BOARD.home_of[dest]


def movable_units(state: State, area: str, house: str) -> dict[str, int]:
    """kind -> the house's units in ``area`` able to march (not routed), kinds in order of appearance."""
    movable: dict[str, int] = {}
    for unit in state.units.get(area, ()):
        if unit.house == house and not unit.routed:
            movable[unit.kind] = movable.get(unit.kind, 0) + 1
    return movable


def _power_bar(state: State, house: str, source: str) -> str | None:
    """What keeps the house from leaving a power token in ``source`` once it is empty: ``"sea"``,
    ``"home"``, ``"held"`` or ``"none-left"``; ``None`` when nothing does. The march schema asks this of
    every order, so the refusal is worded only when a player needs it (:func:`can_leave_power`)."""
    if source not in BOARD.land:
        return "sea"
    if BOARD.home_of.get(source) == house:
        return "home"
    if state.power_tokens.get(source) == house:
        return "held"
    if state.power[house] < 1:
        return "none-left"
    return None


def can_leave_power(state: State, house: str, source: str) -> Said | None:
    """Why the house may not leave a power token in ``source`` once it is empty, or ``None``."""
    bar = _power_bar(state, house, source)
    if bar == "sea":
        return said("Power tokens establish control only on land areas.")
    if bar == "home":
        return said(
            "{area} is your home area: it stays yours without a power token.", area=Named("areas", source)
        )
    if bar == "held":
        return said("You already have a power token in {area}.", area=Named("areas", source))
    if bar == "none-left":
        return said("You have no available power token to leave behind.")
    return None


def neutral_reach(state: State, house: str, source: str, dest: str, kinds: tuple[str, ...]) -> int:
    """The most a march on a neutral force could muster: its units, its order, and every support that
    could back it."""
    probe = NeutralAttackFrame(
        area=dest, origin=source, attacker=house, march_token=state.orders[source].token, army=list(kinds)
    )
    probe.support = dict.fromkeys(support_areas(state, dest), house)
    return breakdown(state, probe, house)["total"]


_Fight = tuple[str, tuple[str, ...], str]  # a march's move into a fight: destination, units sent, entry


def validate_march(state: State, house: str, march: March) -> None:
    """Raise unless the march is legal for the house now."""
    source = march.source
    order = state.orders.get(source)
    if order is None or order.house != house or TOKENS[order.token].type != "march":
        raise IllegalAction("You have no March order in {area}.", area=Named("areas", source))
    movable = movable_units(state, source, house)
    requested: dict[str, int] = {}  # kind -> units sent
    changes: dict[str, int] = {}  # area -> units more (or fewer) there
    land_reach: set[str] | None = None
    fights: list[_Fight] = []
    for dest, kinds in march.moves:
        if dest == source:
            raise IllegalAction("Units that stay where they are need no move.")
        for kind in kinds:
            requested[kind] = requested.get(kind, 0) + 1
        ships = kinds.count("ship")
        if ships and ships != len(kinds):
            raise IllegalAction(
                "Ships and land units cannot move together to {area}.", area=Named("areas", dest)
            )
        if ships:
            if dest not in ship_destinations(state, house, source):
                raise IllegalAction(
                    "Ships in {source} cannot move to {area}.",
                    source=Named("areas", source),
                    area=Named("areas", dest),
                )
        else:
            if source not in BOARD.land:
                raise IllegalAction("Only ships move at sea.")
            if land_reach is None:
                land_reach = land_destinations(state, house, source)
            if dest not in land_reach:
                raise IllegalAction(
                    "{area} is neither adjacent to {source} nor reachable by your ships.",
                    area=Named("areas", dest),
                    source=Named("areas", source),
                )
        how = entry(state, house, dest)
        if how != "move":
            fights.append((dest, kinds, how))
        changes[dest] = changes.get(dest, 0) + len(kinds)
        changes[source] = changes.get(source, 0) - len(kinds)
        if dest in BOARD.port and len(state.units.get(dest, [])) + changes[dest] > FACTS.port_capacity:
            raise IllegalAction(
                nsaid(
                    "A port holds at most {count} ship.",
                    "A port holds at most {count} ships.",
                    FACTS.port_capacity,
                )
            )
    for kind, count in requested.items():
        able = movable.get(kind, 0)
        if count > able:
            raise IllegalAction(
                nsaid(
                    "You have {units} able to march in {area}, not {wanted} (routed units cannot march).",
                    "You have {units} able to march in {area}, not {wanted} (routed units cannot march).",
                    able,
                    units=Counted(kind, able),
                    area=Named("areas", source),
                    wanted=count,
                )
            )
    refusal = _outcome_refusal(state, house, source, fights, changes)
    if refusal is not None:
        raise IllegalAction(refusal)
    if march.leave_power:
        staying = len(state.units.get(source, [])) + changes.get(source, 0)
        if staying > 0:
            raise IllegalAction("You can leave a power token only in an area all your units leave.")
        reason = can_leave_power(state, house, source)
        if reason is not None:
            raise IllegalAction(reason)


# The refusals of a march as a whole that say nothing of the board, made once: schema_allows meets them
# at many of its tries.
_ONE_FIGHT = said("A march order starts at most one combat: only one destination may hold enemies.")
_OVER_SUPPLY = said("That march would put you over your supply limit.")


def _outcome_refusal(
    state: State, house: str, source: str, fights: list[_Fight], changes: dict[str, int]
) -> Said | None:
    """Why what a march does as a whole is not allowed, its units going only where they may, or ``None``:
    one fight at most, a neutral force it could beat, the house's supply limit kept (``changes``: area ->
    units more or fewer there)."""
    if len(fights) > 1:
        return _ONE_FIGHT
    if fights and fights[0][2] == "neutral":
        dest, kinds, _ = fights[0]
        best = neutral_reach(state, house, source, dest, kinds)
        if best < state.neutral_forces[dest]:
            return said(
                "The neutral force of {area} has strength {strength}; this march could reach {best} at most, "
                "even with every possible support.",
                area=Named("areas", dest),
                strength=state.neutral_forces[dest],
                best=best,
            )
    if not within_limit(state, house, changes):
        return _OVER_SUPPLY
    return None


def schema_allows(state: State, house: str, march: March, order: dict[str, Any]) -> bool:
    """Whether :func:`validate_march` accepts the march (one whose every move sends units), read from
    ``order``, the entry for its source in a march schema (:func:`march_schema`) built on this very board:
    where each kind may go, what it meets there and how many may march are the schema's; only what the
    march does as a whole (ports filled, fights, supply, a power token left behind) is worked out. For a
    player drawing tries from the schema, who needs a yes or no many times; the engine still validates
    every action it is given."""
    destinations = order["destinations"]
    able = order["units"]
    sent: dict[str, int] = {}  # kind -> units sent
    changes: dict[str, int] = {}  # area -> units more (or fewer) there
    fights: list[_Fight] = []
    for dest, kinds in march.moves:
        reach = destinations.get(dest)
        if reach is None or not kinds:
            return False
        for kind in kinds:
            if kind not in reach["units"]:
                return False
            count = sent[kind] = sent.get(kind, 0) + 1
            if count > able.get(kind, 0):
                return False
        if reach["entry"] != "move":
            fights.append((dest, kinds, reach["entry"]))
        changes[dest] = changes.get(dest, 0) + len(kinds)
        if dest in BOARD.port and len(state.units.get(dest, ())) + changes[dest] > FACTS.port_capacity:
            return False
    source = march.source
    if changes:
        changes[source] = -sum(sent.values())
    if march.leave_power:
        staying = len(state.units.get(source, ())) + changes.get(source, 0)
        if staying > 0 or not order["may_leave_power"]:
            return False
    return _outcome_refusal(state, house, source, fights, changes) is None


def _take_unit(pool: list[Unit], kind: str) -> Unit:
    """Remove from ``pool`` its first unit of ``kind`` able to march, and give it."""
    for index, unit in enumerate(pool):
        if unit.kind == kind and not unit.routed:
            return pool.pop(index)
    raise ValueError(f"no {kind} able to march")


# "2 footmen and a knight" for a march's units (a tuple of kinds): the same few groups come back all game,
# and no march sends more units than an area holds.
_units_text = functools.cache(unit_list)


@functools.cache
def _combat_frame() -> type[CombatFrame]:
    """The combat frame's class, imported on first use (its module imports this one), once: an import
    statement run at every attack costs more than this look-up."""
    from engine.thrones.combat.frame import CombatFrame

    return CombatFrame


def resolve_march(game: ThronesGame, house: str, march: March) -> None:
    """Move the units; the moves without a fight come first, then the one fight, if any, begins."""
    state = game.state
    source = march.source
    token = state.orders[source].token
    ports_to_settle = set()  # land areas with a port, whose control the march may have changed
    moved_text = []
    fight: tuple[str, tuple[str, ...]] | None = None
    pool = state.units[source]
    for dest, kinds in march.moves:
        taken = [_take_unit(pool, kind) for kind in kinds]
        if entry(state, house, dest) != "move":
            fight = (dest, kinds)
            continue
        present = state.units.get(dest)
        if present is None:
            state.units[dest] = taken  # stored once, rather than an empty list stored and then extended
        else:
            present.extend(taken)
        token_owner = state.power_tokens.get(dest)
        if token_owner is not None and token_owner != house:
            del state.power_tokens[dest]
            game.emit(
                "power-token-removed",
                f"House {token_owner.title()}'s power token in {BOARD.name(dest)} returns to the pool.",
                area=dest,
                house=token_owner,
            )
        if dest in BOARD.port_of:
            ports_to_settle.add(dest)
        moved_text.append(f"{_units_text(kinds)} to {BOARD.name(dest)}")
    if not pool:
        del state.units[source]
        if source in BOARD.port_of:
            ports_to_settle.add(source)
        if march.leave_power and source in BOARD.land:
            state.power_tokens[source] = house
            state.power[house] -= 1
    for dest, _ in march.moves:
        game.mark("marches", source, dest, house)
    if fight is None:
        del state.orders[source]
    else:
        verb = "attacks" if len(fight[1]) == 1 else "attack"
        moved_text.append(f"{_units_text(fight[1])} {verb} {BOARD.name(fight[0])}")
    text = f"House {house.title()} marches from {BOARD.name(source)}: " + (
        "; ".join(moved_text) if moved_text else "no unit moves"
    )
    if march.leave_power:
        text += "; it leaves a power token there"
    game.emit(
        "march",
        text + ".",
        house=house,
        source=source,
        moves=[[dest, list(kinds)] for dest, kinds in march.moves],
        leave_power=march.leave_power,
        attack=None if fight is None else fight[0],
    )
    if fight is not None:
        dest, army = fight[0], list(fight[1])
        queue = support_areas(state, dest)
        if dest in state.neutral_forces:
            value = state.neutral_forces[dest]
            game.push(
                NeutralAttackFrame(
                    area=dest,
                    origin=source,
                    attacker=house,
                    march_token=token,
                    army=army,
                    queue=queue,
                    value=value,
                )
            )
        else:
            defender = defender_of(state, dest)
            game.push(
                _combat_frame()(
                    area=dest,
                    origin=source,
                    attacker=house,
                    march_token=token,
                    army=army,
                    queue=queue,
                    defender=defender,
                )
            )
    for land in sorted(ports_to_settle):
        settle_port(game, land)


def march_schema(state: State, house: str, sources: list[str]) -> dict[str, Any]:
    """What the house's march orders in ``sources`` (see :func:`house_orders`) can do."""
    impassable = state.impassable
    orders = {}
    for source in sources:
        movable = movable_units(state, source, house)
        destinations: dict[str, dict[str, Any]] = {}
        land_kinds = sorted([k for k in movable if k != "ship"])
        if land_kinds and source in BOARD.land:
            for dest in sorted(land_destinations(state, house, source)):
                if dest not in impassable:
                    destinations[dest] = {"units": land_kinds, "entry": _entry_open(state, house, dest)}
        if "ship" in movable:
            for dest in sorted(ship_destinations(state, house, source)):
                if dest not in impassable:
                    destinations[dest] = {"units": ["ship"], "entry": _entry_open(state, house, dest)}
        orders[source] = {
            "units": dict(sorted(movable.items())),
            "destinations": destinations,
            "may_leave_power": _power_bar(state, house, source) is None,
        }
    return {"orders": orders}


# What the step waits for, said once here rather than at every march.
_AWAITED = psaid("awaited", "a march ('march SOURCE -> DEST UNITS, ...' or 'march SOURCE -> none')")


@dataclass
class MarchesFrame(ThronesFrame):
    """Turn order is read from the Iron Throne track at each turn. Should Doran Martell reorder the track
    in the middle of this step, the turns go on from the position after the house that just marched, so
    a house moved past that position waits for the next round of turns."""

    kind = "marches"
    turn: int = 0

    def run(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        found = next_with_orders(state, self.turn, "march")
        if found is None:
            game.pop(self)
            return None
        self.turn, sources = found
        house = state.throne[self.turn]
        schema = march_schema(state, house, sources)
        if len(sources) == 1 and not schema["orders"][sources[0]]["destinations"]:
            self._resolve(game, house, March(sources[0], ()))  # nothing can move: no choice to make
            return None
        self.offer(house, schema)
        return [
            Decision(
                house=house,
                kind="march",
                prompt="Resolve one of your march orders: move units from it (or none).",
                secret=False,
                default=March(sources[0], ()),
                schema=schema,
            )
        ]

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(action, March, what=_AWAITED)
        assert isinstance(action, March)
        # A march the schema offered allows (schema_allows) is not worked out again by validate_march,
        # which still says why any other is refused.
        schema = self.take_offer(house)
        order = None if schema is None else schema["orders"].get(action.source)
        if order is None or not schema_allows(game.state, house, action, order):
            validate_march(game.state, house, action)
        self._resolve(game, house, action)

    def _resolve(self, game: ThronesGame, house: str, march: March) -> None:
        self.turn = (self.turn + 1) % len(game.state.throne)
        resolve_march(game, house, march)

    def describe(self, game: ThronesGame, viewer: str | None) -> dict[str, Any]:
        return {"step": "marches"}
