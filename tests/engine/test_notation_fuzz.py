"""Fuzzing the notation: any text is read as an action or refused with a NotationError, quickly; any line
applied to a game in progress is accepted, or refused leaving the game exactly as it was."""

from __future__ import annotations

import functools
import json
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import IllegalAction, NotationError
from engine.core.rng import Rng
from engine.thrones.actions import Action
from engine.thrones.fuzz import NUMBERS, STRANGE, SYMBOLS, VERBS, VOCABULARY, WORDS, fuzz_line
from engine.thrones.game import ThronesGame
from engine.thrones.invariants import problems
from engine.thrones.notation import MAX_LINE, parse_action, parse_line
from engine.thrones.random_player import random_action

TEXT = settings(max_examples=800, deadline=None)
GAMES = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# Seconds. Reading a line takes well under a millisecond; this bound catches a reading gone pathological
# (backtracking, a scan per character), which takes seconds, while a busy 2-core machine may pause any one
# call for a few hundred milliseconds (a run on CI once took 0.27 s for a 0.1 ms reading).
QUICK = 1.0
LONGEST_MESSAGE = 300


def read(parse, text: str):
    """``parse(text)``: an Action or a NotationError with a short message, in well under QUICK seconds."""
    started = time.perf_counter()
    try:
        result = parse(text)
    except NotationError as error:
        result = error
    seconds = time.perf_counter() - started
    assert seconds < QUICK, f"{seconds:.3f} s to read {text[:80]!r}"
    if isinstance(result, NotationError):
        assert 0 < len(str(result)) < LONGEST_MESSAGE, str(result)
    return result


# --- text: arbitrary, and built from the notation's own words -------------------------------------------

SEPARATORS = (" ", "  ", ", ", ",", " -> ", "->", "=", "@", "\t")
TOKENS = VOCABULARY + NUMBERS + SYMBOLS + STRANGE + SEPARATORS
# Words of the notation, numbers, symbols and strange characters, joined by blanks or run together. (Lists
# of small strategies are slow to draw here: a list of sampled tokens and one joiner keeps it quick.)
word_soup = st.tuples(st.sampled_from([" ", "", ", "]), st.lists(st.sampled_from(TOKENS), max_size=12)).map(
    lambda pair: pair[0].join(pair[1])
)
vocabulary_actions = st.one_of(
    st.tuples(st.sampled_from(VERBS), word_soup).map(" ".join),
    word_soup,
)
long_texts = st.tuples(st.sampled_from(VOCABULARY + NUMBERS), st.integers(MAX_LINE - 20, 3 * MAX_LINE)).map(
    lambda pair: (pair[0] + " ") * (pair[1] // (len(pair[0]) + 1))
)
actions = st.one_of(
    st.text(), vocabulary_actions, st.tuples(st.sampled_from(VERBS), long_texts).map(" ".join)
)
houses = st.one_of(st.sampled_from(WORDS["house"]), st.text(max_size=8))


@TEXT
@given(text=actions)
def test_any_action_text_is_read_or_refused_with_a_notation_error(text):
    result = read(parse_action, text)
    if isinstance(result, Action):
        assert read(parse_action, result.format()) == result  # an action reads back as itself


@TEXT
@given(house=houses, colon=st.sampled_from([":", ": ", " : ", "", "::"]), text=actions)
def test_any_line_is_read_or_refused_with_a_notation_error(house, colon, text):
    result = read(parse_line, f"{house}{colon}{text}")
    if not isinstance(result, NotationError):
        house_id, action = result
        assert isinstance(action, Action)
        assert read(parse_line, f"{house_id}: {action.format()}") == result


# Arbitrary text about as long as the limit or longer, built cheaply: a short random text repeated (drawing
# thousands of characters one by one makes hypothesis slow).
long_arbitrary = st.tuples(st.text(min_size=1, max_size=30), st.integers(MAX_LINE - 50, 3 * MAX_LINE)).map(
    lambda pair: (pair[0] * (pair[1] // len(pair[0]) + 1))[: pair[1]]
)


@TEXT
@given(text=long_arbitrary)
def test_long_arbitrary_text_is_refused_or_read_quickly(text):
    read(parse_line, text)
    read(parse_action, text)


# --- live games: lines applied at random points of seeded random play ------------------------------------


@functools.cache
def points() -> tuple[str, ...]:
    """Positions (as JSON) at every third decision of four seeded random games, 3 to 6 players."""
    positions = []
    for players in (3, 4, 5, 6):
        game = ThronesGame.new(players, 100 + players, tides_of_battle=players % 2 == 0)
        rng = Rng(players)
        for count in range(100_000):
            if game.over:
                break
            if count % 3 == 0:
                positions.append(json.dumps(game.to_position()))
            pending = game.pending()
            decision = pending[rng.below(len(pending))]
            game.apply(decision.house, random_action(game, decision, rng))
    return tuple(positions)


def edit(words: list[str], edits: list[tuple[int, int, str]]) -> str:
    """Apply drawn edits to the words of a legal line: replace, insert, delete, or cut the line short."""
    words = list(words)
    for kind, at, word in edits:
        at = at % (len(words) + 1)
        if kind == 0 and at < len(words):
            words[at] = word
        elif kind == 1:
            words.insert(at, word)
        elif kind == 2 and at < len(words):
            del words[at]
        else:
            words = words[:at]
    return " ".join(words)


edits = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 40), st.sampled_from(TOKENS)), max_size=4)


def apply_or_nothing(game: ThronesGame, line: str) -> bool:
    """Apply ``line``: accepted (the game keeps every invariant) or refused with the game unchanged."""
    before = game.to_position()
    try:
        game.apply_line(line)
    except IllegalAction as error:
        assert 0 < len(str(error)) < LONGEST_MESSAGE, str(error)
        assert game.to_position() == before, f"refused, but the position changed: {line!r}"
        return False
    assert not problems(game.state), line
    return True


@GAMES
@given(point=st.integers(0, 10**6), player_seed=st.integers(0, 2**32), edits=edits, data=st.data())
def test_a_line_with_a_few_words_changed_is_accepted_or_changes_nothing(point, player_seed, edits, data):
    positions = points()
    game = ThronesGame.from_position(json.loads(positions[point % len(positions)]))
    decision = data.draw(st.sampled_from(game.pending()))
    legal = random_action(game, decision, Rng(player_seed)).format()
    house = data.draw(st.one_of(st.just(decision.house), st.sampled_from(game.state.houses), houses))
    apply_or_nothing(game, f"{house}: {edit(legal.split(' '), edits)}")


@GAMES
@given(point=st.integers(0, 10**6), text=vocabulary_actions, data=st.data())
def test_vocabulary_text_is_accepted_or_changes_nothing(point, text, data):
    positions = points()
    game = ThronesGame.from_position(json.loads(positions[point % len(positions)]))
    house = data.draw(st.sampled_from([d.house for d in game.pending()] + list(game.state.houses)))
    apply_or_nothing(game, f"{house}: {text}")


@GAMES
@given(point=st.integers(0, 10**6), seed=st.integers(0, 2**64 - 1))
def test_the_fuzzers_lines_are_accepted_or_change_nothing(point, seed):
    """The generator of ``benchmarks/fuzz_notation.py``, a few lines per example."""
    positions = points()
    position = json.loads(positions[point % len(positions)])
    game = ThronesGame.from_position(position)
    rng = Rng(seed)
    for _ in range(5):
        line = fuzz_line(rng, game)
        if apply_or_nothing(game, line):
            game = ThronesGame.from_position(position)
