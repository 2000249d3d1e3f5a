"""The pieces of the A Game of Thrones board: units, order and power tokens, garrisons, neutral forces,
the castle, supply and power icons, and battle markers.

Units are small sprites in the house's colour with the house's initial, each kind its own silhouette
(a footman's pawn, a knight's shield, a ship's hull and sail, a siege engine's tower), so that shape
and letter tell them apart as well as colour. A routed unit is the same sprite lying on its side.
"""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

from renderer.core import Point
from renderer.core.colours import DARK, GOLD, LIGHT, RGB, ink_on
from renderer.core.fonts import font
from renderer.core.marks import star
from renderer.core.tokens import circle_token
from renderer.thrones.layout import UNIT
from renderer.thrones.style import FACTS, INITIALS, NEUTRAL, colour

_SS = 4  # sprites are drawn this much larger, then shrunk, for smooth edges


def _outline(kind: str, size: int) -> list[list[tuple[float, float]]]:
    """The polygons of a unit's silhouette in a ``size`` square."""
    s = size
    if kind == "footman":
        head = [
            (
                s / 2 + s * 0.17 * math.cos(a / 12 * math.tau),
                s * 0.25 + s * 0.17 * math.sin(a / 12 * math.tau),
            )
            for a in range(12)
        ]
        body = [(s * 0.22, s * 0.95), (s * 0.78, s * 0.95), (s * 0.64, s * 0.45), (s * 0.36, s * 0.45)]
        return [body, head]
    if kind == "knight":
        return [
            [
                (s * 0.12, s * 0.08),
                (s * 0.88, s * 0.08),
                (s * 0.88, s * 0.5),
                (s * 0.5, s * 0.95),
                (s * 0.12, s * 0.5),
            ]
        ]
    if kind == "ship":
        hull = [(s * 0.04, s * 0.62), (s * 0.96, s * 0.62), (s * 0.78, s * 0.92), (s * 0.22, s * 0.92)]
        sail = [(s * 0.5, s * 0.05), (s * 0.5, s * 0.56), (s * 0.86, s * 0.56)]
        return [hull, sail]
    tower = [
        (s * 0.18, s * 0.95),
        (s * 0.18, s * 0.14),
        (s * 0.32, s * 0.14),
        (s * 0.32, s * 0.26),
        (s * 0.44, s * 0.26),
        (s * 0.44, s * 0.14),
        (s * 0.56, s * 0.14),
        (s * 0.56, s * 0.26),
        (s * 0.68, s * 0.26),
        (s * 0.68, s * 0.14),
        (s * 0.82, s * 0.14),
        (s * 0.82, s * 0.95),
    ]
    return [tower]


_LETTER_AT = {"footman": 0.7, "knight": 0.42, "ship": 0.77, "siege": 0.6}


@functools.cache
def unit_sprite(kind: str, house: str, routed: bool) -> Image.Image:
    big = UNIT * _SS
    sprite = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    fill = colour(house)
    for polygon in _outline(kind, big):
        draw.polygon(polygon, fill=fill, outline=DARK, width=_SS * 2)
    letter_y = big * _LETTER_AT[kind]
    draw.text((big / 2, letter_y), INITIALS[house], font=font(11 * _SS), fill=ink_on(fill), anchor="mm")
    sprite = sprite.resize((UNIT, UNIT), Image.Resampling.LANCZOS)
    return sprite.rotate(90, expand=False) if routed else sprite


_ORDER_TEXT = {"march": "M", "defense": "D", "support": "S", "raid": "R", "consolidate": "CP"}


def order_label(token: str) -> str:
    info = FACTS.order_tokens[token]
    text = _ORDER_TEXT[info.type]
    if info.type in ("march", "defense", "support"):
        text += f"{info.bonus:+d}"
    return text


