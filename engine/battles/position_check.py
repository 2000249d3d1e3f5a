"""The check a position's JSON passes before :meth:`State.from_json` builds a state from it.

Whatever is wrong with a position (a missing field, a wrong type, content whose files do not match their
hash, a unit type, card, hex or house the content does not have) is a :class:`PositionError` saying what and
where, e.g. ``units.stark-3.at is the text 'Z9', not a hex of the battlefield``. The check does not replay
the rules: a position that passes it but cannot go on is caught by ``BattlesGame.from_position`` running it.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, NoReturn

from data.battles import ContentError, Pack, content_hash, load_pack
from data.battles_model import FACES, RANKS, TERRAIN, TERRAINS
from engine.battles.field import Battlefield, battlefield
from engine.battles.variants import DEFAULTS
from engine.core.errors import PositionError, describe

_MISSING = object()


def check_position(data: dict[str, Any]) -> Pack:
    """The content of a well-formed position (format and version already checked); raises PositionError."""
    pack = _content(_get(data, "content"))
    battle = _name(
        _get(data, "battle"),
        "battle",
        {*pack.battles, *pack.skirmishes},
        "a battle or skirmish of its content",
    )
    plan = pack.plan(battle)
    houses = list(plan.houses)
    if _get(data, "houses") != houses:
        raise PositionError(f"houses is not the houses of the battle, {houses}")
    _int(_get(data, "rng"), "rng", 0, 2**64 - 1)
    _int(_get(data, "round"), "round", 1, plan.rounds)
    for key in ("first", "initiative"):
        _name(_get(data, key), key, houses, "a house of the battle")
    morale = _object(_get(data, "morale"), "morale")
    space = _int(_get(morale, "space", "morale"), "morale.space", 0, pack.morale.spaces)
    side = _get(morale, "house", "morale")
    if (side is None) != (space == 0) or (side is not None and side not in houses):
        raise PositionError("morale names a house of the battle exactly when its space is not the start (0)")
    for house, count in _per_house(_get(data, "command_tokens"), "command_tokens", houses).items():
        _int(count, f"command_tokens.{house}", 0, 10)
    in_battle = {p.commander: s.house for s in plan.houses.values() for p in s.units if p.commander}
    if battle in pack.skirmishes:  # any commander of a setup card of its houses may be chosen
        in_battle = {
            c.commander: c.house for c in pack.setup_cards.values() if c.commander and c.house in houses
        }
    for cid, card in _object(_get(data, "commanders"), "commanders").items():
        where = f"commanders.{cid}"
        _name(cid, where, in_battle, "a commander of the battle")
        card = _object(card, where)
        _int(_get(card, "tokens", where), f"{where}.tokens", 0, pack.commanders[cid].command_limit)
        _bool(_get(card, "committed", where), f"{where}.committed")
        if card.get("captured_by") is not None:
            _name(card["captured_by"], f"{where}.captured_by", houses, "a house of the battle")
        unknown = set(card) - {"tokens", "committed", "captured_by"}
        if unknown:
            raise PositionError(f"{where} has the unknown field {sorted(unknown)[0]!r}")
    field = battlefield(pack, battle)
    if not _list(_get(data, "stack"), "stack"):
        raise PositionError("the procedure stack is empty")
    _battlefield_state(data, pack, field, houses)
    _units(data, pack, battle, houses, in_battle)
    for house, tokens in _per_house(_get(data, "pools"), "pools", houses).items():
        _names(tokens, f"pools.{house}", FACES, "an order token")
    for key in ("hands", "decks", "discards"):
        for house, cards in _per_house(_get(data, key), key, houses).items():
            own = {cid for cid, card in pack.cards.items() if card.house == house}
            _names(cards, f"{key}.{house}", own, f"a leadership card of House {house.title()}")
    for key in ("vp", "eliminated", "exited"):
        for house, count in _per_house(_get(data, key), key, houses).items():
            _int(count, f"{key}.{house}", 0, 999)
    for spot, house in _object(_get(data, "markers"), "markers").items():
        _name(spot, "markers", field.hexes, "a hex of the battlefield")
        _name(house, f"markers.{spot}", houses, "a house of the battle")
    winner = data.get("winner")
    if winner is not None:
        _name(winner, "winner", houses, "a house of the battle")
    _names(data.get("ranking", []), "ranking", houses, "a house of the battle")
    for stat, count in _object(data.get("stats", {}), "stats").items():
        _int(count, f"stats.{stat}", 0, 2**63)
    return pack


def _battlefield_state(data: dict[str, Any], pack: Pack, field: Battlefield, houses: list[str]) -> None:
    """Engagement tokens, fires, destruction tokens, terrain taken off or laid on, and the settings."""
    units = _object(_get(data, "units"), "units")
    for index, token in enumerate(_list(_get(data, "engagements"), "engagements")):
        where = f"engagements[{index}]"
        token = _object(token, where)
        _name(_get(token, "house", where), f"{where}.house", houses, "a house of the battle")
        pair = _names(_get(token, "units", where), f"{where}.units", units, "a unit on the board")
        if len(pair) != 2 or pair[0] == pair[1] or set(token) != {"house", "units"}:
            raise PositionError(f"{where} is a house and the two units its token joins")
    for spot, level in _object(_get(data, "fire"), "fire").items():
        _name(spot, "fire", field.hexes, "a hex of the battlefield")
        _int(level, f"fire.{spot}", 1, 4)
    for key in ("destroyed", "removed"):
        spots = _names(_get(data, key), key, field.hexes, "a hex of the battlefield")
        if len(set(spots)) != len(spots):
            raise PositionError(f"{key} names a hex twice")
    for spot in _names(data["removed"], "removed", field.hexes, ""):
        if spot not in pack.plan(data["battle"]).board.tokens:
            raise PositionError(f"removed names {spot}, which holds no terrain token")
    for spot, kind in _object(_get(data, "placed"), "placed").items():
        _name(spot, "placed", field.hexes, "a hex of the battlefield")
        _name(kind, f"placed.{spot}", TERRAINS, "a terrain")
    for name, value in _object(_get(data, "variants"), "variants").items():
        _name(name, "variants", DEFAULTS, "a setting of a battle")
        _bool(value, f"variants.{name}")


def _ground(data: dict[str, Any], pack: Pack, battle: str, at: str) -> str:
    """The terrain that counts on a hex, as :meth:`State.kind` reads it, from checked position data."""
    if at in data["destroyed"]:
        return "plain"
    board = pack.plan(battle).board
    if at in board.tokens and at not in data["removed"]:
        return board.tokens[at]
    return data["placed"].get(at) or board.terrain[at]


def _content(value: Any) -> Pack:
    content = _object(value, "content")
    digest = _get(content, "hash", "content")
    files = _object(_get(content, "files", "content"), "content.files")
    for name, text in files.items():
        if type(text) is not str:
            _fail(f"content.files.{name}", text, "the text of a file")
    if content_hash(files) != digest:
        raise PositionError("content.files do not match content.hash (the content was changed)")
    try:
        return load_pack(files)
    except ContentError as error:
        raise PositionError(f"its content does not load: {error.problems[0]}") from None


def _units(
    data: dict[str, Any], pack: Pack, battle: str, houses: list[str], in_battle: dict[str, str]
) -> None:
    field = battlefield(pack, battle)
    seen: set[str] = set()

    def retreating(uid: str) -> bool:  # a unit whose bridge burnt under it retreats from the river
        return any(
            isinstance(f, dict) and f.get("kind") == "retreat" and f.get("unit") == uid for f in data["stack"]
        )

    for uid, unit in _object(_get(data, "units"), "units").items():
        where = f"units.{uid}"
        unit = _object(unit, where)
        house = _name(_get(unit, "house", where), f"{where}.house", houses, "a house of the battle")
        kind = _name(_get(unit, "type", where), f"{where}.type", pack.units, "a unit type of the content")
        if pack.units[kind].house != house:
            raise PositionError(f"{where}.type is a unit type of another house")
        _name(_get(unit, "rank", where), f"{where}.rank", RANKS, "a rank")
        at = _name(_get(unit, "at", where), f"{where}.at", field.hexes, "a hex of the battlefield")
        if at in seen:
            raise PositionError(f"{where}.at is {at}, where another unit stands")
        if TERRAIN[_ground(data, pack, battle, at)].movement == "impassable" and not retreating(uid):
            raise PositionError(f"{where}.at is {at}, where no unit may stand")
        seen.add(at)
        _int(_get(unit, "strength", where), f"{where}.strength", 1, pack.units[kind].strength)
        _bool(_get(unit, "active", where), f"{where}.active")
        commander = unit.get("commander")
        if (
            commander is not None
            and in_battle.get(_name(commander, f"{where}.commander", in_battle, "")) != house
        ):
            raise PositionError(
                f"{where}.commander is not a commander of House {house.title()} in the battle"
            )
        unknown = set(unit) - {"house", "type", "rank", "at", "strength", "active", "commander"}
        if unknown:
            raise PositionError(f"{where} has the unknown field {sorted(unknown)[0]!r}")


def _fail(path: str, value: Any, expected: str) -> NoReturn:
    raise PositionError(f"{path} is {describe(value)}, not {expected}")


def _get(data: dict[str, Any], key: str, where: str = "") -> Any:
    if key not in data:
        raise PositionError(f"missing field '{where + '.' if where else ''}{key}'")
    return data[key]


def _int(value: Any, path: str, low: int, high: int) -> int:
    if type(value) is not int:
        _fail(path, value, "a whole number")
    if not low <= value <= high:
        raise PositionError(f"{path} is {value}, not {low} to {high}")
    return value


def _bool(value: Any, path: str) -> None:
    if value is not True and value is not False:
        _fail(path, value, "true or false")


def _list(value: Any, path: str) -> list[Any]:
    if type(value) not in (list, tuple):
        _fail(path, value, "a list")
    return list(value)


def _object(value: Any, path: str) -> dict[str, Any]:
    if type(value) is not dict:
        _fail(path, value, "an object")
    return value


def _name(value: Any, path: str, allowed: Collection[str], what: str) -> str:
    if type(value) is not str or value not in allowed:
        _fail(path, value, what or "a name it may have")
    return value


def _names(value: Any, path: str, allowed: Collection[str], what: str) -> list[str]:
    items = _list(value, path)
    for index, item in enumerate(items):
        _name(item, f"{path}[{index}]", allowed, what)
    return items


def _per_house(value: Any, path: str, houses: list[str]) -> dict[str, Any]:
    mapping = _object(value, path)
    if sorted(mapping) != sorted(houses):
        raise PositionError(f"{path} is not one entry for each house of the battle")
    return mapping
