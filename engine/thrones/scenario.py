"""Scenarios: a situation in the middle of a game of A Game of Thrones written in a few lines of TOML, in
the spirit of chess's FEN, and made into a position that loads and is played on. Tests use them instead of
hand-written procedure stacks; ``python -m engine scenario FILE`` shows one (``--save`` writes the
position). ``engine/thrones/POSITION.md`` describes positions, and scenarios with an example.

An example::

    # Round 3, the Action phase: Tyrell is about to march on Blackwater.
    players = 6
    round = 3
    phase = "action"
    step = "march"

    [units]
    the-reach = "tyrell knight knight"
    blackwater = "lannister footman"
    stoney-sept = "lannister footman knight"

    [orders]
    the-reach = "tyrell march+1*"
    blackwater = "lannister defense+1"
    stoney-sept = "lannister support+0"

``players`` and a ``phase`` or ``step`` are needed; everything left out is as the setup for that many
players has it (shuffled with ``seed``). The keys:

================  =======================================================================================
players           3 to 6
seed              seeds the setup's shuffles and everything drawn later (default 0)
tides_of_battle   true to play with the Tides of Battle cards (default false)
round             1 to 10 (default 1); a Westeros phase comes in round 2 or later
phase, step       where the game stands (below); either may be left out when the other says it
units             ``area = "house kind kind ..."``: every unit on the board, replacing the setup's; a kind
                  ending in ``!`` is routed (``"stark footman knight!"``); a list of words does as well
orders            ``area = "house token"``, tokens as the notation writes them (``march+1*``, ``raid``,
                  ``support+0``, ``defense+2*``, ``consolidate*``...). At the planning phase's orders step
                  these are orders placed face down: every house named has placed a full legal set and
                  may still change it; the others are asked. At every later step they are revealed on
                  the board. The Westeros phase has none.
power_tokens      ``area = "house"``: power tokens establishing control
garrisons         ``area = strength``, replacing the setup's garrisons; ``neutral_forces`` likewise
power             ``house = available power``; the houses left out keep the setup's. ``supply`` likewise
tracks            ``throne``, ``fiefdoms``, ``court`` = the houses in play, first to last
hands             ``house = [house cards in hand]``; the house's other cards are in its discard pile
restrictions      the order restrictions of the coming Planning phase (``no-support``...); none in the
                  Action phase, since they end with the Planning phase
wildling_threat   0 to 12 (even); at the draw step, the threat before the cards' wildling icons
wildling_card     the top card of the wildling deck
blade_used        whether the Valyrian Steel Blade was used this round; ``raven_used`` likewise
battle            the support step's battle: ``area`` (the embattled area), ``from`` (the area of the
                  March order that began it) and ``army`` (the units marching in, off the board now)
westeros          the draw step's ``cards``: the cards drawn from decks I, II, III (a shorter list leaves
                  the later decks as the seed shuffled them)
bidding           the bidding step's ``track``: throne (the default), fiefdoms or court
================  =======================================================================================

The steps, by phase (the first is the phase's own; ``step = "planning"`` means it too), and what the
game waits for there:

=========  ===========  ==================================================================================
planning   orders       orders from every house yet to place them (in turn order when some house has more
                        areas than orders it may place)
           raven        the Messenger Raven's holder (first on the King's Court)
action     raid         the first house in turn order with a Raid order: its raid
           march        the first house in turn order with a March order: its march
           support      a battle begun by the March order in ``battle.from``: the support declarations of
                        the Support orders that can reach it, in turn order (the house cards when none can)
           consolidate  the first house in turn order with a Consolidate Power order that could muster
westeros   draw         the Westeros phase from its start: the cards drawn resolve, and the game waits for
                        what they ask (a muster, bids, a choice...)
           bidding      Clash of Kings bids for ``bidding.track``
           wildlings    bids for the Night's Watch against a wildling attack of strength ``wildling_threat``
           mustering    the Mustering card: each house's muster in turn order
           supply       the Supply card: the houses over their new supply limit reconcile
=========  ===========  ==================================================================================

Where a step has nothing to decide (a raid with no target, a consolidation that cannot muster), the rules
play it as they would in a game, and the scenario waits for what comes next.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.core.errors import IllegalAction, PositionError, ScenarioError, quote
from engine.core.scenario import Table, one_of, parse
from engine.thrones.action import ActionFrame
from engine.thrones.bidding import TRACK_ORDER, ClashOfKingsFrame
from engine.thrones.board import BOARD, FACTS
from engine.thrones.combat.frame import CombatFrame
from engine.thrones.combat.neutral import NeutralAttackFrame
from engine.thrones.combat.support import support_areas
from engine.thrones.consolidate import ConsolidateFrame
from engine.thrones.control import unit_counts
from engine.thrones.frame import ThronesFrame
from engine.thrones.game import ThronesGame
from engine.thrones.invariants import problems
from engine.thrones.marches import MarchesFrame, defender_of, entry, land_destinations, ship_destinations
from engine.thrones.mustering import MusteringFrame
from engine.thrones.orders import OWNED, RESTRICTIONS, TOKENS
from engine.thrones.planning import (
    AssignOrdersFrame,
    PlanningFrame,
    RavenFrame,
    in_turn_order,
    validate_orders,
)
from engine.thrones.raids import RaidsFrame
from engine.thrones.reconcile import SupplyFrame
from engine.thrones.round import RoundFrame
from engine.thrones.setup import new_state
from engine.thrones.state import Order, State, Unit
from engine.thrones.westeros import ROMAN, WesterosFrame
from engine.thrones.wildlings import WildlingAttackFrame

STEPS: dict[str, tuple[str, ...]] = {
    "planning": ("orders", "raven"),
    "action": ("raid", "march", "support", "consolidate"),
    "westeros": ("draw", "bidding", "wildlings", "mustering", "supply"),
}
PHASE_OF = {step: phase for phase, steps in STEPS.items() for step in steps}
STEP_TABLES = {"battle": "support", "westeros": "draw", "bidding": "bidding"}  # a table only one step reads


def load(text: str) -> ThronesGame:
    """The game a scenario's TOML text describes; raises ScenarioError naming the key at fault."""
    return _build(parse(text))


