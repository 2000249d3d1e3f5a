"""A battle between two houses, step by step as the rulebook orders it ("La secuencia de combate").

1. support; 2. initial strength; 3. house cards, chosen in secret and revealed together, then their
texts: cancelling first, then the immediate ones, in Iron Throne order; Tides of Battle if in use;
4. the Valyrian Steel Blade; 5. final strength and the winner (ties to the better Fiefdoms position);
the texts that wait for the winner; 6. casualties, skulls, the loser's retreat, the end of combat, and
the texts that act after it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from data.thrones_names import Named
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.thrones.actions import Action, Choose, Destroy, Discard, Play
from engine.thrones.board import BOARD, FACTS
from engine.thrones.combat import abilities, cards
from engine.thrones.combat.battle import Battle
from engine.thrones.combat.retreat import allowed_retreats, retreat_options
from engine.thrones.combat.strength import breakdown, strength_text, supporters
from engine.thrones.frame import expect
from engine.thrones.phrases import tides_name
from engine.thrones.phrases import units as unit_list
from engine.thrones.ports import settle_port
from engine.thrones.state import Order, State, Unit
from engine.thrones.supply import within_limit
from i18n import nsaid, psaid

if TYPE_CHECKING:
    from engine.thrones.game import ThronesGame

# Units a forced choice gives up first: the weakest.
_EXPENDABLE = {"footman": 0, "ship": 1, "siege": 2, "knight": 3}
# Playing each house card: actions are frozen values, so one of each serves every prompt (hands hold only
# known cards: positions are checked).
_PLAYS = {card: Play(card) for card in FACTS.house_cards}
# What losses a decision kind asks for: the battle's casualties, or those of Tides of Battle skulls.
_LOSS_CAUSES = {"casualties": "casualties", "skull-casualties": "skulls"}
# What the card and the retreat steps wait for, said once here rather than at every answer.
_AWAITED_CARD = psaid("awaited", "your house card ('play CARD')")
_AWAITED_RETREAT = psaid("awaited", "the area to retreat to ('choose AREA')")


def card_name(card: str | None) -> str:
    return FACTS.house_cards[card].name if card else "no house card"


def weakest_card(hand: list[str]) -> str:
    return min(hand, key=lambda c: (FACTS.house_cards[c].strength, c))


def draw_tides(game: ThronesGame) -> str:
    """The top Tides of Battle card. The rulebook makes one deck at setup and says nothing of its end:
    cards drawn go to a discard pile after the battle, and an empty deck is made again from the
    shuffled discards."""
    state = game.state
    if not state.tides_deck:
        state.tides_deck, state.tides_discards = state.tides_discards, []
        game.shuffle(state.tides_deck)
    return state.tides_deck.pop(0)


@dataclass
class CombatFrame(Battle):
    kind = "combat"
    step: str = "support"
    chosen: dict[str, str] = field(default_factory=dict)  # secret card choices until both are in
    cancelled: str | None = None  # the card Tyrion Lannister sent back to its owner's hand
    todo: list[str] = field(default_factory=list)  # houses whose text at the current timing is pending
    winner: str | None = None
    strengths: dict[str, dict[str, int]] = field(default_factory=dict)
    losses: dict[str, int] = field(default_factory=dict)  # skull losses still to take, by house
    retreat_to: str | None = None
    retreat_losses: int = 0
    returning: bool = False  # the winning attacker's units go back (Arianne Martell), not routed

    def __post_init__(self) -> None:
        # Each side's strength before the cards (with its text), and each house's card decision, worked
        # out once: nothing changes the board or the battle from the end of support until both cards are
        # in (a card choice stays in ``chosen``), so the decision is not built again after the other
        # house's answer. Not fields: no position holds them (a loaded frame works them out anew).
        self._before_cards: dict[str, tuple[dict[str, int], str]] | None = None
        self._asked_cards: dict[str, Decision] = {}
        # The retreats last offered to the loser, with their losses: nothing changes the board while the
        # frame waits for the choice, so the answer is checked against them, not worked out again.
        self._retreats: dict[str, int] | None = None

    @property
    def loser(self) -> str:
        return self.opponent(self.winner or "")

    def fighters(self, state: State, house: str) -> list[str]:
        """The kinds of the house's units fighting in this battle that can still be hurt (not routed)."""
        if house == self.attacker:
            return list(self.army)
        return [u.kind for u in state.units.get(self.area, []) if u.house == house and not u.routed]

    # --- the driver -------------------------------------------------------------------------------

    def run(self, game: ThronesGame) -> list[Decision] | None:
        return _RUNS[self.step](self, game)

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        _ACTS[self.step](self, game, house, action)

    def accepts_resubmission(self, house: str) -> bool:
        return self.step == "cards" and house in self.chosen

    def withdraw(self, house: str) -> None:
        del self.chosen[house]

    # --- 1-2. support, initial strength -----------------------------------------------------------

    def _run_support(self, game: ThronesGame) -> list[Decision] | None:
        decisions = self.support_decisions(game)
        if decisions:
            return decisions
        before = self._strengths_before_cards(game.state)
        att, dfn = (before[h][0]["total"] for h in (self.attacker, self.defender))
        game.emit(
            "combat-strength",
            f"Initial strength in {BOARD.name(self.area)}: House "
            f"{self.attacker.title()} {att}, House {self.defender.title()} {dfn}.",
            area=self.area,
            attacker=att,
            defender=dfn,
            attacker_house=self.attacker,
            defender_house=self.defender,
        )
        self.step = "cards"
        return None

    def _act_support(self, game: ThronesGame, house: str, action: Action) -> None:
        self.act_support(game, house, action)

    # --- 3. house cards ---------------------------------------------------------------------------

    def _strengths_before_cards(self, state: State) -> dict[str, tuple[dict[str, int], str]]:
        """Each side's strength before the cards and its text (see ``__post_init__``)."""
        before = self._before_cards
        if before is None:
            before = {}
            for side in (self.attacker, self.defender):
                parts = breakdown(state, self, side)
                before[side] = parts, strength_text(parts)
            self._before_cards = before
        return before

    def _card_decision(self, state: State, house: str) -> Decision:
        asked = self._asked_cards.get(house)
        if asked is not None:
            return asked
        hand = state.hands[house]
        before = self._strengths_before_cards(state)
        (mine, mine_text), (theirs, theirs_text) = before[house], before[self.opponent(house)]
        asked = self._asked_cards[house] = Decision(
            house=house,
            kind="house-card",
            prompt=f"Battle in {BOARD.name(self.area)} against House {self.opponent(house).title()}: "
            f"your strength before the cards is {mine_text}, theirs "
            f"{theirs_text}. Choose your house card ('play CARD').",
            secret=True,
            default=_PLAYS[weakest_card(hand)],
            options=tuple([_PLAYS[card] for card in hand]),
            data={  # copies: the two decisions must not share a dict a driver might change
                "battle": self.area,
                "opponent": self.opponent(house),
                "strength": dict(mine),
                "opposing": dict(theirs),
            },
        )
        return asked

    def _run_cards(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        waiting = []
        for house in (self.attacker, self.defender):
            if house in self.chosen:
                continue
            hand = state.hands[house]
            if len(hand) == 1:
                self.chosen[house] = hand[0]
                continue
            waiting.append(self._card_decision(state, house))
        if waiting:
            return waiting
        for house in (self.attacker, self.defender):
            card = self.chosen[house]
            state.hands[house].remove(card)
            self.cards[house] = card
        self.chosen = {}
        self.revealed = True
        game.emit(
            "house-cards",
            f"House cards revealed: House {self.attacker.title()} plays "
            f"{card_name(self.cards[self.attacker])}, House {self.defender.title()} plays "
            f"{card_name(self.cards[self.defender])}.",
            area=self.area,
            cards=dict(self.cards),
            attacker=self.attacker,
            defender=self.defender,
        )
        self.step = "cancel"
        return None

    def _act_cards(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(action, Play, what=_AWAITED_CARD)
        assert isinstance(action, Play)
        if action.card not in game.state.hands[house]:
            raise IllegalAction("{card} is not in your hand.", card=Named("house_cards", action.card))
        self.chosen[house] = action.card

    # --- 3. texts that cancel, then immediate texts -----------------------------------------------

    def _tyrion(self) -> str | None:
        return next(
            (h for h in (self.attacker, self.defender) if self.cards.get(h) == "tyrion-lannister"), None
        )

    def _run_cancel(self, game: ThronesGame) -> list[Decision] | None:
        lannister = self._tyrion()
        if lannister is not None and self.cards.get(self.opponent(lannister)) is not None:
            other = self.opponent(lannister)
            return [
                Decision(
                    house=lannister,
                    kind="tyrion",
                    prompt=f"Tyrion Lannister: send {card_name(self.cards[other])} back to House "
                    f"{other.title()}'s hand, so that it must play another card? ('choose cancel' or "
                    "'choose keep')",
                    secret=False,
                    default=Choose("keep"),
                    options=(Choose("cancel"), Choose("keep")),
                    data={"card": self.cards[other], "opponent": other},
                )
            ]
        self._start_immediate(game)
        return None

    def _act_cancel(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(action, Choose, what=psaid("awaited", "'choose cancel' or 'choose keep'"))
        assert isinstance(action, Choose)
        if action.option not in ("cancel", "keep"):
            raise IllegalAction("Answer 'choose cancel' or 'choose keep'.")
        if action.option == "keep":
            self._start_immediate(game)
            return
        other = self.opponent(house)
        card = self.cards[other]
        assert card is not None
        game.state.hands[other].append(card)
        self.cards[other] = None
        self.cancelled = card
        self.step = "replace"
        game.emit(
            "tyrion",
            f"Tyrion Lannister sends {card_name(card)} back to House {other.title()}'s hand.",
            house=house,
            card=card,
            owner=other,
        )

    def _replacements(self, state: State, house: str) -> list[str]:
        return [card for card in state.hands[house] if card != self.cancelled]

    def _run_replace(self, game: ThronesGame) -> list[Decision] | None:
        house = self.opponent(self._tyrion() or "")
        choices = self._replacements(game.state, house)
        if len(choices) > 1:
            return [
                Decision(
                    house=house,
                    kind="replace-card",
                    prompt="Tyrion Lannister sent your card back: play another ('play CARD').",
                    secret=False,
                    default=Play(weakest_card(choices)),
                    options=tuple(Play(card) for card in choices),
                )
            ]
        self._replace(game, house, choices[0] if choices else None)
        return None

    def _act_replace(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(action, Play, what=psaid("awaited", "another house card ('play CARD')"))
        assert isinstance(action, Play)
        if action.card not in self._replacements(game.state, house):
            assert self.cancelled is not None  # the replace step follows Tyrion's cancelling
            raise IllegalAction(
                "Play a card from your hand other than {card}.", card=Named("house_cards", self.cancelled)
            )
        self._replace(game, house, action.card)

    def _replace(self, game: ThronesGame, house: str, card: str | None) -> None:
        if card is not None:
            game.state.hands[house].remove(card)
        self.cards[house] = card
        text = f"plays {card_name(card)} instead" if card is not None else "has no other card to play"
        game.emit("house-cards", f"House {house.title()} {text}.", house=house, card=card)
        self._start_immediate(game)

    def _start_immediate(self, game: ThronesGame) -> None:
        self.step = "immediate"
        self.todo = [h for h in game.state.throne if h in self.cards and self.cards[h] in cards.IMMEDIATE]

    def _run_immediate(self, game: ThronesGame) -> list[Decision] | None:
        while self.todo:
            house = self.todo[0]
            decision = abilities.immediate_decision(game, self, house)
            if decision is not None:
                return [decision]
            self.todo.pop(0)
        self.step = "tides"
        return None

    def _act_immediate(self, game: ThronesGame, house: str, action: Action) -> None:
        abilities.act_immediate(game, self, house, action)
        self.todo.pop(0)

    # --- Tides of Battle, then the Valyrian Steel Blade -------------------------------------------

    def _blade_holder(self, state: State) -> str | None:
        holder = state.fiefdoms[0]
        if holder in (self.attacker, self.defender) and not state.blade_used:
            return holder
        return None

    def _run_tides(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        if not state.tides_of_battle or self.tides_revealed:
            self.step = "blade"
            return None
        for house in (self.attacker, self.defender):
            if house not in self.tides:
                self.tides[house] = draw_tides(game)
        holder = self._blade_holder(state)
        if holder is not None:
            return [
                Decision(
                    house=holder,
                    kind="tides-redraw",
                    prompt=f"Your Tides of Battle card is {self.tides[holder]}. Use the Valyrian Steel Blade "
                    "to discard it and draw another, which you must keep? ('choose redraw' or 'choose keep')",
                    secret=True,
                    default=Choose("keep"),
                    options=(Choose("redraw"), Choose("keep")),
                    schema={"card": self.tides[holder]},
                )
            ]
        self._reveal_tides(game)
        return None

    def _act_tides(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(action, Choose, what=psaid("awaited", "'choose redraw' or 'choose keep'"))
        assert isinstance(action, Choose)
        if action.option not in ("redraw", "keep"):
            raise IllegalAction("Answer 'choose redraw' or 'choose keep'.")
        state = game.state
        if action.option == "redraw":
            state.tides_discards.append(self.tides[house])
            self.tides[house] = draw_tides(game)
            state.blade_used = True
            game.emit(
                "blade",
                f"House {house.title()} uses the Valyrian Steel Blade to draw another Tides of Battle card.",
                house=house,
                use="redraw",
            )
        self._reveal_tides(game)

    def _reveal_tides(self, game: ThronesGame) -> None:
        self.tides_revealed = True
        self.step = "blade"
        game.emit(
            "tides",
            f"Tides of Battle: House {self.attacker.title()} {tides_name(self.tides[self.attacker])}, House "
            f"{self.defender.title()} {tides_name(self.tides[self.defender])}.",
            tides=dict(self.tides),
            attacker=self.attacker,
            defender=self.defender,
        )

    def _run_blade(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        holder = self._blade_holder(state)
        if holder is not None:
            behind = (
                breakdown(state, self, self.opponent(holder))["total"]
                - breakdown(state, self, holder)["total"]
            )
            # The holder is first on the Fiefdoms track and wins ties, so +1 decides only from one behind.
            if behind == 1:
                return [
                    Decision(
                        house=holder,
                        kind="blade",
                        prompt="Use the Valyrian Steel Blade for +1 strength (once a round)? It turns this "
                        "battle in your favour. ('choose use' or 'choose keep')",
                        secret=False,
                        default=Choose("use"),
                        options=(Choose("use"), Choose("keep")),
                    )
                ]
        self.step = "winner"
        return None

    def _act_blade(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(action, Choose, what=psaid("awaited", "'choose use' or 'choose keep'"))
        assert isinstance(action, Choose)
        if action.option not in ("use", "keep"):
            raise IllegalAction("Answer 'choose use' or 'choose keep'.")
        if action.option == "use":
            self.blade_plus = house
            game.state.blade_used = True
            game.emit(
                "blade", f"House {house.title()} uses the Valyrian Steel Blade: +1.", house=house, use="plus"
            )
        self.step = "winner"

    # --- 5. the winner, and the texts that wait for it --------------------------------------------

    def _run_winner(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        self.strengths = {h: breakdown(state, self, h) for h in (self.attacker, self.defender)}
        att, dfn = self.strengths[self.attacker]["total"], self.strengths[self.defender]["total"]
        if att != dfn:
            self.winner = self.attacker if att > dfn else self.defender
        else:
            self.winner = min((self.attacker, self.defender), key=state.fiefdoms.index)
        tie = " (a tie, won on the Fiefdoms track)" if att == dfn else ""
        game.emit(
            "combat-result",
            f"Battle in {BOARD.name(self.area)}: House {self.attacker.title()} {att}, House "
            f"{self.defender.title()} {dfn}. House {self.winner.title()} wins{tie}.",
            area=self.area,
            attacker=self.attacker,
            defender=self.defender,
            winner=self.winner,
            strengths=self.strengths,
            supporters=supporters(state, self),
            cards=dict(self.cards),
            tides=dict(self.tides) if self.tides_revealed else {},
            tie=att == dfn,
        )
        game.mark("battles", self.area, self.attacker, self.defender, self.winner)
        for house in (self.attacker, self.defender):
            card = self.cards.get(house)
            if card is not None:
                state.discards[house].append(card)
        if self.loser == self.defender and self.area in state.garrisons:
            del state.garrisons[self.area]
            game.emit(
                "garrison",
                f"The garrison of {BOARD.name(self.area)} is defeated and removed.",
                area=self.area,
            )
        self.step = "after-winner"
        self.todo = [h for h in state.throne if h in self.cards and self.cards[h] in cards.AFTER_WINNER]
        return None

    def _run_after_winner(self, game: ThronesGame) -> list[Decision] | None:
        while self.todo:
            house = self.todo[0]
            decision = abilities.after_winner_decision(game, self, house)
            if decision is not None:
                return [decision]
            self.todo.pop(0)
        self._start_casualties(game)
        return None

    def _act_after_winner(self, game: ThronesGame, house: str, action: Action) -> None:
        abilities.act_after_winner(game, self, house, action)
        self.todo.pop(0)

    # --- 6. casualties and skulls -----------------------------------------------------------------

    def _start_casualties(self, game: ThronesGame) -> None:
        state = game.state
        winner, loser = self.winner or "", self.loser
        count = max(0, cards.swords(state, self, winner) - cards.fortifications(state, self, loser))
        if cards.plays(self, loser, "the-blackfish"):
            count = 0
        self.losses = {loser: count} if count else {}
        self.step = "casualties"

    def _loss_decision(self, game: ThronesGame, kind: str, reason: str) -> list[Decision] | None:
        """Ask the next house owing losses which units it loses; take them at once when there is no choice."""
        state = game.state
        while self.losses:
            house = next(h for h in state.throne if h in self.losses)
            count = self.losses[house]
            fighters = self.fighters(state, house)
            if count >= len(fighters) or len(set(fighters)) <= 1:
                lost = sorted(fighters, key=_EXPENDABLE.__getitem__)[:count]
                self._take_losses(game, house, lost, _LOSS_CAUSES[kind])
                continue
            weakest = sorted(fighters, key=_EXPENDABLE.__getitem__)[:count]
            return [
                Decision(
                    house=house,
                    kind=kind,
                    prompt=f"{reason}: choose {count} of your units in {BOARD.name(self.area)} to lose.",
                    secret=False,
                    default=Destroy(tuple((self.area, k) for k in weakest)),
                    schema={"count": count, "units": [[self.area, k] for k in fighters]},
                    data={"battle": self.area, "count": count},
                )
            ]
        return None

    def _check_losses(self, game: ThronesGame, house: str, action: Action) -> list[str]:
        expect(
            action,
            Destroy,
            what=psaid("awaited", "the units you lose ('destroy {area} UNIT, ...')", area=self.area),
        )
        assert isinstance(action, Destroy)
        count = self.losses[house]
        if len(action.units) != count:
            raise IllegalAction(nsaid("Choose exactly {count} unit.", "Choose exactly {count} units.", count))
        if any(area != self.area for area, _ in action.units):
            raise IllegalAction(
                "Only your units fighting in {area} can be lost.", area=Named("areas", self.area)
            )
        kinds = [kind for _, kind in action.units]
        if Counter(kinds) - Counter(self.fighters(game.state, house)):
            raise IllegalAction("You do not have those units fighting (routed units cannot be chosen).")
        return kinds

    def _take_losses(self, game: ThronesGame, house: str, kinds: list[str], cause: str) -> None:
        """Take the house's chosen losses; ``cause`` is "casualties" (the battle's swords) or "skulls"
        (the Tides of Battle card's)."""
        del self.losses[house]
        state = game.state
        for kind in kinds:
            if house == self.attacker:
                self.army.remove(kind)
            else:
                pool = state.units[self.area]
                pool.pop(next(i for i, u in enumerate(pool) if u.kind == kind and not u.routed))
        if house != self.attacker and not state.units.get(self.area):
            state.units.pop(self.area, None)
        if kinds:
            reason = "Casualties" if cause == "casualties" else "Tides of Battle skulls"
            game.emit(
                "casualties",
                f"{reason}: House {house.title()} loses {unit_list(kinds)}.",
                house=house,
                units=list(kinds),
                area=self.area,
                cause=cause,
            )

    def _run_casualties(self, game: ThronesGame) -> list[Decision] | None:
        decisions = self._loss_decision(game, "casualties", "Casualties")
        if decisions:
            return decisions
        self.losses = {}
        for house in (self.attacker, self.defender):
            victim = self.opponent(house)
            count = cards.skulls(self, house)
            if count and not cards.plays(self, victim, "the-blackfish"):
                self.losses[victim] = self.losses.get(victim, 0) + count
        self.step = "skulls"
        return None

    def _act_casualties(self, game: ThronesGame, house: str, action: Action) -> None:
        self._take_losses(game, house, self._check_losses(game, house, action), _LOSS_CAUSES["casualties"])

    def _run_skulls(self, game: ThronesGame) -> list[Decision] | None:
        decisions = self._loss_decision(game, "skull-casualties", "Tides of Battle skulls")
        if decisions:
            return decisions
        self.step = "retreat"
        return None

    def _act_skulls(self, game: ThronesGame, house: str, action: Action) -> None:
        self._take_losses(
            game, house, self._check_losses(game, house, action), _LOSS_CAUSES["skull-casualties"]
        )

    # --- retreat ----------------------------------------------------------------------------------

    def _run_retreat(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        loser = self.loser
        if loser == self.attacker:
            return self._attacker_retreats(game)
        units = state.units.get(self.area, [])
        stuck = [u for u in units if u.routed or u.kind == "siege"]
        if stuck:
            state.units[self.area] = [u for u in units if not (u.routed or u.kind == "siege")]
            if not state.units[self.area]:
                del state.units[self.area]
            lost = [u.kind for u in stuck]
            why = "routed units and siege engines cannot retreat"
            text = f"House {loser.title()} loses {unit_list(lost)}: {why}."
            game.emit("casualties", text, house=loser, units=lost, cause="stuck")
        retreating = state.units.get(self.area, [])
        if not retreating:
            self.step = "end"
            return None
        robb = cards.plays(self, self.attacker, "robb-stark")
        options = allowed_retreats(retreat_options(state, loser, self.area, self.origin, retreating), robb)
        if not options:
            del state.units[self.area]
            lost = [u.kind for u in retreating]
            text = f"House {loser.title()} has nowhere to retreat: it loses {unit_list(lost)}."
            game.emit("casualties", text, house=loser, units=lost, cause="nowhere")
            self.step = "end"
            return None
        if len(options) == 1:
            self._retreat_to(next(iter(options)), options)
            return None
        whose = (
            f"Robb Stark: choose where House {loser.title()} retreats" if robb else "Choose where you retreat"
        )
        listed = ", ".join(BOARD.name(a) + (f" (losing {n})" if n else "") for a, n in options.items())
        self._retreats = options
        return [
            Decision(
                house=self.attacker if robb else loser,
                kind="retreat",
                prompt=f"{whose} ('choose AREA'): {listed}.",
                secret=False,
                default=Choose(next(iter(options))),
                options=tuple(Choose(area) for area in options),
                schema={"losses": dict(options)},
                data={"battle": self.area, "loser": loser, "robb": robb},
            )
        ]

    def _act_retreat(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(action, Choose, what=_AWAITED_RETREAT)
        assert isinstance(action, Choose)
        options = self._retreats
        if options is None:
            state = game.state
            robb = cards.plays(self, self.attacker, "robb-stark")
            retreating = state.units[self.area]
            options = allowed_retreats(
                retreat_options(state, self.defender, self.area, self.origin, retreating), robb
            )
        if action.option not in options:
            raise IllegalAction("Retreat to one of: {areas}.", areas=", ".join(options))
        self._retreat_to(action.option, options)

    def _retreat_to(self, area: str, options: dict[str, int]) -> None:
        self.retreat_to = area
        self.retreat_losses = options[area]
        self.step = "retreat-losses"

    def _attacker_retreats(self, game: ThronesGame) -> list[Decision] | None:
        """A beaten attacker goes back where it marched from; its siege engines cannot and are destroyed,
        and the units its supply cannot hold there are destroyed first (the supply rule holds for every
        retreat)."""
        sieges = [k for k in self.army if k == "siege"]
        if sieges:
            self.army = [k for k in self.army if k != "siege"]
            text = f"House {self.attacker.title()} loses {unit_list(sieges)}: siege engines cannot retreat."
            game.emit("casualties", text, house=self.attacker, units=sieges, cause="sieges")
        self._retreat_to(self.origin, {self.origin: len(self.army) - self._room(game.state, self.origin)})
        return None

    def _room(self, state: State, area: str) -> int:
        """How many units of the attacking army its supply lets into ``area``."""
        room = len(self.army)
        while room > 0 and not within_limit(state, self.attacker, {area: room}):
            room -= 1
        return room

    def _mover(self) -> str:
        """Whose units are on their way: the attacker's when it lost (or Arianne Martell sends them back)."""
        return self.attacker if self.returning or self.loser == self.attacker else self.defender

    def _retreating(self, state: State) -> list[str]:
        if self._mover() == self.attacker:
            return list(self.army)
        return [u.kind for u in state.units[self.area]]

    def _run_retreat_losses(self, game: ThronesGame) -> list[Decision] | None:
        kinds = self._retreating(game.state)
        count = self.retreat_losses
        if count and count < len(kinds) and len(set(kinds)) > 1:
            weakest = sorted(kinds, key=_EXPENDABLE.__getitem__)[:count]
            return [
                Decision(
                    house=self._mover(),
                    kind="retreat-losses",
                    prompt=f"Retreating to {BOARD.name(self.retreat_to or '')} breaks your supply limit: "
                    f"choose {count} retreating unit(s) to destroy first.",
                    secret=False,
                    default=Destroy(tuple((self.area, k) for k in weakest)),
                    schema={"count": count, "units": [[self.area, k] for k in kinds]},
                    data={"battle": self.area, "to": self.retreat_to, "count": count},
                )
            ]
        self._finish_retreat(game, sorted(kinds, key=_EXPENDABLE.__getitem__)[:count])
        return None

    def _act_retreat_losses(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(
            action,
            Destroy,
            what=psaid("awaited", "the units to destroy ('destroy {area} UNIT, ...')", area=self.area),
        )
        assert isinstance(action, Destroy)
        kinds = [kind for area, kind in action.units if area == self.area]
        if len(kinds) != len(action.units) or len(kinds) != self.retreat_losses:
            raise IllegalAction(
                nsaid(
                    "Choose exactly {count} of your retreating units in {area}.",
                    "Choose exactly {count} of your retreating units in {area}.",
                    self.retreat_losses,
                    area=Named("areas", self.area),
                )
            )
        if Counter(kinds) - Counter(self._retreating(game.state)):
            raise IllegalAction("You do not have those units retreating.")
        self._finish_retreat(game, kinds)

    def _finish_retreat(self, game: ThronesGame, lost: list[str]) -> None:
        state = game.state
        house = self._mover()
        if house == self.attacker:
            units = [Unit(house, kind) for kind in self.army]
            self.army = []
        else:
            units = state.units.pop(self.area)
        for kind in lost:
            units.pop(next(i for i, u in enumerate(units) if u.kind == kind))
        for unit in units:
            unit.routed = not self.returning
        destination = self.retreat_to or ""
        if units:
            state.units.setdefault(destination, []).extend(units)
        who, where, kept = f"House {house.title()}", BOARD.name(destination), [unit.kind for unit in units]
        losing = f", losing {unit_list(lost)} to its supply limit" if lost else ""
        if self.returning:
            text = f"Arianne Martell: {who}'s units stay in {where}{losing}."
            game.emit("arianne", text, house=house, area=destination, lost=list(lost), units=kept)
            self.step = "end"
            return
        if kept:
            routed = "it is routed" if len(kept) == 1 else "they are routed"
            text = f"{who} retreats to {where} with {unit_list(kept)}{losing}; {routed}."
        else:
            text = f"{who} cannot retreat to {where} within its supply limit: it loses {unit_list(lost)}."
        game.emit("retreat", text, house=house, area=destination, lost=list(lost), units=kept)
        self.step = "end"

    # --- the end of combat ------------------------------------------------------------------------

    def _run_end(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        attacker_won = self.winner == self.attacker
        if attacker_won and self.army and cards.plays(self, self.defender, "arianne-martell"):
            # Arianne Martell: the winners stay where they marched from, within the supply limit there.
            self.returning = True
            self._retreat_to(self.origin, {self.origin: len(self.army) - self._room(state, self.origin)})
            return None
        march = state.orders.pop(self.origin, None)
        if attacker_won:
            state.orders.pop(self.area, None)
            state.power_tokens.pop(self.area, None)
            if self.army:
                state.units.setdefault(self.area, []).extend(Unit(self.attacker, k) for k in self.army)
                if march is not None and cards.plays(self, self.attacker, "ser-loras-tyrell"):
                    state.orders[self.area] = Order(self.attacker, march.token)
                    game.emit(
                        "loras",
                        f"Ser Loras Tyrell: the March order moves into {BOARD.name(self.area)} "
                        "and may march again this round.",
                        house=self.attacker,
                        area=self.area,
                    )
            self.army = []
        if not state.units.get(self.area):
            state.orders.pop(self.area, None)  # its defenders are gone: their order goes with them
        for house in (self.attacker, self.defender):
            _refill_hand(state, house, self.cards.get(house))
        state.tides_discards.extend(self.tides[h] for h in (self.attacker, self.defender) if h in self.tides)
        game.count("combats")
        self.step = "after-combat"
        for land in (self.area, self.origin):
            if land in BOARD.land:
                settle_port(game, land)
        return None

    def _run_after_combat(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        baratheon = next(
            (h for h in (self.attacker, self.defender) if self.cards.get(h) == "patchface"), None
        )
        if baratheon is not None:
            other = self.opponent(baratheon)
            hand = state.hands[other]
            if hand:
                self.step = "patchface"
                return self._run_patchface(game)
        game.pop(self)
        return None

    def _run_patchface(self, game: ThronesGame) -> list[Decision] | None:
        baratheon = next(h for h in (self.attacker, self.defender) if self.cards.get(h) == "patchface")
        other = self.opponent(baratheon)
        hand = game.state.hands[other]
        return [
            Decision(
                house=baratheon,
                kind="patchface",
                prompt=f"Patchface: discard one card from House {other.title()}'s hand "
                f"({', '.join(card_name(c) for c in hand)}), or 'choose skip'.",
                secret=False,
                default=Choose("skip"),
                options=(*(Discard(card) for card in hand), Choose("skip")),
                data={"opponent": other},
            )
        ]

    def _act_patchface(self, game: ThronesGame, house: str, action: Action) -> None:
        state = game.state
        other = self.opponent(house)
        if isinstance(action, Choose) and action.option == "skip":
            game.pop(self)
            return
        expect(
            action,
            Discard,
            what=psaid("awaited", "a card of your opponent's hand ('discard CARD') or 'choose skip'"),
        )
        assert isinstance(action, Discard)
        if action.card not in state.hands[other]:
            raise IllegalAction(
                "{card} is not in {house}'s hand.",
                card=Named("house_cards", action.card),
                house=Named("houses", other),
            )
        state.hands[other].remove(action.card)
        state.discards[other].append(action.card)
        _refill_hand(state, other, action.card)
        game.emit(
            "patchface",
            f"Patchface: House {house.title()} discards {card_name(action.card)} from House "
            f"{other.title()}'s hand.",
            house=house,
            card=action.card,
            owner=other,
        )
        game.pop(self)

    # --- views ------------------------------------------------------------------------------------

    def describe(self, game: ThronesGame, viewer: str | None) -> dict[str, Any]:
        described: dict[str, Any] = {
            "step": "combat",
            "substep": self.step,
            **self.describe_battle(game, viewer),
        }
        state = game.state
        if self.revealed:
            described["cards"] = dict(self.cards)
        else:
            described["card_chosen"] = sorted(self.chosen)
            if viewer in self.chosen:
                described["my_card"] = self.chosen[viewer]
        if self.tides_revealed:
            described["tides"] = dict(self.tides)
        elif viewer in self.tides:
            described["my_tides"] = self.tides[viewer]
        if self.winner is not None:
            described["winner"] = self.winner
            described["strengths"] = self.strengths
        else:
            described["strengths"] = {h: breakdown(state, self, h) for h in (self.attacker, self.defender)}
        return described


def _by_step(prefix: str) -> dict[str, Any]:
    """The frame's methods named ``prefix`` + a step (its dashes as underscores), by step: looked up once,
    as a battle runs a dozen steps and each is dispatched by name."""
    return {
        name[len(prefix) :].replace("_", "-"): method
        for name, method in vars(CombatFrame).items()
        if name.startswith(prefix)
    }


_RUNS = _by_step("_run_")
_ACTS = _by_step("_act_")


def _refill_hand(state: State, house: str, last_played: str | None) -> None:
    """A house that has no house card left takes back its discards, all but the card it played last."""
    if state.hands[house]:
        return
    back = [card for card in state.discards[house] if card != last_played]
    state.hands[house] = back
    state.discards[house] = [card for card in state.discards[house] if card == last_played]
