"""Reading a scenario: a short hand-written TOML description of a situation in the middle of a game, from
which the game's scenario builder makes a position (A Game of Thrones: :mod:`engine.thrones.scenario`).

People write scenarios by hand, so every mistake is a :class:`ScenarioError` that names the key at fault
by its full path (``units.winterfell``) and says what was expected there. :class:`Table` reads one TOML
table key by key, checking each value's type; :meth:`Table.finish` refuses the keys nobody asked for,
since a misspelt key is a mistake, not a default.
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Iterator, Mapping
from typing import Any

from engine.core.errors import ScenarioError, describe, quote

_MISSING: Any = object()


def parse(text: str) -> Table:
    """The top table of a scenario's TOML text."""
    try:
        return Table(tomllib.loads(text))
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError("", f"this is not TOML: {error}") from None


def one_of(allowed: Collection[str]) -> str:
    """``a, b or c``, for messages."""
    names = sorted(allowed)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


class Table:
    """One table of a scenario (``path`` is where it is, empty for the top), read key by key."""

    def __init__(self, data: Any, path: str = "") -> None:
        if not isinstance(data, Mapping):
            raise ScenarioError(path, f"is {describe(data)}, not a table")
        self.data: Mapping[str, Any] = data
        self.path = path
        self._asked: set[str] = set()  # the keys read or looked for: the keys this table may have

    def key(self, name: str) -> str:
        """The full path of a key of this table."""
        return f"{self.path}.{name}" if self.path else name

    def fail(self, name: str, reason: str) -> ScenarioError:
        return ScenarioError(self.key(name), reason)

    def __contains__(self, name: str) -> bool:
        self._asked.add(name)
        return name in self.data

    def names(self) -> Iterator[str]:
        """Every key, for tables whose keys are names (areas, houses); reading them is up to the caller."""
        for name in self.data:
            self._asked.add(name)
            yield name

    def get(self, name: str, default: Any = _MISSING) -> Any:
        """A key's raw value; ``default`` when it is absent, or an error if there is none."""
        self._asked.add(name)
        if name in self.data:
            return self.data[name]
        if default is _MISSING:
            raise self.fail(name, "is missing")
        return default

    def int(self, name: str, default: Any = _MISSING, *, low: int = 0, high: int | None = None) -> int:
        value = self.get(name, default)
        if type(value) is not int:
            raise self.fail(name, f"is {describe(value)}, not a whole number")
        if value < low or (high is not None and value > high):
            span = f"{low} to {high}" if high is not None else f"at least {low}"
            raise self.fail(name, f"is {value}, not {span}")
        return value

    def bool(self, name: str, default: bool) -> bool:
        value = self.get(name, default)
        if type(value) is not bool:
            raise self.fail(name, f"is {describe(value)}, not true or false")
        return value

    def text(self, name: str, default: Any = _MISSING) -> Any:
        value = self.get(name, default)
        if value is not default and type(value) is not str:
            raise self.fail(name, f"is {describe(value)}, not text")
        return value

    def choice(self, name: str, allowed: Collection[str], what: str, default: Any = _MISSING) -> Any:
        """A name from ``allowed`` (``what`` says what it names, for the message)."""
        value = self.text(name, default)
        if value is not default and value not in allowed:
            raise self.fail(name, f"{quote(value)} is not {what} ({one_of(allowed)})")
        return value

    def words(self, name: str) -> list[str]:
        """Words given as one text (``"stark footman knight"``) or as a list of texts."""
        value = self.get(name)
        if type(value) is str:
            return value.split()
        if type(value) in (list, tuple) and all(type(word) is str for word in value):
            return [word.strip() for word in value]
        raise self.fail(name, f"is {describe(value)}, not words (a text, or a list of texts)")

    def table(self, name: str) -> Table | None:
        """A sub-table, or None when it is absent."""
        value = self.get(name, None)
        return None if value is None else Table(value, self.key(name))

    def finish(self) -> None:
        """Refuse the keys nobody asked for."""
        unknown = [name for name in self.data if name not in self._asked]
        if unknown:
            known = f"; the keys here are {one_of(self._asked)}" if self._asked else ""
            raise self.fail(unknown[0], f"is not a key this scenario knows{known}")
