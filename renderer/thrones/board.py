"""The game on the map: who holds each area, and every label, token, order and unit, each in a box that
:mod:`renderer.thrones.placement` found inside its area and clear of everything else.

:func:`lay_out` decides what goes where, in map units, from the view alone; :func:`paint` draws it at any
frame, so the board and its close-ups show the same pieces in the same places. The layout is also what
the tests check: no two boxes overlap and none leaves its area.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from renderer.core import Box, Point, sprites, text
from renderer.core.colours import DARK, LIGHT, RGB, ink_on, mix
from renderer.core.marks import arrow
from renderer.thrones import pieces
from renderer.thrones.basemap import IMPASSABLE_VARIANT, kind, neutral_fill, variant_fill
from renderer.thrones.placement import HALO, Label, Spec, place, statics
from renderer.thrones.style import (
    BATTLE,
    FACTS,
    GARRISON,
    GEOMETRY,
    NEUTRAL_FORCE,
    NEUTRAL_TINT,
    ORDER,
    POWER,
    SEA_HALO,
    SEA_INK,
    UNIT,
    UNIT_COUNTED,
    Frame,
    colour,
)

UNIT_KINDS = ("footman", "knight", "siege", "ship")
BATTLE_STEPS = ("combat", "neutral-attack")


@dataclass(frozen=True, slots=True)
class Item:
    """One thing drawn on the map: its area, what it is, its box in map units, and what it shows."""

    area: str
    what: str
    box: Box
    shows: tuple[Any, ...] = ()


@dataclass
class Layout:
    """Everything the map shows for a view, in map units."""

    holders: dict[str, str] = field(default_factory=dict)  # area -> house, or "impassable"
    items: list[Item] = field(default_factory=list)
    arrows: list[tuple[str, str, str]] = field(default_factory=list)  # from, to, house
    unplaced: list[tuple[str, str]] = field(default_factory=list)  # (area, what) that found no room

    def in_area(self, area: str) -> list[Item]:
        return [item for item in self.items if item.area == area]


def battles_now(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The battles being fought now, each with its attacking army."""
    return [s for s in view.get("procedure", []) if s.get("step") in BATTLE_STEPS and s.get("area")]


def _holders(view: dict[str, Any]) -> dict[str, str]:
    """Who holds each area: land by its controller, a port as its land, a sea by the ships in it."""
    areas = view["areas"]
    holders: dict[str, str] = {}
    for area, entry in areas.items():
        if entry.get("impassable"):
            holders[area] = IMPASSABLE_VARIANT
        elif kind(area) == "land" and entry.get("controller"):
            holders[area] = entry["controller"]
        elif kind(area) in ("sea", "port") and entry.get("units"):
            holders[area] = entry["units"][0]["house"]
    for area, info in FACTS.areas.items():
        if info.kind == "port" and area not in holders and holders.get(info.land or "") in FACTS.houses:
            holders[area] = holders[info.land or ""]
    return holders


