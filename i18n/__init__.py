"""The languages Maester speaks: English, Spanish, Portuguese and Italian.

Messages live in gettext catalogues, one ``.po`` file a language under ``i18n/locales/<lang>/LC_MESSAGES/``,
managed with Babel (``python -m i18n update``; docs/translating.md). English is the source language: a
message's id is its English text, and the English catalogue leaves every translation empty, which gettext
reads as "say the id". A message is a :meth:`str.format` template with named fields (``{name}``), so a
translation may put them in any order; a literal brace is doubled.

The ``.po`` files are compiled in memory the first time a language is asked for (Babel reads the ``.po`` and
writes the ``.mo`` into a buffer that :class:`gettext.GNUTranslations` reads): no compiled file can go stale
against its ``.po``, and nothing has to be built before ``make run`` or ``make test``; English, the source,
is read from no file at all. Fuzzy entries (a translation Babel guessed when an English text changed, not
yet checked by a translator) are left out, so the English text shows until a translator confirms it.

This package imports nothing of Discord: the table and the renderer use it as the cogs do.
"""

from __future__ import annotations

import functools
import gettext
import io
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, runtime_checkable

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

__all__ = [
    "AUTONYMS",
    "DISCORD_LOCALES",
    "ENGLISH_NAMES",
    "LANGUAGES",
    "SOURCE_LANGUAGE",
    "Command",
    "Joined",
    "Localized",
    "Said",
    "Translator",
    "catalogue",
    "joined",
    "language_of",
    "nsaid",
    "po_path",
    "psaid",
    "said",
    "say",
    "translator",
]

LANGUAGES: tuple[str, ...] = ("en", "es", "pt", "it")
SOURCE_LANGUAGE = "en"
# Each language by its own name, as a language picker shows them (a reader finds their own).
AUTONYMS: dict[str, str] = {"en": "English", "es": "Español", "pt": "Português", "it": "Italiano"}
# And by its English name: the message id of its name in running text ("te hablo en español").
ENGLISH_NAMES: dict[str, str] = {"en": "English", "es": "Spanish", "pt": "Portuguese", "it": "Italian"}
# Discord's locales (https://discord.com/developers/docs/reference#locales) that Maester speaks other than
# English; every other locale reads English.
DISCORD_LOCALES: dict[str, str] = {"es-ES": "es", "es-419": "es", "pt-BR": "pt", "it": "it"}
DOMAIN = "maester"
LOCALES = Path(__file__).parent / "locales"


def language_of(locale: str | None) -> str:
    """The language Maester speaks to a Discord locale ("es-419" -> "es"; English for any it lacks)."""
    return DISCORD_LOCALES.get(locale or "", SOURCE_LANGUAGE)


