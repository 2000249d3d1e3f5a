"""A game's part in the bot: what the shared machinery (prompts, autocomplete, embeds, /game help) asks of
a game, and nothing more.

The shared prompt machinery (:mod:`cogs.prompts`) draws the decisions whose answers fit a generic screen:
listed choices (a select, grouped when there are more than 25), "pick N of these" (a multi-select), and
"order these" (a ranking); it puts a "Type the answer" button with its modal on every prompt, and handles
custom ids, pages and stale clicks. A game gives it names and words (seats, decision kinds, answers), says
which generic screen suits each decision (:meth:`GameScreens.choices`, :meth:`~GameScreens.pick`,
:meth:`~GameScreens.ranking`), and draws its own screens for the decisions no generic one suits (A Game
of Thrones: orders for every area, a march split, a muster plan). A game's screens live in its own package
(``cogs/thrones/``) and are found through :func:`screens_of`, or :func:`screens_for` a payload.

A game may also keep a rules reference (:meth:`GameScreens.reference_topics`, shown by ``/rules``) and
explain each decision behind the "What can I do here?" button of its prompts
(:meth:`GameScreens.decision_help`).

A screen is a pure function of the decision's payload, the game's prompt extras (see
:meth:`table.kind.GameKind.extras`) and a :class:`Screen` (an op and its args, from a custom id): no prompt
lives in memory, so a click is handled the same after a restart.

Prompts speak their reader's language: the payload carries it (:func:`payload_language`), and every word a
game gives the shared machinery (names, titles, answers in words, the question itself:
:meth:`GameScreens.question`) is asked for in a language. What is submitted stays the game's notation.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from data.games import game
from i18n import LANGUAGES, SOURCE_LANGUAGE, translator
from table.kinds import DEFAULT_GAME
from table.text import MAX_LINE

if TYPE_CHECKING:
    import discord

    from cogs.ids import CustomId
    from cogs.layout import Layout
    from engine.core.game import Readout

MAX_SUGGESTIONS = 25  # autocomplete choices Discord shows
MAX_SUGGESTION = 100  # characters in one


# --- what screens draw and what clicks do ---------------------------------------------------------------


@dataclass(frozen=True)
class Screen:
    """Which screen of a prompt to draw: ``op`` is a showing op and ``args`` its state; ``Screen()`` is the
    decision's first screen."""

    op: str = ""
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Show:
    screen: Screen


@dataclass(frozen=True)
class Submit:
    line: str  # notation without the house


@dataclass(frozen=True)
class OpenModal:
    prefill: str


Reaction = Show | Submit | OpenModal


# --- the generic screens a game may ask for ------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """A listed answer: its notation (without the house), how a person reads it, and a hint."""

    action: str
    label: str
    description: str = ""


@dataclass(frozen=True)
class Pick:
    """Pick between ``low`` and ``high`` of ``labels`` (units to lose, say); ``placeholder`` says so in the
    reader's words ("Choose 2 units to destroy"), and ``line`` turns the chosen indices into the answer."""

    labels: tuple[str, ...]
    low: int
    high: int
    placeholder: str
    line: Callable[[list[int]], str]


@dataclass(frozen=True)
class Ranking:
    """Put every one of ``items`` in order, best first, each shown by its label; ``line`` turns the items in
    that order into the answer. (A tie settled by ranking seats, in A Game of Thrones.)"""

    items: tuple[str, ...]
    labels: tuple[str, ...]
    line: Callable[[list[str]], str]


@dataclass(frozen=True)
class Status:
    """A game's part of /game status: a summary ("Round 3 of 10, action phase") and fields (name, value,
    inline), read from the spectator's view."""

    summary: str
    fields: tuple[tuple[str, str, bool], ...] = ()


@dataclass(frozen=True)
class Entry:
    """One entry of a game's rules reference: ``key`` finds it again (at most 100 characters), ``name`` is
    what people call it, ``detail`` tells it apart among the suggestions ("House Stark, 4"), and
    ``aliases`` are other names it answers to (the notation of an order token)."""

    key: str
    name: str
    detail: str = ""
    aliases: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return f"{self.name} ({self.detail})" if self.detail else self.name


