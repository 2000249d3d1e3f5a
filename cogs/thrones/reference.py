"""A Game of Thrones' rules reference (``/rules``): every house card, area, order type, Westeros card,
wildling card and Tides of Battle card, each with its full text, from the game's data (data/thrones).

The topics' keys are the subcommands of the shared ``/rules`` command. The texts that explain a whole
deck (how a wildling attack goes, what a Tides of Battle card's icons do) are here, in every language;
what one card or order does is in the data, in English. Names are the game's official ones in the
reader's language (data/thrones/names), and each entry answers to its names in every language.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import discord

from cogs.screens import Entry
from cogs.thrones import names
from cogs.thrones.areas import area_embed
from data.thrones import HOUSES, HouseCard, OrderRule
from data.thrones_names import fold
from i18n import SOURCE_LANGUAGE, Translator, translator

FACTS = names.FACTS
DECKS = {1: "I", 2: "II", 3: "III"}


def icons_text(words: Translator) -> str:
    return words.gettext(
        "Swords: when this card's side wins, the loser destroys one of its units in the battle for "
        "each sword, "
        "less one for each fortification on the loser's card. Fortifications: each cancels one of the "
        "winner's swords when this card's side loses."
    )


def _orders_note(words: Translator) -> str:
    return words.gettext(
        "Each house owns 15 order tokens. How many special (★) ones it may place in a Planning phase "
        "depends on its place on the King's Court track."
    )


def _westeros_note(words: Translator) -> str:
    return words.gettext(
        "In every Westeros phase (none in round 1) one card of each deck is revealed, and they are resolved "
        "in the order I, II, III. A wildling icon moves the wildling threat one space up the track when "
        "the card is revealed."
    )


def _wildlings_note(words: Translator) -> str:
    return words.gettext(
        "When the wildlings attack, every house bids power in secret for the Night's Watch, and the top card "
        "of this deck is revealed. If the bids together reach the wildlings' strength, the Night's "
        "Watch wins "
        "and the highest bidder gets the reward; otherwise the wildlings win, the lowest bidder suffers the "
        "worst and every other house the lesser penalty. The holder of the Iron Throne settles ties."
    )


def tides_note(words: Translator) -> str:
    return words.gettext(
        "Tides of Battle (an optional module): once the house cards are revealed, the attacker and the "
        "defender each draw one of the 24 Tides of Battle cards; its number adds to their strength, and its "
        "icons to those of their house card."
    )


def skulls_text(words: Translator) -> str:
    return words.gettext(
        "Skulls: after the casualties of swords, each skull destroys one more of the opponent's units in "
        "the battle, whoever won; fortifications do not stop it, and a garrison is immune."
    )


# In English, for the decisions' help (cogs/thrones/guide.py); each function above says them in any language.
ICONS = icons_text(translator(SOURCE_LANGUAGE))
SKULLS = skulls_text(translator(SOURCE_LANGUAGE))
TIDES_NOTE = tides_note(translator(SOURCE_LANGUAGE))


def _name(category: str, item: str, language: str, english: str) -> str:
    return english if language == SOURCE_LANGUAGE else names.named(category, item, language) or english


def card_text(card: HouseCard, language: str = SOURCE_LANGUAGE) -> str:
    """A house card's ability, or what a card without one does."""
    return card.text or translator(language).gettext(
        "No ability: the card counts for its strength and its icons alone."
    )


def order_tokens(rule: OrderRule, language: str = SOURCE_LANGUAGE) -> list[str]:
    """The tokens of one order type every house owns, one line each: ``★ March +1 (special): +1, 1 token``."""
    words = translator(language)
    lines = []
    for token in FACTS.order_tokens.values():
        if token.type == rule.type:
            star = "★ " if token.special else ""
            copies = words.ngettext("{count} token", "{count} tokens", token.copies, count=token.copies)
            name = _name("orders", token.id, language, token.name)
            lines.append(f"{star}{name} (`{token.id}`): {token.bonus:+d}, {copies}")
    return lines


