"""The notation reads the game's names in Spanish, Portuguese and Italian as it reads the English ones.

Lines are written from the names data (data/thrones/names), once with the ids and once with each name of
each language, and must read to the same action; also in upper case and without accents. An unknown name is
refused with the closest names, and the error says which ids they are.
"""

from __future__ import annotations

import re
import time
import unicodedata
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from data.thrones import ORDER_TYPES, UNIT_KINDS
from data.thrones_names import Name, fold, load
from engine.core.errors import NotationError
from engine.thrones.actions import Choose
from engine.thrones.board import FACTS
from engine.thrones.fuzz import OPTIONS
from engine.thrones.names import (
    AREAS,
    CARDS,
    HOUSES,
    TOKENS,
    UNITS,
    VOCABULARIES,
    UnknownName,
    key,
    token_forms,
    vocabulary,
)
from engine.thrones.notation import MAX_LINE, format_line, parse_action, parse_line

NAMES = load()
LOCALIZED = ("es", "pt", "it")
AREA_IDS = tuple(FACTS.areas)
TOKEN_IDS = tuple(FACTS.order_tokens)
UNIT_IDS = UNIT_KINDS


def entry(code: str, category: str, item: str) -> Name:
    return NAMES[code].names[category][item]


def spellings(code: str, category: str, item: str) -> tuple[str, ...]:
    """Every way the data writes ``item`` in ``code``: the name, with and without its article, the aliases,
    and the plural."""
    found = entry(code, category, item)
    return found.spellings + ((found.plural,) if found.plural else ())


def short_tokens(code: str) -> dict[str, str]:
    """The short token forms of ``code``, as the docs give them: ``avance+1*``, ``incursion``."""
    words = {kind: [key(NAMES[code].name("order_types", kind).split()[0])] for kind in ORDER_TYPES}
    return token_forms(words)


def strip_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def assert_reads_as(pairs: list[tuple[str, str]]) -> None:
    """Each localized line reads to the action of its English line, as written, in upper case and without
    accents, and is written back in ids."""
    for localized, english in pairs:
        expected = parse_action(english)
        for variant in (localized, localized.upper(), strip_accents(localized)):
            try:
                got = parse_action(variant)
            except NotationError as error:
                pytest.fail(f"{variant!r} (for {english!r}) refused: {error}")
            assert got == expected, (variant, english)
        assert format_line("stark", parse_action(localized)) == f"stark: {expected.format()}"


def nth(items: tuple[str, ...], index: int) -> str:
    return items[index % len(items)]


# --- every name, in every position its kind takes -------------------------------------------------------


def area_lines(code: str) -> Iterator[tuple[str, str]]:
    for index, area in enumerate(AREA_IDS):
        other = nth(AREA_IDS, index + 1)
        far = NAMES[code].name("areas", other)
        unit, kind = nth(UNIT_IDS, index), nth(UNIT_IDS, index + 1)
        singular, plural = entry(code, "units", unit).name, entry(code, "units", unit).plural
        other_unit = NAMES[code].name("units", kind)
        footman = NAMES[code].name("units", "footman")
        token = nth(TOKEN_IDS, index)
        token_name = NAMES[code].name("orders", token)
        for name in spellings(code, "areas", area):
            yield f"raid {name} -> {name}", f"raid {area} -> {area}"
            yield f"orders {name}={token_name}", f"orders {area}={token}"
            yield f"orders {name}={token_name} {far}=raid", f"orders {area}={token} {other}=raid"
            yield (
                f"orders {far} = {token_name} {name} = {token_name}",
                f"orders {other}={token} {area}={token}",
            )
            yield (
                f"march {name} -> {name} 2 {plural} {other_unit}, {far} {singular}",
                f"march {area} -> {area} 2 {unit} {kind}, {other} {unit}",
            )
            yield f"march {far} -> {name} {singular} +power", f"march {other} -> {area} {unit} +power"
            yield (
                f"muster {name} {singular}, {far} {other_unit}@{name}, {name} {footman}->{singular}",
                f"muster {area} {unit}, {other} {kind}@{area}, {area} footman->{unit}",
            )
            yield f"consolidate {name}", f"consolidate {area}"
            yield f"consolidate {name} muster {name} {singular}", f"consolidate {area} muster {area} {unit}"
            yield f"destroy {name} {singular}, {far} {other_unit}", f"destroy {area} {unit}, {other} {kind}"
            yield f"swap {name} {singular} -> {other_unit}", f"swap {area} {unit}->{kind}"
            yield f"raven swap {name} {token_name}", f"raven swap {area} {token}"


