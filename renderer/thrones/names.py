"""Every word the thrones board writes, from one place: the game's vocabulary.

Names of things the game defines (areas, houses, order tokens, Westeros and wildling cards) come from
:mod:`data.thrones`; the few words that are the board's own (tracks, dominance tokens, phases, headings,
the legend) are in :data:`WORDS`. The renderer writes no other text, so drawing the board in another
language is a matter of swapping what :func:`name` and :func:`word` return.
"""

from __future__ import annotations

import re

from renderer.thrones.style import FACTS

WORDS: dict[str, str] = {
    "track:throne": "Iron Throne",
    "track:fiefdoms": "Fiefdoms",
    "track:court": "King's Court",
    "token:iron_throne": "Iron Throne",
    "token:valyrian_steel_blade": "Valyrian Steel Blade",
    "token:messenger_raven": "Messenger Raven",
    "phase:westeros": "Westeros phase",
    "phase:planning": "Planning phase",
    "phase:action": "Action phase",
    "phase:round": "Between phases",
    "phase:over": "Game over",
    "unit:footman": "footman",
    "unit:knight": "knight",
    "unit:ship": "ship",
    "unit:siege": "siege engine",
    "round": "Round {round} of {last}",
    "wildlings": "Wildlings",
    "wins": "{house} wins",
    "supply": "Supply",
    "victory": "Castles and strongholds",
    "victory-note": "castles ({goal} win)",
    "houses": "Houses",
    "power": "power",
    "on-board": "on board",
    "cards": "cards",
    "specials": "special orders",
    "westeros": "Westeros cards this round",
    "not-allowed": "Not allowed: {orders}",
    "last-wildling": "last card: {card}",
    "used": "used",
    "battle-now": "Battle for {area}: {attacker} against {defender}",
    "neutral-force": "neutral force",
    "legend": "Legend",
    "legend:routed": "routed",
    "legend:count": "3 of a kind",
    "legend:attacking": "attacking now",
    "legend:order-hidden": "order, face down",
    "legend:order": "order (gold edge: special)",
    "legend:power-token": "power token",
    "legend:garrison": "garrison",
    "legend:neutral-force": "neutral force",
    "legend:castle": "castle",
    "legend:stronghold": "stronghold",
    "legend:supply": "supply",
    "legend:power": "power",
    "legend:port": "port",
    "legend:held": "held (house letter)",
    "legend:battle": "battle this phase",
    "legend:march": "march this phase",
    "legend:impassable": "impassable",
    "chart": "Castles and strongholds, round by round",
    "chart:y": "held at the end of each round",
    "chart:x": "Round",
    "chart:start": "start",
    "chart:goal": "{goal}: victory",
}


def name(kind: str, key: str) -> str:
    """The display name of ``key``, a thing of ``kind``: "area", "house" (``House Stark``), "house-short"
    (``Stark``), "order", "westeros" or "wildling" (cards), or one of the board's own words ("track",
    "token", "phase", "unit")."""
    if kind == "area":
        return FACTS.areas[key].name
    if kind == "house":
        return FACTS.houses[key].name
    if kind == "house-short":
        return FACTS.houses[key].name.removeprefix("House ")
    if kind == "order":
        return FACTS.order_tokens[key].name
    if kind == "westeros":
        return FACTS.westeros_cards[key].name
    if kind == "wildling":
        return FACTS.wildling_cards[key].name
    return WORDS[f"{kind}:{key}"]


def initial(house: str) -> str:
    """The letter that stands for ``house`` on pieces and held areas (the second cue after colour)."""
    return name("house-short", house)[0]


def word(key: str, **values: object) -> str:
    """One of the board's own phrases, with ``values`` put in its blanks."""
    return WORDS[key].format(**values)


def order_mark(token: str) -> str:
    """What a face-up order token shows: the initials of its name and its bonus (``M+1``, ``CP``), so
    that the mark follows the name in whatever language it is written."""
    words = name("order", token).split("(")[0].split()
    letters = "".join(w[0].upper() for w in words if w[0].isalpha())
    bonus = "".join(w for w in words if w[0] in "+-")
    return letters + bonus


def restriction(key: str) -> str:
    """What a Westeros restriction (``no-defense``, ``no-special-march``) forbids, named by its orders."""
    kind = key.removeprefix("no-")
    if kind == "special-march":
        return name(
            "order", next(t.id for t in FACTS.order_tokens.values() if t.type == "march" and t.special)
        )
    token = next(t.id for t in FACTS.order_tokens.values() if t.type == kind)
    return re.split(r" [+-]| \(", name("order", token))[0]
