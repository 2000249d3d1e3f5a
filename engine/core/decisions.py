"""What every engine reports to its drivers: pending decisions and the events an action caused.

Both are named tuples: immutable values, compared and printed field by field as frozen dataclasses are,
and three times cheaper to build (a game builds about a thousand of them). Their ``schema`` and ``data``
are read-only mappings, never changed in place by the engine or a driver: the empty one a field defaults
to is shared.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple


class Decision(NamedTuple):
    """A choice the game waits for.

    ``options`` lists every legal action when they can be enumerated; when they are combinatorial
    (orders for every area, splitting a march, a muster plan) it is ``None`` and ``schema`` describes
    what a legal action is made of. ``default`` is a legal action used when a moderator forces the
    decision or a deadline passes.

    ``prompt`` says in English what is asked. ``data`` holds what it speaks of (the battle's area, the
    opponent, a count, the card being resolved: ids and numbers, no words), so a driver may word the
    question in its reader's language from ``kind``, ``data``, ``options`` and ``schema``.
    """

    house: str
    kind: str
    prompt: str
    secret: bool
    default: Any
    options: tuple[Any, ...] | None = None
    schema: Mapping[str, Any] = {}
    data: Mapping[str, Any] = {}


class Event(NamedTuple):
    """Something that happened. ``to`` is ``None`` for public events, else the only house that may see it."""

    kind: str
    text: str
    data: Mapping[str, Any] = {}
    to: str | None = None
