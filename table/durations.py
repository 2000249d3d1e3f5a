"""Lengths of time in words, said in the reader's language: "3 days", "1.5 hours", "25 minutes".

A length is a phrase a message takes as a field ("The running deadlines move on by {duration}."), counted
in the unit that reads best; a number with a fraction is written as its reader writes one ("1,5 horas").
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from i18n import SOURCE_LANGUAGE, Said, nsaid

MINUTE, HOUR, DAY = 60, 3600, 86400


@dataclass(frozen=True)
class Number:
    """A number as a reader of the language writes it: a decimal comma but in English; no ".0"."""

    value: float

    def said_in(self, language: str) -> str:
        text = f"{self.value:g}"
        return text if language == SOURCE_LANGUAGE else text.replace(".", ",")


def _counted(message: Said, value: float) -> Said:
    """``message`` (a unit counted) for ``value``: the plural form for anything but exactly one (1.5
    hours, 0.5 hours)."""
    whole = value == int(value)
    count: int | Number = int(value) if whole else Number(value)
    return replace(message, fields={"count": count}, count=int(value) if whole else 2)


def days(value: float) -> Said:
    return _counted(nsaid("{count} day", "{count} days", 1), value)


def hours(value: float) -> Said:
    return _counted(nsaid("{count} hour", "{count} hours", 1), value)


def minutes(value: float) -> Said:
    return _counted(nsaid("{count} minute", "{count} minutes", 1), value)


def exact(seconds: float) -> Said:
    """A length as it was asked for (a deadline's extension): in whole days from two days on when it is
    whole days, else in hours."""
    if seconds >= 2 * DAY and seconds % DAY == 0:
        return days(seconds // DAY)
    return hours(round(seconds / HOUR, 2))


def rounded(seconds: float) -> Said:
    """A length measured (the time the bot was down): days from two days on, hours from two hours on, else
    minutes; a tenth at most."""
    if seconds >= 2 * DAY:
        return days(round(seconds / DAY, 1))
    if seconds >= 2 * HOUR:
        return hours(round(seconds / HOUR, 1))
    return minutes(round(seconds / MINUTE))
