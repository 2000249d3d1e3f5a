"""Finding the entries of a game's rules reference (:class:`cogs.screens.Entry`) from what a person types:
the suggestions as they type, the entry a name means, and the names nearest one that means none.

A name is compared by its letters and digits alone, whatever their case, so ``euron crows eye`` finds
"Euron Crow's Eye" and ``march+1*`` finds the order it is a token of."""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from cogs.screens import MAX_SUGGESTIONS, Entry

MAX_TYPED = 100  # characters of a typed name looked at: no entry's name is longer
NEAREST = 5  # names offered when a name means nothing


def plain(text: str) -> str:
    return "".join(char for char in text.lower() if char.isalnum())


def suggest(entries: Sequence[Entry], typed: str) -> list[Entry]:
    """The entries whose shown label holds what is typed, whatever the case (all of them for nothing
    typed), at most as many as Discord shows."""
    text = typed.strip().lower()[:MAX_TYPED]
    return [entry for entry in entries if text in entry.label.lower()][:MAX_SUGGESTIONS]


def find(entries: Sequence[Entry], typed: str) -> Entry | None:
    """The entry a name means: its key (a suggestion picked), its name or one of its aliases."""
    wanted = plain(typed[: MAX_TYPED * 2])
    if not wanted:
        return None
    for entry in entries:
        if wanted in (plain(entry.key), plain(entry.name), *(plain(alias) for alias in entry.aliases)):
            return entry
    return None


def nearest(entries: Sequence[Entry], typed: str) -> list[str]:
    """The names nearest to one that means no entry (those holding it, and those spelt alike), the most
    alike first."""
    wanted = plain(typed[: MAX_TYPED * 2])
    names = {plain(entry.name): entry.name for entry in entries}
    holding = [key for key in names if len(wanted) >= 3 and wanted in key]
    alike = difflib.get_close_matches(wanted, list(names), n=NEAREST, cutoff=0.6)
    ranked = sorted(set(holding + alike), key=lambda key: -difflib.SequenceMatcher(None, wanted, key).ratio())
    return [names[key] for key in ranked[:NEAREST]]
