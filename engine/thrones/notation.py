"""The text notation: one action per line, ``<house>: <verb> <arguments>``.

Area ids are the kebab-case ids of the map (``kings-landing``). Unit kinds are ``footman``, ``knight``,
``ship`` and ``siege`` (plurals and a count prefix such as ``2 footmen`` are accepted). Lines that are empty
or start with ``#`` are ignored.

Names in any language. Wherever an id is read (an area, a house, before the colon or in ``rank`` and
``choose``, an order token, a unit kind, a house card, an influence track in ``choose``), its name is read
too, in English, Spanish, Portuguese or Italian (``data/thrones/names``): in any case, with or without
accents, with or without the article, and the aliases the data gives ("Nido de Águilas", "nido de aguilas",
"el Nido de Águilas" and "The Eyrie" are all ``the-eyrie``). A name may have spaces, or hyphens instead:
``march Desembarco del Rey -> Bosque Real 2 soldados caballero, Aguasnegras torre de asedio`` reads as
``march kings-landing -> kingswood 2 footman knight, blackwater siege``. Order tokens have short forms in
every language, the id with the order's word in it: ``avance+1*``, ``defensa+2*``, ``apoyo+0``,
``incursion*``, ``consolidar`` (Spanish), ``marcha-1``, ``defesa+1``, ``suporte+1*``, ``invasao``,
``consolidar*`` (Portuguese), ``marcia+0``, ``difesa+2*``, ``supporto+1*``, ``razzia``,
``consolidamento*`` (Italian); the full names ("Avance +1 (especial)", "Razzia (speciale)") and the
rulebooks' ("Orden especial de Avance") are read too. Keywords (``none``, ``muster``, ``peek``, ``+power``)
and the options of ``choose`` other than tracks and houses stay English. :mod:`engine.thrones.names` holds
the tables. What is stored and written (:func:`format_line`) is always the ids: a game reads the same in
every language.

Where names of several words follow one another, the longest name that lets the rest of the line be read
wins; no name has more than a few words, so a line is still read in time proportional to its length. A name
that is unknown, or names different ids in two languages, raises :class:`~engine.thrones.names.UnknownName`
(a :class:`NotationError`) carrying the kind of name, the text and the ids of the closest names, which the
English message also offers ("There is no area called 'Invernaliaa'. Did you mean Winterfell
(Invernalía)...?").

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
from collections.abc import Callable, Sequence

from data.thrones_names import Named
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
from engine.thrones.board import FACTS
from engine.thrones.names import AREAS, CARDS, HOUSES, TOKENS, TRACKS, UNITS, UnknownName, Vocabulary
from i18n import Said, said

# The most characters a notation line may have. The longest legal line that 6,000 random games (3 to 6
# players, 1.7 million lines) wrote was 323 characters, an ``orders`` line for thirteen areas (327 in the
# games of ``benchmarks/fuzz_notation.py --seed 2``); the longest a legal line can be is about 590 (fifteen
# orders on the longest area ids, each with the longest token alias ``special-consolidate``), about 800 with
# the longest Spanish, Portuguese or Italian names of areas and tokens. A longer line is refused before
# anything else is done with it.
MAX_LINE = 1_000
# No house owns more than 10 units of any kind (10 footmen, 5 knights, 6 ships, 2 siege engines).
MAX_UNIT_COUNT = max(FACTS.unit_limits.values())
# A bid is checked against the house's power (at most 20) by the game; the parser only bounds its size.
MAX_BID_DIGITS = 3

_DIGITS = re.compile(r"[0-9]+")
_UNIT_COUNT = re.compile(rf"[0-9]{{1,{len(str(MAX_UNIT_COUNT))}}}")
_BID = re.compile(rf"[0-9]{{1,{MAX_BID_DIGITS}}}")


def slug(text: str) -> str:
    """Fold a keyword or option to id form: lower case, apostrophes dropped, spaces to hyphens."""
    text = text.strip().lower().replace("'", "").replace("\u2019", "")
    return re.sub(r"[\s_]+", "-", text)


def area_id(text: str) -> str:
    """An area's id from its id or its name in any language ("eyrie" and "Nido de Águilas" are The Eyrie)."""
    return AREAS.read(text)


def house_id(text: str) -> str:
    return HOUSES.read(text)  # an id, as drivers pass it, is one dictionary look-up