def token_lines(code: str) -> Iterator[tuple[str, str]]:
    forms = [(token, form) for form, token in short_tokens(code).items()]
    named = [(token, name) for token in TOKEN_IDS for name in spellings(code, "orders", token)]
    for index, (token, name) in enumerate(named + forms):
        area, other = nth(AREA_IDS, index), nth(AREA_IDS, index + 1)
        area_name, other_name = NAMES[code].name("areas", area), NAMES[code].name("areas", other)
        yield f"orders {area_name}={name}", f"orders {area}={token}"
        yield f"orders {area_name}={name} {other_name}=raid", f"orders {area}={token} {other}=raid"
        yield f"raven swap {area_name} {name}", f"raven swap {area} {token}"


def unit_lines(code: str) -> Iterator[tuple[str, str]]:
    for unit in UNIT_IDS:
        for name in spellings(code, "units", unit):
            yield f"march pyke -> the-reach 3 {name}", f"march pyke -> the-reach 3 {unit}"
            yield f"march pyke -> the-reach {name} 1 {name}", f"march pyke -> the-reach 2 {unit}"
            yield f"muster pyke {name}", f"muster pyke {unit}"
            yield f"muster pyke {name}@port-of-pyke", f"muster pyke {unit}@port-of-pyke"
            yield f"muster pyke soldado->{name}", f"muster pyke footman->{unit}"
            yield f"destroy pyke {name}, pyke {name}", f"destroy pyke {unit}, pyke {unit}"
            yield f"swap pyke {name}->{name}", f"swap pyke {unit}->{unit}"


def house_lines(code: str) -> Iterator[tuple[str, str]]:
    houses = tuple(FACTS.houses)
    for index, house in enumerate(houses):
        other = nth(houses, index + 1)
        other_name = NAMES[code].name("houses", other)
        for name in spellings(code, "houses", house):
            yield f"rank {name} {other_name} {name}", f"rank {house} {other} {house}"
            yield f"rank {name}, {other_name}", f"rank {house}, {other}"
            yield f"choose {name}", f"choose {house}"


def card_lines(code: str) -> Iterator[tuple[str, str]]:
    for card in FACTS.house_cards:
        for name in spellings(code, "house_cards", card):
            yield f"play {name}", f"play {card}"
            yield f"discard {name}", f"discard {card}"
            yield f"retrieve {name}", f"retrieve {card}"


def track_lines(code: str) -> Iterator[tuple[str, str]]:
    for track in ("throne", "fiefdoms", "court"):
        for name in spellings(code, "tracks", track):
            yield f"choose {name}", f"choose {track}"


@pytest.mark.parametrize("code", LOCALIZED)
@pytest.mark.parametrize("lines", [area_lines, token_lines, unit_lines, house_lines, card_lines, track_lines])
def test_every_name_reads_as_the_english_line(code, lines):
    assert_reads_as(list(lines(code)))


@pytest.mark.parametrize("code", LOCALIZED)
def test_the_house_before_the_colon_is_read_in_every_language(code):
    for house in FACTS.houses:
        for name in spellings(code, "houses", house):
            for variant in (name, name.upper(), strip_accents(name)):
                assert parse_line(f"{variant}: bid 2") == parse_line(f"{house}: bid 2")


