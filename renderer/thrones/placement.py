"""Where everything on the map goes, in map units: each area's name (with the room for its holder's
letter), its icons, its port mark, then its pieces, each put by :class:`renderer.core.placement.Room`
at the free spot inside the area nearest the anchor the geometry gives for it.

The names and icons never move, so they are placed once per process and language; the pieces of an area
are placed again only when what stands in it changes (placements are cached by the sizes they hold), which
keeps a render's placement to a few dictionary look-ups.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderer.core import Box, Point
from renderer.core.fonts import font
from renderer.core.placement import Room
from renderer.core.text import balanced_lines
from renderer.thrones import names
from renderer.thrones.style import (
    FACTS,
    GAP,
    GEOMETRY,
    HELD,
    ICON,
    LABEL_SIZE,
    MARGIN,
    SCALE,
)

HALO = 2  # pixels of outline around a name's letters, at the board's scale
ICON_WIDTHS = {"castle": 13, "stronghold": 20, "supply": 8, "power": 11}
ICON_GAP = 2
ROOMY = 9000  # square map units: an area smaller than this gets a smaller name
SMALL_LABEL_SIZE = 10
SMALLEST_LABEL_SIZE = 7  # the last size a name is tried at (Portuguese "Guardamar" needs it in Seagard)
SMALL_ICONS = 0.8  # and smaller icons
NUDGES = ((0.0, -10.0), (0.0, 10.0), (-10.0, 0.0), (10.0, 0.0))  # map units
SHRINKABLE = frozenset({"battle"})
SHRINK = 0.7
TIGHT_GAP = 0.5  # between two things in a crowded area
PORT_MARGIN = 1  # a port is small and its edge is a thin line: its pieces may come closer to it


@dataclass(frozen=True, slots=True)
class Label:
    """An area's name as placed: its lines, its font size (map units) and its box."""

    lines: tuple[str, ...]
    size: int
    box: Box

    @property
    def centre(self) -> Point:
        left, top, right, bottom = self.box
        return (left + right) / 2, (top + bottom) / 2


@dataclass(frozen=True, slots=True)
class Statics:
    """What never moves in an area: its label, the room for its holder's letter (kept whether or not
    anyone holds it, so that pieces never move when it changes hands) and the row of its icons. A port
    has none of them: its mark is drawn faintly across it, under its pieces (see basemap)."""

    label: Label | None
    letter: Box | None
    icons: tuple[tuple[str, Box], ...]

    def boxes(self) -> list[Box]:
        found = [box for _, box in self.icons]
        for box in (self.label.box if self.label else None, self.letter):
            if box is not None:
                found.append(box)
        return found


@functools.cache
def room(area: str) -> Room:
    """The cells of ``area``: its outline less its holes (the islands in a sea)."""
    shape = GEOMETRY.areas[area]
    xs = [x for x, _ in shape.outline]
    ys = [y for _, y in shape.outline]
    left, top = int(min(xs)) - 1, int(min(ys)) - 1
    width, height = int(max(xs)) + 2 - left, int(max(ys)) + 2 - top
    mask = Image.new("L", (width, height), 0)
    draw = ImageDraw.Draw(mask)
    draw.polygon([(x - left, y - top) for x, y in shape.outline], fill=255)
    for hole in shape.holes:
        draw.polygon([(x - left, y - top) for x, y in hole], fill=0)
    return Room(mask, (left, top))


def text_size(lines: tuple[str, ...], size: int) -> tuple[float, float]:
    """The room, in map units, that ``lines`` take at font ``size`` (map units) with their halo."""
    px = round(size * SCALE)
    width = max(font(px).getlength(line) for line in lines) + 2 * HALO
    height = len(lines) * px * 1.05 + 2 * HALO
    return width / SCALE + 1, height / SCALE


def _label(area: str) -> Label | None:
    if FACTS.areas[area].kind == "port":
        return None
    text = names.name("area", area)
    tries = []
    largest = LABEL_SIZE if room(area).cells >= ROOMY else SMALL_LABEL_SIZE  # leave a small area room
    for size in range(largest, SMALLEST_LABEL_SIZE - 1, -1):
        for lines in (balanced_lines(text, longest=10), [text]):
            tries.append((tuple(lines), size))
    anchor = GEOMETRY.areas[area].label
    for lines, size in dict.fromkeys(tries):
        width, height = text_size(lines, size)
        box = room(area).place((width, height), anchor, [], gap=0, margin=MARGIN)
        if box is not None:
            return Label(lines, size, box)
    raise ValueError(f"the name of {area} fits nowhere in it")  # caught by the tests, never at run time


def icon_kinds(area: str) -> list[str]:
    info = FACTS.areas[area]
    kinds = {0: [], 1: ["castle"], 2: ["stronghold"]}[info.castle]
    return kinds + ["supply"] * info.supply + ["power"] * info.power


