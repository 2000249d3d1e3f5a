"""What an attack can reach and what it does (rulebook: "Secuencia de combate" steps 2, 3 and 5, "Resolver el
ataque" A to C, "Distancia", "Línea de visión", "Enfrentando al enemigo", and the keywords that change them).
The combat sequence itself, with its decisions, is :mod:`engine.battles.combat`.

Reach. Range counts the hexes from the attacker to the target, the target's included: a melee unit attacks
adjacent enemies, a ranged unit those within its range to which it has a line of sight. Terrain that blocks
sight and every unit, friend or foe, are obstacles; a ranged unit on hills sees over units. A unit in a fire
hex cannot attack. An engaged ranged unit may shoot only the unit it is engaged with (it breaks away only by
moving); an engaged melee unit may attack another adjacent enemy, breaking away. War Hounds attack at 2 or 3
hexes, never adjacent, if the unit has not moved and is not engaged; friendly units do not block their
sight, rivers do.

Dice. The order table's for the attacker's rank (the War Hounds' die may set another rank), capped by
terrain before modifiers: hills 3 against a unit on them unless the attacker is on hills too, forest 2
against a unit in it and for a unit in it, building 2 for a ranged attacker in it, ford 2 for a counterattack
from it. Then the modifiers of an attack ("when attacking": a card's dice, a commander's dice ability,
Unwieldy's one fewer after a move) and, with the setting ``reduced_strength``, one die fewer for a unit that
has lost half its figures. Counterattacks and parting blows take no "when attacking" modifier.

Hits. A shield hits a target whose defending rank is its colour (Heavy Armor defends one rank up). Valor hits
unless the attacker's card has no valor hits, or the target is cavalry and the attacker is not, or the
target is a red unit with Heavy Armor. Cover (terrain: a building, unless the unit is engaged under its own
house's token) and Resilience each ignore that many hits of every attack.

Readings where the rulebook is silent, tested in tests/engine/battles/test_attacks.py and test_combat.py:
- A ranged unit may shoot an adjacent enemy (it is within its range, and adjacent units always see each
  other); it is still a ranged attack: it neither engages nor flanks, and gives no counterattack.
- Modifiers never take the dice below none.
- A War Hounds attack is a ranged attack: a ranged unit's caps (a building's 2) apply to it.
- In a coordinated attack (the FAQ's variant) each supporting unit adds the dice its rank rolls against the
  target, capped by terrain and less one for reduced strength, then less one: the lead's modifiers are the
  lead's alone, as its keywords are. The lead's card decides valor's hits for the dice rolled together.
"""

from __future__ import annotations

from engine.battles import engagement, keywords
from engine.battles.state import State, Unit

RANKS_UP = {"green": "blue", "blue": "red", "red": "red"}


def label(state: State, unit: Unit) -> str:
    """``House Stark's green Northern Warhost``."""
    return f"House {unit.house.title()}'s {unit.rank} {state.pack.units[unit.type].name}"


def in_fire(state: State, uid: str) -> bool:
    return state.units[uid].at in state.fire


def in_reach(state: State, uid: str, tid: str) -> bool:
    """Whether the target is within the attacker's range and in its line of sight (its normal attack)."""
    attacker, target = state.units[uid], state.units[tid]
    unit_type = state.pack.units[attacker.type]
    distance = state.field.distance(attacker.at, target.at)
    if distance > unit_type.range:
        return False
    if distance == 1:
        return True  # units always see adjacent units
    over_units = unit_type.ranged and state.kind(attacker.at) == "hills"
    occupied = set() if over_units else set(state.occupied())
    return state.field.sees(attacker.at, target.at, lambda h: h in occupied or state.terrain(h).blocks_sight)


def hounds_reach(state: State, uid: str, tid: str) -> bool:
    """Whether the unit's War Hounds reach the target: 2 or 3 hexes away, in a sight that friendly units
    do not block and river hexes do."""
    attacker, target = state.units[uid], state.units[tid]
    if not 2 <= state.field.distance(attacker.at, target.at) <= 3:
        return False
    enemies = {unit.at for unit in state.units.values() if unit.house != attacker.house}

    def blocks(place: str) -> bool:
        kind = state.kind(place)
        return place in enemies or state.terrain(place).blocks_sight or kind in ("river", "forest-river")

    return state.field.sees(attacker.at, target.at, blocks)


def hounds(state: State, uid: str, tid: str) -> bool:
    """Whether an attack of the unit on the target is its War Hounds' (it has the keyword; 2 or 3 hexes)."""
    distance = state.field.distance(state.units[uid].at, state.units[tid].at)
    return distance >= 2 and keywords.has(state, uid, "war-hounds")


