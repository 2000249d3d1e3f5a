"""Which games a person sits in, and which games a channel and a server hold: kept as games come and go
and as seats change, so that finding a person's games, or a channel's, does not look at every game.

It answers with game numbers, a superset at worst: callers check each game they get (a seat taken by an
AI, a person who just left), never miss one the index was told about.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from table.session import Session


class Index:
    def __init__(self) -> None:
        self._users: defaultdict[int, set[int]] = defaultdict(set)
        self._channels: defaultdict[int, set[int]] = defaultdict(set)
        self._guilds: defaultdict[int | None, set[int]] = defaultdict(set)
        self._keys: dict[int, tuple[frozenset[int], int, int | None]] = {}

    def put(self, session: Session) -> None:
        """Index the game as it is now (call it again whenever its seats change)."""
        users = frozenset(s.user_id for s in session.seats if s.user_id is not None)
        key = (users, session.channel_id, session.guild_id)
        if self._keys.get(session.id) == key:
            return
        self.drop(session.id)
        self._keys[session.id] = key
        for user in users:
            self._users[user].add(session.id)
        self._channels[session.channel_id].add(session.id)
        self._guilds[session.guild_id].add(session.id)

    def drop(self, game_id: int) -> None:
        key = self._keys.pop(game_id, None)
        if key is None:
            return
        users, channel, guild = key
        for user in users:
            _discard(self._users, user, game_id)
        _discard(self._channels, channel, game_id)
        _discard(self._guilds, guild, game_id)

    def of_user(self, user_id: int) -> set[int]:
        return self._users.get(user_id, set())

    def in_channel(self, channel_id: int) -> set[int]:
        return self._channels.get(channel_id, set())

    def in_guild(self, guild_id: int | None) -> set[int]:
        return self._guilds.get(guild_id, set())


def _discard(index: dict[Any, set[int]], key: Any, game: int) -> None:
    games = index.get(key)
    if games is not None:
        games.discard(game)
        if not games:
            del index[key]
