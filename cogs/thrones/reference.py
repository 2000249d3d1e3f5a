"""A Game of Thrones' rules reference (``/rules``): every house card, area, order type, Westeros card,
wildling card and Tides of Battle card, each with its full text, from the game's data (data/thrones).

The topics' keys are the subcommands of the shared ``/rules`` command. The texts that explain a whole
deck (how a wildling attack goes, what a Tides of Battle card's icons do) are here; what one card or
order does is in the data.
"""

from __future__ import annotations

from collections.abc import Callable

import discord

from cogs.screens import Entry
from cogs.thrones import names
from cogs.thrones.areas import area_embed
from data.thrones import HOUSES, HouseCard, OrderRule

FACTS = names.FACTS
DECKS = {1: "I", 2: "II", 3: "III"}

ICONS = (
    "Swords: when this card's side wins, the loser destroys one of its units in the battle for each sword, "
    "less one for each fortification on the loser's card. Fortifications: each cancels one of the "
    "winner's swords when this card's side loses."
)
ORDERS_NOTE = (
    "Each house owns 15 order tokens. How many special (★) ones it may place in a Planning phase "
    "depends on its place on the King's Court track."
)
WESTEROS_NOTE = (
    "In every Westeros phase (none in round 1) one card of each deck is revealed, and they are resolved "
    "in the order I, II, III. A wildling icon moves the wildling threat one space up the track when "
    "the card is revealed."
)
WILDLINGS_NOTE = (
    "When the wildlings attack, every house bids power in secret for the Night's Watch, and the top card "
    "of this deck is revealed. If the bids together reach the wildlings' strength, the Night's Watch wins "
    "and the highest bidder gets the reward; otherwise the wildlings win, the lowest bidder suffers the "
    "worst and every other house the lesser penalty. The holder of the Iron Throne settles ties."
)
TIDES_NOTE = (
    "Tides of Battle (an optional module): once the house cards are revealed, the attacker and the "
    "defender each draw one of the 24 Tides of Battle cards; its number adds to their strength, and its "
    "icons to those of their house card."
)
SKULLS = (
    "Skulls: after the casualties of swords, each skull destroys one more of the opponent's units in "
    "the battle, whoever won; fortifications do not stop it, and a garrison is immune."
)


def card_text(card: HouseCard) -> str:
    """A house card's ability, or what a card without one does."""
    return card.text or "No ability: the card counts for its strength and its icons alone."


def order_tokens(rule: OrderRule) -> list[str]:
    """The tokens of one order type every house owns, one line each: ``★ March +1 (special): +1, 1 token``."""
    lines = []
    for token in FACTS.order_tokens.values():
        if token.type == rule.type:
            star = "★ " if token.special else ""
            copies = "1 token" if token.copies == 1 else f"{token.copies} tokens"
            lines.append(f"{star}{token.name} (`{token.id}`): {token.bonus:+d}, {copies}")
    return lines


def _card_embed(card_id: str) -> discord.Embed:
    card = FACTS.house_cards[card_id]
    embed = discord.Embed(title=card.name, description=card_text(card), colour=names.house_colour(card.house))
    embed.add_field(name="House", value=names.house_name(card.house), inline=True)
    embed.add_field(name="Strength", value=str(card.strength), inline=True)
    embed.add_field(name="Swords", value=str(card.swords), inline=True)
    embed.add_field(name="Fortifications", value=str(card.fortifications), inline=True)
    embed.set_footer(text=ICONS)
    return embed


def _order_embed(order_type: str) -> discord.Embed:
    rule = FACTS.order_rules[order_type]
    embed = discord.Embed(title=f"{rule.name} order", description=rule.text)
    embed.add_field(name="Tokens each house owns", value="\n".join(order_tokens(rule)), inline=False)
    embed.add_field(name="The special token (★)", value=rule.special, inline=False)
    embed.set_footer(text=ORDERS_NOTE)
    return embed


