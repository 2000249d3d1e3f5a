"""The kinds of the games the table hosts, by game id (see :mod:`data.games` and :mod:`table.kind`)."""

from __future__ import annotations

from data.games import DEFAULT, UnknownGame, game, games
from table.errors import TableError
from table.kind import GameKind

DEFAULT_GAME = DEFAULT


def kind_of(game_id: str) -> GameKind:
    """The kind of a game; a TableError for an id no game has."""
    try:
        kind: GameKind = game(game_id).load("table")
    except UnknownGame as error:
        raise TableError(str(error)) from None
    return kind


def all_kinds() -> list[GameKind]:
    """Every game's kind, the default first."""
    return [kind_of(entry.id) for entry in games()]
