"""A player that picks a random legal action for any decision of any game: for self-play, fuzzing, AI
seats of the "random" style and benchmarks.

A decision whose legal answers can be listed carries them (``options``); one whose answers are
combinatorial (orders for every area, a march split) carries a schema, and the game samples it
(:meth:`engine.core.game.Game.sample`). The player's own generator is separate from the game's.
"""

from __future__ import annotations

from typing import Any

from engine.core.decisions import Decision
from engine.core.game import Game
from engine.core.rng import Rng


def random_action(game: Game, decision: Decision, rng: Rng) -> Any:
    """A random legal answer to ``decision``: the game's sample, else one of the listed options, else
    the decision's default."""
    sampled = game.sample(decision, rng)
    if sampled is not None:
        return sampled
    if decision.options:
        return rng.choice(decision.options)
    return decision.default


def play_random_game(game: Game, rng: Rng, max_actions: int = 100_000) -> Game:
    """Play ``game`` to its end with random legal decisions (a pending decision chosen at random each
    time); raises RuntimeError if it has not ended after ``max_actions``."""
    for _ in range(max_actions):
        if game.over:
            return game
        pending = game.pending()
        decision = pending[rng.below(len(pending))]
        game.apply(decision.house, random_action(game, decision, rng))
    raise RuntimeError(f"the game did not end in {max_actions} actions")
