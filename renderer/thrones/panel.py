"""The side panel: round and phase, the three influence tracks with their dominance tokens and King's
Court stars, supply, victory, the wildling threat, each house's power and cards, this round's Westeros
cards, and the legend at the foot."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from renderer.core import panel
from renderer.core.colours import DARK, GOLD, LIGHT, PANEL, PANEL_DIM, PANEL_TEXT
from renderer.core.fonts import font
from renderer.core.marks import star
from renderer.core.tokens import badge
from renderer.thrones.legend import draw_legend
from renderer.thrones.style import FACTS, INITIALS, MAP_WIDTH, PANEL_WIDTH, colour

LEFT = MAP_WIDTH + 24
TRACKS = (
    ("throne", "Iron Throne", "iron_throne"),
    ("fiefdoms", "Fiefdoms", "valyrian_steel_blade"),
    ("court", "King's Court", "messenger_raven"),
)
TOKENS = {
    "iron_throne": "Iron Throne",
    "valyrian_steel_blade": "Valyrian Steel Blade",
    "messenger_raven": "Messenger Raven",
}


def chip(draw: ImageDraw.ImageDraw, left: float, top: float, house: str, size: int = 30) -> None:
    """A house: its colour and initial."""
    badge(draw, left, top, INITIALS[house], colour(house), size)


def heading(draw: ImageDraw.ImageDraw, top: float, text: str) -> float:
    return panel.heading(draw, LEFT, top, text)


def draw_panel(draw: ImageDraw.ImageDraw, view: dict[str, Any], height: int) -> None:
    draw.rectangle((MAP_WIDTH, 0, MAP_WIDTH + PANEL_WIDTH, height), fill=PANEL)
    phase = "game over" if view["over"] else f"{view['phase']} phase"
    draw.text((LEFT, 18), f"Round {view['round']} of 10", font=font(30), fill=PANEL_TEXT)
    draw.text((LEFT, 56), phase.capitalize(), font=font(22), fill=PANEL_DIM)
    top = 98
    if view["over"] and view.get("winner"):
        draw.text((LEFT, top), f"{FACTS.houses[view['winner']].name} wins", font=font(24), fill=GOLD)
        top += 36
    top = _tracks(draw, view, top)
    top = _supply_and_victory(draw, view, top)
    top = _wildlings(draw, view, top)
    top = _houses(draw, view, top)
    top = _westeros(draw, view, top)
    draw_legend(draw, LEFT, max(top, height - 250))


def _tracks(draw: ImageDraw.ImageDraw, view: dict[str, Any], top: float) -> float:
    stars = FACTS.setups[view["players"]].court_stars
    dominance = view["dominance"]
    for track, title, token in TRACKS:
        top = heading(draw, top, title)
        for position, house in enumerate(view["tracks"][track]):
            left = LEFT + position * 44
            draw.text((left + 15, top), str(position + 1), font=font(12), fill=PANEL_DIM, anchor="mt")
            chip(draw, left, top + 14, house)
            if track == "court":
                for s in range(stars[position]):
                    star(draw, (left + 6 + s * 9, top + 54), 5)
        used = {"valyrian_steel_blade": dominance["blade_used"], "messenger_raven": dominance["raven_used"]}
        state = " (used this round)" if used.get(token) else ""
        holder = FACTS.houses[dominance[token]].name
        draw.text(
            (LEFT + 6 * 44 + 4, top + 20),
            f"{TOKENS[token]}:\n{holder}{state}",
            font=font(14),
            fill=PANEL_TEXT,
            spacing=3,
        )
        top += 68 if track == "court" else 56
    return top + 6


def _supply_and_victory(draw: ImageDraw.ImageDraw, view: dict[str, Any], top: float) -> float:
    houses = view["houses"]
    top = heading(draw, top, "Supply")
    for level in range(7):
        left = LEFT + level * 76
        draw.text((left, top), str(level), font=font(14), fill=PANEL_DIM)
        stacked = [h for h in view["houses_in_play"] if houses[h]["supply"] == level]
        for i, house in enumerate(stacked):
            chip(draw, left + 14 + (i % 2) * 24, top + (i // 2) * 24, house, size=22)
    top += (
        24
        * (
            (max((sum(1 for h in houses if houses[h]["supply"] == lv) for lv in range(7)), default=1) + 1)
            // 2
        )
        + 14
    )
    top = heading(draw, top, "Victory: castles and strongholds (7 wins)")
    for i, house in enumerate(sorted(view["houses_in_play"], key=lambda h: -houses[h]["castles"])):
        y = top + i * 26
        chip(draw, LEFT, y, house, size=22)
        castles = houses[house]["castles"]
        draw.rectangle((LEFT + 30, y + 4, LEFT + 30 + 7 * 40, y + 18), outline=PANEL_DIM)
        if castles:
            draw.rectangle(
                (LEFT + 30, y + 4, LEFT + 30 + castles * 40, y + 18), fill=colour(house), outline=LIGHT
            )
        draw.text((LEFT + 330, y + 11), f"{castles}", font=font(15), fill=PANEL_TEXT, anchor="lm")
    return top + 26 * len(view["houses_in_play"]) + 8


def _wildlings(draw: ImageDraw.ImageDraw, view: dict[str, Any], top: float) -> float:
    threat = view["wildlings"]["threat"]
    top = heading(draw, top, f"Wildling threat: {threat}")
    for step, value in enumerate(FACTS.wildling_track):
        left = LEFT + step * 70
        active = value <= threat
        draw.rectangle(
            (left, top, left + 62, top + 22), fill=(160, 200, 235) if active else PANEL, outline=PANEL_DIM
        )
        draw.text(
            (left + 31, top + 11), str(value), font=font(14), fill=DARK if active else PANEL_DIM, anchor="mm"
        )
    last = view["wildlings"].get("last_card")
    if last:
        draw.text(
            (LEFT, top + 28),
            f"Last wildling card: {FACTS.wildling_cards[last].name}",
            font=font(14),
            fill=PANEL_DIM,
        )
    return top + 56


def _houses(draw: ImageDraw.ImageDraw, view: dict[str, Any], top: float) -> float:
    top = heading(draw, top, "Houses")
    draw.text((LEFT + 170, top), "power", font=font(13), fill=PANEL_DIM)
    draw.text((LEFT + 240, top), "on board", font=font(13), fill=PANEL_DIM)
    draw.text((LEFT + 320, top), "cards", font=font(13), fill=PANEL_DIM)
    draw.text((LEFT + 380, top), "specials", font=font(13), fill=PANEL_DIM)
    top += 20
    for house in view["tracks"]["throne"]:
        info = view["houses"][house]
        chip(draw, LEFT, top, house, size=24)
        draw.text(
            (LEFT + 32, top + 12), FACTS.houses[house].name, font=font(15), fill=PANEL_TEXT, anchor="lm"
        )
        for x, value in (
            (170, info["power"]),
            (240, info["power_on_board"]),
            (320, len(info["hand"])),
            (380, info["special_orders_allowed"]),
        ):
            draw.text((LEFT + x + 18, top + 12), str(value), font=font(16), fill=PANEL_TEXT, anchor="mm")
        top += 28
    return top + 8


def _westeros(draw: ImageDraw.ImageDraw, view: dict[str, Any], top: float) -> float:
    revealed = view["westeros"]["revealed"]
    if not revealed:
        return top
    lines: list[str | panel.Line] = [
        f"{number}: {FACTS.westeros_cards[card].name}"
        for number, card in zip(("I", "II", "III"), revealed, strict=False)
    ]
    if view.get("restrictions"):
        allowed = ", ".join(r.removeprefix("no-") for r in view["restrictions"])
        lines.append(panel.Line(f"Not allowed: {allowed}", size=14, fill=PANEL_DIM))
    return panel.block(draw, LEFT, top, "Westeros cards this round", lines) + 8
