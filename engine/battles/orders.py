"""Carrying out the orders of one turn (rulebook: "Cómo dar órdenes a las unidades", "Explicación de la
tabla de órdenes", "Movimiento de unidades", "Cómo atacar al enemigo", "Moverse con unidades enfrentadas").

The ordered units move first, one unit completely before the next, in the order the player chooses; then
they attack, one at a time, in the order he chooses (each attack is :mod:`engine.battles.combat`'s). No unit
has to move or attack. A unit may attack if one of its order options allows the move it made and an attack
(a blue Northern Warhost that moved two hexes may not attack). Instead of attacking, a unit may set fire
to a hex (Scorch the Earth) or try to put out an adjacent fire; a unit in a fire hex may only put out its
own. Attacking turns a unit's banner to inactive; every other ordered unit turns once the orders are done.
A unit may leave the board by its house's exit edge, if the battle allows it: it scores the battle's exit
points and takes no further part.

An engaged unit that moves breaks away: its engagement token goes, and the unit it leaves may strike a
parting blow before it moves; if it survives, it moves on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any

from engine.battles import attack, engagement, fire, movement
from engine.battles.actions import Action, Attack, AttackDone, Extinguish, Move, MoveDone, Scorch
from engine.battles.attack import label
from engine.battles.combat import AttackFrame, PartingFrame
from engine.battles.frame import BattlesFrame, choose_from
from engine.battles.placement import arrive, leave
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
    moved: list[str] = field(default_factory=list)  # those that have moved this turn
    followed: list[str] = field(default_factory=list)  # those that have advanced or pursued this turn
    leaving: list[str] = field(default_factory=list)  # a unit breaking away and the hex it moves to

    @classmethod
    def start(cls, state: State, house: str, units: list[str], dice: int = 0, move: int = 0) -> OrderFrame:
        attackers = [
            uid
            for uid in units
            if any(option.attack for option in movement.options(state, uid)) or attack.in_fire(state, uid)
        ]
        return cls(house, list(units), list(units), attackers, dice, move)

    def run(self, game: BattlesGame) -> list[Decision] | None:
        state = game.state
        if self.leaving:
            uid, place = self.leaving
            self.leaving = []
            if uid in state.units:
                self.complete_move(game, uid, place)
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
        coordinated = state.variant("coordinated_attacks")
        for uid in self.may_attack:
            at = state.units[uid].at
            for tid in attack.targets(state, uid, uid in self.moved):
                target = state.units[tid].at
                found.append(Attack(at, target))
                if coordinated and not attack.ranged(state, uid, tid):
                    helpers = self.supporters(state, uid, tid)
                    for size in range(1, len(helpers) + 1):
                        found.extend(Attack(at, target, chosen) for chosen in combinations(helpers, size))
            found.extend(Scorch(at, place) for place in fire.scorch_targets(state, uid))
            found.extend(Extinguish(at, place) for place in fire.extinguish_targets(state, uid))
        found.append(AttackDone())
        return found

    def supporters(self, state: State, lead: str, tid: str) -> list[str]:
        """The ordered units that may support the lead's melee attack on the target (the setting
        coordinated_attacks), by hex: melee units that may still attack, next to the target, not in fire,
        and unengaged or engaged with the target itself (supporting costs them no parting blow)."""
        target = state.units[tid].at
        found = []
        for uid in self.may_attack:
            unit = state.units[uid]
            if uid == lead or state.pack.units[unit.type].ranged or attack.in_fire(state, uid):
                continue
            if state.field.distance(unit.at, target) != 1:
                continue
            if engagement.partner(state, uid) in (None, tid):
                found.append(unit.at)
        return sorted(found)

    def act(self, game: BattlesGame, house: str, action: Action) -> None:
        state = game.state
        if self.to_move:
            uid = state.unit_at(action.at) if isinstance(action, Move) else None
            reach = movement.reach(state, uid, self.move) if uid in self.to_move else {}
            if isinstance(action, Move) and action.to not in reach:
                raise IllegalAction(self.cannot_move(state, action))
            if not isinstance(action, Move | MoveDone):
                choose_from(action, [MoveDone()], "your units' moves ('move FROM TO' or 'move done')")
            if isinstance(action, MoveDone):
                self.to_move = []
                return
            assert uid is not None
            may_attack = reach[action.to]
            self.to_move.remove(uid)
            if not may_attack and uid in self.may_attack:
                self.may_attack.remove(uid)
            partner = engagement.partner(state, uid)
            if partner is None:
                self.complete_move(game, uid, action.to)
                return
            engagement.release(state, uid)
            game.emit(
                "disengage",
                f"{label(state, state.units[uid])} at {action.at} breaks away from "
                f"{state.units[partner].at}.",
                at=action.at,
            )
            self.leaving = [uid, action.to]
            game.push(PartingFrame(striker=partner, leaver=uid))
            return
        options = self.attacks(state)
        if isinstance(action, Attack) and action not in options:
            raise IllegalAction(self.cannot_attack(state, action))
        choose_from(
            action, options, "your units' attacks ('attack FROM TARGET', 'scorch ...' or 'attack done')"
        )
        if isinstance(action, AttackDone):
            self.may_attack = []
            return
        assert isinstance(action, Attack | Scorch | Extinguish)
        uid = state.unit_at(action.at)
        assert uid is not None
        self.may_attack.remove(uid)
        if isinstance(action, Scorch):
            state.units[uid].active = False
            fire.scorch(game, uid, action.to)
        elif isinstance(action, Extinguish):
            state.units[uid].active = False
            fire.extinguish(game, uid, action.to)
        else:
            tid = state.unit_at(action.target)
            assert tid is not None
            support = [state.unit_at(place) or "" for place in action.support]
            for helper in support:
                self.may_attack.remove(helper)
            game.push(
                AttackFrame(
                    house=self.house,
                    attacker=uid,
                    target=tid,
                    extra=self.dice,
                    moved=uid in self.moved,
                    support=support,
                )
            )

    def complete_move(self, game: BattlesGame, uid: str, place: str) -> None:
        self.moved.append(uid)
        if place == movement.EXIT:
            leave(game, uid)
        else:
            arrive(game, uid, place)

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
        found = [state.units[tid].at for tid in attack.targets(state, uid, uid in self.moved)]
        if action.support and state.unit_at(action.target) in attack.targets(state, uid, uid in self.moved):
            return (
                f"Those units cannot support the attack on {action.target}: supporting units are ordered "
                "melee units that may still attack, next to the target, not engaged with another unit (and "
                "the setting coordinated_attacks must be on)."
            )
        return (
            f"The unit at {action.at} cannot attack {action.target} (no enemy there, out of range or sight, "
            f"or it is engaged or in a fire); it may attack {', '.join(found) or 'no unit'}."
        )

    def describe(self, game: BattlesGame, viewer: str | None) -> dict[str, Any]:
        units = game.state.units
        return {
            "step": "orders",
            "house": self.house,
            "ordered": [units[uid].at for uid in self.units if uid in units],
            "to_move": [units[uid].at for uid in self.to_move if uid in units],
            "may_attack": [units[uid].at for uid in self.may_attack if uid in units],
            "moved": [units[uid].at for uid in self.moved if uid in units],
            "extra_dice": self.dice,
            "extra_move": self.move,
        }
