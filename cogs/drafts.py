"""Answers being built in a prompt, without Discord: the choices a decision offers, the drafts of the
combinatorial decisions (orders, a march, a muster, a ranking, units to lose), their compact codes for
custom ids, and the notation line each one turns into. The engine judges the line when it is submitted.

Codes are one character per slot (see :func:`cogs.ids.digit`): for orders, the token of each area
(``-`` for none); for a march, the destination of each unit (``0`` stays); for a muster, the muster
chosen for each castle area (``0`` for nothing); for a ranking, the houses picked so far.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from cogs import rules
from cogs.ids import NONE, digit, undigit


def strip_house(line: str) -> str:
    """``stark: bid 2`` -> ``bid 2``."""
    head, sep, rest = line.partition(":")
    return rest.strip() if sep and " " not in head.strip() else line.strip()


# --- words for actions -------------------------------------------------------------------------------------


def _word(word: str) -> str:
    if rules.is_area(word):
        return rules.area_name(word)
    if rules.is_house(word):
        return rules.house_name(word)
    if rules.is_card(word):
        return rules.card_name(word)
    if word in rules.TRACK_NAMES:
        return f"{rules.TRACK_NAMES[word]} track"
    if word in rules.TOKENS:
        return rules.token_name(word)
    return word.replace("-", " ")


def describe_muster_items(text: str) -> str:
    """``winterfell footman, winterfell ship@bay-of-ice`` -> ``Footman + ship in Bay of Ice``."""
    if text.strip() in ("", "none"):
        return "Nothing"
    parts = []
    for item in text.split(","):
        words = item.split()
        if len(words) != 2:
            parts.append(item.strip())
            continue
        what = words[1]
        if "->" in what:
            parts.append(f"footman becomes {rules.unit_name(what.split('->', 1)[1]).lower()}")
        elif "@" in what:
            kind, to = what.split("@", 1)
            parts.append(f"{rules.unit_name(kind).lower()} in {rules.area_name(to)}")
        else:
            parts.append(rules.unit_name(what).lower())
    text = " + ".join(parts)
    return text[:1].upper() + text[1:]


def _unit_list(rest: str) -> str:
    pairs = []
    for part in rest.split(","):
        words = part.split()
        if len(words) == 2:
            area, what = words
            if "->" in what:
                old, new = what.split("->", 1)
                pairs.append(f"{rules.unit_name(old).lower()} in {rules.area_name(area)} becomes {new}")
            else:
                pairs.append(f"{rules.unit_name(what).lower()} in {rules.area_name(area)}")
        else:
            pairs.append(part.strip())
    return ", ".join(pairs)


def describe(action: str, kind: str | None = None) -> str:
    """A person's words for an action (without its house): ``raid bay-of-ice -> none`` ->
    ``Bay of Ice: no raid``. Unknown shapes come back as they are."""
    action = strip_house(action)
    verb, _, rest = action.partition(" ")
    rest = rest.strip()
    if verb == "bid":
        return f"Bid {rest}"
    if verb == "choose":
        if kind == "support":
            return "Support nobody" if rest == "none" else f"Support {rules.house_name(rest)}"
        if kind == "retreat" and rules.is_area(rest):
            return f"Retreat to {rules.area_name(rest)}"
        if kind == "port-takeover" and rest.isdigit():
            return f"Replace {rest} ship(s)"
        text = _word(rest)
        return text[:1].upper() + text[1:]
    if verb == "play":
        return rules.card_label(rest)
    if verb == "discard":
        return f"Discard {rules.card_name(rest)}"
    if verb == "retrieve":
        return "Take no card back" if rest == "none" else f"Take back {rules.card_name(rest)}"
    if verb == "raid":
        source, _, target = (p.strip() for p in rest.partition("->"))
        if target in ("", "none"):
            return f"{rules.area_name(source)}: no raid"
        return f"{rules.area_name(source)}: raid {rules.area_name(target)}"
    if verb == "raven":
        words = rest.split()
        fixed = {
            "none": "Do nothing",
            "peek": "Look at the top wildling card",
            "keep": "Keep the wildling card on top",
            "bury": "Bury the wildling card at the bottom",
        }
        if len(words) == 3 and words[0] == "swap":
            return f"{rules.area_name(words[1])}: swap for {rules.token_name(words[2])}"
        return fixed.get(rest, action)
    if verb == "march":
        source, _, body = (p.strip() for p in rest.partition("->"))
        power = body.endswith("+power")
        body = body.removesuffix("+power").strip()
        if body in ("", "none"):
            moves = "nobody moves"
        else:
            moves = "; ".join(
                f"{rules.units_text(part.split()[1:])} to {rules.area_name(part.split()[0])}"
                for part in body.split(",")
                if part.split()
            )
        return f"From {rules.area_name(source)}: {moves}" + (", leaving a power token" if power else "")
    if verb == "muster":
        return "Muster nothing" if rest == "none" else describe_muster_items(rest)
    if verb == "consolidate":
        area, _, muster = rest.partition(" muster ")
        if muster:
            return f"Muster in {rules.area_name(area.strip())}: {describe_muster_items(muster)}"
        return f"Consolidate Power in {rules.area_name(area.strip())}"
    if verb in ("destroy", "swap"):
        if rest == "none":
            return "Destroy nothing" if verb == "destroy" else "Change nothing"
        return f"{verb.title()}: {_unit_list(rest)}"
    if verb == "rank":
        return " > ".join(rules.house_name(h).removeprefix("House ") for h in rest.split())
    if verb == "orders":
        pairs = [p.split("=", 1) for p in rest.split() if "=" in p]
        return "; ".join(f"{rules.area_name(a)}: {rules.token_name(t)}" for a, t in pairs) or "no orders"
    return action


# --- choices -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    action: str  # notation without the house
    label: str
    description: str = ""


def _choice_description(action: str, decision: dict[str, Any]) -> str:
    verb, _, rest = action.partition(" ")
    schema = decision.get("schema") or {}
    if verb == "play":
        return rules.card_details(rest.strip())
    if decision["kind"] == "retreat" and "losses" in schema:
        lost = schema["losses"].get(rest.strip())
        if lost is not None:
            return "no losses" if not lost else f"lose {lost} unit(s) on the way"
    if decision["kind"] == "support" and rest.strip() in schema.get("strength", {}):
        return f"adds {schema['strength'][rest.strip()]} strength"
    return ""


def choices(decision: dict[str, Any], extras: rules.Extras) -> list[Choice] | None:
    """The answers a decision offers as a list, when it can be one: its options, or for Consolidate Power
    and the wildlings' one-area muster, every answer built from the schema."""
    kind = decision["kind"]
    schema = decision.get("schema") or {}
    if decision.get("options") is not None:
        listed = [strip_house(o) for o in decision["options"]]
        return [Choice(a, describe(a, kind), _choice_description(a, decision)) for a in listed]
    if kind == "consolidate":
        found = []
        for area, power in sorted(schema.get("orders", {}).items()):
            found.append(
                Choice(
                    f"consolidate {area}", f"Consolidate Power in {rules.area_name(area)}", f"+{power} power"
                )
            )
            for combo in extras.musters.get(area, []):
                found.append(
                    Choice(
                        f"consolidate {area} muster {combo}",
                        f"Muster in {rules.area_name(area)}: {describe_muster_items(combo)}",
                        "instead of gaining power",
                    )
                )
        return found
    if kind == "wildling-muster":
        found = [Choice("muster none", "Muster nothing")]
        for area in sorted(extras.musters):
            for combo in extras.musters[area]:
                found.append(
                    Choice(f"muster {combo}", f"{rules.area_name(area)}: {describe_muster_items(combo)}")
                )
        return found
    return None