def po_path(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def catalogue(language: str) -> Catalog:
    """A language's catalogue as Babel reads it (every entry, fuzzy ones included)."""
    if language not in LANGUAGES:
        raise ValueError(f"Maester speaks {', '.join(LANGUAGES)}, not {language!r}")
    with po_path(language).open("rb") as file:
        return read_po(file, locale=language, domain=DOMAIN)


@runtime_checkable
class Localized(Protocol):
    """Something said in whichever language its reader reads: a message, or a game's name (an area, a
    house). A message's field may be one, and is then said in the message's language."""

    def said_in(self, language: str) -> str: ...


# Field values that are never Localized: checked first, as a Protocol's isinstance is slow (prompts format
# thousands of fields).
_PLAIN = (str, int, float)


def say(text: str | Localized, language: str) -> str:
    """``text`` in ``language``: a plain string is already words (a name a person gave, a quoted input)."""
    return text if isinstance(text, str) else text.said_in(language)


@dataclass(frozen=True)
class Translator:
    """A language's messages. Each method formats the translation with the fields given
    (``t.gettext("{name} is open", name=...)``); a message missing from the catalogue is said in English."""

    language: str
    translations: gettext.NullTranslations

    def gettext(self, message: str, /, **fields: object) -> str:
        return self._format(self.translations.gettext(message), fields)

    def ngettext(self, singular: str, plural: str, n: int, /, **fields: object) -> str:
        """The form for ``n`` (which the text shows only if it has a field for it, passed in ``fields``)."""
        return self._format(self.translations.ngettext(singular, plural, n), fields)

    def pgettext(self, context: str, message: str, /, **fields: object) -> str:
        """A message whose English text alone does not say what it is (a command's name, a game's title)."""
        return self._format(self.translations.pgettext(context, message), fields)

    def _format(self, text: str, fields: Mapping[str, object]) -> str:
        """``text`` with its fields filled, each :class:`Localized` one said in this language. A message
        without fields is not formatted at all, so text that merely contains a brace is safe."""
        if not fields:
            return text
        return text.format(
            **{
                name: value
                if isinstance(value, _PLAIN) or not isinstance(value, Localized)
                else say(value, self.language)
                for name, value in fields.items()
            }
        )

    def command(self, path: str) -> str:
        """A slash command as this language's readers see it in Discord: ``/game join`` in Spanish is
        ``/partida unirse``. The names are the command names' translations (context "command name")."""
        return "/" + " ".join(self.translations.pgettext("command name", part) for part in path.split())

    def language_name(self, language: str) -> str:
        """A language's name in running text in this language ("español" in Spanish; context "language")."""
        return self.translations.pgettext("language", ENGLISH_NAMES[language])

    def lookup(self, context: str | None, message: str) -> str | None:
        """The catalogue's translation of a message, or None where it has none (not yet translated, or
        fuzzy): for a caller that has its own fallback, as Discord has for a command's names."""
        entry = catalogue(self.language).get(message, context=context)
        if entry is None or entry.fuzzy or not isinstance(entry.string, str) or not entry.string:
            return None
        return entry.string


@functools.cache
def translator(language: str) -> Translator:
    """The messages of one of :data:`LANGUAGES`, compiled from its ``.po`` file on first use. English, the
    source, reads no file: its messages are their ids (its catalogue leaves every translation empty), so
    a message said in English, as ``str()`` of an engine's refusal is, costs no reading."""
    if language == SOURCE_LANGUAGE:
        return Translator(language, gettext.NullTranslations())
    buffer = io.BytesIO()
    write_mo(buffer, catalogue(language), use_fuzzy=False)
    buffer.seek(0)
    return Translator(language, gettext.GNUTranslations(buffer))


@dataclass(frozen=True)
class Said:
    """A message whose language is chosen where it is read, not where it is written: the table words a
    refusal once, and each reader sees it in theirs. Made by :func:`said`, :func:`nsaid` and :func:`psaid`
    (which the catalogue's extractor knows as gettext calls). ``str()`` of it is the English text."""

    message: str
    fields: Mapping[str, object] = field(default_factory=dict)
    context: str | None = None
    plural: str | None = None
    count: int = 1

    def said_in(self, language: str) -> str:
        words = translator(language)
        if self.plural is not None:
            return words.ngettext(self.message, self.plural, self.count, **self.fields)
        if self.context is not None:
            return words.pgettext(self.context, self.message, **self.fields)
        return words.gettext(self.message, **self.fields)

    def __str__(self) -> str:
        return self.said_in(SOURCE_LANGUAGE)


def said(message: str, /, **fields: object) -> Said:
    """A message to say later, in its reader's language: ``said("{game} is paused.", game=name)``."""
    return Said(message, fields)


def nsaid(singular: str, plural: str, count: int, /, **fields: object) -> Said:
    """A counted message; ``count`` is also its field ``{count}``."""
    return Said(singular, {"count": count, **fields}, plural=plural, count=count)


def psaid(context: str, message: str, /, **fields: object) -> Said:
    """A message with a context (see :meth:`Translator.pgettext`)."""
    return Said(message, fields, context=context)


@dataclass(frozen=True)
class Joined:
    """Whole sentences (or a list's items) said one after the other in the reader's language: an answer
    that adds a sentence only sometimes ("Recorded. The vote has passed."). Never for parts of a sentence:
    word order differs by language."""

    parts: tuple[str | Localized, ...]
    separator: str = " "

    def said_in(self, language: str) -> str:
        return self.separator.join(say(part, language) for part in self.parts)

    def __str__(self) -> str:
        return self.said_in(SOURCE_LANGUAGE)


def joined(*parts: str | Localized | None, separator: str = " ") -> Joined:
    """The parts given (None ones left out), to be said together: ``joined(said(...), said(...) if x else
    None)``."""
    return Joined(tuple(part for part in parts if part is not None), separator)


@dataclass(frozen=True)
class Command:
    """A slash command as a message's reader sees it in Discord (``Command("game join")`` is ``/partida
    unirse`` to a Spanish reader): a field of a message that tells what to run."""

    path: str

    def said_in(self, language: str) -> str:
        return translator(language).command(self.path)
