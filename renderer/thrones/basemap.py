"""The static map, drawn once per process: the sea and land fills, and a transparent layer of borders,
rivers, names, castles and icons laid over whatever tints the game puts on the land."""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from renderer.thrones import shapes
from renderer.thrones.style import (
    DARK,
    FACTS,
    GEOMETRY,
    LAND,
    LAND_BORDER,
    LIGHT,
    MAP_HEIGHT,
    MAP_WIDTH,
    PORT,
    RIVER,
    SEA,
    SEA_BORDER,
    at,
    font,
)

LABEL_SIZE = 21


def polygon(area: str) -> list[tuple[float, float]]:
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


def label_lines(name: str) -> list[str]:
    """Long names on two lines, split at the space nearest the middle."""
    if len(name) <= 14 or " " not in name:
        return [name]
    middle = len(name) / 2
    cut = min((i for i, ch in enumerate(name) if ch == " "), key=lambda i: abs(i - middle))
    return [name[:cut], name[cut + 1 :]]


def label_box(area: str) -> tuple[float, float, float, float]:
    """Where an area's name is written, on the image."""
    x, y = at(*GEOMETRY.areas[area].label)
    lines = label_lines(FACTS.areas[area].name)
    width = max(font(LABEL_SIZE).getlength(line) for line in lines)
    height = len(lines) * (LABEL_SIZE + 2)
    return x - width / 2, y - height / 2, x + width / 2, y + height / 2


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
        x, y = at(*GEOMETRY.areas[area].label)
        lines = label_lines(FACTS.areas[area].name)
        on_sea = _kind(area) == "sea"
        draw.multiline_text(
            (x, y),
            "\n".join(lines),
            font=font(LABEL_SIZE),
            anchor="mm",
            align="center",
            spacing=2,
            fill=LIGHT if on_sea else DARK,
            stroke_width=3,
            stroke_fill=DARK if on_sea else LIGHT,
        )
        if not on_sea:
            _icons(draw, area)
    return layer
