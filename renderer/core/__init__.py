"""Drawing primitives that any game's board reuses: fonts, colours, text, badges and tokens, marks,
text panels and PNG encoding. Each game's board is a package beside this one (``renderer/thrones/``).

A package, not flat modules in ``renderer/``, for the same reason as ``engine/core/``: the shared
modules stand apart from the games and from the dispatcher in ``renderer/__init__.py``, and the rule
that keeps them shared can be checked by path: nothing in ``renderer/core/`` imports a game, its data
or its engine; a game's package imports from here, never the other way round.
"""

from __future__ import annotations

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # left, top, right, bottom, in image pixels
