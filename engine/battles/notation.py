"""The text notation of a battle: one action per line, ``<house>: <verb> <arguments>``.

Hexes are named by column letter and row number (``G5``, either case); order tokens by face (``green``,
``blue``, ``red``, ``valor``, ``morale``); cards and commanders by their ids in the content pack.

=========  =================================================================================================
verb       arguments
=========  =================================================================================================
pass
token      ``FACE HEX`` or ``FACE+FACE HEX`` (order the unit there); ``morale up``; ``morale rally HEX``
play       ``CARD via COMMANDER``
command    ``none``, or order numbers (from 1) then, if used, ``tactic before|after``, ``commit before|after``
units      ``none``, or ``N HEX HEX ...; N HEX ...`` (the units each command order picks)
move       ``HEX HEX`` (from, to), ``HEX exit`` (off the board), or ``done``
attack     ``HEX HEX`` (attacker, target), ``HEX HEX with HEX ...`` (supporting units, a coordinated attack)
           or ``done``
scorch     ``HEX HEX`` (the unit, the empty hex it sets fire to)
extinguish ``HEX HEX`` (the unit, the hex whose fire it puts out: its own, or an adjacent one)
parting    ``yes`` or ``no`` (make a parting blow)
counter    ``yes`` or ``no`` (counterattack)
loyal      ``yes`` or ``no`` (ignore the first morale flag)
retreat    ``HEX`` (the hex of a retreat step)
reroll     ``FACE`` or ``none`` (a flank attack's reroll)
follow     ``HEX`` or ``none`` (advance or pursue there)
discard    ``CARD via COMMANDER HEX`` (the setting discard_to_order)
pick       ``COMMANDER ...`` or ``none`` (a skirmish's commanders)
place      ``TERRAIN HEX``, ``COMMANDER HEX`` or ``UNIT-TYPE RANK HEX`` (a skirmish's setup)
choose     ``none`` or ``HEX HEX ...``
adjust     ``none``, or changes separated by commas: ``HEX to HEX``, ``HEX +N``, ``HEX -N``, ``rally HEX``,
           ``morale +N``, ``vp -N``
keep       ``CARD|none TOKEN|none``
=========  =================================================================================================

Every input is bounded: a line has at most :data:`engine.core.game.MAX_LINE` characters, a list of hexes at
most :data:`MAX_HEXES`, a number at most two digits. Whatever cannot be read raises NotationError.
"""

from __future__ import annotations

import re

from data.battles_model import FACES, RANKS, hex_name, hex_place
from engine.battles.actions import (
    Action,
    Adjust,
    Attack,
    AttackDone,
    Change,
    Choose,
    Command,
    Counter,
    Discard,
    Extinguish,
    Follow,
    Keep,
    Loyal,
    MoraleToken,
    Move,
    MoveDone,
    OrderToken,
    Parting,
    Pass,
    Pick,
    Place,
    Play,
    Reroll,
    Retreat,
    Scorch,
    Units,
)
from engine.core.errors import NotationError, quote

MAX_HEXES = 30
TIMINGS = ("before", "after")
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,39}")
_NUMBER = re.compile(r"[0-9]{1,2}")
_SIGNED = re.compile(r"[+-][0-9]{1,2}")

VERBS = (
    "pass",
    "token",
    "play",
    "discard",
    "command",
    "units",
    "move",
    "attack",
    "scorch",
    "extinguish",
    "parting",
    "counter",
    "loyal",
    "retreat",
    "reroll",
    "follow",
    "choose",
    "adjust",
    "keep",
    "pick",
    "place",
)
MAX_PICKS = 10


def house_id(text: str) -> str:
    """A house's id from ``stark``, ``Stark`` or ``House Stark``."""
    house = " ".join(text.strip().lower().split()).removeprefix("house ")
    if not re.fullmatch(r"[a-z][a-z0-9-]{0,39}", house):
        raise NotationError(f"There is no house called {quote(text)}.")
    return house


def parse_action(text: str) -> Action:
    words = text.strip().split()
    if not words:
        raise NotationError(f"Write an action: {', '.join(VERBS)}.")
    verb, args = words[0].lower(), words[1:]
    reader = _READERS.get(verb)
    if reader is None:
        raise NotationError(f"{quote(words[0])} is not an action here; the actions are {', '.join(VERBS)}.")
    return reader(args, " ".join(args))


def hex_arg(text: str) -> str:
    place = hex_place(text) if len(text) <= 3 else None
    if place is None:
        raise NotationError(f"{quote(text)} is not a hex (a column letter and a row number, such as G5).")
    return hex_name(*place)


def _hexes(words: list[str]) -> tuple[str, ...]:
    if len(words) > MAX_HEXES:
        raise NotationError(f"List at most {MAX_HEXES} hexes.")
    found = tuple(hex_arg(word) for word in words)
    if len(set(found)) != len(found):
        raise NotationError("A hex is listed twice.")
    return found


