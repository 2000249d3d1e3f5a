"""Close-ups: one area and its neighbours, larger, with the same pieces and labels as the board."""

from __future__ import annotations

from typing import Any

from renderer.core.png import encode
from renderer.thrones import basemap
from renderer.thrones.board import fill_of, lay_out, paint
from renderer.thrones.style import CLOSEUP_SCALE, FACTS, GEOMETRY, Frame, colour

PAD = 12  # map units of margin around the areas shown


def closeup(view: dict[str, Any], focus: str, *, highlights: bool = True) -> bytes:
    """PNG bytes of ``focus`` (an area id) and the areas next to it, at twice the board's scale."""
    if focus not in FACTS.areas:
        raise ValueError(f"There is no area {focus!r} on the board.")
    shown = {focus, *FACTS.areas[focus].adjacent}
    points = [p for area in shown for p in GEOMETRY.areas[area].outline]
    left = max(0.0, min(x for x, _ in points) - PAD)
    top = max(0.0, min(y for _, y in points) - PAD)
    right = min(GEOMETRY.width, max(x for x, _ in points) + PAD)
    bottom = min(GEOMETRY.height, max(y for _, y in points) + PAD)
    frame = Frame(CLOSEUP_SCALE, (left, top))
    size = (round((right - left) * CLOSEUP_SCALE), round((bottom - top) * CLOSEUP_SCALE))
    layout = lay_out(view, highlights)
    bands = {
        a: colour(h) for a, h in layout.holders.items() if basemap.kind(a) == "sea" and h in FACTS.houses
    }
    image = basemap.draw(frame, size, lambda a: fill_of(a, layout), bands)
    paint(image, frame, layout)
    return encode(image)
