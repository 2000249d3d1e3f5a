"""Reading a Battles of Westeros content pack: TOML files into :mod:`data.battles_model`, checked.

People write packs by hand (their own battle plans and cards), so the reader does not stop at the first
mistake: it reads on and reports every problem it finds (up to :data:`MAX_PROBLEMS`), each with the file,
the line and the key at fault and what was expected there. A pack with any problem is not loaded.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, replace
from typing import Any

from data.battles_model import (
    CLASSES,
    COMMAND_EFFECTS,
    DEFAULT_DIRECTIONS,
    EDGES,
    EFFECT_FIELDS,
    FACES,
    HEX_DIRECTIONS,
    KEYWORDS,
    MAX_COLUMNS,
    MAX_ROWS,
    MORALE_ENDS,
    RANKS,
    TACTIC_EFFECTS,
    TERRAIN,
    TERRAINS,
    TIMINGS,
    TOKENS,
    UNIT_ABILITY_EFFECTS,
    Battle,
    Board,
    Card,
    Commander,
    CommandOrder,
    Effect,
    HouseSetup,
    MoraleTrack,
    MoraleZone,
    Objective,
    OrderOption,
    Pack,
    Placement,
    RankOrders,
    Requirement,
    Tactic,
    UnitType,
    Victory,
    hex_name,
    hex_place,
    row_length,
)
from data.toml_lines import Path, key_lines, line_of

FORMAT = "maester-battles-pack"
VERSION = 1
MAX_PROBLEMS = 40
SECTIONS = ("pack", "die", "morale", "houses", "units", "commanders", "cards", "battles")
SECTIONS += ("skirmishes", "setup_cards")
SINGLE = ("pack", "die", "morale")  # written once in a pack; the others hold one table per id
LEGEND = {".": "plain", "h": "hills", "f": "forest", "~": "river", "v": "forest-river"}
LEGEND |= {"B": "building", "=": "road", "t": "forest-road"}
_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
_CARD_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,19}")
_OPTION = re.compile(r"move ([0-9])( and attack)?|(attack)")
_MISSING: Any = object()


@dataclass(frozen=True, slots=True)
class Problem:
    file: str
    line: int | None
    key: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        return f"{where}: {self.key}: {self.message}" if self.key else f"{where}: {self.message}"


class ContentError(ValueError):
    """A pack that cannot be loaded, with every problem found in it."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        count = f"{len(problems)} problems" if len(problems) != 1 else "a problem"
        lines = "\n".join(f"  {problem}" for problem in problems)
        super().__init__(f"The content has {count}; nothing was loaded:\n{lines}")


class _TooMany(Exception):
    """Raised once MAX_PROBLEMS are found: the rest would not help."""


@dataclass
class _Source:
    name: str
    text: str
    lines: dict[Path, int]

    def line(self, path: Path) -> int | None:
        return line_of(self.lines, path)

    def string_line(self, path: Path, offset: int) -> int | None:
        """The line of the ``offset``-th line of a multi-line string's value (its first newline, right
        after the opening quotes, is not part of the value)."""
        start = self.line(path)
        if start is None:
            return None
        opening = self.text.splitlines()[start - 1].rstrip()
        return start + offset + (1 if opening.endswith(('"""', "'''")) else 0)


class _Report:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, source: _Source, path: Path, message: str, line: int | None = None) -> None:
        self.problems.append(Problem(source.name, line or source.line(path), _key(path), message))
        if len(self.problems) >= MAX_PROBLEMS:
            raise _TooMany


