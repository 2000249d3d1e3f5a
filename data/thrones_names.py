"""The names of A Game of Thrones: The Board Game, 2nd edition, in English, Spanish, Portuguese and Italian.

Read from ``data/thrones/names/<language>.toml`` (``docs/names.md`` describes the format and where the names
come from). Every area, house, order token, order type, influence track, unit kind, phase and step, house
card, Westeros card, wildling card, Tides of Battle card and game term has a name in every language, keyed by
the id the rest of Maester uses (stored notation stays in those ids whatever the language).

English needs no file for what the game data already names: the names of areas, houses, order tokens, house
cards, Westeros cards and wildling cards come from ``data/thrones/*.toml`` (source ``data: <file>``), and
``en.toml`` names only the rest. It may add ``aliases`` to those derived entries, nothing else.

:func:`load` reads and checks the shipped files once per process; :func:`parse` takes already-parsed TOML
documents keyed by language, so tests can feed it broken data. Every problem raises :class:`DataError` naming
the file and the entry, e.g. ``names/es.toml [areas.winterfell]: 'name' is empty``.

Names must be unambiguous for the notation: within one category of one language, no two names or aliases may
be the same once folded (:func:`fold`: accents dropped, case and spacing ignored, apostrophes unified).
"""

from __future__ import annotations

import functools
import importlib.resources
import re
import tomllib
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal, cast

from data.thrones import HOUSES, ORDER_TYPES, TRACKS, UNIT_KINDS, DataError, ThronesData, _Table
from data.thrones import load as load_thrones

__all__ = [
    "CATEGORIES",
    "FORMS",
    "LANGUAGES",
    "PHASES",
    "TERMS",
    "Counted",
    "DataError",
    "Language",
    "Name",
    "Named",
    "Names",
    "Phrase",
    "counted",
    "expected_ids",
    "fold",
    "load",
    "parse",
]

LANGUAGES: tuple[str, ...] = ("en", "es", "pt", "it")

CATEGORIES: tuple[str, ...] = (
    "areas",
    "houses",
    "orders",  # order tokens, by token id ("march+1*")
    "order_types",  # march, defense, support, raid, consolidate
    "tracks",  # the influence tracks
    "units",
    "phases",  # phases and the steps the bot names
    "house_cards",
    "westeros_cards",
    "wildling_cards",
    "tides_of_battle",
    "terms",  # other game terms the bot's messages use
)

# Categories whose English names the game data already holds, and the file holding them.
DERIVED: dict[str, str] = {
    "areas": "map",
    "houses": "houses",
    "orders": "orders",
    "house_cards": "house_cards",
    "westeros_cards": "westeros_cards",
    "wildling_cards": "wildling_cards",
}

# The phases of a round, the end of the game, and the steps the bot names (the scenario's step names,
# engine/thrones/scenario.py, plus the combat steps and the clean-up the rulebook names).
PHASES: tuple[str, ...] = (
    "westeros",
    "planning",
    "action",
    "over",
    "draw",
    "bidding",
    "wildlings",
    "mustering",
    "supply",
    "orders",
    "reveal",
    "raven",
    "raid",
    "march",
    "support",
    "combat",
    "house-cards",
    "casualties",
    "retreat",
    "consolidate",
    "cleanup",
)

# Game terms the bot's messages use besides the names above.
TERMS: tuple[str, ...] = (
    "power",
    "power-token",
    "power-pool",
    "supply",
    "castle",
    "stronghold",
    "port",
    "iron-throne-token",
    "valyrian-steel-blade",
    "messenger-raven",
    "dominance-token",
    "influence-track",
    "order-token",
    "special-order",
    "wildlings",
    "wildling-threat",
    "night-watch",
    "garrison",
    "neutral-force",
    "house-card",
    "westeros-card",
    "wildling-card",
    "tides-of-battle",
    "round",
    "army",
    "routed",
    "combat-strength",
)

Gender = Literal["m", "f"]
Number = Literal["singular", "plural"]

