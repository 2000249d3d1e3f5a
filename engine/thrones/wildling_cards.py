"""The nine wildling cards (being written)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.thrones.game import ThronesGame
    from engine.thrones.wildlings import WildlingAttackFrame


def start_card(game: ThronesGame, attack: WildlingAttackFrame) -> None:
    return None
