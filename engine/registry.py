"""The engines of the games Maester hosts, by game id (see :mod:`data.games`)."""

from __future__ import annotations

from data.games import game
from engine.core.game import Game


def engine_of(game_id: str) -> type[Game]:
    """The engine class of a game; raises data.games.UnknownGame."""
    engine: type[Game] = game(game_id).load("engine")
    return engine
