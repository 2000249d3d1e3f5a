"""The table: every game a server plays, their people, their persistence, deadlines and moderation.

Each operation takes the game's lock, checks who may do it, changes the game, and writes everything it
caused (actions, outbox items, deadlines, the audit entry) in one unit before it returns: an answer
means the change is durable. A refusal raises :class:`TableError` and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import json
import logging
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from engine.core.decisions import Decision, Event
from engine.core.errors import IllegalAction
from engine.core.game import Game
from engine.core.random_player import random_action
from engine.core.rng import Rng
from i18n import LANGUAGES, Command, Localized, Said, joined, language_of, nsaid, psaid, said, translator
from table import access, deadlines, diplomacy, importing, outbox, votes
from table.clock import Clock, SystemClock
from table.diplomacy import DiplomacyThread
from table.errors import TableError
from table.index import Index
from table.outbox import decision_json, fingerprint
from table.people import Actor
from table.prompting import seat_id
from table.session import ACTIVE, ENDED, LOBBY, OVER, PAUSED, Deadline, Seat, Session
from table.settings import MAX_SECONDS, GameSettings
from table.store import (
    ActionRow,
    AuditEntry,
    DatabaseError,
    OutboxItem,
    SavedPosition,
    Store,
    StoredGame,
    read_deadline,
)
from table.text import MAX_LINE, MAX_NAME, MAX_REASON, clean, quote
from table.wakes import Wakes

log = logging.getLogger("maester.table")

SNAPSHOT_EVERY = 50  # a snapshot every so many actions: undos replay from the one before what they keep
OUTBOX_RETENTION = 7 * 24 * 3600.0  # seconds a delivered outbox item is kept (see Table.prune_outbox)


@dataclass
class Step:
    """One action to apply: by a house, for a person (``actor_id``), and why it was not that person's own
    choice (``forced``: moderator, deadline, ai), if it was not."""

    house: str
    action: Any
    actor_id: int | None = None
    forced: str | None = None


@dataclass
class Outcome:
    """What an operation did: the public events, and the message to show the person who asked: worded by
    the table and said in the reader's language where it is shown (a str is in a language already)."""

    message: str | Localized
    events: list[Event] = field(default_factory=list)


