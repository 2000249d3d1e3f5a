"""Names and facts the Discord UI shows, read from the game's data; and the table's prompt helpers.

The cogs talk only to :mod:`table` (and read static facts from :mod:`data`): what a prompt needs beyond
the decision payload (units by area, the musters a castle allows, a secret answer that may still change)
comes from :mod:`table.prompting`. Whatever a prompt offers, the engine validates again when the answer
is submitted.
"""

from __future__ import annotations

from typing import Any

from data.thrones import HOUSES, load
from table.errors import TableError
from table.kinds import kind_of
from table.prompting import Current, current, extras, seat_id
from table.session import Session
from table.thrones.extras import TOKEN_WORDS, Extras, muster_points, orders_of

FACTS = load()

# Errors whose message is written for the person who caused them: the table's refusals.
PLAYER_ERRORS: tuple[type[Exception], ...] = (TableError,)

AREAS: tuple[str, ...] = tuple(sorted(FACTS.areas))
TOKENS: tuple[str, ...] = tuple(FACTS.order_tokens)
CARDS: tuple[str, ...] = tuple(FACTS.house_cards)
UNIT_KINDS: tuple[str, ...] = ("footman", "knight", "siege", "ship")
VERBS: tuple[str, ...] = (
    "orders",
    "bid",
    "choose",
    "rank",
    "raid",
    "march",
    "consolidate",
    "muster",
    "destroy",
    "swap",
    "raven",
    "play",
    "discard",
    "retrieve",
)
TRACK_NAMES = {"throne": "Iron Throne", "fiefdoms": "Fiefdoms", "court": "King's Court"}
_UNIT_NAMES = {"footman": "Footman", "knight": "Knight", "siege": "Siege engine", "ship": "Ship"}
_PLURALS = {"footman": "footmen", "knight": "knights", "siege": "siege engines", "ship": "ships"}

__all__ = [
    "HOUSES",
    "PLAYER_ERRORS",
    "TOKEN_WORDS",
    "Current",
    "Extras",
    "house_id",
    "muster_points",
    "orders_of",
]


# --- names ---------------------------------------------------------------------------------------------


def is_area(text: str) -> bool:
    return text in FACTS.areas


def is_house(text: str) -> bool:
    return text in FACTS.houses


def is_card(text: str) -> bool:
    return text in FACTS.house_cards


def area_name(area: str) -> str:
    info = FACTS.areas.get(area)
    return info.name if info is not None else area


def house_name(house: str) -> str:
    """``House Stark``."""
    info = FACTS.houses.get(house)
    return info.name if info is not None else f"House {house.title()}"


def house_colour(house: str) -> int | None:
    info = FACTS.houses.get(house)
    return int(info.color.lstrip("#"), 16) if info is not None else None


def token_name(token: str) -> str:
    info = FACTS.order_tokens.get(token)
    return info.name if info is not None else token


def token_is_special(token: str) -> bool:
    info = FACTS.order_tokens.get(token)
    return bool(info and info.special)


def card_name(card: str) -> str:
    info = FACTS.house_cards.get(card)
    return info.name if info is not None else card


def card_label(card: str) -> str:
    """``Tywin Lannister (4)``: the name and the strength."""
    info = FACTS.house_cards.get(card)
    return f"{info.name} ({info.strength})" if info is not None else card


def card_details(card: str) -> str:
    """Icons and ability text, for a select option's description."""
    info = FACTS.house_cards.get(card)
    if info is None:
        return ""
    icons = []
    if info.swords:
        icons.append(f"{info.swords} sword(s)")
    if info.fortifications:
        icons.append(f"{info.fortifications} fortification(s)")
    return "; ".join([*icons, info.text] if info.text else icons)


def card_owner(card: str) -> str | None:
    info = FACTS.house_cards.get(card)
    return info.house if info is not None else None


def unit_name(kind: str) -> str:
    return _UNIT_NAMES.get(kind, kind)


def units_text(kinds: list[str]) -> str:
    """``2 footmen, knight``."""
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    parts = []
    for kind in sorted(counts, key=lambda k: UNIT_KINDS.index(k) if k in UNIT_KINDS else 9):
        count = counts[kind]
        parts.append(kind if count == 1 else f"{count} {_PLURALS.get(kind, kind + 's')}")
    return ", ".join(parts) or "no units"


def houses_for(players: int) -> tuple[str, ...]:
    """The houses of a game of that many players, in the usual order."""
    setup = FACTS.setups.get(players)
    return tuple(h for h in HOUSES if setup is not None and h in setup.houses)


def house_id(text: str) -> str:
    return seat_id(kind_of("thrones"), text)


# --- the table's prompt helpers -------------------------------------------------------------------------


def extras_for(session: Session, decision: dict[str, Any]) -> Extras:
    return extras(session, decision)


def answered(session: Session, house: str) -> Current | None:
    """The decision ``house`` has answered but may still change, as its prompt payload (else None)."""
    found = current(session, house)
    return found if found is not None and found.answer is not None else None