# Definite articles by language: article -> (gender, number); None where the article serves both genders.
ARTICLES: dict[str, dict[str, tuple[Gender | None, Number]]] = {
    "en": {},
    "es": {"el": ("m", "singular"), "la": ("f", "singular"), "los": ("m", "plural"), "las": ("f", "plural")},
    "pt": {"o": ("m", "singular"), "a": ("f", "singular"), "os": ("m", "plural"), "as": ("f", "plural")},
    "it": {
        "il": ("m", "singular"),
        "lo": ("m", "singular"),
        "la": ("f", "singular"),
        "l'": (None, "singular"),
        "i": ("m", "plural"),
        "gli": ("m", "plural"),
        "le": ("f", "plural"),
    },
}


def _italian(stem: str) -> dict[str, str]:
    """An Italian preposition joined with each article: "ne" gives "nel", "nello", "nella", "nell'"..."""
    endings = {"il": "l", "lo": "llo", "la": "lla", "l'": "ll'", "i": "i", "gli": "gli", "le": "lle"}
    return {article: stem + ending for article, ending in endings.items()}


# The prepositions running text puts before a name, by form and language: the preposition, and how it
# contracts with each article (None: the preposition and the article stay apart). An Italian place without
# an article is "a" ("ad" before an a-sound) for "in" as for "to"; see :meth:`Language.phrase`.
_PREPOSITIONS: dict[str, dict[str, tuple[str, dict[str, str] | None]]] = {
    "in": {
        "en": ("in", None),
        "es": ("en", None),
        "pt": ("em", {"o": "no", "a": "na", "os": "nos", "as": "nas"}),
        "it": ("in", _italian("ne")),
    },
    "of": {
        "en": ("of", None),
        "es": ("de", {"el": "del"}),
        "pt": ("de", {"o": "do", "a": "da", "os": "dos", "as": "das"}),
        "it": ("di", _italian("de")),
    },
    "to": {
        "en": ("to", None),
        "es": ("a", {"el": "al"}),
        "pt": ("a", {"o": "ao", "a": "à", "os": "aos", "as": "às"}),
        "it": ("a", _italian("a")),
    },
    "from": {
        "en": ("from", None),
        "es": ("de", {"el": "del"}),
        "pt": ("de", {"o": "do", "a": "da", "os": "dos", "as": "das"}),
        "it": ("da", _italian("da")),
    },
}
# The forms a name takes in running text (:meth:`Language.phrase`): with its article, or after a preposition.
FORMS: tuple[str, ...] = ("the", *_PREPOSITIONS)

_RULEBOOK = re.compile(r"rulebook-(?P<lang>es|pt|it)(: \S.*)?")
_OFFICIAL = re.compile(r"official list: https?://\S+")
_SOURCE_FORMS = (
    "'rulebook-<es|pt|it>' (optionally ': <section>'), 'official list: <url>', 'translation', 'unchanged'"
)

_FIELDS = ("name", "source")
_OPTIONAL = ("aliases", "plural", "gender", "number", "article", "note")


def fold(text: str) -> str:
    """``text`` as the notation compares it: accents dropped, case folded, apostrophes unified, spacing
    collapsed. "El Nido de Águilas" and "el nido de aguilas" fold alike."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(char for char in text if not unicodedata.combining(char))
    text = re.sub(r"[\u2018\u2019\u00b4`]", "'", text)
    return " ".join(text.casefold().split())


@dataclass(frozen=True, slots=True)
class Name:
    """One thing's name in one language."""

    id: str
    name: str
    source: str  # see docs/names.md for the forms
    aliases: tuple[str, ...] = ()  # other spellings the notation should accept
    plural: str | None = None  # the plural form, where messages count the thing (units, some terms)
    gender: Gender | None = None  # grammatical gender, where the language has one and sentences need it
    number: Number = "singular"  # grammatical number of the name itself ("Los Gemelos" is plural)
    article: str | None = None  # the definite article running text puts before the name, if any
    note: str | None = None  # why this name, where the source alone does not say

    @property
    def bare(self) -> str:
        """The name without its leading article: "El Dominio" -> "Dominio", "L'Altopiano" -> "Altopiano"."""
        if self.article is None:
            return self.name
        head = self.name[: len(self.article)]
        if fold(head) == fold(self.article):
            rest = self.name[len(self.article) :]
            if self.article.endswith("'"):
                return rest
            if rest.startswith(" "):
                return rest[1:]
        return self.name

    @property
    def spellings(self) -> tuple[str, ...]:
        """Everything the notation should read as this id: the name, the name with and without its article
        ("El Dominio", "Dominio", "el Nido de Águilas", "Nido de Águilas"), and the aliases."""
        forms = [self.name]
        if self.article is not None:
            joiner = "" if self.article.endswith("'") else " "
            forms += [self.bare, f"{self.article}{joiner}{self.bare}"]
        forms += self.aliases
        unique: dict[str, str] = {}
        for form in forms:
            unique.setdefault(fold(form), form)
        return tuple(unique.values())


