"""The slash commands as Discord receives them from the bot's sync: every command, subcommand, option and
choice named and described in Spanish (es-ES and es-419), Portuguese (pt-BR) and Italian (it), within
Discord's rules, and no two siblings with the same name in any locale.

A string without a translation is named with the command it belongs to, so that whoever adds a command
knows what to translate: run ``python -m i18n update``, then fill in the new entries of
``i18n/locales/{es,pt,it}/LC_MESSAGES/maester.po`` (docs/translating.md)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import discord
import pytest

from cogs.translator import CommandTranslator, problem
from i18n import DISCORD_LOCALES, translator
from i18n.catalogues import ROOT

Json = dict[str, Any]
SUBCOMMANDS = (
    discord.AppCommandOptionType.subcommand.value,
    discord.AppCommandOptionType.subcommand_group.value,
)


@pytest.fixture(scope="module")
def synced() -> list[Json]:
    """The commands as the bot syncs them, loaded as it loads them, with its translator: from
    ``python -m i18n commands``, in a process of its own, which knows only the games Maester ships (the
    tests register a game of their own, whose deadlines would change /game create's description)."""
    done = subprocess.run(
        [sys.executable, "-m", "i18n", "commands"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    commands: list[Json] = json.loads(done.stdout)
    return commands


def _walk(commands: list[Json], path: str = "") -> Iterator[tuple[str, str, Json]]:
    """(where, kind, item) for every command, subcommand, option and choice: kind is "command",
    "option" or "choice"."""
    for command in commands:
        where = f"{path} {command['name']}".strip()
        yield f"/{where}", "command", command
        options = command.get("options") or []
        if any(o["type"] in SUBCOMMANDS for o in options):
            yield from _walk(options, where)
            continue
        for option in options:
            yield f"/{where}, option {option['name']}", "option", option
            for choice in option.get("choices") or []:
                yield f"/{where}, option {option['name']}, choice {choice['name']!r}", "choice", choice


def _why_not(context: str, text: str, language: str) -> str:
    """Why Discord got no translation: the catalogue has none, or its translation breaks Discord's rules."""
    found = translator(language).lookup(context, text)
    if found is None:
        return f"no {language} translation of [{context}] {text!r}"
    return f"the {language} translation of [{context}] {text!r} is refused: {problem(context, found)}"


def test_every_command_option_and_choice_has_each_language(synced: list[Json]) -> None:
    missing = []
    for where, kind, item in _walk(synced):
        fields = ["name"] if kind == "choice" else ["name", "description"]
        for field in fields:
            context = {"command": "command", "option": "option", "choice": "choice"}[kind] + (
                " name" if field == "name" else " description"
            )
            localized = item.get(f"{field}_localizations") or {}
            for locale, language in DISCORD_LOCALES.items():
                if locale not in localized:
                    missing.append(f"{where} ({locale}): {_why_not(context, item[field], language)}")
    assert not missing, "Strings Discord gets no translation of:\n" + "\n".join(dict.fromkeys(missing))


def test_localizations_follow_discords_rules(synced: list[Json]) -> None:
    wrong = []
    for where, kind, item in _walk(synced):
        for locale, text in (item.get("name_localizations") or {}).items():
            refused = problem(f"{kind} name", text)
            if refused:
                wrong.append(f"{where} ({locale}): {refused}")
        for locale, text in (item.get("description_localizations") or {}).items():
            refused = problem(f"{kind} description", text)
            if refused:
                wrong.append(f"{where} ({locale}): {refused}")
    assert not wrong, "\n".join(wrong)


def _siblings(commands: list[Json], path: str = "") -> Iterator[tuple[str, list[Json]]]:
    """Every list of items that share a parent: the top-level commands, each command's options (or
    subcommands), each option's choices."""
    yield path or "/", commands
    for command in commands:
        where = f"{path} {command['name']}".strip()
        options = command.get("options") or []
        if any(o["type"] in SUBCOMMANDS for o in options):
            yield from _siblings(options, where)
            continue
        yield f"/{where}", options
        for option in options:
            if option.get("choices"):
                yield f"/{where}, option {option['name']}", option["choices"]


def test_names_are_unique_among_siblings_in_every_locale(synced: list[Json]) -> None:
    clashes = []
    for where, items in _siblings(synced):
        for locale in DISCORD_LOCALES:
            names = [(item.get("name_localizations") or {}).get(locale, item["name"]) for item in items]
            twice = sorted({name for name in names if names.count(name) > 1})
            if twice:
                clashes.append(f"{where} ({locale}): {', '.join(twice)} more than once")
    assert not clashes, "\n".join(clashes)


def test_commands_named_in_descriptions_exist_in_that_locale(synced: list[Json]) -> None:
    """A translated description that names a command ("/moderar exportar") names it as that locale's
    readers see it."""
    localized: dict[str, set[str]] = {locale: set() for locale in DISCORD_LOCALES}
    for _where, kind, item in _walk(synced):
        if kind != "command":
            continue
        for locale in DISCORD_LOCALES:
            names = item.get("name_localizations") or {}
            localized[locale].add(names.get(locale, item["name"]))
    wrong = []
    for where, _kind, item in _walk(synced):
        for locale, text in (item.get("description_localizations") or {}).items():
            for mention in re.findall(r"/([\w-]+(?: [\w-]+)?)", text):
                unknown = [word for word in mention.split() if word not in localized[locale]]
                if unknown:
                    wrong.append(f"{where} ({locale}): /{mention} is not a command there")
    assert not wrong, "\n".join(wrong)


def test_the_names_of_a_few_commands(synced: list[Json]) -> None:
    game = next(c for c in synced if c["name"] == "game")
    assert game["name_localizations"]["es-ES"] == "partida" == game["name_localizations"]["es-419"]
    create = next(o for o in game["options"] if o["name"] == "create")
    assert create["name_localizations"] == {
        "es-ES": "crear",
        "es-419": "crear",
        "pt-BR": "criar",
        "it": "crea",
    }
    players = next(o for o in create["options"] if o["name"] == "players")
    assert players["name_localizations"]["pt-BR"] == "jogadores"
    # "game" is which board game to play in /game create, a game's number elsewhere: two words in Spanish
    which = next(o for o in create["options"] if o["name"] == "game")
    join = next(o for o in game["options"] if o["name"] == "join")
    number = next(o for o in join["options"] if o["name"] == "game")
    assert (which["name_localizations"]["es-ES"], number["name_localizations"]["es-ES"]) == (
        "juego",
        "partida",
    )
    assert "en-US" not in game["name_localizations"]  # English is the name itself


@pytest.mark.parametrize(
    ("context", "text", "why"),
    [
        ("command name", "Partida", "lower case"),
        ("option name", "sin respuesta", "only letters, digits"),
        ("command name", "a" * 33, "1 to 32"),
        ("option name", "", "1 to 32"),
        ("command description", "x" * 101, "1 to 100"),
        ("choice name", "", "1 to 100"),
    ],
)
def test_names_discord_would_refuse(context: str, text: str, why: str) -> None:
    assert why in (problem(context, text) or "")


def test_names_discord_takes() -> None:
    for name in ("crear", "añadir-ia", "fin_diplomacia", "situação", "crônica", "continente-occidentale"):
        assert problem("command name", name) is None


async def test_a_refused_translation_is_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """A translation Discord would refuse would fail the whole sync: Discord shows the English instead."""
    spanish = translator("es")
    monkeypatch.setattr(type(spanish), "lookup", lambda self, context, text: "Crear Partida")
    context = discord.app_commands.TranslationContext(
        discord.app_commands.TranslationContextLocation.command_name, None
    )
    text = discord.app_commands.locale_str("create")
    assert await CommandTranslator().translate(text, discord.Locale.spain_spanish, context) is None
    assert await CommandTranslator().translate(text, discord.Locale.american_english, context) is None
