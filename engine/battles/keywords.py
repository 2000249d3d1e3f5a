"""The keywords of a unit (rulebook: "Rasgos y palabras clave"): those of its unit reference card and those
its commander's unit abilities give it, each with its number (``pursue 2``: 2; others 0).

Loyal is the one keyword any unit may gain from where it stands: a defending unit next to two friendly
units is Loyal while it is so. "Two" is read as "at least two": a unit with three friends beside it is no
less supported than one with two.
"""

from __future__ import annotations

from engine.battles.state import State


def keywords(state: State, uid: str) -> dict[str, int]:
    """The unit's keywords, each with its number (the highest, if it has one twice)."""
    unit = state.units[uid]
    written = list(state.pack.units[unit.type].keywords)
    if unit.commander is not None:
        abilities = state.pack.commanders[unit.commander].unit_abilities
        written += [effect.keyword for effect in abilities if effect.kind == "keyword" and effect.keyword]
    found: dict[str, int] = {}
    for keyword in written:
        name, _, number = keyword.partition(" ")
        found[name] = max(found.get(name, 0), int(number or 0))
    return found


def has(state: State, uid: str, name: str) -> bool:
    return name in keywords(state, uid)


def number(state: State, uid: str, name: str) -> int:
    """The number of a keyword the unit has (``cover 1``: 1), 0 if it has not the keyword."""
    return keywords(state, uid).get(name, 0)


def ability(state: State, uid: str, kind: str) -> int | None:
    """The amount of the unit's commander's unit ability of that kind (0 for abilities without one), or
    None if the unit has no such ability."""
    commander = state.units[uid].commander
    found = state.pack.commanders[commander].ability(kind) if commander else None
    return None if found is None else found.delta


def loyal(state: State, uid: str) -> bool:
    """Whether the unit is Loyal: by keyword, or, defending, standing next to at least two friendly units."""
    if has(state, uid, "loyal"):
        return True
    unit = state.units[uid]
    around = set(state.field.neighbours[unit.at])
    friends = sum(1 for other in state.units.values() if other.house == unit.house and other.at in around)
    return friends >= 2
