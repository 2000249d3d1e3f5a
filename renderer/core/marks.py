"""Marks drawn over a board: stars, arrows, and sprites pasted into a box."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from renderer.core import Box, Point
from renderer.core.colours import DARK, GOLD, RGB, ink_on


def paste(canvas: Image.Image, sprite: Image.Image, box: Box) -> None:
    """``sprite`` (with its transparency) at the top left of ``box``, on whole pixels."""
    canvas.alpha_composite(sprite, (round(box[0]), round(box[1])))


def _star(cx: float, cy: float, r: float) -> list[Point]:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def star(draw: ImageDraw.ImageDraw, centre: Point, r: float, fill: RGB = GOLD) -> None:
    """A five-pointed star of radius ``r``, point up."""
    draw.polygon(_star(*centre, r), fill=fill, outline=DARK)


def arrow(draw: ImageDraw.ImageDraw, start: Point, end: Point, fill: RGB) -> None:
    """An arrow from ``start`` to ``end`` in ``fill``, its head short of ``end`` so that it does not
    cover what it points at."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip = (x1 - ux * 8, y1 - uy * 8)
    base = (tip[0] - ux * 14, tip[1] - uy * 14)
    edge = ink_on(fill)  # a light edge around dark colours, a dark one around light colours
    draw.line((x0, y0, *base), fill=edge, width=8)
    draw.line((x0, y0, *base), fill=fill, width=4)
    head = [tip, (base[0] - uy * 9, base[1] + ux * 9), (base[0] + uy * 9, base[1] - ux * 9)]
    draw.polygon(head, fill=fill, outline=edge, width=2)
