"""Errors an engine raises at its callers."""


class IllegalAction(ValueError):
    """An action the rules do not allow now. The message is written for the player who sent it.

    The engine raises it before changing anything, so a rejected action leaves the game as it was.
    """


class NotationError(IllegalAction):
    """A notation line that cannot be read."""
