"""The contract every game's engine keeps, and the machinery every game shares.

A game is ``(setup, seed, actions)``. Its state holds a procedure stack (:mod:`engine.core.frames`) and
the seeded random generator's state (``state.stack``, ``state.rng``); the driver runs the frame on top
until it asks for decisions. Everything a driver (the table, the command line, an AI, a test) needs is
here and game-neutral:

- ``setup(players, seed, options)`` and ``from_position`` build a game; ``to_position`` saves it;
  ``from_scenario`` builds one from a hand-written description of a situation.
- ``pending()`` says who must decide what; ``apply(seat, action)`` changes the game and returns the
  events it caused, or raises :class:`IllegalAction` having changed nothing.
- ``changeable_decision(seat)`` is a secret answer the seat may still change (asked again as it was).
- ``view(seat)`` is what a seat (``None``: a spectator) may see; ``readout()`` is the little every
  driver needs to know (round, phase, winner, ranking, scores) without reading the state;
  ``standings()`` ranks the seats as the game would if it ended now; ``describe_view(view)`` is a view
  as text for a terminal.
- A ``phase`` event that opens a new round may carry ``standings``: the seats ranked as the round before
  it ended (a driver that ends a game after a round reads them there, before the new round changed
  anything).
- Notation: ``parse_line``/``format_line`` turn ``seat: action`` lines into actions and back; a game's
  log of lines replays to the same state, byte for byte.

A game provides its state, its frames, its actions and notation, its view and its end (see
:class:`Game`'s abstract methods).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.core.decisions import Decision, Event
from engine.core.errors import IllegalAction, NotationError, ScenarioError
from engine.core.frames import Frame
from engine.core.rng import Rng
from i18n import Localized, Said, joined, said

MAX_LINE = 1000  # characters in one notation line: far more than any legal line of any game


@dataclass(frozen=True)
class Readout:
    """What a driver needs to know of a game without reading its state. ``round`` is None for games
    without rounds; ``phase`` is one of the game's phase names (``over`` once it has ended).

    ``scores`` is each seat's standing as the game counts it (what :attr:`Game.SCORE` names: castles in
    A Game of Thrones), for standings shown before the end; the final word is ``ranking``. ``stats``
    counts notable happenings (combats, ...), for self-play statistics."""

    round: int | None
    phase: str
    over: bool
    winner: str | None = None
    ranking: tuple[str, ...] = ()
    seats: tuple[str, ...] = field(default_factory=tuple)
    scores: Mapping[str, int] = field(default_factory=dict)
    stats: Mapping[str, int] = field(default_factory=dict)


class Game(ABC):
    """One game in progress. Subclasses set ``id``, ``title`` and ``PLAYERS`` and implement the abstract
    methods."""

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    PLAYERS: ClassVar[range] = range(0)  # the player counts the game is for: range(3, 7) is 3 to 6
    SCORE: ClassVar[str] = "score"  # what the readout's scores count, for standings ("castles")

    def __init__(self, state: Any) -> None:
        self.state = state
        self.log: list[tuple[str, Any]] = []
        self._events: list[Event] = []
        self._pending: list[Decision] = []
        self._advance()
        self.opening_events = self._take_events()

    # --- what a game provides -----------------------------------------------------------------------

    @classmethod
    @abstractmethod
    def setup(cls, players: int, seed: int, options: Mapping[str, Any]) -> Game:
        """A new game for ``players`` with the game's own ``options``; raises IllegalAction for a
        player count or an option the game does not have."""

    @classmethod
    @abstractmethod
    def from_position(cls, position: dict[str, Any]) -> Game:
        """The game a saved position describes; raises PositionError (an IllegalAction) otherwise."""

    @abstractmethod
    def to_position(self) -> dict[str, Any]: ...

    @classmethod
    def upgrade_position(cls, position: dict[str, Any]) -> dict[str, Any]:
        """A position written by an earlier version (an old export), in today's ids. This default is for
        games whose ids never changed."""
        return position

    @classmethod
    def from_scenario(cls, text: str) -> Game:
        """The game a scenario describes: a situation in the middle of a game, written by hand in a few
        lines of TOML (see :mod:`engine.core.scenario` and the game's own scenario module). Raises
        ScenarioError naming the key at fault. This default is for games without scenarios."""
        raise ScenarioError("", f"{cls.title or cls.id} has no scenarios")

    @classmethod
    @abstractmethod
    def seat_id(cls, text: str) -> str:
        """A seat's id (a house) from its id or name; raises NotationError for anything else."""

    @classmethod
    @abstractmethod
    def parse_action(cls, text: str) -> Any:
        """The action of a line's part after ``seat:``; raises NotationError."""

    @property
    @abstractmethod
    def over(self) -> bool: ...

    @abstractmethod
    def seats(self) -> list[str]:
        """The seats (houses) in play."""

    @abstractmethod
    def view(self, seat: str | None) -> dict[str, Any]:
        """What ``seat`` (or a spectator, for ``None``) may see. Secrets of others are never in it. The
        view names its game (``"game": id``) so that a renderer can be chosen for it."""

    @abstractmethod
    def readout(self) -> Readout: ...

    def standings(self) -> list[str]:
        """The seats ranked as the game would rank them if it ended now (by a driver's decision: the players
        agreeing to stop after a round). This default is the final ranking once the game is over, else the
        seats by their readout scores, highest first; a game with rules for its end ranking gives them."""
        readout = self.readout()
        if readout.over and readout.ranking:
            return list(readout.ranking)
        seats = self.seats()
        return sorted(seats, key=lambda seat: -readout.scores.get(seat, 0))

    def sample(self, decision: Decision, rng: Rng) -> Any | None:
        """A random legal answer to a decision whose answers are not listed (``options`` is None), drawn
        with ``rng`` (a player's generator, not the game's); None to let the random player choose among
        the listed options. See :mod:`engine.core.random_player`."""
        return None

    def report(self, lines: Iterable[str]) -> dict[str, Any] | None:
        """The game in numbers once ``lines`` are played from this game (a game as set up, for a whole
        game): what the game counts for its end-of-game report, JSON-native, the same for the same
        lines. It is read from a replay, so that an imported or reloaded game reports the same as one
        played here; this game is not changed. Raises ReplayError for a line that does not apply.

        None for a game that keeps no report (this default)."""
        return None

    def check_end(self) -> bool:
        """Called before each step of the driver: end the game if it is won (set the winner, return True
        to run the driver again). Games that end only through their frames keep this default."""
        return False

    @classmethod
    def seat_label(cls, seat: str) -> str:
        """A seat as the engine's messages name it."""
        return f"House {seat.title()}"

    @classmethod
    def named_seat(cls, seat: str) -> str | Localized:
        """A seat as a refusal names it, in the language it is read in: :meth:`seat_label` by default (a
        game that names its seats in every language names them so)."""
        return cls.seat_label(seat)

    @classmethod
    def seat_name(cls, seat: str) -> str:
        """A seat's short name, for lists and tables: ``Stark``."""
        return seat.title()

    @classmethod
    def describe_view(cls, view: dict[str, Any]) -> str:
        """A view (see :meth:`view`) as text for a terminal, for drivers such as the command line; the
        decisions the game waits for are left to the driver, which lists them from :meth:`pending`.

        This default, for games without a rendering of their own, shows the title, the round and the
        phase, and every other part of the view as JSON, one line each."""
        head = [cls.title or cls.id or "game"]
        if view.get("round") is not None:
            head.append(f"round {view['round']}")
        if view.get("phase") is not None:
            head.append(f"{view['phase']} phase")
        viewer = view.get("viewer")
        head.append(f"seen by {cls.seat_label(viewer)}" if viewer else "spectator view")
        shown = {"game", "round", "phase", "viewer"}
        lines = [" - ".join(head)]
        lines.extend(
            f"{key}: {json.dumps(value, sort_keys=True)}" for key, value in view.items() if key not in shown
        )
        return "\n".join(lines)

    # --- notation -------------------------------------------------------------------------------------

    @classmethod
    def parse_line(cls, line: str) -> tuple[str, Any]:
        """``seat: action`` read; raises NotationError for anything else (a long line before reading it)."""
        if len(line) > MAX_LINE:
            raise NotationError(
                "A line has at most {limit} characters; this one has {length}.",
                limit=MAX_LINE,
                length=len(line),
            )
        if ":" not in line:
            raise NotationError("Write a line as 'house: action', e.g. 'stark: bid 2'.")
        seat_text, _, action_text = line.partition(":")
        return cls.seat_id(seat_text), cls.parse_action(action_text)

    @staticmethod
    def format_line(seat: str, action: Any) -> str:
        return f"{seat}: {action.format()}"

    @staticmethod
    def is_blank(line: str) -> bool:
        stripped = line.strip()
        return not stripped or stripped.startswith("#")

    def notation(self) -> list[str]:
        return [self.format_line(seat, action) for seat, action in self.log]

    # --- the protocol ---------------------------------------------------------------------------------

    def pending(self) -> list[Decision]:
        """The decisions the game waits for now (several at once for secret simultaneous choices)."""
        return list(self._pending)

    def decision_for(self, seat: str) -> Decision | None:
        for decision in self._pending:  # a loop, not next() over a generator: every action asks this
            if decision.house == seat:
                return decision
        return None

    def changeable_decision(self, seat: str) -> Decision | None:
        """The secret decision the seat has answered but may still change (until every seat has
        answered), asked again exactly as it was asked: what a copy of the frame on top, the seat's
        answer withdrawn, asks (see :meth:`Frame.withdraw`); the game itself is not touched."""
        if self.over or self.decision_for(seat) is not None:
            return None
        top = self.state.stack[-1]
        if not top.accepts_resubmission(seat):
            return None
        probe = top.duplicate()
        probe.withdraw(seat)
        decisions = probe.run(self)
        if not decisions:
            raise RuntimeError(f"frame {top.kind} did not ask again for the answer it withdrew")
        return next((d for d in decisions if d.house == seat), None)

    def apply(self, seat: str, action: Any) -> list[Event]:
        """Apply one seat's action and advance the game as far as it goes without another decision.

        Raises :class:`IllegalAction` with a message for the player; a rejected action changes nothing.
        """
        if self.over:
            raise IllegalAction("The game is over.")
        seat = self.seat_id(seat)
        # A seat asked for a decision is in the game: the seats are listed only for one that is not.
        asked = self.decision_for(seat) is not None
        if not asked and seat not in self.seats():
            raise IllegalAction("{seat} is not in this game.", seat=self.named_seat(seat))
        if isinstance(action, str):
            action = self.parse_action(action)
        top = self.state.stack[-1]
        if not asked and not top.accepts_resubmission(seat):
            raise IllegalAction(self._not_waiting(seat))
        top.act(self, seat, action)
        self.log.append((seat, action))
        self._advance()
        return self._take_events()

    def apply_line(self, line: str) -> list[Event]:
        seat, action = self.parse_line(line)
        return self.apply(seat, action)

    @classmethod
    def replay(
        cls,
        lines: Iterable[str],
        *,
        position: dict[str, Any] | None = None,
        players: int | None = None,
        seed: int | None = None,
        **options: Any,
    ) -> Game:
        """Rebuild a game from a position (or a fresh setup) and notation lines. Raises ReplayError on
        the first bad line, with its number."""
        if position is not None:
            game = cls.from_position(position)
        elif players is not None and seed is not None:
            game = cls.setup(players, seed, options)
        else:
            raise ValueError("replay needs a position, or a player count and a seed")
        for number, line in enumerate(lines, start=1):
            if cls.is_blank(line):
                continue
            try:
                game.apply_line(line)
            except IllegalAction as error:
                raise ReplayError(number, line, str(error)) from error
        return game

    # --- services for frames --------------------------------------------------------------------------

    def push(self, frame: Frame) -> None:
        self.state.stack.append(frame)

    def pop(self, frame: Frame) -> None:
        """Remove a finished frame. A frame may finish after pushing a child: the child then runs next,
        and control returns below the finished frame."""
        stack = self.state.stack
        for index in range(len(stack) - 1, -1, -1):
            if stack[index] is frame:
                del stack[index]
                return
        raise RuntimeError(f"frame {frame.kind} is not on the stack")

    def emit(self, kind: str, text: str, to: str | None = None, **data: Any) -> None:
        """An event: public when ``to`` is None, else for that seat alone."""
        self._events.append(Event(kind, text, data, to))

    def rng(self) -> Rng:
        """The game's random generator; call :meth:`keep` with it after drawing, so the draw is saved."""
        return Rng(self.state.rng)

    def keep(self, rng: Rng) -> None:
        self.state.rng = rng.state

    def shuffle(self, items: list[Any]) -> None:
        rng = self.rng()
        rng.shuffle(items)
        self.keep(rng)

    # --- the driver -----------------------------------------------------------------------------------

    def _advance(self) -> None:
        stack = self.state.stack
        while True:
            if self.over:
                self._pending = []
                return
            if self.check_end():
                continue
            decisions = stack[-1].run(self)
            if decisions is None:
                continue
            if not decisions:
                raise RuntimeError(f"frame {stack[-1].kind} neither advanced nor asked for a decision")
            self._pending = decisions
            return

    def _take_events(self) -> list[Event]:
        events, self._events = self._events, []
        return events

    def _not_waiting(self, seat: str) -> Said:
        if not self._pending:
            return said("Nothing is waiting for a decision.")
        waiting = joined(
            *(self.named_seat(s) for s in sorted({d.house for d in self._pending})), separator=", "
        )
        return said(
            "The game is not waiting for {seat} now; it waits for {waiting}.",
            seat=self.named_seat(seat),
            waiting=waiting,
        )


class ReplayError(IllegalAction):
    """A notation line that could not be applied during a replay."""

    def __init__(self, line_number: int, line: str, reason: str) -> None:
        super().__init__(f"line {line_number}: {reason}")
        self.line_number = line_number
        self.line = line
        self.reason = reason
