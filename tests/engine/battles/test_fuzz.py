"""Fuzzing the notation of a battle (the CI's share of benchmarks/battles_fuzz.py, which applies 100,000
lines): any text is read as an action or refused with a short NotationError; any fuzzed line applied to a
battle in progress is accepted, or refused with a short message, leaving the game exactly as it was."""

from __future__ import annotations

import json
import os

from engine.battles.fuzz import NUMBERS, STRANGE, fuzz_line, vocabulary
from engine.battles.fuzz import text as text_of
from engine.battles.game import BattlesGame
from engine.battles.invariants import problems
from engine.battles.notation import VERBS, parse_action
from engine.battles.random_player import eager_action
from engine.core.errors import IllegalAction, NotationError
from engine.core.rng import Rng

LINES = int(os.environ.get("MAESTER_BATTLES_FUZZ", "400"))
LONGEST_MESSAGE = 300
WORDS = tuple(word for words in vocabulary(BattlesGame.setup(2, 1, {})).values() for word in words)


def test_any_text_is_an_action_or_a_short_notation_error():
    rng = Rng(5)
    for _ in range(3000):
        if rng.below(2):
            text = text_of(rng, rng.below(80))
        else:
            text = " ".join(
                [rng.choice(VERBS), *(rng.choice(WORDS + NUMBERS + STRANGE) for _ in range(rng.below(8)))]
            )
        try:
            action = parse_action(text)
        except NotationError as error:
            assert 0 < len(str(error)) < LONGEST_MESSAGE
        else:
            assert parse_action(action.format()) == action


def test_fuzzed_lines_are_accepted_or_refused_leaving_the_game_as_it_was():
    fuzz = Rng(11)
    applied = refused = 0
    seed = 0
    while applied < LINES:
        scenario = "raid" if seed % 2 else "sample"
        game = BattlesGame.setup(2, seed, {"scenario": scenario, "coordinated_attacks": True})
        play = Rng(seed)
        seed += 1
        while not game.over and applied < LINES:
            decision = game.pending()[play.below(len(game.pending()))]
            if fuzz.below(4) == 0:
                position = game.to_position()
                before = json.dumps(position)
                for _ in range(5):
                    probe = BattlesGame.from_position(position)
                    line = fuzz_line(fuzz, game)
                    applied += 1
                    try:
                        probe.apply_line(line)
                    except IllegalAction as error:
                        refused += 1
                        assert 0 < len(str(error)) < LONGEST_MESSAGE, (line, str(error))
                        assert json.dumps(probe.to_position()) == before, line
                    else:
                        assert not problems(probe.state), line
            game.apply(decision.house, eager_action(game, decision, play))
    assert refused > applied // 2
