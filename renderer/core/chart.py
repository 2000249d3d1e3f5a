"""A line chart of a few series over the same steps (each house's castles, round by round), drawn to be
read in Discord: about 1000 pixels wide, large type, a legend beside the plot.

Colours alone do not carry it: every line and point has a dark casing, so that a pale line and a dark
one both stand out on the plot's ground, and each line ends in a marker with a short mark (a house's
letter) at the plot's right edge, moved up or down just enough that no two markers overlap, with a thin
leader to the line's last point. Lines that share values would hide one another, so each series is
drawn a few pixels above or below its neighbours ("dodged"), never far enough to be misread as another
value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderer.core.colours import DARK, GOLD, PANEL, PANEL_DIM, PANEL_TEXT, RGB, ink_on, mix
from renderer.core.text import width, write

WIDTH, HEIGHT = 1000, 560
TITLE, LABEL, LEGEND = 30, 20, 22  # font sizes
LEFT, TOP, BOTTOM, RIGHT = 70, 96, 78, 250  # margins around the plot; the legend is in the right one
LINE, CASING, POINT, MARKER = 4, 2, 5, 11  # line width, the casing on each side, point and marker radius
DODGE = 4  # pixels between series that share a value
GROUND = (196, 182, 148)  # the plot's ground, a mid-tone khaki: pale and dark lines both show on it
ENDS = 3 * MARKER  # room at the plot's right for the end markers


@dataclass(frozen=True)
class Series:
    """One line: its name in the legend, a value at each step, its colour and the mark in its markers."""

    name: str
    values: tuple[float, ...]
    colour: RGB
    mark: str = ""


def line_chart(
    title: str,
    steps: Sequence[str],
    series: Sequence[Series],
    *,
    x_title: str,
    y_title: str,
    ground: RGB = GROUND,
    goal: tuple[int, str] | None = None,
) -> Image.Image:
    """The chart: ``steps`` label the x axis, each series has a value at each step (whole numbers on the
    y axis, from 0 to the largest value or the ``goal``, a dashed line with its label). Series are drawn
    in the order given, the first on top, and listed in that order in the legend (eight fit)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), PANEL)
    draw = ImageDraw.Draw(image)
    left, top, right, bottom = LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM
    write(image, (left, 20), title, TITLE, PANEL_TEXT)
    write(image, (left, top - 34), y_title, LABEL, PANEL_DIM, bold=False)
    draw.rectangle((left, top, right, bottom), fill=ground)

    highest = max([goal[0] if goal else 1, *(max(s.values, default=0) for s in series)])
    top_value = int(highest) + 1  # room above the highest line for its markers

    def y_of(value: float) -> float:
        return bottom - (bottom - top) * value / top_value

    def x_of(step: int) -> float:
        if len(steps) == 1:
            return (left + right - ENDS) / 2
        inner = POINT + 12
        return left + inner + (right - ENDS - left - 2 * inner) * step / (len(steps) - 1)

    grid = mix(ground, DARK, 0.18)
    for value in range(top_value + 1):
        y = y_of(value)
        draw.line((left, y, right, y), fill=grid, width=1)
        write(image, (left - 12, y), str(value), LABEL, PANEL_TEXT, anchor="rm")
    for step, label in enumerate(steps):
        write(image, (x_of(step), bottom + 10), label, LABEL, PANEL_TEXT, anchor="mt")
    write(image, ((left + right) / 2, HEIGHT - 12), x_title, LABEL, PANEL_DIM, bold=False, anchor="md")
    if goal is not None:
        _dashed(draw, left, right, y_of(goal[0]), GOLD)
        write(image, (right - 6, y_of(goal[0]) - 4), goal[1], LABEL - 2, DARK, anchor="rd")

    count = len(series)
    lines = [
        [(x_of(step), y_of(value) + (index - (count - 1) / 2) * DODGE) for step, value in enumerate(s.values)]
        for index, s in enumerate(series)
    ]
    ends = _spread([points[-1][1] if points else bottom for points in lines], 2 * MARKER + 3, bottom)
    for index in reversed(range(count)):  # the first series last: on top
        one, points = series[index], lines[index]
        if len(points) > 1:
            draw.line(points, fill=DARK, width=LINE + 2 * CASING, joint="curve")
            draw.line(points, fill=one.colour, width=LINE, joint="curve")
        for x, y in points:
            draw.ellipse(
                (x - POINT, y - POINT, x + POINT, y + POINT), fill=one.colour, outline=DARK, width=CASING
            )
        if points:
            end = (right - ENDS / 2, ends[index])
            draw.line((*points[-1], end[0] - MARKER, end[1]), fill=DARK, width=2)
            _marker(image, draw, end, one)
    _legend(image, draw, series, right + 28, top)
    return image


def _spread(ys: list[float], gap: float, high: float) -> list[float]:
    """``ys`` moved as little as keeps every two at least ``gap`` apart, none below ``high``: pushed down
    from the top, then, where that went past ``high``, back up."""
    order = sorted(range(len(ys)), key=ys.__getitem__)
    placed = [ys[i] for i in order]
    for k in range(1, len(placed)):
        placed[k] = max(placed[k], placed[k - 1] + gap)
    last = len(placed) - 1
    for k in range(last, -1, -1):
        placed[k] = min(placed[k], high - gap / 2 - (last - k) * gap)
    spread = list(ys)
    for k, i in enumerate(order):
        spread[i] = placed[k]
    return spread


def _marker(image: Image.Image, draw: ImageDraw.ImageDraw, at: tuple[float, float], series: Series) -> None:
    x, y = at
    draw.ellipse(
        (x - MARKER, y - MARKER, x + MARKER, y + MARKER), fill=series.colour, outline=DARK, width=CASING
    )
    if series.mark:
        write(image, (x, y), series.mark, 13, ink_on(series.colour), anchor="mm")


def _legend(
    image: Image.Image, draw: ImageDraw.ImageDraw, series: Sequence[Series], left: int, top: int
) -> None:
    """Each series' line and marker, its name and its last value, one a row."""
    row = 44
    for index, one in enumerate(series):
        y = top + 14 + index * row
        draw.line((left, y, left + 44, y), fill=DARK, width=LINE + 2 * CASING)
        draw.line((left, y, left + 44, y), fill=one.colour, width=LINE)
        _marker(image, draw, (left + 22, y), one)
        last = f"{one.values[-1]:g}" if one.values else ""
        room = WIDTH - 16 - width(last, LEGEND) - 8 - (left + 58)
        write(image, (left + 58, y), _fit(one.name, LEGEND, room), LEGEND, PANEL_TEXT, anchor="lm")
        write(image, (WIDTH - 16, y), last, LEGEND, PANEL_TEXT, anchor="rm")


def _fit(text: str, size: int, room: float) -> str:
    """``text``, cut short with an ellipsis if it is wider than ``room`` pixels."""
    if width(text, size) <= room:
        return text
    while text and width(text + "…", size) > room:
        text = text[:-1]
    return text + "…"


def _dashed(draw: ImageDraw.ImageDraw, left: float, right: float, y: float, colour: RGB) -> None:
    x = left
    while x < right:
        draw.line((x, y, min(x + 12, right), y), fill=colour, width=3)
        x += 20
