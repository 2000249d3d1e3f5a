"""The command phase (rulebook: "Fase de mando", "Usar ficha de orden", "Cómo dar órdenes a unidades con una
ficha de orden", "Pasar").

Starting with the first player, the players take turns: each turn is one action, then the other player's
turn. An action is to use order tokens, to play a leadership card, or to pass. Passing is final for the
round: the other player goes on alone until he passes too, and the phase ends. A player with no token or
card he can use passes.

Order tokens: a green, blue or red shield orders an active unit of that rank, valor any active unit, and
two tokens of one face any active unit. A morale token orders no unit: it raises its house's morale by one,
or lowers it by one to rally one of its units.

With the setting discard_to_order (the FAQ's variant), a turn may also discard any leadership card to order
one active unit in a commander's zone of control, moving one command token onto that commander's card
within his command limit.

Readings where the rulebook is silent, tested in tests/engine/battles/test_command.py:
- Its long text says two tokens "of the same colour", its summary "of the same type": any two tokens of one
  face order a unit, valor included, and morale too unless the setting morale_pair is off.
- The morale token rallies an inactive unit ("rally" is to make an inactive unit active again).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from data.battles_model import FACES
from engine.battles import leadership, morale
from engine.battles.actions import Action, Discard, MoraleToken, OrderToken, Pass, Play
from engine.battles.attack import label
from engine.battles.card import CardFrame
from engine.battles.frame import BattlesFrame, choose_from
from engine.battles.orders import OrderFrame
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction

if TYPE_CHECKING:
    from engine.battles.game import BattlesGame
    from engine.battles.state import State


@dataclass
class CommandFrame(BattlesFrame):
    kind = "command"
    active: str = ""  # the house whose turn it is
    passed: list[str] = field(default_factory=list)
    turns: int = 0

    def run(self, game: BattlesGame) -> list[Decision] | None:
        state = game.state
        if len(self.passed) == len(state.houses):
            game.emit("phase-end", f"Round {state.round}: both houses have passed.", phase="command")
            game.pop(self)
            return None
        if self.turns == 0 and not self.passed:
            game.emit("phase", f"Round {state.round}: the command phase.", phase="command", round=state.round)
        options = turns(state, self.active)
        prompt = (
            f"Round {state.round}, command phase: use order tokens, play a leadership card through a "
            "commander, or pass (for the rest of the round)."
        )
        return [Decision(self.active, "turn", prompt, True, Pass(), options=tuple(options))]

    def act(self, game: BattlesGame, house: str, action: Action) -> None:
        state = game.state
        if isinstance(action, Play):
            action = Play(_card_id(state, house, action.card), action.commander)
        elif isinstance(action, Discard):
            action = Discard(_card_id(state, house, action.card), action.commander, action.at)
        options = turns(state, house)
        if action not in options:
            reason = refusal(state, house, action)
            if reason is not None:
                raise IllegalAction(reason)
        choose_from(action, options, "your turn: 'token ...', 'play ...' or 'pass'")
        self.turns += 1
        other = state.other(house)
        if isinstance(action, Pass):
            self.passed.append(house)
            game.emit("pass", f"{game.seat_label(house)} passes for the rest of the round.", house=house)
        elif isinstance(action, OrderToken):
            for token in action.tokens:
                state.pools[house].remove(token)
            uid = state.unit_at(action.at)
            assert uid is not None
            game.emit(
                "token",
                f"{game.seat_label(house)} uses {' and '.join(action.tokens)} to order "
                f"{label(state, state.units[uid])} at {action.at}.",
                house=house,
                tokens=list(action.tokens),
                at=action.at,
            )
            game.push(OrderFrame.start(state, house, [uid]))
        elif isinstance(action, MoraleToken):
            state.pools[house].remove("morale")
            if action.rally is None:
                morale.raise_morale(game, house, 1, "with a morale token")
            else:
                uid = state.unit_at(action.rally)
                assert uid is not None
                morale.raise_morale(
                    game, house, -1, f"with a morale token, to rally its unit at {action.rally}"
                )
                state.units[uid].active = True
        elif isinstance(action, Discard):
            state.hands[house].remove(action.card)
            state.discards[house].append(action.card)
            state.command_tokens[house] -= 1
            state.commanders[action.commander].tokens += 1
            uid = state.unit_at(action.at)
            assert uid is not None
            game.emit(
                "discard",
                f"{game.seat_label(house)} discards {state.pack.cards[action.card].name} to order "
                f"{label(state, state.units[uid])} at {action.at} through "
                f"{state.pack.commanders[action.commander].name} (1 command token).",
                house=house,
                card=action.card,
                commander=action.commander,
                at=action.at,
            )
            game.push(OrderFrame.start(state, house, [uid]))
        else:
            state.hands[house].remove(action.card)
            card = state.pack.cards[action.card]
            commander = state.pack.commanders[action.commander]
            game.emit(
                "play",
                f"{game.seat_label(house)} plays {card.name} ({card.id}) through {commander.name}.",
                house=house,
                card=card.id,
                commander=action.commander,
            )
            game.push(CardFrame(house=house, card=card.id, commander=action.commander))
        if other not in self.passed:
            self.active = other

    def describe(self, game: BattlesGame, viewer: str | None) -> dict[str, Any]:
        return {"step": "command", "active": self.active, "passed": list(self.passed), "turns": self.turns}


def _card_id(state: State, house: str, written: str) -> str:
    """The card of the hand a player wrote, in any case."""
    for card in state.hands[house]:
        if card.lower() == written.lower():
            return card
    raise IllegalAction(f"{written!r} is not a leadership card in your hand.")


def refusal(state: State, house: str, action: Action) -> str | None:
    """Why a token or card cannot be used so, in words a player can act on (None: no better word)."""
    if isinstance(action, Play | Discard):
        mine = leadership.commanders_on_board(state, house)
        if action.commander not in mine:
            yours = ", ".join(mine) or "none"
            return f"{action.commander!r} is not a commander of yours on the board ({yours})."
        if isinstance(action, Discard):
            if not state.variant("discard_to_order"):
                return "Discarding a card to order a unit is the FAQ's variant; this game plays without it."
            return f"The unit at {action.at} cannot be ordered so: {discard_refusal(state, house, action)}."
        return None
    if not isinstance(action, OrderToken | MoraleToken):
        return None
    tokens = action.tokens if isinstance(action, OrderToken) else ("morale",)
    missing = Counter(tokens) - Counter(state.pools[house])
    if missing:
        face = next(iter(missing))
        have = state.pools[house].count(face)
        count = f"only one {face} token" if have else f"no {face} token"
        return f"Your order pool has {count} (it holds: {' '.join(state.pools[house]) or 'nothing'})."
    at = action.at if isinstance(action, OrderToken) else action.rally
    if at is None:
        return None
    uid = state.unit_at(at)
    if uid is None or state.units[uid].house != house:
        return f"There is no unit of yours at {at}."
    unit = state.units[uid]
    if isinstance(action, MoraleToken):
        return (
            f"The unit at {at} is active already: a morale token rallies an inactive unit."
            if unit.active
            else None
        )
    if not unit.active:
        return f"The unit at {at} is inactive: it has had its order this round (a morale token can rally it)."
    if len(tokens) == 1 and tokens[0] not in (unit.rank, "valor"):
        return (
            f"A {tokens[0]} token orders a {tokens[0]} unit; the unit at {at} is {unit.rank} (a valor "
            "token, or two tokens of one face, order any unit)."
        )
    return None


def turns(state: State, house: str) -> list[Action]:
    """Every legal action of a turn: passing, each use of order tokens, each play of a card."""
    found: list[Action] = [Pass()]
    pool = Counter(state.pools[house])
    units = sorted((unit.at, unit.rank, unit.active) for unit in state.units.values() if unit.house == house)
    for face in FACES:
        if not pool[face]:
            continue
        if face == "morale":
            found.append(MoraleToken())
            found.extend(MoraleToken(at) for at, _, active in units if not active)
        else:
            found.extend(
                OrderToken((face,), at) for at, rank, active in units if active and face in (rank, "valor")
            )
        if pool[face] >= 2 and (face != "morale" or state.variant("morale_pair")):
            found.extend(OrderToken((face, face), at) for at, _, active in units if active)
    found.extend(leadership.plays(state, house))
    if state.variant("discard_to_order"):
        found.extend(discards(state, house))
    return found


def discards(state: State, house: str) -> list[Discard]:
    """The FAQ's variant: each card of the hand, discarded through a commander with a command token to
    spare within his limit, to order one active unit of his zone."""
    found = []
    if state.command_tokens[house] < 1:
        return found
    for cid in leadership.commanders_on_board(state, house):
        if state.commanders[cid].tokens >= state.pack.commanders[cid].command_limit:
            continue
        area = leadership.zone(state, cid)
        places = sorted(u.at for u in state.units.values() if u.house == house and u.active and u.at in area)
        found.extend(Discard(card, cid, at) for card in sorted(set(state.hands[house])) for at in places)
    return found


def discard_refusal(state: State, house: str, action: Discard) -> str:
    uid = state.unit_at(action.at)
    if uid is None or state.units[uid].house != house or not state.units[uid].active:
        return "it is not an active unit of yours"
    if action.at not in leadership.zone(state, action.commander):
        return "it is not in that commander's zone of control"
    return "the commander's card holds as many command tokens as his limit, or your board has none"
