"""One game at the table, in memory: its record, its seats, its engine game and its deadlines.

A game's action log is read only when something needs it (an undo, an export, a report): what playing
needs of it is kept beside it (how many actions are live, the numbers of the last and the next one, each
house's last line), saved with the game's position and loaded with it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.core.decisions import Decision
from engine.core.game import Game
from i18n import Localized, Said, said
from table.errors import TableError
from table.kind import GameKind
from table.locking import GameLock
from table.settings import GameSettings
from table.store import ActionRow

if TYPE_CHECKING:
    from table.votes import Vote

LOBBY, ACTIVE, PAUSED, OVER, ENDED = "lobby", "active", "paused", "over", "ended"


@dataclass
class Seat:
    """A place at the table: a person (``user_id``), an AI (``ai``), or nobody yet (a removed player's
    seat waiting for a replacement). ``house`` is None until houses are dealt."""

    user_id: int | None = None
    name: str = ""
    house: str | None = None
    ai: str | None = None

    def to_row(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "name": self.name, "house": self.house, "ai": self.ai}

    @property
    def label(self) -> str:
        if self.ai:
            return f"AI ({self.ai})"
        return self.name or ("nobody" if self.user_id is None else f"user {self.user_id}")

    @property
    def who(self) -> str | Said:
        """Who plays the seat, in a message: the person's name, or an AI or nobody in the message's
        language (:attr:`label` is the English, for the audit log)."""
        if self.ai:
            return said("AI ({style})", style=self.ai)
        if not self.name and self.user_id is None:
            return said("nobody")
        return self.label


@dataclass
class Deadline:
    house: str
    kind: str
    started_at: float
    due_at: float
    reminded: list[int] = field(default_factory=list)
    expired: bool = False

    def to_row(self) -> dict[str, Any]:
        return {
            "house": self.house,
            "kind": self.kind,
            "started_at": self.started_at,
            "due_at": self.due_at,
            "reminded": list(self.reminded),
            "expired": self.expired,
        }


@dataclass
class Session:
    id: int
    guild_id: int | None
    channel_id: int
    creator_id: int
    name: str
    settings: GameSettings
    status: str
    seed: int
    created_at: float
    seats: list[Seat] = field(default_factory=list)
    spectators: set[int] = field(default_factory=set)
    game: Game | None = None
    deadlines: dict[str, Deadline] = field(default_factory=dict)
    paused_at: float | None = None
    summary: list[str] = field(default_factory=list)  # public events since the last board posted
    log_part: int = 0  # which live log of the channel the summary is told in (one a phase)
    log_title: str = ""  # its title: the phase it tells
    broken: str | Localized | None = None  # why the game could not be loaded: set aside until repaired
    votes: list[Vote] = field(default_factory=list)  # the players' votes still open (table.votes)
    threads_seen: Any = None  # the seats and status the diplomacy threads were last brought in line with
    vacations: dict[int, tuple[float, float]] = field(default_factory=dict)  # user id -> (start, end)
    ends_after_round: int | None = None  # the players (or a moderator) end the game after this round
    lock: GameLock = field(default_factory=GameLock)
    version: int = 0  # how many units have changed the game, on a database shared by several processes
    action_count: int = 0  # live actions
    last_seq: int = -1  # the number of the last live action (-1: none)
    next_seq: int = 0  # the next action's number (undone actions keep theirs)
    next_line: int = 0  # the number of the chronicle's next line
    last_lines: dict[str, str] = field(default_factory=dict)  # each house's last live action (notation)
    _log: list[ActionRow] | None = field(default=None, repr=False)  # None: not read yet

    # --- the action log ---------------------------------------------------------------------------

    @property
    def log(self) -> list[ActionRow]:
        """The live actions, in order. Read from the store only when needed: see
        :meth:`table.table.Table.load_log`, to await before using this on a game loaded from the store."""
        if self._log is None:
            raise RuntimeError(f"game {self.id}: its action log is not read yet (Table.load_log reads it)")
        return self._log

    @log.setter
    def log(self, rows: list[ActionRow]) -> None:
        self._log = rows
        self.action_count = len(rows)
        self.last_seq = rows[-1].seq if rows else -1
        self.last_lines = {row.house: row.notation for row in rows}

    @property
    def log_read(self) -> bool:
        return self._log is not None

    def record(self, rows: list[ActionRow]) -> None:
        """New live actions, in order."""
        if self._log is not None:
            self._log.extend(rows)
        self.action_count += len(rows)
        for row in rows:
            self.last_lines[row.house] = row.notation
        if rows:
            self.last_seq = rows[-1].seq
            self.next_seq = rows[-1].seq + 1

    # --- people -----------------------------------------------------------------------------------

    def seat_of_user(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id and not s.ai), None)

    @property
    def kind(self) -> GameKind:
        return self.settings.kind

    def seat_of_house(self, house: str) -> Seat:
        seat = next((s for s in self.seats if s.house == house), None)
        if seat is None:
            raise TableError("{house} is not in this game.", house=self.kind.named_seat(house))
        return seat

    def houses_available(self) -> list[str]:
        taken = {s.house for s in self.seats if s.house}
        return [h for h in self.kind.seats(self.settings.players) if h not in taken]

    # --- the game ---------------------------------------------------------------------------------

    def require_game(self) -> Game:
        if self.broken is not None:
            raise TableError(
                "{game} (game {number}) is out of service: {reason}. A moderator can take back its last "
                "actions or end it.",
                game=self.name,
                number=self.id,
                reason=self.broken,
            )
        if self.game is None:
            raise TableError("This game has not started yet.")
        return self.game

    def require_playing(self) -> Game:
        if self.status == LOBBY and self.broken is None:
            raise TableError("This game has not started yet.")
        if self.status == PAUSED:
            raise TableError("This game is paused by a moderator.")
        if self.status in (OVER, ENDED):
            raise TableError("This game is over.")
        return self.require_game()

    def pending(self) -> list[Decision]:
        return [] if self.game is None or self.status in (OVER, ENDED) else self.game.pending()

    def waiting_summary(self) -> list[dict[str, Any]]:
        """Who must act and by when: names only, never what anyone chose."""
        summary = []
        for decision in self.pending():
            seat = self.seat_of_house(decision.house)
            deadline = self.deadlines.get(decision.house)
            summary.append(
                {
                    "house": decision.house,
                    "kind": decision.kind,
                    "user_id": None if seat.ai else seat.user_id,
                    "ai": seat.ai,
                    "player": seat.label,
                    "due_at": None if deadline is None else deadline.due_at,
                }
            )
        return summary

    def info(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "channel_id": self.channel_id,
            "status": self.status,
            "players": self.settings.players,
            "seats": [
                {"house": s.house, "player": s.label, "user_id": s.user_id, "ai": s.ai} for s in self.seats
            ],
            "game": self.settings.game,
            "round": None if self.game is None else self.game.readout().round,
            "winner": None if self.game is None else self.game.readout().winner,
            "settings": self.settings.to_json(),
        }
