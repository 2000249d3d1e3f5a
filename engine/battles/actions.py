"""The actions of a battle, each with its one-line notation (``format``; :mod:`engine.battles.notation`
reads them back). Hexes are written by name (``G5``), order tokens by face (``green``, ``valor``...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class Pass:
    """Pass for the rest of the command phase."""

    verb: ClassVar[str] = "pass"

    def format(self) -> str:
        return "pass"


@dataclass(frozen=True)
class OrderToken:
    """Order the unit at ``at`` with one order token, or with two of the same face."""

    tokens: tuple[str, ...]
    at: str
    verb: ClassVar[str] = "token"

    def format(self) -> str:
        return f"token {'+'.join(self.tokens)} {self.at}"


@dataclass(frozen=True)
class MoraleToken:
    """Use a morale token: raise your morale by one, or lower it by one to rally the unit at ``rally``."""

    rally: str | None = None
    verb: ClassVar[str] = "token"

    def format(self) -> str:
        return f"token morale rally {self.rally}" if self.rally else "token morale up"


@dataclass(frozen=True)
class Play:
    """Play a leadership card through a commander."""

    card: str
    commander: str
    verb: ClassVar[str] = "play"

    def format(self) -> str:
        return f"play {self.card} via {self.commander}"


@dataclass(frozen=True)
class Command:
    """The command orders of the card played (numbers from 1) to execute and pay for, and whether to use
    its tactic and the commander's commit ability, before or after the command orders."""

    orders: tuple[int, ...] = ()
    tactic: str | None = None
    commit: str | None = None
    verb: ClassVar[str] = "command"

    def format(self) -> str:
        parts = [str(number) for number in self.orders]
        if self.tactic:
            parts.append(f"tactic {self.tactic}")
        if self.commit:
            parts.append(f"commit {self.commit}")
        return f"command {' '.join(parts) or 'none'}"


@dataclass(frozen=True)
class Units:
    """The units each command order picks: (order number, hexes of the units)."""

    groups: tuple[tuple[int, tuple[str, ...]], ...] = ()
    verb: ClassVar[str] = "units"

    def format(self) -> str:
        text = "; ".join(f"{number} {' '.join(hexes)}" for number, hexes in self.groups if hexes)
        return f"units {text or 'none'}"


@dataclass(frozen=True)
class Move:
    """Move the ordered unit at ``at`` to ``to`` (``exit``: off the board by its exit edge)."""

    at: str
    to: str
    verb: ClassVar[str] = "move"

    def format(self) -> str:
        return f"move {self.at} {self.to}"


@dataclass(frozen=True)
class MoveDone:
    """Move no more units this turn."""

    verb: ClassVar[str] = "move"

    def format(self) -> str:
        return "move done"


@dataclass(frozen=True)
class Attack:
    """Attack ``target`` with the unit at ``at``; with the setting coordinated_attacks, the ordered units at
    ``support`` give up their own attacks to support it."""

    at: str
    target: str
    support: tuple[str, ...] = ()
    verb: ClassVar[str] = "attack"

    def format(self) -> str:
        joined = f" with {' '.join(self.support)}" if self.support else ""
        return f"attack {self.at} {self.target}{joined}"


@dataclass(frozen=True)
class AttackDone:
    """Attack with no more units this turn."""

    verb: ClassVar[str] = "attack"

    def format(self) -> str:
        return "attack done"


@dataclass(frozen=True)
class Scorch:
    """Instead of attacking, the unit at ``at`` (Scorch the Earth) sets fire to the empty hex ``to``."""

    at: str
    to: str
    verb: ClassVar[str] = "scorch"

    def format(self) -> str:
        return f"scorch {self.at} {self.to}"


@dataclass(frozen=True)
class Extinguish:
    """The unit at ``at`` puts out the fire of its own hex (its whole order), or tries to put out an
    adjacent hex's instead of attacking."""

    at: str
    to: str
    verb: ClassVar[str] = "extinguish"

    def format(self) -> str:
        return f"extinguish {self.at} {self.to}"


@dataclass(frozen=True)
class Parting:
    """Make a parting blow on the enemy unit breaking away (``yes``), or let it go."""

    yes: bool = True
    verb: ClassVar[str] = "parting"

    def format(self) -> str:
        return f"parting {'yes' if self.yes else 'no'}"


