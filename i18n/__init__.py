"""The languages Maester speaks: English, Spanish, Portuguese and Italian.

Messages live in gettext catalogues, one ``.po`` file a language under ``i18n/locales/<lang>/LC_MESSAGES/``,
managed with Babel (``python -m i18n update``; docs/translating.md). English is the source language: a
message's id is its English text, and the English catalogue leaves every translation empty, which gettext
reads as "say the id". A message is a :meth:`str.format` template with named fields (``{name}``), so a
translation may put them in any order; a literal brace is doubled.

The ``.po`` files are compiled in memory the first time a language is asked for (Babel reads the ``.po`` and
writes the ``.mo`` into a buffer that :class:`gettext.GNUTranslations` reads): no compiled file can go stale
against its ``.po``, and nothing has to be built before ``make run`` or ``make test``. Fuzzy entries (a
translation Babel guessed when an English text changed, not yet checked by a translator) are left out, so
the English text shows until a translator confirms it.

This package imports nothing of Discord: the table and the renderer use it as the cogs do.
"""

from __future__ import annotations

import functools
import gettext
import io
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

__all__ = [
    "AUTONYMS",
    "DISCORD_LOCALES",
    "ENGLISH_NAMES",
    "LANGUAGES",
    "SOURCE_LANGUAGE",
    "Translator",
    "catalogue",
    "language_of",
    "po_path",
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


@dataclass(frozen=True)
class Translator:
    """A language's messages. Each method formats the translation with the fields given
    (``t.gettext("{name} is open", name=...)``); a message missing from the catalogue is said in English."""

    language: str
    translations: gettext.GNUTranslations

    def gettext(self, message: str, /, **fields: object) -> str:
        return self.translations.gettext(message).format(**fields)

    def ngettext(self, singular: str, plural: str, n: int, /, **fields: object) -> str:
        """The form for ``n`` (which the text shows only if it has a field for it, passed in ``fields``)."""
        return self.translations.ngettext(singular, plural, n).format(**fields)

    def pgettext(self, context: str, message: str, /, **fields: object) -> str:
        """A message whose English text alone does not say what it is (a command's name, a game's title)."""
        return self.translations.pgettext(context, message).format(**fields)

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
    """The messages of one of :data:`LANGUAGES`, compiled from its ``.po`` file on first use."""
    buffer = io.BytesIO()
    write_mo(buffer, catalogue(language), use_fuzzy=False)
    buffer.seek(0)
    return Translator(language, gettext.GNUTranslations(buffer))
