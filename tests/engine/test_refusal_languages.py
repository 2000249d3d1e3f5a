"""The engine's refusals in every language: fuzzed lines at random points of seeded random games are refused
with messages that read in Spanish, Portuguese and Italian as in English, whole, with the game's names in
the reader's language.

A name the notation cannot read (:class:`~engine.thrones.names.UnknownName`) is the one refusal the engine
leaves in English: the table words it again with the nearest names in the reader's language
(``table/thrones/names.py``, tested in ``tests/table``)."""

from __future__ import annotations

import functools
import json
import re
import subprocess
import sys
from collections.abc import Iterator

import pytest

from data.thrones_names import load
from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.thrones.fuzz import fuzz_line
from engine.thrones.game import ThronesGame
from engine.thrones.names import UnknownName
from engine.thrones.notation import format_line
from engine.thrones.random_player import random_action
from i18n import SOURCE_LANGUAGE, Joined, Localized, Said, catalogue

LANGUAGES = ("es", "pt", "it")
POINTS = 60  # positions sampled from the games
LINES = 12  # fuzzed lines tried at each
# The kinds of names a refusal may hold, whose English names must not show in another language.
NAMED = ("areas", "houses", "orders", "house_cards", "westeros_cards", "tracks")


@functools.cache
def positions() -> tuple[str, ...]:
    """Positions (as JSON) at random decisions of four seeded random games, 3 to 6 players."""
    found = []
    for players in (3, 4, 5, 6):
        game = ThronesGame.new(players, 40 + players, tides_of_battle=players % 2 == 1)
        rng = Rng(1000 + players)
        while not game.over:
            if rng.below(25) == 0:
                found.append(json.dumps(game.to_position()))
            pending = game.pending()
            decision = pending[rng.below(len(pending))]
            game.apply(decision.house, random_action(game, decision, rng))
    return tuple(found)


@functools.cache
def answers() -> dict[str, tuple[str, ...]]:
    """Legal answers at the sampled positions, in notation, by decision kind: each is well formed for a
    decision of its kind, and often refused by the rules at another position (an order that is not there,
    a card not in hand, units that are elsewhere)."""
    found: dict[str, list[str]] = {}
    rng = Rng(3)
    for position in positions():
        game = ThronesGame.from_position(json.loads(position))
        for decision in game.pending():
            line = format_line(decision.house, random_action(game, decision, rng))
            found.setdefault(decision.kind, []).append(line.partition(": ")[2])
    return {kind: tuple(lines) for kind, lines in found.items()}


def refusals() -> Iterator[IllegalAction]:
    """The refusals of fuzzed lines, and of answers given at other positions, at sampled positions."""
    rng = Rng(7)
    sampled = positions()
    for _ in range(POINTS):
        position = json.loads(sampled[rng.below(len(sampled))])
        game = ThronesGame.from_position(position)
        for index in range(LINES):
            line = fuzz_line(rng, game)
            if index % 2:
                pending = game.pending()
                decision = pending[rng.below(len(pending))]
                line = f"{decision.house}: {rng.choice(answers()[decision.kind])}"
            try:
                game.apply_line(line)
            except IllegalAction as error:
                yield error
                continue
            game = ThronesGame.from_position(position)


@functools.cache
def sample() -> tuple[IllegalAction, ...]:
    return tuple(refusals())


def english_names(language: str) -> list[str]:
    """The English names of the game's things that ``language`` names otherwise."""
    names = load()
    return [
        names["en"].name(category, item)
        for category in NAMED
        for item in names["en"].names[category]
        if names["en"].name(category, item) != names[language].name(category, item)
    ]


def plain_values(said: Localized) -> list[str]:
    """The plain texts a message holds in its fields, however deep (a quoted input, a notation id): what
    the reader wrote or types, said as it is in every language."""
    if isinstance(said, Said):
        parts = list(said.fields.values())
    elif isinstance(said, Joined):
        parts = list(said.parts)
    else:
        return []
    found = []
    for part in parts:
        if isinstance(part, str):
            found.append(part)
        elif isinstance(part, Localized):
            found += plain_values(part)
    return found


def translated(said: Localized, language: str) -> bool:
    """Whether the message (not merely its fields) is in ``language``'s catalogue, translated."""
    assert isinstance(said, Said), said
    entry = catalogue(language).get(said.message, context=said.context)
    return entry is not None and not entry.fuzzy and bool(entry.string) and all(entry.string)


def test_the_sample_meets_many_different_refusals():
    unknown = [error for error in sample() if isinstance(error, UnknownName)]
    messages = {error.said.message for error in sample() if error not in unknown}  # type: ignore[attr-defined]
    assert len(messages) >= 25, sorted(messages)
    assert unknown


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_is_said_whole_in_the_readers_language(language):
    foreign = english_names(language)
    for error in sample():
        assert error.said_in(SOURCE_LANGUAGE) == str(error)
        if isinstance(error, UnknownName):
            continue
        assert translated(error.said, language), str(error)
        text = error.said_in(language)
        for value in plain_values(error.said):  # a player's own text is quoted as written
            text = text.replace(value, "")
        assert "{" not in text and "}" not in text, (str(error), text)
        assert not [name for name in foreign if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text)], (
            str(error),
            error.said_in(language),
        )


def test_the_engine_reads_no_catalogue_to_refuse_in_english():
    """Raising a refusal and reading it in English, as the engine and its command line do, compiles no
    catalogue (in a process of its own, where no other test has read one)."""
    code = (
        "import i18n\n"
        "from engine.thrones.game import ThronesGame\n"
        "from engine.core.errors import IllegalAction\n"
        "game = ThronesGame.new(3, 1)\n"
        "try:\n"
        "    game.apply_line('stark: orders the-reach=march+0')\n"
        "except IllegalAction as error:\n"
        "    assert str(error) == 'You have no units in The Reach to give an order to.', str(error)\n"
        "assert i18n.catalogue.cache_info().currsize == 0\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
