"""Persistence: games, seats, the action log, positions and snapshots, deadlines, the audit log and the
outbox, on SQLite (a file: the default) or PostgreSQL (a ``postgresql://`` URL, :mod:`table.postgres`).

The methods below are written once for both databases: SQL both read alike (``INSERT ... ON CONFLICT ...
DO UPDATE`` rather than SQLite's ``INSERT OR REPLACE``), with ``?`` placeholders, rows read by column
name. What differs is elsewhere, in one place each: the schema's scripts (:mod:`table.schema`), and for
PostgreSQL the placeholders, the connections, the writer and the numbering of new rows
(:mod:`table.postgres`).

Writes and reads go by different roads. Each operation of the table writes inside ``async with
store.unit() as unit``: the unit is a :class:`Store` whose connection only collects the statements (it
reads nothing, so a unit needs no lock and no trip to the database while it is built), and at the end of
the block they are handed to the writer (:mod:`table.writer`), which commits them with whatever other
units are waiting, in one transaction, before the caller goes on. So an action, the outbox items it caused,
its deadlines and the game's position become durable together, before the caller is answered, or not at
all. Reads go through the store's own connection (SQLite) or pool (PostgreSQL), which writes nothing once
the schema is migrated (it is made read-only then). The action log is append-only: undoing marks actions
as undone and never deletes them.

A database that cannot be used (a file that is not a readable database, a server that cannot be reached,
a schema written by a newer Maester) is refused at once with a :class:`StoreError` that says what to do
(and every connection is closed, so the process can exit).
"""

from __future__ import annotations

import itertools
import json
import sqlite3
from collections.abc import AsyncIterator, Generator, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import aiosqlite
import asyncpg

from table.postgres import described, is_postgres, open_postgres
from table.schema import MIGRATIONS, StoreError, checked_version
from table.sharing import CHANNEL, Heard, Held, Sharing
from table.writer import Changed, GroupWriter, SqliteWriter, Statement

__all__ = ["MIGRATIONS", "DatabaseError", "Store", "StoreError"]

# What a database raises when it, rather than one game's data, fails: a damaged file, a server gone (a
# connection refused or timed out, a socket missing: OSErrors).
DatabaseError: tuple[type[BaseException], ...] = (
    sqlite3.DatabaseError,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    OSError,
)


@dataclass(frozen=True)
class ActionRow:
    """One action of a game's log. ``secret`` says whether it answered a secret decision (orders, a bid, a
    house card...); actions stored before that was recorded count as secret."""

    seq: int
    house: str
    notation: str
    actor_id: int | None
    forced: str | None
    at: float
    secret: bool = True


@dataclass(frozen=True)
class OutboxItem:
    """Something to post: ``target`` is ``channel`` or ``user`` (a DM), ``target_id`` its Discord id.
    ``problem`` is why Discord refused it last time (None if it was never refused): the item stays owed
    until it is delivered."""

    id: int
    game_id: int
    kind: str
    target: str
    target_id: int
    payload: dict[str, Any]
    created_at: float
    attempts: int = 0
    retry_at: float | None = None
    problem: str | None = None
    told: bool = False


@dataclass(frozen=True)
class AuditEntry:
    id: int
    game_id: int
    actor_id: int | None
    actor_name: str
    at: float
    action: str
    reason: str
    details: dict[str, Any]


@dataclass(frozen=True)
class SavedPosition:
    """A game's position as of its last commit, and the numbers kept with it (see migration 5)."""

    seq: int
    actions: int
    next_seq: int
    next_line: int
    last: dict[str, str]
    position: dict[str, Any]


@dataclass
class StoredGame:
    """Everything a game is loaded from, but its log: its row (``settings`` and ``summary`` still JSON
    text, so that one damaged game can be set aside while the others load), its seats, spectators and
    deadline rows (``reminded`` still JSON text), and its saved position's row (None if it has none)."""

    row: dict[str, Any]
    seats: list[dict[str, Any]] = field(default_factory=list)
    spectators: set[int] = field(default_factory=set)
    deadlines: list[dict[str, Any]] = field(default_factory=list)
    position: dict[str, Any] | None = None
    votes: list[dict[str, Any]] = field(
        default_factory=list
    )  # open ones, ``details`` decoded, with ``ballots``
    vacations: dict[int, tuple[float, float]] = field(default_factory=dict)  # user id -> (start, end)
    threads_synced: str | None = None  # what its diplomacy threads were last synced with (JSON), if known


