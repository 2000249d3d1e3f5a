"""The A Game of Thrones board: the whole public state of a game in one PNG.

Composition, and why. Discord shows an image first inside a box of about 550 x 350 pixels (less on a
phone) and scales it to fit. Westeros is tall (the map is 0.54 as wide as it is high), so whatever the
composition, a map at the full height of the image is drawn at most 350 pixels high in that box: no
layout can show it larger without cutting the map. What a layout decides is what the rest of the box
shows. A portrait board leaves the box's right half empty; this one is landscape, the map on the left
at full height and the panel on its right in large type, so that the round, the phase, the wildling
threat and the tracks read in the preview, and the map, in house colours strong enough to tell at that
size, says who holds what. Opened at full size, the map is at 1.5 pixels per map unit, the scale at
which every piece, count and name fits inside its area without covering anything (see placement).

Close-ups (:func:`closeup`) draw one area and its neighbours at twice that scale, for battles and for a
player's own realm. :func:`chart` draws the end-of-game report's castles, round by round.
"""

from __future__ import annotations

import functools
from typing import Any

from PIL import Image

from renderer.core.colours import PANEL
from renderer.core.png import encode
from renderer.thrones import basemap, names
from renderer.thrones.board import STILL, Item, Layout, lay_out, paint
from renderer.thrones.chart import chart
from renderer.thrones.closeup import closeup
from renderer.thrones.panel import draw_background, draw_panel
from renderer.thrones.style import BOARD, HEIGHT, MAP_WIDTH, WIDTH


@functools.lru_cache(maxsize=8)
def _background(
    holders: tuple[tuple[str, str], ...],
    arrows: tuple[tuple[str, str, str], ...],
    still: tuple[Item, ...],
    language: str,
) -> Image.Image:
    """The image before its pieces and the changing half of its panel: the map in its holders' colours,
    with the arrows, names, letters and icons, and the panel's rules and legend. These change only when
    an area changes hands or an Action phase ends, so consecutive boards of a game share one. The names
    and the legend are in ``language`` (the board's, passed to be part of the cache's key)."""
    del language
    image = Image.new("RGB", (WIDTH, HEIGHT), PANEL)
    image.paste(basemap.neutral(), (0, 0))
    for area, holder in holders:
        basemap.paste_held(image, area, holder)
    paint(image, BOARD, Layout(holders=dict(holders), items=list(still), arrows=list(arrows)), pieces=False)
    draw_background(image, MAP_WIDTH)
    return image


def compose(view: dict[str, Any], highlights: bool = True) -> tuple[Image.Image, Layout]:
    """The finished image, before encoding, and what its map shows where, in the language the board is
    drawn in (:func:`renderer.thrones.names.speaking`; English by default)."""
    layout = lay_out(view, highlights)
    holders = tuple(sorted(layout.holders.items()))
    still = tuple(item for item in layout.items if item.what in STILL)
    image = _background(holders, tuple(layout.arrows), still, names.language()).copy()
    paint(image, BOARD, layout, still=False)
    draw_panel(image, view, MAP_WIDTH)
    return image, layout


def render(view: dict[str, Any], *, highlights: bool = True, language: str = "en") -> bytes:
    """PNG bytes of the board for ``view``; ``highlights`` adds the marches and battles of the last
    Action phase. Every name and word on it is in ``language`` (one of i18n.LANGUAGES: the game's)."""
    with names.speaking(language):
        return encode(compose(view, highlights)[0])


__all__ = ["chart", "closeup", "compose", "render"]
