"""Wildling attacks (rulebook: "Ataques de los Salvajes").

The attack's strength is the threat on the wildling track. Every taking part bids power in secret;
the Night's Watch holds if the bids together reach the strength. The top wildling card then rewards
the highest bidder (the Night's Watch held) or punishes the lowest bidder hard and everyone else
lightly (the wildlings won); the Iron Throne holder settles a tie for highest or lowest. The card is
buried at the bottom of the deck, and the threat drops to 0 after a Night's Watch victory, or two
spaces (4) after a wildling victory. Bids are paid to the pool when they are revealed, so a card that
counts available power sees what each house kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.thrones.actions import Action, Choose
from engine.thrones.bidding import bid_decisions, pay_bids, take_bid
from engine.thrones.board import FACTS
from engine.thrones.frame import ThronesFrame, expect
from engine.thrones.phrases import named, tally
from i18n import psaid

if TYPE_CHECKING:
    from engine.thrones.game import ThronesGame


def wildling_card_name(card: str) -> str:
    return FACTS.wildling_cards[card].name


@dataclass
class WildlingAttackFrame(ThronesFrame):
    kind = "wildling-attack"
    strength: int = 0
    participants: list[str] = field(default_factory=list)
    bids: dict[str, int] = field(default_factory=dict)
    step: str = "bid"  # bid -> tie -> card -> done
    watch_won: bool = False
    candidates: list[str] = field(default_factory=list)  # tied for highest (watch won) or lowest bid
    chosen: str | None = None  # the highest bidder (watch won) or the lowest bidder (wildlings won)
    card: str | None = None

    def __post_init__(self) -> None:
        # The bid decisions, by house (see bid_decisions): given again while the others bid rather than
        # made anew. Not a field: no position holds it.
        self._asked: dict[str, Decision] = {}

    def run(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        if self.step == "bid":
            waiting = bid_decisions(
                state,
                self.participants,
                self.bids,
                f"The wildlings attack with strength {self.strength}: bid power for the Night's Watch.",
                {"wildlings": self.strength},
                self._asked,
            )
            if waiting:
                return waiting
            self._reveal(game)
            return None
        if self.step == "tie":
            if len(self.candidates) > 1:
                which = "highest" if self.watch_won else "lowest"
                return [
                    Decision(
                        house=state.throne[0],
                        kind="wildling-tie",
                        prompt=f"As holder of the Iron Throne, choose the {which} bidder among "
                        f"{', '.join(h.title() for h in self.candidates)}.",
                        secret=False,
                        default=Choose(self.candidates[0]),
                        options=tuple(Choose(h) for h in self.candidates),
                        data={"which": which},
                    )
                ]
            self.chosen = self.candidates[0] if self.candidates else None
            self.step = "card"
            return None
        if self.step == "card":
            from engine.thrones.wildling_cards import start_card

            self.step = "done"
            self.card = state.wildling_deck.pop(0)
            state.wildling_known_to = []
            state.last_wildling_card = self.card
            outcome = "The Night's Watch holds" if self.watch_won else "The wildlings break through"
            game.emit(
                "wildling-card",
                f"{outcome}. The wildling card is {wildling_card_name(self.card)}.",
                card=self.card,
                watch_won=self.watch_won,
                chosen=self.chosen,
            )
            start_card(game, self)
            return None
        state.wildling_deck.append(self.card or "")
        before = state.wildling_threat
        if self.watch_won:
            state.wildling_threat = 0
        else:
            state.wildling_threat = max(0, state.wildling_threat - 4)
        game.emit(
            "wildling-threat",
            f"The wildling threat goes from {before} to {state.wildling_threat}.",
            before=before,
            after=state.wildling_threat,
            cause="attack",
        )
        game.pop(self)
        return None

    def _reveal(self, game: ThronesGame) -> None:
        state = game.state
        pay_bids(state, self.bids)
        total = sum(self.bids.values())
        self.watch_won = total >= self.strength
        listed = tally((house, self.bids[house]) for house in self.participants)
        verdict = "the Night's Watch holds" if self.watch_won else "the wildlings win"
        game.emit(
            "wildling-bids",
            f"Night's Watch bids: {listed} (total {total} against {self.strength}): {verdict}.",
            bids=dict(self.bids),
            participants=list(self.participants),
            total=total,
            strength=self.strength,
            watch_won=self.watch_won,
        )
        if self.participants:
            extreme = max(self.bids.values()) if self.watch_won else min(self.bids.values())
            self.candidates = [h for h in state.throne if h in self.bids and self.bids[h] == extreme]
        self.step = "tie"

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        if self.step == "bid":
            take_bid(game.state, house, action, self.bids)
            return
        expect(action, Choose, what=psaid("awaited", "the house that settles the tie ('choose HOUSE')"))
        assert isinstance(action, Choose)
        if action.option not in self.candidates:
            raise IllegalAction(
                "Choose one of the tied houses: {houses}.", houses=named("houses", self.candidates)
            )
        self.chosen = action.option
        self.step = "card"

    def accepts_resubmission(self, house: str) -> bool:
        return self.step == "bid" and house in self.bids

    def withdraw(self, house: str) -> None:
        del self.bids[house]

    def describe(self, game: ThronesGame, viewer: str | None) -> dict[str, Any]:
        described: dict[str, Any] = {
            "step": "wildling-attack",
            "strength": self.strength,
            "participants": list(self.participants),
        }
        if self.step == "bid":
            described["bid_placed"] = sorted(self.bids)
            if viewer in self.bids:
                described["my_bid"] = self.bids[viewer]
        else:
            described.update(
                bids=dict(self.bids), watch_won=self.watch_won, chosen=self.chosen, card=self.card
            )
        return described
