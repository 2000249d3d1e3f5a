"""Leadership cards, commanders and zones of control (rulebook: "Jugar carta de liderazgo", "Cómo dar
órdenes a unidades con una carta de liderazgo", "Órdenes de mando", "Zona de control", "Tácticas",
"Habilidades activadas").

A card is played through one of the house's commanders on the board (any commander may play any card of
his house). Each command order executed costs command tokens, moved from the house's command board onto
the commander's card, which never holds more than the commander's command limit; every cost is paid before
any order is executed, and each order is executed at most once. The units a card orders or rallies, and
those its tactic picks, must stand in the commander's zone of control: the hexes within his ``zoc``
(2 in the core game) of his own.

A tactic is used if its requirement holds when the card is played: the order tokens it names are *checked*
in the pool (not spent; each token checked once), and the morale marker stands where it says. It resolves
before or after the command orders, as its timing says (the player's choice for "either").

Readings where the rulebook is silent, tested in tests/engine/battles/test_leadership.py (and the zone's
in tests/engine/battles/test_examples.py):
- The commander's own unit is in his zone of control (it stands at distance 0), so his cards may order it.
- "Order N units" orders any number of them up to N, none included: an ordered unit need not act either.
- A card may be played executing none of its command orders (paying nothing), for its tactic alone or for
  nothing: the rulebook has the player pay "for each command order he resolves".
- A commander's commit ability is used while a card is played through him, declared with the card's
  command orders and resolved before or after them as its own timing says; the rulebook gives no other
  moment (a turn is a token, a card or a pass), and its effects, like a tactic's, reach his zone.
- A tactic's effect reaches the commander's zone as it stands when the tactic resolves.
"""

from __future__ import annotations

import itertools
from collections import Counter

from data.battles_model import Card, Effect, Requirement, Tactic
from engine.battles import morale
from engine.battles.actions import Command, Play
from engine.battles.state import State

UNIT_ORDERS = ("order", "rally")  # command orders whose units the player picks ("order-all" takes them all)


def commanders_on_board(state: State, house: str) -> list[str]:
    return [
        cid
        for cid in state.commanders
        if state.pack.commanders[cid].house == house and state.commander_hex(cid)
    ]


def zone(state: State, commander: str) -> set[str]:
    """The hexes of the commander's zone of control (none once his unit has left the board)."""
    where = state.commander_hex(commander)
    return set(state.field.zone(where, state.pack.commanders[commander].zoc)) if where else set()


def plays(state: State, house: str) -> list[Play]:
    """Every card of the house's hand through every commander of the house on the board."""
    cards = sorted(set(state.hands[house]))
    return [Play(card, cid) for card in cards for cid in commanders_on_board(state, house)]


def eligible(state: State, house: str, commander: str, effect: Effect) -> list[str]:
    """The units (by id, in hex order) an effect may pick: for ``order`` and ``order-all`` the house's
    active units, for ``rally`` its inactive ones, for ``no-counterattack`` enemy units; all in the
    commander's zone, and of the effect's class and rank."""
    area = zone(state, commander)
    kinds = state.pack.units
    found = []
    for uid, unit in state.units.items():
        if unit.at not in area:
            continue
        if effect.kind == "no-counterattack":
            if unit.house != house:
                found.append(uid)
            continue
        if unit.house != house or unit.active != (effect.kind != "rally"):
            continue
        if effect.unit_class not in (None, kinds[unit.type].unit_class) or effect.rank not in (
            None,
            unit.rank,
        ):
            continue
        found.append(uid)
    return sorted(found, key=lambda uid: state.units[uid].at)


def unmet(state: State, house: str, requirement: Requirement) -> str | None:
    """Why a requirement does not hold now, or None if it does."""
    missing = Counter(requirement.tokens) - Counter(state.pools[house])
    if missing:
        return f"it checks {', '.join(sorted(missing.elements()))} in your order pool"
    if requirement.own_morale and not morale.at_least(state, house, requirement.own_morale):
        return f"your morale must be {requirement.own_morale} or better"
    enemy = state.other(house)
    if requirement.enemy_morale and not morale.at_most(state, enemy, requirement.enemy_morale):
        return f"the enemy's morale must be {requirement.enemy_morale} or worse"
    return None


def timings(tactic: Tactic | None) -> tuple[str | None, ...]:
    """A tactic's choices: not used, or used at the times its timing allows."""
    if tactic is None:
        return (None,)
    return (None, "before", "after") if tactic.timing == "either" else (None, tactic.timing)


def commands(state: State, house: str, card: Card, commander: str) -> list[Command]:
    """Every legal answer to the card's ``command`` decision: which command orders to execute (their costs
    payable from the command board within the commander's limit), and whether and when to use the tactic
    and the commander's commit ability."""
    limit = state.pack.commanders[commander].command_limit - state.commanders[commander].tokens
    purse = min(limit, state.command_tokens[house])
    numbers = range(1, len(card.command) + 1)
    subsets = [
        chosen
        for size in range(len(card.command) + 1)
        for chosen in itertools.combinations(numbers, size)
        if sum(card.command[n - 1].cost for n in chosen) <= purse
    ]
    tactic = card.tactic if card.tactic and unmet(state, house, card.tactic.requires) is None else None
    ability = state.pack.commanders[commander].commit_ability
    if state.commanders[commander].committed or (ability and unmet(state, house, ability.requires)):
        ability = None
    return [
        Command(chosen, when, commit)
        for chosen in subsets
        for when in timings(tactic)
        for commit in timings(ability)
    ]


def cost(card: Card, orders: tuple[int, ...]) -> int:
    return sum(card.command[number - 1].cost for number in orders)
