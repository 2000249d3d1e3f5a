"""Deadlines in a heap: the ticker finds what is due without looking at every game, and handles it in the
same order as a scan of every game and deadline did (oldest first; on a tie, the lower-numbered game, then
its deadlines in order, each one's end before its reminders)."""

from __future__ import annotations

import random

from table import Table
from table.clock import FakeClock
from table.session import ACTIVE, Session
from table.wakes import Wakes
from tests.table.conftest import three_player_game


def scanned(table: Table) -> tuple[float, Session, str, int | None] | None:
    """What the ticker handled next before the heap: a scan of every game and deadline."""
    now = table.clock.now()
    best: tuple[float, Session, str, int | None] | None = None
    for session in table.sessions.values():
        if session.status != ACTIVE:
            continue
        for deadline in session.deadlines.values():
            candidates: list[tuple[float, int | None]] = []
            if not deadline.expired:
                candidates.append((deadline.due_at, None))
            for before in session.settings.reminders:
                at = deadline.due_at - before
                if before not in deadline.reminded and at > deadline.started_at and not deadline.expired:
                    candidates.append((at, before))
            for at, reminder in candidates:
                if at <= now and (best is None or at < best[0]):
                    best = (at, session, deadline.house, reminder)
    return best


def shuffle_deadlines(table: Table, rng: random.Random, start: float) -> None:
    """Deadlines at few distinct times (so that many tie), some reminded or expired, some games paused."""
    for session in table.sessions.values():
        session.status = ACTIVE if rng.random() < 0.8 else "paused"
        for deadline in session.deadlines.values():
            deadline.started_at = start + rng.choice([0, 600, 3600])
            deadline.due_at = deadline.started_at + rng.choice([3600, 7200, 86400])
            deadline.reminded = [r for r in session.settings.reminders if rng.random() < 0.3]
            deadline.expired = rng.random() < 0.1
        table.reschedule(session)  # as writing its deadlines does


async def test_the_heap_handles_deadlines_in_the_order_of_a_scan(table: Table, clock: FakeClock) -> None:
    for _ in range(12):
        await three_player_game(table)
    rng = random.Random(7)
    for _ in range(5):
        shuffle_deadlines(table, rng, clock.now())
        handled = 0
        for _ in range(100):
            clock.advance(rng.choice([0, 600, 3600, 20000]))
            while (expected := scanned(table)) is not None:
                assert table._next_due() == expected
                _, session, house, reminder = expected
                deadline = session.deadlines[house]
                if reminder is None:
                    deadline.expired = True
                else:
                    deadline.reminded.append(reminder)
                table.reschedule(session)
                handled += 1
            assert table._next_due() is None
        assert handled > 20


async def test_the_next_wakeup_is_the_earliest_time_of_any_active_game(
    table: Table, clock: FakeClock
) -> None:
    games = [await three_player_game(table) for _ in range(3)]
    rng = random.Random(3)
    shuffle_deadlines(table, rng, clock.now())
    times = [
        at
        for session in table.sessions.values()
        if session.status == ACTIVE
        for deadline in session.deadlines.values()
        if not deadline.expired
        for at in [deadline.due_at]
        + [
            deadline.due_at - r
            for r in session.settings.reminders
            if r not in deadline.reminded and deadline.due_at - r > deadline.started_at
        ]
    ]
    assert table.next_wakeup() == (min(times) if times else None)
    for game_id in games:  # ended games wait for nothing
        session = table.session(game_id)
        session.status = "ended"
        table.reschedule(session)
    assert table.next_wakeup() is None


def test_stale_entries_are_dropped_and_the_heap_stays_small() -> None:
    wakes = Wakes()
    for n in range(10_000):
        wakes.set(n % 10, float(10_000 - n))  # each game moves earlier and earlier
    assert wakes.first() == (1.0, 9)
    assert len(wakes._heap) <= 2 * 10 + 64 + 1
    wakes.set(9, None)
    assert wakes.first() == (2.0, 8)
    wakes.set(8, 2.0)  # unchanged: no new entry
    wakes.set(3, 2.0)  # a tie: the lower-numbered game first
    assert wakes.first() == (2.0, 3)
