"""Sizes, colours and fonts of the board image."""

from __future__ import annotations

import functools

from PIL import ImageFont

from data.thrones import load as load_facts
from data.thrones_geometry import load as load_geometry

FACTS = load_facts()
GEOMETRY = load_geometry()

SCALE = 1.25  # map pixels per geometry unit: large enough to read at full size, small enough for previews
MAP_WIDTH = round(GEOMETRY.width * SCALE)
MAP_HEIGHT = round(GEOMETRY.height * SCALE)
PANEL_WIDTH = 600
WIDTH = MAP_WIDTH + PANEL_WIDTH
HEIGHT = MAP_HEIGHT

SEA = (52, 93, 137)
SEA_BORDER = (34, 62, 95)
PORT = (104, 150, 196)
LAND = (226, 208, 160)
LAND_BORDER = (70, 60, 45)
RIVER = (60, 110, 190)
PANEL = (32, 30, 36)
PANEL_TEXT = (236, 232, 222)
PANEL_DIM = (150, 146, 140)
GOLD = (226, 182, 58)
DARK = (20, 18, 22)
LIGHT = (250, 248, 240)
IMPASSABLE = (95, 88, 80)
NEUTRAL = (120, 120, 128)

INITIALS = {"stark": "S", "lannister": "L", "greyjoy": "G", "tyrell": "T", "baratheon": "B", "martell": "M"}


def colour(house: str) -> tuple[int, int, int]:
    code = FACTS.houses[house].color.lstrip("#")
    return int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16)


def ink_on(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    """Dark or light text, whichever reads on ``fill``."""
    r, g, b = fill
    return DARK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else LIGHT


def tint(house: str, strength: float = 0.55) -> tuple[int, int, int]:
    """A land area held by ``house``: the land colour mixed with the house's."""
    r, g, b = colour(house)
    lr, lg, lb = LAND
    return (round(lr + (r - lr) * strength), round(lg + (g - lg) * strength), round(lb + (b - lb) * strength))


@functools.cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled font (no system font needed)."""
    return ImageFont.load_default(size=size)  # type: ignore[return-value]


def at(x: float, y: float) -> tuple[float, float]:
    """A geometry point on the image."""
    return x * SCALE, y * SCALE
