"""A bad database never stops everything: an unreadable file or a newer schema is refused at once with a
clear message (and the process can exit), and one damaged game is set aside while every other runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from table import Table, TableError
from table.store import MIGRATIONS, StoreError
from tests.table.conftest import ADMIN, ALICE, BOB, play_defaults, three_player_game
from tests.table.databases import Database, NewDatabase, run_script, run_sql


async def two_games(db_path: Database) -> tuple[int, int]:
    table = await Table.open(db_path)
    try:
        await table.set_moderator_role(ADMIN, 77)
        first = await three_player_game(table)
        second = await three_player_game(table)
        for game_id in (first, second):
            await play_defaults(table, game_id, 3)
    finally:
        await table.close()
    return first, second


async def damage(db_path: Database, query: str, *args: object) -> None:
    await run_sql(db_path, query, *args)


# A restart reads each game's saved position, not its log: a damaged action is met only when the log is
# replayed, as it is for a game whose position does not load.
UNLOADABLE_POSITION = 'UPDATE positions SET position = \'{"units": "damaged"}\' WHERE game_id = ?'


@pytest.mark.parametrize(
    "query",
    [
        "UPDATE actions SET notation = 'stark: bid 99' WHERE game_id = ? AND seq = 1;" + UNLOADABLE_POSITION,
        "UPDATE actions SET notation = 'garbage' WHERE game_id = ? AND seq = 0;" + UNLOADABLE_POSITION,
        "UPDATE games SET settings = '{not json' WHERE id = ?",
        "UPDATE games SET settings = '{\"players\": 9}' WHERE id = ?",
        "UPDATE deadlines SET reminded = 'nope' WHERE game_id = ?",
        "UPDATE games SET summary = '7' WHERE id = ?",
    ],
    ids=["illegal-action", "garbage-action", "settings-json", "bad-settings", "deadline-json", "summary"],
)
async def test_one_damaged_game_is_set_aside_and_the_others_run(db_path: Database, query: str) -> None:
    first, second = await two_games(db_path)
    await damage(db_path, query, first)
    table = await Table.open(db_path)
    try:
        broken = table.sessions[first]
        assert broken.broken is not None and "stark: bid" not in str(broken.broken)  # no secret in the reason
        with pytest.raises(TableError, match="out of service"):
            await table.submit(first, BOB, "raven none")
        fine = table.session(second)
        assert fine.broken is None and fine.pending()
        notices = [
            i
            for i in await table.outbox()
            if i.game_id == first and "could not be loaded" in i.payload.get("text", "")
        ]
        assert {(i.target, i.target_id) for i in notices} == {
            ("channel", broken.channel_id),
            ("user", ALICE.user_id),
        }
        await table.end_game(first, ALICE, reason="damaged")  # its moderators can still end it
        assert table.sessions[first].status == "ended"
    finally:
        await table.close()


async def test_a_game_set_aside_is_reported_once_and_repaired_by_an_undo(db_path: Database) -> None:
    first, _ = await two_games(db_path)
    await damage(
        db_path,
        "UPDATE actions SET notation = 'stark: bid 99' WHERE game_id = ? AND seq = 2;" + UNLOADABLE_POSITION,
        first,
    )
    for _ in range(2):  # two restarts: the channel is told once
        table = await Table.open(db_path)
        await table.close()
    table = await Table.open(db_path)
    try:
        notices = [i for i in await table.outbox() if "could not be loaded" in i.payload.get("text", "")]
        assert len(notices) == 2  # the channel and the creator, once
        session = table.sessions[first]
        live = len(await table.load_log(session))
        with pytest.raises(TableError, match="still does not load"):
            await table.undo(first, ALICE, count=live - 3)  # keeps the damaged action 3
        await table.undo(first, ALICE, count=live - 2, reason="repair")
        assert session.broken is None and table.sessions[first].game is not None
        assert table.sessions[first].pending()
    finally:
        await table.close()
    reopened = await Table.open(db_path)
    try:
        assert reopened.sessions[first].broken is None
    finally:
        await reopened.close()


async def test_a_spanish_game_set_aside_says_why_in_spanish_and_its_creator_in_theirs(
    db_path: Database,
) -> None:
    """The reason is worded once (and kept in English in the store, to tell it once); the channel reads it
    in the game's language, the creator's DM in theirs, a refusal in its reader's."""
    table = await Table.open(db_path)
    try:
        await table.saw_locale(ALICE.user_id, "it")
        first = await three_player_game(table, language="es")
        await play_defaults(table, first, 3)
    finally:
        await table.close()
    await damage(
        db_path,
        "UPDATE actions SET notation = 'stark: bid 99' WHERE game_id = ? AND seq = 1;" + UNLOADABLE_POSITION,
        first,
    )
    table = await Table.open(db_path)
    try:
        told = {i.target: i.payload["text"] for i in await table.outbox() if "⚠️" in i.payload.get("text", "")}
        assert told["channel"] == (
            "⚠️ Partida de 3 jugadores (partida 1) no se pudo cargar tras un reinicio (su acción 2 (Casa "
            "Lannister) ya no se puede reproducir) y está fuera de servicio. Un moderador puede deshacer sus "
            "últimas acciones o terminarla; todas las demás partidas siguen."
        )
        assert told["user"].startswith("⚠️ Partida de 3 jugadores (partita 1) non si è potuta caricare")
        assert str(table.session(first).broken) == "its action 2 (House Lannister) no longer replays"
        with pytest.raises(TableError) as refused:
            await table.submit(first, BOB, "raven none")
        assert (
            "fuori servizio: la sua azione 2 (Casa Lannister) non si può più rigiocare"
            in refused.value.said_in("it")
        )
    finally:
        await table.close()