def test_examples_from_the_docs():
    """The lines the README, docs/names.md and the notation's docstring show."""
    cases = {
        "march Desembarco del Rey -> Bosque Real 2 soldados caballero, Aguasnegras torre de asedio": (
            "march kings-landing -> kingswood 2 footman knight, blackwater siege"
        ),
        "orders Nido de Águilas=Avance +1 (especial) invernalia=defensa+2*, Foso Cailin = incursión": (
            "orders the-eyrie=march+1* winterfell=defense+2* moat-cailin=raid"
        ),
        "orders Ninho da Águia=marcha+1* Winterfell=Defesa +1": (
            "orders the-eyrie=march+1* winterfell=defense+1"
        ),
        "orders Grande Inverno=Marcia +0 Porto Bianco=razzia*": (
            "orders winterfell=march+0 white-harbor=raid*"
        ),
        "muster Porto Bianco nave@Porto di Porto Bianco, Porto Bianco fante->cavaliere": (
            "muster white-harbor ship@port-of-white-harbor, white-harbor footman->knight"
        ),
        "rank Casa Stark la Casa Lannister Tyrell": "rank stark lannister tyrell",
        "play Sor Loras Tyrell": "play ser-loras-tyrell",
        "raid Desembarco-del-Rey -> none": "raid kings-landing -> none",
        "choose Trono di Spade": "choose throne",
    }
    for localized, english in cases.items():
        assert parse_action(localized) == parse_action(english), localized
    assert parse_line("casa stark: march Invernalía -> Foso Cailin caballero soldado") == parse_line(
        "stark: march winterfell -> moat-cailin knight footman"
    )  # the README's
    assert parse_line("a casa greyjoy: bid 1") == ("greyjoy", parse_action("bid 1"))


# The short token forms of docs/names.md, language by language, in the order of the tokens' ids there.
SHORT_FORMS = {
    "es": "avance-1 avance+0 avance+1* defensa+1 defensa+2* apoyo+0 apoyo+1* incursion incursion* "
    "consolidar consolidar*",
    "pt": "marcha-1 marcha+0 marcha+1* defesa+1 defesa+2* suporte+0 suporte+1* invasao invasao* "
    "consolidar consolidar*",
    "it": "marcia-1 marcia+0 marcia+1* difesa+1 difesa+2* supporto+0 supporto+1* razzia razzia* "
    "consolidamento consolidamento*",
}
DOCUMENTED_IDS = (
    "march-1 march+0 march+1* defense+1 defense+2* support+0 support+1* raid raid* consolidate consolidate*"
)


@pytest.mark.parametrize("code", LOCALIZED)
def test_the_documented_short_token_forms(code):
    for form, token in zip(SHORT_FORMS[code].split(), DOCUMENTED_IDS.split(), strict=True):
        assert parse_action(f"orders winterfell={form}") == parse_action(f"orders winterfell={token}"), form
    word = SHORT_FORMS[code].split()[0].removesuffix("-1")
    assert parse_action(f"orders pyke={word}+1 winterfell={word}*") == parse_action(
        "orders pyke=march+1* winterfell=march+1*"
    )


# --- unknown and ambiguous names ------------------------------------------------------------------------


