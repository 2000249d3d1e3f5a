"""The board image: a view from the engine drawn as one PNG, with Pillow.

``render(view)`` is what the bot calls. Each game draws its own board (``renderer/thrones/`` for A Game
of Thrones), named by :mod:`data.games`; this module only chooses it by the game the view names, so it
imports no game, and a game's package is imported when a board of that game is first drawn. The
drawing primitives the games share are in :mod:`renderer.core`.
"""

from __future__ import annotations

import importlib
from typing import Any

from data.games import game


def render(view: dict[str, Any], **kwargs: Any) -> bytes:
    """PNG bytes of the board for ``view``, drawn by the renderer of the view's game; ``kwargs`` go to it
    (``highlights=False``, ``language="es"`` for a board in the game's language, for instance). Raises
    ValueError for a view that names no game, and
    data.games.UnknownGame for a game that is not registered."""
    draw = game(_game_of(view)).load("renderer")
    png: bytes = draw(view, **kwargs)
    return png


def closeup(view: dict[str, Any], focus: str, **kwargs: Any) -> bytes:
    """PNG bytes of a close-up of ``view`` on ``focus`` (for A Game of Thrones, an area id: the area and its
    neighbours, larger), drawn by the ``closeup`` function of the module that holds the game's
    renderer; ``kwargs`` go to it. Raises as :func:`render` does, and NotImplementedError for a game whose
    renderer draws no close-ups.

    The function is found beside the game's ``render`` rather than named by a key of its own in
    data/games.toml: a close-up is the same renderer drawing less of the board, not another layer, and
    a game without close-ups then needs nothing in its entry."""
    png: bytes = _beside(_game_of(view), "closeup", "close-ups")(view, focus, **kwargs)
    return png


def chart(report: dict[str, Any], **kwargs: Any) -> bytes:
    """PNG bytes of the chart of an end-of-game report (the report as the table posts it, naming its
    game: ``report["game"]``), drawn by the ``chart`` function beside the game's renderer, as
    :func:`closeup` is found; ``kwargs`` go to it. Raises as :func:`closeup` does."""
    png: bytes = _beside(str(report["game"]), "chart", "charts")(report, **kwargs)
    return png


def _beside(game_id: str, name: str, what: str) -> Any:
    """The function ``name`` of the module that holds the game's renderer; NotImplementedError (naming
    ``what`` it does not draw) if it has none."""
    entry = game(game_id)
    module = importlib.import_module(entry.renderer.partition(":")[0])
    draw = getattr(module, name, None)
    if draw is None:
        raise NotImplementedError(f"The renderer of {entry.title} draws no {what}.")
    return draw


def _game_of(view: dict[str, Any]) -> str:
    game_id = view.get("game")
    if game_id is None:
        raise ValueError(
            "A view names its game (view['game'], such as 'thrones') so that its board can be drawn; "
            "this one names none."
        )
    return str(game_id)


__all__ = ["chart", "closeup", "render"]