def _icons(area: str, label: Label | None) -> tuple[tuple[str, Box], ...]:
    kinds = icon_kinds(area)
    if not kinds:
        return ()
    f = 1 if room(area).cells >= ROOMY else SMALL_ICONS
    widths = {k: ICON_WIDTHS[k] * f for k in kinds}
    height = ICON * f
    width = sum(widths[k] for k in kinds) + ICON_GAP * (len(kinds) - 1)
    taken = [label.box] if label else []
    if label:
        prefer = (label.centre[0], label.box[3] + GAP + height / 2)
    else:
        prefer = GEOMETRY.areas[area].label
    row = room(area).place((width, height), prefer, taken, gap=GAP, margin=MARGIN)
    boxes = []
    if row is not None:
        x = row[0]
        for kind in kinds:
            boxes.append((kind, (x, row[1], x + widths[kind], row[3])))
            x += widths[kind] + ICON_GAP
        return tuple(boxes)
    for kind in kinds:  # no room for a row: each icon where it fits, nearest the name
        box = room(area).place((widths[kind], height), prefer, taken, gap=ICON_GAP, margin=MARGIN)
        if box is None:
            raise ValueError(f"the icons of {area} fit nowhere in it")
        taken.append(box)
        boxes.append((kind, box))
    return tuple(boxes)


def statics(area: str) -> Statics:
    """What never moves in ``area``, in the board's language (its name's length decides the rest)."""
    return _statics(area, names.language())


@functools.cache
def _statics(area: str, language: str) -> Statics:
    del language  # the cache's key: _label reads the name in it
    label = _label(area)
    icons = _icons(area, label)
    return Statics(label, _letter(area, label, [box for _, box in icons]), icons)


def _letter(area: str, label: Label | None, icons: list[Box]) -> Box | None:
    """The holder's letter goes just left of the name, or wherever nearest it there is room."""
    if label is None:
        return None
    left, top, _, bottom = label.box
    prefer = (left - GAP - HELD / 2, (top + bottom) / 2)
    box = room(area).place((HELD, HELD), prefer, [label.box, *icons], gap=GAP, margin=MARGIN)
    if box is None:
        raise ValueError(f"the holder's letter of {area} fits nowhere in it")
    return box


@dataclass(frozen=True, slots=True)
class Spec:
    """A piece to place: what it is (for the record), its size in map units, and the anchor it prefers
    ("units", "order", "token" or "label": the geometry's points; "after" for the right of the piece
    placed before it)."""

    what: str
    width: float
    height: float
    anchor: str


def _prefer(area: str, spec: Spec, previous: Box | None) -> Point:
    shape = GEOMETRY.areas[area]
    if spec.anchor == "after" and previous is not None:
        return previous[2] + GAP + spec.width / 2, (previous[1] + previous[3]) / 2
    if spec.anchor == "order":
        return shape.order
    if spec.anchor == "token":
        return shape.token
    if spec.anchor == "label":
        return shape.label
    return shape.units[0], shape.units[1]


def place(area: str, specs: tuple[Spec, ...]) -> tuple[Box | None, ...]:
    return _placed(area, specs, names.language())


@functools.lru_cache(maxsize=8192)
def _placed(area: str, specs: tuple[Spec, ...], language: str) -> tuple[Box | None, ...]:
    """Boxes for ``specs`` in ``area``, in order, clear of its statics and of each other; None for a
    piece that finds no room (the tests make sure none does).

    A crowded area is tried again closer packed, then with its largest pieces placed first (a small
    area has room for them only before the small ones have scattered over it), then with the first
    piece moved off its anchor (in a round port, a chip in the middle leaves no room for a second).

    Cached per ``language``: the area's name, and so the room left, is as long as that language's."""
    del language
    margin = PORT_MARGIN if FACTS.areas[area].kind == "port" else MARGIN
    best: tuple[Box | None, ...] = ()
    largest_first = sorted(range(len(specs)), key=lambda i: -specs[i].width * specs[i].height)
    attempts = [
        (GAP, margin, range(len(specs)), (0.0, 0.0)),
        (TIGHT_GAP, PORT_MARGIN, range(len(specs)), (0.0, 0.0)),
        (TIGHT_GAP, PORT_MARGIN, largest_first, (0.0, 0.0)),
    ]
    attempts += [(TIGHT_GAP, PORT_MARGIN, largest_first, nudge) for nudge in NUDGES]
    for gap, edge, order, nudge in attempts:
        boxes = _place(area, specs, list(order), gap, edge, nudge)
        if None not in boxes:
            return boxes
        if not best or boxes.count(None) < best.count(None):
            best = boxes
    return best


def _place(
    area: str, specs: tuple[Spec, ...], order: list[int], gap: float, margin: float, nudge: Point
) -> tuple[Box | None, ...]:
    taken = statics(area).boxes()
    boxes: list[Box | None] = [None] * len(specs)
    previous: Box | None = None
    for i in order:
        spec = specs[i]
        x, y = _prefer(area, spec, previous)
        prefer = (x + nudge[0], y + nudge[1]) if previous is None else (x, y)
        box = room(area).place((spec.width, spec.height), prefer, taken, gap=gap, margin=margin)
        if box is None and spec.what in SHRINKABLE:  # a mark, not a piece: smaller rather than missing
            small = (spec.width * SHRINK, spec.height * SHRINK)
            box = room(area).place(small, prefer, taken, gap=gap, margin=margin)
        if box is not None:
            taken.append(box)
            previous = box
        boxes[i] = box
    return tuple(boxes)