def build(spec: Mapping[str, Any]) -> ThronesGame:
    """The game a scenario describes, given as the TOML's tables (dicts; tuples do for lists)."""
    return _build(Table(spec))


def _build(spec: Table) -> ThronesGame:
    players = spec.int("players", low=min(ThronesGame.PLAYERS), high=max(ThronesGame.PLAYERS))
    seed = spec.int("seed", 0, high=2**64 - 1)
    state = new_state(players, seed, spec.bool("tides_of_battle", False))
    phase, step = _phase_and_step(spec)
    for table, owner in STEP_TABLES.items():
        if table in spec and step != owner:
            raise spec.fail(table, f"belongs to the {owner} step; this scenario is at the {step} step")
    state.round = _round(spec, phase)
    _tracks(spec, state)
    _units(spec, state)
    _places(spec, state)
    _per_house(spec, state)
    _hands(spec, state)
    _wildlings_and_restrictions(spec, state, phase)
    battle = spec.table("battle")
    origin = battle.text("from") if battle is not None else None
    orders = _orders(spec, state, phase, exempt=origin)
    if step == "orders":
        state.stack = _planning_stack(spec, state, orders)
    else:
        state.orders, state.orders_revealed = orders, phase != "westeros"
        state.stack = _stack(spec, state, step, battle)
    spec.finish()
    _check_unit_limits(spec, state)
    return _play(state)


def _phase_and_step(spec: Table) -> tuple[str, str]:
    phase = spec.choice("phase", STEPS, "a phase", None)
    step = spec.text("step", None)
    if step in STEPS:  # a phase's name as the step: its first step
        if phase is not None and phase != step:
            raise spec.fail("step", f"{quote(step)} is the {step} phase, not a step of the {phase} phase")
        phase, step = step, STEPS[step][0]
    if step is None:
        if phase is None:
            raise spec.fail("phase", f"is missing: say where the game stands ({one_of(STEPS)})")
        return phase, STEPS[phase][0]
    if step not in PHASE_OF:
        raise spec.fail("step", f"{quote(step)} is not a step ({one_of(PHASE_OF)})")
    if phase is not None and PHASE_OF[step] != phase:
        raise spec.fail(
            "step", f"{quote(step)} is a step of the {PHASE_OF[step]} phase, not the {phase} phase"
        )
    return PHASE_OF[step], step


