"""Custom ids: everything a component needs to be handled after a restart, in at most 100 characters.

    m:<game_id>:<house>:<fingerprint>:<op>[:<arg>...]

``house`` is the deciding house (``-`` for components that are not about a decision: the undo
confirmation, "show my prompt"); ``fingerprint`` identifies the decision the prompt was drawn for (``-``
when none), so a click on a prompt the game has moved past is recognised as stale. ``op`` names what the
component does and the args carry the prompt's whole state (the page shown, the draft so far), so no
prompt is kept in memory. See :mod:`cogs.prompts` for the ops.
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from table.outbox import fingerprint

__all__ = ["NONE", "CustomId", "digit", "fingerprint", "is_number", "is_ours", "parse", "undigit"]

PREFIX = "m"
MAX_LENGTH = 100
NONE = "-"
DIGITS = string.digits + string.ascii_lowercase + string.ascii_uppercase  # one character per index < 62


@dataclass(frozen=True)
class CustomId:
    game_id: int
    house: str
    fingerprint: str
    op: str
    args: tuple[str, ...] = ()

    def encode(self) -> str:
        parts = [PREFIX, str(self.game_id), self.house or NONE, self.fingerprint or NONE, self.op, *self.args]
        text = ":".join(parts)
        if len(text) > MAX_LENGTH:
            raise ValueError(f"custom id too long ({len(text)} characters): {text}")
        return text

    def with_op(self, op: str, *args: object) -> CustomId:
        return CustomId(self.game_id, self.house, self.fingerprint, op, tuple(str(a) for a in args))

    def fits(self, op: str, *args: object) -> bool:
        try:
            self.with_op(op, *args).encode()
        except ValueError:
            return False
        return True

    def __str__(self) -> str:
        return self.encode()


def parse(text: str) -> CustomId:
    """The custom id back; raises ValueError for anything that is not one of ours."""
    parts = text.split(":")
    if len(parts) < 5 or parts[0] != PREFIX or not is_number(parts[1]):
        raise ValueError(f"not a Maester custom id: {text!r}")
    return CustomId(int(parts[1]), parts[2], parts[3], parts[4], tuple(parts[5:]))


def is_number(text: str, digits: int = 19) -> bool:
    """ASCII digits only, and not too many of them (``str.isdigit`` accepts "²", which ``int`` refuses)."""
    return text.isascii() and text.isdigit() and len(text) <= digits


def is_ours(text: str | None) -> bool:
    return bool(text) and text.startswith(PREFIX + ":")  # type: ignore[union-attr]


def digit(index: int) -> str:
    if not 0 <= index < len(DIGITS):
        raise ValueError(f"index {index} cannot be written in one character")
    return DIGITS[index]


def undigit(char: str) -> int:
    index = DIGITS.find(char)
    if len(char) != 1 or index < 0:
        raise ValueError(f"{char!r} is not an index character")
    return index
