"""Close-ups: one area and its neighbours, larger, with the same pieces and labels as the board."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renderer.core.colours import DARK, GOLD
from renderer.core.png import encode
from renderer.thrones import basemap, names
from renderer.thrones.board import fill_of, lay_out, paint
from renderer.thrones.style import CLOSEUP_SCALE, FACTS, GEOMETRY, Frame, colour

PAD = 12  # map units of margin around the areas shown
DIM = 0.55  # how far the areas around them are darkened


def closeup(view: dict[str, Any], focus: str, *, highlights: bool = True, language: str = "en") -> bytes:
    """PNG bytes of ``focus`` (an area id) and the areas next to it, at twice the board's scale, with
    their names in ``language``."""
    with names.speaking(language):
        return _closeup(view, focus, highlights)


def _closeup(view: dict[str, Any], focus: str, highlights: bool) -> bytes:
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
    return encode(_focused(image, frame, focus, shown))


def _focused(image: Image.Image, frame: Frame, focus: str, shown: set[str]) -> Image.Image:
    """The areas around those shown dimmed, and the focus ringed in gold, so that the eye goes to it."""
    mask = Image.new("L", image.size, 0)
    draw = ImageDraw.Draw(mask)
    for area in shown:
        draw.polygon(basemap.outline(frame, area), fill=255)
    dimmed = Image.blend(image, Image.new("RGB", image.size, DARK), DIM)
    image = Image.composite(image, dimmed, mask)
    ring = basemap.outline(frame, focus)
    ImageDraw.Draw(image).line([*ring, ring[0]], fill=GOLD, width=frame.px(2), joint="curve")
    return image