@dataclass(frozen=True)
class Group:
    label: str
    members: tuple[int, ...]  # indices into the choices


def group_choices(listed: list[Choice], limit: int = 25) -> list[Group] | None:
    """Too many choices for one select: group them by their first words (the area of a raven swap, of a
    consolidate order), so that a first select picks the group and a second the choice. None when no
    grouping gives at most ``limit`` groups of at most ``limit`` choices."""
    if len(listed) <= limit:
        return None
    for depth in range(2, 6):
        keyed: dict[str, list[int]] = {}
        for index, choice in enumerate(listed):
            keyed.setdefault(" ".join(choice.action.split()[:depth]), []).append(index)
        if len(keyed) <= limit and all(len(m) <= limit for m in keyed.values()):
            groups = []
            for key, members in keyed.items():
                if len(members) == 1:
                    groups.append(Group(listed[members[0]].label, (members[0],)))
                else:
                    words = " ".join(_word(w) for w in key.split()[1:])
                    groups.append(
                        Group(f"{words[:1].upper()}{words[1:]}… ({len(members)} choices)", tuple(members))
                    )
            return groups
    return None


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
            if n > 0 and (stars > 0 or not rules.token_is_special(t))
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
        placed = rules.orders_of(line) or {}
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

    def problems(self) -> list[str]:
        """What the engine would refuse, said before submitting (it still has the last word)."""
        found = []
        used = Counter(self.placed.values())
        for token, count in sorted(used.items()):
            if count > self.counts.get(token, 0):
                found.append(
                    f"{count} {rules.token_name(token)} orders, but you have {self.counts.get(token, 0)}."
                )
        specials = sum(n for t, n in used.items() if rules.token_is_special(t))
        if specials > self.stars:
            found.append(f"{specials} special orders; your King's Court position allows {self.stars}.")
        if self.may_leave_empty:
            if len(self.placed) < self.needed:
                found.append(f"Place {self.needed} orders ({len(self.placed)} so far).")
        else:
            missing = [rules.area_name(a) for a, p in zip(self.areas, self.picks, strict=True) if p is None]
            if missing:
                found.append("No order yet: " + ", ".join(missing) + ".")
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
            for kind in sorted(info["units"], key=lambda k: rules.UNIT_KINDS.index(k))
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


