"""Errors an engine raises at its callers, and how their messages quote what they were given."""

# How much of a player's own text an error message quotes back: enough to recognise it; a message that
# repeats a long line back whole is no help to anyone.
QUOTE_LIMIT = 40


class IllegalAction(ValueError):
    """An action the rules do not allow now. The message is written for the player who sent it.

    The engine raises it before changing anything, so a rejected action leaves the game as it was.
    """


class NotationError(IllegalAction):
    """A notation line that cannot be read."""


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` quoted for an error message, as ``repr`` writes it, clipped to about ``limit`` characters
    with an ellipsis, so that a long or strange input never makes a long message."""
    text = text.strip()
    shown = repr(text)
    if len(shown) <= limit + 2:
        return shown
    kept = text[:limit]
    while len(repr(kept)) > limit + 1:  # escapes (\x00, \U0001f600) take several characters each
        kept = kept[:-1]
    shown = repr(kept)
    return f"{shown[:-1]}…{shown[-1]}"