def run_open(path: Database) -> subprocess.CompletedProcess[str]:
    """Open a table on ``path`` in a fresh process, as the bot does at start."""
    script = textwrap.dedent(
        """
        import asyncio, sys
        from table import Table
        from table.store import StoreError

        async def main():
            try:
                table = await Table.open(sys.argv[1])
            except StoreError as error:
                print("REFUSED", error)
                return 2
            await table.close()
            return 0

        sys.exit(asyncio.run(main()))
        """
    )
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [sys.executable, "-c", script, str(path)],
        capture_output=True,
        text=True,
        timeout=30,
        env=env,
        cwd=root,
    )


@pytest.mark.sqlite_only  # a file
@pytest.mark.parametrize(
    "content", [b"this is not a database" * 100, b"SQLite format 3\x00" + b"\xff" * 5000]
)
def test_an_unreadable_file_is_refused_at_once_and_the_process_exits(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "maester.sqlite3"
    path.write_bytes(content)
    done = run_open(path)  # a hang would time out
    assert done.returncode == 2, done.stderr
    assert "REFUSED" in done.stdout and "not a readable Maester database" in done.stdout
    assert path.read_bytes() == content  # nothing was changed


@pytest.mark.sqlite_only  # a file
async def test_a_truncated_database_is_refused_and_the_process_exits(tmp_path: Path) -> None:
    path = tmp_path / "maester.sqlite3"
    await two_games(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])
    for suffix in ("-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    done = run_open(path)
    assert done.returncode in (0, 2), done.stderr  # refused, or (if the cut missed every page) loaded
    assert "Traceback" not in done.stderr


async def test_a_database_from_a_newer_version_or_a_damaged_one_is_refused(db_path: Database) -> None:
    await (await Table.open(db_path)).close()
    await damage(db_path, "UPDATE schema_version SET version = ?", len(MIGRATIONS) + 1)
    with pytest.raises(StoreError, match="newer Maester"):
        await Table.open(db_path)
    await damage(db_path, "UPDATE schema_version SET version = ?", -1)
    with pytest.raises(StoreError, match="damaged schema version"):
        await Table.open(db_path)
    assert await run_sql(db_path, "SELECT version FROM schema_version") == [(-1,)]  # nothing was changed


async def at_first_schema(database: Database) -> None:
    """An empty database as the first version of Maester left it."""
    await run_sql(database, "CREATE TABLE schema_version (version BIGINT NOT NULL)")
    await run_sql(database, "INSERT INTO schema_version VALUES (1)")
    await run_script(database, MIGRATIONS[0])


async def test_a_database_of_the_first_schema_is_migrated_keeping_its_games(
    new_database: NewDatabase,
) -> None:
    """A database written before this version: its games load, and the old per-game role name is
    dropped."""
    path = await new_database(empty=True)
    await at_first_schema(path)
    settings = {"players": 3, "moderator_role": "Maester"}
    await run_sql(
        path,
        "INSERT INTO games (guild_id, channel_id, creator_id, name, settings, status, seed, created_at) "
        "VALUES (10, 100, 1, 'old', ?, 'lobby', 5, 0)",
        json.dumps(settings),
    )
    table = await Table.open(path)
    try:
        assert await table.store.schema_version() == len(MIGRATIONS)
        assert table.session(1).name == "old" and table.session(1).broken is None
        (stored,) = await table.store.stored_games(1)
        assert json.loads(stored.row["settings"]) == {"players": 3}
    finally:
        await table.close()


async def test_a_damaged_snapshot_is_passed_over_and_the_log_replayed(db_path: Database) -> None:
    table = await Table.open(db_path)
    first = await three_player_game(table)
    await play_defaults(table, first, 3)
    position = table.session(first).game.to_position()
    async with table.store.unit() as unit:
        await unit.save_snapshot(first, table.session(first).log[-1].seq, {"units": "damaged"})
    await table.close()
    await damage(db_path, UNLOADABLE_POSITION, first)
    reopened = await Table.open(db_path)
    try:
        assert reopened.session(first).broken is None
        assert reopened.session(first).game.to_position() == position
    finally:
        await reopened.close()


async def test_a_restart_replays_nothing_and_a_position_that_does_not_load_is_replayed_once(
    db_path: Database,
) -> None:
    first, second = await two_games(db_path)
    table = await Table.open(db_path)
    positions = {g: table.session(g).game.to_position() for g in (first, second)}
    await table.close()
    # A damaged action is not even read at a restart: the game goes on from its saved position.
    await damage(db_path, "UPDATE actions SET notation = 'garbage' WHERE game_id = ?", second)
    await damage(db_path, UNLOADABLE_POSITION, first)
    for _ in range(2):  # the first restart replays the first game's log and saves its position again
        table = await Table.open(db_path)
        try:
            assert {g: table.session(g).game.to_position() for g in (first, second)} == positions
            assert not table.session(second).log_read
        finally:
            await table.close()
    [(position,)] = await run_sql(db_path, "SELECT position FROM positions WHERE game_id = ?", first)
    assert json.loads(position) == positions[first]
