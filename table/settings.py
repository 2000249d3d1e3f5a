"""A game's settings, chosen when it is created (a moderator may change deadlines later)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from table.errors import TableError

HOUR = 3600
CATEGORIES = ("orders", "bids", "cards", "other")
_CATEGORY_OF_KIND = {
    "orders": "orders",
    "bid": "bids",
    "house-card": "cards",
    "replace-card": "cards",
    "tides-redraw": "cards",
}
POLICIES = ("wait", "default")
MAX_SECONDS = 366 * 24 * HOUR
MAX_REMINDERS = 5
RETIRED = frozenset({"moderator_role"})  # settings of older versions, now ignored (roles are per server)
ASSIGNMENTS = ("choose", "random")


def category(decision_kind: str) -> str:
    """The deadline category of an engine decision kind."""
    return _CATEGORY_OF_KIND.get(decision_kind, "other")


def _default_deadlines() -> dict[str, int]:
    return {"orders": 24 * HOUR, "bids": 12 * HOUR, "cards": 12 * HOUR, "other": 12 * HOUR}


@dataclass(frozen=True)
class GameSettings:
    """``deadlines`` are seconds per decision category; ``reminders`` are seconds before a deadline at which
    the player is reminded; ``no_move_policy`` says what a passed deadline does: ``wait`` for the player
    (the moderators are told), or apply the decision's ``default``."""

    players: int = 6
    house_assignment: str = "choose"
    tides_of_battle: bool = False
    deadlines: dict[str, int] = field(default_factory=_default_deadlines)
    reminders: tuple[int, ...] = (6 * HOUR, 1 * HOUR)
    no_move_policy: str = "wait"

    def validate(self) -> GameSettings:
        if not isinstance(self.players, int) or not 3 <= self.players <= 6:
            raise TableError(f"A game is for 3 to 6 players, not {self.players}.")
        if self.house_assignment not in ASSIGNMENTS:
            raise TableError(
                f"Houses are assigned by {' or '.join(ASSIGNMENTS)}, not {self.house_assignment!r}."
            )
        if self.no_move_policy not in POLICIES:
            raise TableError(f"The no-move policy is {' or '.join(POLICIES)}, not {self.no_move_policy!r}.")
        if set(self.deadlines) != set(CATEGORIES):
            raise TableError(f"Deadlines are needed for {', '.join(CATEGORIES)}.")
        if any(seconds < 60 for seconds in self.deadlines.values()):
            raise TableError("A deadline must be at least one minute.")
        if any(seconds > MAX_SECONDS for seconds in self.deadlines.values()):
            raise TableError("A deadline is at most a year away.")
        if not isinstance(self.tides_of_battle, bool):
            raise TableError("Tides of Battle is on or off.")
        if len(self.reminders) > MAX_REMINDERS:
            raise TableError(f"A decision gets at most {MAX_REMINDERS} reminders.")
        if any(not 0 < seconds <= MAX_SECONDS for seconds in self.reminders):
            raise TableError("Reminders are given a positive time before the deadline.")
        return self

    def with_deadline(self, kind: str, seconds: int) -> GameSettings:
        if kind not in CATEGORIES:
            raise TableError(f"Deadline categories are {', '.join(CATEGORIES)}, not {kind!r}.")
        return replace(self, deadlines={**self.deadlines, kind: seconds}).validate()

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["reminders"] = list(self.reminders)
        return data

    @classmethod
    def from_json(cls, data: Any) -> GameSettings:
        """Settings read back (from the database or a game export): anything malformed is a TableError."""
        if not isinstance(data, dict):
            raise TableError("The settings are not a table of values.")
        values = {k: v for k, v in data.items() if k not in RETIRED}
        unknown = set(values) - set(cls.__dataclass_fields__)
        if unknown:
            raise TableError(f"Unknown settings: {', '.join(sorted(map(str, unknown)))[:200]}.")
        for name, kind in (("players", int), ("house_assignment", str), ("no_move_policy", str)):
            if name in values and (type(values[name]) is not kind):
                raise TableError(f"The setting {name} has the wrong type.")
        if "reminders" in values:
            reminders = values["reminders"]
            if not isinstance(reminders, list) or not all(_seconds(r) for r in reminders):
                raise TableError("The reminders are not a list of seconds.")
            values["reminders"] = tuple(int(r) for r in reminders)
        if "deadlines" in values:
            deadlines = values["deadlines"]
            if not isinstance(deadlines, dict) or not all(_seconds(v) for v in deadlines.values()):
                raise TableError("The deadlines are not seconds per category.")
            values["deadlines"] = {**_default_deadlines(), **{k: int(v) for k, v in deadlines.items()}}
        return cls(**values).validate()


def _seconds(value: Any) -> bool:
    return type(value) in (int, float) and 0 <= value <= MAX_SECONDS
