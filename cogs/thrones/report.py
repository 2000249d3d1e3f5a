"""A Game of Thrones' end-of-game report in the channel (:mod:`engine.thrones.report`, posted by the
table as ``report: "end"``): how the game ended, the standings, and a field for each house with its
battles, its castles and strongholds round by round, the power it gained and the house cards it played.
The poster attaches the chart of castles by round (drawn by the game's renderer) as the embed's image."""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord

from cogs.layout import clip
from cogs.thrones import looking, names

GREY = 0x777777


def _outcome(report: dict[str, Any]) -> str:
    if report.get("winner"):
        return f"{looking.winner_line(report['winner'])} The game ended in round {report['round']}."
    if report.get("status") == "ended":
        return f"A moderator ended the game in round {report['round']}: the standings are as it stood."
    return f"The game so far, in round {report['round']}."


def _house(data: dict[str, Any], last_round: int) -> str:
    castles = " → ".join(str(n) for n in [data["castles_at_start"], *data["castles"]])
    cards = data["cards"]
    times = Counter(cards)  # a house has 7 cards: the field stays short however long the game
    played = (
        ", ".join(names.card_name(c) + (f" x{times[c]}" if times[c] > 1 else "") for c in times) or "none"
    )
    return "\n".join(
        [
            f"Battles: **{data['battles_won']}** won, **{data['battles_lost']}** lost",
            f"Power gained: **{data['power_gained']}**",
            f"Castles, start to round {last_round}: {castles}",
            f"House cards ({len(cards)}): {played}",
        ]
    )


def report_embed(report: dict[str, Any]) -> discord.Embed:
    winner = report.get("winner")
    embed = discord.Embed(
        title=clip(f"{report.get('game_name', '')}: the game in numbers", 256),
        description=clip(_outcome(report), 4000),
        colour=names.house_colour(winner) if winner else GREY,
    )
    houses = report["houses"]
    standings = [
        f"{place}. {names.house_name(house)}: {houses[house]['castles'][-1]} castles and strongholds"
        for place, house in enumerate(report["standings"], start=1)
    ]
    embed.add_field(name="Standings", value=clip("\n".join(standings), 1024), inline=False)
    for house in report["standings"]:
        embed.add_field(
            name=clip(names.house_name(house), 256), value=clip(_house(houses[house], report["round"]), 1024)
        )
    embed.set_footer(text=clip(f"Game {report['game_id']} · /game report shows it again", 2048))
    return embed
