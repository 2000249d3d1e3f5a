"""Duel at the table: two seats, a "rounds" option, and a deadline category for the secret picks."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core.game import Game
from table.kind import HOUR, GameKind, Option
from tests.games.duel.engine import HOUSES, DuelGame


class DuelKind(GameKind):
    id: ClassVar[str] = "duel"
    title: ClassVar[str] = DuelGame.title
    engine: ClassVar[type[Game]] = DuelGame
    deadlines: ClassVar[dict[str, int]] = {"picks": 12 * HOUR, "other": 6 * HOUR}
    options: ClassVar[tuple[Option, ...]] = (
        Option("rounds", "Rounds", "How many rounds the duel lasts", 3, minimum=1, maximum=5),
    )

    def seats(self, players: int) -> tuple[str, ...]:
        return HOUSES if players == 2 else ()

    def category(self, decision_kind: str) -> str:
        return "picks" if decision_kind == "pick" else "other"

    def extras(self, game: Game, decision: dict[str, Any]) -> Any:
        return None


KIND = DuelKind()
