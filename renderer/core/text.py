"""Text on a board: names broken into balanced lines, and text written through cached sprites.

A board writes the same few hundred strings again and again (names, numbers, headings); FreeType takes a
tenth of a millisecond or more for each, so :func:`write` renders a string once per process, with its
halo if it has one, and pastes it after that.
"""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from renderer.core import Box, Point
from renderer.core.colours import RGB
from renderer.core.fonts import font

_PROBE = ImageDraw.Draw(Image.new("RGBA", (1, 1)))


def balanced_lines(text: str, longest: int = 14) -> list[str]:
    """``text`` on one line, or on two split at the space nearest the middle when it has more than
    ``longest`` characters: a compact block covers less of the board than one long line."""
    if len(text) <= longest or " " not in text:
        return [text]
    middle = len(text) / 2
    cut = min((i for i, ch in enumerate(text) if ch == " "), key=lambda i: abs(i - middle))
    return [text[:cut], text[cut + 1 :]]


@functools.lru_cache(maxsize=4096)
def sprite(
    text: str,
    size: int,
    fill: RGB,
    *,
    bold: bool = True,
    anchor: str = "la",
    halo: RGB | None = None,
    stroke: int = 0,
) -> tuple[Image.Image, tuple[int, int]]:
    """``text`` (lines split by newlines, centred) as a sprite, and the offset of its top left from the
    point it is anchored at (Pillow's anchors: "la" left-ascender, "mm" middle-middle and so on)."""
    options = {
        "font": font(size, bold),
        "spacing": round(size * 0.05),
        "align": "center",
        "stroke_width": stroke,
    }
    left, top, right, bottom = _PROBE.multiline_textbbox((0, 0), text, anchor=anchor, **options)
    image = Image.new("RGBA", (int(right - left) + 2, int(bottom - top) + 2), (0, 0, 0, 0))
    ImageDraw.Draw(image).multiline_text(
        (1 - left, 1 - top), text, fill=fill, anchor=anchor, stroke_fill=halo, **options
    )
    return image, (int(left) - 1, int(top) - 1)


def write(canvas: Image.Image, at: Point, text: str, size: int, fill: RGB, **options: object) -> Box:
    """Write ``text`` on ``canvas`` anchored at ``at`` (see :func:`sprite` for ``options``); returns the
    box it covers."""
    image, (dx, dy) = sprite(text, size, fill, **options)  # type: ignore[arg-type]
    left, top = round(at[0]) + dx, round(at[1]) + dy
    canvas.paste(image, (left, top), image)
    return left, top, left + image.width, top + image.height


def width(text: str, size: int, bold: bool = True) -> float:
    return font(size, bold).getlength(text)
