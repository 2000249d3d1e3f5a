"""Persistence on SQLite (aiosqlite): games, seats, the action log, snapshots, deadlines, the audit log
and the outbox.

One connection serves every game. Each operation of the table writes inside ``async with store.unit()``,
which holds the connection for that operation alone and commits at its end, so an action, the outbox
items it caused and its deadlines become durable together, before the caller is answered, or not at
all. The action log is append-only: undoing marks actions as undone and never deletes them.
"""

from __future__ import annotations

import asyncio
import json
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
]


@dataclass(frozen=True)
class ActionRow:
    seq: int
    house: str
    notation: str
    actor_id: int | None
    forced: str | None
    at: float


@dataclass(frozen=True)
class OutboxItem:
    """Something to post: ``target`` is ``channel`` or ``user`` (a DM), ``target_id`` its Discord id."""

    id: int
    game_id: int
    kind: str
    target: str
    target_id: int
    payload: dict[str, Any]
    created_at: float


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


class Store:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """Open the database at ``path`` (made on first run), in WAL mode, migrated to the latest schema."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path))
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=FULL")
        await db.execute("PRAGMA foreign_keys=ON")
        store = cls(db)
        await store._migrate()
        return store

    async def close(self) -> None:
        await self.db.close()

    async def _migrate(self) -> None:
        await self.db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        async with self.db.execute("SELECT version FROM schema_version") as cursor:
            row = await cursor.fetchone()
        version = row["version"] if row else 0
        if row is None:
            await self.db.execute("INSERT INTO schema_version (version) VALUES (0)")
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            await self.db.executescript(script)
            await self.db.execute("UPDATE schema_version SET version = ?", (number,))
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
        marks = ", ".join("?" for _ in statuses)
        async with self.db.execute(
            f"SELECT * FROM games WHERE status IN ({marks}) ORDER BY id", statuses
        ) as cur:
            rows = await cur.fetchall()
        return [
            {**dict(row), "settings": json.loads(row["settings"]), "summary": json.loads(row["summary"])}
            for row in rows
        ]

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
            "INSERT INTO actions (game_id, seq, house, notation, actor_id, forced, at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, row.seq, row.house, row.notation, row.actor_id, row.forced, row.at),
        )

    async def live_actions(self, game_id: int, after: int = -1) -> list[ActionRow]:
        async with self.db.execute(
            "SELECT seq, house, notation, actor_id, forced, at FROM actions "
            "WHERE game_id = ? AND undone_at IS NULL AND seq > ? ORDER BY seq",
            (game_id, after),
        ) as cursor:
            return [ActionRow(**dict(row)) for row in await cursor.fetchall()]

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

    async def latest_snapshot(self, game_id: int) -> tuple[int, dict[str, Any]] | None:
        """The newest snapshot: the position after the live action ``seq``."""
        async with self.db.execute(
            "SELECT seq, position FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,)
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
        async with self.db.execute(
            "SELECT id, game_id, kind, target, target_id, payload, created_at FROM outbox "
            "WHERE sent_at IS NULL ORDER BY id LIMIT ?",
            (limit,),
        ) as cursor:
            rows = await cursor.fetchall()
        return [OutboxItem(**{**dict(r), "payload": json.loads(r["payload"])}) for r in rows]

    async def board_summaries(self, game_id: int) -> list[str]:
        """Every summary line of the boards of a game, in order (public by construction)."""
        async with self.db.execute(
            "SELECT payload FROM outbox WHERE game_id = ? AND kind = 'board' ORDER BY id", (game_id,)
        ) as cursor:
            rows = await cursor.fetchall()
        return [line for row in rows for line in json.loads(row["payload"])["summary"]]

    async def mark_sent(self, item_id: int, at: float) -> bool:
        """Mark an item sent; returns False if it was already marked (it is never handed out again)."""
        cursor = await self.db.execute(
            "UPDATE outbox SET sent_at = ? WHERE id = ? AND sent_at IS NULL", (at, item_id)
        )
        return cursor.rowcount == 1
