"""The legend at the foot of the side panel: a sample of every piece and icon the map shows, with its name."""

from __future__ import annotations

from PIL import ImageDraw

from renderer.core import panel
from renderer.core.colours import PANEL_TEXT
from renderer.core.fonts import font
from renderer.core.marks import paste
from renderer.thrones import shapes
from renderer.thrones.style import colour


def draw_legend(draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
    """The legend, its heading at ``left``, ``top``."""
    top = panel.heading(draw, left, top, "Legend")
    image = draw._image  # type: ignore[attr-defined]
    sample = "stark"
    for i, (kind, name) in enumerate(
        (("footman", "footman"), ("knight", "knight"), ("ship", "ship"), ("siege", "siege engine"))
    ):
        x = left + i * 130
        paste(image, shapes.unit_sprite(kind, sample, False), (x, top, x + 28, top + 28))
        draw.text((x + 34, top + 14), name, font=font(14), fill=PANEL_TEXT, anchor="lm")
    top += 38
    paste(image, shapes.unit_sprite("footman", sample, True), (left, top, left + 28, top + 28))
    draw.text((left + 34, top + 14), "routed (on its side)", font=font(14), fill=PANEL_TEXT, anchor="lm")
    shapes.order_token(draw, (left + 270, top + 14), sample, None)
    draw.text((left + 294, top + 14), "order, face down", font=font(14), fill=PANEL_TEXT, anchor="lm")
    top += 38
    shapes.order_token(draw, (left + 14, top + 14), sample, "march+1*")
    draw.text((left + 38, top + 14), "order (star: special)", font=font(14), fill=PANEL_TEXT, anchor="lm")
    shapes.power_token(draw, (left + 270, top + 14), sample)
    draw.text((left + 294, top + 14), "power token", font=font(14), fill=PANEL_TEXT, anchor="lm")
    top += 38
    shapes.garrison(draw, (left + 14, top + 14), 2, sample)
    draw.text((left + 38, top + 14), "garrison", font=font(14), fill=PANEL_TEXT, anchor="lm")
    shapes.neutral_force(draw, (left + 150, top + 14), 5)
    draw.text((left + 172, top + 14), "neutral force", font=font(14), fill=PANEL_TEXT, anchor="lm")
    shapes.castle(draw, (left + 300, top + 14), 2)
    draw.text((left + 318, top + 14), "stronghold / castle", font=font(14), fill=PANEL_TEXT, anchor="lm")
    top += 38
    shapes.barrel(draw, (left + 8, top + 14))
    draw.text((left + 22, top + 14), "supply", font=font(14), fill=PANEL_TEXT, anchor="lm")
    shapes.crown(draw, (left + 110, top + 14))
    draw.text((left + 124, top + 14), "power", font=font(14), fill=PANEL_TEXT, anchor="lm")
    shapes.battle_marker(draw, (left + 230, top + 14), colour(sample))
    draw.text((left + 252, top + 14), "battle (ring: winner)", font=font(14), fill=PANEL_TEXT, anchor="lm")
