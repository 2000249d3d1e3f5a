"""The table: every game a server plays, their people, their persistence, deadlines and moderation.

Each operation takes the game's lock, checks who may do it, changes the game, and writes everything it
caused (actions, outbox items, deadlines, the audit entry) in one unit before it returns: an answer
means the change is durable. A refusal raises :class:`TableError` and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.decisions import Decision, Event
from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.thrones.actions import Action
from engine.thrones.board import FACTS
from engine.thrones.game import ThronesGame
from engine.thrones.notation import format_line, parse_action, parse_line
from table import ai, outbox
from table.clock import Clock, SystemClock
from table.errors import TableError
from table.people import Actor
from table.prompting import house_id
from table.session import ACTIVE, ENDED, LOBBY, OVER, PAUSED, Deadline, Seat, Session
from table.settings import GameSettings, category
from table.store import ActionRow, AuditEntry, OutboxItem, Store

EXPORT_FORMAT = "maester-game"
SNAPSHOT_EVERY = 50


@dataclass
class Step:
    """One action to apply: by a house, for a person (``actor_id``), and why it was not that person's own
    choice (``forced``: moderator, deadline, ai), if it was not."""

    house: str
    action: Action
    actor_id: int | None = None
    forced: str | None = None


@dataclass
class Outcome:
    """What an operation did: the public events, and the message to show the person who asked."""

    message: str
    events: list[Event] = field(default_factory=list)


class Table:
    def __init__(self, store: Store, clock: Clock | None = None) -> None:
        self.store = store
        self.clock = clock or SystemClock()
        self.sessions: dict[int, Session] = {}

    @classmethod
    async def open(cls, path: str | Path, clock: Clock | None = None) -> Table:
        table = cls(await Store.open(path), clock)
        await table.load()
        return table

    async def close(self) -> None:
        await self.store.close()

    # --- loading ----------------------------------------------------------------------------------

    async def load(self) -> None:
        """Load every game that is not finished: its seats, its game (latest snapshot plus the actions
        after it) and its deadlines."""
        for row in await self.store.games((LOBBY, ACTIVE, PAUSED)):
            session = Session(
                id=row["id"],
                guild_id=row["guild_id"],
                channel_id=row["channel_id"],
                creator_id=row["creator_id"],
                name=row["name"],
                settings=GameSettings.from_json(row["settings"]),
                status=row["status"],
                seed=row["seed"],
                created_at=row["created_at"],
                paused_at=row["paused_at"],
            )
            session.summary = list(row["summary"])
            session.seats = [Seat(**seat) for seat in await self.store.seats(session.id)]
            session.spectators = await self.store.spectators(session.id)
            if session.status != LOBBY:
                await self._rebuild(session)
                session.deadlines = {
                    d["house"]: Deadline(**d) for d in await self.store.deadlines(session.id)
                }
            self.sessions[session.id] = session

    async def _rebuild(self, session: Session) -> None:
        session.log = await self.store.live_actions(session.id)
        snapshot = await self.store.latest_snapshot(session.id)
        if snapshot is not None and any(row.seq == snapshot[0] for row in session.log):
            seq, position = snapshot
            game = ThronesGame.from_position(position)
            rest = [row for row in session.log if row.seq > seq]
        else:
            game = ThronesGame.new(session.settings.players, session.seed, session.settings.tides_of_battle)
            rest = session.log
        for row in rest:
            game.apply_line(row.notation)
        session.game = game

    # --- finding games ----------------------------------------------------------------------------

    def session(self, game_id: int) -> Session:
        session = self.sessions.get(game_id)
        if session is None:
            raise TableError(f"There is no open game number {game_id}.")
        return session

    def games_in_channel(self, channel_id: int) -> list[Session]:
        return [s for s in self.sessions.values() if s.channel_id == channel_id]

    def games_of_user(self, user_id: int) -> list[Session]:
        return [s for s in self.sessions.values() if s.seat_of_user(user_id) is not None]

    def find(self, user_id: int, *, game_id: int | None = None, channel_id: int | None = None) -> Session:
        """The game a command is about: the one named, else the person's only game (in this channel first)."""
        if game_id is not None:
            return self.session(game_id)
        mine = self.games_of_user(user_id)
        here = [s for s in mine if s.channel_id == channel_id] or self.games_in_channel(channel_id or -1)
        for candidates in (here, mine):
            if len(candidates) == 1:
                return candidates[0]
        if not mine and not here:
            raise TableError("You are not in any game; name one with its number.")
        numbers = ", ".join(str(s.id) for s in (here or mine))
        raise TableError(f"You are in several games ({numbers}); say which one.")

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
        settings.validate()
        now = self.clock.now()
        seed = seed if seed is not None else random.SystemRandom().randrange(1, 2**63)
        name = name or f"{settings.players}-player game"
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
            await store.audit(game_id, actor.user_id, actor.label, now, "create", "", settings.to_json())
        self.sessions[game_id] = session
        return session

    async def join(self, game_id: int, actor: Actor, house: str | None = None) -> Outcome:
        session = self.session(game_id)
        async with session.lock:
            self._require_lobby(session)
            if session.seat_of_user(actor.user_id) is not None:
                raise TableError("You already have a seat in this game.")
            if len(session.seats) >= session.settings.players:
                raise TableError("This game is full.")
            seat = Seat(user_id=actor.user_id, name=actor.name)
            if house is not None:
                seat.house = self._claimable_house(session, house)
            session.seats.append(seat)
            session.spectators.discard(actor.user_id)
            await self._save_people(session)
        taken = f" as House {seat.house.title()}" if seat.house else ""
        return Outcome(
            f"{actor.label} joins {session.name}{taken} ({len(session.seats)}/{session.settings.players})."
        )

    async def leave(self, game_id: int, actor: Actor) -> Outcome:
        session = self.session(game_id)
        async with session.lock:
            self._require_lobby(session, "Players can leave only before the game starts; ask a moderator.")
            seat = session.seat_of_user(actor.user_id)
            if seat is None:
                raise TableError("You have no seat in this game.")
            session.seats.remove(seat)
            await self._save_people(session)
        return Outcome(f"{actor.label} leaves {session.name}.")

    async def choose_house(self, game_id: int, actor: Actor, house: str) -> Outcome:
        session = self.session(game_id)
        async with session.lock:
            self._require_lobby(session)
            seat = session.seat_of_user(actor.user_id)
            if seat is None:
                raise TableError("Join the game before choosing a house.")
            seat.house = self._claimable_house(session, house, mine=seat.house)
            await self._save_people(session)
        return Outcome(f"{actor.label} takes House {seat.house.title()}.")

    async def spectate(self, game_id: int, actor: Actor) -> Outcome:
        session = self.session(game_id)
        async with session.lock:
            if session.seat_of_user(actor.user_id) is not None:
                raise TableError("You play in this game; spectators are the others.")
            session.spectators.add(actor.user_id)
            await self._save_people(session)
        return Outcome(f"{actor.label} watches {session.name}.")

    async def add_ai(
        self, game_id: int, actor: Actor, style: str = "random", house: str | None = None
    ) -> Outcome:
        """A moderator fills a seat with an AI player."""
        session = self.session(game_id)
        async with session.lock:
            self._require_lobby(session)
            session.require_moderator(actor)
            if style not in ai.STYLES:
                raise TableError(f"AI players are {', '.join(ai.STYLES)}.")
            if len(session.seats) >= session.settings.players:
                raise TableError("This game is full.")
            seat = Seat(ai=style, house=None if house is None else self._claimable_house(session, house))
            session.seats.append(seat)
            await self._save_people(session)
        return Outcome(
            f"An AI player ({style}) takes a seat ({len(session.seats)}/{session.settings.players})."
        )

    def _claimable_house(self, session: Session, house: str, mine: str | None = None) -> str:
        if session.settings.house_assignment == "random":
            raise TableError("Houses are dealt at random in this game when it starts.")
        house = house_id(house)
        if house == mine:
            return house
        if house not in FACTS.setups[session.settings.players].houses:
            raise TableError(
                f"House {house.title()} does not play in a {session.settings.players}-player game."
            )
        if house not in session.houses_available():
            raise TableError(f"House {house.title()} is taken.")
        return house

    def _require_lobby(self, session: Session, message: str = "This game has already started.") -> None:
        if session.status != LOBBY:
            raise TableError(message)

    async def start(self, game_id: int, actor: Actor) -> Outcome:
        session = self.session(game_id)
        async with session.lock:
            self._require_lobby(session)
            if actor.user_id != session.creator_id and not session.is_moderator(actor):
                raise TableError("Only the game's creator or a moderator can start it.")
            missing = session.settings.players - len(session.seats)
            if missing:
                raise TableError(f"{missing} seat(s) are still empty.")
            rng = random.Random(session.seed)
            free = session.houses_available()
            rng.shuffle(free)
            for seat in session.seats:
                if seat.house is None:
                    seat.house = free.pop()
            session.game = ThronesGame.new(
                session.settings.players, session.seed, session.settings.tides_of_battle
            )
            session.status = ACTIVE
            await self._save_people(session)  # the houses just dealt
            session.summary = [event.text for event in session.game.opening_events if event.to is None]
            items = [outbox.notice(session, self._seating_text(session))]
            outcome = await self._advance(session, [], items=items, board_title="The game begins")
            async with self.store.unit() as store:
                await store.audit(session.id, actor.user_id, actor.label, self.clock.now(), "start", "", {})
        return Outcome(f"{session.name} begins. {self._seating_text(session)}", outcome.events)

    def _seating_text(self, session: Session) -> str:
        seats = ", ".join(f"House {s.house.title()}: {s.label}" for s in session.seats if s.house)
        return f"Seats: {seats}."

    async def _save_people(self, session: Session) -> None:
        async with self.store.unit() as store:
            await store.save_seats(session.id, [seat.to_row() for seat in session.seats])
            await store.save_spectators(session.id, session.spectators)

    # --- playing ----------------------------------------------------------------------------------

    def _parse(self, text: str, house: str) -> Action:
        try:
            if ":" in text.split(" ", 1)[0]:
                named, action = parse_line(text)
                if named != house:
                    raise TableError(f"You play House {house.title()}, not House {named.title()}.")
                return action
            return parse_action(text)
        except IllegalAction as error:
            raise TableError(str(error)) from None

    async def submit(self, game_id: int, actor: Actor, text: str, house: str | None = None) -> Outcome:
        """A player's own action, in notation (``march winterfell -> moat-cailin knight``)."""
        session = self.session(game_id)
        async with session.lock:
            game = session.require_playing()
            seat = session.seat_of_user(actor.user_id)
            if seat is None or seat.house is None:
                raise TableError("You have no house in this game.")
            if house is not None and house_id(house) != seat.house:
                raise TableError(f"You play House {seat.house.title()}, not House {house.title()}.")
            action = self._parse(text, seat.house)
            mine = game.decision_for(seat.house)
            if mine is None and self._already_recorded(session, seat.house, action):
                return Outcome("That was already recorded; nothing more to do.")
            try:
                return await self._advance(session, [Step(seat.house, action, actor.user_id)])
            except IllegalAction as error:
                raise TableError(str(error)) from None

    def _already_recorded(self, session: Session, house: str, action: Action) -> bool:
        line = format_line(house, action)
        last = next((row for row in reversed(session.log) if row.house == house), None)
        return last is not None and last.notation == line

    async def force(
        self, game_id: int, actor: Actor, house: str, text: str | None = None, reason: str = ""
    ) -> Outcome:
        """A moderator decides for a seat: its decision's default, or the given notation line."""
        session = self.session(game_id)
        async with session.lock:
            session.require_moderator(actor)
            game = session.require_playing()
            house = house_id(house)
            decision = game.decision_for(house)
            if decision is None and text is None:
                raise TableError(f"House {house.title()} has no decision to force now.")
            action = decision.default if text is None else self._parse(text, house)  # type: ignore[union-attr]
            try:
                outcome = await self._advance(
                    session,
                    [Step(house, action, actor.user_id, "moderator")],
                    audit=(actor, "force", reason, {"house": house, "action": format_line(house, action)}),
                )
            except IllegalAction as error:
                raise TableError(str(error)) from None
        return Outcome(f"Forced for House {house.title()}: {action.format()}.", outcome.events)

    def view_for(self, game_id: int, actor: Actor) -> dict[str, Any]:
        """The player's own view, or a spectator's for anyone without a house in this game."""
        session = self.session(game_id)
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
        board_title: str | None = None,
    ) -> Outcome:
        """Apply the steps, then let AI seats play, then write it all down at once.

        The first step is validated by the engine before anything changes; if the writing fails, the
        session is rebuilt from what the store holds, so memory never runs ahead of the disk.
        """
        game = session.require_game()
        now = self.clock.now()
        before = {d.house: d.kind for d in game.pending()}
        events: list[Event] = []
        rows: list[ActionRow] = []
        acted: set[str] = set()
        seq = await self.store.next_seq(session.id)
        out = list(items)
        boards = []  # a board after every step that ends a phase, as the game stood then
        if board_title is not None:  # and one as the game stands before these steps (a start, an undo)
            boards.append(outbox.board_item(session, list(session.summary), board_title))
            session.summary = []
        queue = list(steps) or self._ai_steps(session)
        while queue:
            step = queue.pop(0)
            try:
                happened = game.apply(step.house, step.action)
            except IllegalAction:
                if step.forced != "ai":
                    raise  # a person's step comes first: nothing has changed yet
                step.action = game.decision_for(step.house).default  # type: ignore[union-attr]
                happened = game.apply(step.house, step.action)
            events += happened
            session.summary.extend(e.text for e in happened if e.to is None)
            if any(e.kind in outbox.PHASE_EVENTS for e in happened):
                boards.append(outbox.board_item(session, list(session.summary), self._board_title(session)))
                session.summary = []
            notation = format_line(step.house, step.action)
            rows.append(ActionRow(seq, step.house, notation, step.actor_id, step.forced, now))
            seq += 1
            acted.add(step.house)
            if not queue:
                queue = self._ai_steps(session)
        new = self._sync_deadlines(session, before, acted, now)
        if game.over:
            session.status = OVER
        if boards:  # the last board shows who is waited for now
            boards[-1]["payload"]["waiting"] = session.waiting_summary()
        out += outbox.private_items(session, events) + boards + outbox.prompt_items(session, new)
        if game.over:
            state = game.state
            out.append(
                outbox.item(
                    "game-over",
                    "channel",
                    session.channel_id,
                    game_id=session.id,
                    game_name=session.name,
                    winner=state.winner,
                    ranking=list(state.ranking),
                )
            )
        try:
            async with self.store.unit() as store:
                for row in rows:
                    await store.append_action(session.id, row)
                if any((row.seq + 1) % SNAPSHOT_EVERY == 0 for row in rows):
                    await store.save_snapshot(session.id, rows[-1].seq, game.to_position())
                for entry in out:
                    await store.add_outbox(session.id, entry, now)
                await self._save_deadlines(store, session)
                await store.update_game(session.id, status=session.status, summary=session.summary)
                if audit is not None:
                    who, what, reason, details = audit
                    await store.audit(session.id, who.user_id, who.label, now, what, reason, details)
        except Exception:
            await self._reload(session)
            raise
        session.log.extend(rows)
        if session.status == OVER:
            self.sessions.pop(session.id, None)
        return Outcome("Recorded.", [e for e in events if e.to is None])

    def _ai_steps(self, session: Session) -> list[Step]:
        game = session.require_game()
        if game.over:
            return []
        for decision in game.pending():
            seat = session.seat_of_house(decision.house)
            if seat.ai:
                rng = Rng(session.seed ^ (len(game.log) * 0x9E3779B1))
                return [Step(decision.house, ai.choose(game, decision, seat.ai, rng), None, "ai")]
        return []

    def _board_title(self, session: Session) -> str:
        view = session.require_game().view(None)
        if view["over"]:
            return "The game is over"
        return f"Round {view['round']}: {view['phase'].capitalize()} phase"

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
                due = now + session.settings.deadlines[category(decision.kind)]
                kept[decision.house] = Deadline(decision.house, decision.kind, now, due)
        session.deadlines = kept
        return new

    async def _reload(self, session: Session) -> None:
        """Throw away what memory holds of a game and read it back from the store."""
        fresh = Table(self.store, self.clock)
        await fresh.load()
        if session.id in fresh.sessions:
            reloaded = fresh.sessions[session.id]
            reloaded.lock = session.lock
            self.sessions[session.id] = reloaded

    # --- moderation -------------------------------------------------------------------------------

    def _undo_target(self, session: Session, count: int | None, to_phase_start: bool) -> int:
        """How many live actions remain after the undo. Back to the start of the phase means taking back
        every action made in the phase the last action was made in."""
        total = len(session.log)
        if total == 0:
            raise TableError("No action has been taken yet.")
        if to_phase_start:
            made_in = self._phases_before_each_action(session)
            keep = total
            while keep > 0 and made_in[keep - 1] == made_in[-1]:
                keep -= 1
            return keep
        if count is None or count < 1:
            raise TableError("Say how many actions to undo (at least 1), or undo to the start of the phase.")
        if count > total:
            raise TableError(f"Only {total} action(s) can be undone.")
        return total - count

    def _phases_before_each_action(self, session: Session) -> list[tuple[int, str]]:
        """The (round, phase) the game was in when each live action was made."""
        game = ThronesGame.new(session.settings.players, session.seed, session.settings.tides_of_battle)
        phases = []
        for row in session.log:
            view = game.view(None)
            phases.append((view["round"], view["phase"]))
            game.apply_line(row.notation)
        return phases

    def undo_preview(
        self, game_id: int, actor: Actor, count: int | None = None, to_phase_start: bool = False
    ) -> list[str]:
        """The actions an undo would take back, last first, without taking them back."""
        session = self.session(game_id)
        session.require_moderator(actor)
        session.require_game()
        keep = self._undo_target(session, count, to_phase_start)
        return [
            row.notation + (f"  ({row.forced})" if row.forced else "") for row in reversed(session.log[keep:])
        ]

    async def undo(
        self,
        game_id: int,
        actor: Actor,
        count: int | None = None,
        to_phase_start: bool = False,
        reason: str = "",
    ) -> Outcome:
        session = self.session(game_id)
        async with session.lock:
            session.require_moderator(actor)
            session.require_game()
            if session.status in (OVER, ENDED):
                raise TableError("This game is over.")
            keep = self._undo_target(session, count, to_phase_start)
            undone = session.log[keep:]
            now = self.clock.now()
            async with self.store.unit() as store:
                await store.mark_undone(session.id, [row.seq for row in undone], now)
                await store.audit(
                    session.id,
                    actor.user_id,
                    actor.label,
                    now,
                    "undo",
                    reason,
                    {"undone": [row.notation for row in undone]},
                )
            await self._rebuild(session)
            session.deadlines = {}
            session.summary = []
            text = f"A moderator took back {len(undone)} action(s)" + (f": {reason}" if reason else ".")
            outcome = await self._advance(
                session, [], items=[outbox.notice(session, text)], board_title="After an undo"
            )
        return Outcome(f"Undid {len(undone)} action(s).", outcome.events)

    async def pause(self, game_id: int, actor: Actor, reason: str = "") -> Outcome:
        session = self.session(game_id)
        async with session.lock:
            session.require_moderator(actor)
            session.require_playing()
            now = self.clock.now()
            session.status, session.paused_at = PAUSED, now
            await self._write_moderation(
                session, actor, "pause", reason, {}, f"The game is paused. {reason}".strip()
            )
        return Outcome("Paused; deadlines stop until the game resumes.")

    async def resume(self, game_id: int, actor: Actor, reason: str = "") -> Outcome:
        session = self.session(game_id)
        async with session.lock:
            session.require_moderator(actor)
            if session.status != PAUSED:
                raise TableError("This game is not paused.")
            now = self.clock.now()
            paused_for = now - (session.paused_at or now)
            for deadline in session.deadlines.values():
                deadline.due_at += paused_for
            session.status, session.paused_at = ACTIVE, None
            await self._write_moderation(
                session,
                actor,
                "resume",
                reason,
                {"paused_for": paused_for},
                "The game resumes; deadlines move on by the time it was paused.",
            )
        return Outcome("Resumed.")

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
        session = self.session(game_id)
        async with session.lock:
            session.require_moderator(actor)
            if seconds < 60:
                raise TableError("A deadline must be at least one minute away.")
            now = self.clock.now()
            if kind is not None:
                session.settings = session.settings.with_deadline(kind, seconds)
                message = f"From now on, {kind} decisions get {seconds // 60} minute(s)."
            else:
                houses = [house_id(house)] if house else list(session.deadlines)
                missing = [h for h in houses if h not in session.deadlines]
                if missing or not houses:
                    raise TableError(
                        "That house has no running deadline." if houses else "No deadline is running."
                    )
                for name in houses:
                    deadline = session.deadlines[name]
                    deadline.due_at, deadline.reminded, deadline.expired = now + seconds, [], False
                names = ", ".join(h.title() for h in houses)
                message = f"Deadline set for {names}: {seconds // 60} minute(s) from now."
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
        session = self.session(game_id)
        async with session.lock:
            session.require_moderator(actor)
            seat = session.seat_of_house(house_id(house))
            other = session.seat_of_user(user_id)
            if other is not None and other is not seat:
                raise TableError("That person already has a seat in this game.")
            before = seat.label
            seat.user_id, seat.name, seat.ai = user_id, name, None
            session.spectators.discard(user_id)
            items = [
                outbox.notice(
                    session, f"{name or user_id} takes over House {seat.house.title()} from {before}."
                )
            ]  # type: ignore[union-attr]
            pending = [d for d in session.pending() if d.house == seat.house]
            if session.status != LOBBY:
                for decision in pending:
                    now = self.clock.now()
                    session.deadlines[decision.house] = Deadline(
                        decision.house,
                        decision.kind,
                        now,
                        now + session.settings.deadlines[category(decision.kind)],
                    )
                items += outbox.prompt_items(session, pending)
            await self._write_moderation(
                session,
                actor,
                "replace",
                reason,
                {"house": seat.house, "from": before, "to": user_id},
                None,
                items,
            )
        return Outcome(f"House {seat.house.title()} is now played by {name or user_id}.")  # type: ignore[union-attr]

    async def remove_player(
        self, game_id: int, actor: Actor, house: str, ai_style: str | None = None, reason: str = ""
    ) -> Outcome:
        """Take a person out of their seat: an AI plays it (``ai_style``), or it waits for a replacement."""
        session = self.session(game_id)
        async with session.lock:
            session.require_moderator(actor)
            if ai_style is not None and ai_style not in ai.STYLES:
                raise TableError(f"AI players are {', '.join(ai.STYLES)}.")
            seat = session.seat_of_house(house_id(house))
            before = seat.label
            seat.user_id, seat.name, seat.ai = None, "", ai_style
            who = f"an AI ({ai_style})" if ai_style else "nobody until a replacement is found"
            text = f"{before} leaves House {seat.house.title()}; it is played by {who}."  # type: ignore[union-attr]
            await self._write_moderation(
                session, actor, "remove", reason, {"house": seat.house, "ai": ai_style}, text
            )
            if ai_style and session.status == ACTIVE:
                await self._advance(session, [])
        return Outcome(text)

    async def end_game(self, game_id: int, actor: Actor, reason: str = "") -> Outcome:
        session = self.session(game_id)
        async with session.lock:
            session.require_moderator(actor)
            session.status = ENDED
            session.deadlines = {}
            await self._write_moderation(
                session, actor, "end", reason, {}, f"A moderator ended the game. {reason}".strip()
            )
            self.sessions.pop(session.id, None)
        return Outcome("The game is ended.")

    @staticmethod
    async def _save_deadlines(store: Store, session: Session) -> None:
        await store.save_deadlines(session.id, [d.to_row() for d in session.deadlines.values()])

    async def _write_moderation(
        self,
        session: Session,
        actor: Actor,
        action: str,
        reason: str,
        details: dict[str, Any],
        notice: str | None,
        items: list[dict[str, Any]] | None = None,
    ) -> None:
        now = self.clock.now()
        out = list(items or [])
        if notice:
            out.append(outbox.notice(session, notice))
        async with self.store.unit() as store:
            await store.audit(session.id, actor.user_id, actor.label, now, action, reason, details)
            await store.update_game(
                session.id,
                status=session.status,
                paused_at=session.paused_at,
                settings=session.settings.to_json(),
            )
            await store.save_seats(session.id, [seat.to_row() for seat in session.seats])
            await store.save_spectators(session.id, session.spectators)
            await self._save_deadlines(store, session)
            for entry in out:
                await store.add_outbox(session.id, entry, now)

    async def audit_log(self, game_id: int, actor: Actor) -> list[AuditEntry]:
        session = self.session(game_id)
        session.require_moderator(actor)
        return await self.store.audit_log(game_id)

    # --- export and import ------------------------------------------------------------------------

    def export(self, game_id: int, actor: Actor) -> dict[str, Any]:
        session = self.session(game_id)
        session.require_moderator(actor)
        game = session.require_game()
        return {
            "format": EXPORT_FORMAT,
            "version": 1,
            "name": session.name,
            "settings": session.settings.to_json(),
            "seed": session.seed,
            "seats": [seat.to_row() for seat in session.seats],
            "actions": [{"notation": r.notation, "forced": r.forced} for r in session.log],
            "position": game.to_position(),
        }

    async def import_game(
        self, actor: Actor, data: dict[str, Any], *, channel_id: int, guild_id: int | None
    ) -> Session:
        """A game exported elsewhere, played on here: its seats, settings, seed and every action."""
        if data.get("format") != EXPORT_FORMAT or data.get("version") != 1:
            raise TableError("That is not a Maester game export.")
        settings = GameSettings.from_json(data["settings"])
        game = ThronesGame.new(settings.players, int(data["seed"]), settings.tides_of_battle)
        for number, entry in enumerate(data["actions"], start=1):
            try:
                game.apply_line(entry["notation"])
            except IllegalAction as error:
                raise TableError(f"The export does not replay: action {number}: {error}") from None
        if "position" in data and data["position"] != game.to_position():
            raise TableError("The export does not replay to the position it claims.")
        now = self.clock.now()
        seats = [Seat(**seat) for seat in data["seats"]]
        status = OVER if game.over else ACTIVE
        async with self.store.unit() as store:
            game_id = await store.insert_game(
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=actor.user_id,
                name=data.get("name", ""),
                settings=settings.to_json(),
                status=status,
                seed=int(data["seed"]),
                created_at=now,
            )
            await store.save_seats(game_id, [seat.to_row() for seat in seats])
            rows = []
            for seq, entry in enumerate(data["actions"]):
                house = entry["notation"].split(":", 1)[0].strip()
                rows.append(ActionRow(seq, house, entry["notation"], None, entry.get("forced"), now))
                await store.append_action(game_id, rows[-1])
            await store.audit(game_id, actor.user_id, actor.label, now, "import", "", {"actions": len(rows)})
        session = Session(
            id=game_id,
            guild_id=guild_id,
            channel_id=channel_id,
            creator_id=actor.user_id,
            name=data.get("name", ""),
            settings=settings,
            status=status,
            seed=int(data["seed"]),
            created_at=now,
            seats=seats,
            game=game,
            log=rows,
        )
        if status == ACTIVE:
            self.sessions[game_id] = session
            async with session.lock:
                await self._advance(session, [], board_title="The game is imported")
        return session

    # --- time: reminders and deadlines ------------------------------------------------------------

    def next_wakeup(self) -> float | None:
        """When :meth:`tick` next has something to do."""
        times = []
        for session in self.sessions.values():
            if session.status != ACTIVE:
                continue
            for deadline in session.deadlines.values():
                if not deadline.expired:
                    times.append(deadline.due_at)
                times += [
                    deadline.due_at - r
                    for r in session.settings.reminders
                    if r not in deadline.reminded and deadline.due_at - r > deadline.started_at
                ]
        return min(times) if times else None

    async def tick(self) -> int:
        """Send the reminders that are due and apply the passed deadlines, oldest first (those that passed
        while the process was down included). Returns how many were handled."""
        handled = 0
        while True:
            due = self._next_due()
            if due is None:
                return handled
            _, session, house, reminder = due
            async with session.lock:
                deadline = session.deadlines.get(house)
                if deadline is None or session.status != ACTIVE:
                    continue
                if reminder is not None:
                    await self._remind(session, deadline, reminder)
                else:
                    await self._expire(session, deadline)
            handled += 1

    def _next_due(self) -> tuple[float, Session, str, int | None] | None:
        now = self.clock.now()
        best: tuple[float, Session, str, int | None] | None = None
        for session in self.sessions.values():
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

    async def _remind(self, session: Session, deadline: Deadline, before: int) -> None:
        deadline.reminded.append(before)
        seat = session.seat_of_house(deadline.house)
        items = []
        if seat.user_id is not None and not seat.ai:
            items.append(
                outbox.item(
                    "reminder",
                    "user",
                    seat.user_id,
                    game_id=session.id,
                    game_name=session.name,
                    house=deadline.house,
                    kind=deadline.kind,
                    due_at=deadline.due_at,
                    text=f"{session.name}: House {deadline.house.title()} still has to decide "
                    f"({deadline.kind}).",
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
                items=[
                    outbox.notice(
                        session,
                        f"House {deadline.house.title()}'s deadline passed: "
                        f"its default was applied ({decision.default.format()}).",
                    )
                ],
            )
            return
        text = (
            f"House {deadline.house.title()}'s deadline passed. The game waits for it; a moderator may "
            "force its decision."
        )
        async with self.store.unit() as store:
            await self._save_deadlines(store, session)
            entry = outbox.notice(session, text)
            await store.add_outbox(session.id, entry, self.clock.now())

    # --- what a person may ask for ----------------------------------------------------------------

    def my_decision(self, game_id: int, actor: Actor) -> dict[str, Any] | None:
        """The decision the person's house is asked now (its prompt payload), if any: to show it again,
        or privately in the channel when the person's DMs are closed."""
        session = self.session(game_id)
        seat = session.seat_of_user(actor.user_id)
        if seat is None or seat.house is None or session.status != ACTIVE:
            return None
        decision = session.require_game().decision_for(seat.house)
        if decision is None:
            return None
        items = outbox.prompt_items(session, [decision])
        return items[0]["payload"] if items else None

    async def chronicle(self, game_id: int, limit: int = 40) -> list[str]:
        """The latest public summary lines of a game (what the boards posted said), oldest first."""
        session = self.session(game_id)
        lines = await self.store.board_summaries(session.id)
        return (lines + session.summary)[-limit:]

    # --- the outbox -------------------------------------------------------------------------------

    async def outbox(self, limit: int = 100) -> list[OutboxItem]:
        """Items still to post, oldest first."""
        return await self.store.unsent(limit)

    async def mark_sent(self, item_id: int) -> bool:
        async with self.store.unit() as store:
            return await store.mark_sent(item_id, self.clock.now())
