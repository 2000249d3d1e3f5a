"""The names of the game in English, Spanish, Portuguese and Italian: complete, unambiguous for the notation,
each with its source; the loader refuses broken name files with a message naming the file and the entry."""

from __future__ import annotations

import copy
import functools
import importlib.resources
import re
import tomllib
from collections.abc import Callable
from typing import Any

import pytest

from data import thrones
from data import thrones_names as names_module
from data.thrones import DataError, ThronesData
from data.thrones_names import CATEGORIES, DERIVED, LANGUAGES, Named, Names, expected_ids, fold

Docs = dict[str, dict[str, Any]]

# The source forms docs/names.md allows, written out again here so that the test does not trust the loader.
SOURCE_FORMS = {
    "rulebook": re.compile(r"rulebook-(es|pt|it)(: \S.*)?"),
    "official list": re.compile(r"official list: https?://\S+"),
    "translation": re.compile(r"translation"),
    "unchanged": re.compile(r"unchanged"),
    "project": re.compile(r"project"),  # English only: the English Maester already shows
    "data": re.compile(r"data: [a-z_]+\.toml"),  # English only: derived from data/thrones/*.toml
}


@pytest.fixture(scope="module")
def facts() -> ThronesData:
    return thrones.load()


@pytest.fixture(scope="module")
def names() -> Names:
    return names_module.load()


@functools.cache
def _shipped() -> Docs:
    folder = importlib.resources.files("data") / "thrones" / "names"
    return {code: tomllib.loads((folder / f"{code}.toml").read_text("utf-8")) for code in LANGUAGES}


def docs() -> Docs:
    """A fresh, mutable copy of the shipped name files, for feeding broken variants to parse()."""
    return copy.deepcopy(_shipped())


def _source_kind(source: str) -> str | None:
    return next((kind for kind, form in SOURCE_FORMS.items() if form.fullmatch(source)), None)


# --- the shipped names ------------------------------------------------------------------------------------


def test_load_is_cached_and_parse_agrees(names: Names, facts: ThronesData) -> None:
    assert names_module.load() is names
    assert names_module.parse(docs(), facts) == names


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_id_of_every_category_is_named(names: Names, facts: ThronesData, code: str) -> None:
    expected = expected_ids(facts)
    assert set(names[code].names) == set(CATEGORIES)
    for category in CATEGORIES:
        assert tuple(names[code].names[category]) == expected[category], category


def test_the_categories_cover_the_game(facts: ThronesData) -> None:
    expected = expected_ids(facts)
    assert len(expected["areas"]) == 58
    assert len(expected["houses"]) == 6
    assert len(expected["orders"]) == 11  # each token type and its star variant
    assert set(expected["tracks"]) == {"throne", "fiefdoms", "court"}
    assert set(expected["units"]) == {"footman", "knight", "ship", "siege"}
    assert {"westeros", "planning", "action"} <= set(expected["phases"])
    assert len(expected["house_cards"]) == 42
    assert len(expected["westeros_cards"]) == 15  # 30 cards, 15 different ones
    assert len(expected["wildling_cards"]) == 9
    assert len(expected["tides_of_battle"]) == 6  # 24 cards of 6 kinds
    required_terms = {
        "power-token", "supply", "castle", "stronghold", "port", "valyrian-steel-blade", "messenger-raven",
        "iron-throne-token", "wildling-threat", "special-order", "garrison", "neutral-force",
    }  # fmt: skip
    assert required_terms <= set(expected["terms"])


