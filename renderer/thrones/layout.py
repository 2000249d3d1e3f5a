"""Where the units of an area go: a grid centred on the area's unit anchor, never overlapping."""

from __future__ import annotations

from renderer.thrones.style import GEOMETRY, SCALE, at

UNIT = 30  # a unit symbol's box, in image pixels
GAP = 4


def unit_boxes(area: str, count: int) -> list[tuple[float, float, float, float]]:
    """``count`` boxes (left, top, right, bottom) for the units of ``area``: rows as wide as the area's
    unit band allows (two units at least), stacked and centred on the anchor."""
    if count <= 0:
        return []
    x, y, band = GEOMETRY.areas[area].units
    cx, cy = at(x, y)
    per_row = max(2, min(count, int((band * SCALE + GAP) // (UNIT + GAP))))
    rows = [min(per_row, count - start) for start in range(0, count, per_row)]
    height = len(rows) * UNIT + (len(rows) - 1) * GAP
    boxes = []
    top = cy - height / 2
    for in_row in rows:
        width = in_row * UNIT + (in_row - 1) * GAP
        left = cx - width / 2
        for i in range(in_row):
            x0 = left + i * (UNIT + GAP)
            boxes.append((x0, top, x0 + UNIT, top + UNIT))
        top += UNIT + GAP
    return boxes
