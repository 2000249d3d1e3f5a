"""Deadlines players can live with, with a clock moved by hand: each game's reminder schedule, the ping
when a deadline passes and the game waits, the time the bot was down given back, and vacations."""

from __future__ import annotations

import datetime as dt

import pytest

from table import Table, TableError
from table.deadlines import (
    GRACE,
    end_vacation,
    parse_reminders,
    set_reminders,
    set_vacation,
    vacation_span,
)
from tests.table.conftest import ALICE, BOB, CAROL, DAVE, MODERATOR_ROLE, three_player_game

HOUR, DAY = 3600, 86400


def notices(items) -> list[str]:
    return [i.payload["text"] for i in items if i.kind == "notice"]


# --- reminders ----------------------------------------------------------------------------------------------


async def test_a_games_reminder_schedule_is_its_own(table, clock):
    game_id = await three_player_game(table, reminders=(12 * HOUR, 2 * HOUR, 30 * 60))
    start = clock.now()
    due = start + DAY
    sent = []
    for at in (due - 12 * HOUR, due - 2 * HOUR, due - 30 * 60):
        assert table.next_wakeup() == at
        clock.advance(at - clock.now())
        assert await table.tick() == 3  # one for each house
        sent.append(len([i for i in await table.outbox(limit=1000) if i.kind == "reminder"]))
    assert sent == [3, 6, 9]
    assert table.session(game_id).deadlines["stark"].reminded == [12 * HOUR, 2 * HOUR, 30 * 60]


async def test_a_moderator_changes_the_schedule_and_past_reminders_are_not_sent_late(table, clock):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    clock.advance(20 * HOUR)  # 4 hours left: the 6 hours reminder is gone
    await table.tick()
    with pytest.raises(TableError, match="Only a moderator"):
        await set_reminders(table, game_id, BOB, (HOUR,))
    text = await set_reminders(table, game_id, ALICE, parse_reminders("8, 3"), "more warning")
    assert str(text) == "Reminders from now on: 8h, 3h before each deadline."
    assert session.settings.reminders == (8 * HOUR, 3 * HOUR)
    assert session.deadlines["stark"].reminded == [8 * HOUR]  # its time has passed
    assert await table.tick() == 0
    clock.advance(HOUR)
    assert await table.tick() == 3
    entry = (await table.store.audit_log(game_id))[-1]
    assert (entry.action, entry.details) == ("reminders", {"reminders": [8 * HOUR, 3 * HOUR]})


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("6, soon", "'soon' is not a number"),
        ("0", "from a minute to a year"),
        ("-1", "from a minute to a year"),
        ("9000", "from a minute to a year"),
        ("nan", "from a minute to a year"),
        ("1 2 3 4 5 6", "at most 5 reminders"),
    ],
)
def test_absurd_reminders_are_refused(text, error):
    with pytest.raises(TableError, match=error):
        parse_reminders(text)


def test_reminders_read_as_hours():
    assert parse_reminders("24, 6 1 0.5 6") == (24 * HOUR, 6 * HOUR, HOUR, 30 * 60)
    assert parse_reminders("none") == parse_reminders("") == ()


# --- a deadline passed, and the game waits ------------------------------------------------------------------


async def test_the_late_player_and_the_moderators_are_pinged_once_with_what_is_pending(table, clock):
    game_id = await three_player_game(table, no_move_policy="wait")
    session = table.session(game_id)
    for who in (ALICE, CAROL):
        await table.submit(
            game_id, who, session.game.decision_for(session.seat_of_user(who.user_id).house).default.format()
        )
    clock.advance(DAY)
    await table.tick()
    await table.tick()
    late = [i for i in await table.outbox() if i.kind == "notice" and "deadline passed" in i.payload["text"]]
    assert len(late) == 1
    payload = late[0].payload
    assert payload["text"].startswith(
        f"<@{BOB.user_id}>, House Lannister's deadline passed: it still has to decide (Place your orders)."
    )
    assert f"<@{ALICE.user_id}> <@&{MODERATOR_ROLE}>" in payload["text"]
    assert (payload["ping_users"], payload["ping_roles"]) == ([ALICE.user_id, BOB.user_id], [MODERATOR_ROLE])


# --- the time the bot was down ------------------------------------------------------------------------------


async def test_the_time_the_bot_was_down_is_given_back_to_the_running_deadlines(db_path, clock):
    table = await Table.open(db_path, clock)
    stops = await three_player_game(table)
    runs = await three_player_game(table, pause_when_down=False)
    due = {g: table.session(g).deadlines["stark"].due_at for g in (stops, runs)}
    await table.tick()  # the ticker beats...
    clock.advance(20)
    await table.store.close()  # ... and then the process dies, with no chance to say so
    clock.advance(5 * HOUR)
    table = await Table.open(db_path, clock)
    try:
        assert table.session(stops).deadlines["stark"].due_at == due[stops] + 5 * HOUR + 20
        assert table.session(runs).deadlines["stark"].due_at == due[runs]
        told = notices(await table.outbox())
        assert sum("Maester was not running for 5 hours" in text for text in told) == 1
        assert (await table.store.audit_log(stops))[-1].action == "downtime"
        assert await table.store.heartbeat() == clock.now()
    finally:
        await table.close()
    # A clean stop says when; starting again at once gives nothing back.
    table = await Table.open(db_path, clock)
    try:
        assert table.session(stops).deadlines["stark"].due_at == due[stops] + 5 * HOUR + 20
    finally:
        await table.close()


