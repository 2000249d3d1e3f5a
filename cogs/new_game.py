"""What /game create's free-form options become, for any game: the game's own options read from text such
as ``tides_of_battle=on`` (and suggested while it is typed), and every deadline category's time from one
number of hours. The game's kind declares the options and checks the values (:mod:`table.kind`).
"""

from __future__ import annotations

import re
from typing import Any

from cogs.layout import clip
from i18n import SOURCE_LANGUAGE, Translator, said, translator
from table.errors import TableError
from table.kind import HOUR, GameKind, Option
from table.settings import MAX_SECONDS
from table.text import quote

MINUTE = 60  # the shortest deadline the table accepts
ON = frozenset({"on", "true", "yes", "1"})
OFF = frozenset({"off", "false", "no", "0"})
_SEPARATORS = re.compile(r"[\s,]+")


def _example(kind: GameKind) -> str:
    return ", ".join(_candidates(option)[0] for option in kind.options[:2]) or "name=value"


def _value(option: Option, text: str) -> bool | int | str:
    """A value as typed, in the option's type (its bounds are the kind's to check)."""
    if isinstance(option.default, bool):
        if text.lower() in ON | OFF:
            return text.lower() in ON
        raise TableError(
            said("The option {name} is on or off, not {text}.", name=option.name, text=quote(text))
        )
    if isinstance(option.default, int):
        if re.fullmatch(r"-?\d{1,9}", text):
            return int(text)
        raise TableError(
            said("The option {name} is a whole number, not {text}.", name=option.name, text=quote(text))
        )
    return text


def parse_options(kind: GameKind, text: str) -> dict[str, Any]:
    """``name=value`` pairs, separated by commas or spaces, as the game's options; raises TableError for
    text that is not such pairs. A name the game does not have is left for the kind to refuse, saying
    which options it has."""
    known = {option.name: option for option in kind.options}
    found: dict[str, Any] = {}
    for item in _SEPARATORS.split(text.strip()):
        if not item:
            continue
        name, sep, value = item.partition("=")
        name, value = name.strip().lower(), value.strip()
        if not sep or not name or not value:
            raise TableError(
                said(
                    "Write the options as name=value, separated by commas (e.g. {example}); {text} is not.",
                    example=_example(kind),
                    text=quote(item),
                )
            )
        if name in found:
            raise TableError(said("The option {name} is given twice.", name=quote(name)))
        found[name] = _value(known[name], value) if name in known else value
    return found


def _candidates(option: Option) -> list[str]:
    """The ``name=value`` texts suggested for an option."""
    if isinstance(option.default, bool):
        values = ["on", "off"] if not option.default else ["off", "on"]
    elif isinstance(option.default, int):
        values = [str(option.default)]
    else:
        values = list(option.choices)
    return [f"{option.name}={value}" for value in values]


def suggest_options(kind: GameKind, text: str, words: Translator | None = None) -> list[tuple[str, str]]:
    """Completions of the options typed so far, as (value, label): the text with its last option completed,
    labelled by that option's name, label and description (in the language of ``words``, English by
    default). Options given already are not offered again."""
    words = words or translator(SOURCE_LANGUAGE)
    head, last = "", text.strip()
    cut = max(last.rfind(","), last.rfind(" "))
    if cut >= 0:
        head, last = last[: cut + 1].rstrip(" ,") + ", ", last[cut + 1 :]
    given = {item.partition("=")[0].strip().lower() for item in _SEPARATORS.split(head) if item}
    found = []
    for option in kind.options:
        if option.name in given:
            continue
        for candidate in _candidates(option):
            if candidate.startswith(last.lower()):
                label = clip(
                    f"{candidate} · {words.pgettext('game option', option.label)}: "
                    f"{words.pgettext('game option description', option.description)}",
                    100,
                )
                found.append((head + candidate, label))
    return found


def deadlines(kind: GameKind, hours: float | None) -> dict[str, int]:
    """Seconds for each of the game's deadline categories: the kind's defaults, or, given the hours of the
    first category, every category scaled from its default in the same proportion, so that a game played
    faster (or slower) is so for every decision, as its designer balanced them. A scaled category stays
    within the table's bounds (a minute, a year); the first is exactly what was asked, for the table to
    check."""
    if hours is None:
        return dict(kind.deadlines)
    first, *others = kind.deadlines.items()
    seconds = round(hours * HOUR)
    scale = seconds / first[1]
    scaled = {name: min(max(round(default * scale), MINUTE), MAX_SECONDS) for name, default in others}
    return {first[0]: seconds, **scaled}


def shown_options(kind: GameKind, options: dict[str, Any], words: Translator | None = None) -> list[str]:
    """The options that differ from the game's defaults, in a few words each ("Tides of Battle"), in the
    language of ``words`` (English by default)."""
    return [
        option.shown(options[option.name], words)
        for option in kind.options
        if option.name in options and options[option.name] != option.default
    ]
