"""The game on the map: who holds each area, tokens, orders, units, and what the last Action phase did."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renderer.core import Box, Point
from renderer.core.colours import DARK, LIGHT
from renderer.core.marks import arrow, paste
from renderer.core.text import label
from renderer.thrones import shapes
from renderer.thrones.basemap import decor, fills, label_box, polygon
from renderer.thrones.layout import unit_boxes
from renderer.thrones.style import FACTS, GEOMETRY, IMPASSABLE, MAP_HEIGHT, NEUTRAL, at, colour, tint

Drawn = dict[str, Any]
TOKEN_ROOM = 17  # the radius a token needs to stay clear of an area's name


def clear_of_name(area: str, point: Point) -> Point:
    """A token's place, moved below the area's name (and its icons) when it would cover them."""
    left, top, right, bottom = label_box(area)
    bottom += 22 if FACTS.areas[area].kind == "land" else 0  # the icon row under a land area's name
    x, y = point
    if left - TOKEN_ROOM < x < right + TOKEN_ROOM and top - TOKEN_ROOM < y < bottom + TOKEN_ROOM:
        return x, bottom + TOKEN_ROOM + 2
    return point


def _units_of(area: str, entry: dict[str, Any], view: dict[str, Any]) -> list[dict[str, Any]]:
    """The units to draw in an area: those on the board, and an army attacking it in a battle now."""
    units = list(entry.get("units", []))
    for step in view.get("procedure", []):
        if step.get("step") in ("combat", "neutral-attack") and step.get("area") == area:
            units += [{"house": step["attacker"], "kind": kind, "attacking": True} for kind in step["army"]]
    return units


def units_clear_of_name(area: str, boxes: list[Box]) -> list[Box]:
    """The unit boxes, moved down together below the area's name when any of them would cover it."""
    left, top, right, bottom = label_box(area)
    bottom += 22 if FACTS.areas[area].kind == "land" else 0
    if not any(b[0] < right and b[2] > left and b[1] < bottom and b[3] > top for b in boxes):
        return boxes
    shift = bottom + 4 - min(b[1] for b in boxes)
    if max(b[3] for b in boxes) + shift > MAP_HEIGHT:  # no room below the name: go above it
        shift = top - 4 - max(b[3] for b in boxes)
    return [(b[0], b[1] + shift, b[2], b[3] + shift) for b in boxes]


def draw_map(view: dict[str, Any], highlights: bool = True) -> tuple[Image.Image, Drawn]:
    """The map of ``view``; also returns what was drawn where (for tests and the legend)."""
    image = fills().copy()
    draw = ImageDraw.Draw(image)
    areas: dict[str, dict[str, Any]] = view["areas"]
    drawn: Drawn = {"tinted": {}, "units": {}, "orders": {}}
    for area, entry in areas.items():
        if entry.get("impassable"):
            draw.polygon(polygon(area), fill=IMPASSABLE)
            drawn["tinted"][area] = "impassable"
        elif FACTS.areas[area].kind == "land" and entry.get("controller"):
            draw.polygon(polygon(area), fill=tint(entry["controller"]))
            drawn["tinted"][area] = entry["controller"]
    image.alpha_composite(decor())
    draw = ImageDraw.Draw(image)
    for area, house in drawn["tinted"].items():
        if (
            house != "impassable"
        ):  # the holder's colour along the edge too: readable without telling tints apart
            outline = polygon(area)
            draw.line([*outline, outline[0]], fill=colour(house), width=4, joint="curve")
    for area, entry in areas.items():
        shape = GEOMETRY.areas[area]
        if entry.get("impassable") and FACTS.areas[area].kind == "land":
            label(draw, at(*shape.units[:2]), ["impassable"], 14, fill=LIGHT, outline=DARK, stroke=2)
        token_x, token_y = clear_of_name(area, at(*shape.token))
        if "garrison" in entry:
            shapes.garrison(draw, (token_x, token_y), entry["garrison"], FACTS.areas[area].home)
            token_x += 30
        if "power_token" in entry:
            shapes.power_token(draw, (token_x, token_y), entry["power_token"])
        if "neutral_force" in entry:
            shapes.neutral_force(draw, at(*shape.units[:2]), entry["neutral_force"])
        order = entry.get("order")
        if order is not None:
            shapes.order_token(
                draw, clear_of_name(area, at(*shape.order)), order["house"], order.get("token")
            )
            drawn["orders"][area] = order.get("token")
        units = _units_of(area, entry, view)
        boxes = units_clear_of_name(area, unit_boxes(area, len(units)))
        for unit, box in zip(units, boxes, strict=True):
            paste(image, shapes.unit_sprite(unit["kind"], unit["house"], bool(unit.get("routed"))), box)
            if unit.get("attacking"):
                draw.rectangle(box, outline=(220, 40, 40), width=2)
        drawn["units"][area] = boxes
    if highlights:
        _highlights(draw, view)
    return image, drawn


def _anchor(area: str) -> Point:
    return at(*GEOMETRY.areas[area].units[:2])


def _highlights(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """Arrows for the marches of the last Action phase; crossed swords where battles were fought."""
    last = view.get("last_action_phase", {})
    for source, dest, house in last.get("marches", []):
        start, end = _anchor(source), _anchor(dest)
        arrow(draw, start, end, colour(house))
    for step in view.get("procedure", []):
        if step.get("step") in ("combat", "neutral-attack"):
            arrow(draw, _anchor(step["origin"]), _anchor(step["area"]), colour(step["attacker"]))
    for area, _attacker, _defender, winner in last.get("battles", []):
        left, top, _, bottom = label_box(area)
        fill = colour(winner) if winner in FACTS.houses else NEUTRAL
        shapes.battle_marker(draw, (left - 18, (top + bottom) / 2), fill)
