"""The English phrases the events' texts share: houses, counted units, lists; and the game's names in a row
for a refusal, said in the language it is read in.

An event's ``text`` is the engine's own English (the command line prints it, the tests read it). The table
words every event again from its ``kind`` and ``data``, in each reader's language
(``table/thrones/events/``); a test checks that its English is this text, word for word, so both say the
same thing. These helpers write the phrases as that English does: "a footman", "2 knights", "a footman and 2
knights in Winterfell", lists as "A, B, and C".
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import TypeVar

from data.thrones_names import Named, load
from engine.thrones.board import BOARD, FACTS
from i18n import Joined, joined

_ENGLISH = load()["en"]
T = TypeVar("T", bound=Hashable)


def house(house_id: str) -> str:
    """ "House Stark"."""
    return FACTS.houses[house_id].name


def area(area_id: str) -> str:
    return BOARD.name(area_id)


def tides_name(card: str) -> str:
    """A Tides of Battle card's name: "Sword", "+2"."""
    return _ENGLISH.name("tides_of_battle", card)


def and_list(items: Sequence[str]) -> str:
    """ "A", "A and B", "A, B, and C"."""
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + ", and " + items[-1]


def noun(kind: str, count: int) -> str:
    """A unit kind's name for ``count`` of them: "footman", "footmen" (lower case in running text)."""
    entry = _ENGLISH.names["units"][kind]
    return (entry.name if count == 1 else entry.plural or entry.name).lower()


def counted(kind: str, count: int) -> str:
    """ "a footman", "2 footmen", "an ..."."""
    if count == 1:
        name = noun(kind, 1)
        return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"
    return f"{count} {noun(kind, count)}"


def in_order(items: Iterable[T]) -> list[tuple[T, int]]:
    """Each item and how many times it comes, in the order each first comes. Counted in a plain dict:
    the lists are a few items long, for which building a ``Counter`` costs several times more."""
    counts: dict[T, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return list(counts.items())


def units(kinds: Iterable[str]) -> str:
    """ "2 footmen and a knight": the kinds counted, in the order each first comes."""
    return and_list([counted(kind, count) for kind, count in in_order(kinds)])


def units_in(pairs: Iterable[Sequence[str]]) -> str:
    """ "2 footmen in Winterfell and a knight in The Reach", from (area, kind) pairs."""
    grouped = in_order((where, kind) for where, kind in pairs)
    return and_list([f"{counted(kind, count)} in {area(where)}" for (where, kind), count in grouped])


def tally(counts: Iterable[tuple[str, int | str]]) -> str:
    """ "House Stark 2, House Lannister 0": houses and a number each."""
    return ", ".join(f"{house(who)} {value}" for who, value in counts)


def named(category: str, items: Iterable[str]) -> Joined:
    """Things of the game in a row, each by its name in the language the row is read in: "House Stark,
    House Lannister", "Casa Stark, Casa Lannister" (``category`` as :class:`Named` has them)."""
    return joined(*(Named(category, item) for item in items), separator=", ")