def _face(text: str) -> str:
    face = text.lower()
    if face not in FACES:
        raise NotationError(f"{quote(text)} is not an order token ({', '.join(FACES)}).")
    return face


def _no_args(action: Action, usage: str):  # type: ignore[no-untyped-def]
    def read(args: list[str], _: str) -> Action:
        if args:
            raise NotationError(f"Write {usage!r}.")
        return action

    return read


def _token(args: list[str], _: str) -> Action:
    if args and args[0].lower() == "morale":
        rest = [word.lower() for word in args[1:]]
        if rest == ["up"]:
            return MoraleToken()
        if len(rest) == 2 and rest[0] == "rally":
            return MoraleToken(hex_arg(args[2]))
        raise NotationError("Write 'token morale up' or 'token morale rally HEX'.")
    if len(args) != 2:
        raise NotationError("Write 'token FACE HEX' or 'token FACE+FACE HEX', e.g. 'token green G5'.")
    faces = tuple(_face(part) for part in args[0].split("+"))
    if len(faces) > 2 or (len(faces) == 2 and faces[0] != faces[1]):
        raise NotationError(
            "Two tokens order a unit only if they are of the same face: 'token blue+blue G5'."
        )
    return OrderToken(faces, hex_arg(args[1]))


def _play(args: list[str], _: str) -> Action:
    if len(args) != 3 or args[1].lower() != "via" or not all(_ID.fullmatch(a) for a in (args[0], args[2])):
        raise NotationError("Write 'play CARD via COMMANDER', e.g. 'play S05 via captain-of-the-north'.")
    return Play(args[0], args[2].lower())


def _command(args: list[str], _: str) -> Action:
    words = [word.lower() for word in args]
    if words == ["none"]:
        return Command()
    orders: list[int] = []
    timings: dict[str, str] = {}
    index = 0
    while index < len(words):
        word = words[index]
        if word in ("tactic", "commit"):
            if word in timings or index + 1 >= len(words) or words[index + 1] not in TIMINGS:
                raise NotationError(f"Write '{word} before' or '{word} after', once.")
            timings[word] = words[index + 1]
            index += 2
        elif _NUMBER.fullmatch(word) and not timings and int(word) not in orders and int(word) > 0:
            orders.append(int(word))
            index += 1
        else:
            raise NotationError(
                "Write 'command none', or the numbers of the command orders to execute, then 'tactic before' "
                "or 'tactic after' and 'commit before' or 'commit after' if you use them: 'command 1 tactic "
                "before'."
            )
    return Command(tuple(orders), timings.get("tactic"), timings.get("commit"))


def _units(args: list[str], text: str) -> Action:
    if [word.lower() for word in args] == ["none"]:
        return Units()
    groups = []
    for part in text.split(";"):
        words = part.split()
        if len(words) < 2 or not _NUMBER.fullmatch(words[0]) or int(words[0]) < 1:
            raise NotationError("Write 'units none', or 'units N HEX ...; N HEX ...': 'units 1 G5 G6; 2 H7'.")
        groups.append((int(words[0]), _hexes(words[1:])))
    numbers = [number for number, _ in groups]
    if len(set(numbers)) != len(numbers):
        raise NotationError("Give each command order's units once.")
    return Units(tuple(groups))


def _move(args: list[str], _: str) -> Action:
    if [word.lower() for word in args] == ["done"]:
        return MoveDone()
    if len(args) != 2:
        raise NotationError("Write 'move HEX HEX' (from, to), 'move HEX exit' or 'move done'.")
    return Move(hex_arg(args[0]), "exit" if args[1].lower() == "exit" else hex_arg(args[1]))


def _attack(args: list[str], _: str) -> Action:
    if [word.lower() for word in args] == ["done"]:
        return AttackDone()
    if len(args) == 2:
        return Attack(hex_arg(args[0]), hex_arg(args[1]))
    if len(args) > 3 and args[2].lower() == "with":
        support = _hexes(args[3:])
        lead, target = hex_arg(args[0]), hex_arg(args[1])
        if lead in support or target in support:
            raise NotationError("A supporting unit is neither the lead unit nor the target.")
        return Attack(lead, target, support)
    raise NotationError(
        "Write 'attack HEX HEX' (attacker, target), 'attack HEX HEX with HEX ...' (supporting units) or "
        "'attack done'."
    )


def _two_hexes(make, usage: str):  # type: ignore[no-untyped-def]
    def read(args: list[str], _: str) -> Action:
        if len(args) != 2:
            raise NotationError(f"Write {usage!r}.")
        return make(hex_arg(args[0]), hex_arg(args[1]))

    return read


def _yes_no(make, verb: str):  # type: ignore[no-untyped-def]
    def read(args: list[str], _: str) -> Action:
        words = [word.lower() for word in args]
        if words not in (["yes"], ["no"]):
            raise NotationError(f"Write '{verb} yes' or '{verb} no'.")
        return make(words == ["yes"])

    return read


