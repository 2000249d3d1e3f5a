"""The Action phase: raids, marches, consolidate power, then the end-of-phase cleanup."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.decisions import Decision
from engine.thrones.consolidate import ConsolidateFrame
from engine.thrones.control import castle_counts
from engine.thrones.frame import ThronesFrame
from engine.thrones.marches import MarchesFrame
from engine.thrones.raids import RaidsFrame

if TYPE_CHECKING:
    from engine.thrones.game import ThronesGame


@dataclass
class ActionFrame(ThronesFrame):
    kind = "action"
    step: str = "raids"

    def run(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        if self.step == "raids":
            self.step = "marches"
            state.marks = {}
            game.emit(
                "phase", f"Round {state.round}: the Action phase begins.", phase="action", round=state.round
            )
            game.push(RaidsFrame())
        elif self.step == "marches":
            self.step = "consolidate"
            game.push(MarchesFrame())
        elif self.step == "consolidate":
            self.step = "cleanup"
            game.push(ConsolidateFrame())
        else:
            # End of the phase: the remaining orders (support, defense) leave the board, routed units
            # stand up, and the Valyrian Steel Blade and the Messenger Raven are ready again.
            state.orders.clear()
            state.orders_revealed = False
            for units in state.units.values():
                for unit in units:
                    unit.routed = False
            state.blade_used = False
            state.raven_used = False
            game.emit(
                "phase-end",
                f"Round {state.round}: the Action phase is over.",
                phase="action",
                round=state.round,
                castles=castle_counts(state),  # as the round ends: the end-of-game report charts them
            )
            game.pop(self)
        return None

    def describe(self, game: ThronesGame, viewer: str | None) -> dict[str, Any]:
        return {"step": "action", "substep": self.step}
