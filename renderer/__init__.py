"""The board image: a view from the engine drawn as one PNG, with Pillow.

``render(view)`` is what the bot calls. Each game draws its own board (``renderer/thrones/`` for A Game
of Thrones), named by :mod:`data.games`; this module only chooses it by the game the view names, so it
imports no game, and a game's package is imported when a board of that game is first drawn. The
drawing primitives the games share are in :mod:`renderer.core`.
"""

from __future__ import annotations

from typing import Any

from data.games import game


def render(view: dict[str, Any], **kwargs: Any) -> bytes:
    """PNG bytes of the board for ``view``, drawn by the renderer of the view's game; ``kwargs`` go to it
    (``highlights=False``, for instance). Raises ValueError for a view that names no game, and
    data.games.UnknownGame for a game that is not registered."""
    game_id = view.get("game")
    if game_id is None:
        raise ValueError(
            "A view names its game (view['game'], such as 'thrones') so that its board can be drawn; "
            "this one names none."
        )
    draw = game(game_id).load("renderer")
    png: bytes = draw(view, **kwargs)
    return png


__all__ = ["render"]