def strip_house(line: str) -> str:
    """``stark: bid 2`` -> ``bid 2``: a notation line without its seat."""
    head, sep, rest = line.partition(":")
    return rest.strip() if sep and " " not in head.strip() else line.strip()


def plain_word(word: str) -> str:
    return word.replace("-", " ")


def payload_language(payload: dict[str, Any]) -> str:
    """The language a prompt payload is drawn in: its reader's; English for a payload stored before
    prompts had one."""
    language = payload.get("language")
    return language if language in LANGUAGES else SOURCE_LANGUAGE


def answer_lines(
    decision: dict[str, Any], describe: Callable[[str], str], language: str = SOURCE_LANGUAGE, shown: int = 12
) -> list[str]:
    """The part of a decision's help every game shares: its listed answers in notation, each as a person
    reads it (the first ``shown``), an example, and the ways to answer."""
    words = translator(language)
    listed = [strip_house(o) for o in decision.get("options") or []]
    lines = []
    if listed:
        lines.append(words.gettext("**Your answers**, in notation:"))
        for answer in listed[:shown]:
            read = describe(answer)
            same = read.lower() == plain_word(answer).lower()
            lines.append(f"`{answer}`" if same else f"`{answer}`: {read}")
        if len(listed) > shown:
            more = len(listed) - shown
            lines.append(
                words.ngettext(
                    "… and {count} more (the menu lists them all).",
                    "… and {count} more (the menu lists them all).",
                    more,
                    count=more,
                )
            )
    example = strip_house(decision["default"])
    lines.append(words.gettext("**Example**: `{example}` (the suggested answer).", example=example))
    lines.append(
        words.gettext(
            "Answer with the menu, the **{button}** button, or `{command}`.",
            button=words.gettext("Type the answer"),
            command=words.command("game act"),
        )
    )
    return lines


