"""Carrying out the orders of one turn (rulebook: "Cómo dar órdenes a las unidades", "Explicación de la
tabla de órdenes", "Movimiento de unidades", "Cómo atacar al enemigo").

The ordered units move first, one unit completely before the next, in the order the player chooses; then
they attack, one at a time, in the order he chooses. No unit has to move or attack. A unit may attack if one
of its order options allows the move it made and an attack (a blue Northern Warhost that moved two hexes
may not attack). Attacking turns a unit's banner to inactive; every other ordered unit turns once the
orders are done. A unit may leave the board by its house's exit edge, if the battle allows it: it scores
the battle's exit points and takes no further part.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.battles import attack, movement
from engine.battles.actions import Action, Attack, AttackDone, Move, MoveDone
from engine.battles.frame import BattlesFrame, choose_from
from engine.battles.state import State
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction

if TYPE_CHECKING:
    from engine.battles.game import BattlesGame


@dataclass
class OrderFrame(BattlesFrame):
    kind = "orders"
    house: str = ""
    units: list[str] = field(default_factory=list)  # the units ordered this turn
    to_move: list[str] = field(default_factory=list)  # those that have not moved yet
    may_attack: list[str] = field(default_factory=list)  # those that may still attack
    dice: int = 0  # attack dice the card adds
    move: int = 0  # hexes of move the card adds

    @classmethod
    def start(cls, state: State, house: str, units: list[str], dice: int = 0, move: int = 0) -> OrderFrame:
        attackers = [uid for uid in units if any(option.attack for option in movement.options(state, uid))]
        return cls(house, list(units), list(units), attackers, dice, move)

    def run(self, game: BattlesGame) -> list[Decision] | None:
        state = game.state
        self.to_move = [uid for uid in self.to_move if uid in state.units]
        self.may_attack = [uid for uid in self.may_attack if uid in state.units]
        if self.to_move:
            options = self.moves(state)
            if len(options) > 1:
                prompt = "Move your ordered units, one at a time; 'move done' when no other is to move."
                return [Decision(self.house, "move", prompt, False, MoveDone(), options=tuple(options))]
            self.to_move = []
        options = self.attacks(state)
        if len(options) > 1:
            prompt = (
                "Attack with your ordered units, one at a time; 'attack done' when no other is to attack."
            )
            return [Decision(self.house, "attack", prompt, False, AttackDone(), options=tuple(options))]
        for uid in self.units:
            if uid in state.units:
                state.units[uid].active = False
        game.pop(self)
        return None

    def moves(self, state: State) -> list[Action]:
        found: list[Action] = []
        for uid in self.to_move:
            at = state.units[uid].at
            found.extend(Move(at, place) for place in sorted(movement.reach(state, uid, self.move)))
        found.append(MoveDone())
        return found

    def attacks(self, state: State) -> list[Action]:
        found: list[Action] = []
        for uid in self.may_attack:
            at = state.units[uid].at
            found.extend(Attack(at, state.units[tid].at) for tid in attack.targets(state, uid))
        found.append(AttackDone())
        return found

    def act(self, game: BattlesGame, house: str, action: Action) -> None:
        state = game.state
        if self.to_move:
            if isinstance(action, Move) and action not in self.moves(state):
                raise IllegalAction(self.cannot_move(state, action))
            choose_from(action, self.moves(state), "your units' moves ('move FROM TO' or 'move done')")
            if isinstance(action, MoveDone):
                self.to_move = []
                return
            assert isinstance(action, Move)
            uid = state.unit_at(action.at)
            assert uid is not None
            may_attack = movement.reach(state, uid, self.move)[action.to]
            self.to_move.remove(uid)
            if not may_attack and uid in self.may_attack:
                self.may_attack.remove(uid)
            if action.to == movement.EXIT:
                leave(game, uid)
            else:
                arrive(game, uid, action.to)
            return
        if isinstance(action, Attack) and action not in self.attacks(state):
            raise IllegalAction(self.cannot_attack(state, action))
        choose_from(
            action, self.attacks(state), "your units' attacks ('attack FROM TARGET' or 'attack done')"
        )
        if isinstance(action, AttackDone):
            self.may_attack = []
            return
        assert isinstance(action, Attack)
        uid, tid = state.unit_at(action.at), state.unit_at(action.target)
        assert uid is not None and tid is not None
        self.may_attack.remove(uid)
        attack.resolve(game, uid, tid, self.dice)

    def cannot_move(self, state: State, action: Move) -> str:
        uid = state.unit_at(action.at)
        if uid is None or uid not in self.to_move:
            waiting = ", ".join(state.units[u].at for u in self.to_move)
            return f"The unit at {action.at} is not one of the ordered units still to move ({waiting})."
        places = ", ".join(sorted(movement.reach(state, uid, self.move))) or "no hex"
        return f"The unit at {action.at} cannot reach {action.to}; it may move to {places}."

    def cannot_attack(self, state: State, action: Attack) -> str:
        uid = state.unit_at(action.at)
        if uid is None or uid not in self.may_attack:
            waiting = ", ".join(state.units[u].at for u in self.may_attack)
            return (
                f"The unit at {action.at} is not one of the ordered units that may still attack ({waiting})."
            )
        found = [state.units[tid].at for tid in attack.targets(state, uid)]
        return (
            f"The unit at {action.at} cannot attack {action.target} (no enemy there, out of range, or out of "
            f"sight); it may attack {', '.join(found) or 'no unit'}."
        )

    def describe(self, game: BattlesGame, viewer: str | None) -> dict[str, Any]:
        units = game.state.units
        return {
            "step": "orders",
            "house": self.house,
            "ordered": [units[uid].at for uid in self.units if uid in units],
            "to_move": [units[uid].at for uid in self.to_move if uid in units],
            "may_attack": [units[uid].at for uid in self.may_attack if uid in units],
            "extra_dice": self.dice,
            "extra_move": self.move,
        }


def arrive(game: BattlesGame, uid: str, place: str) -> None:
    """Put a unit on a hex; entering an objective held by control markers puts its house's marker there."""
    state = game.state
    unit = state.units[uid]
    game.emit("move", f"{attack.label(state, unit)} moves from {unit.at} to {place}.", at=unit.at, to=place)
    unit.at = place
    marked = {h for o in state.plan.victory.objectives if o.control == "marker" for h in o.hexes}
    if place in marked and state.markers.get(place) != unit.house:
        state.markers[place] = unit.house
        game.emit("marker", f"{game.seat_label(unit.house)} puts its control marker on {place}.", at=place)


def leave(game: BattlesGame, uid: str) -> None:
    """A unit leaves the board by its exit edge."""
    state = game.state
    unit = state.units.pop(uid)
    state.exited[unit.house] += 1
    state.vp[unit.house] += state.plan.victory.exit_vp
    game.emit("exit", f"{attack.label(state, unit)} leaves the battlefield from {unit.at}.", at=unit.at)
