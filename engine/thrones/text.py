"""A compact, readable text rendering of a public view (see :mod:`engine.thrones.views`), for terminals.

It reads only the view dict, so it shows exactly what the viewer of that view may see.
"""

from __future__ import annotations

import textwrap
from typing import Any

from engine.thrones.board import BOARD, FACTS

_TRACKS = (
    ("throne", "Iron Throne", "iron_throne", None),
    ("fiefdoms", "Fiefdoms", "valyrian_steel_blade", "blade_used"),
    ("court", "King's Court", "messenger_raven", "raven_used"),
)
_TOKEN_NAMES = {
    "iron_throne": "Iron Throne",
    "valyrian_steel_blade": "Valyrian Steel Blade",
    "messenger_raven": "Messenger Raven",
}
_UNIT_ORDER = ("footman", "knight", "siege", "ship")
_DECKS = ("I", "II", "III")
_SHORT_UNITS = {"footman": "f", "knight": "k", "siege": "sg", "ship": "sh"}
_PLURALS = {"footman": "footmen", "knight": "knights", "siege": "sieges", "ship": "ships"}


def house_name(house: str) -> str:
    """The display name, e.g. ``House Stark``."""
    info = FACTS.houses.get(house)
    return info.name if info is not None else house.title()


def short_name(house: str) -> str:
    """The display name without the word ``House``, for tables."""
    return house_name(house).removeprefix("House ")


def area_name(area: str) -> str:
    return BOARD.name(area) if BOARD.is_area(area) else area


def _card_name(table: dict[str, Any], card: str | None) -> str:
    if card is None:
        return "none"
    info = table.get(card)
    return info.name if info is not None else card


def _units(units: list[dict[str, Any]]) -> str:
    """``Stark: 2 footmen, knight (1 routed)``, grouping by house and kind."""
    by_house: dict[str, dict[str, list[int]]] = {}
    for unit in units:
        counts = by_house.setdefault(unit["house"], {}).setdefault(unit["kind"], [0, 0])
        counts[0] += 1
        counts[1] += bool(unit.get("routed"))
    parts = []
    for house, kinds in by_house.items():
        listed = []
        for kind in sorted(kinds, key=lambda k: (_UNIT_ORDER.index(k) if k in _UNIT_ORDER else 9, k)):
            count, routed = kinds[kind]
            text = kind if count == 1 else f"{count} {_PLURALS.get(kind, kind + 's')}"
            if routed:
                text += " (routed)" if routed == count else f" ({routed} routed)"
            listed.append(text)
        parts.append(f"{short_name(house)}: {', '.join(listed)}")
    return "; ".join(parts)


def _header(view: dict[str, Any]) -> list[str]:
    players = view.get("players")
    extras = [f"{players} players"] if players else []
    if view.get("tides_of_battle"):
        extras.append("Tides of Battle")
    if view.get("viewer"):
        extras.append(f"seen by {house_name(view['viewer'])}")
    else:
        extras.append("spectator view")
    phase = view.get("phase", "?")
    phase_text = "game over" if phase == "over" else f"{phase} phase"
    return [f"Round {view.get('round', '?')}/{FACTS.last_round} - {phase_text} - {', '.join(extras)}"]


def _game_over(view: dict[str, Any]) -> list[str]:
    if not view.get("over"):
        return []
    houses = view.get("houses", {})
    ranking = view.get("ranking") or []
    standings = ", ".join(
        f"{place}. {short_name(h)} ({houses.get(h, {}).get('castles', '?')} castles)"
        for place, h in enumerate(ranking, start=1)
    )
    lines = [f"GAME OVER: {house_name(view['winner'])} wins the Iron Throne."]
    if standings:
        lines.append(f"Standings: {standings}")
    return lines


def _tracks(view: dict[str, Any]) -> list[str]:
    tracks = view.get("tracks", {})
    dominance = view.get("dominance", {})
    lines = []
    for key, label, token, used_key in _TRACKS:
        order = tracks.get(key, [])
        if not order:
            continue
        line = f"  {label + ':':<14}" + "  ".join(f"{i}.{short_name(h)}" for i, h in enumerate(order, 1))
        holder = dominance.get(token, order[0])
        note = f"{_TOKEN_NAMES[token]}: {short_name(holder)}"
        if used_key is not None:
            note += ", used" if dominance.get(used_key) else ", unused"
        lines.append(f"{line}   [{note}]")
    return ["Tracks", *lines] if lines else []


def _houses(view: dict[str, Any]) -> list[str]:
    houses = view.get("houses", {})
    if not houses:
        return []
    width = max(len(short_name(h)) for h in houses)
    lines = [f"  {'House':<{width}}  Power  Supply  Castles  Cards  Stars  Reserve"]
    for house, info in houses.items():
        power = f"{info.get('power', 0)}+{info.get('power_on_board', 0)}"
        castles = f"{info.get('castles', 0)} ({info.get('strongholds', 0)}S)"
        reserve = info.get("reserve", {})
        reserve_text = " ".join(f"{reserve[k]}{_SHORT_UNITS[k]}" for k in _UNIT_ORDER if k in reserve)
        lines.append(
            f"  {short_name(house):<{width}}  {power:<5}  {info.get('supply', 0):<6}  {castles:<7}  "
            f"{len(info.get('hand', [])):<5}  {info.get('special_orders_allowed', 0):<5}  {reserve_text}"
        )
        if "unused_orders" in info:
            unused = ", ".join(t if n == 1 else f"{t} x{n}" for t, n in info["unused_orders"].items() if n)
            indent = " " * (width + 4)
            lines.extend(
                textwrap.wrap(
                    f"unused orders: {unused or 'none'}",
                    108,
                    initial_indent=indent,
                    subsequent_indent=indent + "  ",
                    break_on_hyphens=False,
                )
            )
    lines.append("  (power: available+on the board; S: strongholds; stars: special orders allowed;")
    lines.append("   reserve: units not on the board, f footmen, k knights, sg siege engines, sh ships)")
    return ["Houses", *lines]


