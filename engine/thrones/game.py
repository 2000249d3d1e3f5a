"""The game object: pending decisions, ``apply``, views, positions and replay.

A game is ``(settings, seed, actions)``: :meth:`ThronesGame.new` builds the setup, every accepted action
is logged, and replaying the log on the same setup rebuilds the same state byte for byte.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import engine.thrones.action
import engine.thrones.combat.frame
import engine.thrones.combat.neutral
import engine.thrones.planning
import engine.thrones.westeros
import engine.thrones.wildling_cards  # noqa: F401  (these imports register every frame kind)
from engine.core.decisions import Decision, Event
from engine.core.errors import IllegalAction, PositionError, quote
from engine.core.rng import Rng
from engine.thrones.actions import Action
from engine.thrones.board import FACTS
from engine.thrones.frame import ThronesFrame
from engine.thrones.notation import format_line, house_id, is_blank, parse_action, parse_line
from engine.thrones.setup import new_state
from engine.thrones.state import State
from engine.thrones.victory import check_victory


class ThronesGame:
    """One game of A Game of Thrones: The Board Game, Second Edition (base game, 3 to 6 players)."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.log: list[tuple[str, Action]] = []
        self._events: list[Event] = []
        self._pending: list[Decision] = []
        self._advance()
        self.opening_events = self._take_events()

    # --- construction -----------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, tides_of_battle: bool = False) -> ThronesGame:
        if players not in FACTS.setups:
            raise IllegalAction(f"A game is for 3 to 6 players, not {players}.")
        return cls(new_state(players, seed, tides_of_battle))

    @classmethod
    def from_position(cls, position: dict[str, Any]) -> ThronesGame:
        """The game a saved position describes, advanced to its next decision as the constructor does.

        Raises :class:`PositionError` if the position is malformed, or if the game cannot go on from it (a
        well-formed but inconsistent position that makes a rule fail, or that the rules carry into a state
        that is not sound): loading gives a working game or that error.
        """
        state = State.from_json(position, ThronesFrame)
        top, depth = state.stack[-1], len(state.stack)
        try:
            game = cls(state)
        except Exception as error:  # any failure of the rules on this position is the position's
            raise PositionError(
                f"the game cannot go on from it ({type(error).__name__}: {quote(str(error), 80)})"
            ) from error
        # A saved position waits for a decision, so loading it changes nothing. One that was not at rest
        # has just been played on by the rules: check that where they got to is a position too.
        if game.opening_events or len(state.stack) != depth or (state.stack and state.stack[-1] is not top):
            try:
                State.from_json(game.to_position(), ThronesFrame)
            except PositionError as error:
                raise PositionError(
                    f"the game cannot go on from it: the rules take it to a state where {error.reason}"
                ) from None
        return game

    def to_position(self) -> dict[str, Any]:
        return self.state.to_json()

    # --- the protocol -----------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.winner is not None

    def pending(self) -> list[Decision]:
        """The decisions the game waits for now (several at once for secret simultaneous choices)."""
        return list(self._pending)

    def decision_for(self, house: str) -> Decision | None:
        return next((d for d in self._pending if d.house == house), None)

    def changeable_decision(self, house: str) -> Decision | None:
        """The secret decision the house has answered but may still change (orders, a bid, a house card,
        until every house has answered), asked again exactly as it was asked."""
        if self.over or self.decision_for(house) is not None:
            return None
        if not self.state.stack[-1].accepts_resubmission(house):  # type: ignore[attr-defined]
            return None
        probe = ThronesGame.from_position(self.to_position())
        probe.state.stack[-1].withdraw(house)  # type: ignore[attr-defined]
        probe._advance()
        return probe.decision_for(house)

    def apply(self, house: str, action: Action | str) -> list[Event]:
        """Apply one house's action and advance the game as far as it goes without another decision.

        Raises :class:`IllegalAction` with a message for the player; a rejected action changes nothing.
        """
        if self.over:
            raise IllegalAction("The game is over.")
        house = house_id(house)
        if house not in self.state.houses:
            raise IllegalAction(f"House {house.title()} is not in this game.")
        if isinstance(action, str):
            action = parse_action(action)
        top = self.state.stack[-1]
        if self.decision_for(house) is None and not top.accepts_resubmission(house):
            raise IllegalAction(self._not_waiting_message(house))
        top.act(self, house, action)
        self.log.append((house, action))
        self._advance()
        return self._take_events()

    def apply_line(self, line: str) -> list[Event]:
        house, action = parse_line(line)
        return self.apply(house, action)

    def view(self, house: str | None) -> dict[str, Any]:
        """What ``house`` (or a spectator, for ``None``) may see. Secrets of others are never included."""
        from engine.thrones.views import build_view

        return build_view(self, house)

    def notation(self) -> list[str]:
        return [format_line(house, action) for house, action in self.log]

    @classmethod
    def replay(
        cls,
        lines: Iterable[str],
        *,
        players: int | None = None,
        seed: int | None = None,
        tides_of_battle: bool = False,
        position: dict[str, Any] | None = None,
    ) -> ThronesGame:
        """Rebuild a game from a position (or a fresh setup) and notation lines. Raises on the first bad line,
        with its number."""
        if position is not None:
            game = cls.from_position(position)
        elif players is not None and seed is not None:
            game = cls.new(players, seed, tides_of_battle)
        else:
            raise ValueError("replay needs a position, or a player count and a seed")
        for number, line in enumerate(lines, start=1):
            if is_blank(line):
                continue
            try:
                game.apply_line(line)
            except IllegalAction as error:
                raise ReplayError(number, line, str(error)) from error
        return game

    # --- services for frames ----------------------------------------------------------------------

    def push(self, frame: ThronesFrame) -> None:
        self.state.stack.append(frame)

    def pop(self, frame: ThronesFrame) -> None:
        """Remove a finished frame. A frame may finish after pushing a child (a port takeover, say):
        the child then runs next, and control returns below the finished frame."""
        stack = self.state.stack
        for index in range(len(stack) - 1, -1, -1):
            if stack[index] is frame:
                del stack[index]
                return
        raise RuntimeError(f"frame {frame.kind} is not on the stack")

    def emit(self, kind: str, text: str, to: str | None = None, **data: Any) -> None:
        self._events.append(Event(kind, text, data, to))

    def shuffle(self, items: list[Any]) -> None:
        rng = Rng(self.state.rng)
        rng.shuffle(items)
        self.state.rng = rng.state

    def count(self, stat: str, amount: int = 1) -> None:
        self.state.stats[stat] = self.state.stats.get(stat, 0) + amount

    def mark(self, kind: str, *items: str) -> None:
        """Note a march or a battle of this Action phase for the board image."""
        self.state.marks.setdefault(kind, []).append(list(items))

    # --- the driver -------------------------------------------------------------------------------

    def _advance(self) -> None:
        stack = self.state.stack
        while True:
            if self.over:
                self._pending = []
                return
            if check_victory(self):
                continue
            decisions = stack[-1].run(self)  # type: ignore[attr-defined]
            if decisions is None:
                continue
            if not decisions:
                raise RuntimeError(f"frame {stack[-1].kind} neither advanced nor asked for a decision")
            self._pending = decisions
            return

    def _take_events(self) -> list[Event]:
        events, self._events = self._events, []
        return events

    def _not_waiting_message(self, house: str) -> str:
        if not self._pending:
            return "Nothing is waiting for a decision."
        waiting = ", ".join(sorted({d.house.title() for d in self._pending}))
        return f"The game is not waiting for House {house.title()} now; it waits for {waiting}."


class ReplayError(IllegalAction):
    """A notation line that could not be applied during a replay."""

    def __init__(self, line_number: int, line: str, reason: str) -> None:
        super().__init__(f"line {line_number}: {reason}")
        self.line_number = line_number
        self.line = line
        self.reason = reason
