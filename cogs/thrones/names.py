"""Names and facts of A Game of Thrones that the Discord UI shows, read from the game's data: areas,
houses and their colours, order tokens, house cards, units, tracks, phases and decision kinds.

Every name is given in a language (English unless asked): the game's names come from
``data/thrones/names`` (docs/names.md), the decision kinds' titles from the catalogue (context
"decision"). The ids stay what the notation reads and writes."""

from __future__ import annotations

from dataclasses import dataclass

from data.thrones import load
from data.thrones_names import Named
from data.thrones_names import load as load_names
from i18n import SOURCE_LANGUAGE, Localized, Said, say, translator
from table.thrones.decisions import TITLES as KIND_TITLES  # the table names decisions too

FACTS = load()

AREAS: tuple[str, ...] = tuple(sorted(FACTS.areas))
TOKENS: tuple[str, ...] = tuple(FACTS.order_tokens)
CARDS: tuple[str, ...] = tuple(FACTS.house_cards)
UNIT_KINDS: tuple[str, ...] = ("footman", "knight", "siege", "ship")
TRACK_NAMES = {"throne": "Iron Throne", "fiefdoms": "Fiefdoms", "court": "King's Court"}
PHASE_COLOURS = {"westeros": 0x4A6FA5, "planning": 0x8E6C3A, "action": 0xA33B2A, "over": 0xD4AF37}


def named(category: str, item: str, language: str) -> str | None:
    entry = load_names()[language].names[category].get(item)
    return None if entry is None else entry.name


def is_area(text: str) -> bool:
    return text in FACTS.areas


def is_house(text: str) -> bool:
    return text in FACTS.houses


def is_card(text: str) -> bool:
    return text in FACTS.house_cards


def area_name(area: str, language: str = SOURCE_LANGUAGE) -> str:
    return named("areas", area, language) or area


def house_name(house: str, language: str = SOURCE_LANGUAGE) -> str:
    """``House Stark`` (``Casa Stark``...)."""
    return named("houses", house, language) or f"House {house.title()}"


def house_colour(house: str) -> int | None:
    info = FACTS.houses.get(house)
    return int(info.color.lstrip("#"), 16) if info is not None else None


def token_name(token: str, language: str = SOURCE_LANGUAGE) -> str:
    return named("orders", token, language) or token


def token_is_special(token: str) -> bool:
    info = FACTS.order_tokens.get(token)
    return bool(info and info.special)


def card_name(card: str, language: str = SOURCE_LANGUAGE) -> str:
    return named("house_cards", card, language) or card


def tides_name(card: str, language: str = SOURCE_LANGUAGE) -> str:
    """A Tides of Battle card's name; English keeps the game data's words ("Two" where the names say
    "+2")."""
    info = FACTS.tides_cards.get(card)
    if language == SOURCE_LANGUAGE and info is not None:
        return info.name
    return named("tides_of_battle", card, language) or card


def track_name(track: str, language: str = SOURCE_LANGUAGE) -> str:
    """``Iron Throne``: an influence track's name."""
    return named("tracks", track, language) or track


def card_label(card: str, language: str = SOURCE_LANGUAGE) -> str:
    """``Tywin Lannister (4)``: the name and the strength."""
    info = FACTS.house_cards.get(card)
    return f"{card_name(card, language)} ({info.strength})" if info is not None else card


def card_icons(card: str, language: str = SOURCE_LANGUAGE) -> list[str]:
    """``2 swords``, ``1 fortification``: a house card's icons, in words."""
    info = FACTS.house_cards.get(card)
    if info is None:
        return []
    words = translator(language)
    icons = []
    if info.swords:
        icons.append(words.ngettext("{count} sword", "{count} swords", info.swords, count=info.swords))
    if info.fortifications:
        count = info.fortifications
        icons.append(words.ngettext("{count} fortification", "{count} fortifications", count, count=count))
    return icons


def card_details(card: str, language: str = SOURCE_LANGUAGE) -> str:
    """Icons and ability text, for a select option's description. (The ability's text is the game data's,
    in English for now.)"""
    info = FACTS.house_cards.get(card)
    if info is None:
        return ""
    icons = card_icons(card, language)
    return "; ".join([*icons, info.text] if info.text else icons)


def unit_name(kind: str, language: str = SOURCE_LANGUAGE) -> str:
    return named("units", kind, language) or kind


def token_label(token: str, language: str = SOURCE_LANGUAGE) -> str:
    """An order token as a reader of ``language`` names it; its id in English, as players write it."""
    if language == SOURCE_LANGUAGE:
        return token
    return named("orders", token, language) or token


def unit_word(kind: str, language: str = SOURCE_LANGUAGE, count: int = 1) -> str:
    """A unit kind in running text, in lower case: ``footman``, ``footmen`` for a ``count`` above one."""
    entry = load_names()[language].names["units"].get(kind)
    if entry is None:
        return kind
    return (entry.plural or entry.name if count != 1 else entry.name).lower()


def units_text(kinds: list[str], language: str = SOURCE_LANGUAGE) -> str:
    """``2 footmen, knight``."""
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    parts = []
    for kind in sorted(counts, key=lambda k: UNIT_KINDS.index(k) if k in UNIT_KINDS else 9):
        count = counts[kind]
        word = unit_word(kind, language, count)
        parts.append(word if count == 1 else f"{count} {word}")
    return ", ".join(parts) or translator(language).gettext("no units")


def kind_title(kind: str, language: str = SOURCE_LANGUAGE) -> str:
    title = KIND_TITLES.get(kind)
    return kind.replace("-", " ").capitalize() if title is None else title.said_in(language)


def phase_name(phase: str, language: str = SOURCE_LANGUAGE) -> str:
    """``action phase`` (``Fase de Acción``), as a footer or the status names the phase a game is in."""
    if language == SOURCE_LANGUAGE:
        return f"{phase} phase"
    return named("phases", phase, language) or phase


# --- names as fields of a message, said in the message's language ----------------------------------------


@dataclass(frozen=True)
class InArea:
    """ "in Winterfell", "en el Nido de Águilas", "nell'Altopiano": an area after the preposition "in", as
    each language joins them."""

    area: str

    def said_in(self, language: str) -> str:
        return load_names()[language].in_phrase("areas", self.area)


@dataclass(frozen=True)
class Tides:
    """A Tides of Battle card's name, in the message's language."""

    card: str

    def said_in(self, language: str) -> str:
        return tides_name(self.card, language)


@dataclass(frozen=True)
class Listed:
    """Names in a row, ``Stark, Lannister``: each said in the message's language."""

    items: tuple[str | Localized, ...]

    def said_in(self, language: str) -> str:
        return ", ".join(say(item, language) for item in self.items)


@dataclass(frozen=True)
class Units:
    """``2 footmen, knight`` in the message's language."""

    kinds: tuple[str, ...]

    def said_in(self, language: str) -> str:
        return units_text(list(self.kinds), language)


@dataclass(frozen=True)
class Unit:
    """One unit kind in running text, lower case, in the message's language."""

    kind: str
    count: int = 1

    def said_in(self, language: str) -> str:
        return unit_word(self.kind, language, self.count)


def area(item: str) -> Named:
    return Named("areas", item)


def house(item: str) -> Named:
    return Named("houses", item)


def card(item: str) -> Named:
    return Named("house_cards", item)


def track(item: str) -> Named:
    return Named("tracks", item)


def token(item: str) -> Named:
    return Named("orders", item)


def capitalized(said: Said | str, language: str) -> str:
    """A label's text with its first letter in upper case (a name may open it in lower case)."""
    text = say(said, language)
    return text[:1].upper() + text[1:]
