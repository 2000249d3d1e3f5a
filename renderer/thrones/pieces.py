"""The pieces and marks of the map as sprites, at any scale (``k``: pixels per map unit).

Units of one house, kind and state in an area are one chip: the kind's figure in the house's colour with
the count beside it, so a stack of four reads as "4" instead of four figures to count. Orders are discs
in their house's colour (a sea's order no longer looks like anyone's); face up they show the initials of
the order's name and its bonus, with a gold edge when special. Tokens carry the house's letter as well
as its colour.
"""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

from renderer.core import sprites
from renderer.core.colours import DARK, GOLD, LIGHT, RGB, ink_on, mix
from renderer.core.fonts import font
from renderer.core.sprites import scaled
from renderer.thrones import names
from renderer.thrones.style import (
    ATTACK,
    GARRISON,
    HELD,
    NEUTRAL_FORCE,
    NEUTRAL_TINT,
    ORDER,
    POWER,
    UNIT,
    UNIT_COUNTED,
    colour,
)

# Figures on a unit square, y downwards.
_FIGURES: dict[str, list[list[tuple[float, float]]]] = {
    "footman": [
        [(0.3, 0.95), (0.7, 0.95), (0.62, 0.45), (0.38, 0.45)],
        [
            (0.5 + 0.16 * math.cos(a * math.tau / 12), 0.27 + 0.16 * math.sin(a * math.tau / 12))
            for a in range(12)
        ],
    ],
    "knight": [[(0.15, 0.08), (0.85, 0.08), (0.85, 0.5), (0.5, 0.95), (0.15, 0.5)]],
    "ship": [
        [(0.04, 0.6), (0.96, 0.6), (0.78, 0.92), (0.22, 0.92)],
        [(0.5, 0.05), (0.5, 0.54), (0.88, 0.54)],
        [(0.44, 0.14), (0.44, 0.54), (0.16, 0.54)],
    ],
    "siege": [
        [
            (0.18, 0.95),
            (0.18, 0.12),
            (0.32, 0.12),
            (0.32, 0.24),
            (0.44, 0.24),
            (0.44, 0.12),
            (0.56, 0.12),
            (0.56, 0.24),
            (0.68, 0.24),
            (0.68, 0.12),
            (0.82, 0.12),
            (0.82, 0.95),
        ]
    ],
}


def _edge(fill: RGB) -> RGB:
    """The outline of a piece of ``fill``: dark round light colours, light round dark ones."""
    return DARK if ink_on(fill) == DARK else LIGHT


@functools.cache
def unit(kind: str, house: str, count: int, routed: bool, attacking: bool, k: float) -> Image.Image:
    """A chip for ``count`` units of one kind: the figure, and the count when more than one. A routed
    chip is pale with its figure on its side; a chip attacking now has a red edge."""
    height = round(UNIT * k)
    width = round((UNIT_COUNTED if count > 1 else UNIT) * k)
    fill = colour(house)
    body = mix(fill, (200, 200, 200), 0.55) if routed else fill
    ink = ink_on(body)
    edge = ATTACK if attacking else _edge(fill)
    line = 3 if attacking else 1.5

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        d.rounded_rectangle(
            (0, 0, width * s - 1, height * s - 1),
            radius=height * s * 0.22,
            fill=body,
            outline=edge,
            width=round(line * s * k / 1.5),
        )
        side = height * 0.78
        pad = (height - side) / 2
        for shape in _FIGURES[kind]:
            points = [
                (pad + (y if routed else x) * side, pad + ((1 - x) if routed else y) * side) for x, y in shape
            ]
            d.polygon(scaled(points, s), fill=ink)

    sprite = sprites.make(width, height, paint)
    if count > 1:
        ImageDraw.Draw(sprite).text(
            (height + (width - height) / 2 - k, height / 2),
            str(count),
            font=font(round(13 * k)),
            fill=ink,
            anchor="mm",
        )
    return sprite


