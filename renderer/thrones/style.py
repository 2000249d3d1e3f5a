"""Sizes and colours of the A Game of Thrones board.

Sizes of everything on the map are in map units, the coordinates of ``data/thrones/geometry.json``; a
:class:`Frame` turns them into pixels at its scale, so the board and its close-ups (drawn larger) share
one placement. The house colours are the board's own, chosen against its land and sea: every pair of
houses, and every house against neutral land, stays at least ``MIN_DISTANCE`` apart (CIE76), also as a
deuteranope sees them (tests check it); Stark is snow-white and neutral land a darker khaki, so the north
no longer reads as nobody's. Each house also has a letter, drawn on its pieces and in the areas it
holds, for anyone who cannot tell two colours apart.
"""

from __future__ import annotations

from dataclasses import dataclass

from data.thrones import load as load_facts
from data.thrones_geometry import load as load_geometry
from renderer.core import Box, Point
from renderer.core.colours import RGB

FACTS = load_facts()
GEOMETRY = load_geometry()

SCALE = 1.5  # pixels per map unit on the board: room for every piece at full size (see __init__)
CLOSEUP_SCALE = 3.0
MAP_WIDTH = round(GEOMETRY.width * SCALE)
MAP_HEIGHT = round(GEOMETRY.height * SCALE)
PANEL_WIDTH = 1240
WIDTH = MAP_WIDTH + PANEL_WIDTH
HEIGHT = MAP_HEIGHT

# Pieces and labels on the map, in map units.
LABEL_SIZE = 12  # the font size of area names
UNIT = 16  # a unit chip's height, and its width when it stands for one unit
UNIT_COUNTED = 24  # a unit chip's width with a count ("x3") beside the figure
ORDER = 18
POWER = 14
GARRISON = 17
NEUTRAL_FORCE = 20
BATTLE = 20
HELD = 12  # the house letter beside the name of a held area
ICON = 10  # the height of the castle, supply and power icons
PORT_MARK = 30  # the anchor drawn faintly across a port, under its pieces
GAP = 1.5  # between two things drawn in an area
MARGIN = 2  # between a thing and its area's border

MIN_DISTANCE = 20  # CIE76: colours that far apart read as different at a glance

HOUSE_COLOURS: dict[str, RGB] = {
    "stark": (238, 242, 248),  # snow
    "lannister": (178, 24, 43),  # crimson
    "greyjoy": (34, 34, 38),  # black
    "tyrell": (0, 146, 112),  # bluish green
    "baratheon": (240, 220, 60),  # gold
    "martell": (230, 120, 20),  # orange
}
NEUTRAL_TINT = (128, 128, 136)  # neutral forces, and a battle a neutral force won

LAND = (196, 182, 148)  # land nobody holds
SEA = (52, 93, 137)
PORT = (88, 132, 176)
LAND_BORDER = (70, 60, 45)
BORDER_CORE = (168, 158, 136)  # a thin light line inside each border, so that it shows on dark fills too
SEA_BORDER = (34, 62, 95)
RIVER = (70, 130, 205)
IMPASSABLE = (92, 86, 80)
SEA_INK = (236, 242, 250)
SEA_HALO = (30, 52, 80)
ATTACK = (230, 30, 30)
SEA_BAND = 6  # the width, in map units, of the band in a house's colour inside a sea it holds


def colour(house: str) -> RGB:
    """The colour of ``house`` on the board; a house the board does not know (none today) is grey."""
    return HOUSE_COLOURS.get(house, NEUTRAL_TINT)


@dataclass(frozen=True, slots=True)
class Frame:
    """Where the map is drawn: ``scale`` pixels per map unit, with the map point ``origin`` at the top
    left of the image."""

    scale: float
    origin: Point = (0.0, 0.0)

    def at(self, point: Point) -> Point:
        return (point[0] - self.origin[0]) * self.scale, (point[1] - self.origin[1]) * self.scale

    def box(self, box: Box) -> Box:
        (left, top), (right, bottom) = self.at(box[:2]), self.at(box[2:])
        return left, top, right, bottom

    def px(self, units: float) -> int:
        """A size in map units, in whole pixels."""
        return max(1, round(units * self.scale))


BOARD = Frame(SCALE)
