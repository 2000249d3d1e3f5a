"""The static map, drawn once per process: the sea and land fills, and a transparent layer of borders,
rivers, names, castles and icons laid over whatever tints the game puts on the land."""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from renderer.core import Box, Point, text
from renderer.core.colours import DARK, LIGHT
from renderer.thrones import shapes
from renderer.thrones.style import (
    FACTS,
    GEOMETRY,
    LAND,
    LAND_BORDER,
    MAP_HEIGHT,
    MAP_WIDTH,
    PORT,
    RIVER,
    SEA,
    SEA_BORDER,
    at,
)

LABEL_SIZE = 21


def polygon(area: str) -> list[Point]:
    return [at(x, y) for x, y in GEOMETRY.areas[area].outline]


def _kind(area: str) -> str:
    return FACTS.areas[area].kind


@functools.cache
def fills() -> Image.Image:
    """Seas, then ports, then land (islands last, over the seas around them), in neutral colours."""
    image = Image.new("RGBA", (MAP_WIDTH, MAP_HEIGHT), SEA)
    draw = ImageDraw.Draw(image)
    for kind, fill in (("sea", SEA), ("port", PORT), ("land", LAND)):
        for area in sorted(FACTS.areas):
            if _kind(area) == kind:
                draw.polygon(polygon(area), fill=fill)
    return image


def _name(area: str) -> list[str]:
    """An area's name, on the lines it is written on."""
    return text.balanced_lines(FACTS.areas[area].name)


def label_box(area: str) -> Box:
    """Where an area's name is written, on the image."""
    return text.label_box(at(*GEOMETRY.areas[area].label), _name(area), LABEL_SIZE)


def _icons(draw: ImageDraw.ImageDraw, area: str) -> None:
    """Castle, supply and power icons in a row under the name."""
    info = FACTS.areas[area]
    icons: list[str] = []
    if info.castle:
        icons.append("castle")
    icons += ["barrel"] * info.supply + ["crown"] * info.power
    if not icons:
        return
    _, _, _, bottom = label_box(area)
    cx = (label_box(area)[0] + label_box(area)[2]) / 2
    widths = [26 if icon == "castle" and info.castle == 2 else 16 for icon in icons]
    left = cx - (sum(widths) + 2 * (len(icons) - 1)) / 2
    y = bottom + 10
    for icon, width in zip(icons, widths, strict=True):
        centre = (left + width / 2, y)
        if icon == "castle":
            shapes.castle(draw, centre, info.castle)
        elif icon == "barrel":
            shapes.barrel(draw, centre)
        else:
            shapes.crown(draw, centre)
        left += width + 2


@functools.cache
def decor() -> Image.Image:
    """Borders, rivers, names and icons on a transparent layer."""
    layer = Image.new("RGBA", (MAP_WIDTH, MAP_HEIGHT), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    for area in sorted(FACTS.areas):
        kind = _kind(area)
        outline = [*polygon(area), polygon(area)[0]]
        draw.line(outline, fill=SEA_BORDER if kind != "land" else LAND_BORDER, width=2, joint="curve")
    for river in GEOMETRY.rivers:
        draw.line([at(x, y) for x, y in river], fill=RIVER, width=4, joint="curve")
    for area in sorted(FACTS.areas):
        if _kind(area) == "port":
            continue
        on_sea = _kind(area) == "sea"
        text.label(
            draw,
            at(*GEOMETRY.areas[area].label),
            _name(area),
            LABEL_SIZE,
            fill=LIGHT if on_sea else DARK,
            outline=DARK if on_sea else LIGHT,
            stroke=3,
        )
        if not on_sea:
            _icons(draw, area)
    return layer