def _retreat(args: list[str], _: str) -> Action:
    if len(args) != 1:
        raise NotationError("Write 'retreat HEX', the hex of this step of the retreat.")
    return Retreat(hex_arg(args[0]))


def _reroll(args: list[str], _: str) -> Action:
    if len(args) != 1:
        raise NotationError(f"Write 'reroll FACE' ({', '.join(FACES)}) or 'reroll none'.")
    return Reroll(None if args[0].lower() == "none" else _face(args[0]))


def _follow(args: list[str], _: str) -> Action:
    if len(args) != 1:
        raise NotationError("Write 'follow HEX' (advance or pursue there) or 'follow none'.")
    return Follow(None if args[0].lower() == "none" else hex_arg(args[0]))


def _discard(args: list[str], _: str) -> Action:
    if len(args) != 4 or args[1].lower() != "via" or not all(_ID.fullmatch(a) for a in (args[0], args[2])):
        raise NotationError(
            "Write 'discard CARD via COMMANDER HEX', e.g. 'discard S05 via captain-of-the-north E7'."
        )
    return Discard(args[0], args[2].lower(), hex_arg(args[3]))


def _pick(args: list[str], _: str) -> Action:
    words = [word.lower() for word in args]
    if words == ["none"]:
        return Pick()
    if not words or len(words) > MAX_PICKS or not all(_ID.fullmatch(word) for word in words):
        raise NotationError("Write 'pick COMMANDER ...' (their ids) or 'pick none'.")
    if len(set(words)) != len(words):
        raise NotationError("A commander is picked once.")
    return Pick(tuple(words))


def _place(args: list[str], _: str) -> Action:
    words = [word.lower() for word in args]
    if len(words) == 2 and _ID.fullmatch(words[0]):
        return Place(words[0], hex_arg(args[1]))
    if len(words) == 3 and _ID.fullmatch(words[0]) and words[1] in RANKS:
        return Place(words[0], hex_arg(args[2]), words[1])
    raise NotationError(
        "Write 'place TERRAIN HEX', 'place COMMANDER HEX' or 'place UNIT-TYPE RANK HEX', e.g. "
        "'place forest E3', 'place northern-warhost green C8'."
    )


def _choose(args: list[str], _: str) -> Action:
    if [word.lower() for word in args] == ["none"]:
        return Choose()
    if not args:
        raise NotationError("Write 'choose none' or 'choose HEX ...'.")
    return Choose(_hexes(args))


def _adjust(args: list[str], text: str) -> Action:
    if [word.lower() for word in args] == ["none"]:
        return Adjust()
    changes = [_change(part.split()) for part in text.split(",")]
    if len(changes) > MAX_HEXES:
        raise NotationError(f"Declare at most {MAX_HEXES} changes.")
    return Adjust(tuple(changes))


def _change(words: list[str]) -> Change:
    lowered = [word.lower() for word in words]
    if len(words) == 3 and lowered[1] == "to":
        return Change("move", hex_arg(words[0]), hex_arg(words[2]))
    if len(words) == 2 and lowered[0] == "rally":
        return Change("rally", hex_arg(words[1]))
    if len(words) == 2 and lowered[0] in ("morale", "vp") and _SIGNED.fullmatch(words[1]):
        return Change(lowered[0], amount=int(words[1]))
    if len(words) == 2 and _SIGNED.fullmatch(words[1]):
        return Change("figures", hex_arg(words[0]), amount=int(words[1]))
    raise NotationError(
        "Write 'adjust none', or changes separated by commas: 'HEX to HEX', 'HEX +1', 'HEX -1', 'rally HEX', "
        "'morale +1', 'vp -1'."
    )


def _keep(args: list[str], _: str) -> Action:
    if len(args) != 2 or not _ID.fullmatch(args[0]):
        raise NotationError(
            "Write 'keep CARD TOKEN', with 'none' for either: 'keep S05 valor', 'keep none none'."
        )
    card = None if args[0].lower() == "none" else args[0]
    token = None if args[1].lower() == "none" else _face(args[1])
    return Keep(card, token)


_READERS = {
    "pass": _no_args(Pass(), "pass"),
    "token": _token,
    "play": _play,
    "command": _command,
    "units": _units,
    "move": _move,
    "attack": _attack,
    "scorch": _two_hexes(Scorch, "scorch HEX HEX"),
    "extinguish": _two_hexes(Extinguish, "extinguish HEX HEX"),
    "parting": _yes_no(Parting, "parting"),
    "counter": _yes_no(Counter, "counter"),
    "loyal": _yes_no(Loyal, "loyal"),
    "retreat": _retreat,
    "reroll": _reroll,
    "follow": _follow,
    "discard": _discard,
    "pick": _pick,
    "place": _place,
    "choose": _choose,
    "adjust": _adjust,
    "keep": _keep,
}