@dataclass(frozen=True, slots=True)
class Language:
    code: str
    names: dict[str, dict[str, Name]]  # category -> id -> name, in the order of expected_ids
    folded: dict[str, dict[str, str]] = field(init=False, repr=False, compare=False)  # category -> fold -> id

    def __post_init__(self) -> None:
        index = {
            category: {fold(spelling): entry.id for entry in entries.values() for spelling in entry.spellings}
            for category, entries in self.names.items()
        }
        object.__setattr__(self, "folded", index)

    def name(self, category: str, item: str) -> str:
        """The display name of ``item``; KeyError for an unknown category or id."""
        return self.names[category][item].name

    def in_phrase(self, category: str, item: str) -> str:
        """The phrase for "in <name>" as the language says it: "en el Nido de Águilas", "no Ninho da Águia",
        "nell'Altopiano", "a Grande Inverno". Italian places without an article take "a" ("ad" before an
        a-sound); Spanish and Portuguese ones take the bare preposition."""
        return self.phrase(category, item, "in")

    def phrase(self, category: str, item: str, form: str) -> str:
        """The name as running text says it in one of :data:`FORMS`: ``the`` gives it its article ("el Nido
        de Águilas", "la Casa Stark", "Invernalía"); ``in``, ``of``, ``to`` and ``from`` put the preposition
        before it, contracted with the article as the language does ("del Nido de Águilas", "da Casa
        Stark", "dall'Altopiano", "al Dominio"). English names have no article: "in Winterfell", "of House
        Stark". ValueError for another form."""
        entry = self.names[category][item]
        if form == "the":
            if entry.article is None:
                return entry.name
            return (
                f"{entry.article}{entry.bare}"
                if entry.article.endswith("'")
                else f"{entry.article} {entry.bare}"
            )
        if form not in _PREPOSITIONS:
            raise ValueError(f"no form {form!r} of a name; the forms are {', '.join(FORMS)}")
        preposition, contractions = _PREPOSITIONS[form][self.code]
        if entry.article is None:
            if self.code == "it" and preposition == "in":
                preposition = "a"
            if self.code == "it" and preposition == "a":
                sound = fold(entry.name).removeprefix("h")
                return f"{'ad' if sound.startswith('a') else 'a'} {entry.name}"
            return f"{preposition} {entry.name}"
        joined = contractions.get(entry.article) if contractions else None
        head = joined if joined is not None else f"{preposition} {entry.article}"
        return f"{head}{entry.bare}" if head.endswith("'") else f"{head} {entry.bare}"

    def lookup(self, category: str, text: str) -> str | None:
        """The id whose name or alias folds like ``text`` in ``category``, or None."""
        return self.folded[category].get(fold(text))


@dataclass(frozen=True, slots=True)
class Names:
    languages: dict[str, Language]  # language code -> its names

    def __getitem__(self, code: str) -> Language:
        return self.languages[code]


def expected_ids(facts: ThronesData) -> dict[str, tuple[str, ...]]:
    """Every id each category must name, in a stable order, from the game data and the lists above."""
    return {
        "areas": tuple(facts.areas),
        "houses": HOUSES,
        "orders": tuple(facts.order_tokens),
        "order_types": ORDER_TYPES,
        "tracks": TRACKS,
        "units": UNIT_KINDS,
        "phases": PHASES,
        "house_cards": tuple(facts.house_cards),
        "westeros_cards": tuple(facts.westeros_cards),
        "wildling_cards": tuple(facts.wildling_cards),
        "tides_of_battle": tuple(facts.tides_cards),
        "terms": TERMS,
    }