def _unit_groups(area: str, entry: dict[str, Any], attacking: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """The area's units as chips: (kind, house, count, routed, attacking), house by house, kind by kind."""
    counts: dict[tuple[str, str, bool, bool], int] = {}
    for u in entry.get("units", []):
        key = (u["house"], u["kind"], bool(u.get("routed")), False)
        counts[key] = counts.get(key, 0) + 1
    for step in attacking:
        if step["area"] == area:
            for unit_kind in step.get("army", []):
                key = (step["attacker"], unit_kind, False, True)
                counts[key] = counts.get(key, 0) + 1
    order = sorted(counts, key=lambda k: (k[3], k[0], UNIT_KINDS.index(k[1]), k[2]))
    return [(k[1], k[0], counts[k], k[2], k[3]) for k in order]


def _pieces(area: str, entry: dict[str, Any], view: dict[str, Any], attacking: list[dict[str, Any]]):
    """What stands in ``area``, as (spec, what it shows), in the order they are placed."""
    found: list[tuple[Spec, tuple[Any, ...]]] = []
    if entry.get("impassable") and kind(area) == "land":
        found.append((Spec("impassable", NEUTRAL_FORCE, NEUTRAL_FORCE, "units"), ()))
    if "garrison" in entry:
        found.append(
            (Spec("garrison", GARRISON, GARRISON, "token"), (entry["garrison"], FACTS.areas[area].home))
        )
    if "neutral_force" in entry:
        found.append(
            (Spec("neutral_force", NEUTRAL_FORCE, NEUTRAL_FORCE, "units"), (entry["neutral_force"],))
        )
    if entry.get("power_token"):
        found.append((Spec("power_token", POWER, POWER, "token"), (entry["power_token"],)))
    order = entry.get("order")
    if order:
        found.append((Spec("order", ORDER, ORDER, "order"), (order["house"], order.get("token"))))
    for i, group in enumerate(_unit_groups(area, entry, attacking)):
        width = UNIT_COUNTED if group[2] > 1 else UNIT
        found.append((Spec("unit", width, UNIT, "units" if i == 0 else "after"), group))
    for battle in view.get("last_action_phase", {}).get("battles", []):
        if battle[0] == area:
            winner = battle[3] if len(battle) > 3 else None
            found.append((Spec("battle", BATTLE, BATTLE, "label"), (winner,)))
            break
    return found


def lay_out(view: dict[str, Any], highlights: bool = True) -> Layout:
    """What the map of ``view`` shows and where: ``highlights`` adds the marches and battles of the last
    Action phase."""
    layout = Layout(holders=_holders(view))
    shown = view if highlights else {**view, "last_action_phase": {}}
    attacking = battles_now(view)
    areas: dict[str, dict[str, Any]] = view["areas"]
    for area in sorted(FACTS.areas):
        still = statics(area)
        if still.label is not None:
            layout.items.append(Item(area, "label", still.label.box, (still.label,)))
        holder = layout.holders.get(area)
        if still.letter is not None and holder in FACTS.houses:
            layout.items.append(Item(area, "letter", still.letter, (holder,)))
        layout.items += [Item(area, "icon", box, (icon,)) for icon, box in still.icons]
        found = _pieces(area, areas.get(area, {}), shown, attacking)
        if not found:
            continue
        boxes = place(area, tuple(spec for spec, _ in found))
        for (spec, shows), box in zip(found, boxes, strict=True):
            if box is None:
                layout.unplaced.append((area, spec.what))
            else:
                layout.items.append(Item(area, spec.what, box, shows))
    if highlights:
        layout.arrows += [(m[0], m[1], m[2]) for m in view.get("last_action_phase", {}).get("marches", [])]
    layout.arrows += [(s["origin"], s["area"], s["attacker"]) for s in attacking if s.get("origin")]
    return layout


def fill_of(area: str, layout: Layout) -> RGB:
    holder = layout.holders.get(area)
    return neutral_fill(area) if holder is None else variant_fill(area, holder)


def _label(area: str, label: Label, fill: RGB, k: float) -> Image.Image:
    """An area's name, in ink that reads on ``fill``, edged in a halo of the fill's opposite."""
    if kind(area) == "sea":
        ink, halo = SEA_INK, SEA_HALO
    else:
        ink = ink_on(fill)
        halo = mix(fill, LIGHT, 0.6) if ink == DARK else mix(fill, DARK, 0.6)
    stroke = max(1, round(HALO * k / 1.5))
    return text.sprite(
        "\n".join(label.lines), round(label.size * k), ink, anchor="mm", halo=halo, stroke=stroke
    )[0]


def _sprite(item: Item, layout: Layout, k: float) -> Image.Image:
    what, shows = item.what, item.shows
    if what == "label":
        return _label(item.area, shows[0], fill_of(item.area, layout), k)
    if what == "letter":
        return pieces.held(shows[0], k)
    if what == "icon":
        return pieces.icon(shows[0], item.box[2] - item.box[0], item.box[3] - item.box[1], k)
    if what == "unit":
        return pieces.unit(*shows, k)
    if what == "order":
        return pieces.order(shows[0], shows[1], k)
    if what == "power_token":
        return pieces.power_token(shows[0], k)
    if what == "garrison":
        return pieces.garrison(shows[0], shows[1], k)
    if what == "neutral_force":
        return pieces.neutral_force(shows[0], k)
    if what == "battle":
        winner = colour(shows[0]) if shows[0] in FACTS.houses else NEUTRAL_TINT
        return pieces.battle(winner, item.box[2] - item.box[0], k)
    return pieces.no_entry(k)


def _anchor(area: str) -> Point:
    return GEOMETRY.areas[area].units[:2]


STILL = frozenset({"label", "letter", "icon"})  # what moves only when an area changes hands


def paint(
    image: Image.Image, frame: Frame, layout: Layout, *, still: bool = True, pieces: bool = True
) -> None:
    """Draw ``layout`` on ``image`` (the map already in its fills) in ``frame``: with ``still``, the
    arrows, under everything, and the names, letters and icons; with ``pieces``, the rest. The board
    keeps the first part in its cache of the map (see ``renderer.thrones``)."""
    if still:
        draw = ImageDraw.Draw(image)
        for source, dest, house in layout.arrows:
            arrow(
                draw,
                frame.at(_anchor(source)),
                frame.at(_anchor(dest)),
                colour(house),
                scale=frame.scale / 1.5,
            )
    for item in layout.items:
        if (still and item.what in STILL) or (pieces and item.what not in STILL):
            sprites.paste(image, _sprite(item, layout, frame.scale), frame.box(item.box))
