"""Invariants every position of a battle keeps, checked by the property tests: ``problems(state)`` lists
what is wrong, in words; an empty list means the state is sound."""

from __future__ import annotations

from collections import Counter

from engine.battles.orders import OrderFrame
from engine.battles.state import State


def problems(state: State) -> list[str]:
    found: list[str] = []
    pack, plan, field = state.pack, state.plan, state.field
    places = Counter(unit.at for unit in state.units.values())
    found += [f"{at}: {count} units on one hex" for at, count in places.items() if count > 1]
    for uid, unit in state.units.items():
        if unit.at not in field.hexes or field.terrain[unit.at].movement == "impassable":
            found.append(f"{uid}: on {unit.at}, where no unit may stand")
        if not 1 <= unit.strength <= pack.units[unit.type].strength:
            found.append(f"{uid}: strength {unit.strength}")
    for house, setup in plan.houses.items():
        on_cards = sum(
            card.tokens for cid, card in state.commanders.items() if pack.commanders[cid].house == house
        )
        if state.command_tokens[house] + on_cards != setup.command_tokens:
            found.append(f"{house}: command tokens not conserved")
        cards = Counter(state.hands[house]) + Counter(state.decks[house]) + Counter(state.discards[house])
        cards.update(f.card for f in state.stack if f.kind == "card" and f.house == house)  # type: ignore[attr-defined]
        fielded = {p.commander for p in setup.units if p.commander}
        deck = {
            cid
            for cid, card in pack.cards.items()
            if card.house == house and card.commander in (None, *fielded)
        }
        if cards != Counter(deck):
            found.append(f"{house}: leadership cards out of place")
        if min(state.vp[house], state.eliminated[house], state.exited[house]) < 0:
            found.append(f"{house}: a negative count")
    for cid, card in state.commanders.items():
        if not 0 <= card.tokens <= pack.commanders[cid].command_limit:
            found.append(f"{cid}: {card.tokens} command tokens on the card")
    if not 0 <= state.morale_space <= pack.morale.spaces or (state.morale_house is None) != (
        state.morale_space == 0
    ):
        found.append(f"morale marker off the track ({state.morale_house}, {state.morale_space})")
    if not 1 <= state.round <= plan.rounds:
        found.append(f"round {state.round}")
    marked = {h for o in plan.victory.objectives if o.control == "marker" for h in o.hexes}
    found += [f"{at}: a control marker off the objectives" for at in state.markers if at not in marked]
    for frame in state.stack:
        if isinstance(frame, OrderFrame):
            waiting = set(frame.to_move) | set(frame.may_attack)
            found += [
                f"{uid}: ordered but inactive"
                for uid in waiting
                if uid in state.units and not state.units[uid].active
            ]
        if frame.kind == "command" and frame.turns == 0 and not frame.passed:  # type: ignore[attr-defined]
            found += [
                f"{uid}: inactive when the command phase begins"
                for uid, u in state.units.items()
                if not u.active
            ]
    return found
