"""Names and facts of A Game of Thrones that the Discord UI shows, read from the game's data: areas,
houses and their colours, order tokens, house cards, units, tracks, phases and decision kinds.

A name is English unless a ``language`` is given: then it is the game's official name in that language
(``data/thrones/names``, :mod:`data.thrones_names`), as autocomplete, embeds and replies show it to a reader
of that language. Notation stays in the ids whatever the language."""

from __future__ import annotations

from data.thrones import load
from data.thrones_names import load as load_names
from i18n import SOURCE_LANGUAGE, translator


def N_(message: str) -> str:
    """Marks a message for the catalogues where it is written; it is translated where it is shown."""
    return message


FACTS = load()

AREAS: tuple[str, ...] = tuple(sorted(FACTS.areas))
TOKENS: tuple[str, ...] = tuple(FACTS.order_tokens)
CARDS: tuple[str, ...] = tuple(FACTS.house_cards)
UNIT_KINDS: tuple[str, ...] = ("footman", "knight", "siege", "ship")
TRACK_NAMES = {"throne": "Iron Throne", "fiefdoms": "Fiefdoms", "court": "King's Court"}
PHASE_COLOURS = {"westeros": 0x4A6FA5, "planning": 0x8E6C3A, "action": 0xA33B2A, "over": 0xD4AF37}
_UNIT_NAMES = {"footman": "Footman", "knight": "Knight", "siege": "Siege engine", "ship": "Ship"}
_PLURALS = {"footman": "footmen", "knight": "knights", "siege": "siege engines", "ship": "ships"}

# Translators: the title of a decision a player is asked to make
KIND_TITLES = {
    "orders": N_("Place your orders"),
    "bid": N_("Your bid"),
    "house-card": N_("Choose your house card"),
    "march": N_("Resolve a march order"),
    "raid": N_("Resolve a raid order"),
    "consolidate": N_("Resolve a Consolidate Power order"),
    "muster": N_("Muster"),
    "support": N_("Support in a battle"),
    "accept-support": N_("Accept support?"),
    "retreat": N_("Retreat"),
    "casualties": N_("Casualties"),
    "skull-casualties": N_("Casualties (skulls)"),
    "retreat-losses": N_("Losses in the retreat"),
    "reconcile": N_("Reconcile your armies with supply"),
    "raven": N_("The Messenger Raven"),
    "raven-peek": N_("The top wildling card"),
    "rank": N_("Settle a tie"),
    "westeros-choice": N_("A Westeros card choice"),
    "wildling-destroy": N_("Wildlings: destroy units"),
    "wildling-swap": N_("Wildlings: change units"),
    "wildling-muster": N_("Wildlings: muster"),
    "wildling-discard": N_("Wildlings: discard a card"),
    "wildling-retrieve": N_("Wildlings: take a card back"),
    "wildling-track": N_("Wildlings: choose a track"),
    "wildling-tie": N_("Wildlings: settle a tie"),
    "tides-redraw": N_("Tides of Battle"),
    "replace-card": N_("Play another house card"),
    "blade": N_("The Valyrian Steel Blade"),
}


def is_area(text: str) -> bool:
    return text in FACTS.areas


def is_house(text: str) -> bool:
    return text in FACTS.houses


def is_card(text: str) -> bool:
    return text in FACTS.house_cards


def named(category: str, item: str, language: str) -> str | None:
    """The name of ``item`` in ``language`` (a category of data/thrones_names), or None if it has none."""
    entry = load_names()[language].names.get(category, {}).get(item)
    return entry.name if entry is not None else None


def area_name(area: str, language: str = SOURCE_LANGUAGE) -> str:
    if language != SOURCE_LANGUAGE:
        return named("areas", area, language) or area
    info = FACTS.areas.get(area)
    return info.name if info is not None else area


def house_name(house: str, language: str = SOURCE_LANGUAGE) -> str:
    """``House Stark`` (``Casa Stark``)."""
    if language != SOURCE_LANGUAGE and (found := named("houses", house, language)) is not None:
        return found
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


def card_name(card: str, language: str = SOURCE_LANGUAGE) -> str:
    if language != SOURCE_LANGUAGE:
        return named("house_cards", card, language) or card
    info = FACTS.house_cards.get(card)
    return info.name if info is not None else card


def tides_name(card: str, language: str = SOURCE_LANGUAGE) -> str:
    if language != SOURCE_LANGUAGE:
        return named("tides_of_battle", card, language) or card
    info = FACTS.tides_cards.get(card)
    return info.name if info else card


def card_label(card: str, language: str = SOURCE_LANGUAGE) -> str:
    """``Tywin Lannister (4)``: the name and the strength."""
    info = FACTS.house_cards.get(card)
    return f"{card_name(card, language)} ({info.strength})" if info is not None else card


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


def unit_name(kind: str, language: str = SOURCE_LANGUAGE) -> str:
    if language != SOURCE_LANGUAGE:
        return named("units", kind, language) or kind
    return _UNIT_NAMES.get(kind, kind)


def track_name(track: str, language: str = SOURCE_LANGUAGE) -> str:
    """``Iron Throne`` (``Trono de Hierro``)."""
    return named("tracks", track, language) or TRACK_NAMES.get(track, track)


def token_label(token: str, language: str = SOURCE_LANGUAGE) -> str:
    """An order token as a reader of ``language`` names it; its id in English, as players write it."""
    if language == SOURCE_LANGUAGE:
        return token
    return named("orders", token, language) or token


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


def kind_title(kind: str, language: str = SOURCE_LANGUAGE) -> str:
    title = KIND_TITLES.get(kind)
    return kind.replace("-", " ").capitalize() if title is None else translator(language).gettext(title)


def phase_name(phase: str, language: str = SOURCE_LANGUAGE) -> str:
    """``action phase`` (``Fase de Acción``), as a footer or the status names the phase a game is in."""
    if language == SOURCE_LANGUAGE:
        return f"{phase} phase"
    return named("phases", phase, language) or phase
