"""An area of A Game of Thrones' board in the rules reference: what it is (land, sea or port), its castle,
supply barrels and power crowns, its port and the sea that port opens onto, every neighbour by name, and
what is there at the start for each player count (a home, starting units, a neutral force, a closed
area)."""

from __future__ import annotations

import discord

from cogs.thrones import names
from data.thrones import PLAYER_COUNTS, Area

FACTS = names.FACTS
CASTLES = {0: "None", 1: "Castle (1 mustering point)", 2: "Stronghold (2 mustering points)"}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _counts(counts: list[int]) -> str:
    """``[4, 5, 6]`` -> ``4 to 6``; ``[3]`` -> ``3``; ``[3, 5]`` -> ``3 and 5``."""
    if len(counts) == 1:
        return str(counts[0])
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return ", ".join(map(str, counts[:-1])) + f" and {counts[-1]}"


def _summary(area: Area) -> str:
    if area.kind == "port":
        land, sea = names.area_name(area.land or ""), names.area_name(area.sea or "")
        return (
            f"The port of {land}, opening onto {sea}. Only ships enter it, three at most, and only the "
            f"house holding {land} may use it."
        )
    if area.kind == "sea":
        return "A sea area: only ships enter it."
    castle = {0: "", 1: " with a castle", 2: " with a stronghold"}[area.castle]
    return f"A land area{castle}."


def _at_start(area: Area, players: int) -> str:
    """What stands in ``area`` at the start of a game of ``players``: starting units, a neutral force,
    or the area closed; "" for nothing."""
    setup = FACTS.setups[players]
    if area.id in setup.impassable:
        return "closed all game"
    if area.id in setup.neutral_forces:
        return f"a neutral force of strength {setup.neutral_forces[area.id]}"
    parts = []
    for house, start in setup.starting.items():
        kinds = [kind for where, kind in start.units if where == area.id]
        if kinds:
            parts.append(f"{names.house_name(house)}: {names.units_text(kinds)}")
    return "; ".join(parts)


def _start_lines(area: Area) -> list[str]:
    lines = []
    if area.home is not None:
        lines.append(
            f"Home area of {names.house_name(area.home)}; its garrison adds {FACTS.garrison_strength} to "
            "the area's defence until the area is lost."
        )
    by_text: dict[str, list[int]] = {}
    for players in sorted(PLAYER_COUNTS, reverse=True):
        by_text.setdefault(_at_start(area, players), []).append(players)
    if list(by_text) != [""]:
        for text, counts in by_text.items():
            lines.append(f"With {_counts(sorted(counts))} players: {text or 'nothing'}.")
    return lines or ["Nothing: no house starts here."]


def area_embed(area_id: str) -> discord.Embed:
    area = FACTS.areas[area_id]
    embed = discord.Embed(
        title=area.name,
        description=_summary(area),
        colour=names.house_colour(area.home) if area.home else None,
    )
    embed.add_field(name="Kind", value=area.kind.capitalize(), inline=True)
    if area.kind == "land":
        embed.add_field(name="Castle", value=CASTLES[area.castle], inline=True)
        embed.add_field(name="Supply", value=_plural(area.supply, "barrel"), inline=True)
        embed.add_field(name="Power", value=_plural(area.power, "crown"), inline=True)
        port = FACTS.areas[area.port] if area.port else None
        where = f"{port.name}, opening onto {names.area_name(port.sea or '')}" if port else "None"
        embed.add_field(name="Port", value=where, inline=True)
    elif area.kind == "port":
        embed.add_field(name="Belongs to", value=names.area_name(area.land or ""), inline=True)
        embed.add_field(name="Opens onto", value=names.area_name(area.sea or ""), inline=True)
    else:
        ports = sorted(a.name for a in FACTS.areas.values() if a.kind == "port" and a.sea == area_id)
        embed.add_field(name="Ports on it", value=", ".join(ports) or "None", inline=True)
    neighbours = sorted(names.area_name(other) for other in area.adjacent)
    embed.add_field(name=f"Neighbours ({len(neighbours)})", value=", ".join(neighbours), inline=False)
    embed.add_field(name="At the start", value="\n".join(_start_lines(area)), inline=False)
    return embed
