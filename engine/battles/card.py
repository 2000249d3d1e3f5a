"""Playing a leadership card (rulebook: "Jugar carta de liderazgo", "Órdenes de mando", "Tácticas"; see
:mod:`engine.battles.leadership` for the rules it applies and its readings).

The card's steps, each a decision of the player who played it:

1. ``command``: which command orders to execute (their costs paid at once), and whether to use the tactic
   and the commander's commit ability, before or after the command orders.
2. The effects used "before" resolve (a ``choose`` of units, or an ``adjust`` for an effect the engine
   cannot apply).
3. ``units``: the units each command order picks, from the commander's zone of control. Every unit is
   declared before any moves (the rulebook's step "declare all the units that receive an order"), so a
   unit receives one order from a card, and a unit a card rallies cannot also be ordered by it.
4. The ordered units move and attack (:mod:`engine.battles.orders`).
5. The effects used "after" resolve; the card goes to its house's discard pile.

Effects the engine cannot interpret (``effect = "manual"`` in the pack) are resolved by the players: the
engine shows the text and the player declares what it did as a list of bounded changes (a unit moved,
figures added or removed, a unit rallied, morale or victory points changed), each checked for shape,
applied, and announced to both players. A moderator's undo is the remedy for a wrong declaration.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any

from data.battles_model import Effect
from engine.battles import attack, engagement, leadership, morale
from engine.battles.actions import Adjust, Change, Choose, Command, Units
from engine.battles.damage import take_hits
from engine.battles.frame import BattlesFrame, choose_from
from engine.battles.orders import OrderFrame
from engine.battles.placement import arrive
from engine.battles.state import State
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction

if TYPE_CHECKING:
    from engine.battles.game import BattlesGame

MAX_OPTIONS = 300  # past this many, a choice of units is described by a schema instead of listed


@dataclass
class CardFrame(BattlesFrame):
    kind = "card"
    house: str = ""
    card: str = ""
    commander: str = ""
    step: str = "command"
    orders: list[int] = field(default_factory=list)  # the command orders executed (numbers from 1)
    tactic: str | None = None  # when the tactic is used: "before", "after" or not at all
    commit: str | None = None  # likewise the commander's commit ability
    ordered: list[str] = field(default_factory=list)  # the units the card orders
    dice: int = 0
    move: int = 0
    no_counterattack: list[str] = field(default_factory=list)  # enemy units that cannot counterattack

    def run(self, game: BattlesGame) -> list[Decision] | None:
        state = game.state
        card = state.pack.cards[self.card]
        if self.step == "command":
            options = leadership.commands(state, self.house, card, self.commander)
            prompt = f"{card.name}: choose the command orders to execute (and pay), and the tactic's use."
            return [Decision(self.house, "command", prompt, False, Command(), options=tuple(options))]
        if self.step == "before":
            self.step = "units"
            self.resolve(game, "before")
        elif self.step == "units":
            schema = self.picks(state)
            if any(entry["eligible"] for entry in schema.values()):
                prompt = f"{card.name}: choose the units each command order picks (in the commander's zone)."
                return [Decision(self.house, "units", prompt, False, Units(), schema={"orders": schema})]
            self.execute(game, Units())
        elif self.step == "orders":
            self.step = "after"
            if self.ordered:
                game.push(OrderFrame.start(state, self.house, self.ordered, self.dice, self.move))
        elif self.step == "after":
            self.step = "done"
            self.resolve(game, "after")
        else:
            state.discards[self.house].append(self.card)
            game.pop(self)
        return None

    def act(self, game: BattlesGame, house: str, action: Any) -> None:
        state = game.state
        card = state.pack.cards[self.card]
        if self.step == "command":
            options = leadership.commands(state, house, card, self.commander)
            chosen: Command = choose_from(action, options, "the card's command orders ('command ...')")
            paid = leadership.cost(card, chosen.orders)
            state.command_tokens[house] -= paid
            state.commanders[self.commander].tokens += paid
            self.orders, self.tactic, self.commit = list(chosen.orders), chosen.tactic, chosen.commit
            if chosen.commit:
                state.commanders[self.commander].committed = True
            game.emit(
                "command", _command_text(game, house, card.name, chosen, paid, self.commander), house=house
            )
            self.step = "before"
            return
        if not isinstance(action, Units):
            raise IllegalAction(f"The game is waiting for the units of {card.name}'s orders ('units ...').")
        self.execute(game, action)

    def picks(self, state: State) -> dict[str, dict[str, Any]]:
        """For each executed command order that picks units: its effect and the units it may pick."""
        card = state.pack.cards[self.card]
        found = {}
        for number in self.orders:
            effect = card.command[number - 1].effect
            if effect.kind in leadership.UNIT_ORDERS:
                units = leadership.eligible(state, self.house, self.commander, effect)
                found[str(number)] = {
                    "effect": effect.kind,
                    "count": effect.count,
                    "eligible": [state.units[uid].at for uid in units],
                }
        return found

    def execute(self, game: BattlesGame, action: Units) -> None:
        """Check the units each order picks, then execute the command orders."""
        state = game.state
        card = state.pack.cards[self.card]
        schema = self.picks(state)
        picked: dict[int, list[str]] = {}
        for number, hexes in action.groups:
            entry = schema.get(str(number))
            if entry is None:
                raise IllegalAction(f"Command order {number} does not pick units (or was not executed).")
            wrong = [h for h in hexes if h not in entry["eligible"]]
            if wrong:
                raise IllegalAction(
                    f"Command order {number} cannot pick the unit at {wrong[0]}: it picks {_what(entry)} in "
                    f"the commander's zone ({', '.join(entry['eligible']) or 'none there'})."
                )
            if len(hexes) > entry["count"]:
                raise IllegalAction(f"Command order {number} picks at most {entry['count']} units.")
            picked[number] = [state.unit_at(h) or "" for h in hexes]
        chosen = [uid for uids in picked.values() for uid in uids]
        if len(set(chosen)) != len(chosen):
            raise IllegalAction("A unit receives one order from a card.")
        for number in self.orders:
            effect = card.command[number - 1].effect
            if effect.kind == "order":
                self.ordered.extend(picked.get(number, []))
            elif effect.kind == "order-all":
                self.ordered.extend(
                    uid
                    for uid in leadership.eligible(state, self.house, self.commander, effect)
                    if uid not in self.ordered and uid not in chosen
                )
            elif effect.kind == "rally":
                for uid in picked.get(number, []):
                    state.units[uid].active = True
                    game.emit(
                        "rally",
                        f"{attack.label(state, state.units[uid])} is rallied.",
                        at=state.units[uid].at,
                    )
            else:
                morale.raise_morale(game, self.house, effect.delta, f"with {card.name}")
        if self.ordered:
            places = ", ".join(state.units[uid].at for uid in self.ordered)
            game.emit("ordered", f"{card.name} orders the units at {places}.", units=self.ordered)
        self.step = "orders"

    def resolve(self, game: BattlesGame, timing: str) -> None:
        """Resolve the tactic and the commit ability used at ``timing``: at once, or through a child frame
        that asks the player (the tactic's child on top, so that it resolves first)."""
        state = game.state
        used = []
        if self.tactic == timing:
            used.append(("tactic", state.pack.cards[self.card].tactic.effect))  # type: ignore[union-attr]
        if self.commit == timing:
            used.append(("commit", state.pack.commanders[self.commander].commit_ability.effect))  # type: ignore[union-attr]
        for source, effect in reversed(used):
            if effect.kind == "dice":
                self.dice += effect.delta
            elif effect.kind == "move-extra":
                self.move += effect.delta
            elif effect.kind == "morale":
                morale.raise_morale(game, self.house, effect.delta, f"with its {source}")
                continue
            elif effect.kind == "manual":
                game.push(AdjustFrame(house=self.house, text=effect.text))
            else:
                game.push(
                    ChooseFrame(house=self.house, commander=self.commander, card=self.card, source=source)
                )
            if effect.kind in ("dice", "move-extra"):
                game.emit("effect", f"{_source(game, self, source)}: {effect.text}", house=self.house)

    def describe(self, game: BattlesGame, viewer: str | None) -> dict[str, Any]:
        units = game.state.units
        return {
            "step": "card",
            "house": self.house,
            "card": self.card,
            "commander": self.commander,
            "substep": self.step,
            "orders": list(self.orders),
            "tactic": self.tactic,
            "commit": self.commit,
            "ordered": [units[uid].at for uid in self.ordered if uid in units],
            "extra_dice": self.dice,
            "extra_move": self.move,
            "no_counterattack": [units[uid].at for uid in self.no_counterattack if uid in units],
        }


def _what(entry: dict[str, Any]) -> str:
    return "your inactive units" if entry["effect"] == "rally" else "your active units"


def _source(game: BattlesGame, frame: CardFrame, source: str) -> str:
    pack = game.state.pack
    if source == "tactic":
        return f"{pack.cards[frame.card].name}'s tactic"
    return f"{pack.commanders[frame.commander].name}'s commit ability"


def _command_text(
    game: BattlesGame, house: str, name: str, chosen: Command, paid: int, commander: str
) -> str:
    state = game.state
    parts = []
    if chosen.orders:
        numbers = " and ".join(str(n) for n in chosen.orders)
        tokens = f"{paid} command token{'s' if paid != 1 else ''}"
        parts.append(f"executes command order{'s' if len(chosen.orders) > 1 else ''} {numbers} ({tokens})")
    else:
        parts.append("executes no command order")
    if chosen.tactic:
        parts.append(f"uses its tactic {chosen.tactic} the command orders")
    if chosen.commit:
        parts.append(f"commits {state.pack.commanders[commander].name} ({chosen.commit} the command orders)")
    return f"{name}: {game.seat_label(house)} {', '.join(parts)}."


def subsets(items: list[str], up_to: int) -> list[tuple[str, ...]] | None:
    """Every choice of at most ``up_to`` of ``items`` (in their order); None if there are too many to list."""
    sizes = range(min(up_to, len(items)) + 1)
    if sum(math.comb(len(items), size) for size in sizes) > MAX_OPTIONS:
        return None
    return [chosen for size in sizes for chosen in combinations(items, size)]


@dataclass
class ChooseFrame(BattlesFrame):
    """The units a tactic's or commit ability's effect picks (``rally`` or ``no-counterattack``)."""

    kind = "choose"
    house: str = ""
    commander: str = ""
    card: str = ""
    source: str = "tactic"  # or "commit"

    def effect(self, state: State) -> Effect:
        if self.source == "tactic":
            return state.pack.cards[self.card].tactic.effect  # type: ignore[union-attr]
        return state.pack.commanders[self.commander].commit_ability.effect  # type: ignore[union-attr]

    def eligible(self, state: State) -> list[str]:
        return [
            state.units[uid].at
            for uid in leadership.eligible(state, self.house, self.commander, self.effect(state))
        ]

    def run(self, game: BattlesGame) -> list[Decision] | None:
        state = game.state
        effect = self.effect(state)
        places = self.eligible(state)
        if not places:
            game.emit("effect", f"{effect.text} There is no unit to choose.", house=self.house)
            game.pop(self)
            return None
        choices = subsets(places, effect.count)
        options = tuple(Choose(choice) for choice in choices) if choices is not None else None
        schema = {"effect": effect.kind, "count": effect.count, "eligible": places}
        return [Decision(self.house, "choose", effect.text, False, Choose(), options=options, schema=schema)]

    def act(self, game: BattlesGame, house: str, action: Any) -> None:
        state = game.state
        effect = self.effect(state)
        if not isinstance(action, Choose):
            raise IllegalAction(f"The game is waiting for a choice of units ('choose ...'): {effect.text}")
        places = self.eligible(state)
        wrong = [h for h in action.hexes if h not in places]
        if wrong or len(action.hexes) > effect.count:
            raise IllegalAction(
                f"Choose at most {effect.count} of the units at {', '.join(places)}; {effect.text}"
            )
        uids = [state.unit_at(h) or "" for h in action.hexes]
        if effect.kind == "rally":
            for uid in uids:
                state.units[uid].active = True
        else:
            card = next(f for f in reversed(state.stack) if isinstance(f, CardFrame))
            card.no_counterattack.extend(uids)
        chosen = ", ".join(action.hexes) or "no unit"
        game.emit(
            "effect",
            f"{effect.text} Chosen: {chosen}.",
            house=house,
            effect=effect.kind,
            units=list(action.hexes),
        )
        game.pop(self)


@dataclass
class AdjustFrame(BattlesFrame):
    """An effect the engine cannot apply: the player declares what it did (see the module's docstring)."""

    kind = "adjust"
    house: str = ""
    text: str = ""

    def run(self, game: BattlesGame) -> list[Decision] | None:
        prompt = f"Resolve this effect yourself, then declare what it did: {self.text}"
        schema = {"text": self.text, "changes": ["move", "figures", "rally", "morale", "vp"]}
        return [Decision(self.house, "adjust", prompt, False, Adjust(), schema=schema)]

    def act(self, game: BattlesGame, house: str, action: Any) -> None:
        if not isinstance(action, Adjust):
            raise IllegalAction(f"The game is waiting for 'adjust ...' (or 'adjust none'): {self.text}")
        check_changes(game.state, house, action.changes)
        for change in action.changes:
            apply_change(game, house, change)
        engagement.clean(game.state)
        said = action.format().removeprefix("adjust ")
        game.emit(
            "adjust", f"{game.seat_label(house)} resolves \u201c{self.text}\u201d: {said}.", house=house
        )
        game.pop(self)


def check_changes(state: State, house: str, changes: tuple[Change, ...]) -> None:
    """Refuse changes that do not fit the board as it will be when the earlier ones are made."""
    where = {unit.at: uid for uid, unit in state.units.items()}
    strength = {uid: unit.strength for uid, unit in state.units.items()}
    active = {uid: unit.active for uid, unit in state.units.items()}
    hexes = state.field.hexes
    for change in changes:
        if change.kind in ("morale", "vp"):
            if change.kind == "vp" and state.vp[house] + change.amount < 0:
                raise IllegalAction("Victory points cannot fall below 0.")
            continue
        uid = where.get(change.at or "")
        if uid is None:
            raise IllegalAction(f"There is no unit at {change.at}.")
        unit = state.units[uid]
        if change.kind == "move":
            to = change.to or ""
            if (
                to in where
                or to not in hexes
                or state.terrain(to).movement == "impassable"
                or to in state.fire
            ):
                raise IllegalAction(
                    f"No unit can be put on {to}: it is taken, off the board, impassable or on fire."
                )
            where[to] = where.pop(change.at or "")
        elif change.kind == "figures":
            strength[uid] += change.amount
            full = state.pack.units[unit.type].strength
            if strength[uid] > full:
                raise IllegalAction(f"The unit at {change.at} has at most {full} figures.")
            if strength[uid] < 1 and unit.commander:
                raise IllegalAction(
                    f"A commander's figure is taken only by capture (the unit at {change.at})."
                )
            if strength[uid] < 0:
                raise IllegalAction(f"The unit at {change.at} has not that many figures.")
            if strength[uid] == 0:
                where.pop(change.at or "")
        elif active[uid]:
            raise IllegalAction(f"The unit at {change.at} is active already.")
        else:
            active[uid] = True


def apply_change(game: BattlesGame, house: str, change: Change) -> None:
    state = game.state
    if change.kind == "morale":
        morale.raise_morale(game, house, change.amount, "by a card")
        return
    if change.kind == "vp":
        state.vp[house] += change.amount
        return
    uid = state.unit_at(change.at or "")
    assert uid is not None
    unit = state.units[uid]
    if change.kind == "move":
        arrive(game, uid, change.to or "")
    elif change.kind == "rally":
        unit.active = True
    elif change.amount > 0:
        unit.strength += change.amount
    else:
        take_hits(game, uid, -change.amount, state.other(unit.house))
