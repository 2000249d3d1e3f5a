"""The catalogues: every message Maester says (its code's gettext calls, its slash commands, the names it
takes from data) is in the English, Spanish, Portuguese and Italian catalogues, translated in the last three,
with the English text's format fields; and the tools that keep them so."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import i18n
from data import thrones_names
from i18n import catalogues, language_of, translator
from i18n.catalogues import KEYWORDS, ROOT, SOURCE_PACKAGES, Entry, problems, source_entries, update


def test_every_message_is_in_every_language() -> None:
    """``python -m i18n check``, as a translator runs it: in a process of its own, which knows only the
    games Maester ships (the tests register a game of their own)."""
    done = subprocess.run(
        [sys.executable, "-m", "i18n", "check"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, "The catalogues (docs/translating.md):\n" + done.stdout + done.stderr


def test_the_messages_and_the_names_are_in_the_same_languages() -> None:
    assert i18n.LANGUAGES == thrones_names.LANGUAGES


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("es-ES", "es"),
        ("es-419", "es"),
        ("pt-BR", "pt"),
        ("it", "it"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("fr", "en"),
        (None, "en"),
    ],
)
def test_discord_locales_read_as_languages(locale: str | None, language: str) -> None:
    assert language_of(locale) == language


def test_a_translator_formats_chooses_plurals_and_tells_contexts_apart() -> None:
    spanish = translator("es")
    assert (
        spanish.ngettext("{count}-player game", "{count}-player game", 1, count=1) == "Partida de 1 jugador"
    )
    assert (
        spanish.ngettext("{count}-player game", "{count}-player game", 4, count=4) == "Partida de 4 jugadores"
    )
    assert spanish.pgettext("command name", "game") == "partida"
    assert spanish.pgettext("option name", "players") == "jugadores"
    assert spanish.command("game join") == "/partida unirse"
    assert spanish.language_name("pt") == "portugués"
    assert translator("it").command("mod addai") == "/modera aggiungi-ia"
    assert translator("en").command("game join") == "/game join"


def test_english_is_the_text_itself_and_a_missing_message_is_said_in_english() -> None:
    english, italian = translator("en"), translator("it")
    assert english.gettext("no {option}", option="Tides of Battle") == "no Tides of Battle"
    assert italian.gettext("A message nobody wrote, {name}", name="Ada") == "A message nobody wrote, Ada"
    assert italian.lookup(None, "A message nobody wrote, {name}") is None
    assert english.lookup("command name", "game") is None  # English has no translations, only its text


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The catalogues in a folder of the test's own, for the tools to write (the compiled ones are read
    again afterwards)."""

    def po_path(language: str) -> Path:
        return tmp_path / language / "LC_MESSAGES" / "maester.po"

    monkeypatch.setattr(catalogues, "po_path", po_path)
    monkeypatch.setattr(i18n, "po_path", po_path)
    i18n.catalogue.cache_clear()
    i18n.translator.cache_clear()
    yield tmp_path
    i18n.catalogue.cache_clear()
    i18n.translator.cache_clear()


def _translate(path: Path, english: str, translated: str) -> None:
    text = path.read_text(encoding="utf-8")
    entry = f'msgid "{english}"\nmsgstr ""'
    assert entry in text
    path.write_text(text.replace(entry, f'msgid "{english}"\nmsgstr "{translated}"'), encoding="utf-8")


def test_the_tools_add_translate_and_mark_changes(scratch: Path) -> None:
    first = [Entry("Hello, {name}", locations=("cogs/x.py",)), Entry("create", "command name")]
    assert len(update(first)) == 4  # every language's file is made
    assert update(first) == []  # and made again, it is the same
    assert sorted(problems(first)) == sorted(
        f"{language}: not translated {what}"
        for language in ("es", "pt", "it")
        for what in ("'Hello, {name}'", "[command name] 'create'")
    )
    for language, hello, create in (("es", "Hola, {name}", "crear"), ("pt", "Olá, {nome}", "criar")):
        path = scratch / language / "LC_MESSAGES" / "maester.po"
        _translate(path, "Hello, {name}", hello)
        _translate(path, "create", create)
    found = list(problems(first))
    assert "pt: 'Hello, {name}' has fields ['nome'], the English ['name']" in found
    assert not [line for line in found if line.startswith("es")]
    assert translator("es").gettext("Hello, {name}", name="Ada") == "Hola, Ada"

    # The English text changes: the old translation is kept as a guess, fuzzy, and not shown.
    second = [Entry("Hello there, {name}"), Entry("create", "command name")]
    update(second)
    found = list(problems(second))
    assert "es: fuzzy 'Hello there, {name}'" in found
    assert not any("'Hello, {name}'" in line for line in found)  # dropped with the code that said it
    i18n.catalogue.cache_clear()
    i18n.translator.cache_clear()
    assert translator("es").gettext("Hello there, {name}", name="Ada") == "Hello there, Ada"
    assert translator("es").lookup(None, "Hello there, {name}") is None
    assert translator("es").pgettext("command name", "create") == "crear"


