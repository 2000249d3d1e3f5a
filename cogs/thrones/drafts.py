"""A Game of Thrones' answers being built in a prompt, without Discord: the drafts of the combinatorial
decisions (orders, a march, a muster, units to lose), their compact codes for custom ids, and the notation
line each one turns into. The engine judges the line when it is submitted.

Codes are one character per slot (see :func:`cogs.ids.digit`): for orders, the token of each area
(``-`` for none); for a march, the destination of each unit (``0`` stays); for a muster, the muster
chosen for each castle area (``0`` for nothing).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from cogs.ids import NONE, digit, undigit
from cogs.screens import Pick, strip_house
from cogs.thrones import names
from cogs.thrones.names import InArea, Unit
from i18n import SOURCE_LANGUAGE, Said, psaid, translator
from table.thrones.extras import Extras, muster_points, orders_of

# --- orders ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OrdersDraft:
    areas: tuple[str, ...]
    tokens: tuple[str, ...]  # the tokens the house may place, each once (counts say how many it owns)
    counts: dict[str, int]
    stars: int
    needed: int  # how many orders must be placed
    may_leave_empty: bool
    picks: tuple[int | None, ...]  # per area: an index into ``tokens``, or None

    @classmethod
    def start(cls, decision: dict[str, Any], code: str | None = None) -> OrdersDraft:
        """The draft of a code, or else prefilled with the answer's default (an ``orders`` decision)."""
        schema = decision["schema"]
        stars = int(schema["stars"])
        tokens = tuple(
            t
            for t, n in sorted(schema["tokens"].items())
            if n > 0 and (stars > 0 or not names.token_is_special(t))
        )
        areas = tuple(schema["areas"])
        draft = cls(
            areas=areas,
            tokens=tokens,
            counts={t: int(n) for t, n in schema["tokens"].items()},
            stars=stars,
            needed=int(schema["count"]),
            may_leave_empty=bool(schema["may_leave_empty"]),
            picks=(None,) * len(areas),
        )
        if code is not None:
            return draft.decode(code)
        return draft.with_line(strip_house(decision["default"]))

    def decode(self, code: str) -> OrdersDraft:
        if len(code) != len(self.areas):
            raise ValueError("the orders code does not fit this decision")
        picks = tuple(None if c == NONE else undigit(c) for c in code)
        if any(p is not None and p >= len(self.tokens) for p in picks):
            raise ValueError("the orders code names an unknown token")
        return replace(self, picks=picks)

    def with_line(self, line: str) -> OrdersDraft:
        placed = orders_of(line) or {}
        picks = tuple(
            self.tokens.index(placed[a]) if placed.get(a) in self.tokens else None for a in self.areas
        )
        return replace(self, picks=picks)

    @property
    def code(self) -> str:
        return "".join(NONE if p is None else digit(p) for p in self.picks)

    def pick(self, slot: int, token: int | None) -> OrdersDraft:
        picks = list(self.picks)
        picks[slot] = token
        return replace(self, picks=tuple(picks))

    def token_of(self, slot: int) -> str | None:
        pick = self.picks[slot]
        return None if pick is None else self.tokens[pick]

    @property
    def placed(self) -> dict[str, str]:
        return {a: self.tokens[p] for a, p in zip(self.areas, self.picks, strict=True) if p is not None}

    @property
    def line(self) -> str:
        return "orders " + " ".join(f"{a}={t}" for a, t in sorted(self.placed.items()))

    def problems(self, language: str = SOURCE_LANGUAGE) -> list[str]:
        """What the engine would refuse, said before submitting (it still has the last word)."""
        words = translator(language)
        found = []
        used = Counter(self.placed.values())
        for token, count in sorted(used.items()):
            owned = self.counts.get(token, 0)
            if count > owned:
                found.append(
                    words.ngettext(
                        "{token} placed {count} time, but you have {owned}.",
                        "{token} placed {count} times, but you have {owned}.",
                        count,
                        token=names.token(token),
                        count=count,
                        owned=owned,
                    )
                )
        specials = sum(n for t, n in used.items() if names.token_is_special(t))
        if specials > self.stars:
            found.append(
                words.ngettext(
                    "{count} special order; your King's Court position allows {stars}.",
                    "{count} special orders; your King's Court position allows {stars}.",
                    specials,
                    count=specials,
                    stars=self.stars,
                )
            )
        if self.may_leave_empty:
            if len(self.placed) < self.needed:
                found.append(
                    words.ngettext(
                        "Place {count} order ({placed} so far).",
                        "Place {count} orders ({placed} so far).",
                        self.needed,
                        count=self.needed,
                        placed=len(self.placed),
                    )
                )
        else:
            missing = [
                names.area_name(a, language) for a, p in zip(self.areas, self.picks, strict=True) if p is None
            ]
            if missing:
                found.append(words.gettext("No order yet: {areas}.", areas=", ".join(missing)))
        return found


