"""The A Game of Thrones board: the whole public state of a game in one PNG, the map on the left and the
tracks, houses and legend in a panel on the right.

``render(view)`` takes a spectator's view from the engine and returns PNG bytes; it reads nothing else
but the game's static data. The static map is drawn once per process and reused.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renderer.core.png import encode
from renderer.thrones.board import draw_map
from renderer.thrones.panel import draw_panel
from renderer.thrones.style import HEIGHT, WIDTH


def compose(view: dict[str, Any], highlights: bool = True) -> Image.Image:
    """The finished image, before encoding."""
    board, _ = draw_map(view, highlights)
    image = Image.new("RGBA", (WIDTH, HEIGHT))
    image.paste(board, (0, 0))
    draw_panel(ImageDraw.Draw(image), view, HEIGHT)
    return image.convert("RGB")


def render(view: dict[str, Any], *, highlights: bool = True) -> bytes:
    """PNG bytes of the board for ``view``."""
    return encode(compose(view, highlights))


__all__ = ["compose", "render"]
