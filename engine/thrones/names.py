"""The names the notation reads, in every language: one lookup table per kind of thing, built once at import.

Each table (:class:`Vocabulary`) maps a *key* (:func:`key`: the text folded as ``data.thrones_names.fold``
does, apostrophes dropped, spaces, hyphens and underscores alike) to an id. It holds every id; every name,
name with or without its article, plural and alias of ``data/thrones/names`` in English, Spanish, Portuguese
and Italian; and the English short forms the notation has always read (``footmen``, ``special-raid``,
``eyrie``). So "Nido de Águilas", "nido de aguilas", "NIDO-DE-AGUILAS", "The Eyrie" and "the-eyrie" all read
as ``the-eyrie``, and a localized line is read to the same action as the English one.

Order tokens also have short forms in every language, written like their ids with the order's word in that
language (the first word of its ``order_types`` name): ``avance+1*``, ``defesa+2*``, ``supporto+0``,
``incursion*``, ``consolidar``; the same aliases the English ids have (``march+1`` for ``march+1*``,
``raid`` for the one plain raid) follow.

Within a language the names data refuses two ids with one spelling; across languages one key may still name
two ids (an area called in Italian what another is called in Spanish). Such a *clash* is resolved for the id
whose own id is the key, and is otherwise *ambiguous*: reading it raises :class:`UnknownName` listing the
ids it could mean. Each table records its clashes; a test keeps the shipped data free of them.
"""

from __future__ import annotations

import difflib
import heapq
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from types import MappingProxyType

from data.thrones import ORDER_TYPES
from data.thrones_names import LANGUAGES, fold, load
from engine.core.errors import NotationError, quote
from engine.thrones.board import FACTS
from engine.thrones.renames import RENAMED_AREAS

# How many suggestions an error carries, and how many characters of them its message may spend.
MOST_SUGGESTIONS = 3
SUGGESTION_BUDGET = 120
# difflib's cutoff: how alike (0 to 1) a name must be to the text to be suggested. difflib compares the
# text with the SHORTLIST keys sharing the most pairs of characters with it, not with all of them (several
# hundred, 5 ms), so that a refused line stays quick.
LIKENESS = 0.7
SHORTLIST = 8

_SEPARATORS = re.compile(r"[\s_-]+")
_AROUND_SIGNS = re.compile(r"-?([+*()])-?")


def key(text: str) -> str:
    """``text`` as the tables hold it: folded (accents dropped, case folded, apostrophes unified, spacing
    collapsed), apostrophes dropped, every run of spaces, hyphens and underscores one hyphen, and none beside
    ``+ * ( )``. "King's Landing", "kings landing" and "kings-landing" are one key; so are
    "Avance +1 (especial)" and "avance+1(especial)". A minus sign is a hyphen: "march -1" is ``march-1``.

    ASCII text, most of what players type, skips the Unicode work of ``fold``: for it, folding is lower
    case, stripping and the backquote as an apostrophe (a test checks the two agree)."""
    text = text.strip().lower().replace("`", "") if text.isascii() else fold(text)
    return _AROUND_SIGNS.sub(r"\1", _SEPARATORS.sub("-", text.replace("'", "")))


class UnknownName(NotationError):
    """A name the notation cannot read as one id: no name of the kind is spelled so, or (``ambiguous``)
    several are, in different languages.

    The message is English; the fields let a caller say it again in the player's language: ``what`` is the
    category of ``data/thrones/names`` (``areas``, ``houses``, ``orders``, ``units``, ``house_cards``,
    ``tracks``), ``text`` the words as written, ``suggestions`` ids, the closest names first (for an
    ambiguous name, the ids it could mean)."""

    def __init__(
        self, message: str, what: str, text: str, suggestions: tuple[str, ...], ambiguous: bool = False
    ) -> None:
        super().__init__(message)
        self.what = what
        self.text = text
        self.suggestions = suggestions
        self.ambiguous = ambiguous


