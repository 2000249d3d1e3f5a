"""Fuzzed notation lines for a battle in progress: legal lines, legal lines with a few words changed, verbs
with arguments of about the right shape, word soup from the notation's own vocabulary, arbitrary text and
over-long lines.

Whatever the line, ``game.apply_line`` must either accept it or raise :class:`IllegalAction` with a short
message a player can read, leaving the game as it was. ``benchmarks/battles_fuzz.py`` and the property
tests check exactly that. Lines come from a seeded :class:`Rng`, so a failing line can be made again.
"""

from __future__ import annotations

from collections.abc import Callable

from data.battles_model import FACES, RANKS, TERRAINS
from engine.battles.game import BattlesGame
from engine.battles.notation import VERBS
from engine.core.game import MAX_LINE
from engine.core.random_player import random_action
from engine.core.rng import Rng

NUMBERS: tuple[str, ...] = (
    *(str(n) for n in range(12)),
    "99",
    "100",
    "-1",
    "+1",
    "+99",
    "-99",
    "1.5",
    "007",
    "9" * 40,
    "²",
    "\uff11",
)
STRANGE: tuple[str, ...] = ("\x00", "\t", "\u00a0", "\u200b", "\u2019", "é", "😀", "\x1f", "İ", ";", ",", "+")
OPTIONS: tuple[str, ...] = ("none", "done", "yes", "no", "via", "with", "to", "up", "rally", "exit", "tactic")
OPTIONS += ("commit", "before", "after", "either", "morale", "vp", "maybe", "all")


def _hexes() -> tuple[str, ...]:
    columns = "ABCDEFGHIJKLMNOP"
    return (*(f"{c}{r}" for c in columns for r in range(1, 12)), "A0", "Z99", "AA1", "a1", "5E", "E")


def vocabulary(game: BattlesGame) -> dict[str, tuple[str, ...]]:
    """Words of every kind the notation knows, from the game's content, and a few near misses."""
    pack = game.state.pack
    return {
        "verb": (*VERBS, "charge", "ATTACK", "Moves", "tokens"),
        "house": (*game.state.houses, "House Stark", "starks", "nobody", "baratheon"),
        "hex": _hexes(),
        "face": (*FACES, "gauntlet", "flag", "Green", "purple"),
        "rank": (*RANKS, "grey"),
        "card": (*pack.cards, "S99", "L00", "SL16"),
        "commander": (*pack.commanders, "jaime", "captain"),
        "what": (*TERRAINS, *pack.units, "dragon", "river2"),
        "option": OPTIONS,
        "number": NUMBERS,
    }


def _legal(rng: Rng, game: BattlesGame) -> tuple[str, str]:
    """A legal action of a pending decision, in notation, and the house it is for."""
    pending = game.pending()
    if not pending:
        return rng.choice(game.state.houses), "pass"
    decision = pending[rng.below(len(pending))]
    return decision.house, random_action(game, decision, rng).format()


def _mutate(rng: Rng, words: list[str], soup: tuple[str, ...]) -> list[str]:
    words = list(words) or [""]
    for _ in range(1 + rng.below(3)):
        at = rng.below(len(words))
        kind = rng.below(8)
        if kind == 0:
            words[at] = rng.choice(soup)
        elif kind == 1 and len(words) > 1:
            del words[at]
        elif kind == 2:
            words.insert(at, words[at])
        elif kind == 3:
            words.insert(at + 1, rng.choice(NUMBERS))
        elif kind == 4:
            other = rng.below(len(words))
            words[at], words[other] = words[other], words[at]
        elif kind == 5:
            word = words[at]
            cut = rng.below(len(word) + 1)
            words[at] = word[:cut] + rng.choice(STRANGE) + word[cut:]
        elif kind == 6:
            words[at] = words[at].upper()
        else:
            words = words[: at + 1]
    return words