def ranged(state: State, uid: str, tid: str) -> bool:
    """Whether the attack is a ranged attack (a ranged unit's, or War Hounds'), not a melee attack."""
    return state.pack.units[state.units[uid].type].ranged or hounds(state, uid, tid)


def targets(state: State, uid: str, moved: bool = False) -> list[str]:
    """The enemy units the unit may attack from where it stands, by id, in hex order. ``moved``: the unit
    has moved this turn (its War Hounds then stay leashed)."""
    if in_fire(state, uid):
        return []
    attacker = state.units[uid]
    partner = engagement.partner(state, uid)
    shooter = state.pack.units[attacker.type].ranged
    leashed = moved or partner is not None or not keywords.has(state, uid, "war-hounds")
    found = []
    for tid, unit in state.units.items():
        if unit.house == attacker.house or (shooter and partner is not None and tid != partner):
            continue
        if in_reach(state, uid, tid) or (not leashed and hounds_reach(state, uid, tid)):
            found.append(tid)
    return sorted(found, key=lambda tid: state.units[tid].at)


def reduced(state: State, uid: str) -> bool:
    """Whether the unit counts as reduced in strength for the FAQ's variant: it has lost at least half its
    figures, half rounded up (two of four, two of three)."""
    unit = state.units[uid]
    full = state.pack.units[unit.type].strength
    return state.variant("reduced_strength") and full - unit.strength >= (full + 1) // 2


def base_dice(state: State, uid: str, tid: str, mode: str = "attack", rank: str | None = None) -> int:
    """The dice of the unit's rank (or of ``rank``, set by War Hounds), capped by terrain, less one for
    reduced strength: the dice before the modifiers of an attack."""
    attacker, target = state.units[uid], state.units[tid]
    count = state.pack.units[attacker.type].orders[rank or attacker.rank].dice
    under, over = state.terrain(attacker.at), state.terrain(target.at)
    caps = [under.dice_from]
    if ranged(state, uid, tid):
        caps.append(under.ranged_dice_from)
    if mode == "counter":
        caps.append(under.counter_dice_from)
    if not (state.kind(target.at) == "hills" and state.kind(attacker.at) == "hills"):
        caps.append(over.dice_against)
    count = min([count, *(cap for cap in caps if cap is not None)])
    return count - (1 if reduced(state, uid) else 0)


def dice(
    state: State,
    uid: str,
    tid: str,
    extra: int = 0,
    *,
    mode: str = "attack",
    moved: bool = False,
    rank: str | None = None,
    supporters: tuple[str, ...] = (),
) -> int:
    """The attack dice. ``mode`` is ``attack`` (an ordered unit's, a pursuit's second attack too),
    ``counter`` or ``parting``; only an attack takes the modifiers "when attacking": ``extra`` (the card's),
    the commander's dice ability and Unwieldy (``moved``: the unit moved before attacking). Each supporting
    unit of a coordinated attack adds its dice less one. Never fewer than none."""
    count = base_dice(state, uid, tid, mode, rank)
    if mode == "attack":
        count += extra + (keywords.ability(state, uid, "dice") or 0)
        if moved and keywords.has(state, uid, "unwieldy"):
            count -= 1
    count += sum(max(0, base_dice(state, sid, tid) - 1) for sid in supporters)
    return max(0, count)


def defending_rank(state: State, tid: str) -> str:
    """The rank a unit defends as: its own, one up with Heavy Armor."""
    unit = state.units[tid]
    return RANKS_UP[unit.rank] if keywords.has(state, tid, "heavy-armor") else unit.rank


def valor_hits(state: State, uid: str, tid: str) -> bool:
    """Whether the attacker's valor results hit the target."""
    kinds = state.pack.units
    attacker, target = state.units[uid], state.units[tid]
    if kinds[attacker.type].no_valor_hits:
        return False
    if kinds[target.type].unit_class == "cavalry" and kinds[attacker.type].unit_class != "cavalry":
        return False
    return not (target.rank == "red" and keywords.has(state, tid, "heavy-armor"))


def hits(state: State, uid: str, tid: str, faces: list[str]) -> int:
    """The hits the faces score on the target, before cover."""
    rank = defending_rank(state, tid)
    valor = valor_hits(state, uid, tid)
    return sum(1 for face in faces if face == rank or (face == "valor" and valor))


def cover(state: State, tid: str) -> int:
    """The hits of each attack the target ignores: its hex's Cover (none while engaged under its own house's
    token), its Cover and Resilience keywords."""
    unit = state.units[tid]
    terrain = 0 if engagement.own_token(state, tid) else state.terrain(unit.at).cover
    return terrain + keywords.number(state, tid, "cover") + keywords.number(state, tid, "resilience")
