"""Deadlines, reminders and the no-move policy, with a clock moved by hand."""

from __future__ import annotations

from table import Table
from tests.table.conftest import ALICE, three_player_game

DAY = 86400
HOUR = 3600


async def test_each_decision_gets_its_categorys_deadline(table, clock):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    assert {d.due_at for d in session.deadlines.values()} == {
        clock.now() + session.settings.deadlines["orders"]
    }
    clock.advance(HOUR)
    await table.submit(game_id, ALICE, session.game.decision_for("stark").default.format())
    # The others' deadlines do not move when someone else acts.
    assert session.deadlines["lannister"].due_at == clock.now() - HOUR + DAY
    assert "stark" not in session.deadlines
    assert table.next_wakeup() == session.deadlines["lannister"].due_at - 6 * HOUR


async def test_reminders_go_out_once_at_their_times(table, clock):
    game_id = await three_player_game(table)
    clock.advance(DAY - 6 * HOUR - 1)
    assert await table.tick() == 0
    clock.advance(1)
    assert await table.tick() == 3  # one reminder for each house
    assert await table.tick() == 0
    reminders = [i for i in await table.outbox() if i.kind == "reminder"]
    assert sorted(i.target_id for i in reminders) == [1, 2, 3]
    assert all(i.payload["game_id"] == game_id for i in reminders)


async def test_a_passed_deadline_applies_the_default_when_the_policy_says_so(table, clock):
    game_id = await three_player_game(table, no_move_policy="default")
    session = table.session(game_id)
    clock.advance(DAY)
    await table.tick()
    assert [row.forced for row in session.log[:3]] == ["deadline"] * 3
    assert session.game.state.orders_revealed
    notices = [i.payload["text"] for i in await table.outbox() if i.kind == "notice"]
    assert sum("default answer was applied" in text for text in notices) == 3
    # orders are secret until revealed: the channel is not told what the defaults were
    assert not any("orders " in text for text in notices)


async def test_a_passed_deadline_waits_and_tells_the_channel_once(table, clock):
    game_id = await three_player_game(table, no_move_policy="wait")
    session = table.session(game_id)
    clock.advance(2 * DAY)
    await table.tick()
    await table.tick()
    assert session.log == [] and len(session.pending()) == 3
    notices = [i.payload["text"] for i in await table.outbox() if i.kind == "notice"]
    assert sum("deadline passed" in text for text in notices) == 3
    assert all(d.expired for d in session.deadlines.values())


async def test_deadlines_passed_while_down_are_applied_on_restart_in_order(db_path, clock):
    """In games whose clock runs while the bot is down (not the default)."""
    table = await Table.open(db_path, clock)
    first = await three_player_game(table, no_move_policy="default", pause_when_down=False)
    clock.advance(HOUR)
    second = await three_player_game(table, no_move_policy="default", pause_when_down=False)
    await table.close()
    clock.advance(3 * DAY)  # the process was down
    table = await Table.open(db_path, clock)
    assert table.session(first).deadlines and table.session(second).deadlines
    await table.tick()
    actions = {g: await table.store.live_actions(g) for g in (first, second)}
    assert all(row.forced == "deadline" for rows in actions.values() for row in rows[:3])
    notices = [
        i for i in await table.outbox() if i.kind == "notice" and "deadline passed" in i.payload["text"]
    ]
    order = [i.game_id for i in notices]
    assert order[:3] == [first] * 3 and order[3:6] == [second] * 3  # the older deadlines first
    await table.close()
