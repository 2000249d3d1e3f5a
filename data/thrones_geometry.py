"""The board's drawing geometry (data/thrones/geometry.json): area outlines, anchors and rivers.

Coordinates are on the canvas the file names; the renderer scales them. Validated against the map:
every area has a closed outline and its anchors, and no unknown area appears.
"""

from __future__ import annotations

import functools
import importlib.resources
import json
from dataclasses import dataclass
from typing import Any

from data.thrones import DataError
from data.thrones import load as load_facts

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class AreaShape:
    outline: tuple[Point, ...]
    holes: tuple[tuple[Point, ...], ...]  # islands inside a sea, drawn by their own land areas
    label: Point
    units: tuple[float, float, float]  # centre x, centre y, width of the unit band
    order: Point
    token: Point


@dataclass(frozen=True, slots=True)
class Geometry:
    width: float
    height: float
    areas: dict[str, AreaShape]
    rivers: tuple[tuple[Point, ...], ...]


def _point(value: Any, where: str) -> Point:
    if not (
        isinstance(value, list) and len(value) >= 2 and all(isinstance(v, int | float) for v in value[:2])
    ):
        raise DataError(f"geometry.json {where}: expected [x, y], got {value!r}")
    return float(value[0]), float(value[1])


def _ring(value: Any, where: str) -> tuple[Point, ...]:
    if not isinstance(value, list) or len(value) < 3:
        raise DataError(f"geometry.json {where}: a polygon needs at least 3 points")
    return tuple(_point(p, where) for p in value)


def parse(document: dict[str, Any]) -> Geometry:
    facts = load_facts()
    width, height = _point(document.get("canvas"), "canvas")
    raw = document.get("areas")
    if not isinstance(raw, dict):
        raise DataError("geometry.json: 'areas' must be a table of areas")
    unknown = set(raw) - set(facts.areas)
    missing = set(facts.areas) - set(raw)
    if unknown or missing:
        raise DataError(f"geometry.json: unknown areas {sorted(unknown)}, missing areas {sorted(missing)}")
    areas = {}
    for area, entry in raw.items():
        where = f"[areas.{area}]"
        units = entry.get("units")
        if not (isinstance(units, list) and len(units) == 3):
            raise DataError(f"geometry.json {where}: 'units' must be [x, y, width]")
        shape = AreaShape(
            outline=_ring(entry.get("outline"), where),
            holes=tuple(_ring(h, where) for h in entry.get("holes", [])),
            label=_point(entry.get("label"), where),
            units=(float(units[0]), float(units[1]), float(units[2])),
            order=_point(entry.get("order"), where),
            token=_point(entry.get("token"), where),
        )
        for x, y in (*shape.outline, shape.label, shape.order, shape.token):
            if not (-2 <= x <= width + 2 and -2 <= y <= height + 2):  # outlines may run along the frame
                raise DataError(f"geometry.json {where}: point ({x}, {y}) lies off the canvas")
        areas[area] = shape
    rivers = tuple(tuple(_point(p, "rivers") for p in line) for line in document.get("rivers", []))
    return Geometry(width, height, areas, rivers)


@functools.cache
def load() -> Geometry:
    text = (importlib.resources.files("data") / "thrones" / "geometry.json").read_text(encoding="utf-8")
    return parse(json.loads(text))
