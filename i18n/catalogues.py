"""Keeping the catalogues in step with the code: what there is to translate, the ``.po`` files refreshed
from it, and what each language still lacks.

What there is to translate comes from three places (gathered by :mod:`i18n.sources`): the code's gettext
calls, found by Babel's extractor; the slash commands, read from the bot's command tree; and names the
data gives (a game's title, its options). Each is an :class:`Entry`, and they make one template from which
:func:`update` refreshes every language's catalogue as ``pybabel update`` would: a new message is added
untranslated, a changed one keeps its old translation marked fuzzy (shown to nobody until a translator
checks it), a message the code no longer has is dropped.
"""

from __future__ import annotations

import io
import string
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from i18n import DOMAIN, LANGUAGES, SOURCE_LANGUAGE, po_path

ROOT = Path(__file__).resolve().parent.parent
# gettext's own names, Maester's for the messages said later (:func:`i18n.said`...), and the refusals of
# the table and the engine, which carry their English template (``TableError("{game} is over.",
# game=name)``, ``IllegalAction("{card} is not in your hand.", card=...)``).
KEYWORDS = {
    **DEFAULT_KEYWORDS,
    "said": None,
    "nsaid": (1, 2),
    "psaid": ((1, "c"), 2),
    "TableError": None,
    "IllegalAction": None,
    "NotationError": None,
}
# The packages whose code says things to people: the bot, the table, the board, and the engine's core and
# A Game of Thrones, whose refusals a player reads. (The battles engine has no bot yet: its refusals stay
# English, and its folder is not read.)
SOURCE_PACKAGES = ("cogs", "table", "renderer", "engine/core", "engine/thrones")
# "# Translators: ..." just above a gettext call becomes a comment beside its entry in every .po file.
COMMENT_TAG = "Translators:"
BRACE_FORMAT = "python-brace-format"  # the flag xgettext and translation tools give str.format messages
WIDTH = 100  # where .po lines wrap
HEADER = """\
# Maester's messages: Translations template.
# English is the source language: each message's id is its English text.
# Refreshed by `python -m i18n update`; docs/translating.md says how to translate."""


@dataclass(frozen=True)
class Entry:
    """One message to translate: its English text (and plural), the context telling it apart from the same
    text meaning something else, notes for translators, and where it comes from."""

    message: str
    context: str | None = None
    plural: str | None = None
    comments: tuple[str, ...] = ()
    locations: tuple[str, ...] = ()


def source_entries(root: Path = ROOT) -> list[Entry]:
    """The messages of the code's gettext calls (``gettext``, ``ngettext``, ``pgettext``...), in file
    order. Only literal texts can be found: a call on a variable translates something gathered elsewhere."""
    found = []
    for package in SOURCE_PACKAGES:
        results = extract_from_dir(
            root / package,
            keywords=KEYWORDS,
            comment_tags=(COMMENT_TAG,),
            strip_comment_tags=True,
        )
        for filename, _line, message, comments, context in results:
            singular, plural = (message[0], message[1]) if isinstance(message, tuple) else (message, None)
            location = f"{package}/{filename}"
            found.append(Entry(singular, context, plural, tuple(comments), (location,)))
    return found


def fields(text: str) -> set[str]:
    """The named fields of a str.format template ("{name} is open" -> {"name"}); ValueError if malformed."""
    names = set()
    for _literal, name, spec, _conversion in string.Formatter().parse(text):
        if name is not None:
            names.add(name.split(".")[0].split("[")[0])
            if spec:
                names |= fields(spec)
    return names


def template(entries: Iterable[Entry]) -> Catalog:
    """The catalogue of every message, untranslated (what a ``.pot`` file holds)."""
    catalog = _catalog(None)
    for entry in entries:
        key = entry.message if entry.plural is None else (entry.message, entry.plural)
        texts = [entry.message] if entry.plural is None else [entry.message, entry.plural]
        flags = [BRACE_FORMAT] if any(fields(text) for text in texts) else []
        catalog.add(
            key,
            locations=[(location, 0) for location in entry.locations],
            auto_comments=entry.comments,
            flags=flags,
            context=entry.context,
        )
    return catalog


