"""The phrases the thrones events' sentences are built from, in any language: a game's names (``Named``,
said as :class:`data.thrones_names.Phrase`, so a translation may ask for ``{area:in}``), counted units ("un
soldado", "2 caballeros"), lists ("A, B y C", as the language's own list pattern joins them) and tallies
("Casa Stark 2, Casa Lannister 0").

Each is an :class:`i18n.Localized`: a message's field, said in the message's language. English says them as
the engine's own texts do (:mod:`engine.thrones.phrases`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from babel.lists import format_list

from data.thrones_names import Counted, Named, counted
from i18n import Localized, said, say

T = TypeVar("T", bound=Hashable)


def house(item: str) -> Named:
    return Named("houses", item)


def area(item: str) -> Named:
    return Named("areas", item)


def in_order(items: Iterable[T]) -> list[tuple[T, int]]:
    """Each item and how many times it comes, in the order each first comes."""
    return list(Counter(items).items())


def joined(items: Sequence[str], language: str) -> str:
    """ "A, B y C": a list as the language joins one (English: "A, B, and C")."""
    return format_list(list(items), locale=language) if items else ""


@dataclass(frozen=True)
class Units:
    """Units counted by kind: "2 footmen and a knight"."""

    kinds: tuple[str, ...]

    def said_in(self, language: str) -> str:
        return joined([counted(language, kind, n) for kind, n in in_order(self.kinds)], language)


@dataclass(frozen=True)
class Listed:
    """Things said one by one, then listed: "the Hound, Tywin Lannister and Ser Jaime Lannister"."""

    items: tuple[Localized, ...]

    def said_in(self, language: str) -> str:
        return joined([say(item, language) for item in self.items], language)


@dataclass(frozen=True)
class Tally:
    """Houses each with a figure, as a tally reads in any language: "House Stark 2, House Lannister 0"."""

    counts: tuple[tuple[str, str], ...]

    def said_in(self, language: str) -> str:
        return ", ".join(f"{house(who).said_in(language)} {value}" for who, value in self.counts)


@dataclass(frozen=True)
class Ranking:
    """Houses in order, as an influence track reads: "House Stark, House Lannister, House Baratheon"."""

    houses: tuple[str, ...]

    def said_in(self, language: str) -> str:
        return ", ".join(house(who).said_in(language) for who in self.houses)


def units_in(pairs: Iterable[Sequence[str]]) -> Listed:
    """ "2 footmen in Winterfell and a knight in The Reach", from (area, kind) pairs."""
    grouped = in_order((where, kind) for where, kind in pairs)
    # Translators: units standing in an area, in a list of such ("2 footmen in Winterfell").
    return Listed(
        tuple(said("{units} in {area}", units=Counted(k, n), area=area(a)) for (a, k), n in grouped)
    )


def muster_items(items: Iterable[str]) -> Listed:
    """What a muster adds, from its items in the notation ("winterfell knight", "winterfell footman->knight",
    "winterfell ship@port-of-winterfell"): "a knight in Winterfell in place of a footman"."""
    grouped = in_order(_muster_key(item) for item in items)
    parts = []
    for (where, kind, upgrade), count in grouped:
        units, place = Counted(kind, count), area(where)
        if upgrade:
            footmen = Counted("footman", count)
            # Translators: a unit mustered by replacing a footman, in a list of what a house musters.
            parts.append(
                said("{units} in {area} in place of {footmen}", units=units, area=place, footmen=footmen)
            )
        else:
            parts.append(said("{units} in {area}", units=units, area=place))
    return Listed(tuple(parts))


def _muster_key(item: str) -> tuple[str, str, bool]:
    """Where a mustered unit stands, its kind, and whether it replaces a footman."""
    where, unit = item.split(" ", 1)
    if "->" in unit:
        return (where, unit.split("->", 1)[1], True)
    if "@" in unit:
        kind, port = unit.split("@", 1)
        return (port, kind, False)
    return (where, unit, False)
