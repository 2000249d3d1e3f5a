"""Engagement tokens (rulebook: "Enfrentando al enemigo", "Colocar ficha de enfrentamiento", "Dejar de estar
enfrentado", "Eliminar enfrentamientos").

A token lies on the edge between two adjacent enemy units, and a unit has at most one: a unit is engaged
with the unit across the edge its token is on. A melee attack on an unengaged unit places the attacker's
house's token between them; an engaged unit attacking the unit it is engaged with turns the token to its
own house. A token goes when either unit leaves its hex (moving off, retreating, eliminated) or when an
engaged melee unit attacks another enemy; only a unit that breaks away by its own move or attack suffers
a parting blow (engine/battles/combat.py).
"""

from __future__ import annotations

from engine.battles.state import Engagement, State


def token(state: State, uid: str) -> Engagement | None:
    """The engagement token on the unit's hex, if any."""
    return next((e for e in state.engagements if uid in e.units), None)


def partner(state: State, uid: str) -> str | None:
    """The unit this unit is engaged with, if any."""
    found = token(state, uid)
    if found is None:
        return None
    a, b = found.units
    return b if a == uid else a


def engage(state: State, attacker: str, target: str) -> None:
    """Put the attacker's house's token between the attacker and its target, in place of any token
    either had (a token already between them turns to the attacker's house)."""
    release(state, attacker)
    release(state, target)
    state.engagements.append(Engagement(state.units[attacker].house, (attacker, target)))


def release(state: State, uid: str) -> None:
    """Take the unit's engagement token off the board (both units it joined are free)."""
    state.engagements = [e for e in state.engagements if uid not in e.units]


def clean(state: State) -> None:
    """Drop every token that no longer joins two adjacent units on the board: a unit eliminated, or moved
    by an effect the players resolved themselves."""
    field = state.field
    kept = []
    for engagement in state.engagements:
        a, b = engagement.units
        if (
            a in state.units
            and b in state.units
            and field.distance(state.units[a].at, state.units[b].at) == 1
        ):
            kept.append(engagement)
    state.engagements = kept


def own_token(state: State, uid: str) -> bool:
    """Whether the unit is engaged under a token of its own house (a building gives it no cover then)."""
    found = token(state, uid)
    return found is not None and found.house == state.units[uid].house