class GameScreens:
    """A game in the bot. Subclasses override what their game needs; the defaults suit a game whose
    decisions all list their answers."""

    id: str = ""
    # What /game cards shows ("house cards"); None for a game without cards.
    cards_word: str | None = None

    # --- names and words --------------------------------------------------------------------------------

    def seat_name(self, seat: str, language: str = SOURCE_LANGUAGE) -> str:
        return translator(language).gettext("House {name}", name=seat.title())

    def seat_colour(self, seat: str) -> int | None:
        return None

    def phase_colour(self, phase: str) -> int | None:
        """The colour of boards and the status in a phase (None: grey)."""
        return None

    def kind_title(self, kind: str, language: str = SOURCE_LANGUAGE) -> str:
        """The title of a decision kind ("Place your orders"), in ``language``."""
        return kind.replace("-", " ").capitalize()

    def question(self, decision: dict[str, Any], language: str = SOURCE_LANGUAGE) -> str:
        """What a decision asks, in ``language``. By default the engine's own words (its ``prompt``, in
        English); a game words each kind of decision from its ``data`` (see
        :class:`engine.core.decisions.Decision`)."""
        return str(decision["prompt"])

    def describe(self, line: str, kind: str | None = None, language: str = SOURCE_LANGUAGE) -> str:
        """An answer (notation, with or without ``house:``) in a person's words."""
        return plain_word(strip_house(line))

    def group_word(self, word: str, language: str = SOURCE_LANGUAGE) -> str:
        """A word of notation as a group's label shows it (when many choices are grouped by first words)."""
        return plain_word(word)

    def winner_line(self, seat: str, language: str = SOURCE_LANGUAGE) -> str:
        """The line announcing the winner of a game, in ``language``."""
        return translator(language).gettext("👑 **{house}** wins.", house=self.seat_name(seat, language))

    def cards_title(self, language: str = SOURCE_LANGUAGE) -> str | None:
        """What /game cards shows, in ``language`` ("house cards"); None for a game without cards."""
        return self.cards_word

    # --- which generic screen suits a decision ------------------------------------------------------------

    def choices(
        self, decision: dict[str, Any], extras: Any, language: str = SOURCE_LANGUAGE
    ) -> list[Choice] | None:
        """The answers a decision offers as a list, when it can be one (its options, labelled)."""
        if decision.get("options") is None:
            return None
        listed = [strip_house(o) for o in decision["options"]]
        return [Choice(action, self.describe(action, decision["kind"], language)) for action in listed]

    def pick(self, decision: dict[str, Any], extras: Any, language: str = SOURCE_LANGUAGE) -> Pick | None:
        """The "pick N of these" a decision is, if it is one (asked before :meth:`choices`)."""
        return None

    def ranking(
        self, decision: dict[str, Any], extras: Any, language: str = SOURCE_LANGUAGE
    ) -> Ranking | None:
        """The "order these" a decision is, if it is one (asked before :meth:`pick`)."""
        return None

    # --- screens of the game's own ----------------------------------------------------------------------

    def first_screen(self, payload: dict[str, Any]) -> Screen | None:
        """The first screen of a decision the game draws itself, or None."""
        return None

    def build(self, payload: dict[str, Any], extras: Any, layout: Layout, screen: Screen) -> list[str] | None:
        """Draw ``screen`` of the decision into ``layout`` and return the lines of the prompt's body, or
        None when the decision is the shared machinery's to draw."""
        return None

    def react(
        self, payload: dict[str, Any], extras: Any, cid: CustomId, values: list[str]
    ) -> Reaction | None:
        """What a click on one of the game's own components does, or None if the op is not the game's.
        Raise ValueError for a click that does not fit the decision (treated as a stale prompt). The
        shared ops (see :mod:`cogs.prompts`) never reach a game."""
        return None

    def typed_prefill(self, payload: dict[str, Any], extras: Any, args: tuple[str, ...]) -> str | None:
        """The draft a game's screen shows (named by the "Type the answer" button's args), as notation, to
        start the typed answer from (None: the decision's default). A first arg ``r`` is the shared
        ranking's, and never reaches a game."""
        return None

    def answer_screen(self, payload: dict[str, Any], answer: str | None) -> Screen | None:
        """The screen showing a secret answer already given (so it can be changed), or None."""
        return None

    # --- notation, help and looking ---------------------------------------------------------------------

    def help(self, language: str = SOURCE_LANGUAGE) -> str:
        """The game's part of /game help: its notation, in a few lines, in ``language``."""
        return ""

    def verbs(self) -> tuple[str, ...]:
        """The first words of the game's notation lines, for completing a line."""
        return ()

    def next_words(
        self, verb: str, words: list[str], last: str, decision: dict[str, Any] | None
    ) -> list[str]:
        """Words that may come after ``verb`` and the finished ``words`` (``last`` is the word being typed),
        for completing a line; the decision is the person's, when there is one."""
        return []

    def localized_word(self, word: str, language: str) -> str:
        """A word of notation as a reader of ``language`` names the thing it is (an area's id, its name)."""
        return word

    def localized_line(self, line: str, language: str) -> str:
        """A notation line with its words as a reader of ``language`` names them: what an autocomplete
        suggestion shows, its value staying the line itself."""
        return " ".join(self.localized_word(word, language) for word in line.split(" "))

    def complete_line(
        self, text: str, decision: dict[str, Any] | None, language: str = SOURCE_LANGUAGE
    ) -> list[str]:
        """Suggestions for a notation line typed so far: whole answers of the decision that start with it,
        then the line with its last word completed (at most 25, each at most 100 characters). The last word
        may be typed as the notation writes it or as a reader of ``language`` names it ("invern" for
        ``winterfell`` in Spanish); the suggestions are notation."""
        typed = text.lstrip()[:MAX_LINE]
        found: list[str] = []

        def add(candidate: str) -> None:
            if candidate and len(candidate) <= MAX_SUGGESTION and candidate not in found:
                found.append(candidate)

        if decision is not None:
            answers = [
                strip_house(decision["default"]),
                *(strip_house(o) for o in decision.get("options") or []),
            ]
            for answer in answers:
                if answer.lower().startswith(typed.lower()):
                    add(answer)
        head, _, last = typed.rpartition(" ")
        words = head.split()
        if not words:
            verbs = [v for v in self.verbs() if v.startswith(last.lower())]
            if decision is not None:
                mine = strip_house(decision["default"]).split(" ", 1)[0]
                verbs.sort(key=lambda v: v != mine)
            for verb in verbs:
                add(verb + " ")
        else:
            typed_name = _plain(last)
            for word in self.next_words(words[0].lower(), words[1:], last, decision):
                if word.lower().startswith(last.lower()) or (
                    language != SOURCE_LANGUAGE
                    and typed_name
                    and _plain(self.localized_word(word, language)).startswith(typed_name)
                ):
                    add(f"{head} {word}")
        return found[:MAX_SUGGESTIONS]

    def decision_help(self, payload: dict[str, Any], extras: Any) -> str:
        """What a prompt's "What can I do here?" button shows, privately, in Markdown (at most 4,000
        characters; more is cut), in the payload's language: what the decision means, its legal answers in
        notation with an example, and the rules that bear on it. By default: the question and the listed
        answers."""
        decision = payload["decision"]
        language = payload_language(payload)

        def describe(line: str) -> str:
            return self.describe(line, decision["kind"], language)

        question = self.question(decision, language)
        return "\n".join([question, "", *answer_lines(decision, describe, language)])

    # --- the rules reference ----------------------------------------------------------------------------

    def reference_topics(self, language: str = SOURCE_LANGUAGE) -> dict[str, tuple[Entry, ...]]:
        """The game's rules reference (``/rules``): for each topic it has, among the command's subcommands
        (``card``, ``area``, ``order``, ``westeros``, ``wildling``, ``tides``), its entries, named in
        ``language`` (a name in another language still finds its entry: see :attr:`Entry.aliases`). Empty
        for a game without a reference."""
        return {}

    def reference_embed(self, topic: str, key: str, language: str = SOURCE_LANGUAGE) -> discord.Embed | None:
        """The full text of one entry of the reference, in ``language``, within Discord's limits; None for
        an unknown key."""
        return None

    def report_embed(self, report: dict[str, Any]) -> discord.Embed | None:
        """A notable moment the game's kind reported (``report["report"]`` names it: a battle...), or the
        end-of-game report (``"end"``, see :func:`table.outbox.report_item`; the bot attaches its chart),
        drawn for the channel; None for a report this game does not draw."""
        return None

    def status(self, readout: Readout, view: dict[str, Any], language: str = SOURCE_LANGUAGE) -> Status:
        """The game's part of /game status, from the readout and the spectator's view (never a seat's), in
        ``language``."""
        words = translator(language)
        if readout.round is None:
            return Status(words.gettext("{phase} phase", phase=readout.phase))
        return Status(words.gettext("Round {round}, {phase} phase", round=readout.round, phase=readout.phase))

    def phase_name(self, phase: str, language: str = SOURCE_LANGUAGE) -> str:
        """A phase as a footer names it ("Action phase"), in ``language``."""
        return translator(language).gettext("{phase} phase", phase=phase)

    def card_fields(
        self, view: dict[str, Any], seat: str | None, language: str = SOURCE_LANGUAGE
    ) -> list[tuple[str, str]]:
        """The /game cards fields (name, value) from the spectator's view: every seat's, or ``seat``'s, in
        ``language``."""
        return []


def _plain(text: str) -> str:
    """Text as a typed name is compared: accents dropped, case folded, spaces and hyphens ignored."""
    text = unicodedata.normalize("NFKD", text)
    return "".join(char for char in text.casefold() if char.isalnum())


def screens_of(game_id: str) -> GameScreens:
    """A game's screens (named in data/games.toml); raises data.games.UnknownGame."""
    found: GameScreens = game(game_id).load("bot")
    return found


def game_of(payload: dict[str, Any]) -> str:
    """The game an outbox payload is about: a prompt names it, a board's view does; prompts stored before
    games were plugins name none, and were A Game of Thrones'."""
    named = payload.get("game") or (payload.get("view") or {}).get("game")
    return str(named) if named else DEFAULT_GAME


def screens_for(payload: dict[str, Any]) -> GameScreens:
    return screens_of(game_of(payload))
