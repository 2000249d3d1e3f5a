"""Duel's board: a small picture of the score, which is all there is to see."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw


def render(view: dict[str, Any], **_: Any) -> bytes:
    image = Image.new("RGB", (320, 120), (40, 40, 48))
    draw = ImageDraw.Draw(image)
    scores = view["scores"]
    draw.text((16, 16), f"Duel, round {view['round']} of {view['rounds']}", fill=(240, 240, 240))
    draw.text((16, 56), f"Stark {scores['stark']} - {scores['lannister']} Lannister", fill=(250, 210, 90))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
