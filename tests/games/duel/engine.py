"""Duel, a deliberately tiny game for tests: two houses, a few rounds. Each round both houses pick a number
from 1 to 3 in secret (they may change it until both have picked); the higher pick scores a point. Then the
houses take turns, one a round, to cheer or jeer in public. Most points after the last round wins; a tie
goes to the first house.

It keeps the engine contract (:mod:`engine.core.game`) with the least code: one frame, two actions.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.core.decisions import Decision
from engine.core.errors import IllegalAction, NotationError, PositionError, quote
from engine.core.frames import Frame
from engine.core.game import Game, Readout

HOUSES = ("stark", "lannister")


@dataclass(frozen=True)
class Pick:
    number: int
    verb: ClassVar[str] = "pick"

    def format(self) -> str:
        return f"pick {self.number}"


@dataclass(frozen=True)
class Shout:
    word: str  # cheer | jeer
    verb: ClassVar[str] = "shout"

    def format(self) -> str:
        return f"shout {self.word}"


class DuelFrame(Frame):
    registry: ClassVar[dict[str, type[Frame]]] = {}


@dataclass
class RoundFrame(DuelFrame):
    """One round: the secret picks, then one public shout."""

    kind: ClassVar[str] = "round"
    picks: dict[str, int] = field(default_factory=dict)
    revealed: bool = False

    def run(self, game: Any) -> list[Decision] | None:
        state = game.state
        if not self.revealed:
            waiting = [h for h in HOUSES if h not in self.picks]
            if waiting:
                return [
                    Decision(
                        h,
                        "pick",
                        f"Round {state.round}: pick a number from 1 to 3.",
                        True,
                        Pick(1),
                        options=(Pick(1), Pick(2), Pick(3)),
                    )
                    for h in waiting
                ]
            self.revealed = True
            first, second = (self.picks[h] for h in HOUSES)
            game.emit("reveal", f"Stark picks {first}, Lannister picks {second}.")
            if first != second:
                winner = HOUSES[0] if first > second else HOUSES[1]
                state.scores[winner] += 1
                game.emit("score", f"House {winner.title()} scores.")
        shouter = HOUSES[(state.round - 1) % 2]
        return [
            Decision(
                shouter,
                "shout",
                "Cheer or jeer?",
                False,
                Shout("cheer"),
                options=(Shout("cheer"), Shout("jeer")),
            )
        ]

    def act(self, game: Any, seat: str, action: Any) -> None:
        if not self.revealed:
            if not isinstance(action, Pick):
                raise IllegalAction("Pick a number first ('pick N').")
            self.picks[seat] = action.number
            return
        if not isinstance(action, Shout):
            raise IllegalAction("Shout now ('shout cheer' or 'shout jeer').")
        game.emit("shout", f"House {seat.title()} shouts: {action.word}!")
        game.emit("phase", f"Round {game.state.round} ends.")
        game.pop(self)
        game.state.round += 1
        if game.state.round <= game.state.rounds:
            game.push(RoundFrame())

    def accepts_resubmission(self, seat: str) -> bool:
        return not self.revealed and seat in self.picks

    def withdraw(self, seat: str) -> None:
        self.picks.pop(seat, None)


@dataclass
class DuelState:
    rounds: int
    round: int
    scores: dict[str, int]
    rng: int
    stack: list[Frame]
    winner: str | None = None

    def to_json(self) -> dict[str, Any]:
        data = {k: v for k, v in dataclasses.asdict(self).items() if k != "stack"}
        return {**data, "game": "duel", "stack": [frame.to_json() for frame in self.stack]}

    @classmethod
    def from_json(cls, data: Any) -> DuelState:
        try:
            if data.get("game") != "duel":
                raise PositionError("this is not a Duel position")
            return cls(
                rounds=int(data["rounds"]),
                round=int(data["round"]),
                scores={h: int(data["scores"][h]) for h in HOUSES},
                rng=int(data["rng"]),
                stack=[DuelFrame.from_json(frame) for frame in data["stack"]],
                winner=data.get("winner"),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise PositionError(f"a Duel position is malformed ({type(error).__name__})") from None


class DuelGame(Game):
    id: ClassVar[str] = "duel"
    title: ClassVar[str] = "Duel (a test game)"
    PLAYERS: ClassVar[range] = range(2, 3)

    state: DuelState

    @classmethod
    def setup(cls, players: int, seed: int, options: Mapping[str, Any]) -> DuelGame:
        if players != 2:
            raise IllegalAction("Duel is for 2 players.")
        rounds = int(options.get("rounds", 3))
        return cls(DuelState(rounds, 1, dict.fromkeys(HOUSES, 0), seed, [RoundFrame()]))

    @classmethod
    def from_position(cls, position: dict[str, Any]) -> DuelGame:
        return cls(DuelState.from_json(position))

    def to_position(self) -> dict[str, Any]:
        return self.state.to_json()

    @classmethod
    def seat_id(cls, text: str) -> str:
        seat = text.strip().lower().removeprefix("house ")
        if seat not in HOUSES:
            raise NotationError(f"There is no house called {quote(text)}.")
        return seat

    @classmethod
    def parse_action(cls, text: str) -> Any:
        match = re.fullmatch(r"\s*(pick ([1-3])|shout (cheer|jeer))\s*", text)
        if match is None:
            raise NotationError(
                f"Write 'pick 1' to 'pick 3', or 'shout cheer' / 'shout jeer', not {quote(text)}."
            )
        return Pick(int(match.group(2))) if match.group(2) else Shout(match.group(3))

    @property
    def over(self) -> bool:
        return self.state.winner is not None

    def seats(self) -> list[str]:
        return list(HOUSES)

    def check_end(self) -> bool:
        state = self.state
        if state.round <= state.rounds or state.winner is not None:
            return False
        best = max(state.scores.values())
        state.winner = next(h for h in HOUSES if state.scores[h] == best)
        self.emit("game-over", f"House {state.winner.title()} wins the duel.")
        return True

    def view(self, seat: str | None) -> dict[str, Any]:
        state = self.state
        frame = state.stack[-1] if state.stack else None
        mine = None
        if seat is not None and isinstance(frame, RoundFrame):
            mine = frame.picks.get(seat)
        return {
            "game": "duel",
            "viewer": seat,
            "round": state.round,
            "rounds": state.rounds,
            "scores": dict(state.scores),
            "winner": state.winner,
            "my_pick": mine,
            "over": self.over,
        }

    def readout(self) -> Readout:
        state = self.state
        frame = state.stack[-1] if state.stack else None
        phase = "over" if self.over else ("shout" if getattr(frame, "revealed", False) else "pick")
        ranking = tuple(sorted(HOUSES, key=lambda h: (-state.scores[h], HOUSES.index(h))))
        return Readout(
            min(state.round, state.rounds),
            phase,
            self.over,
            state.winner,
            ranking if self.over else (),
            HOUSES,
        )