def order_token(draw: ImageDraw.ImageDraw, centre: Point, house: str, token: str | None) -> None:
    """An order token: face down shows only its house; face up shows its type and bonus, a star if special."""
    x, y = centre
    r = 15
    fill = colour(house)
    if token is None:
        circle_token(draw, centre, r, INITIALS[house], fill, outline=DARK, width=2, text_size=15, ring=4)
        return
    special = FACTS.order_tokens[token].special
    draw.ellipse((x - r, y - r, x + r, y + r), fill=LIGHT, outline=GOLD if special else fill, width=4)
    draw.ellipse((x - r, y - r, x + r, y + r), outline=DARK, width=1)
    draw.text((x, y + 1), order_label(token), font=font(12), fill=DARK, anchor="mm")
    if special:
        star(draw, (x + r * 0.75, y - r * 0.75), 7)


def power_token(draw: ImageDraw.ImageDraw, centre: Point, house: str) -> None:
    circle_token(draw, centre, 10, INITIALS[house], colour(house), outline=GOLD, width=3, text_size=11)


def garrison(draw: ImageDraw.ImageDraw, centre: Point, value: int, house: str | None) -> None:
    x, y = centre
    shield = [(x - 13, y - 14), (x + 13, y - 14), (x + 13, y + 2), (x, y + 15), (x - 13, y + 2)]
    draw.polygon(shield, fill=LIGHT, outline=colour(house) if house else DARK, width=3)
    draw.text((x, y - 1), str(value), font=font(15), fill=DARK, anchor="mm")


def neutral_force(draw: ImageDraw.ImageDraw, centre: Point, value: int) -> None:
    x, y = centre
    r = 15
    octagon = [
        (x + r * math.cos(a), y + r * math.sin(a)) for a in (math.pi / 8 + i * math.pi / 4 for i in range(8))
    ]
    draw.polygon(octagon, fill=NEUTRAL, outline=DARK, width=2)
    draw.text((x, y), str(value), font=font(15), fill=LIGHT, anchor="mm")


def castle(draw: ImageDraw.ImageDraw, centre: Point, level: int) -> None:
    """One tower for a castle, two for a stronghold."""
    x, y = centre
    for dx in (-6, 6) if level == 2 else (0,):
        left = x + dx - 6
        draw.polygon(
            [
                (left, y + 8),
                (left, y - 5),
                (left + 3, y - 5),
                (left + 3, y - 8),
                (left + 5, y - 8),
                (left + 5, y - 5),
                (left + 7, y - 5),
                (left + 7, y - 8),
                (left + 9, y - 8),
                (left + 9, y - 5),
                (left + 12, y - 5),
                (left + 12, y + 8),
            ],
            fill=(120, 112, 104),
            outline=DARK,
        )


def barrel(draw: ImageDraw.ImageDraw, centre: Point) -> None:
    x, y = centre
    draw.rounded_rectangle((x - 5, y - 7, x + 5, y + 7), radius=3, fill=(150, 100, 55), outline=DARK)
    draw.line((x - 5, y - 2, x + 5, y - 2), fill=DARK)
    draw.line((x - 5, y + 3, x + 5, y + 3), fill=DARK)


def crown(draw: ImageDraw.ImageDraw, centre: Point) -> None:
    x, y = centre
    draw.polygon(
        [(x - 7, y + 5), (x - 7, y - 5), (x - 3, y), (x, y - 7), (x + 3, y), (x + 7, y - 5), (x + 7, y + 5)],
        fill=GOLD,
        outline=DARK,
    )


def battle_marker(draw: ImageDraw.ImageDraw, centre: Point, winner_fill: RGB) -> None:
    """Crossed swords in a ring of the winner's colour."""
    x, y = centre
    draw.ellipse((x - 15, y - 15, x + 15, y + 15), fill=LIGHT, outline=winner_fill, width=4)
    for sign in (-1, 1):
        draw.line((x - 8 * sign, y - 8, x + 8 * sign, y + 8), fill=DARK, width=3)
        draw.line((x - 10 * sign, y + 4, x - 4 * sign, y + 10), fill=DARK, width=2)
