"""An area of A Game of Thrones' board in the rules reference: what it is (land, sea or port), its castle,
supply barrels and power crowns, its port and the sea that port opens onto, every neighbour by name, and
what is there at the start for each player count (a home, starting units, a neutral force, a closed
area); in the reader's language."""

from __future__ import annotations

import discord

from cogs.thrones import names
from data.thrones import PLAYER_COUNTS, Area
from i18n import SOURCE_LANGUAGE, Translator, translator

FACTS = names.FACTS


def _castle(words: Translator, castle: int) -> str:
    if castle == 1:
        return words.gettext("Castle (1 mustering point)")
    if castle == 2:
        return words.gettext("Stronghold (2 mustering points)")
    return words.gettext("None")


def _counts(words: Translator, counts: list[int]) -> str:
    """``[4, 5, 6]`` -> ``4 to 6``; ``[3]`` -> ``3``; ``[3, 5]`` -> ``3 and 5``."""
    if len(counts) == 1:
        return str(counts[0])
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return words.gettext("{first} to {last}", first=counts[0], last=counts[-1])
    return words.gettext("{items} and {last}", items=", ".join(map(str, counts[:-1])), last=counts[-1])


def _units(words: Translator, kinds: list[str]) -> str:
    """``2 footmen, knight`` (``2 Soldados, Caballero``), in the reader's language."""
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    if words.language == SOURCE_LANGUAGE:
        return names.units_text(kinds)
    parts = []
    for kind in sorted(counts, key=lambda k: names.UNIT_KINDS.index(k) if k in names.UNIT_KINDS else 9):
        entry = names.load_names()[words.language].names["units"][kind]
        count = counts[kind]
        parts.append(entry.name if count == 1 else f"{count} {entry.plural or entry.name}")
    return ", ".join(parts)


def _summary(words: Translator, area: Area) -> str:
    language = words.language
    if area.kind == "port":
        land, sea = names.area_name(area.land or "", language), names.area_name(area.sea or "", language)
        return words.gettext(
            "The port of {land}, opening onto {sea}. Only ships enter it, three at most, and only the house "
            "holding {land} may use it.",
            land=land,
            sea=sea,
        )
    if area.kind == "sea":
        return words.gettext("A sea area: only ships enter it.")
    if area.castle == 1:
        return words.gettext("A land area with a castle.")
    if area.castle == 2:
        return words.gettext("A land area with a stronghold.")
    return words.gettext("A land area.")


def _at_start(words: Translator, area: Area, players: int) -> str:
    """What stands in ``area`` at the start of a game of ``players``: starting units, a neutral force,
    or the area closed; "" for nothing."""
    setup = FACTS.setups[players]
    if area.id in setup.impassable:
        return words.gettext("closed all game")
    if area.id in setup.neutral_forces:
        return words.gettext("a neutral force of strength {strength}", strength=setup.neutral_forces[area.id])
    parts = []
    for house, start in setup.starting.items():
        kinds = [kind for where, kind in start.units if where == area.id]
        if kinds:
            parts.append(f"{names.house_name(house, words.language)}: {_units(words, kinds)}")
    return "; ".join(parts)


def _start_lines(words: Translator, area: Area) -> list[str]:
    lines = []
    if area.home is not None:
        lines.append(
            words.gettext(
                "Home area of {house}; its garrison adds {strength} to the area's defence until the area is "
                "lost.",
                house=names.house_name(area.home, words.language),
                strength=FACTS.garrison_strength,
            )
        )
    by_text: dict[str, list[int]] = {}
    for players in sorted(PLAYER_COUNTS, reverse=True):
        by_text.setdefault(_at_start(words, area, players), []).append(players)
    if list(by_text) != [""]:
        for text, counts in by_text.items():
            lines.append(
                words.gettext(
                    "With {counts} players: {what}.",
                    counts=_counts(words, sorted(counts)),
                    what=text or words.gettext("nothing"),
                )
            )
    return lines or [words.gettext("Nothing: no house starts here.")]


def _kind(words: Translator, kind: str) -> str:
    found = {
        "land": words.pgettext("area kind", "Land"),
        "sea": words.pgettext("area kind", "Sea"),
        "port": words.pgettext("area kind", "Port"),
    }
    return found.get(kind, kind.capitalize())


def area_embed(area_id: str, language: str = SOURCE_LANGUAGE) -> discord.Embed:
    words = translator(language)
    area = FACTS.areas[area_id]

    def name(other: str) -> str:
        return names.area_name(other, language)

    embed = discord.Embed(
        title=name(area_id),
        description=_summary(words, area),
        colour=names.house_colour(area.home) if area.home else None,
    )
    embed.add_field(name=words.gettext("Kind"), value=_kind(words, area.kind), inline=True)
    if area.kind == "land":
        embed.add_field(name=words.gettext("Castle"), value=_castle(words, area.castle), inline=True)
        supply = words.ngettext("{count} barrel", "{count} barrels", area.supply, count=area.supply)
        embed.add_field(name=words.gettext("Supply"), value=supply, inline=True)
        power = words.ngettext("{count} crown", "{count} crowns", area.power, count=area.power)
        embed.add_field(name=words.gettext("Power"), value=power, inline=True)
        port = FACTS.areas[area.port] if area.port else None
        where = (
            words.gettext("{port}, opening onto {sea}", port=name(port.id), sea=name(port.sea or ""))
            if port
            else words.gettext("None")
        )
        embed.add_field(name=words.gettext("Port"), value=where, inline=True)
    elif area.kind == "port":
        embed.add_field(name=words.gettext("Belongs to"), value=name(area.land or ""), inline=True)
        embed.add_field(name=words.gettext("Opens onto"), value=name(area.sea or ""), inline=True)
    else:
        ports = sorted(name(a.id) for a in FACTS.areas.values() if a.kind == "port" and a.sea == area_id)
        embed.add_field(
            name=words.gettext("Ports on it"), value=", ".join(ports) or words.gettext("None"), inline=True
        )
    neighbours = sorted(name(other) for other in area.adjacent)
    embed.add_field(
        name=words.gettext("Neighbours ({count})", count=len(neighbours)),
        value=", ".join(neighbours)[:1024],
        inline=False,
    )
    embed.add_field(
        name=words.gettext("At the start"), value="\n".join(_start_lines(words, area))[:1024], inline=False
    )
    return embed
