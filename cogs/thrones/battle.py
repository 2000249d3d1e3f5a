"""A battle told in the channel: both sides' strength broken down (units, order, garrison, each
supporter, the house card, the Tides of Battle card, the Valyrian Steel Blade), the winner, and what came
of it (casualties, the retreat)."""

from __future__ import annotations

from typing import Any

import discord

from cogs.layout import clip
from cogs.thrones import names
from i18n import SOURCE_LANGUAGE, Translator, translator


def _label(words: Translator, key: str) -> str:
    """What a part of a side's strength is called."""
    found = {
        "units": words.pgettext("strength", "units"),
        "order": words.pgettext("strength", "order"),
        "garrison": words.pgettext("strength", "garrison"),
        "support": words.pgettext("strength", "support"),
        "card": words.pgettext("strength", "house card"),
        "tides": words.pgettext("strength", "Tides of Battle"),
        "blade": words.pgettext("strength", "Valyrian Steel Blade"),
    }
    return found[key]


PARTS = ("units", "order", "garrison", "support", "card", "tides", "blade")


def _side(report: dict[str, Any], house: str, words: Translator) -> str:
    language = words.language
    parts = report["strengths"].get(house, {})
    lines = []
    for key in PARTS:
        value = parts.get(key, 0)
        played = key == "card" and report.get("cards", {}).get(house)
        if not value and key != "units" and not played:
            continue
        detail = ""
        if key == "card" and report.get("cards", {}).get(house):
            detail = f" ({names.card_name(report['cards'][house], language)})"
        if key == "tides" and report.get("tides", {}).get(house):
            detail = f" ({names.tides_name(report['tides'][house], language)})"
        if key == "support":
            backers = [s for s in report.get("supporters", []) if s["backs"] == house]
            shown = [
                words.gettext(
                    "{house} from {area} +{strength}",
                    house=names.house_name(s["house"], language),
                    area=names.area_name(s["area"], language),
                    strength=s["strength"],
                )
                for s in backers
            ]
            detail = f" ({', '.join(shown)})" if shown else ""
        label = _label(words, key)
        lines.append(f"{label}: {value:+d}{detail}" if key != "units" else f"{label}: {value}")
    lines.append(words.gettext("**total: {total}**", total=parts.get("total", 0)))
    return "\n".join(lines)


def battle_embed(report: dict[str, Any]) -> discord.Embed:
    """A battle, in the report's language (the game's)."""
    words = translator(report.get("language", SOURCE_LANGUAGE))
    language = words.language
    attacker, defender, winner = report["attacker"], report["defender"], report["winner"]
    fields = {
        "attacker": names.house_name(attacker, language),
        "defender": names.house_name(defender, language),
        "winner": names.house_name(winner, language),
    }
    if report.get("tie"):
        told = words.gettext(
            "{attacker} attacks {defender}. **{winner}** wins (a tie, won on the Fiefdoms track).", **fields
        )
    else:
        told = words.gettext("{attacker} attacks {defender}. **{winner}** wins.", **fields)
    title = words.gettext("⚔️ Battle in {area}", area=names.area_name(report["area"], language))
    embed = discord.Embed(
        title=clip(title, 256), description=clip(told, 4000), colour=names.house_colour(winner)
    )
    for house, role in (
        (attacker, words.gettext("{house} (attacker)", house=fields["attacker"])),
        (defender, words.gettext("{house} (defender)", house=fields["defender"])),
    ):
        embed.add_field(name=clip(role, 256), value=clip(_side(report, house, words), 1024))
    aftermath = report.get("aftermath") or []
    if aftermath:
        embed.add_field(
            name=words.gettext("Then"),
            value=clip("\n".join(f"• {line}" for line in aftermath), 1024),
            inline=False,
        )
    footer = words.gettext("{game} · game {id}", game=report.get("game_name", ""), id=report["game_id"])
    embed.set_footer(text=clip(footer, 2048))
    return embed
