"""The text notation: one action per line, ``<house>: <verb> <arguments>``.

Area ids are the kebab-case ids of the map (``kings-landing``); display names are accepted too and
folded to ids. Unit kinds are ``footman``, ``knight``, ``ship`` and ``siege`` (plurals and a count
prefix such as ``2 footmen`` are accepted). Lines that are empty or start with ``#`` are ignored.

Every input is bounded before any work is done on it: a line has at most :data:`MAX_LINE` characters,
numbers are written in the ASCII digits 0-9, a unit count is 1 to :data:`MAX_UNIT_COUNT` and a bid has at
most :data:`MAX_BID_DIGITS` digits. Whatever cannot be read raises :class:`NotationError` (never another
exception), and a message quotes at most a few dozen characters of the input.

=============  ===========================================================================
verb           arguments
=============  ===========================================================================
orders         ``AREA=TOKEN ...``  (tokens: march-1 march+0 march+1* defense+1 defense+2*
               support+0 support+1* raid raid* consolidate consolidate*)
bid            ``N``
choose         ``OPTION``
rank           ``HOUSE HOUSE ...`` (tied houses, best first)
raid           ``SOURCE -> TARGET`` or ``SOURCE -> none``
march          ``SOURCE -> DEST UNITS[, DEST UNITS ...] [+power]`` or ``SOURCE -> none``
consolidate    ``AREA`` or ``AREA muster ITEMS``
muster         ``ITEMS`` or ``none``; an item is ``AREA UNIT``, ``AREA ship@SEA_OR_PORT``
               or ``AREA footman->knight`` / ``AREA footman->siege``
destroy        ``AREA UNIT[, AREA UNIT ...]`` or ``none``
swap           ``AREA OLD->NEW[, ...]`` or ``none``
raven          ``none``, ``peek``, ``keep``, ``bury`` or ``swap AREA TOKEN``
play           ``CARD`` (a house card, in a battle)
discard        ``CARD``
retrieve       ``CARD`` or ``none``
=============  ===========================================================================
"""

from __future__ import annotations

import re

from engine.core.errors import NotationError, quote
from engine.thrones.actions import (
    Action,
    Bid,
    Choose,
    Consolidate,
    Destroy,
    Discard,
    March,
    Muster,
    MusterItem,
    PlaceOrders,
    Play,
    Raid,
    Rank,
    Raven,
    Retrieve,
    Swap,
)
from engine.thrones.board import BOARD, FACTS
from engine.thrones.renames import current_area

# The most characters a notation line may have. The longest legal line that 6,000 random games (3 to 6
# players, 1.7 million lines) wrote was 323 characters, an ``orders`` line for thirteen areas (327 in the
# games of ``benchmarks/fuzz_notation.py --seed 2``); the longest a legal line can be is about 590 (fifteen
# orders on the longest area ids, each with the longest token alias ``special-consolidate``). A longer line
# is refused before anything else is done with it.
MAX_LINE = 1_000
# No house owns more than 10 units of any kind (10 footmen, 5 knights, 6 ships, 2 siege engines).
MAX_UNIT_COUNT = max(FACTS.unit_limits.values())
# A bid is checked against the house's power (at most 20) by the game; the parser only bounds its size.
MAX_BID_DIGITS = 3

_DIGITS = re.compile(r"[0-9]+")
_UNIT_COUNT = re.compile(rf"[0-9]{{1,{len(str(MAX_UNIT_COUNT))}}}")
_BID = re.compile(rf"[0-9]{{1,{MAX_BID_DIGITS}}}")

_UNIT_ALIASES = {
    "footman": "footman",
    "footmen": "footman",
    "knight": "knight",
    "knights": "knight",
    "ship": "ship",
    "ships": "ship",
    "siege": "siege",
    "sieges": "siege",
    "siege-engine": "siege",
    "siege-engines": "siege",
}


