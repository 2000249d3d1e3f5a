"""Deadlines players can live with: each game's reminder schedule; a ping for the late player and the
moderators when a deadline passes and the game waits; the time the bot was not running given back to the
running deadlines (a game setting); and vacations, during which a player's decisions take their default
answer after a short grace period.

The table knows when it last ran by a heartbeat: the ticker writes the time at most every ``BEAT_EVERY``
seconds (and the table when it closes), so on start the time since is the time it was down, give or take
one beat.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from i18n import Command, Said, nsaid, said
from table import access, durations, outbox
from table.errors import TableError
from table.people import Actor
from table.session import ACTIVE, PAUSED, Deadline, Seat, Session
from table.settings import MAX_REMINDERS, MAX_SECONDS
from table.text import MAX_REASON, clean

if TYPE_CHECKING:
    from table.table import Table

HOUR, DAY = 3600, 86400
GRACE = HOUR  # a player on vacation still has this long to answer a decision before its default applies
LONGEST_VACATION = 60 * DAY
FURTHEST_VACATION = 366 * DAY  # how far ahead a vacation may start
BEAT_EVERY = 30.0
DOWN_AT_LEAST = 120.0  # below this, the time since the last beat is the ticker's own rhythm, not downtime


# --- the reminder schedule ------------------------------------------------------------------------------


def parse_reminders(text: str) -> tuple[int, ...]:
    """Hours before the deadline, separated by commas or spaces (``24, 6, 1``; ``0.5`` is half an hour),
    as seconds; ``none`` (or nothing) for no reminders. Raises TableError for anything else."""
    words = text.replace(",", " ").split()
    if not words or words == ["none"]:
        return ()
    if len(words) > MAX_REMINDERS:
        raise TableError(
            nsaid(
                "A decision gets at most {count} reminder.",
                "A decision gets at most {count} reminders.",
                MAX_REMINDERS,
            )
        )
    found = []
    for word in words:
        try:
            hours = float(word)
        except ValueError:
            raise TableError(
                "Reminders are hours before the deadline, like `24, 6, 1`; {text} is not a number.",
                text=repr(word[:20]),
            ) from None
        seconds = round(hours * HOUR) if hours == hours else 0  # NaN is no time at all
        if not 60 <= seconds <= MAX_SECONDS:
            raise TableError("A reminder is from a minute to a year before the deadline.")
        found.append(seconds)
    return tuple(sorted(set(found), reverse=True))


def shown_reminders(reminders: tuple[int, ...]) -> str:
    return ", ".join(f"{seconds / HOUR:g}h" for seconds in reminders) or "none"


async def set_reminders(
    table: Table, game_id: int, actor: Actor, reminders: tuple[int, ...], reason: str = ""
) -> Said:
    """A moderator changes the game's reminder schedule; it counts for the running deadlines too (a
    reminder whose time has passed is not sent late)."""
    session = table.reach(game_id, actor)
    reason = clean(reason, limit=MAX_REASON, what="A reason")
    async with session.lock:
        table.require_moderator(session, actor)
        session.require_game()
        session.settings = replace(session.settings, reminders=reminders).validate()
        now = table.clock.now()
        for deadline in session.deadlines.values():
            deadline.reminded = [r for r in session.settings.reminders if deadline.due_at - r <= now]
        if session.settings.reminders:
            text = said(
                "Reminders from now on: {reminders} before each deadline.",
                reminders=shown_reminders(session.settings.reminders),
            )
        else:
            text = said("No reminders from now on.")
        details = {"reminders": list(session.settings.reminders)}
        await table._write_moderation(session, actor, "reminders", reason, details, text)
    return text


# --- a deadline passed, and the game waits ----------------------------------------------------------------


def late_items(table: Table, session: Session, deadline: Deadline) -> list[dict[str, Any]]:
    """The channel is told once, pinging the late player and the game's moderators (its creator and the
    server's moderator role), with what the house still has to decide."""
    seat = session.seat_of_house(deadline.house)
    player = None if seat.ai else seat.user_id
    role = table.moderator_role(session.guild_id)
    moderators = " ".join([f"<@{session.creator_id}>"] + ([f"<@&{role}>"] if role is not None else []))
    fields = {
        "house": session.kind.named_seat(deadline.house),
        "decision": session.kind.decision_title(deadline.kind),
        "moderators": moderators,
        "force": Command("mod force"),
        "deadline": Command("mod deadline"),
        "extend": Command("vote extend"),
    }
    if player is not None:
        text = said(
            "{player}, {house}'s deadline passed: it still has to decide ({decision}). The game waits for "
            "it. {moderators}: a moderator may decide for it (`{force}`) or give it more time "
            "(`{deadline}`); the players may vote to extend the deadlines (`{extend}`).",
            player=f"<@{player}>",
            **fields,
        )
    else:
        text = said(
            "{house}'s deadline passed: it still has to decide ({decision}). The game waits for it. "
            "{moderators}: a moderator may decide for it (`{force}`) or give it more time "
            "(`{deadline}`); the players may vote to extend the deadlines (`{extend}`).",
            **fields,
        )
    users = sorted({session.creator_id} | ({player} if player is not None else set()))
    return [outbox.notice(session, text, ping_users=users, ping_roles=[] if role is None else [role])]


