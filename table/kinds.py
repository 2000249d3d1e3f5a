"""The kinds of the games the table hosts, by game id (see :mod:`data.games` and :mod:`table.kind`)."""

from __future__ import annotations

from data.games import DEFAULT, UnknownGame, game, games
from i18n import psaid
from table.errors import TableError
from table.kind import GameKind

DEFAULT_GAME = DEFAULT


def kind_of(game_id: str) -> GameKind:
    """The kind of a game; a TableError for an id no game has, or a game the table cannot host yet."""
    try:
        entry = game(game_id)
    except UnknownGame:
        known = ", ".join(sorted(entry.id for entry in games(complete=False)))
        raise TableError(
            "There is no game {name}; the games are: {games}.", name=repr(game_id), games=known
        ) from None
    try:
        kind: GameKind = entry.load("table")
    except UnknownGame:
        raise TableError("{game} cannot be played here yet.", game=psaid("game title", entry.title)) from None
    return kind


def all_kinds() -> list[GameKind]:
    """Every game's kind, the default first."""
    return [kind_of(entry.id) for entry in games()]
