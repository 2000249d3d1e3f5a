"""Marks drawn over a board: arrows."""

from __future__ import annotations

import math

from PIL import ImageDraw

from renderer.core import Point
from renderer.core.colours import RGB, ink_on


def arrow(draw: ImageDraw.ImageDraw, start: Point, end: Point, fill: RGB, *, scale: float = 1.0) -> None:
    """An arrow from ``start`` to ``end`` in ``fill``, edged in whichever of dark or light sets it off,
    its head short of ``end`` so that it does not cover what it points at; ``scale`` sizes it."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 30 * scale:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip = (x1 - ux * 10 * scale, y1 - uy * 10 * scale)
    base = (tip[0] - ux * 18 * scale, tip[1] - uy * 18 * scale)
    edge = ink_on(fill)
    draw.line((x0, y0, *base), fill=edge, width=round(9 * scale))
    draw.line((x0, y0, *base), fill=fill, width=round(5 * scale))
    wing = 11 * scale
    head = [tip, (base[0] - uy * wing, base[1] + ux * wing), (base[0] + uy * wing, base[1] - ux * wing)]
    draw.polygon(head, fill=fill, outline=edge, width=max(1, round(2 * scale)))
