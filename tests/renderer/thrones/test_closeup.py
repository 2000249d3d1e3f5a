"""Close-ups: one area and its neighbours, larger than on the board, with the same pieces."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

import renderer
from engine.thrones.game import ThronesGame
from renderer.thrones.style import CLOSEUP_SCALE, FACTS, GEOMETRY, SCALE

HERE = Path(__file__).parent


def view():
    return ThronesGame.from_position(json.loads((HERE / "positions" / "mid-game-6.json").read_text())).view(
        None
    )


def test_a_closeup_shows_the_area_and_its_neighbours_larger_than_the_board():
    png = renderer.closeup(view(), "blackwater")
    image = Image.open(io.BytesIO(png))
    shown = {"blackwater", *FACTS.areas["blackwater"].adjacent}
    xs = [x for area in shown for x, _ in GEOMETRY.areas[area].outline]
    assert CLOSEUP_SCALE >= 2 * SCALE
    assert image.width >= (max(xs) - min(xs)) * CLOSEUP_SCALE
    assert len(png) < 1024 * 1024


def test_a_closeup_of_an_unknown_area_is_refused():
    with pytest.raises(ValueError, match="no area 'nowhere'"):
        renderer.closeup(view(), "nowhere")