@dataclass(frozen=True)
class Counter:
    """Counterattack the unit that attacked (``yes``), or not."""

    yes: bool = True
    verb: ClassVar[str] = "counter"

    def format(self) -> str:
        return f"counter {'yes' if self.yes else 'no'}"


@dataclass(frozen=True)
class Loyal:
    """Ignore the first morale flag rolled against a Loyal unit (``yes``), or retreat for every flag."""

    yes: bool = True
    verb: ClassVar[str] = "loyal"

    def format(self) -> str:
        return f"loyal {'yes' if self.yes else 'no'}"


@dataclass(frozen=True)
class Retreat:
    """The hex a retreating unit steps to."""

    to: str
    verb: ClassVar[str] = "retreat"

    def format(self) -> str:
        return f"retreat {self.to}"


@dataclass(frozen=True)
class Reroll:
    """A flank attack's reroll: every die showing ``face`` rolled again (None: none)."""

    face: str | None = None
    verb: ClassVar[str] = "reroll"

    def format(self) -> str:
        return f"reroll {self.face or 'none'}"


@dataclass(frozen=True)
class Follow:
    """Advance or pursue into the hex ``to`` after the attack (None: stay)."""

    to: str | None = None
    verb: ClassVar[str] = "follow"

    def format(self) -> str:
        return f"follow {self.to or 'none'}"


@dataclass(frozen=True)
class Discard:
    """With the setting discard_to_order: discard a leadership card to order the unit at ``at`` through a
    commander (one command token moved onto his card)."""

    card: str
    commander: str
    at: str
    verb: ClassVar[str] = "discard"

    def format(self) -> str:
        return f"discard {self.card} via {self.commander} {self.at}"


@dataclass(frozen=True)
class Pick:
    """A skirmish: the commanders a house chooses, in secret."""

    commanders: tuple[str, ...] = ()
    verb: ClassVar[str] = "pick"

    def format(self) -> str:
        return f"pick {' '.join(self.commanders) or 'none'}"


@dataclass(frozen=True)
class Place:
    """A skirmish's setup: put a terrain hex (``what`` a terrain), a commander's unit (a commander's id) or
    a unit (a unit type's id with its ``rank``) on the hex ``at``."""

    what: str
    at: str
    rank: str | None = None
    verb: ClassVar[str] = "place"

    def format(self) -> str:
        rank = f" {self.rank}" if self.rank else ""
        return f"place {self.what}{rank} {self.at}"


@dataclass(frozen=True)
class Choose:
    """The units (by hex) an effect picks."""

    hexes: tuple[str, ...] = ()
    verb: ClassVar[str] = "choose"

    def format(self) -> str:
        return f"choose {' '.join(self.hexes) or 'none'}"


@dataclass(frozen=True)
class Change:
    """One change a player declares for an effect the engine cannot apply: ``move`` a unit (``at`` to
    ``to``), add or remove ``figures``, change ``morale`` or ``vp``, or ``rally`` a unit."""

    kind: str
    at: str | None = None
    to: str | None = None
    amount: int = 0

    def format(self) -> str:
        if self.kind == "move":
            return f"{self.at} to {self.to}"
        if self.kind == "figures":
            return f"{self.at} {self.amount:+d}"
        if self.kind == "rally":
            return f"rally {self.at}"
        return f"{self.kind} {self.amount:+d}"


@dataclass(frozen=True)
class Adjust:
    """What an effect the engine cannot apply did, declared by the player resolving it."""

    changes: tuple[Change, ...] = ()
    verb: ClassVar[str] = "adjust"

    def format(self) -> str:
        return f"adjust {', '.join(change.format() for change in self.changes) or 'none'}"


@dataclass(frozen=True)
class Keep:
    """The leadership card and the order token kept for the next round (None: none)."""

    card: str | None = None
    token: str | None = None
    verb: ClassVar[str] = "keep"

    def format(self) -> str:
        return f"keep {self.card or 'none'} {self.token or 'none'}"


Action = (
    Pass
    | OrderToken
    | MoraleToken
    | Play
    | Command
    | Units
    | Move
    | MoveDone
    | Attack
    | AttackDone
    | Scorch
    | Extinguish
    | Parting
    | Counter
    | Loyal
    | Retreat
    | Reroll
    | Follow
    | Discard
    | Pick
    | Place
    | Choose
    | Adjust
    | Keep
)
