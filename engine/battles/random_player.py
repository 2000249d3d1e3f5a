"""Random answers to the decisions of a battle whose answers are not listed (see
:mod:`engine.core.random_player`): the units a card's command orders pick, a choice of too many units to
list, and the changes of an effect the engine cannot apply. Every answer is legal.

:func:`eager_action` is a random player leaning toward battle, for self-play sweeps and fuzzing: uniform
random play rarely brings two armies together, and combat is most of the rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.battles.actions import Adjust, Attack, Change, Choose, Move, Pass, Units
from engine.core.decisions import Decision
from engine.core.random_player import random_action
from engine.core.rng import Rng

if TYPE_CHECKING:
    from engine.battles.game import BattlesGame


def _pick(places: list[str], count: int, rng: Rng) -> tuple[str, ...]:
    """A random choice of at most ``count`` of ``places``, most often as many as allowed."""
    pool = list(places)
    rng.shuffle(pool)
    most = min(count, len(pool))
    size = most if rng.below(3) else rng.below(most + 1)
    return tuple(sorted(pool[:size]))


def random_units(game: BattlesGame, decision: Decision, rng: Rng) -> Units:
    taken: set[str] = set()
    groups = []
    for number, entry in decision.schema["orders"].items():
        places = [h for h in entry["eligible"] if h not in taken]
        chosen = _pick(places, entry["count"], rng)
        taken.update(chosen)
        if chosen:
            groups.append((int(number), chosen))
    return Units(tuple(groups))


def random_choose(game: BattlesGame, decision: Decision, rng: Rng) -> Choose:
    return Choose(_pick(decision.schema["eligible"], decision.schema["count"], rng))


def random_adjust(game: BattlesGame, decision: Decision, rng: Rng) -> Adjust:
    """Mostly nothing; sometimes a point of morale, or a figure taken from an enemy unit of more than one."""
    state = game.state
    roll = rng.below(4)
    if roll == 0:
        return Adjust((Change("morale", amount=1),))
    if roll == 1:
        enemies = sorted(u.at for u in state.units.values() if u.house != decision.house and u.strength > 1)
        if enemies:
            return Adjust((Change("figures", rng.choice(enemies), amount=-1),))
    return Adjust()


GENERATORS: dict[str, Callable[[BattlesGame, Decision, Rng], Any]] = {
    "units": random_units,
    "choose": random_choose,
    "adjust": random_adjust,
}


def eager_action(game: BattlesGame, decision: Decision, rng: Rng) -> Any:
    """An answer leaning toward battle, nine times in ten: attack when possible, move toward the nearest
    enemy, rarely pass; otherwise (and for every other decision) a uniformly random legal answer."""
    options = decision.options or ()
    if options and rng.below(10):
        attacks = [o for o in options if isinstance(o, Attack)]
        if attacks:
            return rng.choice(attacks)
        moves = [o for o in options if isinstance(o, Move) and o.to != "exit"]
        state = game.state
        enemies = [u.at for u in state.units.values() if u.house != decision.house]
        if moves and enemies:
            field = state.field
            return min(moves, key=lambda m: (min(field.distance(m.to, e) for e in enemies), m.format()))
        acting = [o for o in options if not isinstance(o, Pass)]
        if acting and decision.kind == "turn":
            return rng.choice(acting)
    return random_action(game, decision, rng)
