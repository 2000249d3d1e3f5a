"""Text panels: a heading in gold and the lines under it, laid out down a column.

Each function draws at ``top`` and returns the top of what follows, so that a game's panel is a
sequence of sections each starting where the last one ended.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PIL import ImageDraw

from renderer.core.colours import GOLD, PANEL_TEXT, RGB
from renderer.core.fonts import font

HEADING_SIZE = 20
HEADING_STEP = 28  # from a heading's top to the top of its first line
LINE_STEP = 20


@dataclass(frozen=True)
class Line:
    """A line of a block, when it is not of the block's usual size and colour."""

    text: str
    size: int = 15
    fill: RGB = PANEL_TEXT


def heading(draw: ImageDraw.ImageDraw, left: float, top: float, text: str) -> float:
    draw.text((left, top), text, font=font(HEADING_SIZE), fill=GOLD)
    return top + HEADING_STEP


def block(
    draw: ImageDraw.ImageDraw, left: float, top: float, title: str, lines: Iterable[str | Line]
) -> float:
    """A titled block: the heading, then one line every ``LINE_STEP`` pixels."""
    top = heading(draw, left, top, title)
    for entry in lines:
        line = entry if isinstance(entry, Line) else Line(entry)
        draw.text((left, top), line.text, font=font(line.size), fill=line.fill)
        top += LINE_STEP
    return top
