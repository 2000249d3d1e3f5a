"""The games Maester hosts, read from ``games.toml``: for each game id, its title and the dotted paths of
its parts in each layer (engine, table, bot, renderer).

Each layer imports only its own part, and only when a game of that kind is first used, so the layers'
arrows keep their direction and a shared module never names a game. Tests add games of their own with
:func:`register`.
"""

from __future__ import annotations

import functools
import importlib
import importlib.resources
import tomllib
from dataclasses import dataclass
from typing import Any

LAYERS = ("engine", "table", "bot", "renderer")


class UnknownGame(LookupError):
    """A game id that no registered game has."""


@dataclass(frozen=True)
class GameEntry:
    """A game and its part in each layer. A game still being built may have its engine alone: it can be
    played from the command line, and is not offered at the table or in the bot until it is complete."""

    id: str
    title: str
    engine: str
    table: str = ""
    bot: str = ""
    renderer: str = ""

    @property
    def complete(self) -> bool:
        return all(getattr(self, layer) for layer in LAYERS)

    def load(self, layer: str) -> Any:
        """The object this game provides to ``layer`` (imported on first use)."""
        if layer not in LAYERS:
            raise ValueError(f"no layer {layer!r}")
        path = getattr(self, layer)
        if not path:
            raise UnknownGame(f"{self.title} cannot be played here yet (it has no {layer} part).")
        return _load(path)


@functools.cache
def _load(path: str) -> Any:
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


def _read() -> dict[str, GameEntry]:
    text = importlib.resources.files("data").joinpath("games.toml").read_text(encoding="utf-8")
    entries = {}
    for game_id, fields in tomllib.loads(text).items():
        missing = {"title", "engine"} - set(fields)
        unknown = set(fields) - {"title", *LAYERS}
        if missing or unknown:
            wrong = ", ".join(sorted(missing | unknown))
            raise ValueError(f"games.toml: the game {game_id!r} lacks or has a wrong key: {wrong}")
        entries[game_id] = GameEntry(game_id, **{k: str(v) for k, v in fields.items()})
    return entries


_GAMES: dict[str, GameEntry] = _read()
DEFAULT = "thrones"


def games(*, complete: bool = True) -> list[GameEntry]:
    """Every game (with ``complete``, only those with a part in every layer), the default first."""
    found = [entry for entry in _GAMES.values() if entry.complete or not complete]
    return sorted(found, key=lambda entry: (entry.id != DEFAULT, entry.title))


def game(game_id: str) -> GameEntry:
    entry = _GAMES.get(game_id)
    if entry is None:
        known = ", ".join(sorted(_GAMES))
        raise UnknownGame(f"There is no game {game_id!r}; the games are: {known}.")
    return entry


def register(entry: GameEntry) -> None:
    """Add (or replace) a game: for tests, and for games outside this repository."""
    _GAMES[entry.id] = entry