@dataclass(frozen=True)
class Vocabulary:
    """Every spelling of one kind of thing, by key. Built by :func:`vocabulary`."""

    what: str  # the category of data/thrones/names
    noun: str  # how an English message names one: "area", "order token"
    unknown: str  # the English message for an unknown name, with ``{text}`` where it is quoted
    ids: Mapping[str, str]  # key -> id
    ambiguous: Mapping[str, tuple[str, ...]]  # key -> the ids it names (a clash no id settles)
    clashes: Mapping[str, tuple[str, ...]]  # key -> the ids it names, for every key naming more than one
    spelled: Mapping[str, str]  # key -> a spelling of it from the data, to show in a suggestion
    labels: Mapping[str, str]  # id -> how an English message names it
    most_words: int  # the most words a spelling has: no run of more words is worth looking up
    longest: int  # the longest key
    bigrams: Mapping[str, tuple[str, ...]]  # pair of characters -> the keys holding it, to shortlist
    heads: frozenset[str]  # the key of every word a name can begin with, as written, whole names included
    stems: frozenset[str]  # the heads that more words can follow

    def find(self, text: str) -> str | None:
        """The id ``text`` names, or None (unknown or ambiguous)."""
        found = self.ids.get(text)  # an id or a key as written: most lines are canonical
        return found if found is not None else self.ids.get(key(text))

    def runs(self, words: Sequence[str], start: int) -> Iterator[tuple[str, int]]:
        """The ids that runs of ``words`` from ``start`` name, the longest run first, each with the index
        after it. A first word no name begins with is the end of it, and a whole name no other continues is
        not looked up again with the next words: on the ids of a stored line this is one look-up a name."""
        if start >= len(words):
            return
        first = words[start]
        head = first if first in self.heads else key(first)
        if head not in self.heads:
            return
        if head in self.stems:
            for end in range(min(len(words), start + self.most_words), start + 1, -1):
                found = self.find(" ".join(words[start:end]))
                if found is not None:
                    yield found, end
        found = self.ids.get(head)
        if found is not None:
            yield found, start + 1

    def read(self, text: str) -> str:
        """The id ``text`` names; :class:`UnknownName` if none or several."""
        found = self.find(text)
        if found is None:
            raise self.refuse(text)
        return found

    def refuse(self, text: str) -> UnknownName:
        """The error for ``text``, which names no id (or several): what is wrong, and the closest names."""
        text = text.strip()
        folded = key(text)
        if folded in self.ambiguous:
            ids = self.ambiguous[folded]
            return UnknownName(
                f"{quote(text)} names more than one {self.noun} in different languages: "
                f"{_either(self.labels[i] for i in ids)}; write its id ({_either(ids)}).",
                self.what,
                text,
                ids,
                ambiguous=True,
            )
        suggestions = self.suggest(folded)
        message = self.unknown.format(text=quote(text))
        shown = self._shown(suggestions)
        if shown:
            message += f" Did you mean {_either(shown)}?"
        return UnknownName(message, self.what, text, tuple(item for item, _ in suggestions))

    def suggest(self, folded: str) -> list[tuple[str, str]]:
        """The ids whose spellings are closest to the key ``folded``, best first, each with its closest key.
        A text much longer than every spelling is like none of them, and is not compared."""
        if not folded or len(folded) > 3 * self.longest:
            return []
        shared = Counter(chain.from_iterable(self.bigrams.get(gram, ()) for gram in _bigrams(folded)))
        # The keys sharing the most pairs, ranked again by Dice's coefficient (less its constant factor):
        # a long key shares many pairs with anything.
        nearest = heapq.nlargest(
            SHORTLIST,
            (close for close, _ in shared.most_common(4 * SHORTLIST)),
            key=lambda close: shared[close] / (len(close) + len(folded)),
        )
        matcher = difflib.SequenceMatcher(None, b=folded, autojunk=False)
        scored: list[tuple[float, str]] = []
        for close in nearest:
            matcher.set_seq1(close)
            if matcher.quick_ratio() >= LIKENESS and (ratio := matcher.ratio()) >= LIKENESS:
                scored.append((ratio, close))
        found: dict[str, str] = {}
        for _, close in sorted(scored, key=lambda pair: -pair[0]):
            found.setdefault(self.ids[close], close)
        return list(found.items())[:MOST_SUGGESTIONS]

    def _shown(self, suggestions: list[tuple[str, str]]) -> list[str]:
        """Suggestions as the message writes them, as many as the budget allows: the English name, and the
        spelling that came close if the name does not hold it ("Winterfell (Invernalía)", "The Arbor")."""
        shown: list[str] = []
        spent = 0
        for item, close in suggestions:
            label = self.labels[item]
            spelling = self.spelled.get(close, label)
            folded = key(spelling)
            text = label if folded in key(label) or folded == item else f"{label} ({spelling})"
            spent += len(text) + 2
            if shown and spent > SUGGESTION_BUDGET:
                break
            shown.append(text)
        return shown


