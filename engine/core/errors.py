"""Errors an engine raises at its callers, and how their messages quote what they were given."""

from i18n import SOURCE_LANGUAGE, Localized, Said

# How much of a player's own text an error message quotes back: enough to recognise it; a message that
# repeats a long line back whole is no help to anyone.
QUOTE_LIMIT = 40


class IllegalAction(ValueError):
    """An action the rules do not allow now. The message is written for the player who sent it.

    The engine raises it before changing anything, so a rejected action leaves the game as it was.

    The message is an English template with named fields, said in whichever language its reader reads:
    ``IllegalAction("{card} is not in your hand.", card=Named("house_cards", card))``. ``str()`` of the
    error is the English text; :meth:`said_in` says it in a language, through the gettext catalogues (whose
    extractor knows these constructors as it knows ``said``). A game's name is a ``Named`` field, counted
    units a ``Counted`` one, names in a row a ``Joined`` one (``engine.thrones.phrases.named``), a number,
    a notation id or a player's own text (:func:`quote`) a plain value; a counted message is an
    ``nsaid(...)``. The engine only raises: the table says the refusal to its reader, so no catalogue is
    read unless someone reads it in a language other than English (English is the templates themselves).
    """

    def __init__(self, message: str | Localized, /, **fields: object) -> None:
        self.said: Localized = Said(message, fields) if isinstance(message, str) else message
        super().__init__(self.said)

    def __str__(self) -> str:
        # Worded when read, not when raised: the AI tries many actions and drops their refusals unread.
        return self.said.said_in(SOURCE_LANGUAGE)

    def said_in(self, language: str) -> str:
        return self.said.said_in(language)


class NotationError(IllegalAction):
    """A notation line that cannot be read."""


class PositionError(IllegalAction):
    """A saved position that cannot be loaded: malformed, or a game that cannot go on from it.

    Loading a position either gives a working game or raises this; the message says what is wrong and
    where (``units.winterfell[0].kind``), for whoever has to repair the position. It is English only, as
    are a scenario's errors: their readers are the moderators and developers who repair such files.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(f"This position cannot be loaded: {reason}")
        self.reason = reason


class ScenarioError(IllegalAction):
    """A scenario (a hand-written description of a situation, see :mod:`engine.core.scenario`) that does
    not describe a game that can be played. ``key`` is the path of the key at fault (``units.winterfell``),
    empty when the fault is the whole situation's."""

    def __init__(self, key: str, reason: str) -> None:
        super().__init__(f"{key}: {reason}" if key else reason)
        self.key = key
        self.reason = reason


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


def describe(value: object) -> str:
    """What a JSON value is, for a message: ``a whole number``, ``the text 'dragon'``, ``a list``..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number with a fraction"
    if isinstance(value, str):
        return f"the text {quote(value)}"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"
