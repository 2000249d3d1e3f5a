"""Dice (engine.core.dice): faces drawn from the game's seeded generator, one public event per roll, the
same faces after a save and load and in a replay. The game here is a throwaway whose only frame asks one
seat to roll."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from engine.core.decisions import Decision
from engine.core.dice import Die, roll
from engine.core.errors import NotationError
from engine.core.frames import Frame
from engine.core.game import Game, Readout

DIE = Die("westeros-die", ("banner", "sword", "sword", "shield", "morale", "valor"))
REASON = "the attack on C4"


@dataclass(frozen=True)
class Roll:
    def format(self) -> str:
        return "roll"


class DiceFrame(Frame):
    registry: ClassVar[dict[str, type[Frame]]] = {}


@dataclass
class AskToRoll(DiceFrame):
    """Asks ``seat`` to roll ``count`` dice, again and again."""

    kind = "ask-to-roll"
    seat: str = "stark"
    count: int = 3

    def run(self, game: Any) -> list[Decision]:
        return [Decision(self.seat, "roll", "Roll.", secret=False, default=Roll(), options=(Roll(),))]

    def act(self, game: Any, seat: str, action: Any) -> None:
        roll(game, DIE, self.count, seat=seat, reason=REASON)


@dataclass
class DiceState:
    rng: int
    stack: list[Frame]


class DiceGame(Game):
    id: ClassVar[str] = "dice"
    title: ClassVar[str] = "Dice"
    PLAYERS: ClassVar[range] = range(1, 2)

    state: DiceState

    @classmethod
    def setup(cls, players: int, seed: int, options: Mapping[str, Any]) -> DiceGame:
        return cls(DiceState(seed, [AskToRoll()]))

    @classmethod
    def from_position(cls, position: dict[str, Any]) -> DiceGame:
        return cls(DiceState(position["rng"], [DiceFrame.from_json(f) for f in position["stack"]]))

    def to_position(self) -> dict[str, Any]:
        return {"rng": self.state.rng, "stack": [frame.to_json() for frame in self.state.stack]}

    @classmethod
    def seat_id(cls, text: str) -> str:
        if text.strip().lower() != "stark":
            raise NotationError("Only Stark plays.")
        return "stark"

    @classmethod
    def parse_action(cls, text: str) -> Roll:
        if text.strip() != "roll":
            raise NotationError("Write 'roll'.")
        return Roll()

    @property
    def over(self) -> bool:
        return False

    def seats(self) -> list[str]:
        return ["stark"]

    def view(self, seat: str | None) -> dict[str, Any]:
        return {"game": self.id, "phase": "rolling", "viewer": seat, "seats": self.seats()}

    def readout(self) -> Readout:
        return Readout(round=None, phase="rolling", over=False, seats=("stark",))


def rolled(events: list[Any]) -> list[str]:
    (event,) = events
    return event.data["faces"]


def test_a_roll_is_one_public_event_saying_what_was_rolled():
    game = DiceGame.setup(1, 7, {})
    before = game.state.rng
    events = game.apply("stark", "roll")
    assert len(events) == 1
    event = events[0]
    assert event.kind == "roll" and event.to is None
    faces = event.data["faces"]
    assert len(faces) == 3 and set(faces) <= set(DIE.faces)
    assert event.data == {"die": "westeros-die", "faces": faces, "reason": REASON, "seat": "stark"}
    assert event.text == f"House Stark rolls 3 dice for the attack on C4: {', '.join(faces)}."
    assert game.state.rng != before  # the draw is kept in the game's state


def test_the_same_log_rolls_the_same_faces_after_a_save_and_load_and_in_a_replay():
    game = DiceGame.setup(1, 11, {})
    first = rolled(game.apply_line("stark: roll"))
    saved = game.to_position()
    second = rolled(game.apply_line("stark: roll"))

    loaded = DiceGame.from_position(saved)
    assert rolled(loaded.apply_line("stark: roll")) == second
    assert loaded.to_position() == game.to_position()

    replayed = DiceGame.replay(game.notation(), players=1, seed=11)
    assert replayed.to_position() == game.to_position()
    again = DiceGame.setup(1, 11, {})
    assert [rolled(again.apply_line("stark: roll")) for _ in range(2)] == [first, second]


def test_every_face_comes_up_and_the_seed_decides_which():
    game = DiceGame.setup(1, 3, {})
    faces = [face for _ in range(100) for face in rolled(game.apply("stark", "roll"))]
    counts = Counter(faces)
    assert set(counts) == set(DIE.faces)
    assert counts["sword"] > counts["banner"]  # two sides of six
    other = DiceGame.setup(1, 4, {})
    assert [face for _ in range(100) for face in rolled(other.apply("stark", "roll"))] != faces


def test_the_text_of_one_die_no_dice_and_a_roll_of_the_game_itself():
    game = DiceGame.setup(1, 5, {})
    (face,) = roll(game, DIE, 1)
    assert [e.text for e in game._take_events()] == [f"The game rolls 1 die: {face}."]
    before = game.state.rng
    assert roll(game, DIE, 0, seat="stark", reason="nothing") == []
    assert game.state.rng == before  # nothing drawn
    assert [e.text for e in game._take_events()] == ["House Stark rolls no dice for nothing."]


def test_a_die_needs_faces_and_a_roll_a_count():
    with pytest.raises(ValueError, match="no faces"):
        Die("blank", ())
    with pytest.raises(ValueError, match="cannot roll -1"):
        roll(DiceGame.setup(1, 1, {}), DIE, -1)