class Ids(Protocol):
    """Where the numbers of new games and votes come from: a unit cannot read one back."""

    async def next(self, table: str) -> int: ...


class CountedIds:
    """SQLite's numbers: counted in memory from the largest stored ones (one process owns a SQLite file).
    PostgreSQL's come from sequences (:class:`table.postgres.SequenceIds`)."""

    def __init__(self, after: dict[str, int]) -> None:
        self._counts: dict[str, Iterator[int]] = {
            table: itertools.count(last + 1) for table, last in after.items()
        }

    async def next(self, table: str) -> int:
        return next(self._counts[table])


NUMBERED = ("games", "votes")  # the tables whose new rows the store numbers itself


class Store:
    def __init__(
        self, db: Any, path: str, writer: GroupWriter, ids: Ids, sharing: Sharing | None = None
    ) -> None:
        """``db``: the connection that reads (aiosqlite's, or :class:`table.postgres.PostgresReader`), or
        in a :class:`Unit` the :class:`Recorder`; ``path``: the database as it was given (a PostgreSQL URL
        with its password: never shown, see :attr:`where`)."""
        self.db = db
        self.path = path
        self.writer = writer
        self.ids = ids
        self.sharing = sharing  # on a database several processes share: their locks, notices and claims

    @property
    def where(self) -> str:
        """The database as messages and logs name it (a URL without its password)."""
        return described(self.path) if is_postgres(self.path) else self.path

    @classmethod
    async def open(cls, database: str | Path) -> Store:
        """Open the database (a SQLite file's path, made on first run; or a ``postgresql://`` URL),
        migrated to the latest schema. Raises :class:`StoreError` for a file that is not a readable
        Maester database, a server that cannot be used, or a schema this Maester cannot use."""
        if is_postgres(database):
            reader, writer, ids, sharing = await open_postgres(str(database))
            return cls(reader, str(database), writer, ids, sharing)
        return await cls._open_sqlite(Path(database))

    @classmethod
    async def _open_sqlite(cls, path: Path) -> Store:
        """The SQLite file at ``path``, in WAL mode; its reading connection made read-only."""
        path.parent.mkdir(parents=True, exist_ok=True)
        # Autocommit: the migrations begin and commit their own transactions, and once this connection is
        # read-only, a refused write must not leave an implicit transaction open on an old snapshot.
        db = await aiosqlite.connect(str(path), isolation_level=None)
        store = cls(db, str(path), SqliteWriter(str(path)), CountedIds({}))
        try:
            db.row_factory = aiosqlite.Row
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=FULL")
            await db.execute("PRAGMA foreign_keys=ON")
            await store._migrate_sqlite()
            await db.execute("PRAGMA query_only=ON")  # from now on, every write goes through the writer
            last = {}
            for table in NUMBERED:
                async with db.execute(f"SELECT COALESCE(MAX(id), 0) AS last FROM {table}") as cursor:
                    last[table] = int((await cursor.fetchone())["last"])
            store.ids = CountedIds(last)
            await store.writer.open()
        except BaseException as error:
            await store.close()
            if isinstance(error, sqlite3.DatabaseError):
                raise store.unreadable(error) from error
            raise
        return store

    def unreadable(self, error: BaseException) -> StoreError:
        """The error for a database that failed while it was read (:data:`DatabaseError`)."""
        if is_postgres(self.path):
            return StoreError(
                f"The PostgreSQL database {self.where} could not be read ({type(error).__name__}: {error}). "
                "Check the server and its log; nothing was changed."
            )
        return StoreError(
            f"{self.path} is not a readable Maester database ({error}). Restore it from a backup, or move "
            "it away to start with an empty one; nothing was changed."
        )

    async def close(self) -> None:
        await self.writer.close()
        if self.sharing is not None:
            await self.sharing.close()
        await self.db.close()

    async def _migrate_sqlite(self) -> None:
        await self.db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        async with self.db.execute("SELECT version FROM schema_version") as cursor:
            row = await cursor.fetchone()
        version = checked_version(row["version"] if row else 0, self.path, known=len(MIGRATIONS))
        if row is None:
            await self.db.execute("INSERT INTO schema_version (version) VALUES (0)")
        for number, migration in enumerate(MIGRATIONS[version:], start=version + 1):
            await self.db.executescript(
                f"BEGIN;\n{migration.sqlite}\nUPDATE schema_version SET version = {number};\nCOMMIT;"
            )
        await self.db.commit()

    async def schema_version(self) -> int:
        async with self.db.execute("SELECT version FROM schema_version") as cursor:
            row = await cursor.fetchone()
        return int(row["version"])

    @asynccontextmanager
    async def unit(self) -> AsyncIterator[Unit]:
        """One atomic unit of writes: its statements are collected while the block runs, and committed
        durably when it ends (with other units: see :mod:`table.writer`); if the block raises, nothing is
        written. A unit cannot read: read what it needs before it."""
        unit = Unit(self)
        yield unit
        held = None if self.sharing is None else self.sharing.held()
        if held is not None and unit.db.statements:  # a change of the game held: count it, and say so
            await unit.db.execute(
                "INSERT INTO versions (game_id, version) VALUES (?, 1) "
                "ON CONFLICT (game_id) DO UPDATE SET version = versions.version + 1",
                (held.game_id,),
            )
            await unit._announce("game", held.game_id)
        await self.writer.commit(unit.db.statements)
        if held is not None and unit.db.statements:
            held.version += 1

    # --- servers ----------------------------------------------------------------------------------

    async def servers(self) -> dict[int, int | None]:
        """Each server's moderator role id (None: no role)."""
        async with self.db.execute("SELECT guild_id, moderator_role_id FROM servers") as cursor:
            return {int(r["guild_id"]): r["moderator_role_id"] for r in await cursor.fetchall()}

    async def set_moderator_role(self, guild_id: int, role_id: int | None, by: int, at: float) -> None:
        await self.db.execute(
            "INSERT INTO servers (guild_id, moderator_role_id, updated_by, updated_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET moderator_role_id = excluded.moderator_role_id, "
            "updated_by = excluded.updated_by, updated_at = excluded.updated_at",
            (guild_id, role_id, by, at),
        )
        await self._announce("server", guild_id)

    # --- games and people -------------------------------------------------------------------------

    async def insert_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        name: str,
        settings: dict[str, Any],
        status: str,
        seed: int,
        created_at: float,
    ) -> int:
        """Add a game; returns its number (given by the store: a unit cannot read one back)."""
        game_id = await self.ids.next("games")
        await self.db.execute(
            "INSERT INTO games (id, guild_id, channel_id, creator_id, name, settings, status, seed, "
            "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game_id, guild_id, channel_id, creator_id, name, json.dumps(settings), status, seed, created_at),
        )
        await self._announce("game", game_id)
        return game_id

    async def update_game(self, game_id: int, **fields: Any) -> None:
        for name in ("settings", "summary"):
            if name in fields:
                fields[name] = json.dumps(fields[name])
        columns = ", ".join(f"{name} = ?" for name in fields)
        await self.db.execute(f"UPDATE games SET {columns} WHERE id = ?", (*fields.values(), game_id))

    async def stored_games(self, game_id: int | None = None) -> list[StoredGame]:
        """Every game (or the one numbered ``game_id``) with its seats, spectators, deadlines and saved
        position, in a handful of queries whatever the number of games."""
        where, args = ("", ()) if game_id is None else (" WHERE game_id = ?", (game_id,))
        games: dict[int, StoredGame] = {}
        async with self.db.execute(
            "SELECT g.*, COALESCE(v.version, 0) AS version FROM games g "
            "LEFT JOIN versions v ON v.game_id = g.id" + where.replace("game_id", "g.id") + " ORDER BY g.id",
            args,
        ) as cursor:
            for row in await cursor.fetchall():
                games[int(row["id"])] = StoredGame(dict(row))
        if not games:
            return []
        async with self.db.execute(
            "SELECT game_id, user_id, name, house, ai FROM seats" + where + " ORDER BY game_id, position",
            args,
        ) as cursor:
            for row in await cursor.fetchall():
                seat = dict(row)
                if (stored := games.get(seat.pop("game_id"))) is not None:
                    stored.seats.append(seat)
        async with self.db.execute("SELECT game_id, user_id FROM spectators" + where, args) as cursor:
            for row in await cursor.fetchall():
                if (stored := games.get(row["game_id"])) is not None:
                    stored.spectators.add(row["user_id"])
        async with self.db.execute("SELECT * FROM deadlines" + where + " ORDER BY rowid", args) as cursor:
            for row in await cursor.fetchall():
                if (stored := games.get(row["game_id"])) is not None:
                    stored.deadlines.append(dict(row))
        async with self.db.execute("SELECT * FROM positions" + where, args) as cursor:
            for row in await cursor.fetchall():
                if (stored := games.get(row["game_id"])) is not None:
                    stored.position = dict(row)
        votes: dict[int, dict[str, Any]] = {}
        open_votes = " AND result IS NULL" if where else " WHERE result IS NULL"
        async with self.db.execute(
            "SELECT * FROM votes" + where + open_votes + " ORDER BY id", args
        ) as cursor:
            for row in await cursor.fetchall():
                if (stored := games.get(row["game_id"])) is not None:
                    vote = {**dict(row), "details": json.loads(row["details"]), "ballots": {}}
                    votes[int(row["id"])] = vote
                    stored.votes.append(vote)
        async with self.db.execute(
            "SELECT b.vote_id, b.house, b.user_id, b.yes, b.at FROM ballots b "
            "JOIN votes v ON v.id = b.vote_id WHERE v.result IS NULL"
            + where.replace(" WHERE", " AND").replace("game_id", "v.game_id"),
            args,
        ) as cursor:
            for row in await cursor.fetchall():
                if (vote := votes.get(int(row["vote_id"]))) is not None:
                    vote["ballots"][row["house"]] = {k: row[k] for k in ("house", "user_id", "yes", "at")}
        async with self.db.execute(
            "SELECT game_id, user_id, starts_at, ends_at FROM vacations" + where, args
        ) as cursor:
            for row in await cursor.fetchall():
                if (stored := games.get(row["game_id"])) is not None:
                    stored.vacations[int(row["user_id"])] = (row["starts_at"], row["ends_at"])
        async with self.db.execute("SELECT game_id, seen FROM threads_synced" + where, args) as cursor:
            for row in await cursor.fetchall():
                if (stored := games.get(row["game_id"])) is not None:
                    stored.threads_synced = row["seen"]
        return list(games.values())

    async def save_seats(self, game_id: int, seats: list[dict[str, Any]]) -> None:
        await self.db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await self.db.executemany(
            "INSERT INTO seats (game_id, position, user_id, name, house, ai) VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, i, s["user_id"], s["name"], s["house"], s["ai"]) for i, s in enumerate(seats)],
        )

    async def seats(self, game_id: int) -> list[dict[str, Any]]:
        async with self.db.execute(
            "SELECT user_id, name, house, ai FROM seats WHERE game_id = ? ORDER BY position", (game_id,)
        ) as cursor:
            return [dict(row) for row in await cursor.fetchall()]

    async def save_spectators(self, game_id: int, user_ids: set[int]) -> None:
        await self.db.execute("DELETE FROM spectators WHERE game_id = ?", (game_id,))
        await self.db.executemany(
            "INSERT INTO spectators (game_id, user_id) VALUES (?, ?)",
            [(game_id, u) for u in sorted(user_ids)],
        )

    # --- the action log and snapshots -------------------------------------------------------------

    async def append_action(self, game_id: int, row: ActionRow) -> None:
        await self.db.execute(
            "INSERT INTO actions (game_id, seq, house, notation, actor_id, forced, at, secret) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (game_id, row.seq, row.house, row.notation, row.actor_id, row.forced, row.at, int(row.secret)),
        )

    async def live_actions(self, game_id: int, after: int = -1) -> list[ActionRow]:
        async with self.db.execute(
            "SELECT seq, house, notation, actor_id, forced, at, secret FROM actions "
            "WHERE game_id = ? AND undone_at IS NULL AND seq > ? ORDER BY seq",
            (game_id, after),
        ) as cursor:
            return [
                ActionRow(**{**dict(row), "secret": row["secret"] is None or bool(row["secret"])})
                for row in await cursor.fetchall()
            ]

    async def save_position(self, game_id: int, saved: SavedPosition) -> None:
        await self.db.execute(
            "INSERT INTO positions (game_id, seq, actions, next_seq, next_line, last, position) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, "
            "actions = excluded.actions, next_seq = excluded.next_seq, next_line = excluded.next_line, "
            "last = excluded.last, position = excluded.position",
            (
                game_id,
                saved.seq,
                saved.actions,
                saved.next_seq,
                saved.next_line,
                json.dumps(saved.last, sort_keys=True),
                json.dumps(saved.position),
            ),
        )

    async def next_seq(self, game_id: int) -> int:
        async with self.db.execute(
            "SELECT MAX(seq) AS top FROM actions WHERE game_id = ?", (game_id,)
        ) as cur:
            row = await cur.fetchone()
        return 0 if row is None or row["top"] is None else int(row["top"]) + 1

    async def mark_undone(self, game_id: int, seqs: list[int], at: float) -> None:
        await self.db.executemany(
            "UPDATE actions SET undone_at = ? WHERE game_id = ? AND seq = ?", [(at, game_id, s) for s in seqs]
        )
        if seqs:
            await self.db.execute(
                "DELETE FROM snapshots WHERE game_id = ? AND seq >= ?", (game_id, min(seqs))
            )

    async def save_snapshot(self, game_id: int, seq: int, position: dict[str, Any]) -> None:
        await self.db.execute(
            "INSERT INTO snapshots (game_id, seq, position) VALUES (?, ?, ?) "
            "ON CONFLICT (game_id, seq) DO UPDATE SET position = excluded.position",
            (game_id, seq, json.dumps(position)),
        )

    async def latest_snapshot(
        self, game_id: int, at_most: int | None = None
    ) -> tuple[int, dict[str, Any]] | None:
        """The newest snapshot (at or before the action ``at_most``): the position after the action
        ``seq``."""
        async with self.db.execute(
            "SELECT seq, position FROM snapshots WHERE game_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1",
            (game_id, (1 << 62) if at_most is None else at_most),
        ) as cursor:
            row = await cursor.fetchone()
        return None if row is None else (int(row["seq"]), json.loads(row["position"]))

    # --- deadlines ----------------------------------------------------------------------------------

    async def save_deadlines(self, game_id: int, rows: list[dict[str, Any]]) -> None:
        await self.db.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
        await self.db.executemany(
            "INSERT INTO deadlines (game_id, house, kind, started_at, due_at, reminded, expired) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    game_id,
                    r["house"],
                    r["kind"],
                    r["started_at"],
                    r["due_at"],
                    json.dumps(r["reminded"]),
                    int(r["expired"]),
                )
                for r in rows
            ],
        )

    # --- votes, vacations and the heartbeat -------------------------------------------------------

    async def insert_vote(self, game_id: int, row: dict[str, Any]) -> int:
        """Add a vote; returns its number (given by the store: a unit cannot read one back)."""
        vote_id = await self.ids.next("votes")
        await self.db.execute(
            "INSERT INTO votes (id, game_id, kind, proposer_id, proposer_name, proposer_house, subject, "
            "details, opened_at, closes_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                vote_id,
                game_id,
                row["kind"],
                row["proposer_id"],
                row["proposer_name"],
                row["proposer_house"],
                row["subject"],
                json.dumps(row["details"]),
                row["opened_at"],
                row["closes_at"],
            ),
        )
        return vote_id

    async def save_ballot(self, vote_id: int, house: str, user_id: int, yes: bool, at: float) -> None:
        await self.db.execute(
            "INSERT INTO ballots (vote_id, house, user_id, yes, at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (vote_id, house) DO UPDATE SET user_id = excluded.user_id, yes = excluded.yes, "
            "at = excluded.at",
            (vote_id, house, user_id, int(yes), at),
        )

    async def update_vote(self, vote_id: int, **fields: Any) -> None:
        columns = ", ".join(f"{name} = ?" for name in fields)
        await self.db.execute(f"UPDATE votes SET {columns} WHERE id = ?", (*fields.values(), vote_id))

    async def save_vacation(self, game_id: int, user_id: int, starts_at: float, ends_at: float) -> None:
        await self.db.execute(
            "INSERT INTO vacations (game_id, user_id, starts_at, ends_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game_id, user_id) DO UPDATE SET starts_at = excluded.starts_at, "
            "ends_at = excluded.ends_at",
            (game_id, user_id, starts_at, ends_at),
        )

    async def delete_vacation(self, game_id: int, user_id: int) -> None:
        await self.db.execute("DELETE FROM vacations WHERE game_id = ? AND user_id = ?", (game_id, user_id))

    async def vacations(self, game_id: int) -> dict[int, tuple[float, float]]:
        """Each player's vacation in a game: user id -> (start, end)."""
        async with self.db.execute(
            "SELECT user_id, starts_at, ends_at FROM vacations WHERE game_id = ?", (game_id,)
        ) as cursor:
            return {int(r["user_id"]): (r["starts_at"], r["ends_at"]) for r in await cursor.fetchall()}

    async def heartbeat(self) -> float | None:
        """When the table last said it was running (None: never)."""
        async with self.db.execute("SELECT at FROM heartbeat WHERE id = 1") as cursor:
            row = await cursor.fetchone()
        return None if row is None else float(row["at"])

    async def beat(self, at: float) -> None:
        await self.db.execute(
            "INSERT INTO heartbeat (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at",
            (at,),
        )

    # --- the audit log ----------------------------------------------------------------------------

    async def audit(
        self,
        game_id: int,
        actor_id: int | None,
        actor_name: str,
        at: float,
        action: str,
        reason: str,
        details: dict[str, Any],
    ) -> None:
        await self.db.execute(
            "INSERT INTO audit (game_id, actor_id, actor_name, at, action, reason, details) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, actor_id, actor_name, at, action, reason, json.dumps(details)),
        )

    async def audit_log(self, game_id: int) -> list[AuditEntry]:
        async with self.db.execute("SELECT * FROM audit WHERE game_id = ? ORDER BY id", (game_id,)) as cursor:
            rows = await cursor.fetchall()
        return [AuditEntry(**{**dict(r), "details": json.loads(r["details"])}) for r in rows]

    # --- the outbox -------------------------------------------------------------------------------

    async def add_outbox(self, game_id: int, item: dict[str, Any], at: float) -> None:
        """Queue an item built by :mod:`table.outbox` (kind, target, target_id, payload)."""
        await self.db.execute(
            "INSERT INTO outbox (game_id, kind, target, target_id, payload, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, item["kind"], item["target"], item["target_id"], json.dumps(item["payload"]), at),
        )

    async def unsent(self, limit: int = 100) -> list[OutboxItem]:
        """Items not delivered yet, oldest first (those owed after a refusal included, with their
        ``retry_at``: the poster waits for it, and holds that game's later items behind them). On a shared
        database, those of the games whose outbox this process claims (:meth:`Sharing.claim`)."""
        columns = (
            "id, game_id, kind, target, target_id, payload, created_at, attempts, retry_at, problem, told"
        )
        query, parameters = (
            f"SELECT {columns} FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT ?",
            (limit,),
        )
        if self.sharing is not None:
            await self.sharing.claim()
            query = (
                f"SELECT {columns} FROM outbox WHERE sent_at IS NULL AND game_id IN "
                "(SELECT game_id FROM claims WHERE owner = ?) ORDER BY id LIMIT ?"
            )
            parameters = (self.sharing.owner, limit)
        async with self.db.execute(query, parameters) as cursor:
            rows = await cursor.fetchall()
        return [
            OutboxItem(
                **{**dict(r), "payload": json.loads(r["payload"]), "told": bool(r["told"])}  # type: ignore[arg-type]
            )
            for r in rows
        ]

    async def owe(self, item_id: int, problem: str, retry_at: float, told: bool) -> None:
        """Discord refused the item: keep it, with why and when to try again."""
        await self.db.execute(
            "UPDATE outbox SET attempts = attempts + 1, problem = ?, retry_at = ?, told = ? "
            "WHERE id = ? AND sent_at IS NULL",
            (problem, retry_at, int(told), item_id),
        )

    async def retry_owed_now(self, game_ids: list[int] | None = None) -> Changed:
        """Owed items (of these games, or of all) may be tried again at once: a permission may be fixed.
        In a unit: how many, once it is committed."""
        if game_ids is None:
            return await self.db.execute(
                "UPDATE outbox SET retry_at = NULL WHERE sent_at IS NULL AND retry_at IS NOT NULL"
            )
        return await self.db.executemany(
            "UPDATE outbox SET retry_at = NULL WHERE game_id = ? AND sent_at IS NULL "
            "AND retry_at IS NOT NULL",
            [(g,) for g in game_ids],
        )

    async def prune_sent(self, before: float) -> Changed:
        """Forget the items delivered before ``before`` (never one still to send or owed). In a unit: how
        many, once it is committed."""
        return await self.db.execute(
            "DELETE FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ?", (before,)
        )

    # --- the chronicle ------------------------------------------------------------------------------

    async def tell(self, game_id: int, first: int, lines: list[str], at: float) -> None:
        """Add public lines to a game's chronicle, numbered from ``first`` (the table keeps the count)."""
        await self.db.executemany(
            "INSERT INTO chronicle (game_id, line, at, text) VALUES (?, ?, ?, ?)",
            [(game_id, first + i, at, text) for i, text in enumerate(lines)],
        )

    async def chronicle(self, game_id: int, first: int = 0, count: int = -1) -> list[str]:
        """``count`` lines from ``first`` (every line after it when negative)."""
        sql, args = (
            "SELECT text FROM chronicle WHERE game_id = ? AND line >= ? ORDER BY line",
            (game_id, first),
        )
        if count >= 0:
            sql, args = sql + " LIMIT ?", (*args, count)
        async with self.db.execute(sql, args) as cursor:
            return [row["text"] for row in await cursor.fetchall()]

    async def next_line(self, game_id: int) -> int:
        async with self.db.execute(
            "SELECT COALESCE(MAX(line), -1) + 1 AS next FROM chronicle WHERE game_id = ?", (game_id,)
        ) as cursor:
            return int((await cursor.fetchone())["next"])

    async def chronicle_length(self, game_id: int) -> int:
        async with self.db.execute(
            "SELECT COUNT(*) AS n FROM chronicle WHERE game_id = ?", (game_id,)
        ) as cur:
            return int((await cur.fetchone())["n"])

    # --- posts the bot edits, and people's preferences --------------------------------------------

    async def post_of(self, game_id: int, key: str) -> tuple[int, int] | None:
        """The channel and message id of a game's post with this key, once posted."""
        async with self.db.execute(
            "SELECT channel_id, message_id FROM posts WHERE game_id = ? AND key = ?", (game_id, key)
        ) as cursor:
            row = await cursor.fetchone()
        return None if row is None else (int(row["channel_id"]), int(row["message_id"]))

    async def remember_post(self, game_id: int, key: str, channel_id: int, message_id: int) -> None:
        await self.db.execute(
            "INSERT INTO posts (game_id, key, channel_id, message_id) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game_id, key) DO UPDATE SET channel_id = excluded.channel_id, "
            "message_id = excluded.message_id",
            (game_id, key, channel_id, message_id),
        )

    async def pings(self) -> dict[int, str]:
        """Where each person who chose wants to be pinged ("dm" or "channel")."""
        async with self.db.execute("SELECT user_id, pings FROM people") as cursor:
            return {int(row["user_id"]): str(row["pings"]) for row in await cursor.fetchall()}

    async def set_pings(self, user_id: int, where: str) -> None:
        await self.db.execute(
            "INSERT INTO people (user_id, pings) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET "
            "pings = excluded.pings",
            (user_id, where),
        )
        await self._announce("person", user_id)

    async def languages(self) -> dict[int, tuple[str | None, str | None]]:
        """Each person's chosen language and last seen Discord locale, for those with either."""
        async with self.db.execute("SELECT user_id, language, locale FROM languages") as cursor:
            return {int(row["user_id"]): (row["language"], row["locale"]) for row in await cursor.fetchall()}

    async def set_language(self, user_id: int, language: str | None) -> None:
        await self.db.execute(
            "INSERT INTO languages (user_id, language) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET "
            "language = excluded.language",
            (user_id, language),
        )
        await self._announce("person", user_id)

    async def set_locale(self, user_id: int, locale: str) -> None:
        await self.db.execute(
            "INSERT INTO languages (user_id, locale) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET "
            "locale = excluded.locale",
            (user_id, locale),
        )
        await self._announce("person", user_id)

    # --- diplomacy threads ---------------------------------------------------------------------------

    async def threads(self, game_id: int) -> list[dict[str, Any]]:
        """A game's diplomacy threads, in the order they were planned: ``houses``, ``members`` and
        ``readers`` decoded."""
        async with self.db.execute(
            "SELECT key, name, houses, members, readers, thread_id, archived FROM diplomacy_threads "
            "WHERE game_id = ? ORDER BY rowid",
            (game_id,),
        ) as cursor:
            rows = await cursor.fetchall()
        return [
            {
                "key": r["key"],
                "name": r["name"],
                "houses": json.loads(r["houses"]),
                "members": json.loads(r["members"]),
                "readers": json.loads(r["readers"]),
                "thread_id": r["thread_id"],
                "archived": bool(r["archived"]),
            }
            for r in rows
        ]

    async def save_thread(self, game_id: int, row: dict[str, Any]) -> None:
        """Write a thread as the table plans it (its Discord id is set apart: :meth:`set_thread_id`)."""
        await self.db.execute(
            "INSERT INTO diplomacy_threads (game_id, key, name, houses, members, readers, archived) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, key) DO UPDATE SET name = excluded.name, "
            "houses = excluded.houses, members = excluded.members, readers = excluded.readers, "
            "archived = excluded.archived",
            (
                game_id,
                row["key"],
                row["name"],
                json.dumps(row["houses"]),
                json.dumps(row["members"], sort_keys=True),
                json.dumps(row["readers"]),
                int(row["archived"]),
            ),
        )

    async def threads_synced(self, game_id: int, seen: str) -> None:
        """Note what the game's threads are now in line with (see migration 10)."""
        await self.db.execute(
            "INSERT INTO threads_synced (game_id, seen) VALUES (?, ?) "
            "ON CONFLICT (game_id) DO UPDATE SET seen = excluded.seen",
            (game_id, seen),
        )

    async def set_thread_id(self, game_id: int, key: str, thread_id: int) -> None:
        await self.db.execute(
            "UPDATE diplomacy_threads SET thread_id = ? WHERE game_id = ? AND key = ?",
            (thread_id, game_id, key),
        )

    async def mark_sent(self, item_ids: Sequence[int], at: float) -> Changed:
        """Mark items sent (it is never handed out again). In a unit: how many were not marked already,
        once it is committed."""
        return await self.db.executemany(
            "UPDATE outbox SET sent_at = ? WHERE id = ? AND sent_at IS NULL", [(at, i) for i in item_ids]
        )

    # --- sharing the database with other processes --------------------------------------------------

    @property
    def shared(self) -> bool:
        """Whether other processes use this database too, each with the games in its memory (PostgreSQL:
        see :mod:`table.sharing`); a SQLite file is one process's."""
        return self.sharing is not None

    def hold(self, game_id: int) -> AbstractAsyncContextManager[Held]:
        """The game's lock in the shared database, for as long as the block runs; gives the game's stored
        version, which the units written in the block count up (see :meth:`unit`)."""
        if self.sharing is None:
            raise RuntimeError(f"{self.where} is this process's alone: its games need no lock in it")
        return self.sharing.hold(game_id)

    async def listen(self, heard: Heard) -> None:
        """Have ``heard(what, key)`` called whenever another process changes what processes keep in memory
        (see :meth:`table.table.Table.heard`). Nothing to hear in a store of one process."""
        if self.sharing is not None:
            await self.sharing.listen(heard)

    async def _announce(self, what: str, key: int) -> None:
        """Tell the other processes, once this unit is committed, that ``what`` numbered ``key`` changed."""
        if self.sharing is not None:
            await self.db.execute("SELECT pg_notify(?, ?)", (CHANNEL, self.sharing.payload(what, key)))


