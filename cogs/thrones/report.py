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
from i18n import SOURCE_LANGUAGE, Translator, translator

GREY = 0x777777


def _outcome(report: dict[str, Any], words: Translator) -> str:
    if report.get("winner"):
        won = looking.winner_line(report["winner"], words.language)
        return f"{won} " + words.gettext("The game ended in round {round}.", round=report["round"])
    if report.get("status") == "ended":
        return words.gettext(
            "A moderator ended the game in round {round}: the standings are as it stood.",
            round=report["round"],
        )
    return words.gettext("The game so far, in round {round}.", round=report["round"])


def _house(data: dict[str, Any], last_round: int, words: Translator) -> str:
    castles = " → ".join(str(n) for n in [data["castles_at_start"], *data["castles"]])
    cards = data["cards"]
    times = Counter(cards)  # a house has 7 cards: the field stays short however long the game
    played = ", ".join(
        names.card_name(c, words.language) + (f" x{times[c]}" if times[c] > 1 else "") for c in times
    ) or words.gettext("none")
    return "\n".join(
        [
            words.gettext(
                "Battles: **{won}** won, **{lost}** lost", won=data["battles_won"], lost=data["battles_lost"]
            ),
            words.gettext("Power gained: **{power}**", power=data["power_gained"]),
            words.gettext("Castles, start to round {round}: {castles}", round=last_round, castles=castles),
            words.gettext("House cards ({count}): {cards}", count=len(cards), cards=played),
        ]
    )


def report_embed(report: dict[str, Any]) -> discord.Embed:
    """The end-of-game report, in the report's language (the game's)."""
    words = translator(report.get("language", SOURCE_LANGUAGE))
    winner = report.get("winner")
    embed = discord.Embed(
        title=clip(words.gettext("{game}: the game in numbers", game=report.get("game_name", "")), 256),
        description=clip(_outcome(report, words), 4000),
        colour=names.house_colour(winner) if winner else GREY,
    )
    houses = report["houses"]
    standings = [
        words.gettext(
            "{place}. {house}: {count} castles and strongholds",
            place=place,
            house=names.house_name(house, words.language),
            count=houses[house]["castles"][-1],
        )
        for place, house in enumerate(report["standings"], start=1)
    ]
    embed.add_field(name=words.gettext("Standings"), value=clip("\n".join(standings), 1024), inline=False)
    for house in report["standings"]:
        embed.add_field(
            name=clip(names.house_name(house, words.language), 256),
            value=clip(_house(houses[house], report["round"], words), 1024),
        )
    footer = words.gettext(
        "Game {id} · {command} shows it again", id=report["game_id"], command=words.command("game report")
    )
    embed.set_footer(text=clip(footer, 2048))
    return embed