def unit_kind(text: str) -> str:
    return UNITS.read(text)


def token_id(text: str) -> str:
    return TOKENS.read(text)


def card_id(text: str) -> str:
    return CARDS.read(text)


# --- names of several words -------------------------------------------------------------------------------
# A name may have several words ("Desembarco del Rey", "Avance +1 (especial)", "torre de asedio"), so where
# one follows another on a line the words are read as the longest name that fits. No name has more than
# ``most_words`` words, so each of these reads a bounded number of runs of words: a line is read in time
# proportional to its length.


def _phrase(names: Vocabulary, words: Sequence[str], start: int) -> tuple[str, int] | None:
    """The id the longest run of words from ``start`` names, and where the run ends; None if none does."""
    return next(names.runs(words, start), None)


def _refuse_run(
    names: Vocabulary, words: Sequence[str], start: int, stop: Callable[[int], bool]
) -> UnknownName:
    """The error for the words from ``start``, which name nothing: as many words as a name may have, up to
    the first where ``stop`` says something else begins."""
    end = start + 1
    while end < min(len(words), start + names.most_words) and not stop(end):
        end += 1
    return names.refuse(" ".join(words[start:end]))


def _lead_area(words: Sequence[str], fits: Callable[[Sequence[str]], bool]) -> tuple[str, Sequence[str]]:
    """The area the first words name and the words after it, of which ``fits`` must approve: of the areas
    the first words can name, the longest with a fitting rest, else the longest (what follows is then
    refused for what it is). When no first words name an area, the words before the first place where the
    rest fits (else the first word) are refused as an area."""
    longest: tuple[str, int] | None = None
    for area, end in AREAS.runs(words, 0):
        if fits(words[end:]):
            return area, words[end:]
        longest = longest or (area, end)
    if longest is not None:
        return longest[0], words[longest[1] :]
    limit = min(len(words), AREAS.most_words)
    end = next((end for end in range(1, limit + 1) if fits(words[end:])), 1)
    raise AREAS.refuse(" ".join(words[:end]))


def _area_and(text: str, names: Vocabulary, usage: Said) -> tuple[str, str]:
    """An area and one name of ``names`` after it: "winterfell knight", "Desembarco del Rey soldado",
    "Nido de Águilas Avance +1". ``usage`` is the message for a text of another shape."""
    words = text.split()
    if len(words) < 2:
        raise NotationError(usage)

    def one_name(rest: Sequence[str]) -> bool:
        return 0 < len(rest) <= names.most_words and names.find(" ".join(rest)) is not None

    area, rest = _lead_area(words, one_name)
    if not rest or len(rest) > names.most_words:
        raise NotationError(usage)
    return area, names.read(" ".join(rest))


def _unit_count(word: str, dest: str) -> int:
    """A count before a unit word: 1 to MAX_UNIT_COUNT, in the digits 0-9. ``int`` only ever sees a word of
    one or two ASCII digits (``str.isdigit`` also accepts superscripts and other scripts' digits)."""
    if _UNIT_COUNT.fullmatch(word):
        count = int(word)
        if 1 <= count <= MAX_UNIT_COUNT:
            return count
    raise NotationError(
        "A unit count is a whole number from 1 to {most} in the digits 0-9 (got {text} for {area}); no house "
        "has more than {most} units of one kind.",
        most=MAX_UNIT_COUNT,
        text=quote(word),
        area=Named("areas", dest),
    )


def _starts_units(words: Sequence[str], at: int) -> bool:
    """Whether a count or a unit begins at ``at``."""
    return at < len(words) and (words[at].isdigit() or _phrase(UNITS, words, at) is not None)


def _units(words: Sequence[str], dest: str) -> tuple[str, ...]:
    """The units of one move, to the area ``dest``: "2 footmen knight", "2 soldados caballero"."""
    units: list[str] = []
    count: int | None = None  # a count read and not yet given its unit
    at = 0
    while at < len(words):
        word = words[at]
        if word.isdigit():  # any digits, so that '²' or '٣' is refused as a count, not read as a unit
            if count is not None:
                raise NotationError(
                    "Two counts in a row for {area}; write a count, then its unit.", area=Named("areas", dest)
                )
            count = _unit_count(word, dest)
            at += 1
            continue
        found = _phrase(UNITS, words, at)
        if found is None:
            raise _refuse_run(UNITS, words, at, lambda end: _starts_units(words, end))
        kind, at = found
        units.extend([kind] * (count or 1))
        count = None
    if count is not None:
        raise NotationError(
            "The count {count} for {area} is not followed by a unit; write the count before the unit "
            "('{count} footmen').",
            count=count,
            area=Named("areas", dest),
        )
    if not units:
        raise NotationError("Name the units to move to {area}.", area=Named("areas", dest))
    return tuple(units)


