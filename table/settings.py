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
    moderator_role: str | None = None

    def validate(self) -> GameSettings:
        if not 3 <= self.players <= 6:
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
        if any(seconds <= 0 for seconds in self.reminders):
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
    def from_json(cls, data: dict[str, Any]) -> GameSettings:
        known = set(cls.__dataclass_fields__)
        unknown = set(data) - known
        if unknown:
            raise TableError(f"Unknown settings: {', '.join(sorted(unknown))}.")
        values = dict(data)
        if "reminders" in values:
            values["reminders"] = tuple(int(s) for s in values["reminders"])
        if "deadlines" in values:
            values["deadlines"] = {
                **_default_deadlines(),
                **{k: int(v) for k, v in values["deadlines"].items()},
            }
        return cls(**values).validate()
