"""What to post where after the game moves. Items are plain data; the bot (or the demo) renders and sends
them.

The channel is told the game as it happens, and kept quiet: each phase has one live log that the bot
edits as things happen (the public lines so far, and who is waited for: an edit notifies nobody), a
report for notable moments (a battle, with its breakdown), and a board when the phase ends. Every new
decision is asked by DM, public ones too (their answers are public, not their prompts): the DM is the
ping. A person who prefers channel pings also gets a short mention in the channel; a person whose DMs
are closed is told in the channel by the bot.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from engine.core.decisions import Decision, Event
from engine.core.game import Game
from i18n import Localized, say
from table.session import Session

format_line = Game.format_line


def decision_json(decision: Decision) -> dict[str, Any]:
    return {
        "house": decision.house,
        "kind": decision.kind,
        "prompt": decision.prompt,
        "secret": decision.secret,
        "default": format_line(decision.house, decision.default),
        "options": None
        if decision.options is None
        else [format_line(decision.house, a) for a in decision.options],
        "schema": decision.schema,
        "data": decision.data,
    }


def fingerprint(decision: dict[str, Any], answer: str | None = None) -> str:
    """Six hex digits that change whenever the question changes (its house, kind, wording, options, schema
    or default) or, for a secret answer that may still change, whenever that answer does; not when only the
    deadline does. A prompt and a submission name the decision by it, so a click on a prompt drawn before
    the person last answered is refused rather than overwriting the later answer."""
    keys = ("house", "kind", "prompt", "options", "schema", "default")
    blob = json.dumps([*(decision.get(k) for k in keys), answer], sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(blob.encode()).hexdigest()[:6]


def item(kind: str, target: str, target_id: int, /, **payload: Any) -> dict[str, Any]:
    return {"kind": kind, "target": target, "target_id": target_id, "payload": payload}


def board_item(session: Session, summary: list[str], title: str | Localized) -> dict[str, Any]:
    """The board as the game stands, titled in the game's language, for the channel."""
    game = session.require_game()
    view = game.view(None)
    readout = game.readout()
    return item(
        "board",
        "channel",
        session.channel_id,
        game_id=session.id,
        game=session.settings.game,
        game_name=session.name,
        title=say(title, session.settings.language),
        round=readout.round,
        phase=readout.phase,
        over=readout.over,
        summary=summary,
        waiting=session.waiting_summary(),
        view=view,
        language=session.settings.language,  # the board is drawn in the game's language
    )


def prompt_items(
    session: Session,
    decisions: list[Decision],
    pings: dict[int, str] | None = None,
    language: Callable[[int], str] | None = None,
) -> list[dict[str, Any]]:
    """Prompts for decisions new to human players, by DM; and a mention in the channel for those who
    asked for channel pings (``pings``: user id -> "dm" or "channel"). Each is worded in its player's
    ``language`` (user id -> language: see :meth:`table.table.Table.language_for`; the game's when not
    given), which the payload carries: the prompt is drawn when it is posted."""
    items = []
    for decision in decisions:
        seat = session.seat_of_house(decision.house)
        if seat.ai or seat.user_id is None:
            continue
        deadline = session.deadlines.get(decision.house)
        payload = {
            "game": session.settings.game,  # which game's screens draw the prompt
            "game_id": session.id,
            "game_name": session.name,
            "house": decision.house,
            "user_id": seat.user_id,
            "decision": decision_json(decision),
            "due_at": None if deadline is None else deadline.due_at,
            "language": session.settings.language if language is None else language(seat.user_id),
        }
        items.append(item("prompt", "user", seat.user_id, **payload))
        if (pings or {}).get(seat.user_id) == "channel":
            items.append(item("nudge", "channel", session.channel_id, **payload))
    return items


