"""House cards in combat: when each ability acts, and the modifiers that hold while a card is in play.

Abilities resolve in the rulebook's order ("Las cartas de Casa"): texts that cancel first, then the
others as soon as the cards are revealed, then the texts that wait for the winner, each in Iron
Throne order and each finished before the next. The modifiers here are not steps: they apply whenever
strength or icons are counted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.thrones.board import BOARD, FACTS
from engine.thrones.combat.support import still_supporting
from engine.thrones.orders import TOKENS

if TYPE_CHECKING:
    from engine.thrones.combat.battle import Battle
    from engine.thrones.state import State

CANCEL = frozenset({"tyrion-lannister"})
IMMEDIATE = frozenset({"aeron-damphair", "doran-martell", "mace-tyrell", "queen-of-thorns"})
AFTER_WINNER = frozenset({"tywin-lannister", "cersei-lannister", "renly-baratheon", "roose-bolton"})


def printed(card: str | None) -> tuple[int, int, int]:
    if card is None:
        return 0, 0, 0
    info = FACTS.house_cards[card]
    return info.strength, info.swords, info.fortifications


def plays(combat: Battle, house: str, card: str) -> bool:
    return combat.cards.get(house) == card


def supported(state: State, combat: Battle, house: str) -> bool:
    """Whether some house backs ``house`` in this combat with a Support order still on the board."""
    return any(side == house and still_supporting(state, area) for area, side in combat.support.items())


def card_strength(state: State, combat: Battle, house: str) -> int:
    """The strength a house's card adds: printed (zero against Balon Greyjoy) plus its conditional bonus."""
    card = combat.cards.get(house)
    if card is None:
        return 0
    strength, _, _ = printed(card)
    opponent = combat.opponent(house)
    if plays(combat, opponent, "balon-greyjoy"):
        strength = 0
    if card == "stannis-baratheon" and state.throne.index(opponent) < state.throne.index(house):
        strength += 1
    if card == "ser-davos-seaworth" and "stannis-baratheon" in state.discards[house]:
        strength += 1
    if card == "theon-greyjoy" and house == combat.defender and BOARD.castle[combat.area]:
        strength += 1
    return max(strength, 0)


def swords(state: State, combat: Battle, house: str) -> int:
    card = combat.cards.get(house)
    _, count, _ = printed(card)
    if card == "ser-davos-seaworth" and "stannis-baratheon" in state.discards[house]:
        count += 1
    if card == "theon-greyjoy" and house == combat.defender and BOARD.castle[combat.area]:
        count += 1
    if card == "asha-greyjoy" and not supported(state, combat, house):
        count += 2
    if card == "nymeria-sand" and house == combat.attacker:
        count += 1
    tides = combat.tides.get(house)
    if tides is not None and combat.tides_revealed:
        count += FACTS.tides_cards[tides].swords
    return count


def fortifications(state: State, combat: Battle, house: str) -> int:
    card = combat.cards.get(house)
    _, _, count = printed(card)
    if card == "asha-greyjoy" and not supported(state, combat, house):
        count += 1
    if card == "nymeria-sand" and house == combat.defender:
        count += 1
    tides = combat.tides.get(house)
    if tides is not None and combat.tides_revealed:
        count += FACTS.tides_cards[tides].fortifications
    return count


def skulls(combat: Battle, house: str) -> int:
    tides = combat.tides.get(house)
    return FACTS.tides_cards[tides].skulls if tides is not None and combat.tides_revealed else 0


def unit_value(state: State, combat: Battle, owner: str, kind: str, routed: bool, backing: str) -> int:
    """The strength one unit adds to the side of ``backing`` (its owner fighting, or supporting)."""
    if routed:
        return 0
    if kind == "ship":
        baratheon_supported = plays(combat, "baratheon", "salladhor-saan") and supported(
            state, combat, "baratheon"
        )
        if baratheon_supported and owner != "baratheon":
            return 0
        doubled = owner == backing == combat.attacker and plays(combat, owner, "victarion-greyjoy")
        return 2 if doubled else 1
    if kind == "footman":
        doubled = owner == backing == combat.attacker and plays(combat, owner, "ser-kevan-lannister")
        return 2 if doubled else 1
    if kind == "knight":
        return 2
    return 4 if backing == combat.attacker and BOARD.castle[combat.area] else 0


def defense_bonus(state: State, combat: Battle) -> int:
    """The Defense order in the embattled area, for its defender (doubled by Catelyn Stark)."""
    order = state.orders.get(combat.area)
    if order is None or order.house != combat.defender or TOKENS[order.token].type != "defense":
        return 0
    bonus = TOKENS[order.token].bonus
    return bonus * 2 if plays(combat, combat.defender, "catelyn-stark") else bonus