class Phrase(str):
    """A name in one language, as a message's field: the name itself, or with a format spec one of the
    forms running text needs (:meth:`Language.phrase`), so that a translation words it as its grammar
    wants: ``{area:in}`` is "en el Nido de Águilas", ``{house:of}`` "da Casa Stark", ``{area:the}`` "los
    Gemelos". A capitalized spec (``{house:The}``) capitalizes the phrase, for the start of a sentence."""

    language: Language
    category: str
    id: str

    def __new__(cls, language: Language, category: str, item: str) -> Phrase:
        phrase = super().__new__(cls, language.name(category, item))
        phrase.language, phrase.category, phrase.id = language, category, item
        return phrase

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        text = self.language.phrase(self.category, self.id, spec.lower())
        return text[:1].upper() + text[1:] if spec[:1].isupper() else text


@dataclass(frozen=True, slots=True)
class Named:
    """A thing of the game by its id, named in whichever language it is read (an :class:`i18n.Localized`):
    a message's field, ``said("{house} holds {area}.", house=Named("houses", "stark"), area=...)``. It is
    said as a :class:`Phrase`, so a translation may ask for a form: ``"{house:The} ocupa {area:the}."``."""

    category: str
    id: str

    def said_in(self, language: str) -> str:
        return Phrase(load()[language], self.category, self.id)


def noun(language: str, kind: str, count: int) -> str:
    """A unit kind's name for ``count`` of them, lower case as running text writes it: "soldado", "fanti"."""
    entry = load()[language].names["units"][kind]
    return (entry.name if count == 1 else entry.plural or entry.name).lower()


def counted(language: str, kind: str, count: int) -> str:
    """ "a footman", "2 knights", "una torre de asedio", "un'…": one unit with its indefinite article."""
    if count != 1:
        return f"{count} {noun(language, kind, count)}"
    name = noun(language, kind, 1)
    article = _indefinite(language, load()[language].names["units"][kind].gender, name)
    return f"{article}{name}" if article.endswith("'") else f"{article} {name}"


def _indefinite(language: str, gender: str | None, name: str) -> str:
    """The indefinite article before ``name``: English "a"/"an"; Spanish, Portuguese and Italian by gender,
    Italian also by the sound the name begins with ("uno scudo", "un'arma")."""
    if language == "en":
        return "an" if name[:1] in "aeiou" else "a"
    feminine = gender == "f"
    if language == "es":
        return "una" if feminine else "un"
    if language == "pt":
        return "uma" if feminine else "um"
    if feminine:
        return "un'" if name[:1] in "aeiouàèéìòù" else "una"
    impure = (
        name[:1] in "zxy" or name[:2] in ("gn", "ps", "pn") or (name[:1] == "s" and name[1:2] not in "aeiou")
    )
    return "uno" if impure or (name[:1] == "i" and name[1:2] in "aeiou") else "un"


@dataclass(frozen=True, slots=True)
class Counted:
    """Units of one kind, counted in whichever language it is read (an :class:`i18n.Localized`): "a ship",
    "3 ships", "una torre de asedio"."""

    kind: str
    count: int

    def said_in(self, language: str) -> str:
        return counted(language, self.kind, self.count)


@functools.cache
def load() -> Names:
    """Read, check and return the shipped names (once per process)."""
    folder = importlib.resources.files("data") / "thrones" / "names"
    docs: dict[str, dict[str, Any]] = {}
    for code in LANGUAGES:
        try:
            docs[code] = tomllib.loads((folder / f"{code}.toml").read_text(encoding="utf-8"))
        except FileNotFoundError as exc:
            raise DataError(f"names/{code}.toml: file not found in data/thrones/names") from exc
        except tomllib.TOMLDecodeError as exc:
            raise DataError(f"names/{code}.toml: not valid TOML: {exc}") from exc
    return parse(docs, load_thrones())