def test_english_comes_from_the_game_data(names: Names, facts: ThronesData) -> None:
    english = names["en"]
    assert english.name("areas", "the-eyrie") == facts.areas["the-eyrie"].name
    for category, stem in DERIVED.items():
        for entry in english.names[category].values():
            assert entry.source == f"data: {stem}.toml"
    derived = {
        "areas": facts.areas,
        "houses": facts.houses,
        "orders": facts.order_tokens,
        "house_cards": facts.house_cards,
        "westeros_cards": facts.westeros_cards,
        "wildling_cards": facts.wildling_cards,
    }
    for category, things in derived.items():
        assert {i: e.name for i, e in english.names[category].items()} == {
            i: t.name for i, t in things.items()
        }


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_empty_names(names: Names, code: str) -> None:
    for category, entries in names[code].names.items():
        for item, entry in entries.items():
            for text in (entry.name, *entry.aliases, entry.plural or "x"):
                assert text.strip() == text and text, f"{code} {category} {item}: {text!r}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_names_are_unambiguous_once_folded(names: Names, code: str) -> None:
    """The notation accepts names without accents and in any case: within a category, no two ids may fold
    alike, counting aliases and the forms with and without the article."""
    for category, entries in names[code].names.items():
        owner: dict[str, str] = {}
        for item, entry in entries.items():
            for spelling in entry.spellings:
                folded = fold(spelling)
                assert owner.setdefault(folded, item) == item, (
                    f"{code} {category}: {spelling!r} names both {owner[folded]} and {item}"
                )


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_source_is_given_in_an_allowed_form(names: Names, code: str) -> None:
    for category, entries in names[code].names.items():
        for item, entry in entries.items():
            kind = _source_kind(entry.source)
            assert kind is not None, f"{code} {category} {item}: source {entry.source!r}"
            if code == "en":
                assert kind in ("project", "data"), f"{category} {item}: {entry.source!r}"
            else:
                assert kind not in ("project", "data"), f"{code} {category} {item}: {entry.source!r}"
            if kind == "rulebook":
                assert entry.source.startswith(f"rulebook-{code}"), f"{code} {category} {item}: another book"
            if kind == "unchanged":
                assert entry.name == names["en"].name(category, item), f"{code} {category} {item}"


def test_sentences_have_what_they_need(names: Names) -> None:
    for code in LANGUAGES:
        for item, unit in names[code].names["units"].items():
            assert unit.plural, f"{code} units {item}"
    for code in LANGUAGES[1:]:
        for item, area in names[code].names["areas"].items():
            assert area.gender in ("m", "f"), f"{code} areas {item}"


def test_the_spanish_rulebook_names_carry_over(names: Names) -> None:
    """The Spanish names the rulebook's examples use (collected in the reference notes, section 1.9)."""
    spanish = {
        "winterfell": "Invernalía",
        "riverrun": "Aguasdulces",
        "seagard": "Varamar",
        "the-twins": "Los Gemelos",
        "stoney-sept": "Septo de Piedra",
        "the-reach": "El Dominio",
        "blackwater": "Aguasnegras",
        "kings-landing": "Desembarco del Rey",
        "kingswood": "Bosque Real",
        "storms-end": "Bastión de Tormentas",
        "the-boneway": "Sendahueso",
        "dragonstone": "Rocadragón",
        "the-arbor": "El Rejo",
        "highgarden": "Altojardín",
        "dornish-marches": "Marcas de Dorne",
        "searoad-marches": "Marcas del Camino del Mar",
        "sunspear": "Lanza del Sol",
        "yronwood": "Palosanto",
        "the-golden-sound": "Bahía Dorada",
        "sunset-sea": "Mar del Ocaso",
        "redwyne-straits": "Estrechos Redwyne",
        "west-summer-sea": "Mar del Verano Occidental",
        "east-summer-sea": "Mar del Verano Oriental",
        "sea-of-dorne": "Mar de Dorne",
        "harrenhal": "Harrenhal",
        "lannisport": "Lannisport",
        "pyke": "Pyke",
    }
    for item, name in spanish.items():
        entry = names["es"].names["areas"][item]
        assert entry.name == name
        assert entry.source.startswith("rulebook-es"), item


def test_the_westeros_cards_are_the_printed_ones(names: Names) -> None:
    """Every edition's rulebook closes with a reference of the Westeros cards: all fifteen come from it."""
    for code in LANGUAGES[1:]:
        for item, card in names[code].names["westeros_cards"].items():
            assert card.source.startswith(f"rulebook-{code}"), f"{code} {item}"
    assert names["es"].name("westeros_cards", "clash-of-kings") == "Choque de Reyes"
    assert names["pt"].name("westeros_cards", "clash-of-kings") == "Fúria dos Reis"
    assert names["it"].name("westeros_cards", "clash-of-kings") == "Lo Scontro dei Re"


@pytest.mark.parametrize(
    ("code", "item", "phrase"),
    [
        ("en", "the-eyrie", "in The Eyrie"),
        ("es", "the-eyrie", "en el Nido de Águilas"),
        ("es", "winterfell", "en Invernalía"),
        ("es", "the-reach", "en el Dominio"),
        ("es", "the-twins", "en los Gemelos"),
        ("pt", "the-eyrie", "no Ninho da Águia"),
        ("pt", "the-reach", "na Campina"),
        ("pt", "the-twins", "nas Gêmeas"),
        ("pt", "winterfell", "em Winterfell"),
        ("it", "the-reach", "nell'Altopiano"),
        ("it", "the-golden-sound", "nello Stretto Dorato"),
        ("it", "the-twins", "nelle Torri Gemelle"),
        ("it", "winterfell", "a Grande Inverno"),
        ("it", "harrenhal", "ad Harrenhal"),
        ("it", "port-of-sunspear", "nel Porto di Lancia del Sole"),
    ],
)
def test_in_phrase(names: Names, code: str, item: str, phrase: str) -> None:
    assert names[code].in_phrase("areas", item) == phrase


