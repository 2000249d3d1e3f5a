"""The Westeros phase (skipped in round 1): advance the round, draw decks I-III, advance the wildlings,
resolve the cards in deck order.

Revealed cards go to their deck's discard pile. Winter Is Coming goes back into the cards not yet drawn
(the rulebook: "shuffle this deck, including this card"), which are shuffled, and the card then drawn
replaces it, wildling icon included. Ten cards per deck cover the nine Westeros phases of a game, so a
deck never runs dry; should it (a repaired position), its discard pile is shuffled back in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from data.thrones_names import Named
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.thrones.actions import Action, Choose
from engine.thrones.bidding import ClashOfKingsFrame
from engine.thrones.board import BOARD, FACTS
from engine.thrones.control import controller, gain_power, port_pays, units_house
from engine.thrones.frame import ThronesFrame, expect
from engine.thrones.mustering import MusteringFrame
from engine.thrones.phrases import tally
from engine.thrones.reconcile import SupplyFrame
from engine.thrones.victory import standings
from engine.thrones.wildlings import WildlingAttackFrame
from i18n import psaid

if TYPE_CHECKING:
    from engine.thrones.game import ThronesGame

WINTER_IS_COMING = "winter-is-coming"
ROMAN = ("I", "II", "III")

# Deck III cards that restrict the coming Planning phase.
RESTRICTING_CARDS = {
    "rains-of-autumn": "no-special-march",
    "storm-of-swords": "no-defense",
    "sea-of-storms": "no-raid",
    "feast-for-crows": "no-consolidate",
    "web-of-lies": "no-support",
}

# Cards whose effect is chosen by a dominance token holder: (track of the holder, {option: effect}).
CHOICE_CARDS: dict[str, tuple[str, dict[str, str]]] = {
    "a-throne-of-blades": ("throne", {"muster": "mustering", "supply": "supply", "nothing": "nothing"}),
    "dark-wings-dark-words": (
        "court",
        {"bidding": "clash-of-kings", "power": "game-of-thrones", "nothing": "nothing"},
    ),
    "put-to-the-sword": (
        "fiefdoms",
        {"no-special-march": "rains-of-autumn", "no-defense": "storm-of-swords", "nothing": "nothing"},
    ),
}


def card_name(card: str) -> str:
    return FACTS.westeros_cards[card].name


def draw(game: ThronesGame, deck_index: int) -> str:
    state = game.state
    deck = state.westeros_decks[deck_index]
    while True:
        if not deck or all(card == WINTER_IS_COMING for card in deck):
            deck.extend(state.westeros_discards[deck_index])
            state.westeros_discards[deck_index].clear()
            game.shuffle(deck)
        card = deck.pop(0)
        if card != WINTER_IS_COMING:
            state.westeros_discards[deck_index].append(card)
            return card
        deck.append(card)
        game.shuffle(deck)
        game.emit(
            "winter-is-coming",
            f"Winter Is Coming: Westeros deck {ROMAN[deck_index]} is shuffled and another card drawn.",
            deck=deck_index + 1,
        )


_POWER_AREAS = tuple((area, icons) for area, icons in BOARD.power_icons.items() if icons)


def collect_power(game: ThronesGame) -> None:
    """Game of Thrones: power for every power icon a house controls, and for each port that pays."""
    state = game.state
    earned = dict.fromkeys(state.throne, 0)  # each area's owner found once, not once per house
    for area, icons in _POWER_AREAS:
        owner = controller(state, area)
        if owner in earned:
            earned[owner] += icons
    for port in BOARD.port:
        owner = units_house(state, port)
        if owner in earned and port_pays(state, port, owner):
            earned[owner] += 1
    gains = {house: gain_power(state, house, earned[house]) for house in state.throne}
    listed = tally((house, f"+{gained}") for house, gained in gains.items())
    game.emit("power", f"Houses collect power: {listed}.", gains=gains)


def resolve_effect(game: ThronesGame, effect: str) -> None:
    """Start the effect of a Westeros card (or of a card another card imitates)."""
    state = game.state
    if effect == "supply":
        game.push(SupplyFrame())
    elif effect == "mustering":
        game.push(MusteringFrame())
    elif effect == "clash-of-kings":
        game.push(ClashOfKingsFrame())
    elif effect == "game-of-thrones":
        collect_power(game)
    elif effect == "wildlings-attack":
        game.push(WildlingAttackFrame(strength=state.wildling_threat, participants=list(state.throne)))
    elif effect in RESTRICTING_CARDS:
        restriction = RESTRICTING_CARDS[effect]
        if restriction not in state.restrictions:
            state.restrictions.append(restriction)
    elif effect in CHOICE_CARDS:
        game.push(DominanceChoiceFrame(card=effect))
    elif effect in ("last-days-of-summer", "nothing"):
        pass
    else:
        raise RuntimeError(f"no effect for Westeros card {effect!r}")


@dataclass
class DominanceChoiceFrame(ThronesFrame):
    """A Throne of Blades, Dark Wings Dark Words, Put to the Sword: a dominance token holder chooses."""

    kind = "westeros-choice"
    card: str = ""

    def _holder(self, game: ThronesGame) -> str:
        track, _ = CHOICE_CARDS[self.card]
        return getattr(game.state, track)[0]

    def run(self, game: ThronesGame) -> list[Decision] | None:
        _, options = CHOICE_CARDS[self.card]
        return [
            Decision(
                house=self._holder(game),
                kind="westeros-choice",
                prompt=f"{card_name(self.card)}: choose one of {', '.join(options)}.",
                secret=False,
                default=Choose("nothing"),
                options=tuple(Choose(option) for option in options),
                data={"card": self.card},
            )
        ]

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        _, options = CHOICE_CARDS[self.card]
        expect(
            action,
            Choose,
            what=psaid(
                "awaited", "a choice for {card} ('choose OPTION')", card=Named("westeros_cards", self.card)
            ),
        )
        assert isinstance(action, Choose)
        if action.option not in options:
            raise IllegalAction("Choose one of: {options}.", options=", ".join(options))
        game.pop(self)
        effect = options[action.option]
        chosen = "nothing" if effect == "nothing" else card_name(effect)
        game.emit(
            "westeros-choice",
            f"{card_name(self.card)}: House {house.title()} chooses {chosen}.",
            card=self.card,
            house=house,
            option=action.option,
            effect=effect,
        )
        resolve_effect(game, effect)

    def describe(self, game: ThronesGame, viewer: str | None) -> dict[str, Any]:
        return {"step": "westeros-choice", "card": self.card}


@dataclass
class WesterosFrame(ThronesFrame):
    kind = "westeros"
    step: str = "draw"
    cards: list[str] = field(default_factory=list)
    index: int = 0

    def run(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        if self.step == "draw":
            ranked = standings(state)  # as the last round ended, for a table that ends the game there
            state.round += 1
            game.emit(
                "phase",
                f"Round {state.round}: the Westeros phase begins.",
                phase="westeros",
                round=state.round,
                standings=ranked,
            )
            self.cards = [draw(game, deck) for deck in range(3)]
            state.westeros_revealed = list(self.cards)
            listed = ", ".join(f"{ROMAN[i]}: {card_name(card)}" for i, card in enumerate(self.cards))
            game.emit("westeros-cards", f"Westeros cards: {listed}.", cards=list(self.cards))
            self.step = "threat"
            return None
        if self.step == "threat":
            self.step = "resolve"
            icons = sum(1 for card in self.cards if FACTS.westeros_cards[card].wildling_icon)
            if icons:
                top = FACTS.wildling_track[-1]
                before = state.wildling_threat
                state.wildling_threat = min(top, before + 2 * icons)
                game.emit(
                    "wildling-threat",
                    f"The wildlings grow stronger: their threat rises from {before} to "
                    f"{state.wildling_threat}.",
                    before=before,
                    after=state.wildling_threat,
                    cause="westeros",
                )
                if state.wildling_threat == top:
                    game.push(WildlingAttackFrame(strength=top, participants=list(state.throne)))
            return None
        if self.index < len(self.cards):
            card = self.cards[self.index]
            self.index += 1
            resolve_effect(game, card)
            return None
        game.pop(self)
        return None

    def describe(self, game: ThronesGame, viewer: str | None) -> dict[str, Any]:
        return {"step": "westeros", "cards": list(self.cards), "resolving": self.index}


def _check_card_ids() -> None:
    known = (
        set(RESTRICTING_CARDS)
        | set(CHOICE_CARDS)
        | {
            "supply",
            "mustering",
            "clash-of-kings",
            "game-of-thrones",
            "wildlings-attack",
            "last-days-of-summer",
            WINTER_IS_COMING,
        }
    )
    unknown = set(FACTS.westeros_cards) - known
    if unknown:
        raise RuntimeError(f"Westeros cards without rules: {sorted(unknown)}")


_check_card_ids()
