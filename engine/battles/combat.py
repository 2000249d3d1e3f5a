"""The combat sequence (rulebook: "Secuencia de combate" 1-8, "Resolver el ataque" A-D, "Contraatacar",
"Enfrentando al enemigo", "Golpe de partida", and the keywords that act in it), one attack at a time, as a
frame whose steps wait for the decisions of both players.

An attack of an ordered unit:

1. If a melee attacker is engaged with another unit than its target, it breaks away: the token goes, and the
   unit it leaves may strike a parting blow first (:class:`PartingFrame`); the attack goes on if the
   attacker survives.
2. A melee attack on an unengaged target puts the attacker's engagement token between them (an attacker
   engaged with its target turns the token to its house); on a target engaged with another unit, an
   unengaged attacker flanks: it places no token, and after rolling may roll again every die of one face.
   Ranged attacks neither engage nor flank.
3. War Hounds first roll one die: a shield sets the rank they attack as; a flag makes the target retreat a
   hex, valor scores a hit, and neither can be ignored (no attack is made then).
4. The dice are rolled (one public event with their faces), shields and valor score hits, Cover and
   Resilience ignore some, the target loses a figure for each hit left (:mod:`engine.battles.damage`).
5. If the target survives, it retreats a hex for each morale flag (:mod:`engine.battles.retreat`); a Loyal
   target may ignore the first.
6. The attacker's banner turns to inactive.
7. A target eliminated or retreated from its hex lets the attacker advance or pursue (once a turn each); a
   pursuit may be followed by a second attack. A target still in its hex after a melee attack may
   counterattack, if it is Loyal: a normal attack back, with no modifier "when attacking", that no one
   counterattacks and that neither advances nor pursues.

The other player's choices (a parting blow, a counterattack, Loyal's flag, a retreat's hex) are decisions
with defaults: yes, yes, yes, the first hex. A deadline may answer them without stalling a game played by
post (their category is "reaction": engine/battles/categories.py).

Readings where the rulebook is silent, tested in tests/engine/battles/test_combat.py:
- Counterattacks and parting blows place, turn and remove no engagement token, turn no banner and are
  never flank attacks; a counterattack's flags make the unit it strikes retreat (it "resolves as a normal
  attack"); a parting blow ignores its flags.
- A parting blow is not an attack of an ordered unit: it gives no counterattack, advance or pursuit.
- A unit in a fire hex, which cannot attack, strikes no parting blow and makes no counterattack.
- A unit forced to retreat but blocked at its first step has stayed in its hex: it may counterattack.
- War Hounds' flag and valor results are not an attack: the target may not counterattack, and the kennel
  unit neither advances nor pursues.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from data.battles_model import FACES, RANKS
from engine.battles import attack, engagement, keywords, movement
from engine.battles.actions import Attack, AttackDone, Counter, Follow, Loyal, Parting, Reroll
from engine.battles.attack import label
from engine.battles.damage import take_hits
from engine.battles.frame import BattlesFrame, choose_from
from engine.battles.placement import arrive
from engine.battles.retreat import RetreatFrame
from engine.battles.state import State
from engine.core.decisions import Decision
from engine.core.dice import Die, roll
from engine.core.errors import IllegalAction

if TYPE_CHECKING:
    from engine.battles.game import BattlesGame

ORDERED = ("attack", "pursuit")  # the attacks of ordered units; "counter" and "parting" are the others


def die(state: State) -> Die:
    return Die("battles", state.pack.die)


def forbidden(state: State) -> list[str]:
    """The enemy units the card being played forbids to counterattack this turn."""
    card = next((f for f in reversed(state.stack) if f.kind == "card"), None)
    return list(getattr(card, "no_counterattack", []))


def turn_orders(state: State) -> Any:
    """The orders frame of the turn (None outside one)."""
    return next((f for f in reversed(state.stack) if f.kind == "orders"), None)


def can_counter(state: State, uid: str, attacker: str) -> bool:
    """Whether the unit, just attacked in melee by ``attacker`` and still in its hex, may counterattack."""
    return (
        keywords.loyal(state, uid)
        and not attack.in_fire(state, uid)
        and uid not in forbidden(state)
        and state.field.distance(state.units[uid].at, state.units[attacker].at) == 1
    )


def flanking(state: State, uid: str, tid: str) -> bool:
    """Whether a melee attack of the unit on the target flanks: the unit is unengaged, the target engaged
    with another unit."""
    return engagement.partner(state, uid) is None and engagement.partner(state, tid) not in (None, uid)


@dataclass
class AttackFrame(BattlesFrame):
    kind = "attack"
    house: str = ""  # the attacker's house
    attacker: str = ""
    target: str = ""
    mode: str = "attack"  # attack, pursuit (a pursuit's second attack), counter or parting
    step: str = "start"
    extra: int = 0  # attack dice the card that ordered the attacker adds
    moved: bool = False  # the attacker moved this turn before attacking
    support: list[str] = field(default_factory=list)  # a coordinated attack's supporting units
    flank: bool = False
    rank: str | None = None  # the rank War Hounds attack as
    faces: list[str] = field(default_factory=list)
    flags: int = 0
    made: bool = True  # False when War Hounds' flag or valor replaced the attack
    on_commander: int = 0  # the hits of this attack on a commander standing alone
    origin: str = ""  # the target's hex when the attack was declared

    def run(self, game: BattlesGame) -> list[Decision] | None:
        state = game.state
        units = state.units
        if self.step in ("start", "declare", "hounds", "roll") and (
            self.attacker not in units or self.target not in units
        ):
            game.pop(self)
            return None
        if self.step == "start":
            self.step = "declare"
            partner = engagement.partner(state, self.attacker)
            melee = not attack.ranged(state, self.attacker, self.target)
            if self.mode in ORDERED and melee and partner is not None and partner != self.target:
                engagement.release(state, self.attacker)
                game.emit(
                    "disengage",
                    f"{label(state, units[self.attacker])} at {units[self.attacker].at} breaks away from "
                    f"{units[partner].at} to attack {units[self.target].at}.",
                    at=units[self.attacker].at,
                )
                game.push(PartingFrame(striker=partner, leaver=self.attacker))
            return None
        if self.step == "declare":
            self.declare(game)
        elif self.step == "hounds":
            self.hounds(game)
        elif self.step == "roll":
            self.roll(game)
        elif self.step == "reroll":
            options = self.rerolls()
            prompt = f"Flank attack on {units[self.target].at}: roll again every die of one face, or none."
            return [Decision(self.house, "reroll", prompt, False, Reroll(), options=tuple(options))]
        elif self.step == "hits":
            self.hits(game)
        elif self.step == "loyal":
            target = units[self.target]
            prompt = (
                f"Your Loyal unit at {target.at} may ignore the first morale flag rolled against it "
                f"({self.flags} flag{'s' if self.flags != 1 else ''}): 'loyal yes' or 'loyal no'."
            )
            options = (Loyal(True), Loyal(False))
            return [Decision(target.house, "loyal", prompt, False, Loyal(True), options=options)]
        elif self.step == "retreat":
            self.step = "after"
            if self.flags > 0 and self.target in units:
                by, prior = self.house, self.on_commander
                game.push(RetreatFrame(unit=self.target, steps=self.flags, by=by, prior=prior))
        elif self.step == "after":
            self.after(game)
        elif self.step == "counter":
            target = units[self.target]
            prompt = (
                f"Your unit at {target.at} may counterattack the unit at {units[self.attacker].at}: "
                "'counter yes' or 'counter no'."
            )
            options = (Counter(True), Counter(False))
            return [Decision(target.house, "counter", prompt, False, Counter(True), options=options)]
        elif self.step == "follow":
            places = movement.follow(state, self.attacker, self.origin)
            options = (Follow(), *(Follow(place) for place in places))
            prompt = (
                f"The unit at {units[self.attacker].at} may advance or pursue into {self.origin} "
                "(and on, if it pursues): 'follow HEX' or 'follow none'."
            )
            return [Decision(self.house, "follow", prompt, False, Follow(), options=options)]
        elif self.step == "again":
            options = self.second_attacks(state)
            if len(options) == 1:
                game.pop(self)
                return None
            prompt = f"The unit at {units[self.attacker].at} has pursued: it may attack again."
            return [Decision(self.house, "attack", prompt, False, AttackDone(), options=tuple(options))]
        else:
            game.pop(self)
        return None

    # --- the steps --------------------------------------------------------------------------------

    def declare(self, game: BattlesGame) -> None:
        """Step 4 of the sequence: the engagement token (or a flank); then the War Hounds' die or the roll."""
        state = game.state
        self.origin = state.units[self.target].at
        self.step = "roll"
        if self.mode not in ORDERED:
            return
        if attack.hounds(state, self.attacker, self.target):
            self.step = "hounds"
            return
        if attack.ranged(state, self.attacker, self.target):
            return
        leading = [self.attacker, *self.support]
        self.flank = all(flanking(state, uid, self.target) for uid in leading)
        if engagement.partner(state, self.target) in (None, self.attacker):
            engagement.engage(state, self.attacker, self.target)
            game.emit(
                "engaged",
                f"{label(state, state.units[self.attacker])} at {state.units[self.attacker].at} engages the "
                f"unit at {self.origin}.",
                house=self.house,
                at=state.units[self.attacker].at,
                target=self.origin,
            )

    def hounds(self, game: BattlesGame) -> None:
        state = game.state
        target = state.units[self.target]
        (face,) = roll(game, die(state), 1, seat=self.house, reason=f"the War Hounds sent at {target.at}")
        if face in RANKS:
            self.rank = face
            self.step = "roll"
            game.emit("hounds", f"The hounds attack as a {face} unit.", rank=face)
            return
        self.made = False
        if face == "morale":
            game.emit("hounds", f"The hounds drive the unit at {target.at} back a hex.", rank=None)
            self.flags = 1
            self.step = "retreat"
            return
        game.emit("hounds", f"The hounds maul the unit at {target.at}: a hit.", rank=None)
        self.on_commander = take_hits(game, self.target, 1, self.house)
        self.step = "after"

    def roll(self, game: BattlesGame) -> None:
        state = game.state
        attacker, target = state.units[self.attacker], state.units[self.target]
        mode = "attack" if self.mode in ORDERED else self.mode
        count = attack.dice(
            state,
            self.attacker,
            self.target,
            self.extra,
            mode=mode,
            moved=self.moved,
            rank=self.rank,
            supporters=tuple(uid for uid in self.support if uid in state.units),
        )
        what = {"counter": "the counterattack", "parting": "the parting blow"}.get(self.mode, "the attack")
        reason = f"{what} from {attacker.at} on {target.at}"
        self.faces = roll(game, die(state), count, seat=self.house, reason=reason)
        game.count("attacks")
        self.step = "reroll" if self.flank and self.faces else "hits"

    def rerolls(self) -> list[Reroll]:
        return [Reroll(), *(Reroll(face) for face in FACES if face in self.faces)]

    def act(self, game: BattlesGame, house: str, action: Any) -> None:
        state = game.state
        if self.step == "reroll":
            chosen: Reroll = choose_from(action, self.rerolls(), "a flank attack's reroll ('reroll FACE')")
            if chosen.face is not None:
                kept = [face for face in self.faces if face != chosen.face]
                again = self.faces.count(chosen.face)
                reason = f"the flank reroll of {again} {chosen.face} result{'s' if again != 1 else ''}"
                self.faces = kept + roll(game, die(state), again, seat=self.house, reason=reason)
            self.step = "hits"
        elif self.step == "loyal":
            answer: Loyal = choose_from(action, [Loyal(True), Loyal(False)], "'loyal yes' or 'loyal no'")
            if answer.yes:
                self.flags -= 1
                game.emit("loyal", f"The Loyal unit at {state.units[self.target].at} ignores a morale flag.")
            self.step = "retreat"
        elif self.step == "counter":
            reply: Counter = choose_from(
                action, [Counter(True), Counter(False)], "'counter yes' or 'counter no'"
            )
            game.pop(self)
            if reply.yes:
                game.push(
                    AttackFrame(
                        house=state.units[self.target].house,
                        attacker=self.target,
                        target=self.attacker,
                        mode="counter",
                    )
                )
        elif self.step == "follow":
            places = movement.follow(state, self.attacker, self.origin)
            options = [Follow(), *(Follow(place) for place in places)]
            went: Follow = choose_from(action, options, "where the unit advances or pursues ('follow HEX')")
            if went.to is None:
                game.pop(self)
                return
            orders = turn_orders(state)
            if orders is not None:
                orders.followed.append(self.attacker)
            pursues = keywords.number(state, self.attacker, "pursue") > 0
            arrive(game, self.attacker, went.to, "pursues" if pursues else "advances")
            if pursues:
                self.step = "again"
            else:
                game.pop(self)
        elif self.step == "again":
            options = self.second_attacks(state)
            if isinstance(action, Attack) and action not in options:
                raise IllegalAction(
                    f"The pursuing unit may attack {', '.join(o.target for o in options[1:])} or nothing "
                    "('attack done')."
                )
            second = choose_from(action, options, "the pursuing unit's attack ('attack HEX HEX')")
            game.pop(self)
            if isinstance(second, Attack):
                tid = state.unit_at(second.target)
                assert tid is not None
                game.push(
                    AttackFrame(
                        house=self.house,
                        attacker=self.attacker,
                        target=tid,
                        mode="pursuit",
                        extra=self.extra,
                        moved=True,
                    )
                )
        else:
            raise IllegalAction("Nothing is waiting for a decision here.")

    def second_attacks(self, state: State) -> list[Attack | AttackDone]:
        at = state.units[self.attacker].at
        found: list[Attack | AttackDone] = [AttackDone()]
        found.extend(Attack(at, state.units[tid].at) for tid in attack.targets(state, self.attacker, True))
        return found

    def hits(self, game: BattlesGame) -> None:
        """Steps 7 A to C: the hits, less the target's cover, each a figure."""
        state = game.state
        attacker, target = state.units[self.attacker], state.units[self.target]
        scored = attack.hits(state, self.attacker, self.target, self.faces)
        ignored = min(scored, attack.cover(state, self.target))
        flags = 0 if self.mode == "parting" else self.faces.count("morale")
        net = scored - ignored
        covered = f" ({ignored} ignored)" if ignored else ""
        flagged = f" and {flags} morale flag{'s' if flags != 1 else ''}" if flags else ""
        game.emit(
            "attack",
            f"{net} hit{'s' if net != 1 else ''}{covered}{flagged} on {label(state, target)} at {target.at}.",
            attacker=attacker.at,
            target=target.at,
            mode=self.mode,
            faces=list(self.faces),
            hits=net,
            ignored=ignored,
            flags=flags,
            flank=self.flank,
        )
        self.on_commander = take_hits(game, self.target, net, self.house)
        self.flags = flags
        if self.target not in state.units:
            self.step = "after"
        elif flags and keywords.loyal(state, self.target):
            self.step = "loyal"
        else:
            self.step = "retreat"

    def after(self, game: BattlesGame) -> None:
        """Step 8, the attacker's banner; then a counterattack, or an advance or pursuit, or nothing."""
        state = game.state
        self.step = "done"
        if self.mode not in ORDERED:
            return
        for uid in (self.attacker, *self.support):
            if uid in state.units:
                state.units[uid].active = False
        if self.attacker not in state.units or not self.made:
            return
        orders = turn_orders(state)
        vacated = state.unit_at(self.origin) is None
        if vacated:
            followed = orders is not None and self.attacker in orders.followed
            if self.mode == "attack" and not followed and movement.follow(state, self.attacker, self.origin):
                self.step = "follow"
            return
        stayed = self.target in state.units and state.units[self.target].at == self.origin
        melee = not attack.ranged(state, self.attacker, self.target)
        if stayed and melee and can_counter(state, self.target, self.attacker):
            self.step = "counter"

    def describe(self, game: BattlesGame, viewer: str | None) -> dict[str, Any]:
        units = game.state.units
        return {
            "step": "attack",
            "substep": self.step,
            "mode": self.mode,
            "house": self.house,
            "attacker": units[self.attacker].at if self.attacker in units else None,
            "target": units[self.target].at if self.target in units else None,
            "support": [units[uid].at for uid in self.support if uid in units],
            "faces": list(self.faces),
            "flank": self.flank,
            "flags": self.flags,
        }