def _split_arrow(rest: str, verb: str) -> tuple[str, str]:
    if "->" not in rest:
        raise NotationError("Write {verb} as '{verb} SOURCE -> ...'.", verb=verb)
    source, target = rest.split("->", 1)
    return area_id(source), target.strip()


def _parse_orders(rest: str) -> Action:
    """``AREA=TOKEN ...``. Names may have spaces, so the line is cut at each ``=``: between two of them
    stand a token and the next area, told apart by reading the longest token after which an area follows."""
    pieces = [piece.split() for piece in rest.replace(",", " ").split("=")]
    if len(pieces) == 1:
        if pieces[0]:
            raise NotationError("Write each order as AREA=TOKEN (got {text}).", text=quote(pieces[0][0]))
        return PlaceOrders(())
    orders: dict[str, str] = {}
    area = area_id(" ".join(pieces[0]))
    for index, piece in enumerate(pieces[1:], 1):
        if area in orders:
            raise NotationError("{area} is given two orders.", area=Named("areas", area))
        last = index == len(pieces) - 1
        orders[area], after = _token_then(piece, last)
        if not last:
            area = area_id(" ".join(after))
        elif after:
            raise NotationError("Write each order as AREA=TOKEN (got {text}).", text=quote(after[0]))
    return PlaceOrders(tuple(sorted(orders.items())))


def _token_then(words: Sequence[str], last: bool) -> tuple[str, Sequence[str]]:
    """The token the first words name, and the words after it: the next area's unless ``last``. Of the
    tokens the first words can name, the longest followed by an area (or by nothing, if ``last``) wins.

    Otherwise the words are refused as best they can be: a stray area after the last token is left to the
    caller; else the words of a misspelt token ("Avance +1 (espexial)"): those before the area that ends
    them, all of them if ``last``, or the first word. If a token is followed by words that name no area,
    they are left to the caller to refuse as an area."""
    longest: tuple[str, int] | None = None
    for token, end in TOKENS.runs(words, 0):
        rest = words[end:]
        if not rest if last else _names_area(rest):
            return token, rest
        longest = longest or (token, end)
    if last:
        if longest is not None and (
            len(words) > TOKENS.most_words or _phrase(AREAS, words, longest[1]) is not None
        ):
            return longest[0], words[longest[1] :]
        raise TOKENS.refuse(" ".join(words if len(words) <= TOKENS.most_words else words[:1]))
    area_starts = range(max(1, len(words) - AREAS.most_words), len(words))
    area_at = next((at for at in area_starts if _names_area(words[at:])), None)
    if area_at is not None:
        raise TOKENS.refuse(" ".join(words[:area_at]))
    if longest is not None:
        return longest[0], words[longest[1] :]
    raise TOKENS.refuse(" ".join(words[:1]))


def _names_area(words: Sequence[str]) -> bool:
    return len(words) <= AREAS.most_words and AREAS.find(" ".join(words)) is not None


def _parse_bid(rest: str) -> Action:
    text = rest.strip()
    if _BID.fullmatch(text):
        return Bid(int(text))
    if _DIGITS.fullmatch(text):
        raise NotationError(
            "A bid is a whole number of power tokens of at most {digits} digits (got {text}).",
            digits=MAX_BID_DIGITS,
            text=quote(text),
        )
    raise NotationError(
        "A bid is a whole number of power tokens, written in the digits 0-9 (got {text}).", text=quote(text)
    )


def _parse_choose(rest: str) -> Action:
    """An option is a word of the decision's; an influence track or a house may be named in any language."""
    option = TRACKS.find(rest) or HOUSES.find(rest) or slug(rest)
    if not option:
        raise NotationError("Write 'choose OPTION' with one option.")
    return Choose(option)