@functools.cache
def order(house: str, token: str | None, k: float) -> Image.Image:
    """An order token in its house's colour: face down, the house's letter in a ring; face up, the
    order's mark, on a gold-edged disc when special."""
    size = round(ORDER * k)
    fill = colour(house)
    ink = ink_on(fill)
    special = token is not None and token.endswith("*")

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        r = size * s
        edge = GOLD if special else _edge(fill)
        d.ellipse((0, 0, r - 1, r - 1), fill=edge)
        inset = r * (0.12 if special else 0.06)
        d.ellipse((inset, inset, r - 1 - inset, r - 1 - inset), fill=fill)
        if token is None:
            ring = r * 0.2
            d.ellipse((ring, ring, r - 1 - ring, r - 1 - ring), outline=ink, width=round(s * k))

    sprite = sprites.make(size, size, paint)
    text = names.initial(house) if token is None else names.order_mark(token)
    points = round((9 if len(text) > 2 else 10.5 if len(text) == 2 else 11) * k)
    ImageDraw.Draw(sprite).text((size / 2, size / 2), text, font=font(points), fill=ink, anchor="mm")
    return sprite


@functools.cache
def power_token(house: str, k: float) -> Image.Image:
    size = round(POWER * k)
    fill = colour(house)

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        r = size * s
        d.ellipse((0, 0, r - 1, r - 1), fill=GOLD, outline=DARK, width=round(s))
        d.ellipse((r * 0.16, r * 0.16, r * 0.84 - 1, r * 0.84 - 1), fill=fill)

    sprite = sprites.make(size, size, paint)
    text = names.initial(house)
    ImageDraw.Draw(sprite).text(
        (size / 2, size / 2), text, font=font(round(8 * k)), fill=ink_on(fill), anchor="mm"
    )
    return sprite


@functools.cache
def garrison(value: int, house: str | None, k: float) -> Image.Image:
    size = round(GARRISON * k)
    edge = colour(house) if house else DARK

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        r = size * s
        outer = [(0.04, 0.04), (0.96, 0.04), (0.96, 0.55), (0.5, 0.97), (0.04, 0.55)]
        inner = [(0.17, 0.16), (0.83, 0.16), (0.83, 0.5), (0.5, 0.82), (0.17, 0.5)]
        d.polygon(scaled(outer, r), fill=edge, outline=DARK, width=round(s))
        d.polygon(scaled(inner, r), fill=LIGHT)

    sprite = sprites.make(size, size, paint)
    ImageDraw.Draw(sprite).text(
        (size / 2, size * 0.42), str(value), font=font(round(9 * k)), fill=DARK, anchor="mm"
    )
    return sprite


@functools.cache
def neutral_force(value: int, k: float) -> Image.Image:
    size = round(NEUTRAL_FORCE * k)

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        r = size * s / 2
        octagon = [
            (r + r * 0.96 * math.cos(a), r + r * 0.96 * math.sin(a))
            for a in (math.pi / 8 + i * math.pi / 4 for i in range(8))
        ]
        d.polygon(octagon, fill=NEUTRAL_TINT, outline=LIGHT, width=round(1.5 * s))

    sprite = sprites.make(size, size, paint)
    ImageDraw.Draw(sprite).text(
        (size / 2, size / 2), str(value), font=font(round(11 * k)), fill=LIGHT, anchor="mm"
    )
    return sprite


@functools.cache
def held(house: str, k: float) -> Image.Image:
    """The holder's letter beside an area's name: a square of the house's colour."""
    size = round(HELD * k)
    fill = colour(house)

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        d.rounded_rectangle(
            (0, 0, size * s - 1, size * s - 1),
            radius=size * s * 0.2,
            fill=fill,
            outline=_edge(fill),
            width=round(1.2 * s * k),
        )

    sprite = sprites.make(size, size, paint)
    ImageDraw.Draw(sprite).text(
        (size / 2, size / 2), names.initial(house), font=font(round(9 * k)), fill=ink_on(fill), anchor="mm"
    )
    return sprite


