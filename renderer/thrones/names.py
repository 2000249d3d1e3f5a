"""Every word the thrones board writes, from one place: the game's vocabulary, in the board's language.

Names of things the game defines (areas, houses, order tokens, Westeros and wildling cards) come from
:mod:`data.thrones_names`, in each language (docs/names.md); the few words that are the board's own
(tracks, dominance tokens, phases, headings, the legend) are in :data:`WORDS`, whose English texts are
message ids of the i18n catalogue under the context "board" (docs/translating.md). The renderer writes no
other text, so the board is drawn in a language by drawing it inside :func:`speaking`.

Two marks stay the same in every language: a house's letter (the houses keep their names in every
edition) and an order token's mark (``M+1``; in Spanish *Avance* and *Apoyo* would share a letter), so the
pieces' sprites are shared by every language.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from contextvars import ContextVar

from data import thrones_names
from i18n import SOURCE_LANGUAGE, translator
from renderer.thrones.style import FACTS

_LANGUAGE: ContextVar[str] = ContextVar("board_language", default=SOURCE_LANGUAGE)
# What each kind of :func:`name` is called in data/thrones/names.
CATEGORIES = {
    "area": "areas",
    "house": "houses",
    "order": "orders",
    "westeros": "westeros_cards",
    "wildling": "wildling_cards",
}


def pgettext(context: str, message: str) -> str:
    """Marks a board word for the catalogue's extractor (``python -m i18n update`` finds the literal
    texts of pgettext calls); it is translated when drawn, by :func:`word`."""
    del context
    return message


WORDS: dict[str, str] = {
    "track:throne": pgettext("board", "Iron Throne"),
    "track:fiefdoms": pgettext("board", "Fiefdoms"),
    "track:court": pgettext("board", "King's Court"),
    "token:iron_throne": pgettext("board", "Iron Throne"),
    "token:valyrian_steel_blade": pgettext("board", "Valyrian Steel Blade"),
    "token:messenger_raven": pgettext("board", "Messenger Raven"),
    "phase:westeros": pgettext("board", "Westeros phase"),
    "phase:planning": pgettext("board", "Planning phase"),
    "phase:action": pgettext("board", "Action phase"),
    "phase:round": pgettext("board", "Between phases"),
    "phase:over": pgettext("board", "Game over"),
    "unit:footman": pgettext("board", "footman"),
    "unit:knight": pgettext("board", "knight"),
    "unit:ship": pgettext("board", "ship"),
    "unit:siege": pgettext("board", "siege engine"),
    "round": pgettext("board", "Round {round} of {last}"),
    "wildlings": pgettext("board", "Wildlings"),
    "wins": pgettext("board", "{house} wins"),
    "supply": pgettext("board", "Supply"),
    "victory": pgettext("board", "Castles and strongholds"),
    "victory-note": pgettext("board", "castles ({goal} win)"),
    "houses": pgettext("board", "Houses"),
    "power": pgettext("board", "power"),
    "on-board": pgettext("board", "on board"),
    "cards": pgettext("board", "cards"),
    # Translators: a column heading about 130 pixels wide (of the special orders a house may give): keep it
    # as short as "especiales".
    "specials": pgettext("board", "special orders"),
    "westeros": pgettext("board", "Westeros cards this round"),
    "not-allowed": pgettext("board", "Not allowed: {orders}"),
    "last-wildling": pgettext("board", "last card: {card}"),
    "used": pgettext("board", "used"),
    "battle-now": pgettext("board", "Battle for {area}: {attacker} against {defender}"),
    "neutral-force": pgettext("board", "neutral force"),
    "legend": pgettext("board", "Legend"),
    # Translators: the legend's texts, each beside a sample piece, fit a third of the panel (about as long as
    # "order (gold edge: special)"); the tests measure them.
    "legend:routed": pgettext("board", "routed"),
    "legend:count": pgettext("board", "3 of a kind"),
    "legend:attacking": pgettext("board", "attacking now"),
    "legend:order-hidden": pgettext("board", "order, face down"),
    "legend:order": pgettext("board", "order (gold edge: special)"),
    "legend:power-token": pgettext("board", "power token"),
    "legend:garrison": pgettext("board", "garrison"),
    "legend:neutral-force": pgettext("board", "neutral force"),
    "legend:castle": pgettext("board", "castle"),
    "legend:stronghold": pgettext("board", "stronghold"),
    "legend:supply": pgettext("board", "supply"),
    "legend:power": pgettext("board", "power"),
    "legend:port": pgettext("board", "port"),
    "legend:held": pgettext("board", "held (house letter)"),
    "legend:battle": pgettext("board", "battle this phase"),
    "legend:march": pgettext("board", "march this phase"),
    "legend:impassable": pgettext("board", "impassable"),
    "chart": pgettext("board", "Castles and strongholds, round by round"),
    "chart:y": pgettext("board", "held at the end of each round"),
    "chart:x": pgettext("board", "Round"),
    "chart:start": pgettext("board", "start"),
    "chart:goal": pgettext("board", "{goal}: victory"),
}


def language() -> str:
    """The language the board is being drawn in (English outside :func:`speaking`)."""
    return _LANGUAGE.get()


@contextlib.contextmanager
def speaking(code: str) -> Iterator[None]:
    """Draw in ``code`` (one of i18n.LANGUAGES) within the block: every :func:`name` and :func:`word`."""
    translator(code)  # refuses a language Maester does not speak, before anything is drawn
    token = _LANGUAGE.set(code)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


def name(kind: str, key: str) -> str:
    """The display name of ``key``, a thing of ``kind``: "area", "house" (``House Stark``), "house-short"
    (``Stark``), "order", "westeros" or "wildling" (cards), or one of the board's own words ("track",
    "token", "phase", "unit")."""
    if kind in CATEGORIES:
        return thrones_names.load()[language()].name(CATEGORIES[kind], key)
    if kind == "house-short":  # every house's name is one word after "House", "Casa"
        return name("house", key).split()[-1]
    return word(f"{kind}:{key}")


def initial(house: str) -> str:
    """The letter that stands for ``house`` on pieces and held areas (the second cue after colour): the
    same in every language, as the houses' names are."""
    return FACTS.houses[house].name.removeprefix("House ")[0]


def word(key: str, **values: object) -> str:
    """One of the board's own phrases, in the board's language, with ``values`` put in its blanks."""
    return translator(language()).pgettext("board", WORDS[key], **values)


def order_mark(token: str) -> str:
    """What a face-up order token shows: the initials of its English name and its bonus (``M+1``, ``CP``),
    in every language (see above)."""
    words = FACTS.order_tokens[token].name.split("(")[0].split()
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
