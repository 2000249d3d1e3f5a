"""What the table needs to know of a game, and nothing more: its kind.

The table runs any game through its kind: which seats play at each player count, the game's own options
and how to check them, how to build a game (from settings and a seed, or from a position), the deadline
category of each decision, which events call for a board, the AI styles, what a prompt needs beyond the
decision (its "extras"), how to word its events in each language, and how to name seats and phases. A
game's kind lives in its own package (``table/thrones/`` for A Game of Thrones) and is found through
:mod:`table.kinds`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core.decisions import Decision, Event
from engine.core.errors import IllegalAction
from engine.core.game import Game, Readout
from engine.core.random_player import random_action
from engine.core.rng import Rng
from i18n import SOURCE_LANGUAGE, Localized, Translator, psaid, translator
from table.errors import TableError

HOUR = 3600


@dataclass(frozen=True)
class Option:
    """A game's own setting, chosen when a game is created: on/off (a bool default), a number (an int
    default) or one of ``choices`` (a str default). ``label`` names it shortly ("Tides of Battle"),
    ``description`` says what it does."""

    name: str
    label: str
    description: str
    default: bool | int | str
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 0

    def shown(self, value: Any, words: Translator | None = None) -> str:
        """The option's value in a few words: "Tides of Battle", "no Tides of Battle", "Rounds: 8"; in the
        language of ``words`` (English by default)."""
        words = words or translator(SOURCE_LANGUAGE)
        label = words.pgettext("game option", self.label)
        if isinstance(self.default, bool):
            return label if value else words.gettext("no {option}", option=label)
        return words.gettext("{option}: {value}", option=label, value=value)

    def check(self, value: Any) -> bool | int | str:
        """The value, checked against the option's type and bounds; raises TableError."""
        if isinstance(self.default, bool):
            if value is True or value is False:
                return value
            raise TableError("The option {option} is on or off (true or false).", option=self.name)
        if isinstance(self.default, int):
            if type(value) is int and self.minimum <= value <= self.maximum:
                return value
            raise TableError(
                "The option {option} is a whole number from {low} to {high}.",
                option=self.name,
                low=self.minimum,
                high=self.maximum,
            )
        if isinstance(value, str) and value in self.choices:
            return value
        raise TableError(
            "The option {option} is one of {choices}.", option=self.name, choices=", ".join(self.choices)
        )


class GameKind:
    """A game, as the table sees it. Subclasses set the class attributes and :meth:`seats`, and override
    the rest where the defaults do not fit."""

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    engine: ClassVar[type[Game]]
    # Deadline categories, in the order a person reads them, each with its default time in seconds; every
    # decision kind falls into one (see :meth:`category`), the last one being the catch-all.
    deadlines: ClassVar[Mapping[str, int]] = {"turn": 24 * HOUR, "other": 12 * HOUR}
    options: ClassVar[tuple[Option, ...]] = ()
    board_events: ClassVar[frozenset[str]] = frozenset({"phase", "game-over"})
    ai_styles: ClassVar[tuple[str, ...]] = ("random",)

    @property
    def players(self) -> range:
        """The player counts the game is for (its engine says)."""
        return self.engine.PLAYERS

    def seats(self, players: int) -> tuple[str, ...]:
        """The seats (houses) that play in a game of ``players``."""
        raise NotImplementedError

    def category(self, decision_kind: str) -> str:
        """The deadline category of an engine decision kind."""
        return list(self.deadlines)[-1]

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The game's options, every one present and checked; raises TableError."""
        known = {option.name: option for option in self.options}
        unknown = [str(name) for name in options if name not in known]
        if unknown:
            named = ", ".join(sorted(unknown))[:80]
            if not known:
                raise TableError(
                    "{game} has no option {option} (it has none).", game=self.said_title, option=named
                )
            raise TableError(
                "{game} has no option {option} (it has: {options}).",
                game=self.said_title,
                option=named,
                options=", ".join(known),
            )
        return {name: option.check(options.get(name, option.default)) for name, option in known.items()}

    def new_game(self, players: int, seed: int, options: Mapping[str, Any]) -> Game:
        return self.engine.setup(players, seed, options)

    def load_game(self, position: dict[str, Any]) -> Game:
        return self.engine.from_position(position)

    def choose(self, game: Game, decision: Decision, style: str, rng: Rng) -> Any:
        """The answer an AI seat of ``style`` gives."""
        if style == "random":
            return random_action(game, decision, rng)
        raise TableError(
            "AI players of {game} are {styles}.", game=self.said_title, styles=", ".join(self.ai_styles)
        )

    def extras(self, game: Game, decision: dict[str, Any]) -> Any:
        """What a prompt for ``decision`` (its JSON payload) needs beyond it, read from the game: the
        game's screens in the bot know what to do with it. Public facts only."""
        return None

    def tell(self, event: Event, language: str) -> str:
        """An event in words, in ``language``: what the channel, the chronicle and a private message say
        of it. By default the engine's own English text; a game words its events in every language by
        overriding this (from the event's kind and data)."""
        return event.text

    def reports(
        self, game: Game, events: list[Event], language: str = SOURCE_LANGUAGE
    ) -> list[dict[str, Any]]:
        """Notable moments among a step's public events, each told in the channel on its own (a battle
        and its breakdown): JSON-native payloads the game's screens in the bot draw, with ``report``
        naming what it is and, where a close-up image helps, ``focus`` (the renderer's close-up of it)
        and ``view`` (a spectator's view); any words in them in ``language``. None by default."""
        return []

    def report_markdown(self, report: dict[str, Any]) -> list[str]:
        """The end-of-game report (see :func:`table.outbox.report_item`) as Markdown lines, for files
        such as the demo's ``report.md``; the bot draws it with the game's screens instead. None by
        default, as games keep no report by default."""
        return []

    @property
    def said_title(self) -> Localized:
        """The game's title in a message, in the language it is read in."""
        return psaid("game title", self.title)

    def seat_name(self, seat: str) -> str:
        return f"House {seat.title()}"

    def named_seat(self, seat: str) -> str | Localized:
        """A seat's name in a message, in the language it is read in (the English name unless the game
        names its seats in every language)."""
        return self.seat_name(seat)

    def refusal(self, error: IllegalAction) -> TableError:
        """The refusal of an action or a line of notation the engine would not take, worded for its reader:
        the engine's own message, said in the reader's language (a game may word some errors again)."""
        return TableError(error)

    def decision_title(self, kind: str) -> str | Localized:
        """A decision kind's title in a message ("Place your orders"), in the language it is read in: by
        default its engine name, in English."""
        return kind.replace("-", " ").capitalize()

    def board_title(self, readout: Readout, language: str = SOURCE_LANGUAGE) -> str:
        """A board's title, and the live log's, in ``language``: the round and the phase. A game names its
        phases in every language by overriding this; by default their engine names are kept."""
        words = translator(language)
        if readout.over:
            return words.gettext("The game is over")
        phase = readout.phase.capitalize()
        if readout.round is None:
            # Translators: a board's title; {phase} is the phase's name in English, as the game calls it.
            return words.gettext("{phase} phase", phase=phase)
        # Translators: a board's title; {phase} is the phase's name in English, as the game calls it.
        return words.gettext("Round {round}: {phase} phase", round=readout.round, phase=phase)
