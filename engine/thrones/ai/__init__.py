"""Players for seats without a person in A Game of Thrones: the random legal player, and the "sensible"
one (simple heuristics that play a reasonable game from public information, see
:mod:`engine.thrones.ai.sensible`). Pure, like the rest of the engine."""

from __future__ import annotations

from engine.core.decisions import Decision
from engine.core.rng import Rng
from engine.thrones.actions import Action
from engine.thrones.ai.sensible import sensible_action
from engine.thrones.game import ThronesGame
from engine.thrones.random_player import random_action

STYLES = ("random", "sensible")


def choose(game: ThronesGame, decision: Decision, style: str, rng: Rng) -> Action:
    """The action an AI seat of ``style`` takes for ``decision``."""
    if style == "random":
        return random_action(game, decision, rng)
    if style == "sensible":
        return sensible_action(game, decision, rng)
    raise ValueError(f"unknown AI style {style!r}")


__all__ = ["STYLES", "choose", "sensible_action"]