def _token_aliases() -> dict[str, str]:
    aliases: dict[str, str] = {}
    by_type: dict[str, list[str]] = {}
    for token in FACTS.order_tokens.values():
        aliases[token.id] = token.id
        sign = f"{token.bonus:+d}"
        if token.special:
            aliases[f"{token.type}*"] = token.id
            aliases[f"special-{token.type}"] = token.id
            if token.type in ("march", "defense", "support"):
                aliases[f"{token.type}{sign}"] = token.id
        else:
            aliases[f"{token.type}{sign}"] = token.id
            by_type.setdefault(token.type, []).append(token.id)
    for order_type, ids in by_type.items():
        if len(ids) == 1:
            aliases[order_type] = ids[0]
    aliases["march0"] = "march+0"
    for alias, target in list(aliases.items()):
        if alias.startswith("defense"):
            aliases["defence" + alias[len("defense") :]] = target
        if alias.startswith("consolidate"):
            aliases["cp" + alias[len("consolidate") :]] = target
    return aliases


TOKEN_ALIASES = _token_aliases()


def slug(text: str) -> str:
    """Fold a display name or id to id form: lower case, apostrophes dropped, spaces to hyphens."""
    text = text.strip().lower().replace("'", "").replace("\u2019", "")
    return re.sub(r"[\s_]+", "-", text)


def area_id(text: str) -> str:
    """An area's id from its id or its name, with or without a leading "The" ("eyrie" is The Eyrie)."""
    area = current_area(slug(text))
    if not BOARD.is_area(area) and BOARD.is_area(f"the-{area}"):
        area = f"the-{area}"
    if not BOARD.is_area(area):
        raise NotationError(f"There is no area called {quote(text)}.")
    return area


def house_id(text: str) -> str:
    if text in FACTS.houses:  # already an id, as drivers pass it: slug() would give it back
        return text
    house = slug(text)
    if house.startswith("house-"):
        house = house[len("house-") :]
    if house not in FACTS.houses:
        raise NotationError(f"There is no house called {quote(text)}.")
    return house


def unit_kind(text: str) -> str:
    kind = _UNIT_ALIASES.get(slug(text))
    if kind is None:
        raise NotationError(f"{quote(text)} is not a unit (footman, knight, ship or siege).")
    return kind


def token_id(text: str) -> str:
    token = TOKEN_ALIASES.get(slug(text))
    if token is None:
        raise NotationError(
            f"{quote(text)} is not an order token (march-1, march+0, march+1*, defense+1, defense+2*, "
            "support+0, support+1*, raid, raid*, consolidate, consolidate*)."
        )
    return token


def card_id(text: str) -> str:
    card = slug(text)
    if card not in FACTS.house_cards:
        raise NotationError(f"There is no house card called {quote(text)}.")
    return card


def _unit_count(word: str, where: str) -> int:
    """A count before a unit word: 1 to MAX_UNIT_COUNT, in the digits 0-9. ``int`` only ever sees a word of
    one or two ASCII digits (``str.isdigit`` also accepts superscripts and other scripts' digits)."""
    if _UNIT_COUNT.fullmatch(word):
        count = int(word)
        if 1 <= count <= MAX_UNIT_COUNT:
            return count
    raise NotationError(
        f"A unit count is a whole number from 1 to {MAX_UNIT_COUNT} in the digits 0-9 (got {quote(word)} "
        f"for {where}); no house has more than {MAX_UNIT_COUNT} units of one kind."
    )


def _units(words: list[str], where: str) -> tuple[str, ...]:
    units: list[str] = []
    count: int | None = None  # a count read and not yet given its unit
    for word in words:
        if word.isdigit():  # any digits, so that '²' or '٣' is refused as a count, not read as a unit
            if count is not None:
                raise NotationError(f"Two counts in a row for {where}; write a count, then its unit.")
            count = _unit_count(word, where)
            continue
        units.extend([unit_kind(word)] * (count or 1))
        count = None
    if count is not None:
        raise NotationError(
            f"The count {count} for {where} is not followed by a unit; write the count before the unit "
            f"('{count} footmen')."
        )
    if not units:
        raise NotationError(f"Name the units to move to {where}.")
    return tuple(units)