def misspell(name: str) -> str:
    """``name`` with an 'x' in the middle of its longest word: no name of the data, and close to this one."""
    words = name.split(" ")
    longest = max(range(len(words)), key=lambda i: len(words[i]))
    word = words[longest]
    words[longest] = word[: len(word) // 2 + 1] + "x" + word[len(word) // 2 + 1 :]
    return " ".join(words)


POSITIONS = {
    "areas": "stark: raid {} -> none",
    "houses": "{}: bid 1",
    "orders": "stark: orders winterfell={}",
    "units": "stark: destroy winterfell {}",
    "house_cards": "stark: play {}",
}


@pytest.mark.parametrize("code", ("en", *LOCALIZED))
@pytest.mark.parametrize("category", tuple(POSITIONS))
def test_an_unknown_name_is_refused_with_the_closest_names(code, category):
    for item, found in NAMES[code].names[category].items():
        wrong = misspell(found.name)
        with pytest.raises(UnknownName) as refused:
            parse_line(POSITIONS[category].format(wrong))
        error = refused.value
        assert (error.what, error.text, error.ambiguous) == (category, wrong, False)
        assert item in error.suggestions, (wrong, error.suggestions)
        assert "Did you mean" in str(error) and len(str(error)) < 300, str(error)


def test_an_unknown_name_keeps_the_english_message_and_adds_suggestions():
    with pytest.raises(
        UnknownName, match=r"^There is no area called 'Invernaliaa'\. Did you mean Winterfell \("
    ):
        parse_action("raid Invernaliaa -> none")
    with pytest.raises(UnknownName, match=r"is not a unit \(footman, knight, ship or siege\)\. Did you mean"):
        parse_action("march pyke -> the-reach 2 soldadoss")
    with pytest.raises(UnknownName) as refused:
        parse_action("orders winterfell=avanse+1*")
    assert refused.value.suggestions[0] == "march+1*"
    with pytest.raises(UnknownName, match=r"^There is no area called 'narnia'\.$") as refused:
        parse_action("raid narnia -> none")  # nothing close: no suggestion
    assert refused.value.suggestions == ()


@pytest.mark.parametrize(
    ("text", "what", "wrong", "expected"),
    [
        ("march Desembarco del Rey -> Bosque Reel 2 soldados", "areas", "Bosque Reel", "kingswood"),
        (
            "march Desembarco del Rey -> Bosque Real 2 torres de asedioo",
            "units",
            "torres de asedioo",
            "siege",
        ),
        ("orders Desembarco del Rey=Avanse +1 Invernalía=raid", "orders", "Avanse +1", "march+1*"),
        ("orders Desembarco del Rey=Avance +1 Nido de Agilas=raid", "areas", "Nido de Agilas", "the-eyrie"),
        ("muster Desembarco del Reyy soldado", "areas", "Desembarco del Reyy", "kings-landing"),
        ("rank Casa Strak Lannister", "houses", "Casa Strak", "stark"),
        ("raven swap Nido de Águilas Avance +1 (espexial)", "orders", "Avance +1 (espexial)", "march+1*"),
    ],
)
def test_the_refused_words_are_those_of_the_name(text, what, wrong, expected):
    """Where names of several words follow each other, the error quotes the words that name nothing."""
    with pytest.raises(UnknownName) as refused:
        parse_action(text)
    assert (refused.value.what, refused.value.text) == (what, wrong)
    assert refused.value.suggestions[0] == expected


def test_the_shipped_names_do_not_clash_across_languages():
    """A key naming two ids in two languages would be read as neither (or as the one that is the key)."""
    clashes = {names.what: dict(names.clashes) for names in VOCABULARIES if names.clashes}
    assert clashes == {}


def test_a_clash_is_settled_by_an_exact_id_and_otherwise_reported():
    names = vocabulary(
        "areas",
        "area",
        "There is no area called {text}.",
        {"rome": "Rome", "milan": "Milan", "turin": "Turin"},
        [("milan", "Roma"), ("turin", "Roma"), ("milan", "Rome"), ("turin", "Turino")],
    )
    assert names.clashes == {"roma": ("milan", "turin"), "rome": ("milan", "rome")}
    assert names.read("ROME") == "rome"  # the id itself wins
    assert names.find("Roma") is None
    with pytest.raises(UnknownName, match="names more than one area in different languages") as refused:
        names.read("Róma")
    assert refused.value.ambiguous and refused.value.suggestions == ("milan", "turin")
    assert "write its id (milan or turin)" in str(refused.value)


# --- keys: folding, and every name back to its id -------------------------------------------------------


@settings(max_examples=500, deadline=None)
@given(st.text())
def test_a_key_is_a_fixed_point(text):
    assert key(key(text)) == key(text)
    assert fold(fold(text)) == fold(text)


def reference_key(text: str) -> str:
    """``key`` as its docstring defines it, the long way for every text."""
    hyphenated = re.sub(r"[\s_-]+", "-", fold(text).replace("'", ""))
    return re.sub(r"-?([+*()])-?", r"\1", hyphenated)


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.text(st.characters(max_codepoint=127)), st.text()))
def test_the_ascii_shortcut_folds_as_fold_does(text):
    assert key(text) == reference_key(text)


