"""The game round: Westeros phase (from round 2 on), Planning phase, Action phase; the end after the last."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.decisions import Decision
from engine.thrones.action import ActionFrame
from engine.thrones.board import FACTS
from engine.thrones.frame import ThronesFrame
from engine.thrones.planning import PlanningFrame
from engine.thrones.victory import finish_after_last_round
from engine.thrones.westeros import WesterosFrame

if TYPE_CHECKING:
    from engine.thrones.game import ThronesGame


@dataclass
class RoundFrame(ThronesFrame):
    """The bottom of the stack. ``next`` is the phase it starts when the current one is over."""

    kind = "round"
    next: str = "planning"

    def run(self, game: ThronesGame) -> list[Decision] | None:
        if self.next == "westeros":
            self.next = "planning"
            game.push(WesterosFrame())
        elif self.next == "planning":
            self.next = "action"
            game.push(PlanningFrame())
        elif self.next == "action":
            self.next = "end"
            game.push(ActionFrame())
        elif game.state.round >= FACTS.last_round:
            finish_after_last_round(game)
        else:
            self.next = "westeros"
        return None

    def describe(self, game: ThronesGame, viewer: str | None) -> dict[str, Any]:
        return {"step": "round", "round": game.state.round}
