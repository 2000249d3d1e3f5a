"""Small pictures drawn once and pasted many times: pieces, icons and marks.

Pillow draws polygons without anti-aliasing, so a sprite's shapes are drawn three times larger and
shrunk; text is then written on the shrunk sprite at its final size, where FreeType smooths it better
than a shrink would. Callers cache sprites (``functools.cache``): pasting one is far cheaper than drawing it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from renderer.core import Box, Point

SUPERSAMPLE = 3
Painter = Callable[[ImageDraw.ImageDraw, float], None]


def make(width: int, height: int, paint: Painter) -> Image.Image:
    """An RGBA sprite ``width`` x ``height`` pixels; ``paint`` draws on a canvas ``k`` times larger, with
    ``k`` its second argument (so it writes ``x * k`` for a point ``x`` pixels from the left)."""
    big = Image.new("RGBA", (width * SUPERSAMPLE, height * SUPERSAMPLE), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), SUPERSAMPLE)
    return big.resize((width, height), Image.Resampling.LANCZOS)


def scaled(points: Sequence[Point], k: float, dx: float = 0, dy: float = 0) -> list[Point]:
    return [((x + dx) * k, (y + dy) * k) for x, y in points]


def paste(canvas: Image.Image, sprite: Image.Image, box: Box) -> None:
    """``sprite`` centred in ``box`` (pixels), on whole pixels, with its transparency."""
    left = round((box[0] + box[2] - sprite.width) / 2)
    top = round((box[1] + box[3] - sprite.height) / 2)
    canvas.paste(sprite, (left, top), sprite)
