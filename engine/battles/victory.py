"""Victory (rulebook: "Otorgar puntos de victoria", "Comprobar condiciones de victoria", "Notas sobre las
condiciones de victoria": ties, instant victory).

The battle's objectives score victory points in the regroup phase: every round, and at the end of the last
round for those scored at the end. After the last round's regroup scoring the battle ends: the house with
more victory points wins; a tie goes to the house with the higher morale (the marker on the other house's
segment), and with the marker on the start space to the house holding the initiative token.

Instant victories are checked at all times and come before everything else: a Rout first (the marker on
the Rout space ending a house's segment: that house loses), then the battle's own (eliminating so many
enemy units, reaching so many victory points).

Readings where the rulebook is silent (control markers and points for units are in the battle plans),
tested in tests/engine/battles/test_victory.py and test_movement.py:
- An objective held by control markers belongs to the house whose unit entered it last.
- A battle's points for eliminating enemy units and for leaving the board are scored as it happens (step B
  scores the objectives, which are held at a moment).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from data.battles_model import Objective
from engine.battles import morale
from engine.battles.state import State

if TYPE_CHECKING:
    from engine.battles.game import BattlesGame


def holder(state: State, objective: Objective, place: str) -> str | None:
    """The house that scores an objective hex now, if any."""
    if objective.control == "marker":
        house = state.markers.get(place)
    else:
        uid = state.unit_at(place)
        house = state.units[uid].house if uid else None
    return house if objective.house in (None, house) else None


def award(game: BattlesGame, final: bool) -> None:
    """Regroup step B: the victory points of the objectives scored now."""
    state = game.state
    gained = dict.fromkeys(state.houses, 0)
    for objective in state.plan.victory.objectives:
        if objective.when == "round" or final:
            for place in objective.hexes:
                house = holder(state, objective, place)
                if house is not None:
                    gained[house] += objective.vp
    for house, points in gained.items():
        if points:
            state.vp[house] += points
            game.emit(
                "vp",
                f"{game.seat_label(house)} scores {points} victory point{'s' if points != 1 else ''} for its "
                f"objectives ({state.vp[house]} in all).",
                house=house,
                points=points,
            )


def instant_winner(state: State) -> tuple[str, str] | None:
    """The house that wins at once, and why, if one does."""
    fled = morale.routed(state)
    if fled is not None:
        return state.other(fled), f"House {fled.title()}'s army routs"
    victory = state.plan.victory
    for house in (state.first, state.other(state.first)):
        if (
            victory.instant_eliminations is not None
            and state.eliminated[house] >= victory.instant_eliminations
        ):
            return house, f"it has eliminated {state.eliminated[house]} enemy units"
        if victory.instant_vp is not None and state.vp[house] >= victory.instant_vp:
            return house, f"it has {state.vp[house]} victory points"
    return None


def final_winner(state: State) -> tuple[str, str]:
    """The winner once the last round is over, and why."""
    a, b = state.houses
    if state.vp[a] != state.vp[b]:
        winner = a if state.vp[a] > state.vp[b] else b
        return winner, f"it has more victory points ({state.vp[winner]} to {state.vp[state.other(winner)]})"
    if state.morale_house is not None:
        return state.other(state.morale_house), "the victory points are tied and its morale is higher"
    return state.initiative, "the victory points and morale are tied and it holds the initiative"


def finish(game: BattlesGame, winner: str, why: str) -> None:
    state = game.state
    state.winner = winner
    state.ranking = [winner, state.other(winner)]
    game.emit("game-over", f"{game.seat_label(winner)} wins the battle: {why}.", winner=winner)


def check(game: BattlesGame) -> bool:
    """End the battle if an instant victory is won (for ``Game.check_end``)."""
    if game.over:
        return False
    found = instant_winner(game.state)
    if found is None:
        return False
    finish(game, *found)
    return True