ENTRY_WORDS = {"move": "move in", "combat": "attack: a battle", "neutral": "attack the neutral force"}


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


def muster_plan(decision: dict[str, Any], extras: rules.Extras) -> MusterPlan:
    points = rules.muster_points(decision)
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

    def labels(self) -> list[str]:
        """``Footman in Winterfell``, numbered when the same unit appears more than once."""
        totals = Counter(self.units)
        seen: Counter[tuple[str, str]] = Counter()
        found = []
        for unit in self.units:
            seen[unit] += 1
            area, kind = unit
            text = f"{rules.unit_name(kind)} in {rules.area_name(area)}"
            found.append(f"{text} ({seen[unit]})" if totals[unit] > 1 else text)
        return found


def _pairs(listed: list[Any]) -> tuple[tuple[str, str], ...]:
    return tuple((str(area), str(kind)) for area, kind in listed)


def unit_pick(decision: dict[str, Any], extras: rules.Extras) -> UnitPick | None:
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


# --- rank --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ranking:
    houses: tuple[str, ...]
    picked: tuple[int, ...] = field(default=())

    @classmethod
    def start(cls, decision: dict[str, Any], code: str = "") -> Ranking:
        houses = tuple(decision["schema"]["houses"])
        picked = tuple(undigit(c) for c in code)
        if len(set(picked)) != len(picked) or any(i >= len(houses) for i in picked):
            raise ValueError("the ranking code does not fit this decision")
        return cls(houses, picked)

    @property
    def code(self) -> str:
        return "".join(digit(i) for i in self.picked)

    @property
    def left(self) -> list[int]:
        return [i for i in range(len(self.houses)) if i not in self.picked]

    @property
    def complete(self) -> bool:
        return len(self.picked) == len(self.houses)

    def add(self, index: int) -> Ranking:
        return replace(self, picked=(*self.picked, index))

    @property
    def line(self) -> str:
        return "rank " + " ".join(self.houses[i] for i in self.picked)
