"""Loading: every game in a handful of queries, from the position saved with its last change (nothing
replayed); its action log read only when something needs it; and a failed write reloads only its game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from table import Table
from table.store import Store
from tests.table.conftest import ADMIN, ALICE, BOB, CAROL, PLAYERS, play_defaults, three_player_game
from tests.table.databases import Database, NewDatabase, run_sql


async def played_games(db_path: Database, count: int) -> list[int]:
    table = await Table.open(db_path)
    try:
        await table.set_moderator_role(ADMIN, 77)
        games = [await three_player_game(table) for _ in range(count)]
        for n, game_id in enumerate(games):
            await play_defaults(table, game_id, 1 + n % 3)
    finally:
        await table.close()
    return games


async def queries_to_load(db_path: Database) -> int:
    """How many statements loading every game takes."""
    store = await Store.open(db_path)
    statements: list[str] = []
    real = store.db.execute

    def execute(sql: str, *args: Any) -> Any:
        statements.append(sql)
        return real(sql, *args)

    store.db.execute = execute  # type: ignore[method-assign]
    table = Table(store)
    try:
        await table.load()
    finally:
        await table.close()
    return len(statements)


async def test_every_game_loads_in_a_handful_of_queries_whatever_their_number(
    new_database: NewDatabase,
) -> None:
    few, more = await new_database(), await new_database()
    await played_games(few, 2)
    await played_games(more, 8)
    # servers, pings, languages, heartbeat; games, seats, spectators, deadlines, positions, open votes,
    # their ballots, vacations, what the diplomacy threads were synced with
    assert await queries_to_load(few) == await queries_to_load(more) <= 13


async def test_a_restart_reads_no_log_and_the_log_is_read_once_when_needed(db_path: Path) -> None:
    [game_id] = await played_games(db_path, 1)
    table = await Table.open(db_path)
    try:
        before = await table.store.live_actions(game_id)
        session = table.session(game_id)
        assert not session.log_read and session.action_count == len(before) > 0
        with pytest.raises(RuntimeError, match="not read yet"):
            session.log  # noqa: B018
        # Playing needs no log: the last line of each house is kept with the position.
        decision = session.pending()[0]
        await table.submit(game_id, PLAYERS[decision.house], decision.default.format())
        assert not session.log_read and session.action_count == len(before) + 1
        assert session.last_lines[decision.house] == f"{decision.house}: {decision.default.format()}"
        # An export needs it: read once, then kept and extended as the game goes.
        exported = await table.export(game_id, ADMIN)
        assert session.log_read
        assert [a["notation"] for a in exported["actions"]] == [
            r.notation for r in await table.store.live_actions(game_id)
        ]
        decision = session.pending()[0]
        await table.submit(game_id, PLAYERS[decision.house], decision.default.format())
        assert session.log == await table.store.live_actions(game_id)
    finally:
        await table.close()


def reads_of_threads(table: Table) -> list[str]:
    """The statements reading diplomacy threads that ``table``'s store runs from now on."""
    reads: list[str] = []
    real = table.store.db.execute

    def execute(sql: str, *args: Any) -> Any:
        if sql.lstrip().upper().startswith("SELECT") and "diplomacy_threads" in sql:
            reads.append(sql)
        return real(sql, *args)

    table.store.db.execute = execute  # type: ignore[method-assign]
    return reads


async def test_threads_in_line_at_a_restart_are_not_read_back_by_the_first_action(db_path: Path) -> None:
    [game_id] = await played_games(db_path, 1)
    table = await Table.open(db_path)
    try:
        before = await table.store.threads(game_id)
        assert len(before) == 4  # the council and three ravens, opened when the game started
        reads = reads_of_threads(table)
        decision = table.session(game_id).pending()[0]
        await table.submit(game_id, PLAYERS[decision.house], decision.default.format())
        assert reads == []
        assert await table.store.threads(game_id) == before
    finally:
        await table.close()