def _key(path: Path) -> str:
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            shown = part if re.fullmatch(r"[A-Za-z0-9_-]+", part) else f'"{part}"'
            text += f".{shown}" if text else shown
    return text


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {value[:40]!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return f"a {type(value).__name__}"


def _one_of(names: Collection[str]) -> str:
    items = list(names)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


class _Node:
    """One table of one file, read key by key. A problem is reported and the read gives None (or the
    default), so reading goes on; :meth:`finish` reports the keys nobody asked for."""

    def __init__(self, report: _Report, source: _Source, path: Path, data: Any) -> None:
        self.report = report
        self.source = source
        self.path = path
        self.data: dict[str, Any] = data if isinstance(data, dict) else {}
        self.ok = isinstance(data, dict)
        self.asked: set[str] = set()
        if not self.ok:
            self.fail(f"is {_describe(data)}, not a table")

    def fail(self, message: str, name: str | int | None = None) -> None:
        self.report.add(self.source, self.path if name is None else (*self.path, name), message)

    def names(self) -> Iterator[str]:
        for name in self.data:
            self.asked.add(name)
            yield name

    def has(self, name: str) -> bool:
        self.asked.add(name)
        return name in self.data

    def get(self, name: str, default: Any = _MISSING) -> Any:
        self.asked.add(name)
        if name in self.data:
            return self.data[name]
        if default is _MISSING:
            self.fail("is missing", name)
            return None
        return default

    def int(self, name: str, default: Any = _MISSING, *, low: int = 0, high: int = 99) -> Any:
        value = self.get(name, default)
        if value is None or value is default:
            return value
        if type(value) is not int:
            self.fail(f"is {_describe(value)}, not a whole number", name)
            return None
        if not low <= value <= high:
            self.fail(f"is {value}, not {low} to {high}", name)
            return None
        return value

    def bool(self, name: str, default: bool) -> bool | None:
        value = self.get(name, default)
        if type(value) is not bool:
            self.fail(f"is {_describe(value)}, not true or false", name)
            return None
        return value

    def text(self, name: str, default: Any = _MISSING) -> Any:
        value = self.get(name, default)
        if value is None or value is default:
            return value
        if type(value) is not str:
            self.fail(f"is {_describe(value)}, not text", name)
            return None
        return value

    def choice(self, name: str, allowed: Collection[str], what: str, default: Any = _MISSING) -> Any:
        value = self.text(name, default)
        if value is None or value is default:
            return value
        if value not in allowed:
            self.fail(f"{value!r} is not {what} ({_one_of(sorted(allowed))})", name)
            return None
        return value

    def table(self, name: str, required: bool = False) -> _Node | None:
        value = self.get(name, _MISSING if required else None)
        if value is None:
            return None
        node = _Node(self.report, self.source, (*self.path, name), value)
        return node if node.ok else None

    def items(self, name: str, default: Any = _MISSING) -> list[tuple[Path, Any]] | None:
        """A list's items with their paths (none if the list is optional and absent)."""
        if default is not _MISSING and not self.has(name):
            return []
        value = self.get(name)
        if value is None:
            return None
        if type(value) is not list:
            self.fail(f"is {_describe(value)}, not a list", name)
            return None
        return [((*self.path, name, index), item) for index, item in enumerate(value)]

    def tables(self, name: str, default: Any = _MISSING) -> list[_Node]:
        items = self.items(name, default) or []
        nodes = [_Node(self.report, self.source, path, item) for path, item in items]
        return [node for node in nodes if node.ok]

    def texts(self, name: str, allowed: Collection[str] | None, what: str, default: Any = _MISSING) -> Any:
        if default is not _MISSING and not self.has(name):
            return default
        items = self.items(name)
        if items is None:
            return None
        found = []
        for path, item in items:
            if type(item) is not str:
                self.report.add(self.source, path, f"is {_describe(item)}, not text")
            elif allowed is not None and item not in allowed:
                self.report.add(self.source, path, f"{item!r} is not {what} ({_one_of(sorted(allowed))})")
            else:
                found.append(item)
        return tuple(found) if len(found) == len(items) else None

    def finish(self) -> None:
        for name in self.data:
            if name not in self.asked:
                known = f"; the keys here are {_one_of(sorted(self.asked))}" if self.asked else ""
                self.fail(f"is not a key this table may have{known}", name)


# --- the pack ----------------------------------------------------------------------------------------------


def read(files: tuple[tuple[str, str], ...], digest: str) -> Pack:
    """The pack these (file name, text) pairs make; raises ContentError listing every problem."""
    report = _Report()
    try:
        pack = _Pack(report, files, digest).build()
    except _TooMany:
        pack = None
    if report.problems or pack is None:
        raise ContentError(report.problems)
    return pack


class _Pack:
    def __init__(self, report: _Report, files: tuple[tuple[str, str], ...], digest: str) -> None:
        self.report = report
        self.files = files
        self.digest = digest
        # section -> id (or "" for the single sections) -> its table
        self.found: dict[str, dict[str, _Node]] = {section: {} for section in SECTIONS}

    def build(self) -> Pack | None:
        for name, text in self.files:
            self._gather(name, text)
        if self.report.problems:
            return None  # a file that is not TOML, or misplaced sections: what follows would mislead
        head = self._single("pack")
        houses = {house: node.text("name") for house, node in self.found["houses"].items()}
        for node in self.found["houses"].values():
            node.finish()
        die, die_note = self._die()
        morale = self._morale()
        zones = tuple(zone.colour for zone in morale.zones) if morale else ()
        units = {uid: self._unit(uid, node, houses) for uid, node in self.found["units"].items()}
        commanders = {
            cid: self._commander(cid, node, houses, units, zones)
            for cid, node in self.found["commanders"].items()
        }
        cards = {
            cid: self._card(cid, node, houses, commanders, zones) for cid, node in self.found["cards"].items()
        }
        battles = {
            bid: self._battle(bid, node, houses, units, commanders)
            for bid, node in self.found["battles"].items()
        }
        from data.battles_skirmish import read_setup_card, read_skirmish  # it reads with this module's nodes

        setup_cards = {
            cid: read_setup_card(self, cid, node, houses, units, commanders)
            for cid, node in self.found["setup_cards"].items()
        }
        skirmishes = {
            sid: read_skirmish(self, sid, node, houses, battles, setup_cards)
            for sid, node in self.found["skirmishes"].items()
        }
        if not battles and not skirmishes:
            self._at_pack("a pack needs at least one battle ([battles.<id>]) or skirmish ([skirmishes.<id>])")
        if head is None:
            return None
        if head.choice("format", (FORMAT,), "the format of a pack") is not None:
            version = head.int("version", low=0, high=999)
            if version is not None and version != VERSION:
                head.fail(f"is {version}; this Maester reads packs of version {VERSION}", "version")
        pack_id = head.text("id")
        if pack_id is not None and not _ID.fullmatch(pack_id):
            head.fail("is not an id (lower-case letters, digits and hyphens)", "id")
        name = head.text("name")
        provenance = head.choice("provenance", ("sample", "user"), "a provenance", "user")
        note = head.text("note", "")
        head.finish()
        parts = (houses, units, commanders, cards, battles, setup_cards, skirmishes)
        if self.report.problems or morale is None or die is None:
            return None
        if any(None in part.values() for part in parts):
            return None
        return Pack(
            id=pack_id,
            name=name,
            provenance=provenance,
            note=note,
            hash=self.digest,
            files=self.files,
            houses=houses,
            die=die,
            die_note=die_note,
            morale=morale,
            units=units,  # type: ignore[arg-type]
            commanders=commanders,  # type: ignore[arg-type]
            cards=cards,  # type: ignore[arg-type]
            battles=battles,  # type: ignore[arg-type]
            skirmishes=skirmishes,  # type: ignore[arg-type]
            setup_cards=setup_cards,  # type: ignore[arg-type]
        )

    # --- gathering the sections of every file ------------------------------------------------------------

    def _gather(self, name: str, text: str) -> None:
        source = _Source(name, text, {})
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            match = re.search(r"line (\d+)", str(error))
            line = int(match.group(1)) if match else None
            self.report.add(source, (), f"this is not TOML: {error}", line)
            return
        source.lines = key_lines(text)
        for section, value in data.items():
            path: Path = (section,)
            if section not in SECTIONS:
                self.report.add(source, path, f"is not a section of a pack ({_one_of(SECTIONS)})")
                continue
            entries = {"": value} if section in SINGLE else value
            if not isinstance(entries, dict):
                self.report.add(source, path, f"is {_describe(value)}, not a table of {section} by id")
                continue
            for entry_id, entry in entries.items():
                where = path if section in SINGLE else (*path, entry_id)
                earlier = self.found[section].get(entry_id)
                if earlier is not None:
                    first = f"{earlier.source.name}:{earlier.source.line(earlier.path)}"
                    self.report.add(source, where, f"is written twice (first at {first})")
                    continue
                if section not in SINGLE and not (_CARD_ID if section.endswith("cards") else _ID).fullmatch(
                    entry_id
                ):
                    self.report.add(source, where, "is not an id (letters, digits and hyphens)")
                    continue
                node = _Node(self.report, source, where, entry)
                if node.ok:
                    self.found[section][entry_id] = node

    def _at_pack(self, message: str) -> None:
        name, _ = self.files[0] if self.files else ("(no file)", "")
        self.report.add(_Source(name, "", {}), (), message)

    def _single(self, section: str) -> _Node | None:
        node = self.found[section].get("")
        if node is None:
            self._at_pack(f"the pack has no [{section}] table")
        return node

    # --- the pack's own tables ---------------------------------------------------------------------------

    def _die(self) -> tuple[tuple[str, ...] | None, str]:
        node = self._single("die")
        if node is None:
            return None, ""
        faces = node.texts("faces", FACES, "a die face")
        note = node.text("note", "") or ""
        if faces is not None and not 1 <= len(faces) <= 20:
            node.fail(f"lists {len(faces)} faces; a die has 1 to 20", "faces")
            faces = None
        node.finish()
        return faces, note

    def _morale(self) -> MoraleTrack | None:
        node = self._single("morale")
        if node is None:
            return None
        spaces = node.int("spaces", low=2, high=30)
        zones: list[MoraleZone] = []
        written = node.tables("zones")
        for item in written:
            colour = item.text("colour")
            first, last = item.int("from", low=1, high=30), item.int("to", low=1, high=30)
            rest = item.int("rest", low=1, high=30)
            item.finish()
            if None in (colour, first, last, rest):
                continue
            if not first <= rest <= last:
                item.fail(f"is {rest}, not a space of the zone ({first} to {last})", "rest")
            elif spaces is not None and last > spaces:
                item.fail(f"is {last}, past the segment's last space {spaces}", "to")
            elif zones and first <= zones[-1].last:
                item.fail("overlaps the zone before it: list the zones outward from the nexus", "from")
            elif any(zone.colour == colour for zone in zones):
                item.fail(f"{colour!r} is the colour of an earlier zone", "colour")
            else:
                zones.append(MoraleZone(colour, first, last, rest))
        grey_items = node.items("grey", [])
        grey = set()
        for path, item in grey_items or []:
            if type(item) is not int or spaces is None or not 1 <= item <= spaces:
                self.report.add(node.source, path, f"is {_describe(item)}, not a space of the segment")
            else:
                grey.add(item)
        node.finish()
        if spaces is None or not zones:
            if spaces is not None and not written:
                node.fail("needs at least one zone", "zones")
            return None
        return MoraleTrack(spaces, tuple(zones), frozenset(grey))

    # --- units, commanders, cards ----------------------------------------------------------------------

    def _house(self, node: _Node, houses: dict[str, Any]) -> str | None:
        return node.choice("house", houses, "a house of this pack")

    def _unit(self, uid: str, node: _Node, houses: dict[str, Any]) -> UnitType | None:
        house = self._house(node, houses)
        name = node.text("name")
        unit_class = node.choice("class", CLASSES, "a class")
        strength = node.int("strength", low=1, high=10)
        reach = node.int("range", None, low=2, high=20)
        no_valor = node.bool("no_valor_hits", False)
        keywords = self._keywords(node)
        note = node.text("note", "")
        orders: dict[str, RankOrders] = {}
        table = node.table("orders", required=True)
        if table is not None:
            for rank in RANKS:
                row = table.table(rank, required=True)
                if row is not None:
                    found = self._rank(row)
                    if found is not None:
                        orders[rank] = found
            table.finish()
        node.finish()
        if None in (house, name, unit_class, strength, no_valor, keywords, note) or len(orders) != len(RANKS):
            return None
        return UnitType(
            uid,
            house,
            name,
            unit_class,
            strength,
            reach or 1,
            reach is not None,
            bool(no_valor),
            keywords,
            orders,
            note,
        )

    def _rank(self, row: _Node) -> RankOrders | None:
        dice = row.int("dice", low=0, high=8)
        options = []
        written = row.items("options") or []
        for path, item in written:
            match = _OPTION.fullmatch(" ".join(item.lower().split())) if isinstance(item, str) else None
            if match is None:
                self.report.add(
                    row.source,
                    path,
                    f"is {_describe(item)}, not an order option ('move 2', 'attack', 'move 1 and attack')",
                )
                continue
            options.append(
                OrderOption(int(match.group(1) or 0), (match.group(2) or match.group(3)) is not None)
            )
        row.finish()
        if dice is None or not options:
            if dice is not None and not written:
                row.fail("lists no order option", "options")
            return None
        return RankOrders(tuple(options), dice)

    def _keywords(self, node: _Node) -> tuple[str, ...] | None:
        found = []
        for path, item in node.items("keywords", []) or []:
            keyword = _keyword(item)
            if keyword is None:
                self.report.add(node.source, path, f"is {_describe(item)}, not a keyword ({_KEYWORD_HELP})")
            else:
                found.append(keyword)
        return tuple(found)

    def _commander(
        self,
        cid: str,
        node: _Node,
        houses: dict[str, Any],
        units: dict[str, UnitType | None],
        zones: tuple[str, ...],
    ) -> Commander | None:
        house = self._house(node, houses)
        name, title = node.text("name"), node.text("title", "")
        leads = node.choice("leads", units, "a unit type of this pack")
        if (
            leads is not None
            and house is not None
            and units[leads] is not None
            and units[leads].house != house
        ):
            node.fail(f"{leads!r} is a unit type of another house", "leads")
            leads = None
        limit = node.int("command_limit", low=0, high=10)
        capture = node.int("capture", low=1, high=10)
        zoc = node.int("zoc", 2, low=0, high=6)
        traits = node.texts("traits", None, "a trait", ())
        abilities = self._abilities(node)
        commit = node.table("commit_ability")
        commit_ability = self._tactic(commit, zones) if commit else None
        node.finish()
        if None in (house, name, title, leads, limit, capture, zoc, traits, abilities):
            return None
        if commit and commit_ability is None:
            return None
        return Commander(
            cid, house, name, title, leads, limit, capture, zoc, traits, abilities, commit_ability
        )

    def _abilities(self, node: _Node) -> tuple[Effect, ...] | None:
        """A commander's unit abilities: ``unit_ability``, one effect or a list of them."""
        if not node.has("unit_ability"):
            return ()
        raw = node.get("unit_ability")
        items = node.tables("unit_ability") if isinstance(raw, list) else [node.table("unit_ability")]
        found = []
        for item in items:
            if item is None:
                return None
            effect = self._effect(item, UNIT_ABILITY_EFFECTS, "unit")
            item.finish()
            if effect is None:
                return None
            found.append(effect)
        return tuple(found)

    def _card(
        self,
        cid: str,
        node: _Node,
        houses: dict[str, Any],
        commanders: dict[str, Commander | None],
        zones: tuple[str, ...],
    ) -> Card | None:
        house = self._house(node, houses)
        name = node.text("name")
        commander = node.choice("commander", commanders, "a commander of this pack", None)
        owner = commanders.get(commander) if commander else None
        if owner is not None and house is not None and owner.house != house:
            node.fail(f"{commander!r} is a commander of another house", "commander")
        orders = []
        ok = True
        for item in node.tables("command", []):
            cost = item.int("cost", low=0, high=10)
            effect = self._effect(item, COMMAND_EFFECTS, "command")
            item.finish()
            if cost is None or effect is None:
                ok = False
            else:
                orders.append(CommandOrder(cost, effect))
        tactic_node = node.table("tactic")
        tactic = self._tactic(tactic_node, zones) if tactic_node else None
        node.finish()
        if not orders and tactic_node is None:
            node.fail("has neither command orders (command = [...]) nor a tactic ([cards.<id>.tactic])")
        if None in (house, name) or not ok or (tactic_node and tactic is None):
            return None
        return Card(cid, house, name, commander, tuple(orders), tactic)

    def _tactic(self, node: _Node, zones: tuple[str, ...]) -> Tactic | None:
        timing = node.choice("timing", TIMINGS, "a timing")
        requires = Requirement()
        table = node.table("requires")
        if table is not None:
            tokens = table.texts("tokens", FACES, "an order token", ())
            own = table.choice("own_morale", zones, "a zone of the morale track", None)
            enemy = table.choice("enemy_morale", zones, "a zone of the morale track", None)
            table.finish()
            if tokens is None:
                return None
            requires = Requirement(tokens, own, enemy)
        effect = self._effect(node, TACTIC_EFFECTS, "tactic")
        node.finish()
        if timing is None or effect is None:
            return None
        if effect.kind in ("dice", "move-extra") and timing != "before":
            node.fail(
                f"is {timing!r}: dice and hexes for the ordered units are given before they act", "timing"
            )
            return None
        return Tactic(timing, effect, requires)

    def _effect(self, node: _Node, allowed: tuple[str, ...], use: str) -> Effect | None:
        kind = node.choice("effect", allowed, f"an effect a {use} may have")
        if kind is None:
            return None
        fields = EFFECT_FIELDS[kind]
        count = node.int("count", 1, low=1, high=20) if "count" in fields else 0
        delta = node.int("delta", 1, low=-5, high=5) if "delta" in fields else 0
        unit_class = node.choice("class", CLASSES, "a class", None) if "class" in fields else None
        rank = node.choice("rank", RANKS, "a rank", None) if "rank" in fields else None
        keyword = None
        if "keyword" in fields:
            raw = node.get("keyword")
            keyword = _keyword(raw)
            if raw is not None and keyword is None:
                node.fail(f"is {_describe(raw)}, not a keyword ({_KEYWORD_HELP})", "keyword")
        text = node.text("text", None)
        if kind == "manual" and text is None:
            node.fail("is missing: an effect the engine cannot apply needs its text", "text")
        if delta == 0 and "delta" in fields:
            node.fail("is 0: the effect would do nothing", "delta")
        if None in (count, delta) or ("keyword" in fields and keyword is None):
            return None
        effect = Effect(kind, "", count, delta, unit_class, rank, keyword)
        return Effect(kind, text or _effect_text(effect, use), count, delta, unit_class, rank, keyword)

    # --- battles -----------------------------------------------------------------------------------------

    def _battle(
        self,
        bid: str,
        node: _Node,
        houses: dict[str, Any],
        units: dict[str, UnitType | None],
        commanders: dict[str, Commander | None],
        skirmish: bool = False,
    ) -> Battle | None:
        """A battle plan; or a skirmish's details (``skirmish``): its houses place no unit, and its
        initiative may be "random"."""
        name = node.text("name")
        provenance = node.choice("provenance", ("sample", "user"), "a provenance", "user")
        note = node.text("note", "")
        rounds = node.int("rounds", low=1, high=30)
        board_node = node.table("board", required=True)
        board = self._board(board_node) if board_node else None
        setups: dict[str, HouseSetup | None] = {}
        taken: dict[str, str] = {}  # hex -> which unit stands there, to find two units on one hex
        houses_node = node.table("houses", required=True)
        if houses_node is not None:
            for house in houses_node.names():
                entry = houses_node.table(house)
                if house not in houses:
                    houses_node.fail(
                        f"{house!r} is not a house of this pack ({_one_of(sorted(houses))})", house
                    )
                elif entry is not None and skirmish:
                    setups[house] = self._details(house, entry)
                    entry.finish()
                elif entry is not None:
                    setups[house] = self._setup(house, entry, board, units, commanders, taken)
            if len(setups) != 2 and not self.report.problems:
                houses_node.fail(f"names {len(setups)} houses; a battle is fought by two")
        allowed = [*(setups or houses), *(["random"] if skirmish else [])]
        initiative = node.choice("initiative", allowed, "a house of this battle")
        victory_node = node.table("victory")
        victory = self._victory(victory_node, board, list(setups)) if victory_node else Victory()
        node.finish()
        if None in (name, provenance, note, rounds, board, initiative, victory) or None in setups.values():
            return None
        edges = [setup.edge for setup in setups.values() if setup is not None]
        if houses_node is not None and len(edges) == 2 and edges[0] == edges[1]:
            houses_node.fail(
                f"both houses sit at the {edges[0]} edge; one sits at the north, one at the south"
            )
        return Battle(bid, name, provenance, note, rounds, initiative, board, dict(setups), victory)  # type: ignore[arg-type]

    def _board(self, node: _Node) -> Board | None:
        columns = node.int("columns", low=2, high=MAX_COLUMNS)
        rows = node.int("rows", low=2, high=MAX_ROWS)
        legend = dict(LEGEND)
        table = node.table("legend")
        if table is not None:
            for mark in table.names():
                value = table.choice(mark, TERRAINS, "a terrain")
                if len(mark) != 1 or mark.isspace():
                    table.fail("is not a single character", mark)
                elif value is not None:
                    legend[mark] = value
        raw = node.text("terrain", None)
        tokens_node = node.table("tokens")
        directions = node.texts("directions", HEX_DIRECTIONS, "a direction", DEFAULT_DIRECTIONS)
        if directions is not None and sorted(directions) != sorted(HEX_DIRECTIONS):
            node.fail(f"names each of the six directions once ({', '.join(HEX_DIRECTIONS)})", "directions")
            directions = None
        node.finish()
        if columns is None or rows is None or directions is None:
            return None
        names = [hex_name(column, row) for row in range(rows) for column in range(row_length(columns, row))]
        terrain = dict.fromkeys(names, "plain")
        if raw is not None:
            self._map(node, raw, columns, rows, legend, terrain)
        tokens: dict[str, str] = {}
        if tokens_node is not None:
            for place in tokens_node.names():
                token = tokens_node.choice(place, TOKENS, "a terrain token")
                spot = self._hex(tokens_node.source, (*tokens_node.path, place), terrain, place)
                if token is not None and spot is not None:
                    tokens[spot] = token
        return Board(columns, rows, terrain, tokens, tuple(directions))

    def _map(
        self, node: _Node, raw: str, columns: int, rows: int, legend: dict[str, str], terrain: dict[str, str]
    ) -> None:
        lines = [(offset, text) for offset, text in enumerate(raw.split("\n")) if text.strip()]
        path = (*node.path, "terrain")
        if len(lines) != rows:
            node.fail(f"draws {len(lines)} rows; the board has {rows}", "terrain")
            return
        for row, (offset, text) in enumerate(lines):
            line = node.source.string_line(path, offset)
            cells = text.split()
            expected = row_length(columns, row)
            if len(cells) != expected:
                kind = "long" if expected == columns else "short"
                self.report.add(
                    node.source,
                    path,
                    f"row {row + 1} has {len(cells)} hexes; a {kind} row has {expected}",
                    line,
                )
                continue
            for column, cell in enumerate(cells):
                if cell not in legend:
                    marks = " ".join(sorted(legend))
                    where = f"row {row + 1}, hex {hex_name(column, row)}"
                    message = f"{where}: {cell!r} is not a mark of the legend ({marks})"
                    self.report.add(node.source, path, message, line)
                else:
                    terrain[hex_name(column, row)] = legend[cell]

    def _hex(self, source: _Source, path: Path, terrain: dict[str, str], value: Any) -> str | None:
        """A hex of the board, written as ``value`` at ``path``."""
        place = hex_place(value) if isinstance(value, str) else None
        spot = hex_name(*place) if place else None
        if spot is None or spot not in terrain:
            what = "a hex of this board" if place else "a hex name (a column letter and a row number: G5)"
            self.report.add(source, path, f"is {_describe(value)}, not {what}")
            return None
        return spot

    def _setup(
        self,
        house: str,
        node: _Node,
        board: Board | None,
        units: dict[str, UnitType | None],
        commanders: dict[str, Commander | None],
        taken: dict[str, str],
    ) -> HouseSetup | None:
        details = self._details(house, node)
        placements: list[Placement] = []
        for item in node.tables("commanders", []):
            commander = item.choice("id", commanders, "a commander of this pack")
            card = commanders.get(commander) if commander else None
            if card is not None and card.house != house:
                item.fail(f"{commander!r} is a commander of another house", "id")
                card = None
            if card is not None and any(p.commander == commander for p in placements):
                item.fail(f"{commander!r} leads one unit only", "id")
                card = None
            placement = self._placement(item, board, card.leads if card else None, commander, taken)
            if placement is not None and card is not None:
                placements.append(placement)
        for item in node.tables("units"):
            unit_type = item.choice("type", units, "a unit type of this pack")
            found = units.get(unit_type) if unit_type else None
            if found is not None and found.house != house:
                item.fail(f"{unit_type!r} is a unit type of another house", "type")
                found = None
            placement = self._placement(item, board, unit_type if found else None, None, taken)
            if placement is not None and found is not None:
                placements.append(placement)
        node.finish()
        if details is None:
            return None
        return replace(details, units=tuple(placements))

    def _details(self, house: str, node: _Node) -> HouseSetup | None:
        """What a battle plan (or a skirmish) says of a house but its units: its edge, its exit, its command
        tokens, order dice and leadership cards, the end of its morale segment."""
        edge = node.choice("edge", EDGES, "a board edge")
        exit_edge = node.choice("exit", EDGES, "a board edge", None)
        if exit_edge is not None and exit_edge == edge:
            node.fail("is the house's own edge: its units may leave the board only by another", "exit")
        tokens = node.int("command_tokens", low=0, high=10)
        dice = node.int("order_dice", low=0, high=10)
        leadership = node.int("leadership", low=0, high=10)
        end = node.choice("morale_end", MORALE_ENDS, "a segment's end")
        if None in (edge, tokens, dice, leadership, end) or (exit_edge is None and node.has("exit")):
            return None
        return HouseSetup(house, edge, exit_edge, tokens, dice, leadership, end, ())

    def _placement(
        self,
        item: _Node,
        board: Board | None,
        unit_type: str | None,
        commander: str | None,
        taken: dict[str, str],
    ) -> Placement | None:
        rank = item.choice("rank", RANKS, "a rank")
        raw = item.get("at")
        item.finish()
        if board is None:
            return None
        path = (*item.path, "at")
        at = self._hex(item.source, path, board.terrain, raw) if raw is not None else None
        if at is not None and _impassable(board, at):
            item.fail(f"{at} is {_ground(board, at)}, which no unit may enter", "at")
            at = None
        if at is not None and at in taken:
            item.fail(f"{at} already holds {taken[at]}: a hex holds one unit", "at")
            at = None
        if at is not None:
            taken[at] = f"the unit at {_key(item.path)}"
        if None in (rank, at, unit_type):
            return None
        return Placement(unit_type, rank, at, commander)  # type: ignore[arg-type]

    def _victory(self, node: _Node, board: Board | None, houses: list[str]) -> Victory | None:
        objectives = []
        for item in node.tables("objectives", []):
            hexes = []
            for path, value in item.items("hexes") or []:
                spot = self._hex(item.source, path, board.terrain, value) if board else None
                if spot is not None and board is not None and _impassable(board, spot):
                    self.report.add(
                        item.source, path, f"{spot} is {_ground(board, spot)}: no unit can hold it"
                    )
                elif spot is not None:
                    hexes.append(spot)
            vp = item.int("vp", low=1, high=20)
            when = item.choice("when", ("round", "end"), "a time to score")
            control = item.choice("control", ("occupy", "marker"), "a way to hold a hex")
            house = item.choice("house", houses, "a house of this battle", None)
            item.finish()
            if hexes and None not in (vp, when, control):
                objectives.append(Objective(tuple(hexes), vp, when, control, house))
        eliminate = node.int("eliminate_vp", 0, low=0, high=20)
        exit_vp = node.int("exit_vp", 0, low=0, high=20)
        instant_vp = instant_kills = None
        for item in node.tables("instant", []):
            kind = item.choice("kind", ("vp", "eliminate"), "an instant victory")
            if kind == "vp":
                instant_vp = item.int("reach", low=1, high=99)
            elif kind == "eliminate":
                instant_kills = item.int("count", low=1, high=99)
            item.finish()
        node.finish()
        if self.report.problems:
            return None
        return Victory(tuple(objectives), eliminate, exit_vp, instant_vp, instant_kills)


_KEYWORD_HELP = ", ".join(f"{name} N" if number else name for name, number in KEYWORDS.items())


def _keyword(value: Any) -> str | None:
    """A keyword as written in a pack ("loyal", "pursue 2"), normalised; None if it is not one."""
    if not isinstance(value, str):
        return None
    parts = value.strip().lower().split()
    if not parts or parts[0] not in KEYWORDS:
        return None
    if KEYWORDS[parts[0]]:
        return (
            f"{parts[0]} {parts[1]}" if len(parts) == 2 and parts[1].isdigit() and parts[1] != "0" else None
        )
    return parts[0] if len(parts) == 1 else None


def _ground(board: Board, at: str) -> str:
    token = board.tokens.get(at)
    return f"a {token}" if token else f"{board.terrain[at]}"


def _impassable(board: Board, at: str) -> bool:
    kind = board.tokens.get(at) or board.terrain[at]
    return TERRAIN[kind].movement == "impassable"


def _units(effect: Effect, count: int) -> str:
    """``2 infantry units``, ``1 green unit``: a number of the units an effect picks."""
    words = " ".join(word for word in (effect.rank, effect.unit_class) if word)
    noun = "unit" if count == 1 else "units"
    return f"{count} {words} {noun}" if words else f"{count} {noun}"


def _upto(count: int) -> str:
    return "up to " if count > 1 else ""


def _amount(delta: int, one: str, many: str) -> str:
    """``1 more die``, ``2 fewer hexes``."""
    return f"{abs(delta)} {'more' if delta > 0 else 'fewer'} {one if abs(delta) == 1 else many}"


_TEXTS: dict[str, Callable[[Effect, str], str]] = {
    "order": lambda e, _: f"Order {_upto(e.count)}{_units(e, e.count)} in this commander's zone.",
    "order-all": lambda e, _: f"Order all your {_units(e, 2)[2:]} in this commander's zone.",
    "rally": lambda e, _: f"Rally {_upto(e.count)}{_units(e, e.count)} of yours in this commander's zone.",
    "morale": lambda e, _: f"{'Raise' if e.delta > 0 else 'Lower'} your morale by {abs(e.delta)}.",
    "dice": lambda e, use: (
        f"This unit rolls {_amount(e.delta, 'die', 'dice')} when it attacks."
        if use == "unit"
        else f"Units ordered with this card roll {_amount(e.delta, 'die', 'dice')} when attacking this turn."
    ),
    "move-extra": lambda e, use: (
        f"This unit may move {_amount(e.delta, 'hex', 'hexes')} when ordered."
        if use == "unit"
        else f"Units ordered with this card may move {_amount(e.delta, 'hex', 'hexes')} this turn."
    ),
    "no-counterattack": lambda e, _: (
        f"Choose {_upto(e.count)}{_units(e, e.count).replace('unit', 'enemy unit')} in this commander's "
        f"zone: {'it' if e.count == 1 else 'they'} cannot counterattack this turn."
    ),
    "keyword": lambda e, _: f"This unit has the keyword {e.keyword}.",
    "fire-valor": lambda e, _: "When this unit starts a fire, its valor results count as green shields.",
}


def _effect_text(effect: Effect, use: str) -> str:
    return _TEXTS[effect.kind](effect, use)
