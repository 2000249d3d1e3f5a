"""The castles chart of the end-of-game report: every house in its board colour, listed by standings."""

from __future__ import annotations

import io

from PIL import Image

import renderer
from renderer.thrones.style import HOUSE_COLOURS

REPORT = {
    "game": "thrones",
    "standings": ["greyjoy", "stark", "lannister"],
    "rounds": [1, 2, 3],
    "houses": {
        "stark": {"castles_at_start": 2, "castles": [3, 3, 4]},
        "lannister": {"castles_at_start": 1, "castles": [2, 2, 1]},
        "greyjoy": {"castles_at_start": 1, "castles": [3, 5, 7]},
    },
}


def near(image: Image.Image, colour: tuple[int, int, int]) -> int:
    """How many pixels are within a few levels of ``colour``."""
    counts = image.getcolors(image.width * image.height) or []
    return sum(n for n, p in counts if sum(abs(a - b) for a, b in zip(p, colour, strict=True)) <= 12)


def test_the_chart_is_a_png_for_discord_with_every_house_in_its_colour() -> None:
    png = renderer.chart(REPORT)
    assert png.startswith(b"\x89PNG") and len(png) < 200_000
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (1000, 560)
    for house in REPORT["houses"]:
        assert near(image, HOUSE_COLOURS[house]) > 400, house
    for house in ("tyrell", "martell", "baratheon"):  # not in this game: not drawn
        assert near(image, HOUSE_COLOURS[house]) < 20, house


def test_the_legend_follows_the_standings() -> None:
    image = Image.open(io.BytesIO(renderer.chart(REPORT))).convert("RGB")
    legend = image.crop((750, 96, 1000, 300))

    def first_row(house: str) -> int:
        for y in range(legend.height):
            if near(legend.crop((0, y, legend.width, y + 1)), HOUSE_COLOURS[house]) > 10:
                return y
        raise AssertionError(f"{house} is not in the legend")

    assert first_row("greyjoy") < first_row("stark") < first_row("lannister")