def _round(spec: Table, phase: str) -> int:
    number = spec.int("round", 1, low=1, high=FACTS.last_round)
    if phase == "westeros" and number == 1:
        raise spec.fail("round", "is 1, but the Westeros phase comes in round 2 or later")
    return number


def _area(table: Table, name: str, area: str) -> str:
    if area not in BOARD.kind:
        raise table.fail(name, f"{quote(area)} is not an area of the map")
    return area


def _house(table: Table, name: str, house: str, state: State) -> str:
    if house not in state.houses:
        raise table.fail(name, f"{quote(house)} is not a house in this game ({one_of(state.houses)})")
    return house


def _tracks(spec: Table, state: State) -> None:
    tracks = spec.table("tracks")
    if tracks is None:
        return
    for track in TRACK_ORDER:
        if track in tracks:
            order = tracks.words(track)
            if sorted(order) != sorted(state.houses):
                raise tracks.fail(track, f"lists the houses in play ({one_of(state.houses)}), each once")
            setattr(state, track, order)
    tracks.finish()


def _units(spec: Table, state: State) -> None:
    table = spec.table("units")
    if table is None:
        return
    state.units = {}
    for area in table.names():
        _area(table, area, area)
        words = table.words(area)
        if len(words) < 2:
            raise table.fail(area, 'is a house and its units, e.g. "stark footman knight"')
        house = _house(table, area, words[0], state)
        units = []
        for word in words[1:]:
            kind = word.removesuffix("!")
            if kind not in FACTS.unit_limits:
                raise table.fail(area, f"{quote(kind)} is not a unit kind ({one_of(FACTS.unit_limits)})")
            if (kind == "ship") != (BOARD.kind[area] != "land"):
                raise table.fail(
                    area, f"a {kind} cannot stand in {BOARD.name(area)}, a {BOARD.kind[area]} area"
                )
            units.append(Unit(house, kind, routed=word.endswith("!")))
        state.units[area] = units


def _places(spec: Table, state: State) -> None:
    """Power tokens, garrisons and neutral forces."""
    tokens = spec.table("power_tokens")
    if tokens is not None:
        state.power_tokens = {}
        for area in tokens.names():
            _area(tokens, area, area)
            if area not in BOARD.land:
                raise tokens.fail(area, "a power token establishes control only on land")
            state.power_tokens[area] = _house(tokens, area, tokens.text(area), state)
    for name in ("garrisons", "neutral_forces"):
        table = spec.table(name)
        if table is not None:
            setattr(state, name, {_area(table, a, a): table.int(a, low=1) for a in table.names()})


def _per_house(spec: Table, state: State) -> None:
    """Available power and supply levels, for the houses named."""
    for name, high in (("power", FACTS.power_tokens_per_house), ("supply", len(FACTS.supply_limits) - 1)):
        table = spec.table(name)
        if table is not None:
            values = getattr(state, name)
            for house in table.names():
                values[_house(table, house, house, state)] = table.int(house, high=high)


def _hands(spec: Table, state: State) -> None:
    table = spec.table("hands")
    if table is None:
        return
    for house in table.names():
        _house(table, house, house, state)
        own = [card for card in FACTS.house_cards if FACTS.house_cards[card].house == house]
        hand = table.words(house)
        for card in hand:
            if card not in own:
                raise table.fail(house, f"{quote(card)} is not a house card of House {house.title()}")
        if not hand or len(set(hand)) != len(hand):
            raise table.fail(house, "is a hand of one or more house cards, each once")
        state.hands[house] = hand
        state.discards[house] = [card for card in own if card not in hand]