NAMED = [
    (names, item, spelling)
    for names in (AREAS, HOUSES, TOKENS, UNITS, CARDS)
    for code in ("en", *LOCALIZED)
    for item in NAMES[code].names[names.what]
    for spelling in spellings(code, names.what, item)
]


@settings(max_examples=1000, deadline=None)
@given(st.sampled_from(NAMED), st.randoms(use_true_random=False))
def test_every_name_reads_as_its_id_whatever_the_case_and_accents(named, rng):
    names, item, spelling = named
    changed = "".join(c.upper() if rng.random() < 0.5 else c.lower() for c in spelling)
    if rng.random() < 0.5:
        changed = strip_accents(changed)
    assert names.read(spelling) == item
    assert names.read(changed) == item, changed
    assert names.read(item) == item


AREA_NAMES = [(area, spelling) for (names, area, spelling) in NAMED if names is AREAS]
TOKEN_NAMES = [(token, spelling) for (names, token, spelling) in NAMED if names is TOKENS]
SEPARATOR = st.sampled_from([" ", "  ", "-", "_", "\t"])


def rejoin(spelling: str, separators: list[str]) -> str:
    """``spelling`` with its words joined by ``separators`` (spaces, hyphens, underscores) in turn."""
    words = spelling.split()
    return words[0] + "".join(
        sep + word for sep, word in zip(separators * len(words), words[1:], strict=False)
    )


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(AREA_NAMES), st.sampled_from(TOKEN_NAMES), st.lists(SEPARATOR, min_size=1, max_size=3))
def test_a_name_reads_in_a_line_whatever_joins_its_words(area_name, token_name, separators):
    """Between other words, names are found word by word: a name written with hyphens or underscores for
    its spaces is still found, wherever the line has to tell it from what follows."""
    (area, area_text), (token, token_text) = area_name, token_name
    area_text, token_text = rejoin(area_text, separators), rejoin(token_text, separators)
    assert parse_action(f"march pyke -> {area_text} 2 footmen") == parse_action(
        f"march pyke -> {area} 2 footmen"
    )
    other = "pyke" if area != "pyke" else "winterfell"
    assert parse_action(f"orders {area_text}={token_text} {other}=raid") == parse_action(
        f"orders {area}={token} {other}=raid"
    )
    assert parse_action(f"raven swap {area_text} {token_text}") == parse_action(f"raven swap {area} {token}")


def test_every_id_reads_as_itself():
    for names in VOCABULARIES:
        for item in names.labels:
            assert names.read(item) == item


# --- what did not change ----------------------------------------------------------------------------------


def test_the_options_of_decisions_read_as_themselves():
    """``choose`` reads a track or a house by any name; every option the game offers stays as it is."""
    for option in (*OPTIONS, "units", "tracks", *FACTS.houses, "0", "3"):
        assert parse_action(f"choose {option}") == Choose(option)


def test_a_localized_orders_line_for_fifteen_areas_fits_in_a_line():
    """The longest names in each language, with the tokens' full names, stay under MAX_LINE."""
    for code in LOCALIZED:
        areas = sorted(AREA_IDS, key=lambda area: len(NAMES[code].name("areas", area)), reverse=True)[:15]
        token = max(TOKEN_IDS, key=lambda token: len(NAMES[code].name("orders", token)))
        line = "stark: orders " + " ".join(
            f"{NAMES[code].name('areas', area)}={NAMES[code].name('orders', token)}" for area in areas
        )
        assert len(line) < MAX_LINE
        started = time.perf_counter()
        assert parse_line(line) == parse_line(f"stark: orders {' '.join(f'{a}={token}' for a in areas)}")
        assert time.perf_counter() - started < 0.1