async def test_threads_not_known_in_line_at_a_restart_are_read_and_brought_in_line_by_the_first_action(
    db_path: Path,
) -> None:
    """A game whose threads were synced before the table noted what with (migration 10), one of them
    missing (as when the threads came in, migration 5)."""
    [game_id] = await played_games(db_path, 1)
    await run_sql(db_path, "DELETE FROM threads_synced")
    await run_sql(db_path, "DELETE FROM diplomacy_threads WHERE key = ?", "raven:stark:lannister")
    table = await Table.open(db_path)
    try:
        reads = reads_of_threads(table)
        decision = table.session(game_id).pending()[0]
        await table.submit(game_id, PLAYERS[decision.house], decision.default.format())
        assert len(reads) == 1
        found = {row["key"]: row for row in await table.store.threads(game_id)}
        assert found["raven:stark:lannister"]["members"] == {
            "stark": PLAYERS["stark"].user_id,
            "lannister": PLAYERS["lannister"].user_id,
        }
    finally:
        await table.close()
    table = await Table.open(db_path)  # noted now: the next restart reads them no more
    try:
        reads = reads_of_threads(table)
        decision = table.session(game_id).pending()[0]
        await table.submit(game_id, PLAYERS[decision.house], decision.default.format())
        assert reads == []
    finally:
        await table.close()


async def test_an_undo_after_a_restart_reads_the_log_and_keeps_the_numbers(db_path: Path) -> None:
    [game_id] = await played_games(db_path, 1)
    table = await Table.open(db_path)
    try:
        session = table.session(game_id)
        count, next_seq = session.action_count, session.next_seq
        await table.undo(game_id, ALICE, count=2)
        assert session.log_read and session.action_count == count - 2 == len(session.log)
        assert session.next_seq == next_seq  # undone actions keep their numbers
        decision = session.pending()[0]
        await table.submit(game_id, PLAYERS[decision.house], decision.default.format())
        assert session.log[-1].seq == next_seq
    finally:
        await table.close()
    reopened = await Table.open(db_path)
    try:
        again = reopened.session(game_id)
        assert again.game.to_position() == session.game.to_position()
        assert (again.action_count, again.next_seq, again.last_lines) == (
            session.action_count,
            session.next_seq,
            session.last_lines,
        )
        assert again.next_line == await reopened.store.next_line(game_id)
    finally:
        await reopened.close()


async def test_imported_games_have_their_position_saved(table: Table) -> None:
    game_id = await three_player_game(table)
    await play_defaults(table, game_id, 2)
    exported = await table.export(game_id, ADMIN)
    active = await table.import_game(ADMIN, exported, channel_id=300, guild_id=10, members=lambda _: True)
    paused = await table.import_game(ADMIN, exported, channel_id=301, guild_id=10, members=lambda _: False)
    assert paused.status == "paused"
    for session in (active, paused):
        async with table.store.db.execute(
            "SELECT seq, actions, position FROM positions WHERE game_id = ?", (session.id,)
        ) as cursor:
            seq, actions, position = await cursor.fetchone()
        assert (seq, actions) == (session.last_seq, session.action_count)
        assert json.loads(position) == session.game.to_position()


async def test_a_failed_write_reloads_only_its_game(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = await three_player_game(table), await three_player_game(table)
    untouched = table.session(second)
    failures = [OSError("disk full")]
    real = Store.update_game

    async def update_game(self: Store, game_id: int, **fields: Any) -> None:
        if failures:
            raise failures.pop()
        await real(self, game_id, **fields)

    monkeypatch.setattr(Store, "update_game", update_game)
    session = table.session(first)
    with pytest.raises(OSError):
        await table.submit(first, BOB, session.game.decision_for("lannister").default.format())
    assert table.session(second) is untouched  # not read back
    assert table.session(first) is session  # read back from the store, in place
    assert session.action_count == 0 and session.game.decision_for("lannister") is not None
    await table.submit(first, CAROL, table.session(first).game.decision_for("baratheon").default.format())
    assert table.session(first).action_count == 1
