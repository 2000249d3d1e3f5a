"""Attacking a neutral force (rulebook: "Destruir una Fuerza neutral").

The marching units, the March order's modifier and any support (never house cards, never the
Valyrian Steel Blade) must match or beat the force's value; the force is then gone for the rest of the
game and the units move in. A march may try only when it could reach the value with every support
order that could back it; should supporters then hold back or refuse and the total fall short, the
attempt cannot be made: the units stay where they marched from. Either way the attempt spends the
march's one attack.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.decisions import Decision
from engine.thrones.actions import Action
from engine.thrones.board import BOARD
from engine.thrones.combat.battle import Battle
from engine.thrones.combat.strength import breakdown
from engine.thrones.ports import settle_port
from engine.thrones.state import State, Unit
from engine.thrones.supply import within_limit

if TYPE_CHECKING:
    from engine.thrones.game import ThronesGame


@dataclass
class NeutralAttackFrame(Battle):
    kind = "neutral-attack"
    value: int = 0  # the neutral force's strength

    def run(self, game: ThronesGame) -> list[Decision] | None:
        decisions = self.support_decisions(game)
        if decisions:
            return decisions
        state = game.state
        parts = breakdown(state, self, self.attacker)
        state.orders.pop(self.origin, None)
        game.count("neutral-attacks")
        name = BOARD.name(self.area)
        won = parts["total"] >= self.value
        game.mark("battles", self.area, self.attacker, "neutral", self.attacker if won else "neutral")
        if won:
            del state.neutral_forces[self.area]
            state.units.setdefault(self.area, []).extend(Unit(self.attacker, kind) for kind in self.army)
            game.emit(
                "neutral-force",
                f"House {self.attacker.title()} destroys the neutral force of {name} "
                f"(strength {parts['total']} against {self.value}) and takes the area.",
                area=self.area,
                house=self.attacker,
                strength=parts,
                value=self.value,
                won=True,
            )
            self.army = []
            settle_port(game, self.area)
        else:
            kept = self._fit_supply(state)
            state.units.setdefault(self.origin, []).extend(Unit(self.attacker, kind) for kind in kept)
            game.emit(
                "neutral-force",
                f"House {self.attacker.title()} falls short against the neutral force of "
                f"{name} (strength {parts['total']} against {self.value}); its units stay in "
                f"{BOARD.name(self.origin)}.",
                area=self.area,
                house=self.attacker,
                strength=parts,
                value=self.value,
                won=False,
                origin=self.origin,
            )
            self.army = []
            settle_port(game, self.origin)
        game.pop(self)
        return None

    def _fit_supply(self, state: State) -> list[str]:
        """The units that fit the supply limit back where they marched from; the weakest of the others are
        lost, since the march had counted on them leaving."""
        kept = sorted(
            self.army, key=lambda kind: ("footman", "ship", "siege", "knight").index(kind), reverse=True
        )
        while kept and not within_limit(state, self.attacker, {self.origin: len(kept)}):
            kept.pop()
        return kept

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        self.act_support(game, house, action)

    def describe(self, game: ThronesGame, viewer: str | None) -> dict[str, Any]:
        return {"step": self.kind, "value": self.value, **self.describe_battle(game, viewer)}