def _decks(card_id: str) -> str:
    return " and ".join(DECKS[deck] for deck in FACTS.westeros_cards[card_id].decks)


def _westeros_embed(card_id: str) -> discord.Embed:
    card = FACTS.westeros_cards[card_id]
    copies = [f"{FACTS.westeros_decks[deck].count(card_id)} in deck {DECKS[deck]}" for deck in card.decks]
    embed = discord.Embed(title=card.name, description=card.text)
    embed.add_field(name="Deck", value=_decks(card_id), inline=True)
    embed.add_field(name="Copies", value=", ".join(copies), inline=True)
    icon = "Yes: the wildling threat rises when it is revealed" if card.wildling_icon else "No"
    embed.add_field(name="Wildling icon", value=icon, inline=True)
    embed.set_footer(text=WESTEROS_NOTE)
    return embed


def _wildling_embed(card_id: str) -> discord.Embed:
    card = FACTS.wildling_cards[card_id]
    embed = discord.Embed(title=card.name, description=WILDLINGS_NOTE)
    embed.add_field(name="The Night's Watch wins: the highest bidder", value=card.watch_wins, inline=False)
    embed.add_field(name="The wildlings win: the lowest bidder", value=card.lowest_bidder, inline=False)
    embed.add_field(name="The wildlings win: every other house", value=card.everyone_else, inline=False)
    return embed


def _tides_embed(card_id: str) -> discord.Embed:
    card = FACTS.tides_cards[card_id]
    embed = discord.Embed(title=f"{card.name} (Tides of Battle)", description=TIDES_NOTE)
    embed.add_field(name="Strength", value=f"{card.strength:+d}", inline=True)
    embed.add_field(name="Swords", value=str(card.swords), inline=True)
    embed.add_field(name="Fortifications", value=str(card.fortifications), inline=True)
    embed.add_field(name="Skulls", value=str(card.skulls), inline=True)
    total = sum(c.copies for c in FACTS.tides_cards.values())
    embed.add_field(name="Copies", value=f"{card.copies} of the {total} cards", inline=True)
    embed.set_footer(text=f"{ICONS} {SKULLS}")
    return embed


def _topics() -> dict[str, tuple[Entry, ...]]:
    cards = sorted(FACTS.house_cards.values(), key=lambda c: (HOUSES.index(c.house), -c.strength))
    return {
        "card": tuple(Entry(c.id, c.name, f"{c.house.title()}, {c.strength}") for c in cards),
        "area": tuple(
            Entry(a.id, a.name, a.kind) for a in sorted(FACTS.areas.values(), key=lambda a: a.name)
        ),
        "order": tuple(
            Entry(
                rule.type,
                rule.name,
                aliases=tuple(
                    alias
                    for token in FACTS.order_tokens.values()
                    if token.type == rule.type
                    for alias in (token.id, token.name)
                ),
            )
            for rule in FACTS.order_rules.values()
        ),
        "westeros": tuple(Entry(c.id, c.name, f"deck {_decks(c.id)}") for c in FACTS.westeros_cards.values()),
        "wildling": tuple(Entry(c.id, c.name) for c in FACTS.wildling_cards.values()),
        "tides": tuple(Entry(c.id, c.name, f"{c.strength:+d}") for c in FACTS.tides_cards.values()),
    }


TOPICS = _topics()
_DRAW: dict[str, tuple[Callable[[str], discord.Embed], dict[str, object]]] = {
    "card": (_card_embed, FACTS.house_cards),
    "area": (area_embed, FACTS.areas),
    "order": (_order_embed, FACTS.order_rules),
    "westeros": (_westeros_embed, FACTS.westeros_cards),
    "wildling": (_wildling_embed, FACTS.wildling_cards),
    "tides": (_tides_embed, FACTS.tides_cards),
}


def reference_embed(topic: str, key: str) -> discord.Embed | None:
    """The full text of one entry; None for a topic or key the reference does not have."""
    draw, known = _DRAW.get(topic, (None, {}))
    return draw(key) if draw is not None and key in known else None