def read_deadline(row: dict[str, Any]) -> dict[str, Any]:
    """A deadline as stored, decoded (raises for a damaged one)."""
    return {
        "house": row["house"],
        "kind": row["kind"],
        "started_at": row["started_at"],
        "due_at": row["due_at"],
        "reminded": json.loads(row["reminded"]),
        "expired": bool(row["expired"]),
    }


class Unit(Store):
    """A store whose connection collects writes (see :meth:`Store.unit`): every write method of
    :class:`Store` works on it unchanged, and a read raises."""

    def __init__(self, store: Store) -> None:
        super().__init__(Recorder(), store.path, store.writer, store.ids, store.sharing)


class Recorder:
    """Stands in for the connection inside a unit: ``execute`` and ``executemany`` record a statement
    (awaiting one gives its :class:`Changed`, whose count is set once the unit is committed); reading
    through it raises."""

    def __init__(self) -> None:
        self.statements: list[Statement] = []

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> Recorded:
        return self.executemany(sql, [parameters])

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> Recorded:
        statement = Statement(sql, list(rows))
        if statement.rows:
            self.statements.append(statement)
        return Recorded(statement.changed)


class Recorded:
    """A statement recorded in a unit: awaitable (for the write methods' sake), never a cursor."""

    def __init__(self, changed: Changed) -> None:
        self.changed = changed

    def __await__(self) -> Generator[None, None, Changed]:
        yield from ()
        return self.changed

    async def __aenter__(self) -> None:
        raise RuntimeError("a unit of writes cannot read: read what it needs before the unit")

    async def __aexit__(self, *_: object) -> None:
        return None