# --- march -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MarchSource:
    area: str
    slots: tuple[str, ...]  # the unit kinds that may move, one slot per unit
    destinations: tuple[str, ...]
    allowed: dict[str, tuple[str, ...]]  # destination -> unit kinds that may go there
    entry: dict[str, str]  # destination -> move, combat or neutral
    may_leave_power: bool

    def stay_code(self) -> str:
        return "0" * len(self.slots)

    def decode(self, code: str) -> list[str | None]:
        """The destination of each unit (None: it stays)."""
        if len(code) != len(self.slots):
            raise ValueError("the march code does not fit this order")
        found: list[str | None] = []
        for char in code:
            index = undigit(char)
            if index > len(self.destinations):
                raise ValueError("the march code names an unknown destination")
            found.append(None if index == 0 else self.destinations[index - 1])
        return found

    @staticmethod
    def encode(destinations: list[int]) -> str:
        """Codes from 1-based destination numbers (0 stays)."""
        return "".join(digit(d) for d in destinations)

    def line(self, code: str, power: bool) -> str:
        moves: dict[str, list[str]] = {}
        for kind, dest in zip(self.slots, self.decode(code), strict=True):
            if dest is not None:
                moves.setdefault(dest, []).append(kind)
        body = ", ".join(f"{d} {' '.join(moves[d])}" for d in self.destinations if d in moves) or "none"
        return f"march {self.area} -> {body}" + (" +power" if power else "")


def march_sources(decision: dict[str, Any]) -> list[MarchSource]:
    """The march orders a march decision may resolve; raises ValueError for any other decision (a click
    whose custom id was forged or belongs to another prompt)."""
    if decision.get("kind") != "march" or not isinstance((decision.get("schema") or {}).get("orders"), dict):
        raise ValueError("not a march decision")
    found = []
    for area, info in sorted(decision["schema"]["orders"].items()):
        slots = [
            kind
            for kind in sorted(info["units"], key=lambda k: names.UNIT_KINDS.index(k))
            for _ in range(int(info["units"][kind]))
        ]
        dests = info.get("destinations", {})
        found.append(
            MarchSource(
                area=area,
                slots=tuple(slots),
                destinations=tuple(sorted(dests)),
                allowed={d: tuple(v.get("units", ())) for d, v in dests.items()},
                entry={d: str(v.get("entry", "move")) for d, v in dests.items()},
                may_leave_power=bool(info.get("may_leave_power")),
            )
        )
    return found


# How a march enters a destination: what a person reads beside it.
ENTRY_WORDS: dict[str, Said] = {
    "move": psaid("march", "move in"),
    "combat": psaid("march", "attack: a battle"),
    "neutral": psaid("march", "attack the neutral force"),
}


def entry_words(entry: str, language: str = SOURCE_LANGUAGE) -> str:
    words = ENTRY_WORDS.get(entry)
    return "" if words is None else words.said_in(language)


# --- muster ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MusterPlan:
    areas: tuple[str, ...]
    points: dict[str, int]
    combos: dict[str, list[str]]  # area -> its legal musters (notation items)

    def stay_code(self) -> str:
        return "0" * len(self.areas)

    def decode(self, code: str) -> list[str | None]:
        if len(code) != len(self.areas):
            raise ValueError("the muster code does not fit this decision")
        found: list[str | None] = []
        for area, char in zip(self.areas, code, strict=True):
            index = undigit(char)
            if index > len(self.combos.get(area, [])):
                raise ValueError("the muster code names an unknown muster")
            found.append(None if index == 0 else self.combos[area][index - 1])
        return found

    def pick(self, code: str, slot: int, index: int) -> str:
        return code[:slot] + digit(index) + code[slot + 1 :]

    def line(self, code: str) -> str:
        chosen = [combo for combo in self.decode(code) if combo]
        return "muster " + (", ".join(chosen) if chosen else "none")