def _bigrams(folded: str) -> frozenset[str]:
    padded = f" {folded} "
    return frozenset(padded[i : i + 2] for i in range(len(padded) - 1))


def _either(items: Iterable[str]) -> str:
    """The items as an English list: "a", "a or b", "a, b or c"."""
    listed = list(items)
    return listed[0] if len(listed) == 1 else f"{', '.join(listed[:-1])} or {listed[-1]}"


def vocabulary(
    what: str,
    noun: str,
    unknown: str,
    labels: Mapping[str, str],
    spellings: Iterable[tuple[str, str]],
) -> Vocabulary:
    """The table of the ids ``labels`` names (id -> English label) and of ``spellings`` ((id, spelling)
    pairs, in every language, the data's first). A key naming several ids is a clash: the id that is itself
    the key wins, else the key is ambiguous."""
    owners: dict[str, dict[str, None]] = {}
    spelled: dict[str, str] = {}
    for item, spelling in spellings:
        folded = key(spelling)
        owners.setdefault(folded, {})[item] = None
        spelled.setdefault(folded, spelling)
    for item in labels:
        owners.setdefault(item, {})[item] = None
    ids: dict[str, str] = {}
    ambiguous: dict[str, tuple[str, ...]] = {}
    clashes: dict[str, tuple[str, ...]] = {}
    for folded, named in owners.items():
        if len(named) == 1:
            ids[folded] = next(iter(named))
            continue
        clashes[folded] = tuple(named)
        if folded in named:
            ids[folded] = folded
        else:
            ambiguous[folded] = tuple(named)
    holders: dict[str, list[str]] = {}
    for folded in ids:
        for gram in _bigrams(folded):
            holders.setdefault(gram, []).append(folded)
    stems = {stem for folded in owners for stem in _stems(folded)}
    return Vocabulary(
        what=what,
        noun=noun,
        unknown=unknown,
        ids=MappingProxyType(ids),
        ambiguous=MappingProxyType(ambiguous),
        clashes=MappingProxyType(clashes),
        spelled=MappingProxyType(spelled),
        labels=MappingProxyType(dict(labels)),
        most_words=max(len(spelling.split()) for spelling in (*spelled.values(), *labels)),
        longest=max(map(len, ids)),
        bigrams=MappingProxyType({gram: tuple(keys) for gram, keys in holders.items()}),
        heads=frozenset(stems | owners.keys()),
        stems=frozenset(stems),
    )


def _stems(folded: str) -> Iterator[str]:
    """The keys of the first words of a name whose key is ``folded``, wherever a player could have cut it
    into words: at a hyphen (a space, a hyphen or an underscore as written; the key with or without the
    hyphen) and beside a sign ("Avance +1 (especial)" is ``avance+1(especial)``: ``avance``, ``avance+1``)."""
    for at in range(1, len(folded)):
        if folded[at] == "-":
            yield folded[:at]
            yield folded[: at + 1]
        elif folded[at] in "+*()" or folded[at - 1] in "+*()":
            yield folded[:at]


# --- what the data names, in every language --------------------------------------------------------------

NAMES = load()


def _spellings(category: str) -> list[tuple[str, str]]:
    """(id, spelling) for every name, article form, plural and alias of ``category`` in every language."""
    pairs: list[tuple[str, str]] = []
    for code in LANGUAGES:
        for entry in NAMES[code].names[category].values():
            pairs += [(entry.id, spelling) for spelling in entry.spellings]
            if entry.plural is not None:
                pairs.append((entry.id, entry.plural))
    return pairs


def _labels(category: str) -> dict[str, str]:
    return {item: entry.name for item, entry in NAMES["en"].names[category].items()}


# --- order tokens: short forms ----------------------------------------------------------------------------