def _split_arrow(rest: str, verb: str) -> tuple[str, str]:
    if "->" not in rest:
        raise NotationError(f"Write {verb} as '{verb} SOURCE -> ...'.")
    source, target = rest.split("->", 1)
    return area_id(source), target.strip()


def _parse_orders(rest: str) -> Action:
    orders: dict[str, str] = {}
    for item in rest.replace(",", " ").split():
        if "=" not in item:
            raise NotationError(f"Write each order as AREA=TOKEN (got {quote(item)}).")
        area_text, token_text = item.split("=", 1)
        area = area_id(area_text)
        if area in orders:
            raise NotationError(f"{BOARD.name(area)} is given two orders.")
        orders[area] = token_id(token_text)
    return PlaceOrders(tuple(sorted(orders.items())))


def _parse_bid(rest: str) -> Action:
    text = rest.strip()
    if _BID.fullmatch(text):
        return Bid(int(text))
    if _DIGITS.fullmatch(text):
        raise NotationError(
            f"A bid is a whole number of power tokens of at most {MAX_BID_DIGITS} digits (got {quote(text)})."
        )
    raise NotationError(
        f"A bid is a whole number of power tokens, written in the digits 0-9 (got {quote(text)})."
    )


def _parse_choose(rest: str) -> Action:
    option = slug(rest)
    if not option or " " in option:
        raise NotationError("Write 'choose OPTION' with one option.")
    return Choose(option)


def _parse_rank(rest: str) -> Action:
    words = rest.split(",") if "," in rest else rest.split()
    houses = tuple(house_id(word) for word in words if word.strip())
    if not houses:
        raise NotationError("Name the tied houses in order, best first.")
    return Rank(houses)


def _parse_raid(rest: str) -> Action:
    source, target = _split_arrow(rest, "raid")
    return Raid(source, None if slug(target) == "none" else area_id(target))


def _parse_march(rest: str) -> Action:
    source, body = _split_arrow(rest, "march")
    leave_power = False
    if body.endswith("+power"):
        leave_power = True
        body = body[: -len("+power")].strip()
    if slug(body) in ("none", "stay", ""):
        return March(source, (), leave_power)
    moves: list[tuple[str, tuple[str, ...]]] = []
    seen: set[str] = set()
    for part in body.split(","):
        words = part.split()
        if not words:
            raise NotationError("An empty move in the march; write 'DEST UNITS, DEST UNITS'.")
        dest = area_id(words[0])
        if dest in seen:
            raise NotationError(f"{BOARD.name(dest)} appears twice in the march; list its units once.")
        seen.add(dest)
        moves.append((dest, _units(words[1:], BOARD.name(dest))))
    return March(source, tuple(moves), leave_power)


def _parse_muster_items(text: str) -> tuple[MusterItem, ...]:
    if slug(text) == "none":
        return ()
    items: list[MusterItem] = []
    for part in text.split(","):
        words = part.split()
        if len(words) != 2:
            raise NotationError(f"Write each muster item as 'AREA UNIT' (got {quote(part)}).")
        area = area_id(words[0])
        what = words[1].lower()
        if "->" in what:
            old, new = what.split("->", 1)
            if unit_kind(old) != "footman":
                raise NotationError("Only a footman can be upgraded (footman->knight or footman->siege).")
            items.append(MusterItem(area, unit_kind(new), upgrade=True))
        elif "@" in what:
            kind, to = what.split("@", 1)
            items.append(MusterItem(area, unit_kind(kind), to=area_id(to)))
        else:
            items.append(MusterItem(area, unit_kind(what)))
    return tuple(items)


def _parse_muster(rest: str) -> Action:
    return Muster(_parse_muster_items(rest))