# --- the time the bot was down ---------------------------------------------------------------------------


async def beat(table: Table, *, now: float | None = None) -> None:
    """Say the table is running (at most every ``BEAT_EVERY`` seconds, unless ``now`` is given)."""
    at = table.clock.now() if now is None else now
    if now is None and table.beaten_at is not None and at - table.beaten_at < BEAT_EVERY:
        return
    async with table.store.unit() as store:
        await store.beat(at)
    table.beaten_at = at


async def catch_up(table: Table) -> None:
    """On start: the time since the table last ran is added to every running deadline (and open vote) of
    the games whose settings stop the clock while the bot is down, and their channels are told."""
    last = await table.store.heartbeat()
    now = table.clock.now()
    down = 0.0 if last is None else now - last
    if down >= DOWN_AT_LEAST:
        for session in list(table.sessions.values()):
            if session.settings.pause_when_down and session.broken is None:
                await _give_back(table, session, down)
    await beat(table, now=now)


async def _give_back(table: Table, session: Session, down: float) -> None:
    running = session.deadlines if session.status == ACTIVE else {}
    if not running and not session.votes:
        return
    async with session.lock:
        for deadline in running.values():
            deadline.started_at += down
            deadline.due_at += down
        for vote in session.votes:
            vote.closes_at += down
        text = said(
            "Maester was not running for {duration}: running deadlines and votes move on as much.",
            duration=durations.rounded(down),
        )
        try:
            async with table.store.unit() as store:
                for vote in session.votes:
                    await store.update_vote(vote.id, closes_at=vote.closes_at)
                await store.save_deadlines(session.id, [d.to_row() for d in session.deadlines.values()])
                await store.audit(
                    session.id, None, "Maester", table.clock.now(), "downtime", "", {"down": down}
                )
                await store.add_outbox(session.id, outbox.notice(session, text), table.clock.now())
        except Exception:
            await table._reload(session)
            raise
        table.reschedule(session)


# --- vacations ---------------------------------------------------------------------------------------------


def vacation_span(first_day: str, last_day: str, now: float) -> tuple[float, float]:
    """A vacation from ``first_day`` to ``last_day`` (``YYYY-MM-DD``, UTC, both included; the first day
    defaults to today) as times: from the first day's start, or from now if that is past, to the end of
    the last day. Raises TableError for dates that do not read, and for a vacation in the past."""
    today = dt.datetime.fromtimestamp(now, dt.UTC).date()
    start_day = _day(first_day) if first_day.strip() else today
    end_day = _day(last_day)
    if end_day < today:
        raise TableError("That vacation is in the past: {day} is over.", day=end_day.isoformat())
    if end_day < start_day:
        raise TableError("A vacation ends on or after the day it starts.")
    start = max(now, _midnight(start_day))
    end = _midnight(end_day + dt.timedelta(days=1))
    return start, end


def _day(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text.strip()[:10])
    except ValueError:
        raise TableError(
            "Write a day as YYYY-MM-DD (like 2026-12-24), not {text}.", text=repr(text.strip()[:20])
        ) from None


def _midnight(day: dt.date) -> float:
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC).timestamp()


async def set_vacation(table: Table, game_id: int, actor: Actor, starts_at: float, ends_at: float) -> Said:
    """A seated player will be away: from ``starts_at`` to ``ends_at``, each decision of theirs takes its
    default answer ``GRACE`` after it is asked (or after the vacation starts). It replaces an earlier one."""
    session = table.reach(game_id, actor)
    access.require_channel(session, actor)
    now = table.clock.now()
    if ends_at <= now:
        raise TableError("That vacation is in the past.")
    if ends_at <= starts_at:
        raise TableError("A vacation ends after it starts.")
    if starts_at > now + FURTHEST_VACATION:
        raise TableError("A vacation starts within a year.")
    if ends_at - max(starts_at, now) > LONGEST_VACATION:
        raise TableError(
            nsaid(
                "A vacation lasts at most {count} day; a moderator can help longer.",
                "A vacation lasts at most {count} days; a moderator can help longer.",
                LONGEST_VACATION // DAY,
            )
        )
    async with session.lock:
        seat = _playing(session, actor)
        session.vacations[actor.user_id] = (starts_at, ends_at)
        first, last = _date(starts_at), _date(ends_at - 1)
        text = nsaid(
            "{player} is away from {first} to {last} (UTC): meanwhile {house}'s decisions take their default "
            "answer {count} hour after they are asked.",
            "{player} is away from {first} to {last} (UTC): meanwhile {house}'s decisions take their default "
            "answer {count} hours after they are asked.",
            GRACE // HOUR,
            player=seat.who,
            first=first,
            last=last,
            house=session.kind.named_seat(seat.house or ""),
        )
        details = {"from": starts_at, "to": ends_at}
        await _write_vacation(table, session, actor, "vacation", details, text)
    return text


