"""What to post where after the game moves: the board and a summary after every phase, a prompt for
each new decision (by DM when it is secret, in the channel when it is public), private news, reminders
and the end of the game. Items are plain data; the bot (or the demo) renders and sends them."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from engine.core.decisions import Decision, Event
from engine.core.game import Game
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


def board_item(session: Session, summary: list[str], title: str) -> dict[str, Any]:
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
        title=title,
        round=readout.round,
        phase=readout.phase,
        summary=summary,
        waiting=session.waiting_summary(),
        view=view,
    )


def prompt_items(session: Session, decisions: list[Decision]) -> list[dict[str, Any]]:
    """Prompts for decisions new to human players: by DM when secret, in the channel when public."""
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
        }
        if decision.secret:
            items.append(item("prompt", "user", seat.user_id, **payload))
        else:
            items.append(item("channel-prompt", "channel", session.channel_id, **payload))
    return items


def private_items(session: Session, events: list[Event]) -> list[dict[str, Any]]:
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
                    text=event.text,
                )
            )
    return items


def notice(session: Session, text: str, **data: Any) -> dict[str, Any]:
    return item(
        "notice",
        "channel",
        session.channel_id,
        game_id=session.id,
        game=session.settings.game,
        game_name=session.name,
        text=text,
        **data,
    )
