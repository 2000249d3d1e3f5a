"""Labels written on a board: names broken into balanced lines, drawn centred with an outline so that
they read on any background, and the room they take (to keep tokens clear of them)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from renderer.core import Box, Point
from renderer.core.colours import RGB
from renderer.core.fonts import font

SPACING = 2  # pixels between the lines of a label


def balanced_lines(text: str, longest: int = 14) -> list[str]:
    """``text`` on one line, or on two split at the space nearest the middle when it has more than
    ``longest`` characters: a compact block covers less of the board than one long line."""
    if len(text) <= longest or " " not in text:
        return [text]
    middle = len(text) / 2
    cut = min((i for i, ch in enumerate(text) if ch == " "), key=lambda i: abs(i - middle))
    return [text[:cut], text[cut + 1 :]]


def label_box(centre: Point, lines: Sequence[str], size: int) -> Box:
    """The room a :func:`label` at ``centre`` takes: its widest line, and each line its font size plus the
    spacing (a reckoning that is the same for every label, whatever letters it has)."""
    x, y = centre
    width = max(font(size).getlength(line) for line in lines)
    height = len(lines) * (size + SPACING)
    return x - width / 2, y - height / 2, x + width / 2, y + height / 2


def label(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    lines: Sequence[str],
    size: int,
    *,
    fill: RGB,
    outline: RGB,
    stroke: int,
) -> None:
    """``lines`` centred on ``centre``, each letter edged ``stroke`` pixels wide in ``outline``."""
    draw.multiline_text(
        centre,
        "\n".join(lines),
        font=font(size),
        anchor="mm",
        align="center",
        spacing=SPACING,
        fill=fill,
        stroke_width=stroke,
        stroke_fill=outline,
    )