def parse(docs: Mapping[str, Mapping[str, Any]], facts: ThronesData) -> Names:
    """Build and check the names from parsed TOML documents keyed by language code."""
    for code in LANGUAGES:
        if code not in docs:
            raise DataError(f"names/{code}.toml: missing")
    if unknown := sorted(set(docs) - set(LANGUAGES)):
        raise DataError(f"names: unknown language(s) {', '.join(unknown)}; expected {', '.join(LANGUAGES)}")
    expected = expected_ids(facts)
    english = _parse_language("en", docs["en"], expected, _derived_english(facts))
    languages = {"en": english}
    for code in LANGUAGES[1:]:
        languages[code] = _parse_language(code, docs[code], expected, None, english)
    return Names(languages)


def _derived_english(facts: ThronesData) -> dict[str, dict[str, str]]:
    """The English names the game data already holds: category -> id -> name."""
    return {
        "areas": {i: a.name for i, a in facts.areas.items()},
        "houses": {i: h.name for i, h in facts.houses.items()},
        "orders": {i: t.name for i, t in facts.order_tokens.items()},
        "house_cards": {i: c.name for i, c in facts.house_cards.items()},
        "westeros_cards": {i: c.name for i, c in facts.westeros_cards.items()},
        "wildling_cards": {i: c.name for i, c in facts.wildling_cards.items()},
    }


def _parse_language(
    code: str,
    doc: Mapping[str, Any],
    expected: dict[str, tuple[str, ...]],
    derived: dict[str, dict[str, str]] | None,
    english: Language | None = None,
) -> Language:
    file = f"names/{code}.toml"
    required = [c for c in CATEGORIES if derived is None or c not in DERIVED]
    optional = [c for c in CATEGORIES if c not in required]
    top = _Table(doc, file, required=required, optional=optional)
    names: dict[str, dict[str, Name]] = {}
    for category in CATEGORIES:
        raw = top.raw.get(category, {})
        if not isinstance(raw, dict):
            raise DataError(f"{file} [{category}]: must hold one table per id")
        ids = expected[category]
        if unknown := [key for key in raw if key not in ids]:
            raise DataError(f"{file} [{category}]: unknown id(s) {', '.join(unknown)}, not in the game data")
        entries: dict[str, Name] = {}
        for item in ids:
            where = f"{file} [{category}.{_key(item)}]"
            if derived is not None and category in DERIVED:
                entries[item] = _derived_entry(category, item, raw.get(item), derived, where)
            elif item not in raw:
                raise DataError(f"{file} [{category}]: missing entry for {item!r}")
            else:
                reference = english.names[category][item].name if english else None
                entries[item] = _entry(code, category, item, raw[item], where, reference)
        _check_unambiguous(file, category, entries)
        names[category] = entries
    return Language(code, names)


def _key(item: str) -> str:
    return item if re.fullmatch(r"[A-Za-z0-9_-]+", item) else f'"{item}"'


def _derived_entry(
    category: str, item: str, raw: object, derived: dict[str, dict[str, str]], where: str
) -> Name:
    """An English entry the game data names; the name file may only add aliases to it."""
    aliases: tuple[str, ...] = ()
    if raw is not None:
        t = _Table(raw, where, required=[], optional=["aliases"])
        aliases = _aliases(t) if "aliases" in t.raw else ()
    name = derived[category][item]
    entry = Name(item, name, f"data: {DERIVED[category]}.toml", aliases)
    _check_aliases(entry, where)
    return entry


