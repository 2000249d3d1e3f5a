"""The round (rulebook: "Cómo jugar al juego", "Fase de recuperación", "Fase de organización"): the rally
phase, the marshal phase, the command phase, the regroup phase, again until the battle ends.

The rally and marshal phases ask nothing of the players, so they are steps of the round itself:

- Rally: A. the house with more command tokens on its command board has the advantage (ties go to the
  initiative token's holder) and is the round's first player; B. every commander's command tokens go back
  to his house's board; C. every unit becomes active.
- Marshal: the first player, then the other, A. rolls the battle's order dice and takes an order token for
  each face, adding them to the token kept from the round before, and B. draws the battle's leadership
  cards, shuffling the discard pile into a new deck when the deck runs out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.battles.command import CommandFrame
from engine.battles.frame import BattlesFrame
from engine.battles.regroup import RegroupFrame
from engine.core.decisions import Decision
from engine.core.dice import Die, roll

if TYPE_CHECKING:
    from engine.battles.game import BattlesGame


@dataclass
class RoundFrame(BattlesFrame):
    """The bottom of the stack; ``next`` is the phase it starts next."""

    kind = "round"
    next: str = "rally"

    def run(self, game: BattlesGame) -> list[Decision] | None:
        if self.next == "rally":
            self.next = "marshal"
            rally(game)
        elif self.next == "marshal":
            self.next = "command"
            marshal(game)
        elif self.next == "command":
            self.next = "regroup"
            game.push(CommandFrame(active=game.state.first))
        else:
            self.next = "rally"
            game.push(RegroupFrame())
        return None

    def describe(self, game: BattlesGame, viewer: str | None) -> dict[str, Any]:
        return {"step": "round", "round": game.state.round}


def rally(game: BattlesGame) -> None:
    state = game.state
    boards = state.command_tokens
    a, b = state.houses
    state.first = a if boards[a] > boards[b] else b if boards[b] > boards[a] else state.initiative
    for cid, card in state.commanders.items():
        boards[state.pack.commanders[cid].house] += card.tokens
        card.tokens = 0
    for unit in state.units.values():
        unit.active = True
    game.emit(
        "phase",
        f"Round {state.round} of {state.plan.rounds}: the rally phase. {game.seat_label(state.first)} has "
        "the advantage and plays first; every commander is ready and every unit active.",
        phase="rally",
        round=state.round,
        first=state.first,
    )


def marshal(game: BattlesGame) -> None:
    state = game.state
    game.emit("phase", f"Round {state.round}: the marshal phase.", phase="marshal", round=state.round)
    for house in (state.first, state.other(state.first)):
        setup = state.plan.houses[house]
        faces = roll(
            game, Die("battles", state.pack.die), setup.order_dice, seat=house, reason="order tokens"
        )
        state.add_tokens(house, faces)
        draw(game, house, setup.leadership)


def draw(game: BattlesGame, house: str, count: int) -> None:
    """Draw leadership cards into the house's hand; an empty deck is the shuffled discard pile."""
    state = game.state
    drawn: list[str] = []
    for _ in range(count):
        if not state.decks[house]:
            if not state.discards[house]:
                break
            state.decks[house], state.discards[house] = state.discards[house], []
            game.shuffle(state.decks[house])
            game.emit("reshuffle", f"{game.seat_label(house)} shuffles its discard pile into a new deck.")
        drawn.append(state.decks[house].pop(0))
    state.hands[house].extend(drawn)
    hand = len(state.hands[house])
    game.emit(
        "draw",
        f"{game.seat_label(house)} draws {len(drawn)} leadership cards (its hand holds {hand}).",
        house=house,
        count=len(drawn),
    )
    if drawn:
        game.emit("drawn", f"You draw {', '.join(drawn)}.", to=house, cards=drawn)