class Table:
    def __init__(
        self,
        store: Store,
        clock: Clock | None = None,
        moderator_role: int | None = None,
        outbox_retention: float = OUTBOX_RETENTION,
    ) -> None:
        """``moderator_role``: a role id whose members moderate the games of *its* server (role ids are
        unique across Discord, so it counts in one server only), for servers that set none of their own.
        ``outbox_retention``: seconds a delivered outbox item is kept."""
        self.store = store
        self.clock = clock or SystemClock()
        self.default_moderator_role = moderator_role
        self.outbox_retention = outbox_retention
        self.moderator_roles: dict[int, int | None] = {}  # per server, as its administrators set it
        self.pings: dict[int, str] = {}  # where each person wants to be pinged, for those who chose
        self.languages: dict[int, str] = {}  # the language each person chose, for those who chose
        self.locales: dict[int, str] = {}  # each person's Discord locale, as last seen
        self.sessions: dict[int, Session] = {}  # change it through _register and _forget (the indexes)
        self.beaten_at: float | None = None  # when the table last said it was running (table.deadlines)
        self._index = Index()
        self._wakes = Wakes()  # each game's next reminder or deadline
        self._calls = Wakes()  # each game's next vote to close or vacation to answer for
        self._closed = False

    @classmethod
    async def open(
        cls,
        path: str | Path,
        clock: Clock | None = None,
        moderator_role: int | None = None,
        outbox_retention: float = OUTBOX_RETENTION,
    ) -> Table:
        """Open the database (a SQLite file's path, or a ``postgresql://`` URL) and load every open game.
        Raises :class:`StoreError` (and closes the database) when it cannot be read; a single game that
        does not load is set aside instead."""
        store = await Store.open(path)
        table = cls(store, clock, moderator_role, outbox_retention)
        try:
            await table.load()
        except BaseException as error:
            await store.close()
            if isinstance(error, DatabaseError):
                raise store.unreadable(error) from error
            raise
        return table

    async def close(self) -> None:
        """Say when the table stopped (the time from now on is time down), and close the store (once)."""
        if self._closed:
            return
        self._closed = True
        with contextlib.suppress(*DatabaseError):
            await deadlines.beat(self, now=self.clock.now())
        await self.store.close()

    # --- loading ----------------------------------------------------------------------------------

    async def load(self) -> None:
        """Load the servers' settings and every game, finished ones included (their board, chronicle,
        status and export stay available), in a handful of queries: its seats, its game (from the position
        saved with its last change: nothing is replayed) and its deadlines; its action log is read when
        first needed (:meth:`load_log`). A game that does not load is set aside (see :meth:`_set_aside`)
        and every other game runs."""
        self.moderator_roles = await self.store.servers()
        self.pings = await self.store.pings()
        for user_id, (language, locale) in (await self.store.languages()).items():
            if language in LANGUAGES:
                self.languages[user_id] = language
            if locale is not None:
                self.locales[user_id] = locale
        for stored in await self.store.stored_games():
            self._register(await self._load_game(stored))
        await deadlines.catch_up(self)
        await self.store.listen(self.heard)

    def _register(self, session: Session) -> None:
        self.sessions[session.id] = session
        self._index.put(session)
        self.reschedule(session)
        session.lock.bind(functools.partial(self._hold, session) if self.store.shared else None)

    @contextlib.asynccontextmanager
    async def _hold(self, session: Session) -> AsyncIterator[None]:
        """The game's lock in a database other processes share (see :mod:`table.locking`): taken after
        this process's own, it makes another process's operation on the game wait for this one; and if
        another process changed the game since this one last saw it, the game is read back first. The
        units written meanwhile count the game's changes, and the session keeps the count."""
        async with self.store.hold(session.id) as held:
            if held.version != session.version:
                await self._reload(session)
            yield
            session.version = held.version

    async def heard(self, what: str, key: int) -> None:
        """Another process sharing the database changed something this one keeps in memory: a game
        (``"game"``, by number: read it back under its lock, or load it if it is new here), a person's
        language or pings (``"person"``), a server's moderator role (``"server"``); or ``"everything"``,
        when what was announced meanwhile could not be heard."""
        if what == "everything":
            self.moderator_roles = await self.store.servers()
            self.pings = await self.store.pings()
            for user_id, (language, locale) in (await self.store.languages()).items():
                _set_or_drop(self.languages, user_id, language if language in LANGUAGES else None)
                _set_or_drop(self.locales, user_id, locale)
            known = set(self.sessions)
            for stored in await self.store.stored_games():
                if int(stored.row["id"]) not in known:
                    await self.heard("game", int(stored.row["id"]))
            for game_id in known:
                await self.heard("game", game_id)
            return
        if what == "game":
            if key not in self.sessions:
                stored = await self.store.stored_games(key)
                loaded = await self._load_game(stored[0]) if stored else None
                if loaded is not None and key not in self.sessions:  # (another notice may have loaded it)
                    self._register(loaded)
            session = self.sessions.get(key)
            if session is not None:
                # Under its lock it is read back if its version moved on: also after a load, for changes
                # announced while it was being read.
                async with session.lock:
                    pass
        elif what == "person":
            language, locale = (await self.store.languages()).get(key, (None, None))
            _set_or_drop(self.languages, key, language if language in LANGUAGES else None)
            _set_or_drop(self.locales, key, locale)
            _set_or_drop(self.pings, key, (await self.store.pings()).get(key))
        elif what == "server":
            self.moderator_roles = await self.store.servers()

    def _forget(self, game_id: int) -> None:
        self.sessions.pop(game_id, None)
        self._index.drop(game_id)
        self._wakes.set(game_id, None)
        self._calls.set(game_id, None)

    async def _load_game(self, stored: StoredGame) -> Session:
        row = stored.row
        try:
            session = Session(
                id=int(row["id"]),
                guild_id=row["guild_id"],
                channel_id=int(row["channel_id"]),
                creator_id=int(row["creator_id"]),
                name=str(row["name"]),
                settings=GameSettings.from_json(json.loads(row["settings"])),
                status=str(row["status"]),
                seed=int(row["seed"]),
                created_at=float(row["created_at"]),
                paused_at=row["paused_at"],
                ends_after_round=row.get("ends_after_round"),
                version=int(row.get("version") or 0),
            )
            summary = json.loads(row["summary"])
            if not isinstance(summary, list):
                raise TypeError("the summary is not a list")
            session.summary = [str(line) for line in summary]
            session.log_part = int(row.get("log_part") or 0)
            session.seats = [Seat(**seat) for seat in stored.seats]
            session.spectators = set(stored.spectators)
            session.votes = votes.from_rows(stored.votes)
            session.vacations = dict(stored.vacations)
            session.threads_seen = _threads_seen(stored.threads_synced)
            restored = True
            if session.status == LOBBY:
                session.log = []
            else:
                restored = self._restore(session, stored.position)
                if not restored:
                    await self._rebuild(session)
                session.deadlines = {d["house"]: Deadline(**read_deadline(d)) for d in stored.deadlines}
                session.log_title = self._board_title(session)  # the live log tells the phase under way
        except DatabaseError:
            raise  # the database itself failed: not one game's problem
        except Exception as error:
            return await self._set_aside(row, error)
        if row.get("broken") or not restored:
            async with self.store.unit() as unit:
                if row.get("broken"):
                    await unit.update_game(session.id, broken=None)
                if not restored:  # replayed from its log: the next start will not need to
                    await self._save_position(unit, session)
        return session

    def _restore(self, session: Session, saved: dict[str, Any] | None) -> bool:
        """The game from the position saved with its last change; False (and a warning) when it has none
        or it does not load, for the log to be replayed instead."""
        if saved is None:
            return False
        try:
            session.game = session.kind.load_game(json.loads(saved["position"]))
            last = json.loads(saved["last"])
            session.last_lines = {str(house): str(line) for house, line in last.items()}
            session.action_count, session.last_seq = int(saved["actions"]), int(saved["seq"])
            session.next_seq, session.next_line = int(saved["next_seq"]), int(saved["next_line"])
        except Exception as error:
            log.warning("game %s: its position does not load (%s); replaying its log", session.id, error)
            session.game = None
            return False
        return True

    async def _set_aside(self, row: dict[str, Any], error: Exception) -> Session:
        """A game that does not load (a damaged row, an action a rules fix now refuses) is kept out of
        play with its reason, reported in the log and, once per reason, to its channel; every other game
        runs. Its moderators can take back its last actions (see :meth:`undo`) or end it."""
        reason = _load_failure(error)
        log.error("game %s could not be loaded and is set aside: %s", row.get("id"), reason, exc_info=error)
        game_id = int(row["id"])
        session = Session(
            id=game_id,
            guild_id=row.get("guild_id"),
            channel_id=int(row.get("channel_id") or 0),
            creator_id=int(row.get("creator_id") or 0),
            name=str(row.get("name") or f"Game {game_id}"),
            settings=_settings_or_default(row.get("settings")),
            status=str(row.get("status")),
            seed=int(row.get("seed") or 0),
            created_at=float(row.get("created_at") or 0.0),
            broken=reason,
        )
        with contextlib.suppress(Exception):
            session.seats = [Seat(**seat) for seat in await self.store.seats(game_id)]
        with contextlib.suppress(Exception):
            session.log = await self.store.live_actions(game_id)
        session.next_seq = await self.store.next_seq(game_id)
        session.next_line = await self.store.next_line(game_id)
        if row.get("broken") != str(reason):  # the reason is stored in English
            text = said(
                "⚠️ {game} (game {number}) could not be loaded after a restart ({reason}) and is out of "
                "service. A moderator can take back its last actions or end it; every other game goes on.",
                game=session.name,
                number=game_id,
                reason=reason,
            )
            async with self.store.unit() as store:
                await store.update_game(game_id, broken=str(reason))
                await store.add_outbox(game_id, outbox.notice(session, text), self.clock.now())
                await store.add_outbox(
                    game_id,
                    outbox.item(
                        "notice",
                        "user",
                        session.creator_id,
                        game_id=game_id,
                        game_name=session.name,
                        text=text.said_in(self.language_for(session.creator_id, session)),
                    ),
                    self.clock.now(),
                )
        return session

    async def _rebuild(self, session: Session) -> None:
        """The game replayed from its log (from its latest snapshot), for a game without a saved position
        that loads: one stored before positions were, or whose position is damaged."""
        session.log = await self.store.live_actions(session.id)
        snapshot = await self.store.latest_snapshot(session.id)
        if snapshot is not None and not any(row.seq == snapshot[0] for row in session.log):
            snapshot = None
        session.game = await asyncio.to_thread(_replay, session, session.log, snapshot)
        session.next_seq = await self.store.next_seq(session.id)
        session.next_line = await self.store.next_line(session.id)

    async def load_log(self, session: Session) -> list[ActionRow]:
        """The game's live actions, read from the store the first time (under the game's lock, so that no
        action is written meanwhile); then kept, and extended as the game goes."""
        if not session.log_read:
            async with session.lock:
                await self._read_log(session)
        return session.log

    async def _read_log(self, session: Session) -> list[ActionRow]:
        """:meth:`load_log` for a caller that holds the game's lock."""
        if not session.log_read:
            session.log = await self.store.live_actions(session.id)
        return session.log

    # --- finding games ----------------------------------------------------------------------------

    def reach(self, game_id: int, actor: Actor) -> Session:
        """The game numbered ``game_id``, if the person may reach it from where they ask (see
        :mod:`table.access`); else the same refusal as for a game that does not exist."""
        session = self.sessions.get(game_id)
        if session is None or not access.reachable(session, actor):
            raise access.not_found(game_id, actor)
        return session

    def session(self, game_id: int) -> Session:
        """A game by number, for the table's own loops and for tests: no person is asking."""
        session = self.sessions.get(game_id)
        if session is None:
            raise TableError("There is no open game number {number}.", number=game_id)
        return session

    def _games(self, ids: Iterable[int]) -> list[Session]:
        """The open games of these numbers, in order."""
        return [self.sessions[i] for i in sorted(ids) if i in self.sessions]

    def games_in_channel(self, channel_id: int) -> list[Session]:
        return [s for s in self._games(self._index.in_channel(channel_id)) if s.channel_id == channel_id]

    def games_of_user(self, user_id: int) -> list[Session]:
        return [s for s in self._games(self._index.of_user(user_id)) if s.seat_of_user(user_id) is not None]

    def reachable_games(self, actor: Actor) -> list[Session]:
        """The games a person may reach from where they ask: their server's, or by DM their own (and the
        games made outside Discord, for callers outside it)."""
        if actor.guild_id is not None:
            ids = self._index.in_guild(actor.guild_id)
        else:
            ids = self._index.in_guild(None) | self._index.of_user(actor.user_id)
        return [s for s in self._games(ids) if access.reachable(s, actor)]

    def find(self, actor: Actor, game_id: int | None = None) -> Session:
        """The game a command is about: the one named; else, among the games the person may reach from
        where they ask, the one the choice is clear for: theirs in this channel, this channel's only game,
        the only one of theirs waiting on them, their only one; open games before finished ones."""
        if game_id is not None:
            return self.reach(game_id, actor)
        mine = [s for s in self.games_of_user(actor.user_id) if access.reachable(s, actor)]
        here = [s for s in mine if actor.in_channel(s.channel_id)]
        places = [c for c in (actor.channel_id, actor.parent_id) if c is not None]
        nearby = self._games(set().union(*(self._index.in_channel(c) for c in places)))
        channel = [s for s in nearby if actor.in_channel(s.channel_id) and access.reachable(s, actor)]
        waiting = [s for s in mine if self._waits_on(s, actor.user_id)]
        for candidates in (here, channel, waiting, mine):
            for pool in (candidates, [s for s in candidates if s.status not in (OVER, ENDED)]):
                if len(pool) == 1:
                    return pool[0]
        if not mine and not channel:
            raise TableError(
                "You are not in any game here; name one with its number (`{command}`).",
                command=Command("game list"),
            )
        numbers = ", ".join(str(s.id) for s in (here or channel or mine))
        raise TableError("You are in several games ({numbers}); say which one.", numbers=numbers)

    @staticmethod
    def _waits_on(session: Session, user_id: int) -> bool:
        seat = session.seat_of_user(user_id)
        return seat is not None and any(d.house == seat.house for d in session.pending())

    # --- moderators -------------------------------------------------------------------------------

    def moderator_role(self, guild_id: int | None) -> int | None:
        """The moderator role of a server: the one its administrators set, else the configured one."""
        if guild_id is None:
            return None
        if guild_id in self.moderator_roles:
            return self.moderator_roles[guild_id]
        return self.default_moderator_role

    def is_moderator(self, session: Session, actor: Actor) -> bool:
        return access.is_moderator(session, actor, self.moderator_role(session.guild_id))

    def require_moderator(self, session: Session, actor: Actor) -> None:
        access.require_moderator(session, actor, self.moderator_role(session.guild_id))

    def require_server_moderator(self, actor: Actor, guild_id: int | None) -> None:
        """For what concerns a server rather than one game (importing a game into it): an administrator
        of that server, or a member of its moderator role, asking from it."""
        if actor.guild_id is None or actor.guild_id != guild_id:
            raise TableError("Do this in a channel of the server concerned.")
        role = self.moderator_role(guild_id)
        if not (actor.admin or (role is not None and role in actor.roles)):
            raise TableError(
                "Only a moderator of this server (an administrator, or a member of its moderator role) may "
                "do that."
            )

    async def set_moderator_role(self, actor: Actor, role_id: int | None) -> Outcome:
        """A server's administrator names the role whose members moderate that server's games (None: no
        role; the games' creators and the administrators still moderate)."""
        if actor.guild_id is None:
            raise TableError("Set a server's moderator role in that server.")
        if not actor.admin:
            raise TableError("Only an administrator of this server may choose its moderator role.")
        if role_id is not None:
            require_id(role_id, "role")
        if role_id == actor.guild_id:
            raise TableError("@everyone cannot be the moderator role: every member would moderate.")
        async with self.store.unit() as store:
            await store.set_moderator_role(actor.guild_id, role_id, actor.user_id, self.clock.now())
        self.moderator_roles[actor.guild_id] = role_id
        if role_id is None:
            return Outcome(
                said("This server has no moderator role now: games' creators and administrators moderate.")
            )
        return Outcome(said("Members of {role} now moderate this server's games.", role=f"<@&{role_id}>"))

    # --- the lobby --------------------------------------------------------------------------------

    async def create_game(
        self,
        actor: Actor,
        *,
        channel_id: int,
        guild_id: int | None,
        settings: GameSettings,
        name: str = "",
        seed: int | None = None,
    ) -> Session:
        """A new game in the lobby. Its seed is drawn at random unless given (a demo, a test)."""
        settings = settings.validate()
        name = clean(name, limit=MAX_NAME, what="A game's name")
        if name:
            taken = self._named(guild_id, name)
            if taken is not None:
                raise TableError(
                    "This server already has a game called {name} (game {number}); choose another name.",
                    name=name,
                    number=taken.id,
                )
        else:
            words = translator(settings.language)
            count = settings.players
            name = self._free_name(
                guild_id, words.ngettext("{count}-player game", "{count}-player game", count, count=count)
            )
        now = self.clock.now()
        seed = seed if seed is not None else random.SystemRandom().randrange(1, 2**63)
        async with self.store.unit() as store:
            game_id = await store.insert_game(
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=actor.user_id,
                name=name,
                settings=settings.to_json(),
                status=LOBBY,
                seed=seed,
                created_at=now,
            )
            session = Session(
                id=game_id,
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=actor.user_id,
                name=name,
                settings=settings,
                status=LOBBY,
                seed=seed,
                created_at=now,
            )
            session.log = []
            await store.audit(game_id, actor.user_id, actor.label, now, "create", "", settings.to_json())
        self._register(session)
        return session

    def _named(self, guild_id: int | None, name: str) -> Session | None:
        """The game of this server with this name (names are unique in a server, whatever the case)."""
        folded = name.casefold()
        return next(
            (
                s
                for s in self._games(self._index.in_guild(guild_id))
                if s.guild_id == guild_id and s.name.casefold() == folded
            ),
            None,
        )

    def _free_name(self, guild_id: int | None, name: str) -> str:
        """``name``, or ``name 2``, ``name 3``... whichever no game of the server has."""
        candidate, number = name, 1
        while self._named(guild_id, candidate) is not None:
            number += 1
            candidate = f"{name} {number}"
        return candidate

    async def join(self, game_id: int, actor: Actor, house: str | None = None) -> Outcome:
        session = self.reach(game_id, actor)
        access.require_channel(session, actor)
        async with session.lock:
            self._require_lobby(session)
            if session.seat_of_user(actor.user_id) is not None:
                raise TableError("You already have a seat in this game.")
            if len(session.seats) >= session.settings.players:
                raise TableError("This game is full.")
            seat = Seat(user_id=actor.user_id, name=clean(actor.name, limit=MAX_NAME, what="A name"))
            if house is not None:
                seat.house = self._claimable_house(session, house)
            session.seats.append(seat)
            session.spectators.discard(actor.user_id)
            await self._save_people(session)
        seated = {"seated": len(session.seats), "players": session.settings.players}
        if seat.house:
            return Outcome(
                said(
                    "{player} joins {game} as {house} ({seated}/{players}).",
                    player=seat.label,
                    game=session.name,
                    house=session.kind.named_seat(seat.house),
                    **seated,
                )
            )
        return Outcome(
            said(
                "{player} joins {game} ({seated}/{players}).", player=seat.label, game=session.name, **seated
            )
        )

    async def leave(self, game_id: int, actor: Actor) -> Outcome:
        session = self.reach(game_id, actor)
        access.require_channel(session, actor)
        async with session.lock:
            self._require_lobby(
                session, said("Players can leave only before the game starts; ask a moderator.")
            )
            seat = session.seat_of_user(actor.user_id)
            if seat is None:
                raise TableError("You have no seat in this game.")
            session.seats.remove(seat)
            await self._save_people(session)
        return Outcome(said("{player} leaves {game}.", player=seat.label, game=session.name))

    async def choose_house(self, game_id: int, actor: Actor, house: str) -> Outcome:
        session = self.reach(game_id, actor)
        access.require_channel(session, actor)
        async with session.lock:
            self._require_lobby(session)
            seat = session.seat_of_user(actor.user_id)
            if seat is None:
                raise TableError("Join the game before choosing a house.")
            seat.house = self._claimable_house(session, house, mine=seat.house)
            await self._save_people(session)
        return Outcome(
            said("{player} takes {house}.", player=seat.label, house=session.kind.named_seat(seat.house))
        )

    async def spectate(self, game_id: int, actor: Actor) -> Outcome:
        session = self.reach(game_id, actor)
        access.require_channel(session, actor)
        async with session.lock:
            if session.seat_of_user(actor.user_id) is not None:
                raise TableError("You play in this game; spectators are the others.")
            session.spectators.add(actor.user_id)
            await self._save_people(session)
        return Outcome(said("{player} watches {game}.", player=actor.label, game=session.name))

    async def add_ai(
        self, game_id: int, actor: Actor, style: str = "random", house: str | None = None
    ) -> Outcome:
        """A moderator fills a seat with an AI player."""
        session = self.reach(game_id, actor)
        async with session.lock:
            self.require_moderator(session, actor)
            self._require_lobby(session)
            if style not in session.kind.ai_styles:
                raise TableError("AI players are {styles}.", styles=", ".join(session.kind.ai_styles))
            if len(session.seats) >= session.settings.players:
                raise TableError("This game is full.")
            seat = Seat(ai=style, house=None if house is None else self._claimable_house(session, house))
            session.seats.append(seat)
            await self._save_people(session)
        return Outcome(
            said(
                "An AI player ({style}) takes a seat ({seated}/{players}).",
                style=style,
                seated=len(session.seats),
                players=session.settings.players,
            )
        )

    def _claimable_house(self, session: Session, house: str, mine: str | None = None) -> str:
        if session.settings.house_assignment == "random":
            raise TableError("Houses are dealt at random in this game when it starts.")
        house = seat_id(session.kind, house)
        if house == mine:
            return house
        if house not in session.kind.seats(session.settings.players):
            raise TableError(
                nsaid(
                    "{house} does not play in a {count}-player game.",
                    "{house} does not play in a {count}-player game.",
                    session.settings.players,
                    house=session.kind.named_seat(house),
                )
            )
        if house not in session.houses_available():
            raise TableError("{house} is taken.", house=session.kind.named_seat(house))
        return house

    def _require_lobby(self, session: Session, message: Said | None = None) -> None:
        if session.broken is not None:
            session.require_game()  # says why it is out of service
        if session.status != LOBBY:
            raise TableError(message or said("This game has already started."))

    async def start(self, game_id: int, actor: Actor) -> Outcome:
        """Deal the houses and begin: the seats, the game's first steps and the audit entry are written
        together, or nothing is."""
        session = self.reach(game_id, actor)
        access.require_channel(session, actor)
        async with session.lock:
            self._require_lobby(session)
            if actor.user_id != session.creator_id and not self.is_moderator(session, actor):
                raise TableError("Only the game's creator or a moderator can start it.")
            missing = session.settings.players - len(session.seats)
            if missing:
                raise TableError(
                    nsaid("{count} seat is still empty.", "{count} seats are still empty.", missing)
                )
            rng = random.Random(session.seed)
            free = session.houses_available()
            rng.shuffle(free)
            for seat in session.seats:
                if seat.house is None:
                    seat.house = free.pop()
            session.game = session.kind.new_game(
                session.settings.players, session.seed, session.settings.options
            )
            session.status = ACTIVE
            language = session.settings.language
            opening = [event for event in session.game.opening_events if event.to is None]
            session.summary = [session.kind.tell(event, language) for event in opening]
            items = [outbox.notice(session, said("Seats: {seats}.", seats=self._seating(session)))]

            async def write(store: Store) -> None:
                await self._write_people(store, session)  # the houses just dealt
                await store.audit(session.id, actor.user_id, actor.label, self.clock.now(), "start", "", {})

            outcome = await self._advance(
                session, [], items=items, board_title=said("The game begins"), before=write
            )
        begins = said("{game} begins. Seats: {seats}.", game=session.name, seats=self._seating(session))
        return Outcome(begins, outcome.events)

    @staticmethod
    def _seating(session: Session) -> Localized:
        """ "House Stark: Alice, House Lannister: AI (random)", in the reader's language."""
        seats = [
            said("{house}: {player}", house=session.kind.named_seat(s.house), player=s.who)
            for s in session.seats
            if s.house
        ]
        return joined(*seats, separator=", ")

    async def _save_people(self, session: Session) -> None:
        try:
            async with self.store.unit() as store:
                await self._write_people(store, session)
        except Exception:
            await self._reload(session)
            raise

    async def _write_people(self, store: Store, session: Session) -> None:
        """Write the game's seats and spectators (and index its people as they are now)."""
        await store.save_seats(session.id, [seat.to_row() for seat in session.seats])
        await store.save_spectators(session.id, session.spectators)
        self._index.put(session)

    # --- playing ----------------------------------------------------------------------------------

    def _parse(self, session: Session, text: str, house: str) -> Any:
        if len(text) > MAX_LINE:
            raise TableError(
                "A notation line is at most {limit} characters (this one has {length}).",
                limit=MAX_LINE,
                length=len(text),
            )
        engine = session.kind.engine
        try:
            if ":" in text.split(" ", 1)[0]:
                named, action = engine.parse_line(text)
                if named != house:
                    raise TableError(
                        "You play {house}, not {other}.",
                        house=session.kind.named_seat(house),
                        other=session.kind.named_seat(named),
                    )
                return action
            return engine.parse_action(text)
        except IllegalAction as error:
            raise session.kind.refusal(error) from None

    async def submit(
        self,
        game_id: int,
        actor: Actor,
        text: str,
        house: str | None = None,
        *,
        expect: str | None = None,
    ) -> Outcome:
        """A player's own action, in notation (``march winterfell -> moat-cailin knight``).

        ``expect`` is the fingerprint (:func:`table.outbox.fingerprint`) of the decision the person was
        answering, as they saw it: checked under the game's lock, so an answer sent twice, or one that
        crossed a change in the game, is refused instead of being applied to the next decision."""
        session = self.reach(game_id, actor)
        access.require_channel(session, actor)
        async with session.lock:
            game = session.require_playing()
            seat = session.seat_of_user(actor.user_id)
            if seat is None or seat.house is None:
                raise TableError("You have no house in this game.")
            if house is not None and seat_id(session.kind, house) != seat.house:
                raise TableError(
                    "You play {house}, not House {name}.",
                    house=session.kind.named_seat(seat.house),
                    name=quote(house),
                )
            action = self._parse(session, text, seat.house)
            mine = game.decision_for(seat.house)
            if mine is None and self._already_recorded(session, seat.house, action):
                return Outcome(said("That was already recorded; nothing more to do."))
            if expect is not None:
                self._check_expected(session, seat.house, mine, expect)
            return await self._advance(session, [Step(seat.house, action, actor.user_id)])

    @staticmethod
    def _check_expected(session: Session, house: str, mine: Decision | None, expect: str) -> None:
        game = session.require_game()
        asked, answer = mine, None
        if asked is None:
            asked = game.changeable_decision(house)
            last = session.last_lines.get(house)
            answer = last.split(":", 1)[1].strip() if last else None
        if asked is not None and fingerprint(decision_json(asked), answer) == expect:
            return
        settled = said(
            "That answer was for a decision that has been settled since (an earlier answer of yours counted, "
            "or the game moved on); nothing more was recorded."
        )
        now = said("You are asked now: {prompt}", prompt=asked.prompt) if asked is not None else None
        raise TableError(joined(settled, now))

    def _already_recorded(self, session: Session, house: str, action: Any) -> bool:
        return session.last_lines.get(house) == Game.format_line(house, action)

    async def force(
        self, game_id: int, actor: Actor, house: str, text: str | None = None, reason: str = ""
    ) -> Outcome:
        """A moderator decides for a seat: its decision's default, or the given notation line."""
        session = self.reach(game_id, actor)
        reason = clean(reason, limit=MAX_REASON, what="A reason")
        async with session.lock:
            self.require_moderator(session, actor)
            game = session.require_playing()
            house = seat_id(session.kind, house)
            if house not in game.seats():
                raise TableError("{house} is not in this game.", house=session.kind.named_seat(house))
            decision = game.decision_for(house)
            if decision is None and text is None:
                raise TableError(
                    "{house} has no decision to force now.", house=session.kind.named_seat(house)
                )
            action = decision.default if text is None else self._parse(session, text, house)  # type: ignore[union-attr]
            secret = decision is None or decision.secret
            details = {"house": house, "action": Game.format_line(house, action), "secret": secret}
            outcome = await self._advance(
                session,
                [Step(house, action, actor.user_id, "moderator")],
                audit=(actor, "force", reason, details),
            )
        named = session.kind.named_seat(house)
        if secret and access.sees_only(session, actor) not in (None, house):
            verb = action.format().split(" ", 1)[0]
            forced = said(
                "Forced for {house}: {action} (secret: you play in this game).", house=named, action=verb
            )
        else:
            forced = said("Forced for {house}: {action}.", house=named, action=action.format())
        return Outcome(forced, outcome.events)

    def view_for(self, game_id: int, actor: Actor) -> dict[str, Any]:
        """The player's own view, or a spectator's for anyone without a house in this game."""
        session = self.reach(game_id, actor)
        game = session.require_game()
        seat = session.seat_of_user(actor.user_id)
        return game.view(seat.house if seat is not None else None)

    async def _advance(
        self,
        session: Session,
        steps: list[Step],
        *,
        items: Iterable[dict[str, Any]] = (),
        audit: tuple[Actor, str, str, dict[str, Any]] | None = None,
        board_title: str | Localized | None = None,
        before: Callable[[Store], Awaitable[None]] | None = None,
        store: Store | None = None,
    ) -> Outcome:
        """Apply the steps, then let AI seats play, then write it all down at once: ``before`` (the
        operation's own writes: an undo's marks, a start's seats), the actions, the outbox, deadlines,
        the game's row and the audit entry, in one transaction (``store``'s, if the caller holds one).

        A person's step is validated by the engine before anything changes. If anything else fails (an
        engine error, the disk), the session is read back from the store, so memory never runs ahead of
        the disk; inside a caller's transaction that is the caller's to do.
        """
        game = session.require_game()
        now = self.clock.now()
        before_pending = {d.house: d.kind for d in game.pending()}
        events: list[Event] = []
        rows: list[ActionRow] = []
        acted: set[str] = set()
        seq = session.next_seq
        out = list(items)
        told = outbox.Teller(session)  # the channel's story of these steps, in order
        if board_title is not None:  # a board as the game stands before these steps (a start, an undo)
            told.board(board_title)
        queue = list(steps) or self._ai_steps(session, session.action_count)
        first = True
        ranking: list[str] | None = None  # the game's, when the round it was to end after is over
        try:
            while queue:
                step = queue.pop(0)
                asked = game.decision_for(step.house)
                try:
                    happened = game.apply(step.house, step.action)
                except IllegalAction as error:
                    if first and step.forced != "ai":
                        raise session.kind.refusal(
                            error
                        ) from None  # a person's step: nothing has changed yet
                    if step.forced != "ai":
                        raise
                    step.action = game.decision_for(step.house).default  # type: ignore[union-attr]
                    happened = game.apply(step.house, step.action)
                first = False
                events += happened
                told.events(happened)
                if any(e.kind in session.kind.board_events for e in happened):
                    told.board(self._board_title(session))
                notation = Game.format_line(step.house, step.action)
                secret = asked is None or asked.secret  # no decision asked: a secret answer changed
                rows.append(ActionRow(seq, step.house, notation, step.actor_id, step.forced, now, secret))
                seq += 1
                acted.add(step.house)
                ranking = votes.ranking_after_round(session, happened)
                if ranking is not None:
                    break
                if not queue:
                    queue = self._ai_steps(session, session.action_count + len(rows))
        except TableError:
            raise
        except Exception as error:
            log.error("game %s: applying %s failed", session.id, [s.house for s in steps], exc_info=error)
            if store is None:
                await self._reload(session)
            raise TableError(
                "That could not be applied: the game met an internal error, and nothing was recorded. The "
                "moderators can find it in the bot's log."
            ) from error
        new = self._sync_deadlines(session, before_pending, acted, now)
        if game.over:
            session.status = OVER
        ended = [] if ranking is None else votes.end_items(session, ranking)
        prompts = outbox.prompt_items(session, [] if ended else new, self.pings, self._language_in(session))
        private = outbox.private_items(session, events, lambda user_id: self.language_for(user_id, session))
        out += private + told.finish() + prompts + ended
        notices = [*items, *ended]
        lines = told.lines + [entry["payload"]["text"] for entry in notices if entry["kind"] == "notice"]
        if game.over:
            readout = game.readout()
            out.append(
                outbox.item(
                    "game-over",
                    "channel",
                    session.channel_id,
                    game_id=session.id,
                    game=session.settings.game,
                    game_name=session.name,
                    winner=readout.winner,
                    ranking=list(readout.ranking),
                )
            )
            out += await self._report_items(session, [*await self._read_log(session), *rows])

        async def write(unit: Store) -> None:
            if before is not None:
                await before(unit)
            for row in rows:
                await unit.append_action(session.id, row)
            if any((row.seq + 1) % SNAPSHOT_EVERY == 0 for row in rows):
                await unit.save_snapshot(session.id, rows[-1].seq, game.to_position())
            for entry in out:
                await unit.add_outbox(session.id, entry, now)
            await unit.tell(session.id, session.next_line, lines, now)
            await self._save_deadlines(unit, session)
            await unit.update_game(
                session.id, status=session.status, summary=session.summary, log_part=session.log_part
            )
            await self._save_position(unit, session, rows, len(lines))
            if audit is not None:
                who, what, reason, details = audit
                await unit.audit(session.id, who.user_id, who.label, now, what, reason, details)
            await self._sync_threads(unit, session)

        if store is not None:
            await write(store)
        else:
            try:
                async with self.store.unit() as unit:
                    await write(unit)
            except Exception:
                await self._reload(session)
                raise
        session.record(rows)
        session.next_line += len(lines)
        return Outcome(said("Recorded."), [e for e in events if e.to is None])

    async def _report_items(self, session: Session, rows: list[ActionRow]) -> list[dict[str, Any]]:
        """The end-of-game report of the game ``rows`` play, as an outbox item (none for a game that keeps
        no report). It replays the game, off the event loop. A failure to compute it is logged and the
        game ends without it: the report must not keep the end from being recorded."""
        try:
            report = await asyncio.to_thread(_game_report, session, rows)
        except Exception:
            log.exception("game %s: the end-of-game report could not be computed", session.id)
            return []
        return [] if report is None else [outbox.report_item(session, report)]

    def _ai_steps(self, session: Session, played: int) -> list[Step]:
        """The next AI seat's step, after ``played`` live actions (which seed its choice: the same
        whether or not the process restarted in between)."""
        game = session.require_game()
        if game.over:
            return []
        for decision in game.pending():
            seat = session.seat_of_house(decision.house)
            if seat.ai:
                rng = Rng(session.seed ^ (played * 0x9E3779B1))
                return [Step(decision.house, self._ai_choice(session, decision, seat.ai, rng), None, "ai")]
        return []

    @staticmethod
    def _ai_choice(session: Session, decision: Decision, style: str, rng: Rng) -> Any:
        """An AI seat's answer. A flaw in an AI's heuristics must not stall a game: it then plays a random
        legal answer (and the flaw is logged)."""
        game = session.require_game()
        try:
            return session.kind.choose(game, decision, style, rng)
        except Exception:
            log.exception("game %s: the %s AI failed on a %s decision", session.id, style, decision.kind)
            return random_action(game, decision, rng)

    def _board_title(self, session: Session) -> str:
        """The title of a board of the game as it stands, and of its live log, in the game's language."""
        return session.kind.board_title(session.require_game().readout(), session.settings.language)

    def _sync_deadlines(
        self, session: Session, before: dict[str, str], acted: set[str], now: float
    ) -> list[Decision]:
        """Keep the deadlines of decisions still waiting; start one for every new decision. Returns the
        new decisions (to prompt)."""
        new = []
        kept: dict[str, Deadline] = {}
        for decision in session.pending():
            seat = session.seat_of_house(decision.house)
            old = session.deadlines.get(decision.house)
            if (
                old is not None
                and old.kind == decision.kind
                and decision.house not in acted
                and before.get(decision.house) == decision.kind
            ):
                kept[decision.house] = old
                continue
            new.append(decision)
            if not seat.ai:
                due = now + session.settings.deadlines[session.kind.category(decision.kind)]
                kept[decision.house] = Deadline(decision.house, decision.kind, now, due)
        session.deadlines = kept
        return new

    async def _reload(self, session: Session) -> None:
        """Throw away what memory holds of one game and read it back from the store (the others are not
        touched); its log too, if it had been read."""
        stored = await self.store.stored_games(session.id)
        if not stored:
            self._forget(session.id)
            return
        reloaded = await self._load_game(stored[0])
        if session.log_read and not reloaded.log_read:
            reloaded.log = await self.store.live_actions(session.id)
        # In place, keeping its lock: whoever holds the session (a caller under its lock) sees the game
        # as read back.
        for name in _RELOADED:
            setattr(session, name, getattr(reloaded, name))
        self._register(session)

    # --- moderation -------------------------------------------------------------------------------

    async def _undo_target(self, session: Session, count: int | None, to_phase_start: bool) -> int:
        """How many live actions remain after the undo. Back to the start of the phase means taking back
        every action made in the phase the last action was made in."""
        total = len(session.log)
        if total == 0:
            raise TableError("No action has been taken yet.")
        if to_phase_start:
            if session.broken is not None:
                raise TableError("This game does not load: say how many of its last actions to take back.")
            made_in = await asyncio.to_thread(_phases_before_each_action, session, list(session.log))
            keep = total
            while keep > 0 and made_in[keep - 1] == made_in[-1]:
                keep -= 1
            return keep
        if count is None or count < 1:
            raise TableError("Say how many actions to undo (at least 1), or undo to the start of the phase.")
        if count > total:
            raise TableError(
                nsaid("Only {count} action can be undone.", "Only {count} actions can be undone.", total)
            )
        return total - count

    def _shown(self, session: Session, actor: Actor, row: ActionRow) -> str:
        """An action as a moderator may see it: whole, unless they play in the game and it is another
        house's secret answer."""
        house = access.sees_only(session, actor)
        if house is None or not row.secret or row.house == house:
            return row.notation
        verb = row.notation.split(":", 1)[-1].split()[:1]
        return f"{row.house}: {verb[0] if verb else 'answer'} (secret)"

    async def undo_preview(
        self, game_id: int, actor: Actor, count: int | None = None, to_phase_start: bool = False
    ) -> list[str]:
        """The actions an undo would take back, last first, without taking them back. A moderator who
        plays sees the other houses' secret answers as "(secret)"."""
        session = self.reach(game_id, actor)
        self.require_moderator(session, actor)
        if session.broken is None:
            session.require_game()
        await self.load_log(session)
        keep = await self._undo_target(session, count, to_phase_start)
        return [
            self._shown(session, actor, row) + (f"  ({row.forced})" if row.forced else "")
            for row in reversed(session.log[keep:])
        ]

    async def undo(
        self,
        game_id: int,
        actor: Actor,
        count: int | None = None,
        to_phase_start: bool = False,
        reason: str = "",
    ) -> Outcome:
        """Take back the last actions: the game is replayed without them (off the event loop), and the
        marks, the audit entry and everything the replayed game then asks are written in one transaction.
        On a game set aside because it did not load, this is the repair: if it loads without them, it is
        back in service."""
        session = self.reach(game_id, actor)
        reason = clean(reason, limit=MAX_REASON, what="A reason")
        async with session.lock:
            self.require_moderator(session, actor)
            if session.broken is None:
                session.require_game()
            if session.status in (OVER, ENDED):
                raise TableError("This game is over.")
            await self._read_log(session)
            keep = await self._undo_target(session, count, to_phase_start)
            undone, kept = session.log[keep:], session.log[:keep]
            snapshot = await self.store.latest_snapshot(session.id, kept[-1].seq if kept else -1)
            try:
                game = await asyncio.to_thread(_replay, session, kept, snapshot)
            except Exception as error:
                if session.broken is None:
                    raise
                raise TableError(
                    nsaid(
                        "It still does not load without that {count} action: {reason}.",
                        "It still does not load without those {count} actions: {reason}.",
                        len(undone),
                        reason=_load_failure(error),
                    )
                ) from None
            repaired = session.broken is not None
            now = self.clock.now()
            details = {"undone": [row.notation for row in undone], "secret": [row.secret for row in undone]}

            async def write(store: Store) -> None:
                await store.mark_undone(session.id, [row.seq for row in undone], now)
                await store.audit(session.id, actor.user_id, actor.label, now, "undo", reason, details)
                if repaired:
                    await store.update_game(session.id, broken=None)

            session.game, session.log, session.broken = game, list(kept), None
            if session.status == LOBBY:  # a game set aside before its status was known
                session.status = ACTIVE
            session.deadlines = {}
            session.summary = []
            if reason:
                took = nsaid(
                    "A moderator took back {count} action: {reason}",
                    "A moderator took back {count} actions: {reason}",
                    len(undone),
                    reason=reason,
                )
            else:
                took = nsaid(
                    "A moderator took back {count} action.",
                    "A moderator took back {count} actions.",
                    len(undone),
                )
            text = joined(took, said("The game is back in service.") if repaired else None)
            outcome = await self._advance(
                session,
                [],
                items=[outbox.notice(session, text)],
                board_title=said("After an undo"),
                before=write,
            )
        return Outcome(nsaid("Undid {count} action.", "Undid {count} actions.", len(undone)), outcome.events)

    async def pause(self, game_id: int, actor: Actor, reason: str = "") -> Outcome:
        session = self.reach(game_id, actor)
        reason = clean(reason, limit=MAX_REASON, what="A reason")
        async with session.lock:
            self.require_moderator(session, actor)
            session.require_playing()
            now = self.clock.now()
            session.status, session.paused_at = PAUSED, now
            paused = joined(said("The game is paused."), reason or None)
            await self._write_moderation(session, actor, "pause", reason, {}, paused)
        return Outcome(said("Paused; deadlines stop until the game resumes."))

    async def resume(self, game_id: int, actor: Actor, reason: str = "") -> Outcome:
        """Deadlines move on by the time the game was paused; whatever waits now (an imported game's
        AI seats and prompts, a seat given a player meanwhile) goes on, in the same transaction."""
        session = self.reach(game_id, actor)
        reason = clean(reason, limit=MAX_REASON, what="A reason")
        async with session.lock:
            self.require_moderator(session, actor)
            session.require_game()
            if session.status != PAUSED:
                raise TableError("This game is not paused.")
            await self._resume(session, actor, reason)
        return Outcome(said("Resumed."))

    async def _resume(self, session: Session, actor: Actor, reason: str, store: Store | None = None) -> None:
        """Resume a paused game (the caller holds its lock; in ``store``'s transaction if given)."""
        now = self.clock.now()
        paused_for = now - (session.paused_at or now)
        for deadline in session.deadlines.values():
            deadline.due_at += paused_for
        session.status, session.paused_at = ACTIVE, None
        details = {"paused_for": paused_for}
        notice = outbox.notice(
            session, said("The game resumes; deadlines move on by the time it was paused.")
        )

        async def write(unit: Store) -> None:
            await self._write_moderation_to(unit, session, actor, "resume", reason, details, [])

        await self._advance(session, [], items=[notice], before=write, store=store)

    async def set_deadline(
        self,
        game_id: int,
        actor: Actor,
        *,
        seconds: int,
        house: str | None = None,
        kind: str | None = None,
        reason: str = "",
    ) -> Outcome:
        """Set the running deadline of one house (``house``) or of every waiting house to ``seconds`` from
        now; with ``kind`` (orders, bids, cards, other), change that category for the decisions to come."""
        session = self.reach(game_id, actor)
        reason = clean(reason, limit=MAX_REASON, what="A reason")
        async with session.lock:
            self.require_moderator(session, actor)
            session.require_game()
            if seconds < 60:
                raise TableError("A deadline must be at least one minute away.")
            if seconds > MAX_SECONDS:
                raise TableError("A deadline is at most a year away.")
            now = self.clock.now()
            if kind is not None:
                session.settings = session.settings.with_deadline(kind, seconds)
                message = nsaid(
                    "From now on, {category} decisions get {count} minute.",
                    "From now on, {category} decisions get {count} minutes.",
                    seconds // 60,
                    category=psaid("deadline category", kind),
                )
            else:
                houses = [seat_id(session.kind, house)] if house else list(session.deadlines)
                missing = [h for h in houses if h not in session.deadlines]
                if not houses:
                    raise TableError("No deadline is running.")
                if missing:
                    raise TableError("That house has no running deadline.")
                for name in houses:
                    deadline = session.deadlines[name]
                    deadline.due_at, deadline.reminded, deadline.expired = now + seconds, [], False
                message = nsaid(
                    "Deadline set for {houses}: {count} minute from now.",
                    "Deadline set for {houses}: {count} minutes from now.",
                    seconds // 60,
                    houses=joined(*(session.kind.named_seat(h) for h in houses), separator=", "),
                )
            await self._write_moderation(
                session,
                actor,
                "deadline",
                reason,
                {"seconds": seconds, "house": house, "kind": kind},
                message,
            )
        return Outcome(message)

    async def replace_player(
        self, game_id: int, actor: Actor, house: str, user_id: int, name: str = "", reason: str = ""
    ) -> Outcome:
        session = self.reach(game_id, actor)
        reason = clean(reason, limit=MAX_REASON, what="A reason")
        name = clean(name, limit=MAX_NAME, what="A name")
        require_id(user_id, "person")
        async with session.lock:
            self.require_moderator(session, actor)
            if session.broken is not None:
                session.require_game()
            house = seat_id(session.kind, house)
            await self._seat_person(session, actor, house, user_id, name, reason)
        return Outcome(
            said(
                "{house} is now played by {player}.",
                house=session.kind.named_seat(house),
                player=name or user_id,
            )
        )

    async def _seat_person(
        self,
        session: Session,
        actor: Actor,
        house: str,
        user_id: int,
        name: str,
        reason: str,
        *,
        action: str = "replace",
        store: Store | None = None,
    ) -> None:
        """Give a seat to a person, who is asked at once what it has to decide (the caller holds the
        game's lock; in ``store``'s transaction if given). ``action`` names it in the audit log."""
        seat = session.seat_of_house(house)
        other = session.seat_of_user(user_id)
        if other is not None and other is not seat:
            raise TableError("That person already has a seat in this game.")
        before, before_who = seat.label, seat.who
        seat.user_id, seat.name, seat.ai = user_id, name, None
        session.spectators.discard(user_id)
        took = said(
            "{player} takes over {house} from {before}.",
            player=name or str(user_id),
            house=session.kind.named_seat(house),
            before=before_who,
        )
        items = [outbox.notice(session, took)]
        pending = [d for d in session.pending() if d.house == seat.house]
        if session.status != LOBBY:
            for decision in pending:
                now = self.clock.now()
                session.deadlines[decision.house] = Deadline(
                    decision.house,
                    decision.kind,
                    now,
                    now + session.settings.deadlines[session.kind.category(decision.kind)],
                )
            items += outbox.prompt_items(session, pending, language=self._language_in(session))
        details = {"house": seat.house, "from": before, "to": user_id}
        await self._write_moderation(session, actor, action, reason, details, None, items, store=store)

    async def remove_player(
        self, game_id: int, actor: Actor, house: str, ai_style: str | None = None, reason: str = ""
    ) -> Outcome:
        """Take a person out of their seat: an AI plays it (``ai_style``), or it waits for a replacement.
        The seat, the audit entry and the AI's first moves are written together."""
        session = self.reach(game_id, actor)
        reason = clean(reason, limit=MAX_REASON, what="A reason")
        async with session.lock:
            self.require_moderator(session, actor)
            if session.broken is not None:
                session.require_game()
            if ai_style is not None and ai_style not in session.kind.ai_styles:
                raise TableError("AI players are {styles}.", styles=", ".join(session.kind.ai_styles))
            text = await self._empty_seat(session, actor, seat_id(session.kind, house), ai_style, reason)
        return Outcome(text)

    async def _empty_seat(
        self,
        session: Session,
        actor: Actor,
        house: str,
        ai_style: str | None,
        reason: str,
        *,
        action: str = "remove",
        store: Store | None = None,
    ) -> Said:
        """Take the person out of a seat: an AI plays it (and its first moves are written with it), or it
        waits for a replacement. The caller holds the game's lock; in ``store``'s transaction if given.
        Returns what the channel is told, to say to the person who asked in theirs."""
        seat = session.seat_of_house(house)
        before = seat.who
        seat.user_id, seat.name, seat.ai = None, "", ai_style
        named = session.kind.named_seat(house)
        if ai_style:
            leaves = said(
                "{player} leaves {house}; it is played by an AI ({style}).",
                player=before,
                house=named,
                style=ai_style,
            )
        else:
            leaves = said(
                "{player} leaves {house}; it is played by nobody until a replacement is found.",
                player=before,
                house=named,
            )
        details = {"house": seat.house, "ai": ai_style}
        if ai_style and session.status == ACTIVE:

            async def write(unit: Store) -> None:
                await self._write_moderation_to(unit, session, actor, action, reason, details, [])

            await self._advance(
                session, [], items=[outbox.notice(session, leaves)], before=write, store=store
            )
        else:
            await self._write_moderation(session, actor, action, reason, details, leaves, store=store)
        return leaves

    async def end_game(self, game_id: int, actor: Actor, reason: str = "") -> Outcome:
        session = self.reach(game_id, actor)
        reason = clean(reason, limit=MAX_REASON, what="A reason")
        async with session.lock:
            self.require_moderator(session, actor)
            if session.status in (OVER, ENDED):
                raise TableError("This game is over already.")
            started = session.game is not None and session.broken is None
            session.status = ENDED
            session.deadlines = {}
            items = [outbox.notice(session, joined(said("A moderator ended the game."), reason or None))]
            if started:
                items += await self._report_items(session, list(await self._read_log(session)))
            await self._write_moderation(session, actor, "end", reason, {}, None, items)
        return Outcome(
            said("The game is ended. Its board, chronicle, status, report and export stay available.")
        )

    async def _save_deadlines(self, store: Store, session: Session) -> None:
        """Write the game's deadlines (and reschedule its next wake: every change of them is written)."""
        await store.save_deadlines(session.id, [d.to_row() for d in session.deadlines.values()])
        self.reschedule(session)

    @staticmethod
    async def _save_position(
        store: Store, session: Session, rows: list[ActionRow] | None = None, lines: int = 0
    ) -> None:
        """Write the game's position and the numbers kept with it, once ``rows`` (new actions, not recorded
        in the session yet) and ``lines`` more lines of its chronicle are written: a restart reads them,
        not the log."""
        rows = rows or []
        saved = SavedPosition(
            seq=rows[-1].seq if rows else session.last_seq,
            actions=session.action_count + len(rows),
            next_seq=rows[-1].seq + 1 if rows else session.next_seq,
            next_line=session.next_line + lines,
            last={**session.last_lines, **{row.house: row.notation for row in rows}},
            position=session.require_game().to_position(),
        )
        await store.save_position(session.id, saved)

    async def _write_moderation(
        self,
        session: Session,
        actor: Actor,
        action: str,
        reason: str,
        details: dict[str, Any],
        notice: str | Localized | None,
        items: list[dict[str, Any]] | None = None,
        *,
        store: Store | None = None,
    ) -> None:
        """Write what a moderator changed in memory, with its audit entry and notices, in one transaction
        (``store``'s, if the caller holds one); if the writing fails, the game is read back from the store
        (inside a caller's transaction, that is the caller's to do)."""
        out = list(items or [])
        if notice:
            out.append(outbox.notice(session, notice))
        if store is not None:
            await self._write_moderation_to(store, session, actor, action, reason, details, out)
            return
        try:
            async with self.store.unit() as store:
                await self._write_moderation_to(store, session, actor, action, reason, details, out)
        except Exception:
            await self._reload(session)
            raise

    async def _write_moderation_to(
        self,
        store: Store,
        session: Session,
        actor: Actor,
        action: str,
        reason: str,
        details: dict[str, Any],
        items: list[dict[str, Any]],
    ) -> None:
        now = self.clock.now()
        await store.audit(session.id, actor.user_id, actor.label, now, action, reason, details)
        await store.update_game(
            session.id,
            status=session.status,
            paused_at=session.paused_at,
            settings=session.settings.to_json(),
        )
        await self._write_people(store, session)
        await self._save_deadlines(store, session)
        for entry in items:
            await store.add_outbox(session.id, entry, now)
        await self._sync_threads(store, session)

    async def audit_log(self, game_id: int, actor: Actor) -> list[AuditEntry]:
        """What moderators and the table did. A moderator who plays sees other houses' secret answers in
        it as "(secret)"."""
        session = self.reach(game_id, actor)
        self.require_moderator(session, actor)
        entries = await self.store.audit_log(game_id)
        house = access.sees_only(session, actor)
        return entries if house is None else [_redact_entry(entry, house) for entry in entries]

    # --- export and import ------------------------------------------------------------------------

    async def export(self, game_id: int, actor: Actor) -> dict[str, Any]:
        """The whole game: settings, seed, seats, every action and the position (every secret, and the
        random state). Refused to a moderator who holds a seat while the game runs."""
        session = self.reach(game_id, actor)
        self.require_moderator(session, actor)
        house = access.sees_only(session, actor)
        if house is not None:
            raise TableError(
                "You play in this game, and its export holds every other house's secrets and every future "
                "shuffle: it is given to moderators without a seat, or after the game."
            )
        await self.load_log(session)
        data: dict[str, Any] = {
            "format": importing.EXPORT_FORMAT,
            "version": 1,
            "name": session.name,
            "settings": session.settings.to_json(),
            "seed": session.seed,
            "seats": [seat.to_row() for seat in session.seats],
            "actions": [{"notation": r.notation, "forced": r.forced} for r in session.log],
        }
        if session.broken is None:
            data["position"] = session.require_game().to_position()
        return data

    async def import_game(
        self,
        actor: Actor,
        data: Any,
        *,
        channel_id: int,
        guild_id: int | None,
        members: Callable[[int], bool] | None = None,
    ) -> Session:
        """A game exported elsewhere, played on here: its settings, seed and every action, validated and
        replayed (off the event loop) before anything is written, then written with a snapshot in one
        transaction. Only a moderator of this server may import.

        Seats keep their person only if ``members`` says that person is a member of this server; the
        others wait, and the game comes in paused until a moderator has given them players and resumed
        it. AI seats play on."""
        self.require_server_moderator(actor, guild_id)
        plan = importing.validate(data)
        try:
            game = await asyncio.to_thread(importing.replay, plan)
        except IllegalAction as error:
            raise TableError("The export does not replay: {error}", error=error) from None
        now = self.clock.now()
        seats = [Seat(**seat) for seat in plan.seats]
        vacated = []
        for seat in seats:
            if seat.user_id is not None and (members is None or not members(seat.user_id)):
                vacated.append(seat.house or "?")
                seat.user_id, seat.name = None, ""
        waiting = any(seat.user_id is None and not seat.ai for seat in seats)
        status = OVER if game.over else PAUSED if waiting else ACTIVE
        rows = [
            ActionRow(seq, line.split(":", 1)[0].strip(), line, None, forced, now)
            for seq, (line, forced) in enumerate(plan.actions)
        ]
        name = self._free_name(guild_id, plan.name)
        async with self.store.unit() as store:
            game_id = await store.insert_game(
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=actor.user_id,
                name=name,
                settings=plan.settings.to_json(),
                status=status,
                seed=plan.seed,
                created_at=now,
            )
            session = Session(
                id=game_id,
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=actor.user_id,
                name=name,
                settings=plan.settings,
                status=status,
                seed=plan.seed,
                created_at=now,
                seats=seats,
                game=game,
                paused_at=now if status == PAUSED else None,
            )
            session.log, session.next_seq = list(rows), len(rows)
            await self._write_people(store, session)
            for row in rows:
                await store.append_action(game_id, row)
            if rows:
                await store.save_snapshot(game_id, rows[-1].seq, game.to_position())
            await store.update_game(game_id, paused_at=session.paused_at)
            details = {"actions": len(rows), "vacated": vacated}
            await store.audit(game_id, actor.user_id, actor.label, now, "import", "", details)
            imported = said("The game is imported")
            if status == ACTIVE:
                note = outbox.notice(session, said("{game} is imported and goes on here.", game=name))
                await self._advance(session, [], items=[note], board_title=imported, store=store)
            elif status == PAUSED:
                empty = [s.house for s in seats if s.house and s.user_id is None and not s.ai]
                waits = nsaid(
                    "{game} is imported, paused: {houses} waits for a player. A moderator gives it a player, "
                    "then resumes the game.",
                    "{game} is imported, paused: {houses} wait for a player. A moderator gives each one a "
                    "player, then resumes the game.",
                    len(empty),
                    game=name,
                    houses=joined(*(session.kind.named_seat(h) for h in empty), separator=", "),
                )
                for entry in (outbox.notice(session, waits), outbox.board_item(session, [], imported)):
                    await store.add_outbox(game_id, entry, now)
            await self._sync_threads(store, session)
            if status != ACTIVE:  # an active one's is written as it goes on
                await self._save_position(store, session)
        if session.status != OVER:
            self._register(session)
        return session

    # --- time: reminders and deadlines ------------------------------------------------------------

    def next_wakeup(self) -> float | None:
        """When :meth:`tick` next has something to do."""
        times = [first[0] for first in (self._wakes.first(), self._calls.first()) if first is not None]
        return min(times) if times else None

    def reschedule(self, session: Session) -> None:
        """Note when the game next needs the ticker: its next reminder or deadline, and its next vote to
        close or vacation to answer for. Called whenever any of them may have changed."""
        times = [at for at, _, _ in _wake_times(session)]
        self._wakes.set(session.id, min(times) if times else None)
        calls = votes.next_times(session, self.clock.now()) + deadlines.next_times(session)
        self._calls.set(session.id, min(calls) if calls else None)

    def _called(self) -> list[Session]:
        """The games with a vote or a vacation due now, taken off their heap (:meth:`tick` reschedules them
        once it has handled them)."""
        now, due = self.clock.now(), []
        while (first := self._calls.first()) is not None and first[0] <= now:
            self._calls.set(first[1], None)
            if (session := self.sessions.get(first[1])) is not None:
                due.append(session)
        return due

    async def tick(self) -> int:
        """Send the reminders that are due and apply the passed deadlines, oldest first (those that passed
        while the process was down included), after closing the votes that are decided and applying the
        defaults of players away on vacation. Returns how many were handled."""
        called = self._called()
        handled = await votes.tick(self, called) + await deadlines.tick(self, called)
        for session in called:
            if self.sessions.get(session.id) is session:
                self.reschedule(session)
        while True:
            due = self._next_due()
            if due is None:
                return handled
            _, session, house, reminder = due
            async with session.lock:
                deadline = session.deadlines.get(house)
                if deadline is None or session.status != ACTIVE:
                    continue
                # Handled meanwhile (by another process sharing the database: the lock read it back).
                if deadline.expired or (reminder is not None and reminder in deadline.reminded):
                    self.reschedule(session)
                    continue
                if reminder is not None:
                    await self._remind(session, deadline, reminder)
                else:
                    await self._expire(session, deadline)
            handled += 1

    def _next_due(self) -> tuple[float, Session, str, int | None] | None:
        """The earliest reminder or deadline due now: the game at the top of the heap of next times, and
        in it the earliest (the first of its deadlines, the deadline before its reminders, on a tie)."""
        now = self.clock.now()
        while (first := self._wakes.first()) is not None and first[0] <= now:
            session = self.sessions.get(first[1])
            if session is not None:
                due = [(at, house, reminder) for at, house, reminder in _wake_times(session) if at <= now]
                if due:
                    at, house, reminder = min(due, key=lambda entry: entry[0])
                    return at, session, house, reminder
                self.reschedule(session)  # its entry was stale: it has nothing due now
            else:
                self._wakes.set(first[1], None)
        return None

    async def _remind(self, session: Session, deadline: Deadline, before: int) -> None:
        deadline.reminded.append(before)
        seat = session.seat_of_house(deadline.house)
        items = []
        if seat.user_id is not None and not seat.ai:
            reminder = said(
                "{game}: {house} still has to decide ({decision}).",
                game=session.name,
                house=session.kind.named_seat(deadline.house),
                decision=session.kind.decision_title(deadline.kind),
            )
            items.append(
                outbox.item(
                    "reminder",
                    "user",
                    seat.user_id,
                    game_id=session.id,
                    game=session.settings.game,
                    game_name=session.name,
                    house=deadline.house,
                    kind=deadline.kind,
                    due_at=deadline.due_at,
                    text=reminder.said_in(self.language_for(seat.user_id, session)),
                )
            )
        async with self.store.unit() as store:
            await self._save_deadlines(store, session)
            for entry in items:
                await store.add_outbox(session.id, entry, self.clock.now())

    async def _expire(self, session: Session, deadline: Deadline) -> None:
        deadline.expired = True
        game = session.require_game()
        decision = game.decision_for(deadline.house)
        if session.settings.no_move_policy == "default" and decision is not None:
            await self._advance(
                session,
                [Step(deadline.house, decision.default, None, "deadline")],
                items=[outbox.notice(session, _defaulted(session, deadline.house, decision))],
            )
            return
        async with self.store.unit() as store:
            await self._save_deadlines(store, session)
            for entry in deadlines.late_items(self, session, deadline):
                await store.add_outbox(session.id, entry, self.clock.now())

    # --- what a person may ask for ----------------------------------------------------------------

    def my_decision(self, game_id: int, actor: Actor) -> dict[str, Any] | None:
        """The decision the person's house is asked now (its prompt payload, in the person's language), if
        any: to show it again, or privately in the channel when the person's DMs are closed."""
        session = self.reach(game_id, actor)
        seat = session.seat_of_user(actor.user_id)
        if seat is None or seat.house is None or session.status != ACTIVE:
            return None
        decision = session.require_game().decision_for(seat.house)
        if decision is None:
            return None
        items = outbox.prompt_items(session, [decision], language=lambda _: self.reader_language(actor))
        return items[0]["payload"] if items else None

    async def chronicle(self, game_id: int, actor: Actor, limit: int = 40) -> list[str]:
        """The latest public lines of a game's chronicle, oldest first."""
        session = self.reach(game_id, actor)
        total = await self.store.chronicle_length(session.id)
        return await self.store.chronicle(session.id, max(0, total - limit))

    async def chronicle_page(
        self, game_id: int, actor: Actor, page: int | None, per_page: int = 25
    ) -> tuple[list[str], int, int]:
        """One page of a game's chronicle (the last one for ``page`` None, or past the end), with the page's
        number and the number of pages; pages count from 0, oldest first."""
        session = self.reach(game_id, actor)
        total = await self.store.chronicle_length(session.id)
        pages = max(1, -(-total // per_page))
        page = pages - 1 if page is None else min(max(page, 0), pages - 1)
        return await self.store.chronicle(session.id, page * per_page, per_page), page, pages

    async def report(self, game_id: int, actor: Actor) -> dict[str, Any]:
        """The game in numbers (see :meth:`engine.core.game.Game.report`), as the end-of-game report's
        outbox payload: after the game, or so far while it runs (everything in it is public). It replays
        the game, off the event loop."""
        session = self.reach(game_id, actor)
        session.require_game()
        report = await asyncio.to_thread(_game_report, session, list(await self.load_log(session)))
        if report is None:
            raise TableError("{game} keeps no report of its games.", game=session.kind.said_title)
        payload: dict[str, Any] = outbox.report_item(session, report)["payload"]
        return payload

    async def whole_chronicle(self, game_id: int, actor: Actor) -> list[str]:
        session = self.reach(game_id, actor)
        return await self.store.chronicle(session.id)

    async def set_pings(self, actor: Actor, where: str) -> Outcome:
        """Where a person is pinged when a decision of theirs opens: by DM alone (the prompt), or also
        with a mention in the game's channel."""
        if where not in ("dm", "channel"):
            raise TableError("Pings go by DM alone (dm), or also in the game's channel (channel).")
        async with self.store.unit() as store:
            await store.set_pings(actor.user_id, where)
        self.pings[actor.user_id] = where
        words = translator(self.reader_language(actor))
        if where == "dm":
            return Outcome(
                words.gettext("You are pinged by your prompts' DMs alone (and in the channel if DMs fail).")
            )
        return Outcome(
            words.gettext("Your prompts come by DM, and you are also mentioned in the game's channel.")
        )

    # --- languages --------------------------------------------------------------------------------

    def reader_language(self, actor: Actor) -> str:
        """The language of an answer to a person: the one they chose, else their Discord's."""
        return self.languages.get(actor.user_id) or language_of(actor.locale)

    def language_for(self, user_id: int, session: Session) -> str:
        """The language of what is sent to a person about a game outside an interaction (a DM): the one
        they chose, else their Discord's as last seen (English if Maester does not speak it), else the
        game's."""
        chosen = self.languages.get(user_id)
        if chosen is not None:
            return chosen
        seen = self.locales.get(user_id)
        return language_of(seen) if seen is not None else session.settings.language

    def _language_in(self, session: Session) -> Callable[[int], str]:
        """Each person's language for what the game sends them (see :meth:`language_for`)."""
        return lambda user_id: self.language_for(user_id, session)

    async def saw_locale(self, user_id: int, locale: str) -> None:
        """Remember a person's Discord locale (written only when it changed)."""
        if self.locales.get(user_id) == locale:
            return
        async with self.store.unit() as store:
            await store.set_locale(user_id, locale)
        self.locales[user_id] = locale

    async def set_language(self, actor: Actor, language: str | None) -> Outcome:
        """The language a person reads Maester in, whatever their Discord's (None: their Discord's again).
        The answer is in the language now theirs."""
        if language is not None and language not in LANGUAGES:
            raise TableError(
                "Maester speaks {languages}, not {value}.",
                languages=", ".join(LANGUAGES),
                value=quote(language),
            )
        async with self.store.unit() as store:
            await store.set_language(actor.user_id, language)
        if language is None:
            self.languages.pop(actor.user_id, None)
        else:
            self.languages[actor.user_id] = language
        words = translator(self.reader_language(actor))
        name = words.language_name(words.language)
        if language is None:
            return Outcome(
                words.gettext("I follow your Discord's language again: {language}.", language=name)
            )
        return Outcome(
            words.gettext(
                "I speak to you in {language} from now on, whatever your Discord's language.", language=name
            )
        )

    async def set_game_language(self, game_id: int, actor: Actor, language: str, reason: str = "") -> Outcome:
        """The language of what a game posts in its channel; the players are told in it."""
        session = self.reach(game_id, actor)
        reason = clean(reason, limit=MAX_REASON, what="A reason")
        async with session.lock:
            self.require_moderator(session, actor)
            session.settings = session.settings.with_language(language)
            told = translator(language).gettext(
                "From now on, this game posts in {language} in this channel.",
                language=translator(language).language_name(language),
            )
            await self._write_moderation(session, actor, "language", reason, {"language": language}, told)
        words = translator(self.reader_language(actor))
        return Outcome(
            words.gettext(
                "{game} posts in {language} from now on.",
                game=session.name,
                language=words.language_name(language),
            )
        )

    # --- diplomacy threads ------------------------------------------------------------------------

    async def _sync_threads(self, store: Store, session: Session) -> None:
        """Write what the game's diplomacy threads need after a change of seats or of status (see
        :func:`table.diplomacy.sync`), in the caller's transaction; nothing when nothing changed."""
        if session.settings.diplomacy == "off" or session.status == LOBBY:
            return
        # The threads follow the seats and the status alone: most actions change neither, and then the
        # threads are not read back (this runs in every action's write). What they were last brought in
        # line with is kept with them, for the first action after a restart.
        broken = None if session.broken is None else str(session.broken)
        seen = (session.status, broken, tuple((s.house, s.user_id, s.ai) for s in session.seats))
        if session.threads_seen == seen:
            return
        session.threads_seen = seen
        # Read on the store's own connection: the caller's unit only collects writes.
        threads = {row["key"]: DiplomacyThread.from_row(row) for row in await self.store.threads(session.id)}
        changed, items = diplomacy.sync(session, threads)
        for thread in changed:
            await store.save_thread(session.id, thread.to_row())
        for entry in items:
            await store.add_outbox(session.id, entry, self.clock.now())
        await store.threads_synced(session.id, json.dumps(seen))

    async def ravens(self, game_id: int, actor: Actor) -> tuple[list[DiplomacyThread], Outcome]:
        """The diplomacy threads a person may read, and the message to show them. A player sees their
        own; a moderator without a seat (when the game's settings let moderators read) and, after a game
        whose threads are opened, anyone who may reach it, is given every thread."""
        session = self.reach(game_id, actor)
        async with session.lock:
            everything = diplomacy.may_read_all(session, actor.user_id, self.is_moderator(session, actor))
            threads = {row["key"]: DiplomacyThread.from_row(row) for row in await self.store.threads(game_id)}
            added = 0
            if everything:
                changed, items = diplomacy.add_reader(session, threads, actor.user_id)
                added = len(changed)
                if changed:
                    now = self.clock.now()
                    async with self.store.unit() as store:
                        for thread in changed:
                            await store.save_thread(game_id, thread.to_row())
                        for entry in items:
                            await store.add_outbox(game_id, entry, now)
                        details = {"threads": [thread.key for thread in changed]}
                        await store.audit(game_id, actor.user_id, actor.label, now, "ravens", "", details)
        mine = diplomacy.readable_by(threads, actor.user_id)
        if not mine:
            return [], Outcome(said("{game} has no diplomacy thread of yours (yet).", game=session.name))
        read = said("The diplomacy threads of {game} you read: {count}.", game=session.name, count=len(mine))
        given = (
            nsaid("You are added to {count} of them.", "You are added to {count} of them.", added)
            if added
            else None
        )
        return mine, Outcome(joined(read, given))

    async def diplomacy_thread(self, game_id: int, key: str) -> DiplomacyThread | None:
        """A game's thread by key, as stored (for the bot: its Discord id, once created)."""
        rows = [row for row in await self.store.threads(game_id) if row["key"] == key]
        return DiplomacyThread.from_row(rows[0]) if rows else None

    async def remember_thread(self, game_id: int, key: str, thread_id: int) -> None:
        """Discord created the thread: its id is written at once, so that a restart never creates it twice."""
        async with self.store.unit() as store:
            await store.set_thread_id(game_id, key, thread_id)

    # --- the outbox -------------------------------------------------------------------------------

    async def outbox(self, limit: int = 100) -> list[OutboxItem]:
        """Items still to post, oldest first."""
        return await self.store.unsent(limit)

    async def mark_sent(self, item_id: int) -> bool:
        """Mark an item delivered; False if it was already (it is never handed out again)."""
        return await self.mark_all_sent([item_id]) == 1

    async def mark_all_sent(self, item_ids: list[int]) -> int:
        """Mark items delivered, in one write; returns how many were not marked already."""
        async with self.store.unit() as store:
            changed = await store.mark_sent(item_ids, self.clock.now())
        return changed.rows

    async def prune_outbox(self) -> int:
        """Forget the outbox items delivered longer ago than ``outbox_retention`` (never one still to
        send, or owed); returns how many."""
        async with self.store.unit() as store:
            changed = await store.prune_sent(self.clock.now() - self.outbox_retention)
        return changed.rows

    async def post_of(self, game_id: int, key: str) -> tuple[int, int] | None:
        """The channel and message of a post the bot edits (a phase's live log), once posted."""
        return await self.store.post_of(game_id, key)

    async def remember_post(self, game_id: int, key: str, channel_id: int, message_id: int) -> None:
        async with self.store.unit() as store:
            await store.remember_post(game_id, key, channel_id, message_id)

    async def owe(self, item: OutboxItem, problem: str, retry_in: float, told: bool) -> None:
        """Discord refused an item for a reason people can fix (a missing permission): it stays owed and is
        tried again in ``retry_in`` seconds (or as soon as :meth:`retry_owed` is called)."""
        async with self.store.unit() as store:
            await store.owe(item.id, problem, self.clock.now() + retry_in, told)

    async def retry_owed(self, game_ids: list[int] | None = None) -> int:
        """Try the owed items (of these games) again at once: a permission may have been granted."""
        async with self.store.unit() as store:
            changed = await store.retry_owed_now(game_ids)
        return changed.rows

    def games_in_guild(self, guild_id: int) -> list[int]:
        return [s.id for s in self._games(self._index.in_guild(guild_id)) if s.guild_id == guild_id]


# --- helpers ---------------------------------------------------------------------------------------------


def _replay(session: Session, rows: list[ActionRow], snapshot: tuple[int, dict[str, Any]] | None) -> Game:
    """The game after ``rows``, from the snapshot when it is one of theirs. Pure: run it in a thread."""
    kind = session.kind
    game: Game | None = None
    if snapshot is not None and any(row.seq == snapshot[0] for row in rows):
        seq, position = snapshot
        with contextlib.suppress(IllegalAction):  # a damaged snapshot: the log alone rebuilds the game
            game = kind.load_game(position)
            rest = [row for row in rows if row.seq > seq]
    if game is None:
        game = kind.new_game(session.settings.players, session.seed, session.settings.options)
        rest = rows
    for row in rest:
        try:
            game.apply_line(row.notation)
        except IllegalAction as error:
            raise LoadError(
                said(
                    "its action {number} ({house}) no longer replays",
                    number=row.seq + 1,
                    house=kind.named_seat(row.house),
                )
            ) from error
    return game


# What a game read back from the store replaces in the session kept in memory: everything but its lock.
_RELOADED = tuple(f.name for f in dataclasses.fields(Session) if f.name != "lock")


def _set_or_drop(values: dict[int, Any], key: int, value: Any) -> None:
    if value is None:
        values.pop(key, None)
    else:
        values[key] = value


def _wake_times(session: Session) -> list[tuple[float, str, int | None]]:
    """When the game's reminders and deadlines fall, as (time, house, reminder: seconds before the
    deadline, None for the deadline itself), in the order they are handled on a tie: deadline by deadline,
    each one's end before its reminders. Nothing while the game is not active."""
    if session.status != ACTIVE:
        return []
    times: list[tuple[float, str, int | None]] = []
    for deadline in session.deadlines.values():
        if deadline.expired:
            continue
        times.append((deadline.due_at, deadline.house, None))
        for before in session.settings.reminders:
            at = deadline.due_at - before
            if before not in deadline.reminded and at > deadline.started_at:
                times.append((at, deadline.house, before))
    return times


def _phases_before_each_action(session: Session, rows: list[ActionRow]) -> list[tuple[int, str]]:
    """The (round, phase) the game was in when each action was made. Replays the whole log: run it in a
    thread."""
    game = session.kind.new_game(session.settings.players, session.seed, session.settings.options)
    phases = []
    for row in rows:
        readout = game.readout()
        phases.append((readout.round or 0, readout.phase))
        game.apply_line(row.notation)
    return phases


def _game_report(session: Session, rows: list[ActionRow]) -> dict[str, Any] | None:
    """The report of the game ``rows`` play from its setup. Replays the whole log: run it in a thread."""
    start = session.kind.new_game(session.settings.players, session.seed, session.settings.options)
    return start.report(row.notation for row in rows)


def require_id(value: int, what: Literal["role", "person"]) -> None:
    """A Discord id (a snowflake) is a positive 63-bit number; anything else is refused before use."""
    if type(value) is not int or not 0 < value < 2**63:
        if what == "role":
            raise TableError("That is not a Discord role.")
        raise TableError("That is not a Discord person.")


class LoadError(Exception):
    """Why a stored game does not load, in words fit for its channel (no secret in them): a clause, said
    in its reader's language."""

    def __init__(self, reason: Said) -> None:
        self.reason = reason
        super().__init__(str(reason))


def _load_failure(error: BaseException) -> Said:
    """A short, public reason for a game that does not load, said after a colon or in brackets in its
    reader's language: it names the failing action, never its text."""
    if isinstance(error, LoadError):
        return error.reason
    if isinstance(error, json.JSONDecodeError):
        return said("its stored record is damaged")
    if isinstance(error, TableError):
        return said("its stored settings are damaged ({error})", error=error.said)
    return said("its stored record is damaged ({error})", error=type(error).__name__)


def _defaulted(session: Session, house: str, decision: Decision) -> Said:
    """The channel's notice that a house's deadline passed and its default answer was applied: the answer
    itself unless it is secret."""
    named = session.kind.named_seat(house)
    if decision.secret:
        return said(
            "{house}'s deadline passed: its default answer was applied (kept secret like any answer).",
            house=named,
        )
    return said(
        "{house}'s deadline passed: its default answer was applied ({answer}).",
        house=named,
        answer=decision.default.format(),
    )


def _settings_or_default(raw: Any) -> GameSettings:
    try:
        return GameSettings.from_json(json.loads(raw))
    except Exception:
        return GameSettings()


def _redact_entry(entry: AuditEntry, house: str) -> AuditEntry:
    """An audit entry as a moderator who plays ``house`` may read it: other houses' secret answers
    (forced, or taken back) are replaced by "(secret)"."""
    details = dict(entry.details)
    if entry.action == "force" and details.get("house") != house and details.get("secret", True):
        verb = str(details.get("action", "")).split(":", 1)[-1].split()[:1]
        details["action"] = f"{details.get('house')}: {verb[0] if verb else 'answer'} (secret)"
    if entry.action == "undo":
        lines = [str(line) for line in details.get("undone", [])]
        secret = details.get("secret") or [True] * len(lines)
        shown = []
        for line, hidden in zip(lines, secret, strict=False):
            owner = line.split(":", 1)[0]
            verb = line.split(":", 1)[-1].split()[:1]
            shown.append(
                line if owner == house or not hidden else f"{owner}: {verb[0] if verb else 'answer'} (secret)"
            )
        details["undone"] = shown
    return AuditEntry(
        entry.id,
        entry.game_id,
        entry.actor_id,
        entry.actor_name,
        entry.at,
        entry.action,
        entry.reason,
        details,
    )


def _threads_seen(synced: str | None) -> tuple[Any, ...] | None:
    """What a game's diplomacy threads were last brought in line with, as :meth:`Table._sync_threads` keeps
    it (status, broken, seats), from its JSON as stored; None when not known or unreadable (the game's
    next action then reads the threads and brings them in line)."""
    if synced is None:
        return None
    try:
        status, broken, seats = json.loads(synced)
        return (status, broken, tuple((house, user_id, ai) for house, user_id, ai in seats))
    except (TypeError, ValueError):
        return None
