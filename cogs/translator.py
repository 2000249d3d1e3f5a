"""The slash commands in every language Maester speaks, through discord.py's translator.

Commands are declared in English with plain strings; discord.py wraps each name, description and choice in
a ``locale_str`` and, when the tree is synced, asks the tree's translator for it in every Discord locale,
saying where the string sits (a command's name, an option's description...). :class:`CommandTranslator`
answers from the gettext catalogues, with one msgctxt per kind of place (:data:`CONTEXTS`): a command
called "house" and an option called "house", or a name and a description with the same English text, are
then separate entries a translator can word differently.

:func:`command_entries` asks the same questions of a recording translator, so the catalogues list exactly
the strings the sync will ask for (``python -m i18n update`` uses it).

The same English word may mean two things in two commands (``game``: a game's number, or which board game
to play); :func:`meaning` tells them apart with a longer context ("option name: which board game").

A name Discord would refuse (capitals, spaces, more than 32 characters) would make it refuse the whole
sync; such a translation is left out with a warning, and Discord shows the English name.
"""

from __future__ import annotations

import logging
import unicodedata
from dataclasses import replace

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from i18n import DISCORD_LOCALES, translator
from i18n.catalogues import Entry

log = logging.getLogger("maester.translator")

CONTEXTS: dict[Where, str] = {
    Where.group_name: "command name",
    Where.command_name: "command name",
    Where.group_description: "command description",
    Where.command_description: "command description",
    Where.parameter_name: "option name",
    Where.parameter_description: "option description",
    Where.choice_name: "choice name",
}
NAMES = ("command name", "option name")
MAX_NAME, MAX_DESCRIPTION, MAX_CHOICE = 32, 100, 100


def meaning(text: str, what: str) -> app_commands.locale_str:
    """A name or description whose translation depends on what it means here (``what``), for a word that
    means something else elsewhere: ``@app_commands.rename(game=meaning("game", "which board game"))``."""
    return app_commands.locale_str(text, meaning=what)


def context_of(string: app_commands.locale_str, location: Where) -> str | None:
    """The msgctxt of a string in its place: the kind of place, and its meaning where it is given."""
    kind = CONTEXTS.get(location)
    what = string.extras.get("meaning")
    return f"{kind}: {what}" if kind is not None and what else kind


def _name_character(character: str) -> bool:
    """Discord's ``[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]`` for the scripts Maester speaks: letters and
    digits of any script, hyphen and underscore."""
    return character in "-_" or unicodedata.category(character)[0] in "LN"


def problem(context: str, text: str) -> str | None:
    """Why Discord would refuse ``text`` in this context (a name: 1-32 letters, digits, ``-`` or ``_``,
    lower case; a description or a choice: 1-100 characters), or None."""
    if context.startswith(NAMES):
        if not 1 <= len(text) <= MAX_NAME:
            return f"a name has 1 to {MAX_NAME} characters, {text!r} has {len(text)}"
        if not all(map(_name_character, text)):
            return f"a name has only letters, digits, - and _: {text!r}"
        if text != text.lower():
            return f"a name is in lower case: {text!r}"
        return None
    limit = MAX_CHOICE if context.startswith("choice name") else MAX_DESCRIPTION
    if not 1 <= len(text) <= limit:
        return f"a {context} has 1 to {limit} characters, {text!r} has {len(text)}"
    return None


class CommandTranslator(app_commands.Translator):
    """Commands, options and choices in Spanish (es-ES, es-419), Portuguese (pt-BR) and Italian (it);
    other locales, and strings without a translation, show the English declared in the code."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext,
    ) -> str | None:
        language = DISCORD_LOCALES.get(locale.value)
        kind = context_of(string, context.location)
        if language is None or kind is None:
            return None
        text = translator(language).lookup(kind, string.message)
        if text is None:
            return None
        refused = problem(kind, text)
        if refused is not None:
            log.warning(
                "the %s translation of %s %r is left out: %s", language, kind, string.message, refused
            )
            return None
        return text


class _Recorder(app_commands.Translator):
    """Notes every string the tree asks to translate (once, in one locale), with its context and the
    commands it belongs to. discord.py asks for an option's choices right after the option itself."""

    def __init__(self) -> None:
        super().__init__()
        self.entries: dict[tuple[str, str], Entry] = {}
        self._option = ""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext,
    ) -> str | None:
        kind = context_of(string, context.location)
        if locale is not discord.Locale.spain_spanish or kind is None:
            return None
        data = context.data
        if isinstance(data, app_commands.Parameter):
            where = self._option = f"/{data.command.qualified_name}, option {data.name}"
        elif isinstance(data, app_commands.Choice):
            where = f"{self._option}, a choice"
        else:
            where = f"/{data.qualified_name}"
        old = self.entries.get((kind, string.message))
        comments = tuple(dict.fromkeys((*(old.comments if old else ()), where)))
        self.entries[kind, string.message] = Entry(string.message, kind, comments=comments)
        return None


async def command_entries(tree: app_commands.CommandTree[discord.Client]) -> list[Entry]:
    """Every name, description and choice of the tree's commands, as discord.py's sync asks for them."""
    recorder = _Recorder()
    for command in tree.get_commands(type=discord.AppCommandType.chat_input):
        await command.get_translated_payload(tree, recorder)  # type: ignore[union-attr]
    return [_noted(entry) for entry in recorder.entries.values()]


def _noted(entry: Entry, most: int = 3) -> Entry:
    """An entry whose note names a few of the places it is used in, and how many more."""
    if len(entry.comments) <= most:
        return entry
    more = f"and {len(entry.comments) - most} more"
    return replace(entry, comments=(*entry.comments[:most], more))