@pytest.mark.parametrize(
    ("code", "category", "item", "spec", "phrase"),
    [
        ("es", "areas", "winterfell", "", "Invernalía"),
        ("es", "areas", "the-eyrie", "the", "el Nido de Águilas"),
        ("es", "areas", "the-eyrie", "of", "del Nido de Águilas"),
        ("es", "areas", "the-reach", "to", "al Dominio"),
        ("es", "houses", "stark", "The", "La Casa Stark"),
        ("pt", "houses", "stark", "of", "da Casa Stark"),
        ("pt", "areas", "the-twins", "to", "às Gêmeas"),
        ("it", "areas", "the-reach", "from", "dall'Altopiano"),
        ("it", "areas", "harrenhal", "to", "ad Harrenhal"),
        ("it", "tracks", "throne", "of", "del Trono di Spade"),
        ("it", "houses", "stark", "The", "Casa Stark"),
        ("en", "areas", "winterfell", "from", "from Winterfell"),
        ("en", "houses", "stark", "the", "House Stark"),
    ],
)
def test_a_name_takes_the_form_its_sentence_asks_for(
    code: str, category: str, item: str, spec: str, phrase: str
) -> None:
    """A message's field may ask for a name with its article or after a preposition ("{area:of}")."""
    assert format(Named(category, item).said_in(code), spec) == phrase
    with pytest.raises(ValueError, match="no form 'near'"):
        format(Named(category, item).said_in(code), "near")


def test_a_message_puts_its_names_in_their_forms() -> None:
    template = "{house:The} recua {area:from} para {port:the}."
    said = template.format(
        house=Named("houses", "lannister").said_in("pt"),
        area=Named("areas", "the-eyrie").said_in("pt"),
        port=Named("areas", "port-of-winterfell").said_in("pt"),
    )
    assert said == "A Casa Lannister recua do Ninho da Águia para o Porto de Winterfell."


@pytest.mark.parametrize(
    ("code", "category", "text", "item"),
    [
        ("es", "areas", "nido de aguilas", "the-eyrie"),
        ("es", "areas", "EL NIDO DE ÁGUILAS", "the-eyrie"),
        ("es", "areas", "Dominio", "the-reach"),
        ("es", "areas", "invernalia", "winterfell"),
        ("pt", "areas", "lancassolar", "sunspear"),
        ("it", "areas", "l'altopiano", "the-reach"),
        ("it", "areas", "L\u2019Altopiano", "the-reach"),
        ("es", "houses", "stark", "stark"),
        ("es", "orders", "orden especial de avance", "march+1*"),
        ("pt", "orders", "marcha +1", "march+1*"),
        ("it", "house_cards", "il mastino", "the-hound"),
        ("en", "houses", "Stark", "stark"),
        ("en", "orders", "march +1", "march+1*"),
        ("es", "areas", "Atlántida", None),
    ],
)
def test_lookup(names: Names, code: str, category: str, text: str, item: str | None) -> None:
    assert names[code].lookup(category, text) == item


def test_fold() -> None:
    assert fold("  El  Nido de ÁGUILAS ") == "el nido de aguilas"
    assert fold("L\u2019Altopiano") == fold("l'altopiano")
    assert fold("Lançasolar") == "lancasolar"


# --- broken name files are refused ------------------------------------------------------------------------


def _unknown_id(d: Docs) -> None:
    d["es"]["areas"]["hardhome"] = dict(d["es"]["areas"]["karhold"])


def _missing_entry(d: Docs) -> None:
    del d["pt"]["house_cards"]["the-blackfish"]


def _empty_name(d: Docs) -> None:
    d["es"]["areas"]["winterfell"]["name"] = " "


def _missing_source(d: Docs) -> None:
    del d["it"]["tracks"]["court"]["source"]


def _bad_source(d: Docs) -> None:
    d["it"]["units"]["ship"]["source"] = "a friend"