@dataclass
class PartingFrame(BattlesFrame):
    """A unit breaking away (``leaver``) from the unit it was engaged with (``striker``), whose owner may
    strike a parting blow: its rank's dice, its flags ignored."""

    kind = "parting"
    striker: str = ""
    leaver: str = ""

    def run(self, game: BattlesGame) -> list[Decision] | None:
        state = game.state
        units = state.units
        if self.striker not in units or self.leaver not in units or attack.in_fire(state, self.striker):
            game.pop(self)
            return None
        striker, leaver = units[self.striker], units[self.leaver]
        prompt = (
            f"The enemy unit at {leaver.at} breaks away from your unit at {striker.at}: strike a parting "
            "blow ('parting yes') or let it go ('parting no')?"
        )
        options = (Parting(True), Parting(False))
        return [Decision(striker.house, "parting", prompt, False, Parting(True), options=options)]

    def act(self, game: BattlesGame, house: str, action: Any) -> None:
        reply: Parting = choose_from(action, [Parting(True), Parting(False)], "'parting yes' or 'parting no'")
        game.pop(self)
        if reply.yes:
            striker = game.state.units[self.striker]
            game.push(
                AttackFrame(house=striker.house, attacker=self.striker, target=self.leaver, mode="parting")
            )

    def describe(self, game: BattlesGame, viewer: str | None) -> dict[str, Any]:
        units = game.state.units
        return {
            "step": "parting",
            "striker": units[self.striker].at if self.striker in units else None,
            "leaver": units[self.leaver].at if self.leaver in units else None,
        }
