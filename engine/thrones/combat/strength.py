"""Combat strength (rulebook: "Calcular la Fuerza de combate inicial" and "final").

A side adds up its fighting units (routed ones count 0; a siege engine 4 only when attacking, or
supporting an attack on, an area with a castle or stronghold), the attacker's March order or the
defender's Defense order, the defender's garrison, its supporters, and once revealed its house card,
its Tides of Battle card and the Valyrian Steel Blade. Strength is never below 0.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.thrones.board import FACTS
from engine.thrones.combat import cards
from engine.thrones.combat.support import still_supporting, support_bonus
from engine.thrones.orders import TOKENS
from engine.thrones.state import State

if TYPE_CHECKING:
    from engine.thrones.combat.battle import Battle


def support_strength(state: State, battle: Battle, area: str, backing: str) -> int:
    units = state.units.get(area, [])
    total = sum(cards.unit_value(state, battle, u.house, u.kind, u.routed, backing) for u in units)
    return total + support_bonus(state, area)


def breakdown(state: State, battle: Battle, house: str) -> dict[str, int]:
    """The parts of a side's strength, and their ``total``."""
    parts: dict[str, int] = {}
    if house == battle.attacker:
        parts["units"] = sum(
            cards.unit_value(state, battle, house, kind, False, house) for kind in battle.army
        )
        parts["order"] = TOKENS[battle.march_token].bonus
    else:
        fighting = state.units.get(battle.area, [])
        parts["units"] = sum(
            cards.unit_value(state, battle, u.house, u.kind, u.routed, house) for u in fighting
        )
        parts["order"] = cards.defense_bonus(state, battle)
        parts["garrison"] = state.garrisons.get(battle.area, 0)
    support = 0  # a loop, not sum() over a generator: most battles have no support to add
    for area, side in battle.support.items():
        if side == house and still_supporting(state, area):
            support += support_strength(state, battle, area, house)
    parts["support"] = support
    if battle.revealed:
        parts["card"] = cards.card_strength(state, battle, house)
    tides = battle.tides.get(house)
    if tides is not None and battle.tides_revealed:
        parts["tides"] = FACTS.tides_cards[tides].strength
    if battle.blade_plus == house:
        parts["blade"] = 1
    parts["total"] = max(0, sum(parts.values()))
    return parts


def total(state: State, battle: Battle, house: str) -> int:
    return breakdown(state, battle, house)["total"]


def supporters(state: State, battle: Battle) -> list[dict[str, Any]]:
    """Each area still supporting a side: the area, its house, the side it backs and what it adds."""
    found = []
    for area, side in sorted(battle.support.items()):
        if side in (battle.attacker, battle.defender) and still_supporting(state, area):
            units = state.units.get(area, [])
            owner = units[0].house if units else ""
            found.append(
                {
                    "area": area,
                    "house": owner,
                    "backs": side,
                    "strength": support_strength(state, battle, area, side),
                }
            )
    return found


def strength_text(parts: dict[str, int]) -> str:
    """``4 (units 3, order +1)``: a side's strength and its parts, for a person."""
    shown = [
        f"{name} {value:+d}" if name != "units" else f"units {value}"
        for name, value in parts.items()
        if name != "total" and value
    ]
    return f"{parts['total']} ({', '.join(shown)})" if shown else str(parts["total"])
