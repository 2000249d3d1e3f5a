"""The map without its pieces: sea, ports and land in their fills, the band of a held sea, borders and
rivers, at any frame.

The board redraws none of it per image: it keeps the neutral map and, per house, the map with every
area in that house's fill, and pastes a held area from the latter through the area's mask. Drawing the
map takes about as long as encoding the board, pasting a few dozen patches a few milliseconds.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

from PIL import Image, ImageDraw

from renderer.core import Point, sprites
from renderer.core.colours import RGB, ink_on, mix
from renderer.thrones.style import (
    BOARD,
    BORDER_CORE,
    FACTS,
    GEOMETRY,
    IMPASSABLE,
    LAND,
    LAND_BORDER,
    MAP_HEIGHT,
    MAP_WIDTH,
    PORT,
    PORT_MARK,
    RIVER,
    SEA,
    SEA_BAND,
    SEA_BORDER,
    Frame,
    colour,
)

IMPASSABLE_VARIANT = "impassable"


def kind(area: str) -> str:
    return FACTS.areas[area].kind


def outline(frame: Frame, area: str) -> list[Point]:
    return [frame.at(p) for p in GEOMETRY.areas[area].outline]


def neutral_fill(area: str) -> RGB:
    return {"sea": SEA, "port": PORT, "land": LAND}[kind(area)]


def variant_fill(area: str, variant: str) -> RGB:
    """The fill of ``area`` when ``variant`` (a house, or impassable) holds it."""
    if variant == IMPASSABLE_VARIANT:
        return IMPASSABLE
    return SEA if kind(area) == "sea" else colour(variant)


def draw(
    frame: Frame, size: tuple[int, int], fill: Callable[[str], RGB], bands: dict[str, RGB]
) -> Image.Image:
    """The map in ``frame`` on an image of ``size``: each area in ``fill(area)``, and each sea in
    ``bands`` with a band of that colour inside its edge."""
    image = Image.new("RGB", size, SEA)
    d = ImageDraw.Draw(image)
    seas = sorted(a for a in FACTS.areas if kind(a) == "sea")
    for area in seas:
        d.polygon(outline(frame, area), fill=fill(area))
    for area, band in sorted(bands.items()):  # edged in dark or light, so that a black band shows on the sea
        ring = [*outline(frame, area), outline(frame, area)[0]]
        d.line(
            ring,
            fill=mix(ink_on(band), SEA, 0.2),
            width=round(2 * (SEA_BAND + 1.2) * frame.scale),
            joint="curve",
        )
        d.line(ring, fill=band, width=round(2 * SEA_BAND * frame.scale), joint="curve")
    for area in seas:  # a band runs as far outside its sea as inside: the sea beside it is filled again
        if area not in bands:
            d.polygon(outline(frame, area), fill=fill(area))
    for area_kind in ("port", "land"):  # islands and ports last, over the seas around them
        for area in sorted(FACTS.areas):
            if kind(area) == area_kind:
                d.polygon(outline(frame, area), fill=fill(area))
    width = max(1, round(frame.scale * 1.6))
    for area in sorted(FACTS.areas):
        ring = outline(frame, area)
        d.line([*ring, ring[0]], fill=LAND_BORDER if kind(area) == "land" else SEA_BORDER, width=width)
        if kind(area) == "land":
            d.line([*ring, ring[0]], fill=BORDER_CORE, width=max(1, round(frame.scale * 0.5)))
    for river in GEOMETRY.rivers:
        d.line([frame.at(p) for p in river], fill=RIVER, width=round(2.6 * frame.scale), joint="curve")
    for area in sorted(FACTS.areas):
        if kind(area) == "port":
            _port_mark(image, frame, area, fill(area))
    return image


def _port_mark(image: Image.Image, frame: Frame, area: str, fill: RGB) -> None:
    """The anchor across a port, faint (a shade of the port's fill), so that pieces read over it."""
    ink = mix(fill, ink_on(fill), 0.35)
    sprite = anchor(ink, frame.px(PORT_MARK))
    left, top = frame.at(GEOMETRY.areas[area].label)
    sprites.paste(image, sprite, (left, top, left, top))


@functools.cache
def anchor(ink: RGB, size: int) -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        r = size * s
        w = round(0.09 * r)
        d.ellipse((r * 0.42, r * 0.06, r * 0.58, r * 0.22), outline=ink, width=w)
        d.line((r * 0.5, r * 0.22, r * 0.5, r * 0.92), fill=ink, width=w)
        d.line((r * 0.3, r * 0.36, r * 0.7, r * 0.36), fill=ink, width=w)
        d.arc((r * 0.12, r * 0.4, r * 0.88, r * 0.94), 20, 160, fill=ink, width=w)

    return sprites.make(size, size, paint)


@functools.cache
def neutral() -> Image.Image:
    """The board's map with nobody holding anything."""
    return draw(BOARD, (MAP_WIDTH, MAP_HEIGHT), neutral_fill, {})


@functools.cache
def _variant(variant: str) -> Image.Image:
    seas: Iterable[str] = (
        [] if variant == IMPASSABLE_VARIANT else (a for a in FACTS.areas if kind(a) == "sea")
    )
    bands = {sea: colour(variant) for sea in seas}
    return draw(BOARD, (MAP_WIDTH, MAP_HEIGHT), lambda a: variant_fill(a, variant), bands)


@functools.cache
def mask(area: str) -> tuple[tuple[int, int, int, int], Image.Image]:
    """The pixels of ``area`` on the board (its outline less its holes), as a box and a mask of it."""
    ring = outline(BOARD, area)
    left = max(0, int(min(x for x, _ in ring)) - 2)
    top = max(0, int(min(y for _, y in ring)) - 2)
    right = min(MAP_WIDTH, int(max(x for x, _ in ring)) + 3)
    bottom = min(MAP_HEIGHT, int(max(y for _, y in ring)) + 3)
    image = Image.new("L", (right - left, bottom - top), 0)
    d = ImageDraw.Draw(image)
    d.polygon([(x - left, y - top) for x, y in ring], fill=255)
    for hole in GEOMETRY.areas[area].holes:
        d.polygon([(x * BOARD.scale - left, y * BOARD.scale - top) for x, y in hole], fill=0)
    return (left, top, right, bottom), image


@functools.cache
def patch(area: str, variant: str) -> Image.Image:
    """``area`` cut from the map drawn in ``variant``."""
    return _variant(variant).crop(mask(area)[0])


def paste_held(image: Image.Image, area: str, variant: str) -> None:
    """Show ``area`` on ``image`` (a copy of :func:`neutral`) as held by ``variant``."""
    box, area_mask = mask(area)
    image.paste(patch(area, variant), box[:2], area_mask)