@functools.cache
def battle(winner: RGB, units: float, k: float) -> Image.Image:
    """Crossed swords on a red star, ``units`` map units across: where a battle was fought this phase;
    the centre is the winner's colour."""
    size = round(units * k)

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        c = size * s / 2
        points = []
        for i in range(16):
            radius = c * (0.98 if i % 2 == 0 else 0.7)
            angle = -math.pi / 2 + i * math.pi / 8
            points.append((c + radius * math.cos(angle), c + radius * math.sin(angle)))
        d.polygon(points, fill=ATTACK, outline=LIGHT, width=round(s * k))
        d.ellipse((c * 0.45, c * 0.45, c * 1.55, c * 1.55), fill=winner, outline=DARK, width=round(s))
        ink = ink_on(winner)
        for sign in (-1, 1):
            d.line(
                (c - c * 0.4 * sign, c - c * 0.4, c + c * 0.4 * sign, c + c * 0.4),
                fill=ink,
                width=round(2.2 * s * k),
            )
            d.line(
                (c - c * 0.42 * sign, c + c * 0.12, c - c * 0.12 * sign, c + c * 0.42),
                fill=ink,
                width=round(1.6 * s * k),
            )

    return sprites.make(size, size, paint)


@functools.cache
def icon(kind: str, width: float, height: float, k: float) -> Image.Image:
    """A map icon ``width`` x ``height`` map units: a castle (one tower), a stronghold (a keep between
    two towers), a supply barrel or a power crown."""
    w, h = round(width * k), round(height * k)

    def tower(d: ImageDraw.ImageDraw, s: float, left: float, right: float, top: float) -> None:
        step = (right - left) / 5
        outline = [(left, h), (left, top)]
        for i in range(5):
            y = top if i % 2 == 0 else top + step
            outline += [(left + i * step, y), (left + (i + 1) * step, y)]
        outline += [(right, h)]
        d.polygon(scaled(outline, s), fill=(150, 142, 132), outline=DARK, width=round(s))

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        if kind == "castle":
            tower(d, s, 0.5, w - 0.5, 0.5)
        elif kind == "stronghold":
            tower(d, s, 0.5, w * 0.3, h * 0.3)
            tower(d, s, w * 0.7, w - 0.5, h * 0.3)
            tower(d, s, w * 0.25, w * 0.75, 0.5)
        elif kind == "supply":
            d.rounded_rectangle(
                (0.5 * s, 0.5 * s, (w - 0.5) * s, (h - 0.5) * s),
                radius=w * s * 0.35,
                fill=(164, 108, 58),
                outline=DARK,
                width=round(s),
            )
            for y in (0.33, 0.67):
                d.line((0.5 * s, h * y * s, (w - 0.5) * s, h * y * s), fill=DARK, width=round(s))
        else:
            crown = [
                (0.05, 0.95),
                (0.05, 0.25),
                (0.3, 0.6),
                (0.5, 0.08),
                (0.7, 0.6),
                (0.95, 0.25),
                (0.95, 0.95),
            ]
            d.polygon([(x * w * s, y * h * s) for x, y in crown], fill=GOLD, outline=DARK, width=round(s))

    return sprites.make(w, h, paint)


@functools.cache
def no_entry(k: float) -> Image.Image:
    """The mark of an impassable area: a red disc crossed by a white bar."""
    size = round(NEUTRAL_FORCE * k)

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        r = size * s
        d.ellipse((0, 0, r - 1, r - 1), fill=(196, 36, 36), outline=LIGHT, width=round(1.5 * s * k))
        d.rectangle((r * 0.2, r * 0.41, r * 0.8, r * 0.59), fill=LIGHT)

    return sprites.make(size, size, paint)