async def test_a_paused_games_deadlines_are_left_to_its_resume(db_path, clock):
    table = await Table.open(db_path, clock)
    game_id = await three_player_game(table)
    due = table.session(game_id).deadlines["stark"].due_at
    await table.pause(game_id, ALICE)
    await table.close()
    clock.advance(3 * HOUR)
    table = await Table.open(db_path, clock)
    try:
        assert table.session(game_id).deadlines["stark"].due_at == due
        await table.resume(game_id, ALICE)
        assert table.session(game_id).deadlines["stark"].due_at == due + 3 * HOUR
    finally:
        await table.close()


# --- vacations ----------------------------------------------------------------------------------------------


def day(clock, days: int) -> str:
    return (dt.datetime.fromtimestamp(clock.now(), dt.UTC).date() + dt.timedelta(days=days)).isoformat()


async def test_on_vacation_a_players_decisions_take_their_default_after_the_grace(table, clock):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    start, end = vacation_span("", day(clock, 3), clock.now())
    assert start == clock.now()
    text = await set_vacation(table, game_id, BOB, start, end)
    assert str(text).startswith(f"Bob is away from {day(clock, 0)} to {day(clock, 3)} (UTC)")
    assert table.next_wakeup() == clock.now() + GRACE
    clock.advance(GRACE - 1)
    await table.tick()
    assert session.game.decision_for("lannister") is not None  # Bob may still answer himself
    clock.advance(1)
    await table.tick()
    assert session.game.decision_for("lannister") is None
    row = session.log[-1]
    assert (row.house, row.forced) == ("lannister", "vacation")
    told = notices(await table.outbox())
    assert "Bob is away: House Lannister takes its default answer (kept secret like any answer)." in told
    assert session.game.decision_for("stark") is not None  # the others are not touched
    # Back early: the next decisions are his again.
    assert str(await end_vacation(table, game_id, BOB)).startswith("Bob is back")
    assert session.vacations == {}


async def test_a_vacation_ahead_starts_counting_when_it_starts(table, clock):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    start, end = vacation_span(day(clock, 1), day(clock, 1), clock.now())
    await set_vacation(table, game_id, CAROL, start, end)
    clock.advance(start - clock.now() + GRACE - 1)
    await table.tick()
    assert session.game.decision_for("baratheon") is not None
    clock.advance(1)
    await table.tick()
    assert session.game.decision_for("baratheon") is None


async def test_vacations_survive_a_restart_and_end_with_a_resignation(db_path, clock):
    table = await Table.open(db_path, clock)
    game_id = await three_player_game(table)
    start, end = vacation_span("", day(clock, 2), clock.now())
    await set_vacation(table, game_id, BOB, start, end)
    await table.close()
    table = await Table.open(db_path, clock)
    try:
        assert table.session(game_id).vacations == {BOB.user_id: (start, end)}
        from table.leaving import resign

        await resign(table, game_id, BOB)
        assert table.session(game_id).vacations == {}
        assert await table.store.vacations(game_id) == {}
    finally:
        await table.close()


@pytest.mark.parametrize(
    ("first", "last", "error"),
    [
        ("", -1, "That vacation is in the past"),
        (2, 1, "ends on or after the day it starts"),
        ("", "tomorrow", "Write a day as YYYY-MM-DD"),
        ("2026-02-30", 3, "Write a day as YYYY-MM-DD"),
    ],
    ids=["past", "backwards", "words", "no such day"],
)
def test_bad_vacation_days_are_refused(clock, first, last, error):
    def text(value):
        return day(clock, value) if isinstance(value, int) else value

    with pytest.raises(TableError, match=error):
        vacation_span(text(first), text(last), clock.now())


async def test_bad_vacations_are_refused_and_change_nothing(table, clock):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    now = clock.now()
    refusals = [
        (BOB, now - 2 * DAY, now - DAY, "in the past"),
        (BOB, now + 2 * DAY, now + DAY, "ends after it starts"),
        (BOB, now, now + 90 * DAY, "at most 60 days"),
        (BOB, now + 400 * DAY, now + 401 * DAY, "starts within a year"),
        (DAVE, now, now + DAY, "Only a seated player takes a vacation"),
    ]
    for who, start, end, error in refusals:
        with pytest.raises(TableError, match=error):
            await set_vacation(table, game_id, who, start, end)
    with pytest.raises(TableError, match="no vacation set"):
        await end_vacation(table, game_id, BOB)
    assert session.vacations == {} and await table.store.vacations(game_id) == {}
