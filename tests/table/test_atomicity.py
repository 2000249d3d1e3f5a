"""Each operation and its consequences are one transaction: when the writing fails part way, nothing of
it is on disk, and memory is what the disk says."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from table import GameSettings, Table, leaving
from table.store import Store
from tests.table.conftest import ADMIN, ALICE, BOB, CAROL, CHANNEL, GUILD, play_defaults, three_player_game


async def on_disk(table: Table, game_id: int) -> dict[str, Any]:
    rows: dict[str, Any] = {}
    for name, query in {
        "game": "SELECT status, summary, paused_at FROM games WHERE id = ?",
        "seats": "SELECT * FROM seats WHERE game_id = ? ORDER BY position",
        "actions": "SELECT seq, notation, undone_at FROM actions WHERE game_id = ? ORDER BY seq",
        "deadlines": "SELECT * FROM deadlines WHERE game_id = ? ORDER BY house",
        "audit": "SELECT action FROM audit WHERE game_id = ? ORDER BY id",
        "outbox": "SELECT kind, payload FROM outbox WHERE game_id = ? ORDER BY id",
    }.items():
        async with table.store.db.execute(query, (game_id,)) as cursor:
            rows[name] = [tuple(r) for r in await cursor.fetchall()]
    return rows


def in_memory(table: Table, game_id: int) -> Any:
    session = table.sessions.get(game_id)
    if session is None:
        return None
    position = None if session.game is None else session.game.to_position()
    return (session.status, [s.to_row() for s in session.seats], [r.notation for r in session.log], position)


def fail_late(monkeypatch: pytest.MonkeyPatch) -> None:
    """The next ``update_game`` (written near the end of an operation's transaction) fails once."""
    real = Store.update_game
    failures = [OSError("disk full")]

    async def update_game(self: Store, game_id: int, **fields: Any) -> None:
        if failures:
            raise failures.pop()
        await real(self, game_id, **fields)

    monkeypatch.setattr(Store, "update_game", update_game)


Operation = Callable[[Table, int], Awaitable[Any]]

OPERATIONS: dict[str, Operation] = {
    "undo": lambda t, g: t.undo(g, ALICE, count=2),
    "remove-for-an-ai": lambda t, g: t.remove_player(g, ALICE, "baratheon", "random"),
    "pause": lambda t, g: t.pause(g, ALICE),
    "end": lambda t, g: t.end_game(g, ALICE),  # with its report
    "force": lambda t, g: t.force(g, ALICE, "baratheon"),
    "resign": lambda t, g: leaving.resign(t, g, CAROL),
    "submit": lambda t, g: t.submit(g, CAROL, t.session(g).game.decision_for("baratheon").default.format()),
}


@pytest.mark.parametrize("operation", list(OPERATIONS))
async def test_a_failed_write_leaves_no_trace(
    table: Table, monkeypatch: pytest.MonkeyPatch, operation: str
) -> None:
    game_id = await three_player_game(table)
    session = table.session(game_id)
    for house, who in (("stark", ALICE), ("lannister", BOB)):
        await table.submit(game_id, who, session.game.decision_for(house).default.format())
    disk, memory = await on_disk(table, game_id), in_memory(table, game_id)
    fail_late(monkeypatch)
    with pytest.raises(OSError, match="disk full"):
        await OPERATIONS[operation](table, game_id)
    assert await on_disk(table, game_id) == disk
    assert in_memory(table, game_id) == memory


async def test_a_failed_start_leaves_the_lobby_as_it_was(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3, house_assignment="random")
    )
    for who in (ALICE, BOB, CAROL):
        await table.join(session.id, who)
    disk, memory = await on_disk(table, session.id), in_memory(table, session.id)
    fail_late(monkeypatch)
    with pytest.raises(OSError):
        await table.start(session.id, ALICE)
    assert await on_disk(table, session.id) == disk
    assert in_memory(table, session.id) == memory
    assert table.session(session.id).status == "lobby"
    await table.start(session.id, ALICE)  # and it starts once the disk is back
    assert table.session(session.id).status == "active"


async def test_a_failed_import_leaves_no_game_behind(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = await three_player_game(table)
    await play_defaults(table, game_id)
    exported = await table.export(game_id, ADMIN)
    async with table.store.db.execute("SELECT COUNT(*) FROM games") as cursor:
        games = (await cursor.fetchone())[0]
    fail_late(monkeypatch)
    with pytest.raises(OSError):
        await table.import_game(ADMIN, exported, channel_id=300, guild_id=GUILD, members=lambda _: True)
    async with table.store.db.execute("SELECT COUNT(*) FROM games") as cursor:
        assert (await cursor.fetchone())[0] == games
    assert set(table.sessions) == {game_id}


async def test_an_undo_and_everything_it_causes_are_written_together(table: Table) -> None:
    game_id = await three_player_game(table)
    await play_defaults(table, game_id)
    await table.undo(game_id, ALICE, count=2)
    disk = await on_disk(table, game_id)
    assert disk["audit"][-1] == ("undo",)
    assert sum(1 for (_, _, undone) in disk["actions"] if undone is not None) == 2
    kinds = [kind for kind, _ in disk["outbox"]]
    assert kinds[-6:] == ["notice", "phase-log", "board", "phase-log", "prompt", "prompt"]  # a new live log
    assert len(disk["deadlines"]) == 2
