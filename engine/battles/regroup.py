"""The regroup phase (rulebook: "Fase de reagrupación"): A. status conditions, B. victory points,
C. the end of the battle after its last round, D. each player discards down to one leadership card and one
order token, E. morale recovers, F. the round token advances.

Step A resolves status conditions, of which the core game has one, fire (:mod:`engine.battles.fire`).

Step D is the one decision: both players choose at once which card and which token to keep (at most one of
each), and may change their choice until both have chosen. The kept card stays secret; the kept token shows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from data.battles_model import FACES
from engine.battles import fire, morale, victory
from engine.battles.actions import Keep
from engine.battles.frame import BattlesFrame, choose_from
from engine.battles.state import State
from engine.core.decisions import Decision

if TYPE_CHECKING:
    from engine.battles.game import BattlesGame


def must_discard(state: State, house: str) -> bool:
    return len(state.hands[house]) > 1 or len(state.pools[house]) > 1


def keeps(state: State, house: str) -> list[Keep]:
    cards: list[str | None] = [*sorted(set(state.hands[house])), None]
    tokens: list[str | None] = [*sorted(set(state.pools[house]), key=FACES.index), None]
    return [Keep(card, token) for card in cards for token in tokens]


def default_keep(state: State, house: str) -> Keep:
    """Keep the first card of the hand, and a valor token if there is one (it orders any unit) or else the
    first token."""
    pool = state.pools[house]
    token = "valor" if "valor" in pool else pool[0] if pool else None
    return Keep(state.hands[house][0] if state.hands[house] else None, token)


@dataclass
class RegroupFrame(BattlesFrame):
    kind = "regroup"
    step: str = "fire"
    kept: dict[str, Any] = field(default_factory=dict)  # house -> its answer, as [card, token]

    def run(self, game: BattlesGame) -> list[Decision] | None:
        state = game.state
        last = state.round >= state.plan.rounds
        if self.step == "fire":
            game.emit("phase", f"Round {state.round}: the regroup phase.", phase="regroup", round=state.round)
            self.step = "vp"
            fire.regroup(game)
        elif self.step == "vp":
            victory.award(game, final=last)
            self.step = "victory"
        elif self.step == "victory":
            if last:
                victory.finish(game, *victory.final_winner(state))
                return None
            self.step = "discard"
        elif self.step == "discard":
            waiting = [h for h in state.houses if must_discard(state, h) and h not in self.kept]
            if waiting:
                prompt = "Keep at most one leadership card and one order token for the next round."
                return [
                    Decision(h, "keep", prompt, True, default_keep(state, h), options=tuple(keeps(state, h)))
                    for h in waiting
                ]
            for house, (card, token) in sorted(self.kept.items()):
                discard(game, house, card, token)
            self.kept = {}
            self.step = "morale"
        elif self.step == "morale":
            morale.recover(game)
            self.step = "advance"
        else:
            state.round += 1
            game.pop(self)
        return None

    def act(self, game: BattlesGame, house: str, action: Any) -> None:
        chosen = choose_from(action, keeps(game.state, house), "what you keep ('keep CARD TOKEN')")
        self.kept[house] = [chosen.card, chosen.token]

    def accepts_resubmission(self, house: str) -> bool:
        return self.step == "discard" and house in self.kept

    def withdraw(self, house: str) -> None:
        self.kept.pop(house, None)

    def describe(self, game: BattlesGame, viewer: str | None) -> dict[str, Any]:
        return {"step": "regroup", "substep": self.step, "chosen": sorted(self.kept)}


def discard(game: BattlesGame, house: str, card: str | None, token: str | None) -> None:
    state = game.state
    hand = state.hands[house]
    state.discards[house].extend(c for c in hand if c != card)
    state.hands[house] = [card] if card else []
    state.pools[house] = [token] if token else []
    kept = "a leadership card" if card else "no leadership card"
    kept_token = f"a {token} order token" if token else "no order token"
    game.emit(
        "keep",
        f"{game.seat_label(house)} keeps {kept} and {kept_token}.",
        house=house,
        token=token,
    )