def token_forms(words: Mapping[str, Iterable[str]]) -> dict[str, str]:
    """Short forms of the order tokens, written with ``words`` (order type -> the words for it): the id with
    the type's word in it (``avance+1*``, ``incursion*``); the word and sign alone for a special token no
    plain one of its type shares a bonus with (``march+1`` for ``march+1*``); the word and a star for the
    special one (``raid*``); the word alone for a type with one plain token (``raid``)."""
    forms: dict[str, str] = {}
    plains: dict[str, list[int]] = {}  # order type -> the bonuses of its plain tokens
    for token in FACTS.order_tokens.values():
        if not token.special:
            plains.setdefault(token.type, []).append(token.bonus)
    for token in FACTS.order_tokens.values():
        sign = f"{token.bonus:+d}"
        for word in words[token.type]:
            forms[word + token.id[len(token.type) :]] = token.id
            if token.special:
                forms[f"{word}*"] = token.id
                if token.bonus not in plains[token.type]:
                    forms[f"{word}{sign}"] = token.id
            else:
                forms[f"{word}{sign}"] = token.id
                if len(plains[token.type]) == 1:
                    forms[word] = token.id
    return forms


def _english_token_aliases() -> dict[str, str]:
    """The English short forms the notation has always read, British "defence" and "cp" included."""
    words = {kind: [kind] for kind in ORDER_TYPES}
    words["defense"].append("defence")
    words["consolidate"].append("cp")
    forms = token_forms(words)
    for token in FACTS.order_tokens.values():
        if token.special:
            forms[f"special-{token.type}"] = token.id
    forms["march0"] = "march+0"
    return forms


def _localized_token_forms() -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = []
    for code in LANGUAGES[1:]:
        words = {kind: [key(NAMES[code].name("order_types", kind).split()[0])] for kind in ORDER_TYPES}
        pairs += [(token, form) for form, token in token_forms(words).items()]
    return pairs


# The English aliases earlier versions of the notation read, kept so that every line they read still reads.
TOKEN_ALIASES: dict[str, str] = _english_token_aliases()
UNIT_ALIASES: dict[str, str] = {
    "footman": "footman",
    "footmen": "footman",
    "knight": "knight",
    "knights": "knight",
    "ship": "ship",
    "ships": "ship",
    "siege": "siege",
    "sieges": "siege",
    "siege-engine": "siege",
    "siege-engines": "siege",
}


def _area_extras() -> list[tuple[str, str]]:
    """Area ids without their leading "the-" ("eyrie"), and the ids areas had before a rename."""
    short = [(area, area.removeprefix("the-")) for area in FACTS.areas if area.startswith("the-")]
    return short + [(new, old) for old, new in RENAMED_AREAS.items()]


AREAS = vocabulary(
    "areas",
    "area",
    "There is no area called {text}.",
    _labels("areas"),
    [*_spellings("areas"), *_area_extras()],
)
HOUSES = vocabulary(
    "houses", "house", "There is no house called {text}.", _labels("houses"), _spellings("houses")
)
TOKENS = vocabulary(
    "orders",
    "order token",
    "{text} is not an order token (march-1, march+0, march+1*, defense+1, defense+2*, support+0, "
    "support+1*, raid, raid*, consolidate, consolidate*).",
    {token: token for token in FACTS.order_tokens},  # messages name tokens by id, as players write them
    [
        *_spellings("orders"),
        *((token, form) for form, token in TOKEN_ALIASES.items()),
        *_localized_token_forms(),
    ],
)
UNITS = vocabulary(
    "units",
    "unit",
    "{text} is not a unit (footman, knight, ship or siege).",
    _labels("units"),
    [*_spellings("units"), *((kind, alias) for alias, kind in UNIT_ALIASES.items())],
)
CARDS = vocabulary(
    "house_cards",
    "house card",
    "There is no house card called {text}.",
    _labels("house_cards"),
    _spellings("house_cards"),
)
TRACKS = vocabulary(
    "tracks",
    "influence track",
    "There is no influence track called {text}.",
    _labels("tracks"),
    _spellings("tracks"),
)
VOCABULARIES: tuple[Vocabulary, ...] = (AREAS, HOUSES, TOKENS, UNITS, CARDS, TRACKS)
