"""Names and facts of A Game of Thrones that the Discord UI shows, read from the game's data: areas,
houses and their colours, order tokens, house cards, units, tracks, phases and decision kinds."""

from __future__ import annotations

from data.thrones import load

FACTS = load()

AREAS: tuple[str, ...] = tuple(sorted(FACTS.areas))
TOKENS: tuple[str, ...] = tuple(FACTS.order_tokens)
CARDS: tuple[str, ...] = tuple(FACTS.house_cards)
UNIT_KINDS: tuple[str, ...] = ("footman", "knight", "siege", "ship")
TRACK_NAMES = {"throne": "Iron Throne", "fiefdoms": "Fiefdoms", "court": "King's Court"}
PHASE_COLOURS = {"westeros": 0x4A6FA5, "planning": 0x8E6C3A, "action": 0xA33B2A, "over": 0xD4AF37}
_UNIT_NAMES = {"footman": "Footman", "knight": "Knight", "siege": "Siege engine", "ship": "Ship"}
_PLURALS = {"footman": "footmen", "knight": "knights", "siege": "siege engines", "ship": "ships"}

KIND_TITLES = {
    "orders": "Place your orders",
    "bid": "Your bid",
    "house-card": "Choose your house card",
    "march": "Resolve a march order",
    "raid": "Resolve a raid order",
    "consolidate": "Resolve a Consolidate Power order",
    "muster": "Muster",
    "support": "Support in a battle",
    "accept-support": "Accept support?",
    "retreat": "Retreat",
    "casualties": "Casualties",
    "skull-casualties": "Casualties (skulls)",
    "retreat-losses": "Losses in the retreat",
    "reconcile": "Reconcile your armies with supply",
    "raven": "The Messenger Raven",
    "raven-peek": "The top wildling card",
    "rank": "Settle a tie",
    "westeros-choice": "A Westeros card choice",
    "wildling-destroy": "Wildlings: destroy units",
    "wildling-swap": "Wildlings: change units",
    "wildling-muster": "Wildlings: muster",
    "wildling-discard": "Wildlings: discard a card",
    "wildling-retrieve": "Wildlings: take a card back",
    "wildling-track": "Wildlings: choose a track",
    "wildling-tie": "Wildlings: settle a tie",
    "tides-redraw": "Tides of Battle",
    "replace-card": "Play another house card",
    "blade": "The Valyrian Steel Blade",
}


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


def tides_name(card: str) -> str:
    info = FACTS.tides_cards.get(card)
    return info.name if info else card


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


def kind_title(kind: str) -> str:
    return KIND_TITLES.get(kind, kind.replace("-", " ").capitalize())
