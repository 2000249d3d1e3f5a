"""The thrones events in words, in every language: one whole sentence for each kind of event (and each
variant of it), worded from the event's ``kind`` and ``data`` alone.

The engine writes an event's English ``text`` for itself (the command line, its tests); the table words the
event again here, so that each reader reads it in their language: the channel in the game's, a house's
private event in its player's. The English of these messages is the engine's text, word for word (a test
plays random games and compares them), so both always say the same thing.

Names come in as :class:`data.thrones_names.Named` fields: a translation may put them in the form its
grammar needs (``{house:The}``, ``{area:in}``, ``{area:of}``...; see docs/translating.md). Each module here
words the events of one part of the game and registers its tellers (:mod:`.registry`).
"""

from __future__ import annotations

import logging

from engine.core.decisions import Event
from i18n import Said
from table.thrones.events import action, combat, rounds, wildling_effects
from table.thrones.events.registry import TELLERS

# The modules whose tellers are registered on import.
MODULES = (rounds, action, combat, wildling_effects)

log = logging.getLogger(__name__)


def tell(event: Event, language: str) -> str:
    """The event in ``language``. An event this package cannot word (a kind the engine has added since, data
    it does not expect) is logged and told in the engine's English: the game goes on."""
    try:
        return said_of(event).said_in(language)
    except Exception:
        log.exception("a %r event could not be worded in %s", event.kind, language)
        return event.text


def said_of(event: Event) -> Said:
    """The event's sentence, to be said in any language; KeyError for a kind nobody words."""
    return TELLERS[event.kind](event.data)


def kinds() -> frozenset[str]:
    """The kinds of event worded here."""
    return frozenset(TELLERS)
