"""Who is asking, and from where: the facts about a person that the caller (a cog, the CLI, a test)
vouches for."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Actor:
    """A person acting on a game.

    ``guild_id`` is the server the request was made in (None for a direct message, and for callers
    outside Discord: the demo, the command line), ``channel_id`` the channel, and ``parent_id`` the
    channel a thread belongs to. ``admin`` and ``roles`` (role ids) describe the person *in that server*
    only: the table never lets them count for a game of another server. ``locale`` is the Discord locale
    the request came in ("es-ES"; None outside Discord): the language of the answer, unless the person
    chose their own.
    """

    user_id: int
    name: str = ""
    admin: bool = False
    roles: frozenset[int] = field(default_factory=frozenset)
    guild_id: int | None = None
    channel_id: int | None = None
    parent_id: int | None = None
    locale: str | None = None

    @property
    def label(self) -> str:
        return self.name or f"user {self.user_id}"

    @property
    def in_dm(self) -> bool:
        return self.guild_id is None

    def in_channel(self, channel_id: int) -> bool:
        """Whether the request comes from this channel or from a thread of it."""
        return channel_id in (self.channel_id, self.parent_id)