def _entry(code: str, category: str, item: str, raw: object, where: str, english: str | None) -> Name:
    t = _Table(raw, where, required=_FIELDS, optional=_OPTIONAL)
    name = _text(t, "name")
    source = _text(t, "source")
    _check_source(code, source, name, english, t)
    gender = t.maybe_text("gender")
    if gender is not None and gender not in ("m", "f"):
        raise t.fail(f"'gender' must be 'm' or 'f', found {gender!r}")
    number = t.maybe_text("number") or "singular"
    if number not in ("singular", "plural"):
        raise t.fail(f"'number' must be 'singular' or 'plural', found {number!r}")
    article = t.maybe_text("article")
    if article is not None:
        known = ARTICLES[code]
        if article not in known:
            raise t.fail(f"'article' {article!r} is not a definite article of {code!r}")
        article_gender, article_number = known[article]
        if article_gender is not None and gender is not None and article_gender != gender:
            raise t.fail(f"'article' {article!r} does not agree with 'gender' {gender!r}")
        if "number" in t.raw and number != article_number:
            raise t.fail(f"'article' {article!r} does not agree with 'number' {number!r}")
        number = article_number
        gender = gender or article_gender
    if category == "areas" and code != "en" and gender is None:
        raise t.fail("'gender' is required for areas (sentences about an area need it)")
    if category == "units" and "plural" not in t.raw:
        raise t.fail("'plural' is required for units (messages count them)")
    entry = Name(
        id=item,
        name=name,
        source=source,
        aliases=_aliases(t) if "aliases" in t.raw else (),
        plural=_text(t, "plural") if "plural" in t.raw else None,
        gender=cast(Gender | None, gender),
        number=cast(Number, number),
        article=article,
        note=_text(t, "note") if "note" in t.raw else None,
    )
    _check_leading_article(code, category, entry, t)
    _check_aliases(entry, where)
    return entry


def _text(t: _Table, key: str) -> str:
    value = t.text(key)
    if not value.strip():
        raise t.fail(f"{key!r} is empty")
    if value != value.strip() or "\n" in value or "  " in value:
        raise t.fail(f"{key!r} has stray spacing: {value!r}")
    return value


def _aliases(t: _Table) -> tuple[str, ...]:
    values = t.texts("aliases")
    for value in values:
        if not value.strip() or value != value.strip():
            raise t.fail(f"'aliases' holds an empty or badly spaced name: {value!r}")
    return values


def _check_source(code: str, source: str, name: str, english: str | None, t: _Table) -> None:
    if match := _RULEBOOK.fullmatch(source):
        if match["lang"] != code:
            raise t.fail(f"'source' {source!r} cites another language's rulebook")
        return
    if _OFFICIAL.fullmatch(source) or source == "translation":
        return
    if source == "unchanged":
        if code == "en":
            raise t.fail("'source' 'unchanged' means \"as in English\"; English names cite 'project'")
        if english is not None and name != english:
            raise t.fail(f"'source' is 'unchanged' but the name {name!r} differs from English {english!r}")
        return
    if source == "project" and code == "en":
        return
    forms = _SOURCE_FORMS + (", 'project'" if code == "en" else "")
    raise t.fail(f"'source' {source!r} is none of the allowed forms: {forms}")


def _check_leading_article(code: str, category: str, entry: Name, t: _Table) -> None:
    """An area whose name begins with an article ("Los Gemelos", "Le Dita") must give it as 'article', and a
    name may begin with no article but its own."""
    first = fold(entry.name).split(" ")[0]
    heads = {first, first[: first.index("'") + 1]} if "'" in first else {first}
    leading = heads & {fold(article) for article in ARTICLES[code]}
    if not leading or first == fold(entry.name):
        return
    if entry.article is None:
        if category == "areas":
            raise t.fail(f"the name {entry.name!r} begins with an article: give it as 'article'")
    elif fold(entry.article) not in leading:
        raise t.fail(f"the name {entry.name!r} begins with another article than {entry.article!r}")


def _check_aliases(entry: Name, where: str) -> None:
    """An alias must add a spelling: folding and the article already accept some."""
    known = replace(entry, aliases=()).spellings
    seen = {fold(form): form for form in known}
    for alias in entry.aliases:
        if fold(alias) in seen:
            raise DataError(
                f"{where}: alias {alias!r} is already accepted as {seen[fold(alias)]!r} "
                "(folding ignores accents and case, and the name is read with or without its article)"
            )
        seen[fold(alias)] = alias


def _check_unambiguous(file: str, category: str, entries: dict[str, Name]) -> None:
    owner: dict[str, tuple[str, str]] = {}
    for entry in entries.values():
        for spelling in entry.spellings:
            folded = fold(spelling)
            if folded in owner and owner[folded][0] != entry.id:
                other, other_spelling = owner[folded]
                raise DataError(
                    f"{file} [{category}]: {spelling!r} ({entry.id}) and {other_spelling!r} ({other}) "
                    "are the same name once folded; the notation could not tell them apart"
                )
            owner[folded] = (entry.id, spelling)
