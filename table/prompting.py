"""What a prompt needs beyond the decision itself, for the UI that asks a person.

The decision payload (:mod:`table.outbox`) says what is asked; a UI also wants what the game's kind
reads from the game for it (its "extras": the units of the deciding house, the musters a castle allows...)
and, for a secret choice already answered, the question again with the answer given, so it can be
changed until everyone has answered. The engine validates whatever comes back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.errors import IllegalAction
from table import outbox
from table.errors import TableError
from table.kind import GameKind
from table.session import ACTIVE, Session
from table.text import quote


@dataclass(frozen=True)
class Current:
    """A person's decision: the prompt payload, and the answer already given when the decision is answered
    but may still change (secret orders, bids, house cards until everyone has chosen)."""

    payload: dict[str, Any]
    answer: str | None = None

    @property
    def decision(self) -> dict[str, Any]:
        return self.payload["decision"]


def seat_id(kind: GameKind, text: str) -> str:
    """A seat (house) of the game from its id or name, for a person's input; a TableError otherwise."""
    if len(text) > 40:  # no seat's name is near this long: refuse before any work on it
        raise TableError("There is no house called {name}.", name=quote(text))
    try:
        return kind.engine.seat_id(text)
    except IllegalAction as error:
        raise kind.refusal(error) from None


def extras(session: Session, decision: dict[str, Any]) -> Any:
    """What the game's kind reads from the game for a prompt of ``decision`` (None before the start)."""
    return None if session.game is None else session.kind.extras(session.game, decision)


def _always(language: str) -> Callable[[int], str]:
    return lambda _user_id: language


def current(session: Session, house: str, language: str | None = None) -> Current | None:
    """The house's decision now: the one waiting for it, else a secret one it answered and may change;
    its payload in ``language`` (the reader's; the game's if not given)."""
    game = session.game
    if game is None or session.status != ACTIVE:
        return None
    decision = game.decision_for(house)
    answer = None
    if decision is None:
        decision = game.changeable_decision(house)
        if decision is None:
            return None
        last = session.last_lines.get(house)
        answer = last.split(":", 1)[1].strip() if last else None
    reader = None if language is None else _always(language)
    items = outbox.prompt_items(session, [decision], language=reader)
    if not items:
        return None
    payload = {**items[0]["payload"], "answer": answer}
    return Current(payload, answer)
