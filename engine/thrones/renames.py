"""Area ids that changed, so that what was written with the old id still reads.

An id is part of every stored action line, position and export; renaming one would strand the games
written before. The notation folds an old id to its new one, and :func:`upgrade_position` rewrites a
saved position (a game exported before the rename imports as it was). The store rewrites its own rows
once, in a migration (``table/store.py``).
"""

from __future__ import annotations

from typing import Any

# old id -> current id. "redwyne-straights" was a misspelling of the Redwyne Straits.
RENAMED_AREAS: dict[str, str] = {"redwyne-straights": "redwyne-straits"}


def current_area(area: str) -> str:
    return RENAMED_AREAS.get(area, area)


def upgrade_position(data: Any) -> Any:
    """``data`` with every old area id, as a key or a string value at any depth, replaced by its current
    id. Ids are whole strings in a position (never part of a longer text), so nothing else changes."""
    if isinstance(data, dict):
        return {current_area(k) if isinstance(k, str) else k: upgrade_position(v) for k, v in data.items()}
    if isinstance(data, list):
        return [upgrade_position(item) for item in data]
    if isinstance(data, str):
        return current_area(data)
    return data
