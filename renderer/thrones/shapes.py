"""The symbols of the board: units, order and power tokens, garrisons, neutral forces, icons, arrows.

Units are small sprites in the house's colour with the house's initial, each kind its own silhouette
(a footman's pawn, a knight's shield, a ship's hull and sail, a siege engine's tower), so that shape
and letter tell them apart as well as colour. A routed unit is the same sprite lying on its side.
"""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

from renderer.thrones.layout import UNIT
from renderer.thrones.style import DARK, FACTS, GOLD, INITIALS, LIGHT, NEUTRAL, colour, font, ink_on

Box = tuple[float, float, float, float]
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


def paste(canvas: Image.Image, sprite: Image.Image, box: Box) -> None:
    canvas.alpha_composite(sprite, (round(box[0]), round(box[1])))


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def star(draw: ImageDraw.ImageDraw, centre: tuple[float, float], r: float, fill=GOLD) -> None:
    draw.polygon(_star(*centre, r), fill=fill, outline=DARK)


_ORDER_TEXT = {"march": "M", "defense": "D", "support": "S", "raid": "R", "consolidate": "CP"}


def order_label(token: str) -> str:
    info = FACTS.order_tokens[token]
    text = _ORDER_TEXT[info.type]
    if info.type in ("march", "defense", "support"):
        text += f"{info.bonus:+d}"
    return text


def order_token(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], house: str, token: str | None
) -> None:
    """An order token: face down shows only its house; face up shows its type and bonus, a star if special."""
    x, y = centre
    r = 15
    fill = colour(house)
    if token is None:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=DARK, width=2)
        draw.ellipse((x - r + 4, y - r + 4, x + r - 4, y + r - 4), outline=ink_on(fill), width=1)
        draw.text((x, y), INITIALS[house], font=font(15), fill=ink_on(fill), anchor="mm")
        return
    special = FACTS.order_tokens[token].special
    draw.ellipse((x - r, y - r, x + r, y + r), fill=LIGHT, outline=GOLD if special else fill, width=4)
    draw.ellipse((x - r, y - r, x + r, y + r), outline=DARK, width=1)
    draw.text((x, y + 1), order_label(token), font=font(12), fill=DARK, anchor="mm")
    if special:
        star(draw, (x + r * 0.75, y - r * 0.75), 7)


def power_token(draw: ImageDraw.ImageDraw, centre: tuple[float, float], house: str) -> None:
    x, y = centre
    r = 10
    fill = colour(house)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=GOLD, width=3)
    draw.text((x, y), INITIALS[house], font=font(11), fill=ink_on(fill), anchor="mm")


def garrison(draw: ImageDraw.ImageDraw, centre: tuple[float, float], value: int, house: str | None) -> None:
    x, y = centre
    shield = [(x - 13, y - 14), (x + 13, y - 14), (x + 13, y + 2), (x, y + 15), (x - 13, y + 2)]
    draw.polygon(shield, fill=LIGHT, outline=colour(house) if house else DARK, width=3)
    draw.text((x, y - 1), str(value), font=font(15), fill=DARK, anchor="mm")


def neutral_force(draw: ImageDraw.ImageDraw, centre: tuple[float, float], value: int) -> None:
    x, y = centre
    r = 15
    octagon = [
        (x + r * math.cos(a), y + r * math.sin(a)) for a in (math.pi / 8 + i * math.pi / 4 for i in range(8))
    ]
    draw.polygon(octagon, fill=NEUTRAL, outline=DARK, width=2)
    draw.text((x, y), str(value), font=font(15), fill=LIGHT, anchor="mm")


def castle(draw: ImageDraw.ImageDraw, centre: tuple[float, float], level: int) -> None:
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


def barrel(draw: ImageDraw.ImageDraw, centre: tuple[float, float]) -> None:
    x, y = centre
    draw.rounded_rectangle((x - 5, y - 7, x + 5, y + 7), radius=3, fill=(150, 100, 55), outline=DARK)
    draw.line((x - 5, y - 2, x + 5, y - 2), fill=DARK)
    draw.line((x - 5, y + 3, x + 5, y + 3), fill=DARK)


def crown(draw: ImageDraw.ImageDraw, centre: tuple[float, float]) -> None:
    x, y = centre
    draw.polygon(
        [(x - 7, y + 5), (x - 7, y - 5), (x - 3, y), (x, y - 7), (x + 3, y), (x + 7, y - 5), (x + 7, y + 5)],
        fill=GOLD,
        outline=DARK,
    )


def arrow(draw: ImageDraw.ImageDraw, start: tuple[float, float], end: tuple[float, float], fill) -> None:
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


def battle_marker(draw: ImageDraw.ImageDraw, centre: tuple[float, float], winner_fill) -> None:
    """Crossed swords in a ring of the winner's colour."""
    x, y = centre
    draw.ellipse((x - 15, y - 15, x + 15, y + 15), fill=LIGHT, outline=winner_fill, width=4)
    for sign in (-1, 1):
        draw.line((x - 8 * sign, y - 8, x + 8 * sign, y + 8), fill=DARK, width=3)
        draw.line((x - 10 * sign, y + 4, x - 4 * sign, y + 10), fill=DARK, width=2)