def render(catalog: Catalog) -> str:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, ignore_obsolete=True, include_lineno=False)
    return buffer.getvalue().decode("utf-8")


def _without_dates(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.startswith(('"POT-Creation-Date', '"PO-Revision'))]


def write_if_changed(path: Path, text: str) -> bool:
    """Write ``text`` unless the file says the same already (dates aside), so that running the tools twice
    changes nothing."""
    if path.exists() and _without_dates(path.read_text(encoding="utf-8")) == _without_dates(text):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


def _catalog(language: str | None) -> Catalog:
    return Catalog(
        locale=language,
        domain=DOMAIN,
        header_comment=HEADER,
        project="Maester",
        charset="utf-8",
        fuzzy=False,
        language_team="Maester's translators",
    )


def _read(language: str) -> Catalog:
    path = po_path(language)
    if not path.exists():
        return _catalog(language)
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=DOMAIN)


def update(entries: Iterable[Entry]) -> list[Path]:
    """Refresh every language's ``.po`` file from the messages; returns the files that changed. English,
    the source, gets no guessed translations (its entries stay empty: the English text itself)."""
    source = template(entries)
    changed = []
    for language in LANGUAGES:
        catalog = _read(language)
        catalog.update(source, no_fuzzy_matching=language == SOURCE_LANGUAGE, update_creation_date=False)
        if write_if_changed(po_path(language), render(catalog)):
            changed.append(po_path(language))
    return changed


def _key(message: Message) -> tuple[str | None, str]:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return message.context, msgid


def _described(message: Message) -> str:
    context = f"[{message.context}] " if message.context else ""
    return f"{context}{_key(message)[1]!r}"


def _translations(message: Message) -> list[str]:
    return [message.string] if isinstance(message.string, str) else list(message.string)


def _placeholder_problem(message: Message) -> str | None:
    """Whether a translation keeps the English text's fields: the same ones, none lost, none invented (a
    plural form may leave out the number, as "one player" does)."""
    try:
        if isinstance(message.id, str):
            wanted = fields(message.id)
            forms = [fields(text) for text in _translations(message) if text]
            if any(form != wanted for form in forms):
                return f"has fields {sorted(forms[0])}, the English {sorted(wanted)}"
            return None
        wanted = fields(message.id[0]) | fields(message.id[1])
        forms = [fields(text) for text in _translations(message) if text]
        if forms and (any(not form <= wanted for form in forms) or forms[-1] != fields(message.id[1])):
            return f"has fields {[sorted(f) for f in forms]}, the English {sorted(wanted)}"
        return None
    except ValueError as error:
        return f"is not a valid format template ({error})"


def problems(entries: Iterable[Entry]) -> Iterator[str]:
    """What the catalogues lack or get wrong, one line each, naming the language and the message: a
    message missing from a catalogue (run ``python -m i18n update``), not translated or fuzzy (a translator's
    turn), a translation whose fields differ from the English text's, one left over from code that is gone,
    and whatever Babel's own checks find (the number of plural forms)."""
    wanted = {_key(message): message for message in template(entries) if message.id}
    for language in LANGUAGES:
        catalog = _read(language)
        have = {_key(message): message for message in catalog if message.id}
        for key, message in wanted.items():
            found = have.get(key)
            if found is None:
                yield f"{language}: missing {_described(message)} (run: python -m i18n update)"
            elif language != SOURCE_LANGUAGE and (found.fuzzy or not all(_translations(found))):
                state = "fuzzy" if found.fuzzy else "not translated"
                yield f"{language}: {state} {_described(found)}"
            elif (problem := _placeholder_problem(found)) is not None:
                yield f"{language}: {_described(found)} {problem}"
        for key in have.keys() - wanted.keys():
            yield f"{language}: {_described(have[key])} is no longer in the code (run: python -m i18n update)"
        for message, errors in catalog.check():
            for error in errors:
                yield f"{language}: {_described(message)}: {error}"
