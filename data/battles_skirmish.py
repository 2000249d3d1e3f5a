"""Reading a pack's skirmishes (``[skirmishes.<id>]``, a skirmish summary card) and skirmish setup cards
(``[setup_cards.<id>]``), checked like the rest of a pack (:mod:`data.battles_read`).

A skirmish is written as a battle plan whose houses place no unit (their edge, command tokens, order dice,
leadership cards and morale end only), whose initiative may be ``"random"``, with a ``setup`` table: how
many commanders a house chooses (``commanders``) and their most ``competence`` in all, how many setup cards
are drawn for units and for terrain (``unit_cards``, ``terrain_cards``), and within how many rows of its
own edge a house places terrain, commanders and units (``terrain_within``, ``commanders_within``,
``units_within``). A setup card belongs to a house and may show a ``commander`` (``{ id, rank,
competence }``); its ``units`` are ``{ type, rank, count }`` and its ``terrain`` ``{ kind, count }``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from data.battles_model import RANKS, TERRAINS, Battle, Commander, SetupCard, Skirmish, UnitType

if TYPE_CHECKING:
    from data.battles_read import _Node, _Pack

# Terrain hexes a setup card may give: those laid on a plain hex (rivers are printed on the board).
LAID = tuple(kind for kind in TERRAINS if kind not in ("plain", "river", "forest-river"))


def read_skirmish(
    reader: _Pack,
    sid: str,
    node: _Node,
    houses: dict[str, Any],
    battles: dict[str, Battle | None],
    cards: dict[str, SetupCard | None],
) -> Skirmish | None:
    if sid in battles:
        node.fail(f"{sid!r} is also a battle's id: a battle and a skirmish are chosen by their ids")
    setup = node.table("setup", required=True)
    numbers: dict[str, Any] = {}
    if setup is not None:
        numbers = {
            "commanders": setup.int("commanders", low=1, high=10),
            "competence": setup.int("competence", low=1, high=99),
            "unit_cards": setup.int("unit_cards", low=0, high=20),
            "terrain_cards": setup.int("terrain_cards", low=0, high=20),
            "terrain_within": setup.int("terrain_within", low=1, high=99),
            "commanders_within": setup.int("commanders_within", low=1, high=99),
            "units_within": setup.int("units_within", low=1, high=99),
        }
        setup.finish()
    battle = reader._battle(sid, node, houses, {}, {}, skirmish=True)
    if battle is None or setup is None or None in numbers.values():
        return None
    for house in battle.houses:
        shown = [card for card in cards.values() if card and card.house == house and card.commander]
        if not any(card.competence <= numbers["competence"] for card in shown):
            node.fail(f"House {house!r} has no setup card showing a commander it may choose")
            return None
        if len({card.commander for card in shown}) != len(shown):
            node.fail(f"House {house!r} has two setup cards showing one commander")
            return None
    return Skirmish(
        battle=battle,
        random_initiative=battle.initiative == "random",
        most_commanders=numbers["commanders"],
        competence=numbers["competence"],
        unit_cards=numbers["unit_cards"],
        terrain_cards=numbers["terrain_cards"],
        terrain_within=numbers["terrain_within"],
        commanders_within=numbers["commanders_within"],
        units_within=numbers["units_within"],
    )


def read_setup_card(
    reader: _Pack,
    cid: str,
    node: _Node,
    houses: dict[str, Any],
    units: dict[str, UnitType | None],
    commanders: dict[str, Commander | None],
) -> SetupCard | None:
    house = reader._house(node, houses)
    commander = rank = None
    competence = 0
    ok = True
    shown = node.table("commander")
    if shown is not None:
        commander = shown.choice("id", commanders, "a commander of this pack")
        rank = shown.choice("rank", RANKS, "a rank")
        competence = shown.int("competence", low=0, high=20)
        shown.finish()
        card = commanders.get(commander) if commander else None
        if card is not None and house is not None and card.house != house:
            shown.fail(f"{commander!r} is a commander of another house", "id")
            ok = False
        ok = ok and None not in (commander, rank, competence)
    forces = []
    for item in node.tables("units", []):
        unit_type = item.choice("type", units, "a unit type of this pack")
        unit_rank = item.choice("rank", RANKS, "a rank")
        count = item.int("count", low=1, high=20)
        item.finish()
        found = units.get(unit_type) if unit_type else None
        if found is not None and house is not None and found.house != house:
            item.fail(f"{unit_type!r} is a unit type of another house", "type")
            ok = False
        elif None in (unit_type, unit_rank, count):
            ok = False
        else:
            forces.append((unit_type, unit_rank, count))
    terrain = []
    for item in node.tables("terrain", []):
        kind = item.choice("kind", LAID, "a terrain hex a setup card gives")
        count = item.int("count", low=1, high=20)
        item.finish()
        if None in (kind, count):
            ok = False
        else:
            terrain.append((kind, count))
    node.finish()
    if house is None or not ok:
        return None
    return SetupCard(cid, house, commander, rank, competence, tuple(forces), tuple(terrain))  # type: ignore[arg-type]