def _order_text(order: dict[str, Any]) -> str:
    token = order.get("token")
    if token is None:
        return f"order: {short_name(order['house'])}, face down"
    return f"order: {token}"


def _areas(view: dict[str, Any]) -> list[str]:
    areas = view.get("areas", {})
    rows = []
    impassable: list[str] = []
    for area, entry in sorted(areas.items(), key=lambda item: area_name(item[0])):
        parts = []
        if entry.get("units"):
            parts.append(_units(entry["units"]))
        elif entry.get("controller") and BOARD.kind.get(area) != "port":
            parts.append(f"{short_name(entry['controller'])}, no units")
        if "order" in entry:
            parts.append(_order_text(entry["order"]))
        if "power_token" in entry:
            parts.append(f"power token: {short_name(entry['power_token'])}")
        if "garrison" in entry:
            parts.append(f"garrison {entry['garrison']}")
        if "neutral_force" in entry:
            parts.append(f"neutral force {entry['neutral_force']}")
        if entry.get("impassable"):
            if not parts:
                impassable.append(area_name(area))
                continue
            parts.append("impassable")
        if parts:
            rows.append((area_name(area), " | ".join(parts)))
    width = max((len(name) for name, _ in rows), default=0)
    lines = [f"  {name:<{width}}  {text}" for name, text in rows]
    if impassable:
        lines.extend(
            textwrap.wrap(
                ", ".join(impassable), 106, initial_indent="  Impassable: ", subsequent_indent="    "
            )
        )
    return ["Areas", *lines] if lines else []


def _westeros_and_wildlings(view: dict[str, Any]) -> list[str]:
    lines = []
    westeros = view.get("westeros", {})
    revealed = westeros.get("revealed", [])
    if revealed:
        names = ", ".join(
            f"{_DECKS[deck] if deck < len(_DECKS) else deck + 1}: {_card_name(FACTS.westeros_cards, card)}"
            for deck, card in enumerate(revealed)
        )
        lines.append(f"Westeros cards this round: {names}")
    wildlings = view.get("wildlings", {})
    if wildlings:
        text = f"Wildling threat {wildlings.get('threat', '?')}"
        if wildlings.get("last_card"):
            text += f" (last card: {_card_name(FACTS.wildling_cards, wildlings['last_card'])})"
        if wildlings.get("top_card"):
            text += f" (top card, known to you: {_card_name(FACTS.wildling_cards, wildlings['top_card'])})"
        lines.append(text)
    restrictions = view.get("restrictions", [])
    if restrictions:
        lines.append(f"Order restrictions: {', '.join(restrictions)}")
    return lines


def _compact(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + "; ".join(f"{k}: {_compact(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return ",".join(_compact(v) for v in value)
    return str(value)


def _frame_text(frame: dict[str, Any]) -> str:
    """``clash-of-kings: track=fiefdoms; bids={stark: 1; ...}`` (empty and false fields left out)."""
    step = str(frame.get("step", "?"))
    if set(frame) == {"step", step} and not isinstance(frame[step], dict | list):
        return f"{step} {frame[step]}"  # {"step": "round", "round": 3} -> "round 3"
    details = []
    for key, value in frame.items():
        if key == "step" or value is None or value is False or value == [] or value == {}:
            continue
        details.append(key if value is True else f"{key}={_compact(value)}")
    return f"{step}: {'; '.join(details)}" if details else step


def _procedure(view: dict[str, Any]) -> list[str]:
    procedure = view.get("procedure", [])
    if not procedure:
        return []
    lines = ["Procedure: " + _frame_text(procedure[0])]
    lines.extend(f"  {'  ' * depth}> {_frame_text(frame)}" for depth, frame in enumerate(procedure[1:]))
    return lines


def _waiting(view: dict[str, Any]) -> list[str]:
    lines = []
    waiting = view.get("waiting_for", [])
    if waiting:
        lines.append("Waiting for:")
        for entry in waiting:
            text = (
                f"  {short_name(entry['house'])} ({entry['kind']}{', secret' if entry.get('secret') else ''})"
            )
            if entry.get("prompt"):
                text += f": {entry['prompt']}"
            lines.append(text)
    elif not view.get("over"):
        lines.append("Waiting for: nothing")
    return lines


def describe_view(view: dict[str, Any], *, waiting: bool = True) -> str:
    """The whole view as text, section by section, blank lines between sections.

    ``waiting=False`` leaves out the list of decisions the game waits for (for callers that print
    the pending decisions themselves, with more detail).
    """
    sections = [
        _header(view) + _game_over(view),
        _tracks(view),
        _houses(view),
        _areas(view),
        _westeros_and_wildlings(view),
    ]
    stats = view.get("stats") or {}
    if stats:
        sections.append(["Stats: " + ", ".join(f"{k}={v}" for k, v in sorted(stats.items()))])
    sections.append(_procedure(view) + (_waiting(view) if waiting else []))
    return "\n\n".join("\n".join(lines) for lines in sections if lines)
