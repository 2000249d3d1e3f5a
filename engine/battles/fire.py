"""Fire (rulebook: "Quemar la tierra", "Condiciones de estado", "Fuego", and each terrain's burn limit in
"Poniente").

A hex's fire has a level, 1 to 4, never past the burn limit of its terrain; terrain without one never
burns. No unit may enter a fire hex; a unit in one cannot move out of it or attack, and may spend its whole
order putting it out. Instead of attacking, an ordered unit may try to put out an adjacent fire: one die,
which must show a green shield for a fire of level 1, blue for 2, red for 3, valor for 4. A unit with Scorch
the Earth may, instead of attacking, set fire to an adjacent empty hex that can burn: it rolls its attack
dice, and each green shield adds a level.

In each regroup phase (step A) every fire, in turn: 1. its terrain, at its burn limit, burns (forests and
buildings are destroyed, plain from then on; a wooden bridge is taken off the board with its fire; a
palisade, a tent, a siege tower are taken off); 2. a unit in it loses a figure for each level; 3. a fire of
level 4 spreads: a direction token drawn at random picks, through the battle's direction indicator, the
neighbour whose fire rises by a level (a new fire of level 1).

Readings where the rulebook is silent, tested in tests/engine/battles/test_fire.py:
- The scorch example places the destruction token once the forest's fire reaches its limit "as the status
  conditions describe": the terrain burns in the regroup phase, not at once.
- Each step runs over every fire before the next (terrain, then units, then spreading), so a fire spread
  in this regroup phase burns nobody until the next.
- Fire spreading toward a hex off the board, or one whose terrain cannot burn, or already at its limit,
  does nothing (the design note's default).
- Terrain a fire takes off the board shows the hex under it; a fire there is kept within that hex's burn
  limit (gone, if it cannot burn). A unit left standing on impassable ground (a wooden bridge burnt under
  it) retreats a hex, as a retreat forced on it; if it cannot, it is lost (eliminated: no unit may stand
  there).
- Scorching rolls the unit's dice as an attack would, capped by the terrain it stands in, with none of an
  attack's modifiers (it is no attack); a unit in fire may put out only its own hex.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.battles import keywords
from engine.battles.attack import in_fire, label, reduced
from engine.battles.damage import burn
from engine.battles.retreat import RetreatFrame
from engine.battles.state import State
from engine.core.dice import Die, roll
from engine.core.hexgrid import DIRECTIONS

if TYPE_CHECKING:
    from engine.battles.game import BattlesGame

# The face a die must show to put out a fire of each level.
PUT_OUT = {1: "green", 2: "blue", 3: "red", 4: "valor"}


def limit(state: State, place: str) -> int | None:
    return state.terrain(place).burn


def scorch_targets(state: State, uid: str) -> list[str]:
    """The hexes the unit may set fire to: adjacent, empty, able to burn and below their limit."""
    if not keywords.has(state, uid, "scorch-the-earth") or in_fire(state, uid):
        return []
    occupied = set(state.occupied())
    return sorted(
        place
        for place in state.field.neighbours[state.units[uid].at]
        if place not in occupied and (limit(state, place) or 0) > state.fire.get(place, 0)
    )


def extinguish_targets(state: State, uid: str) -> list[str]:
    """The fires the unit may put out: its own hex's, or else those of adjacent hexes."""
    at = state.units[uid].at
    if at in state.fire:
        return [at]
    return sorted(place for place in state.field.neighbours[at] if place in state.fire)


def scorch(game: BattlesGame, uid: str, place: str) -> None:
    state = game.state
    unit = state.units[uid]
    count = state.pack.units[unit.type].orders[unit.rank].dice
    cap = state.terrain(unit.at).dice_from
    count = max(0, min(count, cap if cap is not None else count) - (1 if reduced(state, uid) else 0))
    faces = roll(game, Die("battles", state.pack.die), count, seat=unit.house, reason=f"a fire at {place}")
    valor = keywords.ability(state, uid, "fire-valor") is not None
    levels = sum(1 for face in faces if face == "green" or (valor and face == "valor"))
    game.emit(
        "scorch",
        f"{label(state, unit)} at {unit.at} sets fire to {place}: {levels} "
        f"level{'s' if levels != 1 else ''}.",
        at=unit.at,
        target=place,
        faces=faces,
        levels=levels,
    )
    raise_fire(game, place, levels)


def raise_fire(game: BattlesGame, place: str, levels: int) -> None:
    """Add fire levels to a hex, within its burn limit."""
    state = game.state
    most = limit(state, place)
    if not levels or most is None:
        return
    level = min(most, state.fire.get(place, 0) + levels)
    if level == state.fire.get(place, 0):
        return
    state.fire[place] = level
    game.emit("fire", f"The fire at {place} is now of level {level}.", at=place, level=level)


def extinguish(game: BattlesGame, uid: str, place: str) -> None:
    state = game.state
    unit = state.units[uid]
    if place == unit.at:
        del state.fire[place]
        game.emit("extinguished", f"{label(state, unit)} puts out the fire at {place}.", at=place)
        return
    level = state.fire[place]
    reason = f"putting out the fire at {place} (level {level}: {PUT_OUT[level]} puts it out)"
    (face,) = roll(game, Die("battles", state.pack.die), 1, seat=unit.house, reason=reason)
    if face == PUT_OUT[level]:
        del state.fire[place]
        game.emit("extinguished", f"{label(state, unit)} puts out the fire at {place}.", at=place)
    else:
        game.emit("fire", f"The fire at {place} burns on.", at=place, level=level)


def regroup(game: BattlesGame) -> None:
    """Regroup step A: every fire burns its terrain, then the units in it, then spreads."""
    state = game.state
    burning = sorted(state.fire)
    for place in burning:
        burn_terrain(game, place)
    for place in burning:
        uid = state.unit_at(place)
        if uid is not None and place in state.fire:
            burn(game, uid, state.fire[place])
    for place in burning:
        if state.fire.get(place) == 4:
            spread(game, place)
    for uid, unit in sorted(state.units.items()):
        if state.terrain(unit.at).movement == "impassable":
            game.push(RetreatFrame(unit=uid, steps=1, by=state.other(unit.house), stranded=True))


def burn_terrain(game: BattlesGame, place: str) -> None:
    state = game.state
    terrain = state.terrain(place)
    if terrain.burn is None or state.fire[place] < terrain.burn or terrain.burnt is None:
        return
    if terrain.burnt == "destroyed":
        state.destroyed.append(place)
        game.emit("destroyed", f"The fire destroys the {terrain.id} at {place}.", at=place)
    else:
        state.removed.append(place)
        game.emit("burnt", f"The {terrain.id} at {place} burns away.", at=place)
    most = limit(state, place)
    if terrain.clears or most is None:
        del state.fire[place]
    else:
        state.fire[place] = min(state.fire[place], most)


def spread(game: BattlesGame, place: str) -> None:
    """A level-4 fire spreads: a direction token drawn at random, read on the battle's indicator."""
    state = game.state
    rng = game.rng()
    token = rng.below(6) + 1
    game.keep(rng)
    direction = state.plan.board.directions[token - 1]
    field = state.field
    there = field.names.get(field.hexes[place] + DIRECTIONS[direction])
    where = there if there is not None else "off the board"
    game.emit(
        "spread",
        f"The fire at {place} spreads: direction token {token}, toward {direction} ({where}).",
        at=place,
        token=token,
        direction=direction,
        target=there,
    )
    if there is not None and state.fire.get(there, 0) < 4:
        raise_fire(game, there, 1)
