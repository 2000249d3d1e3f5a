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
    at: str
    target: str
    verb: ClassVar[str] = "attack"

    def format(self) -> str:
        return f"attack {self.at} {self.target}"


@dataclass(frozen=True)
class AttackDone:
    """Attack with no more units this turn."""

    verb: ClassVar[str] = "attack"

    def format(self) -> str:
        return "attack done"


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
    | Choose
    | Adjust
    | Keep
)
