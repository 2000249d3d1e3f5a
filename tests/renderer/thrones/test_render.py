"""The board image: golden images, every area drawn, units never overlapping, secrets never drawn."""

from __future__ import annotations

import io
import itertools
import json
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from engine.thrones.game import ThronesGame
from renderer import render
from renderer.thrones import compose
from renderer.thrones.basemap import polygon
from renderer.thrones.board import draw_map, units_clear_of_name
from renderer.thrones.layout import unit_boxes
from renderer.thrones.style import FACTS, HEIGHT, LAND, MAP_HEIGHT, MAP_WIDTH, SEA, WIDTH, tint

HERE = Path(__file__).parent
GOLDEN = HERE / "golden"
UPDATE = os.environ.get("MAESTER_UPDATE_GOLDEN") == "1"


def mid_game() -> ThronesGame:
    return ThronesGame.from_position(json.loads((HERE / "positions" / "mid-game-6.json").read_text()))


VIEWS = {
    "setup-6": lambda: ThronesGame.new(6, 1).view(None),
    "setup-3": lambda: ThronesGame.new(3, 1).view(None),
    "mid-game-6": lambda: mid_game().view(None),
}


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_the_image_matches_its_golden(name):
    """Regenerate with MAESTER_UPDATE_GOLDEN=1: that run writes them and fails; the next run checks them."""
    image = Image.open(io.BytesIO(render(VIEWS[name]()))).convert("RGB")
    golden = GOLDEN / f"{name}.png"
    if UPDATE:
        image.save(golden)
        pytest.fail(f"{golden.name} written; run the tests again without MAESTER_UPDATE_GOLDEN to check it")
    expected = Image.open(golden).convert("RGB")
    assert image.size == expected.size == (WIDTH, HEIGHT)
    difference = ImageStat.Stat(ImageChops.difference(image, expected)).mean
    assert max(difference) < 1.5, f"{name} differs from its golden by {difference}"


def area_mask(area: str) -> Image.Image:
    mask = Image.new("L", (MAP_WIDTH, MAP_HEIGHT), 0)
    ImageDraw.Draw(mask).polygon(polygon(area), fill=255)
    return mask


def share_of(image: Image.Image, mask: Image.Image, rgb: tuple[int, int, int]) -> float:
    """The share of the masked pixels that have exactly the colour ``rgb``."""
    solid = Image.new("RGB", image.size, rgb)
    same = (
        ImageChops.difference(image.convert("RGB"), solid).convert("L").point(lambda v: 255 if v == 0 else 0)
    )
    inside = ImageStat.Stat(ImageChops.multiply(same, mask)).sum[0] / 255
    return inside / max(1, ImageStat.Stat(mask).sum[0] / 255)


def test_every_area_is_drawn_in_its_colour():
    view = mid_game().view(None)
    board, drawn = draw_map(view, highlights=False)
    ports = [a for a, info in FACTS.areas.items() if info.kind == "port"]
    for area, info in FACTS.areas.items():
        mask = area_mask(area)
        assert ImageStat.Stat(mask).sum[0] > 0, f"{area} has no pixels"
        if area in ports:
            continue
        entry = view["areas"].get(area, {})
        if info.kind == "sea":
            expected = SEA
        elif entry.get("controller"):
            expected = tint(entry["controller"])
            assert drawn["tinted"][area] == entry["controller"]
        else:
            expected = LAND
        assert share_of(board, mask, expected) > 0.3, f"{area} is not filled with {expected}"


def test_unit_slots_never_overlap_at_the_most_an_area_can_hold():
    for area in FACTS.areas:
        boxes = units_clear_of_name(area, unit_boxes(area, 5))
        assert len(boxes) == 5
        for a, b in itertools.combinations(boxes, 2):
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], f"{area}: {a} overlaps {b}"
        for left, top, right, bottom in boxes:
            assert left >= 0 and right <= MAP_WIDTH and top >= 0 and bottom <= MAP_HEIGHT, area


def test_face_down_orders_show_only_their_house_and_revealing_changes_the_image():
    view = ThronesGame.new(6, 1).view(None)
    view["areas"]["winterfell"]["order"] = {"house": "stark"}
    _, drawn = draw_map(view)
    assert drawn["orders"]["winterfell"] is None
    hidden = compose(view)
    view["areas"]["winterfell"]["order"] = {"house": "stark", "token": "march+1*"}
    shown = compose(view)
    assert ImageChops.difference(hidden, shown).getbbox() is not None


def test_a_battle_in_progress_shows_the_attacking_army():
    game = mid_game()
    view = game.view(None)
    view["procedure"].append(
        {
            "step": "combat",
            "area": "blackwater",
            "origin": "the-reach",
            "attacker": "tyrell",
            "army": ["knight", "knight", "footman"],
        }
    )
    _, drawn = draw_map(view)
    defenders = len(view["areas"]["blackwater"].get("units", []))
    assert len(drawn["units"]["blackwater"]) == defenders + 3


def test_the_png_is_small_enough_for_discord():
    data = render(mid_game().view(None))
    assert data.startswith(b"\x89PNG") and len(data) < 2 * 1024 * 1024
