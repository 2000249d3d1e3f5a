"""Attacks (rulebook: "Secuencia de combate" steps 1-3 and 5-8, "Distancia", "Línea de visión"), with the
hits of coloured shields and of valor.

Range counts the hexes from the attacker to the target, the target's included: a melee unit attacks only
adjacent enemies, a ranged unit those within its range to which it has a line of sight. Terrain that blocks
sight and every unit, friend or foe, are obstacles; a ranged unit on hills sees over units. The dice are the
order table's for the attacker's rank, capped by terrain before modifiers (hills 3 and forest 2 against a
unit there, forest 2 for a unit in it, building 2 for a ranged unit in it), then modified. A shield hits a
target of its rank; valor hits but for an attacker that has no valor hits, or a cavalry target of an
attacker that is not cavalry. Each hit removes a figure, the banner bearer last; removing the banner bearer
eliminates the unit, which raises the attacker's morale by its rank (1, 2 or 3).

Readings where the rulebook is silent, tested in tests/engine/battles/test_attacks.py: a ranged unit may
shoot an adjacent enemy (it is within its range, and adjacent units always see each other); modifiers never
take the dice below none.

Still to come with the rest of combat: engagement and flanks, parting blows, counterattacks, the morale
flags' retreats, cover, keywords and the capture of commanders. Until then a commander's figure is not
removed by hits (the rulebook takes it only by capture), and a roll's morale flags are reported only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.battles import morale
from engine.battles.state import State, Unit
from engine.core.dice import Die, roll

if TYPE_CHECKING:
    from engine.battles.game import BattlesGame


def targets(state: State, uid: str) -> list[str]:
    """The enemy units the unit may attack from where it stands, by id, in hex order."""
    attacker = state.units[uid]
    return sorted(
        (
            tid
            for tid, unit in state.units.items()
            if unit.house != attacker.house and in_reach(state, uid, tid)
        ),
        key=lambda tid: state.units[tid].at,
    )


def in_reach(state: State, uid: str, tid: str) -> bool:
    """Whether the target is within the attacker's range and in its line of sight."""
    attacker, target = state.units[uid], state.units[tid]
    unit_type = state.pack.units[attacker.type]
    field = state.field
    distance = field.distance(attacker.at, target.at)
    if distance > unit_type.range:
        return False
    if distance == 1:
        return True  # units always see adjacent units
    see_over_units = unit_type.ranged and field.kind[attacker.at] == "hills"
    occupied = set() if see_over_units else set(state.occupied())
    return field.sees(attacker.at, target.at, lambda h: h in occupied or field.terrain[h].blocks_sight)


def dice(state: State, uid: str, tid: str, extra: int = 0) -> int:
    """The attack dice: the rank's, capped by terrain, then modified by ``extra`` (cards) and the
    attacker's own ability; never fewer than none."""
    attacker, target = state.units[uid], state.units[tid]
    unit_type = state.pack.units[attacker.type]
    field = state.field
    count = unit_type.orders[attacker.rank].dice
    under, over = field.terrain[attacker.at], field.terrain[target.at]
    caps = [under.dice_from, under.ranged_dice_from if unit_type.ranged else None]
    if not (field.kind[target.at] == "hills" and field.kind[attacker.at] == "hills"):
        caps.append(over.dice_against)
    count = min([count, *(cap for cap in caps if cap is not None)])
    ability = state.pack.commanders[attacker.commander].unit_ability if attacker.commander else None
    if ability is not None and ability.kind == "dice":
        extra += ability.delta
    return max(0, count + extra)


def hits(state: State, uid: str, tid: str, faces: list[str]) -> int:
    attacker, target = state.units[uid], state.units[tid]
    kinds = state.pack.units
    valor = not kinds[attacker.type].no_valor_hits and (
        kinds[target.type].unit_class != "cavalry" or kinds[attacker.type].unit_class == "cavalry"
    )
    return sum(1 for face in faces if face == target.rank or (face == "valor" and valor))


def resolve(game: BattlesGame, uid: str, tid: str, extra: int = 0) -> None:
    """Roll the attack and take its hits; the attacker's banner turns to inactive."""
    state = game.state
    attacker, target = state.units[uid], state.units[tid]
    count = dice(state, uid, tid, extra)
    reason = f"the attack from {attacker.at} on {target.at}"
    faces = roll(game, Die("battles", state.pack.die), count, seat=attacker.house, reason=reason)
    scored = hits(state, uid, tid, faces)
    flags = faces.count("morale")
    game.count("attacks")
    flagged = f" and {flags} morale flag{'s' if flags != 1 else ''}" if flags else ""
    game.emit(
        "attack",
        f"{scored} hit{'s' if scored != 1 else ''}{flagged} on {label(state, target)} at {target.at}.",
        attacker=attacker.at,
        target=target.at,
        faces=faces,
        hits=scored,
        flags=flags,
    )
    attacker.active = False
    take_hits(game, tid, scored, attacker.house)


def take_hits(game: BattlesGame, tid: str, count: int, by: str) -> None:
    """Remove ``count`` figures from the unit, the banner bearer last (a commander's figure stays: it is
    taken only by capture); eliminating the unit raises ``by``'s morale."""
    state = game.state
    unit = state.units[tid]
    floor = 1 if unit.commander else 0
    unit.strength = max(floor, unit.strength - count)
    if unit.strength == 0:
        eliminate(game, tid, by)


def eliminate(game: BattlesGame, tid: str, by: str) -> None:
    state = game.state
    unit = state.units.pop(tid)
    state.eliminated[by] += 1
    state.vp[by] += state.plan.victory.eliminate_vp
    game.count("eliminations")
    game.emit(
        "eliminated",
        f"{label(state, unit)} at {unit.at} is eliminated.",
        unit=tid,
        house=unit.house,
        at=unit.at,
    )
    morale.raise_morale(game, by, morale.ELIMINATION[unit.rank], f"for a {unit.rank} unit eliminated")


def label(state: State, unit: Unit) -> str:
    """``House Stark's green Northern Warhost``."""
    return f"House {unit.house.title()}'s {unit.rank} {state.pack.units[unit.type].name}"