def muster_plan(decision: dict[str, Any], extras: Extras) -> MusterPlan:
    points = muster_points(decision)
    areas = tuple(sorted(points))
    return MusterPlan(areas, points, {a: list(extras.musters.get(a, [])) for a in areas})


# --- units to lose or change -------------------------------------------------------------------------------


@dataclass(frozen=True)
class UnitPick:
    """Pick between ``low`` and ``high`` of ``units`` ((area, kind) pairs, repeated per unit)."""

    units: tuple[tuple[str, str], ...]
    low: int
    high: int
    verb: str = "destroy"
    change: tuple[str, str] | None = None  # (from, to) for a swap

    def line(self, chosen: list[int]) -> str:
        picked = [self.units[i] for i in chosen]
        if not picked:
            return f"{self.verb} none"
        if self.change is not None:
            old, new = self.change
            return "swap " + ", ".join(f"{area} {old}->{new}" for area, _ in picked)
        return "destroy " + ", ".join(f"{area} {kind}" for area, kind in picked)

    def labels(self, language: str = SOURCE_LANGUAGE) -> list[str]:
        """``Footman in Winterfell``, numbered when the same unit appears more than once."""
        words = translator(language)
        totals = Counter(self.units)
        seen: Counter[tuple[str, str]] = Counter()
        found = []
        for unit in self.units:
            seen[unit] += 1
            area, kind = unit
            text = words.gettext("{unit} {in_area}", unit=Unit(kind), in_area=InArea(area))
            text = names.capitalized(text, language)
            found.append(f"{text} ({seen[unit]})" if totals[unit] > 1 else text)
        return found

    def placeholder(self, language: str = SOURCE_LANGUAGE) -> str:
        """What the select asks: ``Choose 2 units to destroy``, ``Choose 0 to 2 footmen to become knights``
        (in words, as the reader's language has them)."""
        words = translator(language)
        low, high = self.low, self.high
        if self.change is None:
            if low == high:
                return words.ngettext(
                    "Choose {count} unit to destroy", "Choose {count} units to destroy", high, count=high
                )
            return words.gettext("Choose {low} to {high} units to destroy", low=low, high=high)
        old, new = self.change
        if low == high:
            return words.ngettext(
                "Choose {count} {old} to become {new}",
                "Choose {count} {old} to become {new}",
                high,
                count=high,
                old=Unit(old, high),
                new=Unit(new, high),
            )
        return words.gettext(
            "Choose {low} to {high} {old} to become {new}",
            low=low,
            high=high,
            old=Unit(old, 2),
            new=Unit(new, 2),
        )

    def as_pick(self, language: str = SOURCE_LANGUAGE) -> Pick:
        """The shared "pick N of these" screen's part of it, in ``language``."""
        return Pick(tuple(self.labels(language)), self.low, self.high, self.placeholder(language), self.line)


def _pairs(listed: list[Any]) -> tuple[tuple[str, str], ...]:
    return tuple((str(area), str(kind)) for area, kind in listed)


def unit_pick(decision: dict[str, Any], extras: Extras) -> UnitPick | None:
    kind = decision["kind"]
    schema = decision.get("schema") or {}
    if kind in ("casualties", "skull-casualties", "retreat-losses"):
        count = int(schema["count"])
        return UnitPick(_pairs(schema["units"]), count, count)
    if kind == "wildling-destroy":
        count = int(schema["count"])
        units = tuple(u for group in schema["groups"] for u in _pairs(group))
        return UnitPick(units, count, count)
    if kind == "reconcile":
        default = strip_house(decision["default"]).removeprefix("destroy").strip()
        count = 0 if default in ("", "none") else len(default.split(","))
        armies = {a for a, size in schema.get("armies", {}).items() if int(size) >= 2}
        units = tuple((a, k) for a in sorted(extras.units) if a in armies for k in extras.units[a])
        return UnitPick(units, count, count)
    if kind == "wildling-swap":
        old, new = schema["from"], schema["to"]
        units = tuple((area, old) for area, n in sorted(schema["units"].items()) for _ in range(int(n)))
        return UnitPick(units, int(schema["min"]), int(schema["max"]), "swap", (old, new))
    return None
