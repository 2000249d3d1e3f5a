"""Invariants every position of a battle keeps, checked by the property tests: ``problems(state)`` lists
what is wrong, in words; an empty list means the state is sound."""

from __future__ import annotations

from collections import Counter

from data.battles_model import Pack
from engine.battles.orders import OrderFrame
from engine.battles.state import State


def problems(state: State) -> list[str]:
    found: list[str] = []
    pack, plan, field = state.pack, state.plan, state.field
    places = Counter(unit.at for unit in state.units.values())
    found += [f"{at}: {count} units on one hex" for at, count in places.items() if count > 1]
    for uid, unit in state.units.items():
        stranded = unit.at not in field.hexes or state.terrain(unit.at).movement == "impassable"
        if stranded and not any(getattr(f, "unit", None) == uid for f in state.stack):  # not retreating
            found.append(f"{uid}: on {unit.at}, where no unit may stand")
        if not 1 <= unit.strength <= pack.units[unit.type].strength:
            found.append(f"{uid}: strength {unit.strength}")
        if unit.commander is not None and state.commanders[unit.commander].captured_by is not None:
            found.append(f"{uid}: led by a captured commander")
    found += _engagements(state)
    found += _fire(state)
    for house, setup in plan.houses.items():
        on_cards = sum(
            card.tokens for cid, card in state.commanders.items() if pack.commanders[cid].house == house
        )
        if state.command_tokens[house] + on_cards != setup.command_tokens:
            found.append(f"{house}: command tokens not conserved")
        cards = [*state.hands[house], *state.decks[house], *state.discards[house]]
        cards += [f.card for f in state.stack if f.kind == "card" and f.house == house]  # type: ignore[attr-defined]
        fielded = tuple(sorted(cid for cid in state.commanders if pack.commanders[cid].house == house))
        if sorted(cards) != _deck(pack, house, fielded):
            found.append(f"{house}: leadership cards out of place")
        if min(state.vp[house], state.eliminated[house], state.exited[house]) < 0:
            found.append(f"{house}: a negative count")
    for cid, card in state.commanders.items():
        if not 0 <= card.tokens <= pack.commanders[cid].command_limit:
            found.append(f"{cid}: {card.tokens} command tokens on the card")
        if card.captured_by is not None and (card.tokens or state.commander_hex(cid)):
            found.append(f"{cid}: captured, yet on the board or holding command tokens")
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


def _engagements(state: State) -> list[str]:
    """Each token joins two adjacent units of different houses, and a unit has at most one."""
    found = []
    seen: Counter[str] = Counter()
    for token in state.engagements:
        a, b = token.units
        seen.update(token.units)
        if a not in state.units or b not in state.units:
            found.append(f"an engagement token of a unit no longer on the board ({a}, {b})")
            continue
        ua, ub = state.units[a], state.units[b]
        if ua.house == ub.house or token.house not in (ua.house, ub.house):
            found.append(f"an engagement token between {ua.at} and {ub.at} of the wrong houses")
        if state.field.distance(ua.at, ub.at) != 1:
            found.append(f"an engagement token between {ua.at} and {ub.at}, which are not adjacent")
    found += [f"{uid}: {count} engagement tokens" for uid, count in seen.items() if count > 1]
    return found


def _fire(state: State) -> list[str]:
    """Every fire is of level 1 to its hex's burn limit."""
    found = []
    for place, level in state.fire.items():
        limit = state.terrain(place).burn
        if place not in state.field.hexes or limit is None or not 1 <= level <= min(limit, 4):
            found.append(f"{place}: a fire of level {level} where at most {limit} may burn")
    return found


_DECKS: dict[tuple[str, str, tuple[str, ...]], list[str]] = {}


def _deck(pack: Pack, house: str, fielded: tuple[str, ...]) -> list[str]:
    """Every leadership card of the house's deck: its basic cards and its commanders' cards, sorted."""
    key = (pack.hash, house, fielded)
    if key not in _DECKS:
        own = [(cid, card) for cid, card in pack.cards.items() if card.house == house]
        _DECKS[key] = sorted(cid for cid, card in own if card.commander in (None, *fielded))
    return _DECKS[key]