def _card_embed(card_id: str, language: str) -> discord.Embed:
    words = translator(language)
    card = FACTS.house_cards[card_id]
    embed = discord.Embed(
        title=_name("house_cards", card_id, language, card.name),
        description=card_text(card, language),
        colour=names.house_colour(card.house),
    )
    embed.add_field(name=words.gettext("House"), value=names.house_name(card.house, language), inline=True)
    embed.add_field(name=words.gettext("Strength"), value=str(card.strength), inline=True)
    embed.add_field(name=words.gettext("Swords"), value=str(card.swords), inline=True)
    embed.add_field(name=words.gettext("Fortifications"), value=str(card.fortifications), inline=True)
    embed.set_footer(text=icons_text(words))
    return embed


def _order_embed(order_type: str, language: str) -> discord.Embed:
    words = translator(language)
    rule = FACTS.order_rules[order_type]
    title = words.gettext("{order} order", order=_name("order_types", order_type, language, rule.name))
    embed = discord.Embed(title=title, description=rule.text)
    embed.add_field(
        name=words.gettext("Tokens each house owns"),
        value="\n".join(order_tokens(rule, language)),
        inline=False,
    )
    embed.add_field(name=words.gettext("The special token (★)"), value=rule.special, inline=False)
    embed.set_footer(text=_orders_note(words))
    return embed


def _decks(words: Translator, card_id: str) -> str:
    decks = [DECKS[deck] for deck in FACTS.westeros_cards[card_id].decks]
    if len(decks) == 1:
        return decks[0]
    return words.gettext("{items} and {last}", items=", ".join(decks[:-1]), last=decks[-1])


def _westeros_embed(card_id: str, language: str) -> discord.Embed:
    words = translator(language)
    card = FACTS.westeros_cards[card_id]
    copies = [
        words.gettext(
            "{count} in deck {deck}", count=FACTS.westeros_decks[deck].count(card_id), deck=DECKS[deck]
        )
        for deck in card.decks
    ]
    embed = discord.Embed(title=_name("westeros_cards", card_id, language, card.name), description=card.text)
    embed.add_field(name=words.gettext("Deck"), value=_decks(words, card_id), inline=True)
    embed.add_field(name=words.gettext("Copies"), value=", ".join(copies), inline=True)
    if card.wildling_icon:
        icon = words.gettext("Yes: the wildling threat rises when it is revealed")
    else:
        icon = words.gettext("No")
    embed.add_field(name=words.gettext("Wildling icon"), value=icon, inline=True)
    embed.set_footer(text=_westeros_note(words))
    return embed


def _wildling_embed(card_id: str, language: str) -> discord.Embed:
    words = translator(language)
    card = FACTS.wildling_cards[card_id]
    embed = discord.Embed(
        title=_name("wildling_cards", card_id, language, card.name), description=_wildlings_note(words)
    )
    embed.add_field(
        name=words.gettext("The Night's Watch wins: the highest bidder"), value=card.watch_wins, inline=False
    )
    embed.add_field(
        name=words.gettext("The wildlings win: the lowest bidder"), value=card.lowest_bidder, inline=False
    )
    embed.add_field(
        name=words.gettext("The wildlings win: every other house"), value=card.everyone_else, inline=False
    )
    return embed


def _tides_embed(card_id: str, language: str) -> discord.Embed:
    words = translator(language)
    card = FACTS.tides_cards[card_id]
    title = words.gettext(
        "{card} (Tides of Battle)", card=_name("tides_of_battle", card_id, language, card.name)
    )
    embed = discord.Embed(title=title, description=tides_note(words))
    embed.add_field(name=words.gettext("Strength"), value=f"{card.strength:+d}", inline=True)
    embed.add_field(name=words.gettext("Swords"), value=str(card.swords), inline=True)
    embed.add_field(name=words.gettext("Fortifications"), value=str(card.fortifications), inline=True)
    embed.add_field(name=words.gettext("Skulls"), value=str(card.skulls), inline=True)
    total = sum(c.copies for c in FACTS.tides_cards.values())
    copies = words.gettext("{count} of the {total} cards", count=card.copies, total=total)
    embed.add_field(name=words.gettext("Copies"), value=copies, inline=True)
    embed.set_footer(text=f"{icons_text(words)} {skulls_text(words)}")
    return embed


