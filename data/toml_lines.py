"""Where each key of a TOML text is written, so that a message about a file a person wrote can name the line.

``tomllib`` reads TOML into values and forgets where they were written. :func:`key_lines` reads the same text
a second time, lightly (``tomllib`` has already found it to be TOML), and records the line of every table
header, key and array item by its path: ``("units", "warhost", "orders", "green")``, or
``("battles", "sample", "units", 2, "at")`` for the third item of an array. :func:`line_of` gives the line
of a path, or of the nearest enclosing key or item that has one.
"""

from __future__ import annotations

from collections.abc import Iterator

Path = tuple[str | int, ...]

_PUNCTUATION = "[]{}=,"
_BARE_END = set(_PUNCTUATION) | set(" \t\r\n#\"'")


def line_of(lines: dict[Path, int], path: Path) -> int | None:
    """The line of ``path``, or of its nearest ancestor that has one; None if no part of it is written."""
    for end in range(len(path), 0, -1):
        found = lines.get(path[:end])
        if found is not None:
            return found
    return None


def key_lines(text: str) -> dict[Path, int]:
    """The line (from 1) where each table, key and array item of a TOML document is first written."""
    reader = _Reader(list(_tokens(text)))
    reader.document()
    return reader.lines


def _tokens(text: str) -> Iterator[tuple[str, str, int]]:
    """(kind, text, line): kinds are the punctuation characters, "nl", "str" and "bare"."""
    i, line, n = 0, 1, len(text)
    while i < n:
        char = text[i]
        if char == "\n":
            yield "nl", char, line
            line += 1
            i += 1
        elif char in " \t\r":
            i += 1
        elif char == "#":
            while i < n and text[i] != "\n":
                i += 1
        elif char in _PUNCTUATION:
            yield char, char, line
            i += 1
        elif char in "\"'":
            quote = char * 3 if text.startswith(char * 3, i) else char
            start, j = line, i + len(quote)
            while j < n and not text.startswith(quote, j):
                if text[j] == "\\" and char == '"':
                    j += 1
                elif text[j] == "\n":
                    line += 1
                j += 1
            yield "str", text[i + len(quote) : j], start
            i = j + len(quote)
        else:
            j = i
            while j < n and text[j] not in _BARE_END:
                j += 1
            yield "bare", text[i:j], line
            i = j


class _Reader:
    def __init__(self, tokens: list[tuple[str, str, int]]) -> None:
        self.tokens = tokens
        self.at = 0
        self.lines: dict[Path, int] = {}
        self.arrays: dict[Path, int] = {}  # arrays of tables: how many items so far

    def peek(self) -> str:
        return self.tokens[self.at][0] if self.at < len(self.tokens) else "end"

    def take(self) -> tuple[str, str, int]:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def record(self, path: Path, line: int) -> None:
        for end in range(1, len(path) + 1):
            self.lines.setdefault(path[:end], line)

    def skip_newlines(self) -> None:
        while self.peek() == "nl":
            self.at += 1

    def key(self, stop: str) -> tuple[str, ...]:
        """A (dotted) key, up to the token ``stop`` (not taken)."""
        parts: list[str] = []
        while self.peek() not in (stop, "end", "nl"):
            kind, text, _ = self.take()
            if kind == "bare":
                parts.extend(part for part in text.split(".") if part)
            else:
                parts.append(text)
        return tuple(parts)

    def document(self) -> None:
        table: Path = ()
        while self.peek() != "end":
            self.skip_newlines()
            if self.peek() == "end":
                return
            line = self.tokens[self.at][2]
            if self.peek() == "[":
                self.take()
                many = self.peek() == "["
                if many:
                    self.take()
                name = self.key("]")
                table = name
                if many:
                    index = self.arrays.get(name, 0)
                    self.arrays[name] = index + 1
                    table = (*name, index)
                self.record(table, line)
            else:
                path = (*table, *self.key("="))
                self.record(path, line)
                if self.peek() == "=":
                    self.take()
                    self.value(path)
            while self.peek() not in ("nl", "end"):  # the rest of the line
                self.take()

    def value(self, path: Path) -> None:
        kind = self.peek()
        if kind == "[":
            self.take()
            index = 0
            while True:
                self.skip_newlines()
                if self.peek() in ("]", "end"):
                    break
                self.record((*path, index), self.tokens[self.at][2])
                self.value((*path, index))
                self.skip_newlines()
                if self.peek() != ",":
                    break
                self.take()
                index += 1
            if self.peek() == "]":
                self.take()
        elif kind == "{":
            self.take()
            while self.peek() not in ("}", "end", "nl"):
                line = self.tokens[self.at][2]
                key = (*path, *self.key("="))
                self.record(key, line)
                if self.peek() != "=":
                    break
                self.take()
                self.value(key)
                if self.peek() == ",":
                    self.take()
            if self.peek() == "}":
                self.take()
        elif kind not in ("nl", "end"):
            self.take()
