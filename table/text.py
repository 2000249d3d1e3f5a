"""Text that people type, bounded before any work is done on it and made safe to store and to show.

Discord refuses a message over 2,000 characters, silently for the person who was to read it; SQLite
refuses a lone surrogate. So every text a person gives the table (a game's name, a moderator's reason,
a notation line) has a limit checked first, and is cleaned; a refusal quotes at most a few words of it.
"""

from __future__ import annotations

import unicodedata
from typing import Literal

from i18n import Said, said
from table.errors import TableError

MAX_NAME = 80  # a game's name
MAX_REASON = 300  # a moderator's reason, told to the players
MAX_LINE = 1000  # a notation line (the longest legal one is far shorter)
QUOTE = 40  # characters of a person's input quoted back in a refusal

# What a text is, for the refusal of one too long: each says it in a whole sentence of its own (the words
# around the subject agree with it in some languages).
Text = Literal["A name", "A game's name", "A seat's name", "A reason"]


def _too_long(what: Text, limit: int, length: int) -> Said:
    fields = {"limit": limit, "length": length}
    if what == "A name":
        return said("A name is at most {limit} characters (this one has {length}).", **fields)
    if what == "A game's name":
        return said("A game's name is at most {limit} characters (this one has {length}).", **fields)
    if what == "A seat's name":
        return said("A seat's name is at most {limit} characters (this one has {length}).", **fields)
    return said("A reason is at most {limit} characters (this one has {length}).", **fields)


def clean(text: str, *, limit: int, what: Text, one_line: bool = True) -> str:
    """``text`` trimmed, with lone surrogates and control characters replaced (and line breaks turned
    into spaces when ``one_line``); raises TableError when it is longer than ``limit``."""
    if len(text) > limit * 2:  # refuse the absurd before looking at every character
        raise TableError(_too_long(what, limit, len(text)))
    kept = []
    for char in text:
        if char == "\n" and not one_line:
            kept.append(char)
        elif unicodedata.category(char) in ("Cc", "Cs"):
            kept.append(" " if char in "\t\n\r" else "\ufffd")
        else:
            kept.append(char)
    text = "".join(kept).strip()
    if one_line:
        text = " ".join(text.split())
    if len(text) > limit:
        raise TableError(_too_long(what, limit, len(text)))
    return text


def quote(text: str, limit: int = QUOTE) -> str:
    """A person's input, quoted back in a message: at most ``limit`` characters."""
    text = " ".join(str(text).split())
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return repr(text)


def clip(text: str, limit: int) -> str:
    """A composed text cut to ``limit`` characters, with an ellipsis when something was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
