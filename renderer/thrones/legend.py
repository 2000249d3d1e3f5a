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


ENTRIES: tuple[tuple[Paint, str], ...] = (
    (_sprite(lambda: pieces.unit("footman", SAMPLE, 1, False, False, K)), names.name("unit", "footman")),
    (_sprite(lambda: pieces.unit("knight", SAMPLE, 1, False, False, K)), names.name("unit", "knight")),
    (_sprite(lambda: pieces.unit("siege", SAMPLE, 1, False, False, K)), names.name("unit", "siege")),
    (_sprite(lambda: pieces.unit("ship", SAMPLE, 1, False, False, K)), names.name("unit", "ship")),
    (_sprite(lambda: pieces.unit("footman", SAMPLE, 3, False, False, K)), names.word("legend:count")),
    (_sprite(lambda: pieces.unit("footman", SAMPLE, 1, True, False, K)), names.word("legend:routed")),
    (_sprite(lambda: pieces.unit("knight", SAMPLE, 2, False, True, K)), names.word("legend:attacking")),
    (_sprite(lambda: pieces.order(SAMPLE, None, K)), names.word("legend:order-hidden")),
    (_sprite(lambda: pieces.order(SAMPLE, "march+1*", K)), names.word("legend:order")),
    (_sprite(lambda: pieces.power_token(SAMPLE, K)), names.word("legend:power-token")),
    (_sprite(lambda: pieces.garrison(2, SAMPLE, K)), names.word("legend:garrison")),
    (_sprite(lambda: pieces.neutral_force(5, K)), names.word("legend:neutral-force")),
    (_sprite(lambda: pieces.held(SAMPLE, K)), names.word("legend:held")),
    (_sprite(lambda: pieces.icon("castle", 13, 10, K)), names.word("legend:castle")),
    (_sprite(lambda: pieces.icon("stronghold", 20, 10, K)), names.word("legend:stronghold")),
    (_sprite(lambda: pieces.icon("supply", 8, 10, K)), names.word("legend:supply")),
    (_sprite(lambda: pieces.icon("power", 11, 10, K)), names.word("legend:power")),
    (_port, names.word("legend:port")),
    (_sprite(lambda: pieces.battle(colour(SAMPLE), BATTLE, K)), names.word("legend:battle")),
    (_march, names.word("legend:march")),
    (_sprite(lambda: pieces.no_entry(K)), names.word("legend:impassable")),
)
COLUMNS = 3


def draw_legend(image: Image.Image, left: float, top: float, width: float) -> None:
    write(image, (left, top), names.word("legend"), 40, GOLD)
    top += 58
    column = width / COLUMNS
    rows = -(-len(ENTRIES) // COLUMNS)
    for i, (paint, text) in enumerate(ENTRIES):
        x = left + (i // rows) * column
        y = top + (i % rows) * ROW + ROW / 2
        paint(image, x + 36, y)
        write(image, (x + 84, y), text, 26, PANEL_TEXT, anchor="lm", bold=False)