def _parse_rank(rest: str) -> Action:
    if "," in rest:
        houses = [house_id(part) for part in rest.split(",") if part.strip()]
    else:
        words = rest.split()
        houses = []
        at = 0
        while at < len(words):
            found = _phrase(HOUSES, words, at)
            if found is None:
                raise _refuse_run(HOUSES, words, at, lambda end: _phrase(HOUSES, words, end) is not None)
            house, at = found
            houses.append(house)
    if not houses:
        raise NotationError("Name the tied houses in order, best first.")
    return Rank(tuple(houses))


def _parse_raid(rest: str) -> Action:
    source, target = _split_arrow(rest, "raid")
    return Raid(source, None if slug(target) == "none" else area_id(target))


def _parse_march(rest: str) -> Action:
    source, body = _split_arrow(rest, "march")
    leave_power = False
    if body.lower().endswith("+power"):
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
        dest, unit_words = _lead_area(words, lambda rest: not rest or _starts_units(rest, 0))
        if dest in seen:
            raise NotationError(
                "{area} appears twice in the march; list its units once.", area=Named("areas", dest)
            )
        seen.add(dest)
        moves.append((dest, _units(unit_words, dest)))
    return March(source, tuple(moves), leave_power)


def _parse_muster_items(text: str) -> tuple[MusterItem, ...]:
    if slug(text) == "none":
        return ()
    items: list[MusterItem] = []
    for part in text.split(","):
        usage = said("Write each muster item as 'AREA UNIT' (got {text}).", text=quote(part))
        if "->" in part:
            head, _, new = part.partition("->")
            area, old = _area_and(head, UNITS, usage)
            if old != "footman":
                raise NotationError("Only a footman can be upgraded (footman->knight or footman->siege).")
            items.append(MusterItem(area, unit_kind(new), upgrade=True))
        elif "@" in part:
            head, _, to = part.partition("@")
            area, kind = _area_and(head, UNITS, usage)
            items.append(MusterItem(area, kind, to=area_id(to)))
        else:
            items.append(MusterItem(*_area_and(part, UNITS, usage)))
    return tuple(items)


def _parse_muster(rest: str) -> Action:
    return Muster(_parse_muster_items(rest))


def _parse_consolidate(rest: str) -> Action:
    words = rest.split()
    if not words:
        raise NotationError("Name the area of the Consolidate Power order.")
    area, after = _lead_area(words, lambda rest: not rest or rest[0].lower() == "muster")
    if not after:
        return Consolidate(area)
    if after[0].lower() != "muster":
        raise NotationError("Write 'consolidate AREA' or 'consolidate AREA muster ITEMS'.")
    return Consolidate(area, _parse_muster_items(" ".join(after[1:]) or "none"))


def _parse_destroy(rest: str) -> Action:
    if slug(rest) == "none":
        return Destroy(())
    return Destroy(
        tuple(
            _area_and(
                part,
                UNITS,
                said("Write each unit as 'AREA UNIT' in 'destroy' (got {text}).", text=quote(part)),
            )
            for part in rest.split(",")
        )
    )


def _parse_swap(rest: str) -> Action:
    if slug(rest) == "none":
        return Swap(())
    swaps = []
    for part in rest.split(","):
        usage = said("Write each swap as 'AREA OLD->NEW' (got {text}).", text=quote(part))
        if "->" not in part:
            raise NotationError(usage)
        head, _, new = part.partition("->")
        area, old = _area_and(head, UNITS, usage)
        swaps.append((area, old, unit_kind(new)))
    return Swap(tuple(swaps))


def _parse_raven(rest: str) -> Action:
    words = rest.split()
    usage = said("Write 'raven none', 'raven peek', 'raven keep', 'raven bury' or 'raven swap AREA TOKEN'.")
    if len(words) == 1 and words[0].lower() in ("none", "peek", "keep", "bury"):
        return Raven(words[0].lower())
    if len(words) >= 3 and words[0].lower() == "swap":
        return Raven("swap", *_area_and(" ".join(words[1:]), TOKENS, usage))
    raise NotationError(usage)


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
            "That line is {length:,} characters long; a line of notation has at most {limit:,}.",
            length=len(text),
            limit=MAX_LINE,
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
        raise NotationError(
            "Unknown action {text}; the actions are: {actions}.",
            text=quote(verb),
            actions=", ".join(sorted(_PARSERS)),
        )
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
