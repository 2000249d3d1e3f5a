"""A game export read back: every field checked, bounded and typed before anything is replayed or
written, so a hostile or damaged file gets a clear refusal and leaves nothing behind.

An export (``/mod export``) is ``{"format": "maester-game", "version": 1, "name", "settings", "seed",
"seats", "actions": [{"notation", "forced"}], "position"}``; the position is optional and, when given,
must be what the actions replay to.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.game import Game
from i18n import Said, said, translator
from table.errors import TableError
from table.settings import GameSettings
from table.text import MAX_LINE, MAX_NAME, clean

EXPORT_FORMAT = "maester-game"
MAX_BYTES = 4 * 1024 * 1024  # a finished 6-player game exports to a few hundred kilobytes
MAX_ACTIONS = 10_000  # a whole 10-round game takes well under 2,000
FORCED = (None, "moderator", "deadline", "ai")
SEAT_KEYS = {"user_id", "name", "house", "ai"}


@dataclass(frozen=True)
class ImportPlan:
    name: str
    settings: GameSettings
    seed: int
    seats: list[dict[str, Any]]
    actions: list[tuple[str, str | None]]  # (notation line, why it was forced)
    position: dict[str, Any] | None


def _require(condition: bool, message: Said) -> None:
    """A refusal of the export unless ``condition``: ``message`` says what is wrong with it."""
    if not condition:
        raise TableError(message)


def validate(data: Any) -> ImportPlan:
    """Check the export's shape, types and bounds (nothing is replayed yet)."""
    _require(
        isinstance(data, dict), said("That is not a usable Maester game export: it is not a JSON object.")
    )
    _require(
        data.get("format") == EXPORT_FORMAT and data.get("version") == 1,
        said("That is not a usable Maester game export: its format is not known."),
    )
    name = data.get("name", "")
    _require(isinstance(name, str), said("That is not a usable Maester game export: its name is not text."))
    settings = GameSettings.from_json(data.get("settings"))
    seed = data.get("seed")
    _require(
        type(seed) is int and 0 <= seed < 2**63,
        said("That is not a usable Maester game export: its seed is not a whole number."),
    )
    seats = data.get("seats")
    _require(
        isinstance(seats, list) and len(seats) == settings.players,
        said("That is not a usable Maester game export: its seats do not fit its players."),
    )
    kind = settings.kind
    houses = kind.seats(settings.players)
    checked_seats = []
    for seat in seats:
        _require(
            isinstance(seat, dict) and set(seat) == SEAT_KEYS,
            said("That is not a usable Maester game export: a seat is malformed."),
        )
        user_id, house, ai = seat["user_id"], seat["house"], seat["ai"]
        _require(
            user_id is None or (type(user_id) is int and 0 < user_id < 2**63),
            said("That is not a usable Maester game export: a seat's person is malformed."),
        )
        _require(
            house in houses,
            said("That is not a usable Maester game export: a seat's house does not play in this game."),
        )
        _require(
            ai is None or ai in kind.ai_styles,
            said("That is not a usable Maester game export: a seat's AI is not known."),
        )
        _require(
            isinstance(seat["name"], str),
            said("That is not a usable Maester game export: a seat's name is not text."),
        )
        checked_seats.append(
            {
                "user_id": user_id,
                "name": clean(seat["name"], limit=MAX_NAME, what="A seat's name"),
                "house": house,
                "ai": ai,
            }
        )
    _require(
        len({s["house"] for s in checked_seats}) == len(checked_seats),
        said("That is not a usable Maester game export: two seats hold one house."),
    )
    actions = data.get("actions")
    _require(
        isinstance(actions, list),
        said("That is not a usable Maester game export: its actions are not a list."),
    )
    _require(
        len(actions) <= MAX_ACTIONS,
        said(
            "That is not a usable Maester game export: it has more than {count} actions.", count=MAX_ACTIONS
        ),
    )
    lines: list[tuple[str, str | None]] = []
    for number, entry in enumerate(actions, start=1):
        _require(
            isinstance(entry, dict),
            said("That is not a usable Maester game export: action {number} is malformed.", number=number),
        )
        line, forced = entry.get("notation"), entry.get("forced")
        _require(
            isinstance(line, str) and 0 < len(line) <= MAX_LINE,
            said(
                "That is not a usable Maester game export: action {number} is not a notation line.",
                number=number,
            ),
        )
        _require(
            forced in FORCED,
            said(
                "That is not a usable Maester game export: action {number} has an unknown reason for being "
                "forced.",
                number=number,
            ),
        )
        try:
            house, _ = kind.engine.parse_line(line)
        except IllegalAction as error:
            raise TableError(
                "The export does not replay: action {number}: {error}", number=number, error=error
            ) from None
        _require(
            house in houses,
            said(
                "That is not a usable Maester game export: action {number} is by a house that does not play.",
                number=number,
            ),
        )
        lines.append((line, forced))
    position = data.get("position")
    _require(
        position is None or isinstance(position, dict),
        said("That is not a usable Maester game export: its position is malformed."),
    )
    count = settings.players
    default = translator(settings.language).ngettext(
        "{count}-player game", "{count}-player game", count, count=count
    )
    name = clean(name, limit=MAX_NAME, what="A game's name") or default
    return ImportPlan(name, settings, seed, checked_seats, lines, position)


def replay(plan: ImportPlan) -> Game:
    """The game the plan's actions make. Pure and possibly slow: run it off the event loop. Raises
    TableError (naming the action, and why in the reader's language) when it does not replay or does not
    reach the claimed position, IllegalAction if the game cannot be set up."""
    game = plan.settings.kind.new_game(plan.settings.players, plan.seed, plan.settings.options)
    for number, (line, _) in enumerate(plan.actions, start=1):
        try:
            game.apply_line(line)
        except IllegalAction as error:
            raise TableError(
                "The export does not replay: action {number}: {error}", number=number, error=error
            ) from None
    if plan.position is not None and game.upgrade_position(plan.position) != game.to_position():
        raise TableError("The export does not reach the position it claims.")
    return game
