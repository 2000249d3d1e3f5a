"""The morale track (rulebook: "Medidor de moral", "Recuperar moral", "Huida").

One marker stands between the two houses' segments, which meet at the nexus's start space. Moving it toward
a house lowers that house's morale and raises the other's by as much. A segment's spaces are numbered
outward from the nexus; it ends in a Rout space (the marker reaching it routs that army: an instant defeat)
or in a plain space where the marker stops until pushed back (``morale_end`` "rout" or "hold").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from data.battles_model import MoraleZone
from engine.battles.state import State

if TYPE_CHECKING:
    from engine.battles.game import BattlesGame

# The morale a house gains for eliminating an enemy unit, by the unit's rank.
ELIMINATION = {"green": 1, "blue": 2, "red": 3}


def depth(state: State, house: str) -> int:
    """How far the marker stands into ``house``'s segment: its space there, or minus its space on the other
    house's segment (0 at the start space). The greater, the lower the house's morale."""
    if state.morale_house is None:
        return 0
    return state.morale_space if state.morale_house == house else -state.morale_space


def raise_morale(game: BattlesGame, house: str, amount: int, why: str) -> None:
    """Raise ``house``'s morale by ``amount`` spaces (lower it, if negative): the marker moves away from the
    house, and stops at the last space of a segment. ``why`` ends the event's text ("for ...")."""
    state = game.state
    before = depth(state, house)
    after = max(-state.pack.morale.spaces, min(state.pack.morale.spaces, before - amount))
    _place(state, house, after)
    verb = "raises" if amount > 0 else "lowers"
    where = describe(state)
    game.emit(
        "morale",
        f"{game.seat_label(house)} {verb} its morale by {abs(amount)} {why}: the marker is {where}.",
        house=house,
        amount=amount,
        moved=before - after,
        marker={"house": state.morale_house, "space": state.morale_space},
    )


def _place(state: State, house: str, at: int) -> None:
    if at == 0:
        state.morale_house, state.morale_space = None, 0
    elif at > 0:
        state.morale_house, state.morale_space = house, at
    else:
        state.morale_house, state.morale_space = state.other(house), -at


def describe(state: State) -> str:
    if state.morale_house is None:
        return "on the start space"
    zone = state.pack.morale.zone_at(state.morale_space)
    colour = f", in the {zone.colour} zone" if zone else ""
    return f"on space {state.morale_space} of House {state.morale_house.title()}'s segment{colour}"


def routed(state: State) -> str | None:
    """The house whose army flees: the marker on the last space of its segment, a Rout space."""
    side = state.morale_house
    if side is None or state.morale_space < state.pack.morale.spaces:
        return None
    return side if state.plan.houses[side].morale_end == "rout" else None


def zone(state: State, house: str) -> MoraleZone | None:
    """The zone of the house's own segment the marker stands in, if any."""
    if state.morale_house != house:
        return None
    return state.pack.morale.zone_at(state.morale_space)


def at_least(state: State, house: str, colour: str) -> bool:
    """Whether "your morale is ``colour`` or better": the marker is not nearer to the house than its
    ``colour`` zone."""
    return depth(state, house) <= state.pack.morale.zone(colour).last


def at_most(state: State, house: str, colour: str) -> bool:
    """Whether "enemy morale is ``colour`` or worse": the marker is in the house's ``colour`` zone or
    nearer to it."""
    return depth(state, house) >= state.pack.morale.zone(colour).first


def recover(game: BattlesGame) -> None:
    """Regroup step E: a marker in a coloured zone of a house's segment, on neither a morale rest nor a
    grey-bordered space, moves to the zone's rest (its space nearest the nexus: the house's morale rises).

    The rulebook says the house *may* recover. The marker is shared, and moving it to the rest only raises
    that house's morale, so no player refuses it: the engine applies it without asking (a prompt each
    round for a choice with one sensible answer)."""
    state = game.state
    side = state.morale_house
    found = zone(state, side) if side else None
    if side is None or found is None:
        return
    if state.morale_space <= found.rest or state.morale_space in state.pack.morale.grey:
        return  # on the rest (or nearer the nexus than it: moving there would lower morale), or grey
    raise_morale(game, side, state.morale_space - found.rest, f"recovering to its {found.colour} morale rest")
