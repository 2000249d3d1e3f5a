"""The actions a house can take, as values. Each formats itself as one line of notation (without the house).

The grammar of every verb is documented in :mod:`engine.thrones.notation`, which parses it back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Action:
    verb: ClassVar[str] = ""

    def format(self) -> str:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class PlaceOrders(Action):
    """One order token per area; ``orders`` is sorted by area."""

    verb: ClassVar[str] = "orders"
    orders: tuple[tuple[str, str], ...]

    def format(self) -> str:
        body = " ".join(f"{area}={token}" for area, token in self.orders)
        return f"orders {body}".rstrip()


@dataclass(frozen=True, slots=True)
class Bid(Action):
    verb: ClassVar[str] = "bid"
    amount: int

    def format(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Pick one of a decision's named options (a Westeros card option, a track, a house...)."""

    verb: ClassVar[str] = "choose"
    option: str

    def format(self) -> str:
        return f"choose {self.option}"


@dataclass(frozen=True, slots=True)
class Rank(Action):
    """Put tied houses in order, best first (the Iron Throne holder settling a tie)."""

    verb: ClassVar[str] = "rank"
    houses: tuple[str, ...]

    def format(self) -> str:
        return "rank " + " ".join(self.houses)


@dataclass(frozen=True, slots=True)
class Raid(Action):
    verb: ClassVar[str] = "raid"
    source: str
    target: str | None

    def format(self) -> str:
        return f"raid {self.source} -> {self.target or 'none'}"


@dataclass(frozen=True, slots=True)
class March(Action):
    """Resolve a march order: ``moves`` sends units (by kind) to destinations; the rest stay."""

    verb: ClassVar[str] = "march"
    source: str
    moves: tuple[tuple[str, tuple[str, ...]], ...]
    leave_power: bool = False

    def format(self) -> str:
        if not self.moves:
            body = "none"
        else:
            body = ", ".join(f"{dest} {' '.join(units)}" for dest, units in self.moves)
        suffix = " +power" if self.leave_power else ""
        return f"march {self.source} -> {body}{suffix}"


@dataclass(frozen=True, slots=True)
class MusterItem:
    """One unit mustered by the castle or stronghold in ``area``.

    ``unit`` is the new unit's kind. A ship goes to ``to`` (the area's port or an adjacent sea).
    ``upgrade`` means a footman already in ``area`` is replaced by the new unit.
    """

    area: str
    unit: str
    to: str | None = None
    upgrade: bool = False

    def format(self) -> str:
        if self.upgrade:
            return f"{self.area} footman->{self.unit}"
        if self.to is not None:
            return f"{self.area} {self.unit}@{self.to}"
        return f"{self.area} {self.unit}"

    @property
    def cost(self) -> int:
        if self.upgrade:
            return 1
        return 2 if self.unit in ("knight", "siege") else 1


def format_muster_items(items: tuple[MusterItem, ...]) -> str:
    return ", ".join(item.format() for item in items) if items else "none"


@dataclass(frozen=True, slots=True)
class Muster(Action):
    verb: ClassVar[str] = "muster"
    items: tuple[MusterItem, ...]

    def format(self) -> str:
        return f"muster {format_muster_items(self.items)}"


@dataclass(frozen=True, slots=True)
class Consolidate(Action):
    """Resolve a Consolidate Power order; a special one in a castle area may muster instead."""

    verb: ClassVar[str] = "consolidate"
    area: str
    muster: tuple[MusterItem, ...] | None = None

    def format(self) -> str:
        if self.muster is None:
            return f"consolidate {self.area}"
        return f"consolidate {self.area} muster {format_muster_items(self.muster)}"


@dataclass(frozen=True, slots=True)
class Destroy(Action):
    """Units the house removes from the board, as (area, kind) pairs."""

    verb: ClassVar[str] = "destroy"
    units: tuple[tuple[str, str], ...]

    def format(self) -> str:
        if not self.units:
            return "destroy none"
        return "destroy " + ", ".join(f"{area} {kind}" for area, kind in self.units)


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Units replaced by units of another kind, as (area, old kind, new kind)."""

    verb: ClassVar[str] = "swap"
    units: tuple[tuple[str, str, str], ...]

    def format(self) -> str:
        if not self.units:
            return "swap none"
        return "swap " + ", ".join(f"{area} {old}->{new}" for area, old, new in self.units)


@dataclass(frozen=True, slots=True)
class Raven(Action):
    """The Messenger Raven: ``none``, ``peek``, ``keep``, ``bury``, or ``swap`` the order in ``area``
    for ``token``."""

    verb: ClassVar[str] = "raven"
    mode: str
    area: str | None = None
    token: str | None = None

    def format(self) -> str:
        if self.mode == "swap":
            return f"raven swap {self.area} {self.token}"
        return f"raven {self.mode}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a house card in a battle."""

    verb: ClassVar[str] = "play"
    card: str

    def format(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard a house card from hand."""

    verb: ClassVar[str] = "discard"
    card: str

    def format(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Retrieve(Action):
    """Take a house card back from the discard pile into hand."""

    verb: ClassVar[str] = "retrieve"
    card: str | None

    def format(self) -> str:
        return f"retrieve {self.card or 'none'}"