def _wildlings_and_restrictions(spec: Table, state: State, phase: str) -> None:
    restrictions = spec.words("restrictions") if "restrictions" in spec else []
    if restrictions and phase == "action":
        raise spec.fail("restrictions", "end with the Planning phase: the Action phase has none")
    for restriction in restrictions:
        if restriction not in RESTRICTIONS:
            raise spec.fail(
                "restrictions", f"{quote(restriction)} is not a restriction ({one_of(RESTRICTIONS)})"
            )
    state.restrictions = restrictions
    threat = spec.int("wildling_threat", state.wildling_threat)
    if threat not in FACTS.wildling_track:
        track = ", ".join(map(str, FACTS.wildling_track))
        raise spec.fail("wildling_threat", f"is {threat}, not a space of the wildling track ({track})")
    state.wildling_threat = threat
    card = spec.choice("wildling_card", FACTS.wildling_cards, "a wildling card", None)
    if card is not None:
        state.wildling_deck.remove(card)
        state.wildling_deck.insert(0, card)
    state.blade_used = spec.bool("blade_used", False)
    state.raven_used = spec.bool("raven_used", False)


def _orders(spec: Table, state: State, phase: str, exempt: str | None) -> dict[str, Order]:
    """The orders given, each on an area holding its house's units (but ``exempt``: a battle's March order,
    whose army has left), and no house with more tokens of a kind than it owns."""
    table = spec.table("orders")
    if table is None:
        return {}
    if phase == "westeros":
        raise spec.fail("orders", "are on the board only in the Planning and Action phases")
    orders = {}
    for area in table.names():
        _area(table, area, area)
        words = table.words(area)
        if len(words) != 2:
            raise table.fail(area, 'is a house and its order token, e.g. "stark march+1*"')
        house = _house(table, area, words[0], state)
        token = words[1]
        if token not in TOKENS:
            raise table.fail(area, f"{quote(token)} is not an order token ({one_of(TOKENS)})")
        units = state.units.get(area)
        if area != exempt and not (units and units[0].house == house):
            raise table.fail(area, f"House {house.title()} has no units in {BOARD.name(area)} to give it to")
        orders[area] = Order(house, token)
    placed = Counter((order.house, order.token) for order in orders.values())
    for (house, token), count in sorted(placed.items()):
        if count > OWNED[token]:
            raise spec.fail(
                "orders", f"House {house.title()} has {count} {token} orders; it owns {OWNED[token]}"
            )
    return orders


def _planning_stack(spec: Table, state: State, orders: dict[str, Order]) -> list[ThronesFrame]:
    """The orders step: the orders given are placed face down, each house's a legal set."""
    submitted: dict[str, dict[str, str]] = {}
    for area, order in sorted(orders.items()):
        submitted.setdefault(order.house, {})[area] = order.token
    for house, placed in submitted.items():
        try:
            validate_orders(state, house, placed)
        except IllegalAction as error:
            raise spec.fail("orders", f"House {house.title()}'s orders are not legal: {error}") from None
    assign = AssignOrdersFrame(sequential=in_turn_order(state), submitted=submitted)
    return [RoundFrame(next="action"), PlanningFrame(step="reveal"), assign]


def _stack(spec: Table, state: State, step: str, battle: Table | None) -> list[ThronesFrame]:
    """The procedure stack of every step but the orders step."""
    if step == "raven":
        return [RoundFrame(next="action"), PlanningFrame(step="done"), RavenFrame(holder=state.court[0])]
    if step == "raid":
        return [RoundFrame(next="end"), ActionFrame(step="marches"), RaidsFrame()]
    if step == "march":
        return [RoundFrame(next="end"), ActionFrame(step="consolidate"), MarchesFrame()]
    if step == "support":
        fight = _battle(spec, state, battle)
        turn = (state.throne.index(fight.attacker) + 1) % len(state.throne)  # the attacker has just marched
        return [RoundFrame(next="end"), ActionFrame(step="consolidate"), MarchesFrame(turn=turn), fight]
    if step == "consolidate":
        return [RoundFrame(next="end"), ActionFrame(step="cleanup"), ConsolidateFrame()]
    if step == "draw":
        _draw(spec, state)
        state.round -= 1  # the Westeros phase begins by moving the round marker on
        return [RoundFrame(next="westeros")]
    # A Westeros card's effect, the last of the phase's cards to resolve.
    westeros: list[ThronesFrame] = [RoundFrame(next="planning"), WesterosFrame(step="resolve")]
    if step == "bidding":
        return [*westeros, ClashOfKingsFrame(track=TRACK_ORDER.index(_bidding_track(spec)))]
    if step == "wildlings":
        return [
            *westeros,
            WildlingAttackFrame(strength=state.wildling_threat, participants=list(state.throne)),
        ]
    if step == "mustering":
        return [*westeros, MusteringFrame()]
    return [*westeros, SupplyFrame()]