def _template(rng: Rng, words: dict[str, tuple[str, ...]]) -> str:
    """A verb with arguments of about the right shape, each word drawn from the vocabulary."""

    def pick(kind: str) -> str:
        return rng.choice(words[kind])

    def hexes(most: int) -> str:
        return " ".join(pick("hex") for _ in range(rng.below(most + 1)))

    shapes: dict[str, Callable[[], str]] = {
        "pass": lambda: rng.choice(("", "now", pick("hex"))),
        "token": lambda: (
            rng.choice(
                (f"{pick('face')} {pick('hex')}", f"{pick('face')}+{pick('face')} {pick('hex')}", "morale up")
            )
            if rng.below(4)
            else f"morale rally {pick('hex')}"
        ),
        "play": lambda: f"{pick('card')} via {pick('commander')}",
        "discard": lambda: f"{pick('card')} via {pick('commander')} {pick('hex')}",
        "command": lambda: " ".join(pick(rng.choice(("number", "option"))) for _ in range(rng.below(6))),
        "units": lambda: "; ".join(f"{pick('number')} {hexes(4)}" for _ in range(1 + rng.below(3))),
        "move": lambda: f"{pick('hex')} {rng.choice((pick('hex'), 'exit', 'done'))}",
        "attack": lambda: f"{pick('hex')} {pick('hex')}" + (f" with {hexes(4)}" if rng.below(3) == 0 else ""),
        "scorch": lambda: f"{pick('hex')} {pick('hex')}",
        "extinguish": lambda: f"{pick('hex')} {pick('hex')}",
        "parting": lambda: pick("option"),
        "counter": lambda: pick("option"),
        "loyal": lambda: pick("option"),
        "retreat": lambda: pick("hex"),
        "reroll": lambda: rng.choice((pick("face"), "none")),
        "follow": lambda: rng.choice((pick("hex"), "none")),
        "choose": lambda: hexes(5) or "none",
        "adjust": lambda: (
            ", ".join(
                rng.choice(
                    (
                        f"{pick('hex')} to {pick('hex')}",
                        f"{pick('hex')} {pick('number')}",
                        f"rally {pick('hex')}",
                        f"morale {pick('number')}",
                        f"vp {pick('number')}",
                    )
                )
                for _ in range(rng.below(4))
            )
            or "none"
        ),
        "keep": lambda: f"{rng.choice((pick('card'), 'none'))} {rng.choice((pick('face'), 'none'))}",
        "pick": lambda: " ".join(pick("commander") for _ in range(rng.below(4))) or "none",
        "place": lambda: f"{pick('what')} {rng.choice((pick('rank') + ' ', ''))}{pick('hex')}",
    }
    verb = rng.choice(VERBS)
    return f"{verb} {shapes[verb]()}"


def text(rng: Rng, size: int) -> str:
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


def fuzz_line(rng: Rng, game: BattlesGame) -> str:
    """One fuzzed line, ``house: action`` more often than not, for ``game`` as it stands."""
    words = vocabulary(game)
    soup = tuple(word for kind in words.values() for word in kind)
    house, legal = _legal(rng, game)
    roll = rng.below(100)
    if roll < 10:
        action = legal
    elif roll < 50:
        action = " ".join(_mutate(rng, legal.split(" "), soup))
    elif roll < 72:
        action = _template(rng, words)
    elif roll < 85:
        action = rng.choice(("", " ", ", ", "; ")).join(rng.choice(soup) for _ in range(rng.below(12)))
    elif roll < 93:
        return rng.choice(("", f"{house}: ", f"{house}:")) + text(rng, rng.below(60))
    else:
        size = MAX_LINE - 5 + rng.below(10) if rng.below(2) else MAX_LINE + rng.below(10 * MAX_LINE)
        filler = rng.choice(("9", " ", "G5 ", f"{legal}, ", "x", "😀", "; 1 A1"))
        action = (legal + " " + filler * (size // len(filler) + 1))[: max(0, size - len(house) - 2)]
    prefix = house if rng.below(10) < 8 else rng.choice(words["house"])
    return f"{prefix}: {action}"
