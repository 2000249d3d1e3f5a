"""A battle told in the channel: both sides' strength broken down (units, order, garrison, each
supporter, the house card, the Tides of Battle card, the Valyrian Steel Blade), the winner, and what came
of it (casualties, the retreat)."""

from __future__ import annotations

from typing import Any

import discord

from cogs.layout import clip
from cogs.thrones import names

_PARTS = (
    ("units", "units"),
    ("order", "order"),
    ("garrison", "garrison"),
    ("support", "support"),
    ("card", "house card"),
    ("tides", "Tides of Battle"),
    ("blade", "Valyrian Steel Blade"),
)


def _side(report: dict[str, Any], house: str) -> str:
    parts = report["strengths"].get(house, {})
    lines = []
    for key, label in _PARTS:
        value = parts.get(key, 0)
        played = key == "card" and report.get("cards", {}).get(house)
        if not value and key != "units" and not played:
            continue
        detail = ""
        if key == "card" and report.get("cards", {}).get(house):
            detail = f" ({names.card_name(report['cards'][house])})"
        if key == "tides" and report.get("tides", {}).get(house):
            detail = f" ({names.tides_name(report['tides'][house])})"
        if key == "support":
            backers = [s for s in report.get("supporters", []) if s["backs"] == house]
            detail = (
                " ("
                + ", ".join(
                    f"{names.house_name(s['house'])} from {names.area_name(s['area'])} +{s['strength']}"
                    for s in backers
                )
                + ")"
                if backers
                else ""
            )
        lines.append(f"{label}: {value:+d}{detail}" if key != "units" else f"{label}: {value}")
    lines.append(f"**total: {parts.get('total', 0)}**")
    return "\n".join(lines)


def battle_embed(report: dict[str, Any]) -> discord.Embed:
    attacker, defender, winner = report["attacker"], report["defender"], report["winner"]
    won = "a tie, won on the Fiefdoms track" if report.get("tie") else "won"
    embed = discord.Embed(
        title=clip(f"⚔️ Battle in {names.area_name(report['area'])}", 256),
        description=clip(
            f"{names.house_name(attacker)} attacks {names.house_name(defender)}. "
            f"**{names.house_name(winner)}** wins ({won}).",
            4000,
        ),
        colour=names.house_colour(winner),
    )
    for house, role in ((attacker, "attacker"), (defender, "defender")):
        embed.add_field(
            name=clip(f"{names.house_name(house)} ({role})", 256), value=clip(_side(report, house), 1024)
        )
    aftermath = report.get("aftermath") or []
    if aftermath:
        embed.add_field(
            name="Then", value=clip("\n".join(f"• {line}" for line in aftermath), 1024), inline=False
        )
    embed.set_footer(text=clip(f"{report.get('game_name', '')} · game {report['game_id']}", 2048))
    return embed
