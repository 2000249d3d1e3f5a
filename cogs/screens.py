"""A game's part in the bot: what the shared machinery (prompts, autocomplete, embeds, /game help) asks of
a game, and nothing more.

The shared prompt machinery (:mod:`cogs.prompts`) draws any decision whose answers are listed: a select
of choices (grouped when there are more than 25), and a "Type the answer" button with its modal on every
prompt; it handles custom ids, pages and stale clicks. A game gives it names and words (houses, decision
kinds, answers), labels for the listed answers, and its own screens for the decisions whose answers are
combinatorial (A Game of Thrones: orders for every area, a march split, a muster plan). A game's screens
live in its own package (``cogs/thrones/``) and are found through :func:`screens_of`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from data.games import game

if TYPE_CHECKING:
    from cogs.ids import CustomId
    from cogs.prompts import Layout, Reaction, Screen
    from table.session import Session


@dataclass(frozen=True)
class Choice:
    """A listed answer: its notation (without the house), how a person reads it, and a hint."""

    action: str
    label: str
    description: str = ""


class GameScreens:
    """A game in the bot. Subclasses override what their game needs; the defaults suit a game whose
    decisions all list their answers."""

    id: str = ""

    # --- names and words --------------------------------------------------------------------------------

    def seat_name(self, seat: str) -> str:
        return f"House {seat.title()}"

    def seat_colour(self, seat: str) -> int | None:
        return None

    def kind_title(self, kind: str) -> str:
        """The title of a decision kind ("Place your orders")."""
        return kind.replace("-", " ").capitalize()

    def describe(self, line: str, kind: str | None = None) -> str:
        """An answer (notation, with or without ``house:``) in a person's words."""
        text = line.partition(":")[2].strip() if ":" in line.split(" ", 1)[0] else line.strip()
        return text.replace("-", " ")

    def choices(self, decision: dict[str, Any], extras: Any) -> list[Choice] | None:
        """The answers a decision offers as a list, when it can be one (its options, labelled)."""
        if decision.get("options") is None:
            return None
        listed = [o.split(":", 1)[1].strip() for o in decision["options"]]
        return [Choice(action, self.describe(action, decision["kind"])) for action in listed]

    def group_word(self, word: str) -> str:
        """A word of notation as a group's label shows it (when many choices are grouped by first words)."""
        return word.replace("-", " ")

    # --- screens of the game's own ----------------------------------------------------------------------

    def first_screen(self, payload: dict[str, Any]) -> Screen | None:
        """The first screen of a decision the game draws itself, or None."""
        return None

    def build(
        self, payload: dict[str, Any], extras: Any, layout: Layout, screen: Screen
    ) -> list[str] | None:
        """Draw ``screen`` of the decision into ``layout`` and return the lines of the prompt's body, or
        None when the shared machinery is to draw it (listed choices)."""
        return None

    def react(
        self, payload: dict[str, Any], extras: Any, cid: CustomId, values: list[str]
    ) -> Reaction | None:
        """What a click on one of the game's own components does, or None if the op is not the game's.
        Raise ValueError for a click that does not fit the decision (treated as a stale prompt)."""
        return None

    def typed_prefill(self, payload: dict[str, Any], extras: Any, args: tuple[str, ...]) -> str | None:
        """The draft a screen shows, as notation, to start the typed answer from (None: the default)."""
        return None

    def answer_screen(self, payload: dict[str, Any], answer: str | None) -> Screen | None:
        """The screen showing a secret answer already given (so it can be changed), or None."""
        return None

    # --- notation, help and looking ---------------------------------------------------------------------

    def help(self) -> str:
        """The game's part of /game help: its notation, in a few lines."""
        return ""

    def complete_line(self, text: str, decision: dict[str, Any] | None) -> list[str]:
        """Suggestions for a notation line typed so far (at most 25, each at most 100 characters)."""
        if decision is None:
            return []
        answers = [decision["default"], *(decision.get("options") or [])]
        lines = [a.split(":", 1)[1].strip() for a in answers]
        return [line for line in dict.fromkeys(lines) if line.startswith(text.strip())][:25]

    def status_fields(self, session: Session) -> list[tuple[str, str]]:
        """The game's own fields of the /game status embed (name, value), read from the public view."""
        return []

    def cards_embed(self, session: Session, seat: str | None) -> discord.Embed | None:
        """The /game cards embed (None: this game has no cards to show)."""
        return None


def screens_of(game_id: str) -> GameScreens:
    """A game's screens (named in data/games.toml); raises data.games.UnknownGame."""
    found: GameScreens = game(game_id).load("bot")
    return found
