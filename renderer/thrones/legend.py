"""The legend at the foot of the panel: a sample of every piece, mark and icon the map shows, beside
what it means. It never changes, so the board draws it once, into its cached background."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from renderer.core import sprites
from renderer.core.colours import GOLD, PANEL_TEXT, RGB
from renderer.core.marks import arrow
from renderer.core.text import write
from renderer.thrones import names, pieces
from renderer.thrones.basemap import anchor
from renderer.thrones.style import BATTLE, PORT, SCALE, colour

ROW = 44
SAMPLE = "lannister"
K = SCALE  # samples at the map's own size
Paint = Callable[[Image.Image, float, float], None]


def _sprite(make: Callable[[], Image.Image]) -> Paint:
    def paint(image: Image.Image, x: float, y: float) -> None:
        sprites.paste(image, make(), (x, y, x, y))

    return paint


def _port(image: Image.Image, x: float, y: float) -> None:
    r = 20
    ImageDraw.Draw(image).ellipse((x - r, y - r, x + r, y + r), fill=PORT)
    sprites.paste(image, anchor(_faint(), round(r * 1.6)), (x, y, x, y))


def _faint() -> RGB:
    return (130, 168, 206)


def _march(image: Image.Image, x: float, y: float) -> None:
    arrow(ImageDraw.Draw(image), (x - 30, y), (x + 34, y), colour(SAMPLE), scale=0.8)


# Each sample, and what it means: a unit's name, or one of the board's words (read when drawn, in the
# board's language).
ENTRIES: tuple[tuple[Paint, tuple[str, str]], ...] = (
    (_sprite(lambda: pieces.unit("footman", SAMPLE, 1, False, False, K)), ("unit", "footman")),
    (_sprite(lambda: pieces.unit("knight", SAMPLE, 1, False, False, K)), ("unit", "knight")),
    (_sprite(lambda: pieces.unit("siege", SAMPLE, 1, False, False, K)), ("unit", "siege")),
    (_sprite(lambda: pieces.unit("ship", SAMPLE, 1, False, False, K)), ("unit", "ship")),
    (_sprite(lambda: pieces.unit("footman", SAMPLE, 3, False, False, K)), ("word", "legend:count")),
    (_sprite(lambda: pieces.unit("footman", SAMPLE, 1, True, False, K)), ("word", "legend:routed")),
    (_sprite(lambda: pieces.unit("knight", SAMPLE, 2, False, True, K)), ("word", "legend:attacking")),
    (_sprite(lambda: pieces.order(SAMPLE, None, K)), ("word", "legend:order-hidden")),
    (_sprite(lambda: pieces.order(SAMPLE, "march+1*", K)), ("word", "legend:order")),
    (_sprite(lambda: pieces.power_token(SAMPLE, K)), ("word", "legend:power-token")),
    (_sprite(lambda: pieces.garrison(2, SAMPLE, K)), ("word", "legend:garrison")),
    (_sprite(lambda: pieces.neutral_force(5, K)), ("word", "legend:neutral-force")),
    (_sprite(lambda: pieces.held(SAMPLE, K)), ("word", "legend:held")),
    (_sprite(lambda: pieces.icon("castle", 13, 10, K)), ("word", "legend:castle")),
    (_sprite(lambda: pieces.icon("stronghold", 20, 10, K)), ("word", "legend:stronghold")),
    (_sprite(lambda: pieces.icon("supply", 8, 10, K)), ("word", "legend:supply")),
    (_sprite(lambda: pieces.icon("power", 11, 10, K)), ("word", "legend:power")),
    (_port, ("word", "legend:port")),
    (_sprite(lambda: pieces.battle(colour(SAMPLE), BATTLE, K)), ("word", "legend:battle")),
    (_march, ("word", "legend:march")),
    (_sprite(lambda: pieces.no_entry(K)), ("word", "legend:impassable")),
)
COLUMNS = 3


def draw_legend(image: Image.Image, left: float, top: float, width: float) -> None:
    write(image, (left, top), names.word("legend"), 40, GOLD)
    top += 58
    column = width / COLUMNS
    rows = -(-len(ENTRIES) // COLUMNS)
    for i, (paint, (kind, key)) in enumerate(ENTRIES):
        text = names.name("unit", key) if kind == "unit" else names.word(key)
        x = left + (i // rows) * column
        y = top + (i % rows) * ROW + ROW / 2
        paint(image, x + 36, y)
        write(image, (x + 84, y), text, 26, PANEL_TEXT, anchor="lm", bold=False)
