"""Who is asking: the facts about a person that the caller (a cog, the CLI, a test) vouches for."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Actor:
    """A person acting on a game. ``admin`` means a server administrator; ``roles`` are the names of the
    person's server roles. The table decides from these whether the person may moderate."""

    user_id: int
    name: str = ""
    admin: bool = False
    roles: frozenset[str] = field(default_factory=frozenset)

    @property
    def label(self) -> str:
        return self.name or f"user {self.user_id}"
