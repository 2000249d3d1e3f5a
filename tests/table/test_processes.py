"""Two processes on one PostgreSQL database: here two tables, each with the games in its own memory, as two
bot processes have them. Whichever receives an action for a game, the game's actions are serialized by the
database, each sees what the other did, a deadline fires once, and an outbox item is posted by one."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

import asyncpg
import pytest

from table import Table
from table.clock import FakeClock
from table.session import ACTIVE
from tests.table.conftest import ADMIN, ALICE, BOB, CAROL, MODERATOR_ROLE, three_player_game

WAIT = 5.0


@pytest.fixture
async def pair(postgres_dsn: str, clock: FakeClock) -> AsyncIterator[tuple[Table, Table]]:
    first = await Table.open(postgres_dsn, clock)
    second = await Table.open(postgres_dsn, clock)
    try:
        await first.set_moderator_role(ADMIN, MODERATOR_ROLE)
        yield first, second
    finally:
        await first.close()
        await second.close()


async def eventually(condition: Callable[[], bool], what: str) -> None:
    """Wait for what another process announced (a notification) to be heard here."""
    for _ in range(int(WAIT / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def order(table: Table, game_id: int, house: str) -> str:
    decision = table.session(game_id).game.decision_for(house)
    assert decision is not None
    return decision.default.format()


async def test_a_game_made_by_one_process_is_played_through_the_other(pair: tuple[Table, Table]) -> None:
    first, second = pair
    game_id = await three_player_game(first)
    await eventually(lambda: game_id in second.sessions, "the other process to load the new game")
    await eventually(lambda: second.session(game_id).status == ACTIVE, "the start to reach the other process")
    # Alice's orders come to the second process (a DM click arrives on shard 0), Bob's to the first.
    await second.submit(game_id, ALICE, order(second, game_id, "stark"))
    await first.submit(game_id, BOB, order(first, game_id, "lannister"))  # reads Alice's first
    assert first.session(game_id).action_count == 2
    await second.submit(game_id, CAROL, order(second, game_id, "baratheon"))
    for table in (first, second):
        async with table.session(game_id).lock:  # brings it up to date
            assert table.session(game_id).action_count == 3
    assert first.session(game_id).game.to_position() == second.session(game_id).game.to_position()
    assert [row.house for row in await first.load_log(first.session(game_id))] == [
        "stark",
        "lannister",
        "baratheon",
    ]


async def test_answers_arriving_at_both_processes_at_once_are_each_recorded_once(
    pair: tuple[Table, Table],
) -> None:
    first, second = pair
    game_id = await three_player_game(first)
    await eventually(lambda: game_id in second.sessions, "the other process to load the new game")
    lines = {house: order(first, game_id, house) for house in ("stark", "lannister", "baratheon")}
    people = {"stark": ALICE, "lannister": BOB, "baratheon": CAROL}
    tables = {"stark": first, "lannister": second, "baratheon": first}
    await asyncio.gather(*(tables[h].submit(game_id, people[h], lines[h]) for h in lines))
    for table in (first, second):
        async with table.session(game_id).lock:
            session = table.session(game_id)
            log = await table.load_log(session)
            assert sorted(row.house for row in log) == sorted(lines)
            assert len({row.seq for row in log}) == 3
            assert all(
                session.game.decision_for(h) is None or session.game.decision_for(h).kind != "orders"
                for h in lines
            )
    assert first.session(game_id).game.to_position() == second.session(game_id).game.to_position()


async def test_a_deadline_both_processes_wait_for_fires_once(
    pair: tuple[Table, Table], clock: FakeClock
) -> None:
    first, second = pair
    game_id = await three_player_game(first, no_move_policy="default")
    await eventually(lambda: game_id in second.sessions, "the other process to load the new game")
    await first.submit(game_id, ALICE, order(first, game_id, "stark"))
    await eventually(lambda: second.session(game_id).deadlines != {}, "the deadlines")
    due = max(d.due_at for d in first.session(game_id).deadlines.values())
    clock.advance(due + 1 - clock.now())
    handled = await asyncio.gather(first.tick(), second.tick())
    assert sum(handled) >= 1
    audit = [entry.action for entry in await first.audit_log(game_id, ADMIN)]
    forced = [row for row in await first.load_log(first.session(game_id)) if row.forced == "deadline"]
    assert len(forced) == 2, (audit, forced)  # Lannister and Baratheon, once each


async def test_each_outbox_item_is_handed_to_one_process_and_another_takes_over_a_dead_ones(
    pair: tuple[Table, Table], postgres_dsn: str
) -> None:
    first, second = pair
    games = {await three_player_game(first), await three_player_game(second)}
    taken_first = {item.id: item.game_id for item in await first.outbox(1000)}
    taken_second = {item.id: item.game_id for item in await second.outbox(1000)}
    assert not taken_first.keys() & taken_second.keys()  # a game's outbox is one process's at a time
    assert set(taken_first.values()) | set(taken_second.values()) == games
    # The first process dies: its claims run out, and the second takes its games' items over.
    connection = await asyncpg.connect(postgres_dsn)
    try:
        await connection.execute("UPDATE claims SET until = 0 WHERE owner = $1", first.store.sharing.owner)
    finally:
        await connection.close()
    taken_over = {item.id for item in await second.outbox(1000)}
    assert taken_over == taken_first.keys() | taken_second.keys()


async def test_a_process_whose_presence_the_server_dropped_connects_again_and_catches_up(
    pair: tuple[Table, Table], postgres_dsn: str
) -> None:
    first, second = pair
    sharing = second.store.sharing
    assert sharing is not None
    connection = await asyncpg.connect(postgres_dsn)
    try:
        await connection.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
            f"maester {sharing.owner}",
        )
    finally:
        await connection.close()
    game_id = await three_player_game(first)  # announced while the second may not be listening
    await eventually(lambda: game_id in second.sessions, "the second process to catch up")
    await eventually(lambda: second.session(game_id).status == ACTIVE, "the start to reach it")
    later = await three_player_game(first)  # and it hears again
    await eventually(lambda: later in second.sessions, "the next game to be heard")