def test_a_message_left_in_a_catalogue_and_a_malformed_one_are_named(scratch: Path) -> None:
    update([Entry("{count} houses")])
    path = scratch / "it" / "LC_MESSAGES" / "maester.po"
    _translate(path, "{count} houses", "{count case")
    assert "it: '{count} houses' is not a valid format template" in "\n".join(
        problems([Entry("{count} houses")])
    )
    assert "is no longer in the code" in "\n".join(problems([Entry("Something else")]))


def test_a_message_said_later_is_said_in_each_readers_language_with_its_names_too() -> None:
    from data.thrones_names import Named
    from i18n import nsaid, said
    from table.errors import TableError

    message = said("no {option}", option="Tides of Battle")
    assert str(message) == "no Tides of Battle"
    assert message.said_in("es") == translator("es").gettext("no {option}", option="Tides of Battle")
    assert nsaid("{count}-player game", "{count}-player game", 4).said_in("es") == "Partida de 4 jugadores"
    named = Named("areas", "the-reach")
    assert named.said_in("en") == "The Reach"
    assert named.said_in("es") != named.said_in("en")
    assert translator("es").gettext("no {option}", option=named).endswith(named.said_in("es"))
    refusal = TableError("no {option}", option=named)
    assert str(refusal) == "no The Reach"
    assert refusal.said_in("es") == translator("es").gettext("no {option}", option=named)
    # A refusal without fields is never formatted: a person's text in it may hold braces.
    assert str(TableError("No game is called '{x}'.")) == "No game is called '{x}'."


def test_the_tables_refusals_are_in_the_catalogues_so_each_language_keeps_their_fields() -> None:
    """A refusal (``TableError("{house} is taken.", house=...)``) is a message the extractor finds like any
    gettext call, from the table and from the cogs: the check above then holds every language to its
    fields."""
    found = {entry.message: entry.locations for entry in source_entries()}
    assert found["{house} is taken."] == ("table/table.py",)
    assert found["There is no open game number {number} in this server."] == ("table/access.py",)
    assert found["The option {name} is given twice."] == ("cogs/new_game.py",)
    assert "{count} seat is still empty." in found  # nsaid(...) inside TableError(...)


def test_the_engines_refusals_are_in_the_catalogues_and_nothing_else_of_the_engine() -> None:
    """The thrones engine's refusals (``IllegalAction(...)``, ``NotationError(...)``, and the messages
    they are given: ``nsaid``, ``psaid("awaited", ...)``) are found in the engine's folders; the battles
    engine, which has no bot yet, is not read, and nothing but refusals comes from the engine."""
    entries = source_entries()
    found = {entry.message: entry for entry in entries}
    assert {e.locations[0] for e in entries if e.message == "{card} is not in your hand."} == {
        "engine/thrones/combat/frame.py",
        "engine/thrones/combat/abilities.py",
        "engine/thrones/wildling_cards.py",
    }
    assert found["A port holds at most {count} ship."].plural == "A port holds at most {count} ships."
    assert found["your bid ('bid N')"].context == "awaited"
    assert "{seat} is not in this game." in found  # the core's, for any game
    engine = [entry for entry in entries if entry.locations[0].startswith("engine/")]
    assert not [entry for entry in engine if entry.locations[0].startswith("engine/battles")]
    refusal = re.compile(r"[A-Z{'].*[.?)]$", re.DOTALL)  # a sentence, or (awaited) a noun phrase
    assert not [e.message for e in engine if e.context != "awaited" and not refusal.fullmatch(e.message)]


def _called(node: ast.expr) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def test_no_message_is_an_fstring_or_glued_from_pieces() -> None:
    """The extractor reads literal texts only: a message written as an f-string, a concatenation or a
    choice between two texts would reach the catalogues in fragments, or not at all (say the fields by
    name, and choose between whole messages)."""
    glued = []
    for package in SOURCE_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call) or _called(node.func) not in KEYWORDS:
                    continue
                for argument in node.args[:2]:
                    if isinstance(argument, ast.JoinedStr | ast.BinOp | ast.IfExp):
                        glued.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert glued == []
