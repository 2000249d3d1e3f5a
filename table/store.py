"""Persistence on SQLite (aiosqlite): games, seats, the action log, snapshots, deadlines, the audit log
and the outbox.

One connection serves every game. Each operation of the table writes inside ``async with store.unit()``,
which holds the connection for that operation alone and commits at its end, so an action, the outbox
items it caused and its deadlines become durable together, before the caller is answered, or not at
all. The action log is append-only: undoing marks actions as undone and never deletes them.

A file that is not a readable database, or one written by a newer Maester, is refused at once with a
:class:`StoreError` that says what to do (and the connection is closed, so the process can exit).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

MIGRATIONS: list[str] = [
    # 1: the first schema
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        creator_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        settings TEXT NOT NULL,
        status TEXT NOT NULL,
        seed INTEGER NOT NULL,
        created_at REAL NOT NULL,
        paused_at REAL,
        summary TEXT NOT NULL DEFAULT '[]'
    );
    CREATE INDEX games_by_status ON games (status);
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games (id),
        position INTEGER NOT NULL,
        user_id INTEGER,
        name TEXT NOT NULL DEFAULT '',
        house TEXT,
        ai TEXT,
        PRIMARY KEY (game_id, position)
    );
    CREATE TABLE spectators (
        game_id INTEGER NOT NULL REFERENCES games (id),
        user_id INTEGER NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        house TEXT NOT NULL,
        notation TEXT NOT NULL,
        actor_id INTEGER,
        forced TEXT,
        at REAL NOT NULL,
        undone_at REAL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE snapshots (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        position TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE deadlines (
        game_id INTEGER NOT NULL REFERENCES games (id),
        house TEXT NOT NULL,
        kind TEXT NOT NULL,
        started_at REAL NOT NULL,
        due_at REAL NOT NULL,
        reminded TEXT NOT NULL DEFAULT '[]',
        expired INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, house)
    );
    CREATE TABLE audit (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games (id),
        actor_id INTEGER,
        actor_name TEXT NOT NULL,
        at REAL NOT NULL,
        action TEXT NOT NULL,
        reason TEXT NOT NULL,
        details TEXT NOT NULL
    );
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games (id),
        kind TEXT NOT NULL,
        target TEXT NOT NULL,
        target_id INTEGER NOT NULL,
        payload TEXT NOT NULL,
        created_at REAL NOT NULL,
        sent_at REAL
    );
    CREATE INDEX outbox_unsent ON outbox (sent_at, id);
    """,
    # 2: trust. Moderator roles are per server and by id (the per-game role name goes); each action says
    # whether it answered a secret decision (so a moderator who plays sees only their own); a game that
    # does not load is set aside with its reason; an item Discord refused stays owed, with its problem.
    """
    CREATE TABLE servers (
        guild_id INTEGER PRIMARY KEY,
        moderator_role_id INTEGER,
        updated_by INTEGER,
        updated_at REAL
    );
    ALTER TABLE actions ADD COLUMN secret INTEGER;
    ALTER TABLE games ADD COLUMN broken TEXT;
    ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE outbox ADD COLUMN retry_at REAL;
    ALTER TABLE outbox ADD COLUMN problem TEXT;
    ALTER TABLE outbox ADD COLUMN told INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET settings = json_remove(settings, '$.moderator_role');
    """,
    # 3: the campaign in the channel. The chronicle is every public line of a game, in order (it was read
    # out of the boards posted, which scanned the whole outbox); the messages the bot edits as a game goes
    # (the live log of each phase) are remembered by key; each person says where they want to be pinged.
    """
    CREATE TABLE chronicle (
        game_id INTEGER NOT NULL REFERENCES games (id),
        line INTEGER NOT NULL,
        at REAL NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (game_id, line)
    );
    INSERT INTO chronicle (game_id, line, at, text)
        SELECT outbox.game_id,
               ROW_NUMBER() OVER (PARTITION BY outbox.game_id ORDER BY outbox.id, lines.key) - 1,
               outbox.created_at,
               lines.value
        FROM outbox, json_each(outbox.payload, '$.summary') AS lines
        WHERE outbox.kind = 'board';
    CREATE TABLE posts (
        game_id INTEGER NOT NULL REFERENCES games (id),
        key TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL,
        PRIMARY KEY (game_id, key)
    );
    CREATE TABLE people (
        user_id INTEGER PRIMARY KEY,
        pings TEXT NOT NULL DEFAULT 'dm'
    );
    ALTER TABLE games ADD COLUMN log_part INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX outbox_by_game ON outbox (game_id, kind);
    """,
    # 4: the area id "redwyne-straights" was a misspelling of the Redwyne Straits. Every stored action,
    # snapshot, undelivered item and audit entry is rewritten to the new id (ids are whole words in these
    # texts, and no other id contains this one); the notation still reads the old id, and an old export's
    # position is upgraded on import (engine/thrones/renames.py).
    """
    UPDATE actions SET notation = replace(notation, 'redwyne-straights', 'redwyne-straits')
        WHERE notation LIKE '%redwyne-straights%';
    UPDATE snapshots SET position = replace(position, '"redwyne-straights"', '"redwyne-straits"')
        WHERE position LIKE '%redwyne-straights%';
    UPDATE outbox SET payload = replace(payload, 'redwyne-straights', 'redwyne-straits')
        WHERE payload LIKE '%redwyne-straights%';
    UPDATE audit SET details = replace(details, 'redwyne-straights', 'redwyne-straits')
        WHERE details LIKE '%redwyne-straights%';
    """,
    # 5: diplomacy threads (table/diplomacy.py): one row a thread of a game, by key ("council",
    # "raven:stark:lannister"), with the houses it is for, the people it was given to (``members``: house ->
    # user id; ``readers``: moderators, or anyone after the game) and Discord's id once it exists. Games
    # already started did not choose diplomacy: they go on without it. Self-contained: it reads nothing that
    # another migration adds, creates nothing another one does, and may run again.
    """
    CREATE TABLE IF NOT EXISTS diplomacy_threads (
        game_id INTEGER NOT NULL REFERENCES games (id),
        key TEXT NOT NULL,
        name TEXT NOT NULL,
        houses TEXT NOT NULL,
        members TEXT NOT NULL DEFAULT '{}',
        readers TEXT NOT NULL DEFAULT '[]',
        thread_id INTEGER,
        archived INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, key)
    );
    UPDATE games SET settings = json_set(settings, '$.diplomacy', 'off')
        WHERE status != 'lobby' AND json_extract(settings, '$.diplomacy') IS NULL;
    """,
    # 6: the players' say. Votes a seated player opens and the others answer (each seat's ballot, by the
    # person who held it then); each player's vacations; when the table last ran (its heartbeat), so that
    # the time it was down can be given back to the deadlines; the round after which a game ends.
    """
    CREATE TABLE votes (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games (id),
        kind TEXT NOT NULL,
        proposer_id INTEGER NOT NULL,
        proposer_name TEXT NOT NULL,
        proposer_house TEXT,
        subject TEXT,
        details TEXT NOT NULL DEFAULT '{}',
        opened_at REAL NOT NULL,
        closes_at REAL NOT NULL,
        result TEXT,
        closed_at REAL
    );
    CREATE INDEX votes_by_game ON votes (game_id, result);
    CREATE TABLE ballots (
        vote_id INTEGER NOT NULL REFERENCES votes (id),
        house TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        yes INTEGER NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (vote_id, house)
    );
    CREATE TABLE vacations (
        game_id INTEGER NOT NULL REFERENCES games (id),
        user_id INTEGER NOT NULL,
        starts_at REAL NOT NULL,
        ends_at REAL NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE TABLE heartbeat (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        at REAL NOT NULL
    );
    ALTER TABLE games ADD COLUMN ends_after_round INTEGER;
    """,
    # 7: each person's language: the one they chose (NULL: none), and the Discord locale of their last
    # interaction, for what is sent to them outside one (DMs). A table of its own rather than columns of
    # ``people``, so that the migration may run again (SQLite cannot add a column only if it is missing).
    # Self-contained: it reads nothing another migration adds. A game's language is in its settings (older
    # games: English).
    """
    CREATE TABLE IF NOT EXISTS languages (
        user_id INTEGER PRIMARY KEY,
        language TEXT,
        locale TEXT
    );
    """,
]


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