def phase_log_item(session: Session, *, closed: bool) -> dict[str, Any]:
    """The live log of the phase under way: its public lines so far and who is waited for. The bot posts
    it once and edits it (by ``key``) as the phase goes; ``closed`` when the phase is over."""
    readout = session.require_game().readout()
    return item(
        "phase-log",
        "channel",
        session.channel_id,
        game_id=session.id,
        game=session.settings.game,
        game_name=session.name,
        key=f"log-{session.log_part}",
        title=session.log_title,
        phase=readout.phase,
        lines=list(session.summary),
        waiting=[] if closed else session.waiting_summary(),
        closed=closed,
    )


class Teller:
    """The channel's story of one operation, in order: reports as notable moments happen, and for every
    phase that ends, its live log closed and its board; at the end, the live log of the phase under way.
    ``lines`` are the public lines told, for the chronicle."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.items: list[dict[str, Any]] = []
        self.lines: list[str] = []
        self._last_board: dict[str, Any] | None = None
        self._started_here = False  # the live log of this phase began in this operation: never posted

    def events(self, events: list[Event]) -> None:
        """Tell the public events, in the game's language as it is now (lines told stay as they were
        written, should the language change later)."""
        public = [event for event in events if event.to is None]
        language = self.session.settings.language
        texts = [self.session.kind.tell(event, language) for event in public]
        self.session.summary.extend(texts)
        self.lines.extend(texts)
        for report in self.session.kind.reports(self.session.require_game(), public, language):
            self.items.append(
                item(
                    "report",
                    "channel",
                    self.session.channel_id,
                    game_id=self.session.id,
                    game=self.session.settings.game,
                    game_name=self.session.name,
                    language=self.session.settings.language,
                    **report,
                )
            )

    def board(self, title: str | Localized) -> None:
        """A phase ended (or the game starts, or is undone): close its live log, post its board. Its title,
        and the next live log's, in the game's language."""
        session = self.session
        language = session.settings.language
        if session.log_title and not self._started_here:
            self.items.append(phase_log_item(session, closed=True))
        self._last_board = board_item(session, list(session.summary), title)
        self.items.append(self._last_board)
        session.summary = []
        session.log_part += 1
        session.log_title = session.kind.board_title(session.require_game().readout(), language)
        self._started_here = True

    def finish(self) -> list[dict[str, Any]]:
        session = self.session
        if self._last_board is not None:  # the last board shows who is waited for now
            self._last_board["payload"]["waiting"] = session.waiting_summary()
        if not session.require_game().over:
            self.items.append(phase_log_item(session, closed=False))
        return self.items


def private_items(
    session: Session, events: list[Event], language_for: Callable[[int], str]
) -> list[dict[str, Any]]:
    """Each private event, by DM to the player of its house, in that player's language (``language_for``
    their user id)."""
    items = []
    for event in events:
        if event.to is None:
            continue
        seat = session.seat_of_house(event.to)
        if seat.user_id is not None and not seat.ai:
            items.append(
                item(
                    "private",
                    "user",
                    seat.user_id,
                    game_id=session.id,
                    game=session.settings.game,
                    game_name=session.name,
                    house=event.to,
                    text=session.kind.tell(event, language_for(seat.user_id)),
                )
            )
    return items


def report_item(session: Session, report: dict[str, Any]) -> dict[str, Any]:
    """The end-of-game report for the channel: the engine's report (see
    :meth:`engine.core.game.Game.report`), named ``report: "end"`` among the game's reports, with the
    table's ``status`` (``over``: won; ``ended`` by a moderator; else the game so far). The bot draws it
    with the game's screens, and its chart with the game's renderer."""
    payload = {
        **report,  # the table's keys below win over any of the same name
        "game_id": session.id,
        "game": session.settings.game,
        "game_name": session.name,
        "status": session.status,
        "language": session.settings.language,
        "report": "end",
    }
    return item("report", "channel", session.channel_id, **payload)


def notice(session: Session, text: str | Localized, **data: Any) -> dict[str, Any]:
    """A line for the channel (and the chronicle), said in the game's language as it is when written: the
    item keeps plain text, as a line told stays as it was should the language change later."""
    return item(
        "notice",
        "channel",
        session.channel_id,
        game_id=session.id,
        game=session.settings.game,
        game_name=session.name,
        text=say(text, session.settings.language),
        **data,
    )
