"""Retreats (rulebook: "Retirada" and its two diagrams; "Causar retiradas por símbolos de moral").

A unit forced to retreat steps, one hex at a time, to one of the two adjacent hexes toward its own board edge,
its owner's choice. It ignores terrain on the way, but cannot step onto impassable terrain, a hex holding a
unit (friend or foe), or off the board. Every step it cannot take is a hit, applied at once: a unit that
can retreat only part of the way goes as far as it can and takes a hit for each step left. A retreating
unit leaves its engagement behind and suffers no parting blow.

Where only one hex is open the unit steps there without asking; where two are, its owner chooses, and a
deadline's default takes the first in the notation's order.

Readings where the rulebook is silent, tested in tests/engine/battles/test_retreat.py:
- A retreat never enters a fire hex (no unit may enter one), and may leave one: fire holds a unit that
  would move of its own will, and a retreat is forced on it.
- The hits of a step that cannot be taken are not an attack's: Cover and Resilience do not ignore them.
- A unit forced to retreat whose every step is blocked has not left its hex: it keeps its engagement, and,
  having stayed where it was, may still counterattack.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.battles.actions import Retreat
from engine.battles.attack import label
from engine.battles.damage import eliminate, take_hits
from engine.battles.frame import BattlesFrame, choose_from
from engine.battles.placement import arrive
from engine.battles.state import State
from engine.core import hexgrid
from engine.core.decisions import Decision

if TYPE_CHECKING:
    from engine.battles.game import BattlesGame


def steps(state: State, uid: str) -> list[str]:
    """The hexes the unit may retreat to now: toward its edge, on the board, passable, empty, not on fire."""
    unit = state.units[uid]
    field = state.field
    edge = state.plan.houses[unit.house].edge
    occupied = set(state.occupied())
    found = []
    for there in hexgrid.toward(field.hexes[unit.at], edge):
        name = field.names.get(there)
        if name is None or name in occupied or name in state.fire:
            continue
        if state.terrain(name).movement != "impassable":
            found.append(name)
    return sorted(found)


@dataclass
class RetreatFrame(BattlesFrame):
    """A unit retreating ``steps`` hexes for ``by``'s attack (or an effect); ``prior`` is the hits that attack
    already put on the unit's commander standing alone (blocked steps add to them toward his capture).
    ``stranded``: the unit stands where no unit may stand (fire burnt its bridge away); unable to step off,
    it is lost."""

    kind = "retreat"
    unit: str = ""
    steps: int = 0
    by: str = ""
    prior: int = 0
    stranded: bool = False  # the unit stands on ground no unit may stand on: blocked, it is lost

    def run(self, game: BattlesGame) -> list[Decision] | None:
        state = game.state
        if self.unit not in state.units or self.steps <= 0:
            game.pop(self)
            return None
        places = steps(state, self.unit)
        unit = state.units[self.unit]
        if not places and self.stranded:
            game.pop(self)
            eliminate(game, self.unit, self.by)
            return None
        if not places:
            game.pop(self)
            game.emit(
                "retreat-blocked",
                f"{label(state, unit)} at {unit.at} cannot retreat: {self.steps} hex"
                f"{'es' if self.steps != 1 else ''} of retreat become{'s' if self.steps == 1 else ''} "
                f"{self.steps} hit{'s' if self.steps != 1 else ''}.",
                at=unit.at,
                hits=self.steps,
            )
            take_hits(game, self.unit, self.steps, self.by, self.prior)
            return None
        if len(places) == 1:
            self.step(game, places[0])
            return None
        prompt = (
            f"Your unit at {unit.at} retreats {self.steps} more hex{'es' if self.steps != 1 else ''} toward "
            f"your edge: choose the hex of this step ({' or '.join(places)})."
        )
        options = tuple(Retreat(place) for place in places)
        return [Decision(unit.house, "retreat", prompt, False, options[0], options=options)]

    def act(self, game: BattlesGame, house: str, action: Any) -> None:
        state = game.state
        options = [Retreat(place) for place in steps(state, self.unit)]
        chosen: Retreat = choose_from(action, options, "the hex of the retreat's step ('retreat HEX')")
        self.step(game, chosen.to)

    def step(self, game: BattlesGame, place: str) -> None:
        self.steps -= 1
        arrive(game, self.unit, place, "retreats")

    def describe(self, game: BattlesGame, viewer: str | None) -> dict[str, Any]:
        unit = game.state.units.get(self.unit)
        return {"step": "retreat", "at": unit.at if unit else None, "steps": self.steps, "by": self.by}
