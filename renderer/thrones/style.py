"""Sizes and colours of the A Game of Thrones board: the map's scale, its sea and land, the houses'
colours and initials, and the tint of an area a house holds."""

from __future__ import annotations

from data.thrones import load as load_facts
from data.thrones_geometry import load as load_geometry
from renderer.core import Point
from renderer.core.colours import RGB, mix, rgb

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
IMPASSABLE = (95, 88, 80)
NEUTRAL = (120, 120, 128)

INITIALS = {"stark": "S", "lannister": "L", "greyjoy": "G", "tyrell": "T", "baratheon": "B", "martell": "M"}


def colour(house: str) -> RGB:
    return rgb(FACTS.houses[house].color)


def tint(house: str, strength: float = 0.55) -> RGB:
    """A land area held by ``house``: the land colour mixed with the house's."""
    return mix(LAND, colour(house), strength)


def at(x: float, y: float) -> Point:
    """A geometry point on the image."""
    return x * SCALE, y * SCALE
