"""Placement that is checked, not hoped for: boxes put inside a region and clear of each other.

A :class:`Room` is one region of a board (an area of the map) as a mask of whole cells, one cell per
unit of the board's own coordinates. It answers, in constant time from a summed-area table, whether a box
lies wholly inside the region, and finds the free spot nearest a preferred point for a box of a given
size, searching outwards in rings. Everything a board draws on its map goes through it, so the board
knows every box it drew; tests assert the same facts with :func:`overlaps` and :meth:`Room.inside`.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence

from PIL import Image

from renderer.core import Box, Point

SEARCH_RADIUS = 160  # cells: how far from its preferred point a box is looked for
SEARCH_STEP = 2  # cells between two tried positions


def overlaps(a: Box, b: Box, gap: float = 0) -> bool:
    """Whether ``a`` and ``b`` come closer than ``gap`` (touching edges do not overlap)."""
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


@functools.cache
def _offsets() -> tuple[tuple[int, int], ...]:
    """Offsets from a preferred point, nearest first, out to the search radius."""
    span = range(-SEARCH_RADIUS, SEARCH_RADIUS + 1, SEARCH_STEP)
    near = [(dx, dy) for dx in span for dy in span if dx * dx + dy * dy <= SEARCH_RADIUS**2]
    return tuple(sorted(near, key=lambda d: (d[0] * d[0] + d[1] * d[1], d[1], d[0])))


class Room:
    """A region of whole cells: ``mask`` (mode "L", 255 inside) with its top-left cell at ``origin``."""

    def __init__(self, mask: Image.Image, origin: tuple[int, int]) -> None:
        self.origin = origin
        self.width, self.height = mask.size
        binary = mask.point(lambda v: 1 if v >= 128 else 0).tobytes()
        table = [[0] * (self.width + 1)]
        for y in range(self.height):
            row = binary[y * self.width : (y + 1) * self.width]
            above = table[-1]
            table.append([a + r for a, r in zip(above, itertools.accumulate(row, initial=0), strict=True)])
        self._table = table
        self.cells = table[-1][-1]

    def inside(self, box: Box, margin: float = 0) -> bool:
        """Whether ``box`` (in board units), grown by ``margin``, covers only cells of the region."""
        left = math.floor(box[0] - margin) - self.origin[0]
        top = math.floor(box[1] - margin) - self.origin[1]
        right = math.ceil(box[2] + margin) - self.origin[0]
        bottom = math.ceil(box[3] + margin) - self.origin[1]
        if left < 0 or top < 0 or right > self.width or bottom > self.height or right <= left:
            return False
        t = self._table
        count = t[bottom][right] - t[top][right] - t[bottom][left] + t[top][left]
        return count == (right - left) * (bottom - top)

    def place(
        self,
        size: tuple[float, float],
        prefer: Point,
        taken: Sequence[Box],
        *,
        gap: float,
        margin: float,
    ) -> Box | None:
        """The box of ``size`` nearest ``prefer`` (its centre) that lies inside the region by ``margin``
        and keeps ``gap`` from every box in ``taken``; None when there is none."""
        width, height = size
        x0, y0 = round(prefer[0] - width / 2), round(prefer[1] - height / 2)
        for dx, dy in _offsets():
            box = (x0 + dx, y0 + dy, x0 + dx + width, y0 + dy + height)
            if self.inside(box, margin) and not any(overlaps(box, other, gap) for other in taken):
                return box
        return None