def _aliases(category: str, item: str, language: str, *more: str) -> tuple[str, ...]:
    """The other names an entry answers to: its names in every other language, and ``more``."""
    found = [
        names.named(category, item, code) or "" for code in names.load_names().languages if code != language
    ]
    return tuple(dict.fromkeys(name for name in (*found, *more) if name))


@functools.cache
def topics(language: str = SOURCE_LANGUAGE) -> dict[str, tuple[Entry, ...]]:
    """The reference's entries, named in ``language`` and sorted by those names; each answers to its names
    in the other languages too."""
    words = translator(language)

    def named(category: str, item: str, english: str) -> str:
        return _name(category, item, language, english)

    cards = sorted(FACTS.house_cards.values(), key=lambda c: (HOUSES.index(c.house), -c.strength))
    areas = sorted(FACTS.areas.values(), key=lambda a: fold(named("areas", a.id, a.name)))
    kinds = {
        "land": words.pgettext("area kind", "land"),
        "sea": words.pgettext("area kind", "sea"),
        "port": words.pgettext("area kind", "port"),
    }
    return {
        "card": tuple(
            Entry(
                c.id,
                named("house_cards", c.id, c.name),
                f"{c.house.title()}, {c.strength}",
                _aliases("house_cards", c.id, language),
            )
            for c in cards
        ),
        "area": tuple(
            Entry(
                a.id,
                named("areas", a.id, a.name),
                kinds.get(a.kind, a.kind),
                _aliases("areas", a.id, language),
            )
            for a in areas
        ),
        "order": tuple(
            Entry(
                rule.type,
                named("order_types", rule.type, rule.name),
                aliases=_aliases(
                    "order_types",
                    rule.type,
                    language,
                    *(
                        alias
                        for token in FACTS.order_tokens.values()
                        if token.type == rule.type
                        for alias in (token.id, token.name, *_aliases("orders", token.id, "en"))
                    ),
                ),
            )
            for rule in FACTS.order_rules.values()
        ),
        "westeros": tuple(
            Entry(
                c.id,
                named("westeros_cards", c.id, c.name),
                words.gettext("deck {decks}", decks=_decks(words, c.id)),
                _aliases("westeros_cards", c.id, language),
            )
            for c in FACTS.westeros_cards.values()
        ),
        "wildling": tuple(
            Entry(
                c.id,
                named("wildling_cards", c.id, c.name),
                aliases=_aliases("wildling_cards", c.id, language),
            )
            for c in FACTS.wildling_cards.values()
        ),
        "tides": tuple(
            Entry(
                c.id,
                named("tides_of_battle", c.id, c.name),
                f"{c.strength:+d}",
                _aliases("tides_of_battle", c.id, language),
            )
            for c in FACTS.tides_cards.values()
        ),
    }


_DRAW: dict[str, tuple[Callable[[str, str], discord.Embed], dict[str, object]]] = {
    "card": (_card_embed, FACTS.house_cards),
    "area": (area_embed, FACTS.areas),
    "order": (_order_embed, FACTS.order_rules),
    "westeros": (_westeros_embed, FACTS.westeros_cards),
    "wildling": (_wildling_embed, FACTS.wildling_cards),
    "tides": (_tides_embed, FACTS.tides_cards),
}


def reference_embed(topic: str, key: str, language: str = SOURCE_LANGUAGE) -> discord.Embed | None:
    """The full text of one entry, in ``language``; None for a topic or key the reference does not have."""
    draw, known = _DRAW.get(topic, (None, {}))
    return draw(key, language) if draw is not None and key in known else None