async def end_vacation(table: Table, game_id: int, actor: Actor) -> Said:
    session = table.reach(game_id, actor)
    access.require_channel(session, actor)
    async with session.lock:
        seat = _playing(session, actor)
        if session.vacations.pop(actor.user_id, None) is None:
            raise TableError("You have no vacation set in this game.")
        text = said(
            "{player} is back: {house} decides for itself again.",
            player=seat.who,
            house=session.kind.named_seat(seat.house or ""),
        )
        await _write_vacation(table, session, actor, "vacation-end", {}, text)
    return text


def _playing(session: Session, actor: Actor) -> Seat:
    seat = session.seat_of_user(actor.user_id)
    if seat is None or seat.house is None:
        raise TableError("Only a seated player takes a vacation from a game.")
    if session.status not in (ACTIVE, PAUSED):
        raise TableError("Vacations are for a running game.")
    return seat


async def _write_vacation(
    table: Table, session: Session, actor: Actor, action: str, details: dict[str, Any], text: Said
) -> None:
    now = table.clock.now()
    try:
        async with table.store.unit() as store:
            if actor.user_id in session.vacations:
                starts_at, ends_at = session.vacations[actor.user_id]
                await store.save_vacation(session.id, actor.user_id, starts_at, ends_at)
            else:
                await store.delete_vacation(session.id, actor.user_id)
            await store.audit(session.id, actor.user_id, actor.label, now, action, "", details)
            await store.add_outbox(session.id, outbox.notice(session, text), now)
    except Exception:
        await table._reload(session)
        raise
    table.reschedule(session)


def _date(at: float) -> str:
    return dt.datetime.fromtimestamp(at, dt.UTC).date().isoformat()


def vacation_due(session: Session, deadline: Deadline) -> float | None:
    """When the decision behind ``deadline`` takes its default because its player is away (None: not)."""
    seat = session.seat_of_house(deadline.house)
    away = None if seat.ai or seat.user_id is None else session.vacations.get(seat.user_id)
    if away is None:
        return None
    due = max(deadline.started_at, away[0]) + GRACE
    return due if due < away[1] else None


def next_times(session: Session) -> list[float]:
    """When the game's players away on vacation are answered for."""
    if session.status != ACTIVE:
        return []
    return [
        due for deadline in session.deadlines.values() if (due := vacation_due(session, deadline)) is not None
    ]


def _away_now(session: Session, house: str, now: float) -> bool:
    deadline = session.deadlines.get(house)
    due = None if deadline is None or session.status != ACTIVE else vacation_due(session, deadline)
    return due is not None and due <= now


async def tick(table: Table, sessions: list[Session]) -> int:
    """Apply the default answers of the players of these games who are away and whose grace is over
    (returns how many), and beat: the table is running."""
    handled = 0
    for session in sessions:
        game_id = session.id
        for house in [h for h in session.deadlines if _away_now(session, h, table.clock.now())]:
            async with session.lock:  # the same lock after a game is read back
                current = table.sessions.get(game_id)
                handled += current is not None and await _on_vacation(table, current, house)
    await beat(table)
    return handled


async def _on_vacation(table: Table, session: Session, house: str) -> bool:
    from table.table import Step  # the table imports this module

    if not _away_now(session, house, table.clock.now()):
        return False
    decision = session.require_game().decision_for(house)
    if decision is None:
        return False
    seat = session.seat_of_house(house)
    fields = {"player": seat.who, "house": session.kind.named_seat(house)}
    if decision.secret:
        text = said(
            "{player} is away: {house} takes its default answer (kept secret like any answer).", **fields
        )
    else:
        text = said(
            "{player} is away: {house} takes its default answer ({answer}).",
            answer=decision.default.format(),
            **fields,
        )
    await table._advance(
        session, [Step(house, decision.default, None, "vacation")], items=[outbox.notice(session, text)]
    )
    return True
