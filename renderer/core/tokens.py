"""Badges and tokens: a letter or a number on a coloured shape, written in whichever ink reads on it."""

from __future__ import annotations

from PIL import ImageDraw

from renderer.core import Point
from renderer.core.colours import LIGHT, RGB, ink_on
from renderer.core.fonts import font


def badge(draw: ImageDraw.ImageDraw, left: float, top: float, text: str, fill: RGB, size: int = 30) -> None:
    """A rounded square of ``fill`` with a light edge and ``text`` in its middle."""
    draw.rounded_rectangle((left, top, left + size, top + size), radius=5, fill=fill, outline=LIGHT, width=2)
    draw.text(
        (left + size / 2, top + size / 2), text, font=font(size // 2 + 3), fill=ink_on(fill), anchor="mm"
    )


def circle_token(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    radius: float,
    text: str,
    fill: RGB,
    *,
    outline: RGB,
    width: int,
    text_size: int,
    ring: float = 0,
) -> None:
    """A disc of ``fill`` edged ``width`` pixels wide in ``outline``, with ``text`` in its middle and, if
    ``ring`` is given, a thin ring of the text's ink that far inside the edge."""
    x, y = centre
    ink = ink_on(fill)
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill, outline=outline, width=width)
    if ring:
        inner = radius - ring
        draw.ellipse((x - inner, y - inner, x + inner, y + inner), outline=ink, width=1)
    draw.text((x, y), text, font=font(text_size), fill=ink, anchor="mm")