def _other_rulebook(d: Docs) -> None:
    d["pt"]["units"]["ship"]["source"] = "rulebook-es: LISTA DE COMPONENTES"


def _unchanged_but_changed(d: Docs) -> None:
    d["es"]["house_cards"]["robb-stark"]["name"] = "Roberto Stark"


def _folded_duplicate(d: Docs) -> None:
    d["es"]["areas"]["karhold"]["name"] = "INVERNALIA"


def _alias_clash(d: Docs) -> None:
    d["it"]["house_cards"]["darkstar"]["aliases"] = ["Il Mastino"]


def _redundant_alias(d: Docs) -> None:
    d["es"]["areas"]["the-eyrie"]["aliases"] = ["el nido de aguilas"]


def _article_disagrees(d: Docs) -> None:
    d["es"]["areas"]["the-eyrie"]["article"] = "la"


def _unknown_article(d: Docs) -> None:
    d["pt"]["areas"]["the-eyrie"]["article"] = "el"


def _leading_article_unsaid(d: Docs) -> None:
    del d["es"]["areas"]["the-twins"]["article"]


def _area_without_gender(d: Docs) -> None:
    del d["it"]["areas"]["karhold"]["gender"]


def _unit_without_plural(d: Docs) -> None:
    del d["en"]["units"]["knight"]["plural"]


def _typo_field(d: Docs) -> None:
    d["es"]["terms"]["castle"]["plurall"] = "Castillos"


def _english_renames_data(d: Docs) -> None:
    d["en"]["areas"] = {"winterfell": {"name": "Winterfell Castle", "source": "project"}}


def _missing_language(d: Docs) -> None:
    del d["it"]


def _missing_category(d: Docs) -> None:
    del d["pt"]["terms"]


BROKEN: list[tuple[Callable[[Docs], None], str]] = [
    (_unknown_id, r"names/es\.toml \[areas\]: unknown id\(s\) hardhome"),
    (_missing_entry, r"names/pt\.toml \[house_cards\]: missing entry for 'the-blackfish'"),
    (_empty_name, r"names/es\.toml \[areas\.winterfell\]: 'name' is empty"),
    (_missing_source, r"names/it\.toml \[tracks\.court\]: missing field\(s\) source"),
    (_bad_source, r"names/it\.toml \[units\.ship\]: 'source' 'a friend' is none of the allowed forms"),
    (_other_rulebook, r"names/pt\.toml \[units\.ship\]: 'source' .* another language's rulebook"),
    (_unchanged_but_changed, r"names/es\.toml \[house_cards\.robb-stark\]: 'source' is 'unchanged' but"),
    (
        _folded_duplicate,
        r"names/es\.toml \[areas\]: 'Invernalía' \(winterfell\) and 'INVERNALIA' \(karhold\)",
    ),
    (
        _alias_clash,
        r"names/it\.toml \[house_cards\]: 'Il Mastino' \(darkstar\) and 'Il Mastino' \(the-hound\)",
    ),
    (
        _redundant_alias,
        r"names/es\.toml \[areas\.the-eyrie\]: alias 'el nido de aguilas' is already accepted",
    ),
    (_article_disagrees, r"names/es\.toml \[areas\.the-eyrie\]: 'article' 'la' does not agree with 'gender'"),
    (_unknown_article, r"names/pt\.toml \[areas\.the-eyrie\]: 'article' 'el' is not a definite article"),
    (_leading_article_unsaid, r"names/es\.toml \[areas\.the-twins\]: the name 'Los Gemelos' begins with"),
    (_area_without_gender, r"names/it\.toml \[areas\.karhold\]: 'gender' is required for areas"),
    (_unit_without_plural, r"names/en\.toml \[units\.knight\]: 'plural' is required for units"),
    (_typo_field, r"names/es\.toml \[terms\.castle\]: unknown field\(s\) plurall"),
    (_english_renames_data, r"names/en\.toml \[areas\.winterfell\]: unknown field\(s\) name, source"),
    (_missing_language, r"names/it\.toml: missing"),
    (_missing_category, r"names/pt\.toml: missing field\(s\) terms"),
]


@pytest.mark.parametrize(("breakage", "message"), BROKEN, ids=[b.__name__.strip("_") for b, _ in BROKEN])
def test_broken_names_are_refused(breakage: Callable[[Docs], None], message: str, facts: ThronesData) -> None:
    broken = docs()
    breakage(broken)
    with pytest.raises(DataError, match=message):
        names_module.parse(broken, facts)
