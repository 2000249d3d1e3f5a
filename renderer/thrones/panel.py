"""The panel right of the map, drawn to be read in Discord's preview as well as full size.

In the preview the whole image is about 350 pixels high, a sixth of its size, so what a player needs at
a glance is large: the round, the phase and the wildling threat in the top band, the three tracks as
big squares of house colours with the houses' letters. Under them, in type that reads full size: each
house's power, castles, supply, cards and special orders; this round's Westeros cards; the legend.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renderer.core.colours import DARK, GOLD, LIGHT, PANEL_DIM, PANEL_TEXT, RGB, ink_on
from renderer.core.text import width, write
from renderer.thrones import names, pieces
from renderer.thrones.legend import draw_legend
from renderer.thrones.style import FACTS, HEIGHT, PANEL_WIDTH, colour

PAD = 44
# The houses' table: each column's heading (a board word) and its centre, from the panel's inner left.
WILDLINGS_BOX = 250  # the width of the wildling threat's box, at the header's right
HOUSE_COLUMNS = (("power", 420), ("victory", 600), ("supply", 800), ("cards", 940), ("specials", 1070))
LINE = (70, 68, 78)
CELL_OFF = (44, 42, 50)
CELL_PAST = (78, 74, 86)
TRACKS = (
    ("throne", "iron_throne", None),
    ("fiefdoms", "valyrian_steel_blade", "blade_used"),
    ("court", "messenger_raven", "raven_used"),
)
LEGEND_TOP = HEIGHT - 380


def chip(
    draw: ImageDraw.ImageDraw, image: Image.Image, left: float, top: float, house: str, size: int
) -> None:
    """A house: a square of its colour with its letter."""
    fill = colour(house)
    draw.rounded_rectangle(
        (left, top, left + size, top + size), radius=size // 7, fill=fill, outline=LIGHT, width=2
    )
    write(
        image,
        (left + size / 2, top + size / 2),
        names.initial(house),
        round(size * 0.6),
        ink_on(fill),
        anchor="mm",
    )


def draw_background(image: Image.Image, left: int) -> None:
    """What never changes: the rules between sections and the legend."""
    draw = ImageDraw.Draw(image)
    draw.line((left + PAD, LEGEND_TOP - 16, left + PANEL_WIDTH - PAD, LEGEND_TOP - 16), fill=LINE, width=2)
    draw_legend(image, left + PAD, LEGEND_TOP, PANEL_WIDTH - 2 * PAD)


def draw_panel(image: Image.Image, view: dict[str, Any], left: int) -> None:
    """The parts of the panel that change with the game."""
    draw = ImageDraw.Draw(image)
    x = left + PAD
    inner = PANEL_WIDTH - 2 * PAD
    top = _header(image, draw, view, x, 28, inner)
    top = _tracks(image, draw, view, x, top, inner)
    top = _houses(image, draw, view, x, top, inner)
    _westeros(image, view, x, top, inner)


def _cells(
    draw: ImageDraw.ImageDraw,
    image: Image.Image,
    x: float,
    top: float,
    inner: float,
    values: list[int],
    current: int,
    on: RGB,
) -> None:
    gap = 8
    width = (inner - gap * (len(values) - 1)) / len(values)
    for i, value in enumerate(values):
        cx = x + i * (width + gap)
        fill = GOLD if value == current else (on if value < current else CELL_OFF)
        draw.rounded_rectangle((cx, top, cx + width, top + 44), radius=8, fill=fill)
        ink = DARK if value == current else PANEL_TEXT
        write(image, (cx + width / 2, top + 22), str(value), 28, ink, anchor="mm")


def _header(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], x: float, top: float, inner: float
) -> float:
    """Round and phase on the left, the wildling threat on the right, in type for the preview; the
    round and wildling tracks under them."""
    last = FACTS.last_round
    write(image, (x, top), names.word("round", round=view["round"], last=last), 92, PANEL_TEXT)
    phase = names.name("phase", "over" if view["over"] else view["phase"])
    threat = view["wildlings"]["threat"]
    right = x + inner
    size = 64  # smaller for a long name ("Fase del Continente Occidentale"), to stay clear of the threat
    while size > 40 and width(phase, size) > inner - WILDLINGS_BOX - 24:
        size -= 2
    write(image, (x, top + 112 + (64 - size) / 2), phase, size, GOLD)
    draw.rounded_rectangle((right - WILDLINGS_BOX, top + 6, right, top + 176), radius=18, fill=(60, 96, 140))
    write(image, (right - 125, top + 44), names.word("wildlings"), 40, LIGHT, anchor="mm")
    write(image, (right - 125, top + 120), str(threat), 92, LIGHT, anchor="mm")
    top += 206
    _cells(draw, image, x, top, inner, list(range(1, last + 1)), view["round"], CELL_PAST)
    top += 58
    _cells(draw, image, x, top, inner, list(FACTS.wildling_track), threat, (96, 120, 150))
    top += 66
    if view["over"] and view.get("winner"):
        chip(draw, image, x, top, view["winner"], 64)
        wins = names.word("wins", house=names.name("house", view["winner"]))
        write(image, (x + 84, top + 32), wins, 52, GOLD, anchor="lm")
        top += 84
    for step in view.get("procedure", []):
        if step.get("step") in ("combat", "neutral-attack") and step.get("area"):
            defender = step.get("defender")
            against = names.name("house-short", defender) if defender else names.word("neutral-force")
            line = names.word(
                "battle-now",
                area=names.name("area", step["area"]),
                attacker=names.name("house-short", step["attacker"]),
                defender=against,
            )
            write(image, (x, top), line, 38, (255, 120, 110))
            top += 56
    return top + 6


def _tracks(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], x: float, top: float, inner: float
) -> float:
    """The three influence tracks, position 1 on the left, each holder of a dominance token named."""
    stars = FACTS.setups[view["players"]].court_stars
    dominance = view["dominance"]
    size = 96
    step = (inner - 40) / 6
    for track, token, used_key in TRACKS:
        draw.line((x, top, x + inner, top), fill=LINE, width=2)
        write(image, (x, top + 12), names.name("track", track), 44, GOLD)
        holder = names.name("house-short", dominance[token])
        note = f"{names.name('token', token)}: {holder}"
        if used_key and dominance.get(used_key):
            note += f" ({names.word('used')})"
        write(image, (x + inner, top + 22), note, 30, PANEL_DIM, anchor="ra", bold=False)
        top += 70
        for position, house in enumerate(view["tracks"][track]):
            cx = x + position * step + 40
            write(image, (cx - 10, top + size / 2), str(position + 1), 28, PANEL_DIM, anchor="rm")
            chip(draw, image, cx, top, house, size)
            if track == "court":
                for s in range(stars[position]):
                    write(image, (cx + size + 8, top + 4 + s * 30), "★", 30, GOLD, anchor="la")
        top += size + 20
    return top


def _houses(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], x: float, top: float, inner: float
) -> float:
    """A row per house, in Iron Throne order: power, castles (of the number that wins), supply, cards,
    special orders."""
    draw.line((x, top, x + inner, top), fill=LINE, width=2)
    write(image, (x, top + 12), names.word("houses"), 44, GOLD)
    top += 74
    for key, cx in HOUSE_COLUMNS:
        title = names.word(key) if key != "victory" else names.word("victory-note", goal=FACTS.castles_to_win)
        write(image, (x + cx, top), title, 26, PANEL_DIM, anchor="ma", bold=False)
    top += 40
    for house in view["tracks"]["throne"]:
        info = view["houses"][house]
        chip(draw, image, x, top, house, 58)
        write(image, (x + 76, top + 29), names.name("house-short", house), 40, PANEL_TEXT, anchor="lm")
        image.paste(crown := pieces.icon("power", 22, 20, 1.5), (round(x + 372), top + 14), crown)
        write(image, (x + 420, top + 29), str(info["power"]), 40, PANEL_TEXT, anchor="lm")
        _castles(draw, x + 520, top + 14, info["castles"], colour(house))
        write(image, (x + 800, top + 29), str(info["supply"]), 40, PANEL_TEXT, anchor="mm")
        write(image, (x + 940, top + 29), str(len(info["hand"])), 40, PANEL_TEXT, anchor="mm")
        write(image, (x + 1070, top + 29), str(info["special_orders_allowed"]), 40, PANEL_TEXT, anchor="mm")
        top += 64
    return top + 8


def _castles(draw: ImageDraw.ImageDraw, left: float, top: float, castles: int, fill: RGB) -> None:
    goal = FACTS.castles_to_win
    for i in range(goal):
        box = (left + i * 24, top, left + i * 24 + 18, top + 30)
        draw.rectangle(box, fill=fill if i < castles else CELL_OFF, outline=LIGHT if i < castles else LINE)


def _westeros(image: Image.Image, view: dict[str, Any], x: float, top: float, inner: float) -> None:
    revealed = view["westeros"]["revealed"]
    if not revealed and not view.get("restrictions"):
        return
    draw = ImageDraw.Draw(image)
    draw.line((x, top, x + inner, top), fill=LINE, width=2)
    write(image, (x, top + 12), names.word("westeros"), 44, GOLD)
    top += 74
    for number, card in zip(("I", "II", "III"), revealed, strict=False):
        write(image, (x, top), number, 34, PANEL_DIM)
        write(image, (x + 70, top), names.name("westeros", card), 34, PANEL_TEXT, bold=False)
        top += 46
    if view.get("restrictions"):
        orders = ", ".join(names.restriction(r) for r in view["restrictions"])
        write(image, (x, top), names.word("not-allowed", orders=orders), 30, (236, 150, 120), bold=False)