def _bidding_track(spec: Table) -> str:
    bidding = spec.table("bidding")
    if bidding is None:
        return "throne"
    track: str = bidding.choice("track", TRACK_ORDER, "an influence track", "throne")
    bidding.finish()
    return track


def _battle(spec: Table, state: State, battle: Table | None) -> CombatFrame | NeutralAttackFrame:
    if battle is None:
        raise spec.fail("battle", "is missing: the support step needs its battle (area, from and army)")
    origin = _area(battle, "from", battle.text("from"))
    area = _area(battle, "area", battle.text("area"))
    army = battle.words("army")
    battle.finish()
    order = state.orders.get(origin)
    if order is None or TOKENS[order.token].type != "march":
        raise battle.fail("from", f"{BOARD.name(origin)} holds no March order (see orders.{origin})")
    attacker = order.house
    staying = state.units.get(origin)
    if staying and staying[0].house != attacker:
        raise battle.fail("from", f"{BOARD.name(origin)} holds House {staying[0].house.title()}'s units")
    for kind in army:
        if kind not in FACTS.unit_limits:
            raise battle.fail("army", f"{quote(kind)} is not a unit kind ({one_of(FACTS.unit_limits)})")
    ships = [kind for kind in army if kind == "ship"]
    if not army or (ships and len(ships) != len(army)):
        raise battle.fail("army", "is one or more units, ships or land units but not both")
    if ships:
        reach = ship_destinations(state, attacker, origin)
    else:
        reach = land_destinations(state, attacker, origin) if origin in BOARD.land else set()
    if area not in reach:
        raise battle.fail(
            "area", f"{BOARD.name(area)} is out of reach of {' '.join(army)} in {BOARD.name(origin)}"
        )
    try:
        fight = entry(state, attacker, area)
    except IllegalAction as error:
        raise battle.fail("area", str(error)) from None
    if fight == "move":
        raise battle.fail(
            "area", f"House {attacker.title()} would move into {BOARD.name(area)} without a fight"
        )
    queue = support_areas(state, area)
    if fight == "neutral":
        return NeutralAttackFrame(
            area=area,
            origin=origin,
            attacker=attacker,
            march_token=order.token,
            army=army,
            queue=queue,
            value=state.neutral_forces[area],
        )
    return CombatFrame(
        area=area,
        origin=origin,
        attacker=attacker,
        defender=defender_of(state, area),
        march_token=order.token,
        army=army,
        queue=queue,
    )


def _draw(spec: Table, state: State) -> None:
    """Put the draw step's cards on top of their decks."""
    westeros = spec.table("westeros")
    if westeros is None:
        return
    cards = westeros.words("cards")
    westeros.finish()
    if not 1 <= len(cards) <= len(state.westeros_decks):
        raise westeros.fail("cards", "names one card for each of decks I, II and III, in order (up to three)")
    for index, card in enumerate(cards):
        deck = state.westeros_decks[index]
        if card not in deck:
            raise westeros.fail(
                "cards", f"{quote(card)} is not a card of deck {ROMAN[index]} ({one_of(set(deck))})"
            )
        deck.remove(card)
        deck.insert(0, card)


def _check_unit_limits(spec: Table, state: State) -> None:
    for house in state.houses:
        for kind, count in unit_counts(state, house).items():
            if count > FACTS.unit_limits[kind]:
                raise spec.fail(
                    "units",
                    f"House {house.title()} has {count} {kind} units; it owns {FACTS.unit_limits[kind]}",
                )


def _play(state: State) -> ThronesGame:
    """The game, run on to its first decision, and sound there."""
    try:
        game = ThronesGame.from_position(state.to_json())
    except PositionError as error:
        raise ScenarioError("", f"the situation cannot be played: {error.reason}") from None
    found = problems(game.state)
    if found:
        raise ScenarioError("", f"the situation breaks the rules: {'; '.join(found)}")
    return game
