"""Fuzzed notation lines for a game in progress: near-legal lines, legal lines with a few words changed,
word soup from the notation's own vocabulary (English and localized names), arbitrary text and over-long
lines.

Whatever the line, ``game.apply_line`` must either accept it or raise :class:`IllegalAction` and leave the
game as it was. The property tests and ``benchmarks/fuzz_notation.py`` check exactly that. Lines come from a
seeded :class:`Rng`, so a failing line can be made again from its seed.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.rng import Rng
from engine.thrones.board import BOARD, FACTS
from engine.thrones.game import ThronesGame
from engine.thrones.names import TOKEN_ALIASES, UNIT_ALIASES
from engine.thrones.notation import _PARSERS, MAX_LINE, format_line
from engine.thrones.random_player import random_action
from engine.thrones.westeros import CHOICE_CARDS

VERBS: tuple[str, ...] = tuple(sorted(_PARSERS))
NUMBERS: tuple[str, ...] = (
    *(str(n) for n in range(13)),
    "20",
    "99",
    "100",
    "999",
    "1000",
    "007",
    "-1",
    "+1",
    "1.5",
    "1e9",
    "0x10",
    "100000000",
    "999999999",
    str(2**63),
    "9" * 50,
    "²",
    "³",
    "٣",
    "\uff11",  # a fullwidth 1
    "½",
    "Ⅻ",
)
SYMBOLS: tuple[str, ...] = (
    "->",
    "-> none",
    ",",
    ", ",
    "=",
    "@",
    ":",
    "+power",
    "#",
    "*",
    "-",
    "->->",
    "==",
    "@@",
    "",
)
OPTIONS: tuple[str, ...] = (
    "none",
    "stay",
    "peek",
    "keep",
    "bury",
    "swap",
    "muster",
    "accept",
    "refuse",
    "cancel",
    "use",
    "redraw",
    "skip",
    "throne",
    "fiefdoms",
    "court",
    *sorted({option for _, options in CHOICE_CARDS.values() for option in options}),
)
# Words of every kind the notation knows, a few names in Spanish, Portuguese and Italian (of several words,
# without accents, misspelt), and a few near misses.
WORDS: dict[str, tuple[str, ...]] = {
    "verb": (*VERBS, "dance", "MARCH", "Orders", "bids"),
    "house": (
        *FACTS.houses,
        *("house-stark", "House Lannister", "starks", "nobody", "night's-watch"),
        *("Casa Stark", "la Casa Tyrell", "a casa greyjoy", "Casa Starck"),
    ),
    "area": (
        *BOARD.ids,
        *("King's Landing", "the eyrie", "Winterfell", "narnia", "port-of-narnia"),
        *("Desembarco del Rey", "Nido de Águilas", "el nido de aguilas", "Invernaliaa", "Grande Inverno"),
        *("Porto di Porto Bianco", "Ninho-da-Águia", "Bosque Real", "l'Altopiano", "Los Gemelos"),
    ),
    "unit": (
        *UNIT_ALIASES,
        *("dragon", "footmans", "Knight", "SHIP"),
        *("soldados", "Caballero", "torre de asedio", "Macchine d'Assedio", "navios", "soldadoss"),
    ),
    "token": (
        *TOKEN_ALIASES,
        *("march+2", "raid+1", "defense-1", "bogus"),
        *("Avance +1 (especial)", "avance+1*", "incursion", "Razzia (speciale)", "marcha-1", "avanse+1"),
    ),
    "card": (*FACTS.house_cards, "ned", "the-hound-2", "Sor Loras Tyrell", "Eddard Stark", "Roose Boltn"),
    "option": OPTIONS,
    "number": NUMBERS,
    "symbol": SYMBOLS,
}
VOCABULARY: tuple[str, ...] = tuple(word for words in WORDS.values() for word in words)
STRANGE: tuple[str, ...] = (
    "\x00",
    "\t",
    "\n",
    "\r",
    "\u00a0",
    "\u2003",
    "\u200b",
    "\u2019",
    "é",
    "😀",
    "\x1f",
    "İ",
)


def _word(rng: Rng) -> str:
    return rng.choice(WORDS[rng.choice(tuple(WORDS))])


def _house_prefix(rng: Rng, game: ThronesGame, house: str) -> str:
    roll = rng.below(20)
    if roll < 14:
        return house
    if roll < 18:
        return rng.choice(game.state.houses)
    return rng.choice(WORDS["house"] + ("", "stark stark", "stark:stark"))


def _legal(rng: Rng, game: ThronesGame) -> tuple[str, str]:
    """A legal action of a pending decision, in notation, and the house it is for."""
    pending = game.pending()
    if not pending:
        return rng.choice(game.state.houses), "bid 0"
    decision = pending[rng.below(len(pending))]
    line = format_line(decision.house, random_action(game, decision, rng))
    return decision.house, line.partition(": ")[2]


def _mutate(rng: Rng, words: list[str]) -> list[str]:
    words = list(words) or [""]
    for _ in range(1 + rng.below(3)):
        at = rng.below(len(words))
        kind = rng.below(9)
        if kind == 0:
            words[at] = _word(rng)
        elif kind == 1 and len(words) > 1:
            del words[at]
        elif kind == 2:
            words.insert(at, words[at])
        elif kind == 3:
            words.insert(at, rng.choice(NUMBERS))
        elif kind == 4:
            words.insert(at + 1, rng.choice(NUMBERS))  # a count after its unit, or at the end
        elif kind == 5:
            other = rng.below(len(words))
            words[at], words[other] = words[other], words[at]
        elif kind == 6:
            word = words[at]
            cut = rng.below(len(word) + 1)
            words[at] = word[:cut] + rng.choice(STRANGE + SYMBOLS) + word[cut:]
        elif kind == 7:
            words[at] = words[at].upper()
        else:
            words = words[: at + 1]
    return words


def _template(rng: Rng) -> str:
    """A verb with arguments of about the right shape, each word drawn from the vocabulary."""

    def pick(kind: str) -> str:
        return rng.choice(WORDS[kind])

    def several(make: Callable[[], str], most: int, empty: str = "") -> str:
        return ", ".join(make() for _ in range(rng.below(most + 1))) or empty

    def units() -> str:
        return " ".join(pick("number") + " " + pick("unit") for _ in range(1 + rng.below(3)))

    def march() -> str:
        moves = several(lambda: pick("area") + " " + units(), 3, "none")
        return f"{pick('area')} -> {moves}{rng.choice(('', ' +power'))}"

    def muster_item() -> str:
        what = rng.choice((pick("unit"), "ship@" + pick("area"), "footman->" + pick("unit")))
        return f"{pick('area')} {what}"

    shapes: dict[str, Callable[[], str]] = {
        "orders": lambda: " ".join(f"{pick('area')}={pick('token')}" for _ in range(rng.below(16))),
        "bid": lambda: pick("number"),
        "choose": lambda: pick("option"),
        "rank": lambda: several(lambda: pick("house"), 6),
        "raid": lambda: f"{pick('area')} -> {pick('area') if rng.below(4) else 'none'}",
        "march": march,
        "consolidate": lambda: pick("area") + rng.choice(("", " muster " + several(muster_item, 3, "none"))),
        "muster": lambda: several(muster_item, 4, "none"),
        "destroy": lambda: several(lambda: f"{pick('area')} {pick('unit')}", 3, "none"),
        "swap": lambda: several(lambda: f"{pick('area')} {pick('unit')}->{pick('unit')}", 3, "none"),
        "raven": lambda: rng.choice(("none", "peek", "keep", "bury", f"swap {pick('area')} {pick('token')}")),
        "play": lambda: pick("card"),
        "discard": lambda: pick("card"),
        "retrieve": lambda: pick("card") if rng.below(3) else "none",
    }
    verb = rng.choice(VERBS)
    return f"{verb} {shapes[verb]()}"


def _text(rng: Rng, size: int) -> str:
    """Arbitrary characters: ASCII, strange whitespace and controls, and any code point at all."""
    chars = []
    for _ in range(size):
        roll = rng.below(10)
        if roll < 6:
            chars.append(chr(32 + rng.below(95)))
        elif roll < 8:
            chars.append(rng.choice(STRANGE))
        else:
            code = rng.below(0x110000)
            chars.append(chr(code) if not 0xD800 <= code < 0xE000 else "?")
    return "".join(chars)


def fuzz_line(rng: Rng, game: ThronesGame) -> str:
    """One fuzzed line, ``house: action`` more often than not, for ``game`` as it stands."""
    house, legal = _legal(rng, game)
    roll = rng.below(100)
    if roll < 10:
        action = legal
    elif roll < 50:
        action = " ".join(_mutate(rng, legal.split(" ")))
    elif roll < 70:
        action = _template(rng)
    elif roll < 85:
        action = rng.choice(("", " ", "  ", ", ")).join(_word(rng) for _ in range(rng.below(13)))
    elif roll < 93:
        return rng.choice(("", f"{house}: ", f"{house}:")) + _text(rng, rng.below(60))
    else:
        # Over-long: a legal line padded or repeated past the limit, a huge number, or a near miss.
        size = MAX_LINE - 5 + rng.below(10) if rng.below(2) else MAX_LINE + rng.below(10 * MAX_LINE)
        filler = rng.choice(("9", " ", "footman ", f"{legal}, ", "x", "😀"))
        action = (legal + " " + filler * (size // len(filler) + 1))[: max(0, size - len(house) - 2)]
    return f"{_house_prefix(rng, game, house)}: {action}"