class StoreError(Exception):
    """The database cannot be used at all; the message says why and what to do."""


class Store:
    def __init__(self, db: aiosqlite.Connection, path: str = ":memory:") -> None:
        self.db = db
        self.path = path
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """Open the database at ``path`` (made on first run), in WAL mode, migrated to the latest schema.
        Raises :class:`StoreError` for a file that is not a readable Maester database."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path))
        store = cls(db, str(path))
        try:
            db.row_factory = aiosqlite.Row
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=FULL")
            await db.execute("PRAGMA foreign_keys=ON")
            await store._migrate()
        except BaseException as error:
            await db.close()
            if isinstance(error, sqlite3.DatabaseError):
                raise store.unreadable(error) from error
            raise
        return store

    def unreadable(self, error: BaseException) -> StoreError:
        return StoreError(
            f"{self.path} is not a readable Maester database ({error}). Restore it from a backup, or move "
            "it away to start with an empty one; nothing was changed."
        )

    async def close(self) -> None:
        await self.db.close()

    async def _migrate(self) -> None:
        await self.db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        async with self.db.execute("SELECT version FROM schema_version") as cursor:
            row = await cursor.fetchone()
        version = row["version"] if row else 0
        if not isinstance(version, int) or version < 0:
            raise StoreError(f"{self.path} has a damaged schema version ({version!r}); nothing was changed.")
        if version > len(MIGRATIONS):
            raise StoreError(
                f"{self.path} was written by a newer Maester (schema {version}; this one knows up to "
                f"{len(MIGRATIONS)}). Run the newer version, or restore a backup; nothing was changed."
            )
        if row is None:
            await self.db.execute("INSERT INTO schema_version (version) VALUES (0)")
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            await self.db.executescript(
                f"BEGIN;\n{script}\nUPDATE schema_version SET version = {number};\nCOMMIT;"
            )
        await self.db.commit()

    async def schema_version(self) -> int:
        async with self.db.execute("SELECT version FROM schema_version") as cursor:
            row = await cursor.fetchone()
        return int(row["version"])

    @asynccontextmanager
    async def unit(self) -> AsyncIterator[Store]:
        """One atomic unit of writes: committed when the block ends, rolled back if it raises."""
        async with self._lock:
            try:
                yield self
            except BaseException:
                await self.db.rollback()
                raise
            await self.db.commit()

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
        cursor = await self.db.execute(
            "INSERT INTO games (guild_id, channel_id, creator_id, name, settings, status, seed, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (guild_id, channel_id, creator_id, name, json.dumps(settings), status, seed, created_at),
        )
        return int(cursor.lastrowid or 0)

    async def update_game(self, game_id: int, **fields: Any) -> None:
        for name in ("settings", "summary"):
            if name in fields:
                fields[name] = json.dumps(fields[name])
        columns = ", ".join(f"{name} = ?" for name in fields)
        await self.db.execute(f"UPDATE games SET {columns} WHERE id = ?", (*fields.values(), game_id))

    async def games(self, statuses: tuple[str, ...]) -> list[dict[str, Any]]:
        """The rows of the games in these statuses, as stored: ``settings`` and ``summary`` are still JSON
        text, so that one damaged game can be set aside while the others load."""
        marks = ", ".join("?" for _ in statuses)
        async with self.db.execute(
            f"SELECT * FROM games WHERE status IN ({marks}) ORDER BY id", statuses
        ) as cur:
            return [dict(row) for row in await cur.fetchall()]

    async def game(self, game_id: int) -> dict[str, Any] | None:
        async with self.db.execute("SELECT * FROM games WHERE id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None else dict(row)

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

    async def spectators(self, game_id: int) -> set[int]:
        async with self.db.execute("SELECT user_id FROM spectators WHERE game_id = ?", (game_id,)) as cursor:
            return {row["user_id"] for row in await cursor.fetchall()}

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
            "INSERT OR REPLACE INTO snapshots (game_id, seq, position) VALUES (?, ?, ?)",
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

    async def deadlines(self, game_id: int) -> list[dict[str, Any]]:
        async with self.db.execute("SELECT * FROM deadlines WHERE game_id = ?", (game_id,)) as cursor:
            rows = await cursor.fetchall()
        return [
            {
                "house": r["house"],
                "kind": r["kind"],
                "started_at": r["started_at"],
                "due_at": r["due_at"],
                "reminded": json.loads(r["reminded"]),
                "expired": bool(r["expired"]),
            }
            for r in rows
        ]

    # --- votes, vacations and the heartbeat -------------------------------------------------------

    async def insert_vote(self, game_id: int, row: dict[str, Any]) -> int:
        cursor = await self.db.execute(
            "INSERT INTO votes (game_id, kind, proposer_id, proposer_name, proposer_house, subject, details, "
            "opened_at, closes_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
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
        return int(cursor.lastrowid or 0)

    async def save_ballot(self, vote_id: int, house: str, user_id: int, yes: bool, at: float) -> None:
        await self.db.execute(
            "INSERT OR REPLACE INTO ballots (vote_id, house, user_id, yes, at) VALUES (?, ?, ?, ?, ?)",
            (vote_id, house, user_id, int(yes), at),
        )

    async def update_vote(self, vote_id: int, **fields: Any) -> None:
        columns = ", ".join(f"{name} = ?" for name in fields)
        await self.db.execute(f"UPDATE votes SET {columns} WHERE id = ?", (*fields.values(), vote_id))

    async def open_votes(self, game_id: int) -> list[dict[str, Any]]:
        """A game's votes still open, with their ballots (``ballots``: house -> row), oldest first."""
        async with self.db.execute(
            "SELECT * FROM votes WHERE game_id = ? AND result IS NULL ORDER BY id", (game_id,)
        ) as cursor:
            votes = [dict(row) for row in await cursor.fetchall()]
        for vote in votes:
            vote["details"] = json.loads(vote["details"])
            async with self.db.execute(
                "SELECT house, user_id, yes, at FROM ballots WHERE vote_id = ?", (vote["id"],)
            ) as cursor:
                vote["ballots"] = {row["house"]: dict(row) for row in await cursor.fetchall()}
        return votes

    async def save_vacation(self, game_id: int, user_id: int, starts_at: float, ends_at: float) -> None:
        await self.db.execute(
            "INSERT OR REPLACE INTO vacations (game_id, user_id, starts_at, ends_at) VALUES (?, ?, ?, ?)",
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
        await self.db.execute("INSERT OR REPLACE INTO heartbeat (id, at) VALUES (1, ?)", (at,))

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
        ``retry_at``: the poster waits for it, and holds that game's later items behind them)."""
        async with self.db.execute(
            "SELECT id, game_id, kind, target, target_id, payload, created_at, attempts, retry_at, problem, "
            "told FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT ?",
            (limit,),
        ) as cursor:
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

    async def retry_owed_now(self, game_ids: list[int] | None = None) -> int:
        """Owed items (of these games, or of all) may be tried again at once: a permission may be fixed."""
        if game_ids is None:
            cursor = await self.db.execute(
                "UPDATE outbox SET retry_at = NULL WHERE sent_at IS NULL AND retry_at IS NOT NULL"
            )
        else:
            cursor = await self.db.executemany(
                "UPDATE outbox SET retry_at = NULL WHERE sent_at IS NULL AND retry_at IS NOT NULL "
                "AND game_id = ?",
                [(g,) for g in game_ids],
            )
        return cursor.rowcount

    # --- the chronicle ------------------------------------------------------------------------------

    async def tell(self, game_id: int, lines: list[str], at: float) -> None:
        """Add public lines to a game's chronicle."""
        if not lines:
            return
        async with self.db.execute(
            "SELECT COALESCE(MAX(line), -1) + 1 AS next FROM chronicle WHERE game_id = ?", (game_id,)
        ) as cursor:
            first = int((await cursor.fetchone())["next"])
        await self.db.executemany(
            "INSERT INTO chronicle (game_id, line, at, text) VALUES (?, ?, ?, ?)",
            [(game_id, first + i, at, text) for i, text in enumerate(lines)],
        )

    async def chronicle(self, game_id: int, first: int = 0, count: int = -1) -> list[str]:
        async with self.db.execute(
            "SELECT text FROM chronicle WHERE game_id = ? AND line >= ? ORDER BY line LIMIT ?",
            (game_id, first, count),
        ) as cursor:
            return [row["text"] for row in await cursor.fetchall()]

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
            "INSERT OR REPLACE INTO posts (game_id, key, channel_id, message_id) VALUES (?, ?, ?, ?)",
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

    async def set_locale(self, user_id: int, locale: str) -> None:
        await self.db.execute(
            "INSERT INTO languages (user_id, locale) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET "
            "locale = excluded.locale",
            (user_id, locale),
        )

    async def mark_sent(self, item_id: int, at: float) -> bool:
        """Mark an item sent; returns False if it was already marked (it is never handed out again)."""
        cursor = await self.db.execute(
            "UPDATE outbox SET sent_at = ? WHERE id = ? AND sent_at IS NULL", (at, item_id)
        )
        return cursor.rowcount == 1

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

    async def set_thread_id(self, game_id: int, key: str, thread_id: int) -> None:
        await self.db.execute(
            "UPDATE diplomacy_threads SET thread_id = ? WHERE game_id = ? AND key = ?",
            (thread_id, game_id, key),
        )
