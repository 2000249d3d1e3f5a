"""A unit changing hex: arriving on one (by a move, a retreat, an advance or a pursuit, or an effect the
players resolve), or leaving the board by its house's exit edge."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.battles import engagement
from engine.battles.attack import label

if TYPE_CHECKING:
    from engine.battles.game import BattlesGame


def arrive(game: BattlesGame, uid: str, place: str, how: str = "moves") -> None:
    """Put a unit on a hex (``how`` names the way in the event: moves, retreats, advances, pursues). It
    leaves its engagement behind; entering an objective held by control markers puts its house's marker
    there."""
    state = game.state
    unit = state.units[uid]
    game.emit(how, f"{label(state, unit)} {how} from {unit.at} to {place}.", at=unit.at, destination=place)
    engagement.release(state, uid)
    unit.at = place
    marked = {h for o in state.plan.victory.objectives if o.control == "marker" for h in o.hexes}
    if place in marked and state.markers.get(place) != unit.house:
        state.markers[place] = unit.house
        game.emit("marker", f"{game.seat_label(unit.house)} puts its control marker on {place}.", at=place)


def leave(game: BattlesGame, uid: str) -> None:
    """A unit leaves the board by its exit edge: it scores the battle's exit points."""
    state = game.state
    unit = state.units.pop(uid)
    engagement.release(state, uid)
    state.exited[unit.house] += 1
    state.vp[unit.house] += state.plan.victory.exit_vp
    game.emit("exit", f"{label(state, unit)} leaves the battlefield from {unit.at}.", at=unit.at)
