"""A game's settings, chosen when it is created (a moderator may change deadlines later).

The table's own settings (players, how seats get their house, deadlines, reminders, what a passed deadline
does) are the same for every game; ``options`` are the game's own (Tides of Battle, for A Game of
Thrones), declared and checked by its kind (:mod:`table.kind`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from i18n import LANGUAGES, SOURCE_LANGUAGE, nsaid
from table.errors import TableError
from table.kind import HOUR, GameKind
from table.kinds import DEFAULT_GAME, kind_of

POLICIES = ("wait", "default")
MAX_SECONDS = 366 * 24 * HOUR
MAX_REMINDERS = 5
# Settings of older versions: "moderator_role" is ignored (roles are per server now); "tides_of_battle" was
# A Game of Thrones' option before games had options of their own.
RETIRED = frozenset({"moderator_role"})
ASSIGNMENTS = ("choose", "random")
# Who reads a game's diplomacy threads (table/diplomacy.py): its players alone, its players and its moderators
# without a seat, or nobody (no threads); and what becomes of them at the end: archived (read-only for their
# members), or archived and open to every member of the server who asks (/ravens).
DIPLOMACY = ("players", "moderators", "off")
DIPLOMACY_ENDS = ("archive", "open")
RESIGNED_SEATS = ("ai", "wait")  # a resigning player's seat: played by the game's best AI, or kept open
VOLUNTEERS = ("vote", "direct")  # a volunteer takes a seat nobody plays after a vote, or at once


@dataclass(frozen=True)
class GameSettings:
    """``game`` names the game (see data/games.toml); ``options`` are its own settings; ``deadlines`` are
    seconds per decision category of the game (the game's defaults for those left out); ``reminders`` are
    seconds before a deadline at which the player is reminded; ``no_move_policy`` says what a passed
    deadline does: ``wait`` for the player (the moderators are told), or apply the decision's ``default``.
    ``diplomacy`` says who reads the game's private threads (``off``: there are none) and ``diplomacy_end``
    what becomes of them when the game ends (see :mod:`table.diplomacy`). ``language`` is the language of
    what the game posts in its channel (one of :data:`i18n.LANGUAGES`; games older than it speak English).

    ``resigned_seat`` says what becomes of a seat whose player resigns (``ai``: the game's best AI plays it;
    ``wait``: it waits for a volunteer); ``volunteers`` how a volunteer takes a seat nobody plays (after a
    ``vote`` of the players, or ``direct``: at once); ``pause_when_down``, whether the time the bot was not
    running is given back to every running deadline when it starts again.

    :meth:`validate` returns the settings complete and checked: every option and every deadline present."""

    game: str = DEFAULT_GAME
    players: int = 6
    house_assignment: str = "choose"
    options: dict[str, Any] = field(default_factory=dict)
    deadlines: dict[str, int] = field(default_factory=dict)
    reminders: tuple[int, ...] = (6 * HOUR, 1 * HOUR)
    no_move_policy: str = "wait"
    diplomacy: str = "players"
    diplomacy_end: str = "archive"
    resigned_seat: str = "ai"
    volunteers: str = "vote"
    pause_when_down: bool = True
    language: str = SOURCE_LANGUAGE

    @property
    def kind(self) -> GameKind:
        return kind_of(self.game)

    def validate(self) -> GameSettings:
        if not isinstance(self.game, str):
            raise TableError("The game is named by its id.")
        kind = kind_of(self.game)
        if not isinstance(self.players, int) or self.players not in kind.players:
            low, high = kind.players[0], kind.players[-1]
            raise TableError(
                "{game} is for {low} to {high} players, not {players}.",
                game=kind.said_title,
                low=low,
                high=high,
                players=self.players,
            )
        if self.house_assignment not in ASSIGNMENTS:
            first, second = ASSIGNMENTS
            raise TableError(
                "Houses are assigned by {first} or {second}, not {value}.",
                first=first,
                second=second,
                value=repr(self.house_assignment),
            )
        if self.no_move_policy not in POLICIES:
            first, second = POLICIES
            raise TableError(
                "The no-move policy is {first} or {second}, not {value}.",
                first=first,
                second=second,
                value=repr(self.no_move_policy),
            )
        if self.diplomacy not in DIPLOMACY:
            raise TableError(
                "Diplomacy is one of {choices}, not {value}.",
                choices=", ".join(DIPLOMACY),
                value=repr(self.diplomacy),
            )
        if self.diplomacy_end not in DIPLOMACY_ENDS:
            first, second = DIPLOMACY_ENDS
            raise TableError(
                "At the end, diplomacy threads are {first} or {second}, not {value}.",
                first=first,
                second=second,
                value=repr(self.diplomacy_end),
            )
        if self.resigned_seat not in RESIGNED_SEATS:
            first, second = RESIGNED_SEATS
            raise TableError(
                "A resigned seat goes to {first} or {second}, not {value}.",
                first=first,
                second=second,
                value=repr(self.resigned_seat),
            )
        if self.volunteers not in VOLUNTEERS:
            first, second = VOLUNTEERS
            raise TableError(
                "Volunteers take a seat by {first} or {second}, not {value}.",
                first=first,
                second=second,
                value=repr(self.volunteers),
            )
        if type(self.pause_when_down) is not bool:
            raise TableError("Whether deadlines stop while the bot is down is true or false.")
        if self.language not in LANGUAGES:
            raise TableError(
                "A game speaks one of {languages}, not {value}.",
                languages=", ".join(LANGUAGES),
                value=repr(self.language),
            )
        if not isinstance(self.options, dict):
            raise TableError("The game's options are a table of values.")
        options = kind.check_options(self.options)
        unknown = set(self.deadlines) - set(kind.deadlines)
        if unknown:
            raise TableError(
                "Deadline categories of {game} are {categories}, not {value}.",
                game=kind.said_title,
                categories=", ".join(kind.deadlines),
                value=", ".join(sorted(map(str, unknown)))[:80],
            )
        deadlines = {name: int(self.deadlines.get(name, default)) for name, default in kind.deadlines.items()}
        if any(seconds < 60 for seconds in deadlines.values()):
            raise TableError("A deadline must be at least one minute.")
        if any(seconds > MAX_SECONDS for seconds in deadlines.values()):
            raise TableError("A deadline is at most a year away.")
        if len(self.reminders) > MAX_REMINDERS:
            raise TableError(
                nsaid(
                    "A decision gets at most {count} reminder.",
                    "A decision gets at most {count} reminders.",
                    MAX_REMINDERS,
                )
            )
        if any(not 0 < seconds <= MAX_SECONDS for seconds in self.reminders):
            raise TableError("Reminders are given a positive time before the deadline.")
        reminders = tuple(sorted(set(self.reminders), reverse=True))  # the earliest first, each once
        return replace(self, options=options, deadlines=deadlines, reminders=reminders)

    def with_deadline(self, category: str, seconds: int) -> GameSettings:
        categories = list(self.kind.deadlines)
        if category not in categories:
            raise TableError(
                "Deadline categories are {categories}, not {value}.",
                categories=", ".join(categories),
                value=repr(category),
            )
        return replace(self, deadlines={**self.deadlines, category: seconds}).validate()

    def with_language(self, language: str) -> GameSettings:
        return replace(self, language=language).validate()

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["reminders"] = list(self.reminders)
        return data

    @classmethod
    def from_json(cls, data: Any) -> GameSettings:
        """Settings read back (from the database or a game export), checked; anything malformed is a
        TableError. Settings written before games had options are read as A Game of Thrones'."""
        if not isinstance(data, dict):
            raise TableError("The settings are not a table of values.")
        values = {k: v for k, v in data.items() if k not in RETIRED}
        if "tides_of_battle" in values:
            values["options"] = {
                **(values.get("options") or {}),
                "tides_of_battle": values.pop("tides_of_battle"),
            }
        unknown = set(values) - set(cls.__dataclass_fields__)
        if unknown:
            raise TableError("Unknown settings: {names}.", names=", ".join(sorted(map(str, unknown)))[:200])
        for name, kind in (
            ("players", int),
            ("house_assignment", str),
            ("no_move_policy", str),
            ("game", str),
            ("diplomacy", str),
            ("diplomacy_end", str),
            ("resigned_seat", str),
            ("volunteers", str),
            ("pause_when_down", bool),
            ("language", str),
        ):
            if name in values and (type(values[name]) is not kind):
                raise TableError("The setting {name} has the wrong type.", name=name)
        if "reminders" in values:
            reminders = values["reminders"]
            if not isinstance(reminders, list) or not all(_seconds(r) for r in reminders):
                raise TableError("The reminders are not a list of seconds.")
            values["reminders"] = tuple(int(r) for r in reminders)
        if "deadlines" in values:
            deadlines = values["deadlines"]
            if not isinstance(deadlines, dict) or not all(_seconds(v) for v in deadlines.values()):
                raise TableError("The deadlines are not seconds per category.")
            values["deadlines"] = {k: int(v) for k, v in deadlines.items()}
        return cls(**values).validate()


def _seconds(value: Any) -> bool:
    return type(value) in (int, float) and 0 <= value <= MAX_SECONDS
