"""A view of a battle as text, for the command line: the content's label, the round, morale and victory
points, the battlefield as a map of hexes, the units, the commanders and each house's resources."""

from __future__ import annotations

from typing import Any

from data.battles_model import hex_name, row_length

# The map's marks: the pack format's legend, and one mark for each terrain token.
MARKS = {"plain": ".", "hills": "h", "forest": "f", "river": "~", "forest-river": "v", "building": "B"}
MARKS |= {"road": "=", "forest-road": "t", "wooden-bridge": "#", "stone-bridge": "H", "palisade": "|"}
MARKS |= {"tent": "^", "siege-tower": "T", "ford": "%"}
CELL = 4  # characters of a hex on the map


def describe_view(view: dict[str, Any]) -> str:
    lines = [f"BattleLore: Battles of Westeros - {view['battle']['name']}", f"[{view['content']['label']}]"]
    viewer = view["viewer"]
    seen = f"seen by House {viewer.title()}" if viewer else "spectator view"
    lines.append(f"Round {view['round']}/{view['battle']['rounds']} - {view['phase']} phase - {seen}")
    if view["winner"]:
        lines.append(f"House {view['winner'].title()} has won the battle.")
    lines.append(_morale(view["morale"]))
    lines.append(
        f"First player: {view['first'].title()}; initiative: {view['initiative'].title()}; victory points: "
        + ", ".join(f"{h.title()} {info['vp']}" for h, info in view["houses"].items())
    )
    lines.append("")
    lines += _map(view)
    lines.append("")
    lines.append("Units (upper case: active; g/b/r: rank; the number: figures):")
    for at, unit in view["units"].items():
        lead = f", led by {view['commanders'][unit['commander']]['name']}" if unit["commander"] else ""
        state = "active" if unit["active"] else "inactive"
        figures = f"{unit['strength']}/{unit['full']}"
        lines.append(
            f"  {at:<4} {unit['house'].title()} {unit['rank']} {unit['name']} {figures} {state}{lead}"
        )
    board = view["board"]
    if view["engagements"]:
        tokens = [f"{'-'.join(e['hexes'])} ({e['house'].title()}'s token)" for e in view["engagements"]]
        lines.append(f"Engaged: {', '.join(tokens)}")
    if board["fire"]:
        lines.append("Fire: " + ", ".join(f"{at} level {level}" for at, level in board["fire"].items()))
    if board["destroyed"]:
        lines.append(f"Destroyed (plain): {', '.join(board['destroyed'])}")
    lines.append("Commanders:")
    for commander in view["commanders"].values():
        committed = ", committed" if commander["committed"] else ""
        tokens = f"{commander['command_tokens']}/{commander['command_limit']}"
        who = f"{commander['name']} ({commander['house'].title()})"
        if commander["captured_by"]:
            lines.append(f"  {who}: captured by House {commander['captured_by'].title()}")
            continue
        where = commander["at"] or "-"
        lines.append(f"  {who} at {where}: command tokens {tokens}{committed}")
    for house, info in view["houses"].items():
        hand = f"hand {', '.join(info['hand'])}" if "hand" in info else f"{info['hand_size']} cards in hand"
        lines.append(
            f"House {house.title()}: {info['command_tokens']} command tokens on its board; order tokens "
            f"{' '.join(info['pool']) or 'none'}; {hand}; deck {info['deck_size']}, discards "
            f"{' '.join(info['discards']) or 'none'}; eliminated {info['eliminated']}, "
            f"exited {info['exited']}"
        )
    return "\n".join(lines)


def _morale(morale: dict[str, Any]) -> str:
    if morale["house"] is None:
        return "Morale: the marker is on the start space."
    zone = f", {morale['zone']} zone" if morale["zone"] else ""
    return f"Morale: the marker is on space {morale['space']} of {morale['house'].title()}'s segment{zone}."


def _map(view: dict[str, Any]) -> list[str]:
    board = view["board"]
    columns = board["columns"]
    header = " " * 3 + "".join(chr(ord("A") + c).center(CELL) for c in range(columns))
    lines = [header]
    for row in range(board["rows"]):
        cells = []
        for column in range(row_length(columns, row)):
            name = hex_name(column, row)
            unit = view["units"].get(name)
            if unit is not None:
                house = unit["house"][0].upper() if unit["active"] else unit["house"][0].lower()
                cells.append(f"{house}{unit['strength']}{unit['rank'][0]}".center(CELL))
            elif name in board["fire"]:
                cells.append(f"*{board['fire'][name]}".center(CELL))
            else:
                kind = (
                    "plain"
                    if name in board["destroyed"]
                    else board["tokens"].get(name) or board["terrain"][name]
                )
                cells.append(MARKS[kind].center(CELL))
        indent = " " * (CELL // 2) if row % 2 else ""
        lines.append(f"{row + 1:>2} {indent}{''.join(cells)}")
    legend = "Map: " + ", ".join(f"{mark} {kind}" for kind, mark in MARKS.items()) + ", *N fire of level N"
    return [*lines, legend]