def _parse_consolidate(rest: str) -> Action:
    words = rest.split(None, 2)
    if not words:
        raise NotationError("Name the area of the Consolidate Power order.")
    area = area_id(words[0])
    if len(words) == 1:
        return Consolidate(area)
    if words[1].lower() != "muster":
        raise NotationError("Write 'consolidate AREA' or 'consolidate AREA muster ITEMS'.")
    return Consolidate(area, _parse_muster_items(words[2] if len(words) > 2 else "none"))


def _area_unit_pairs(rest: str, verb: str) -> list[list[str]]:
    if slug(rest) == "none":
        return []
    pairs = []
    for part in rest.split(","):
        words = part.split()
        if len(words) != 2:
            raise NotationError(f"Write each unit as 'AREA UNIT' in '{verb}' (got {quote(part)}).")
        pairs.append(words)
    return pairs


def _parse_destroy(rest: str) -> Action:
    return Destroy(tuple((area_id(a), unit_kind(u)) for a, u in _area_unit_pairs(rest, "destroy")))


def _parse_swap(rest: str) -> Action:
    swaps = []
    for area, change in _area_unit_pairs(rest, "swap"):
        if "->" not in change:
            raise NotationError(f"Write each swap as 'AREA OLD->NEW' (got {quote(change)}).")
        old, new = change.split("->", 1)
        swaps.append((area_id(area), unit_kind(old), unit_kind(new)))
    return Swap(tuple(swaps))


def _parse_raven(rest: str) -> Action:
    words = rest.split()
    if len(words) == 1 and words[0].lower() in ("none", "peek", "keep", "bury"):
        return Raven(words[0].lower())
    if len(words) == 3 and words[0].lower() == "swap":
        return Raven("swap", area_id(words[1]), token_id(words[2]))
    raise NotationError(
        "Write 'raven none', 'raven peek', 'raven keep', 'raven bury' or 'raven swap AREA TOKEN'."
    )


def _parse_play(rest: str) -> Action:
    return Play(card_id(rest))


def _parse_discard(rest: str) -> Action:
    return Discard(card_id(rest))


def _parse_retrieve(rest: str) -> Action:
    return Retrieve(None if slug(rest) == "none" else card_id(rest))


_PARSERS = {
    "orders": _parse_orders,
    "bid": _parse_bid,
    "choose": _parse_choose,
    "rank": _parse_rank,
    "raid": _parse_raid,
    "march": _parse_march,
    "consolidate": _parse_consolidate,
    "muster": _parse_muster,
    "destroy": _parse_destroy,
    "swap": _parse_swap,
    "raven": _parse_raven,
    "play": _parse_play,
    "discard": _parse_discard,
    "retrieve": _parse_retrieve,
}


def _check_length(text: str) -> None:
    if len(text) > MAX_LINE:
        raise NotationError(
            f"That line is {len(text):,} characters long; a line of notation has at most {MAX_LINE:,}."
        )


def parse_action(text: str) -> Action:
    """Parse the part of a line after ``house:``."""
    _check_length(text)
    text = text.strip()
    if not text:
        raise NotationError("The action is empty.")
    verb, _, rest = text.partition(" ")
    parser = _PARSERS.get(verb.lower())
    if parser is None:
        raise NotationError(f"Unknown action {quote(verb)}; the actions are: {', '.join(sorted(_PARSERS))}.")
    return parser(rest.strip())


def parse_line(line: str) -> tuple[str, Action]:
    """Parse ``house: action``."""
    _check_length(line)
    if ":" not in line:
        raise NotationError("Write a line as 'house: action', e.g. 'stark: bid 2'.")
    house_text, _, action_text = line.partition(":")
    return house_id(house_text), parse_action(action_text)


def format_line(house: str, action: Action) -> str:
    return f"{house}: {action.format()}"


def is_blank(line: str) -> bool:
    stripped = line.strip()
    return not stripped or stripped.startswith("#")
