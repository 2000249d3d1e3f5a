"""The board image: golden images, every area in its holder's colour, secrets never drawn, a battle's
attackers shown, and an image Discord takes."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from engine.thrones.game import ThronesGame
from renderer import render
from renderer.core.png import encode
from renderer.thrones import compose
from renderer.thrones.basemap import outline
from renderer.thrones.style import BOARD, FACTS, HEIGHT, LAND, MAP_HEIGHT, MAP_WIDTH, SEA, WIDTH, colour

HERE = Path(__file__).parent
GOLDEN = HERE / "golden"
UPDATE = os.environ.get("MAESTER_UPDATE_GOLDEN") == "1"


def mid_game() -> ThronesGame:
    return ThronesGame.from_position(json.loads((HERE / "positions" / "mid-game-6.json").read_text()))


VIEWS = {
    "setup-6": lambda: ThronesGame.new(6, 1).view(None),
    "setup-4": lambda: ThronesGame.new(4, 1).view(None),
    "setup-3": lambda: ThronesGame.new(3, 1).view(None),
    "mid-game-6": lambda: mid_game().view(None),
}


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_the_image_matches_its_golden(name):
    """Regenerate with MAESTER_UPDATE_GOLDEN=1: that run writes them and fails; the next run checks them."""
    data = render(VIEWS[name]())
    image = Image.open(io.BytesIO(data)).convert("RGB")
    golden = GOLDEN / f"{name}.png"
    if UPDATE:
        golden.write_bytes(data)
        pytest.fail(f"{golden.name} written; run the tests again without MAESTER_UPDATE_GOLDEN to check it")
    expected = Image.open(golden).convert("RGB")
    assert image.size == expected.size == (WIDTH, HEIGHT)
    difference = ImageStat.Stat(ImageChops.difference(image, expected)).mean
    assert max(difference) < 1.5, f"{name} differs from its golden by {difference}"


def area_mask(area: str) -> Image.Image:
    mask = Image.new("L", (MAP_WIDTH, MAP_HEIGHT), 0)
    ImageDraw.Draw(mask).polygon(outline(BOARD, area), fill=255)
    return mask


def share_of(image: Image.Image, mask: Image.Image, rgb: tuple[int, int, int]) -> float:
    """The share of the masked pixels that have exactly the colour ``rgb``."""
    solid = Image.new("RGB", image.size, rgb)
    same = ImageChops.difference(image, solid).convert("L").point(lambda v: 255 if v == 0 else 0)
    inside = ImageStat.Stat(ImageChops.multiply(same, mask)).sum[0] / 255
    return inside / max(1, ImageStat.Stat(mask).sum[0] / 255)


def test_every_area_is_drawn_in_its_holders_colour():
    view = mid_game().view(None)
    image, layout = compose(view, highlights=False)
    board = image.crop((0, 0, MAP_WIDTH, MAP_HEIGHT))
    for area, info in FACTS.areas.items():
        mask = area_mask(area)
        assert ImageStat.Stat(mask).sum[0] > 0, f"{area} has no pixels"
        holder = view["areas"].get(area, {}).get("controller")
        if info.kind == "sea":
            expected = SEA
        elif info.kind == "port":
            continue  # a port is mostly covered by its faint anchor and its pieces
        else:
            expected = colour(holder) if holder else LAND
            assert layout.holders.get(area) == holder
        assert share_of(board, mask, expected) > 0.3, f"{area} is not filled with {expected}"


def test_the_palette_encoding_is_visually_lossless():
    """256 colours hold the board with a mean error under one level in 255 on every channel."""
    image, _ = compose(mid_game().view(None))
    decoded = Image.open(io.BytesIO(encode(image))).convert("RGB")
    error = ImageStat.Stat(ImageChops.difference(image, decoded)).mean
    assert max(error) < 1.0, error


def test_face_down_orders_show_only_their_house_and_revealing_changes_the_image():
    view = ThronesGame.new(6, 1).view(None)
    view["areas"]["winterfell"]["order"] = {"house": "stark"}
    hidden, layout = compose(view)
    assert [i.shows for i in layout.in_area("winterfell") if i.what == "order"] == [("stark", None)]
    view["areas"]["winterfell"]["order"] = {"house": "stark", "token": "march+1*"}
    shown, _ = compose(view)
    assert ImageChops.difference(hidden, shown).getbbox() is not None


def test_a_battle_in_progress_shows_the_attacking_army():
    view = mid_game().view(None)
    view["procedure"].append(
        {
            "step": "combat",
            "area": "blackwater",
            "origin": "the-reach",
            "attacker": "tyrell",
            "army": ["knight", "knight", "footman"],
        }
    )
    _, layout = compose(view)
    attacking = [i.shows for i in layout.in_area("blackwater") if i.what == "unit" and i.shows[4]]
    assert sorted(attacking) == [("footman", "tyrell", 1, False, True), ("knight", "tyrell", 2, False, True)]
    assert ("the-reach", "blackwater", "tyrell") in layout.arrows


def test_units_of_a_kind_are_one_chip_with_their_count():
    view = ThronesGame.new(6, 1).view(None)
    view["areas"]["winterfell"]["units"] = [{"house": "stark", "kind": "footman"}] * 4
    _, layout = compose(view)
    assert [i.shows for i in layout.in_area("winterfell") if i.what == "unit"] == [
        ("footman", "stark", 4, False, False)
    ]


def test_the_png_is_small_enough_for_discord():
    data = render(mid_game().view(None))
    assert data.startswith(b"\x89PNG") and len(data) < 1024 * 1024
