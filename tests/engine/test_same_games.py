"""What the engine works out once and keeps (decisions built once per phase, a frame's copy asking a
changeable decision again, castles counted only when the board has changed) never changes a game: the
same seed plays the same game, a game loaded from a position at any point goes on exactly as the
original, ``changeable_decision`` asks what a game reloaded from its position, the answer withdrawn,
would ask, and the castles are recounted whenever they may have changed."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.decisions import Decision
from engine.core.rng import Rng
from engine.thrones.control import castle_counts
from engine.thrones.game import ThronesGame
from engine.thrones.random_player import random_action

GAMES = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def position_hash(game: ThronesGame) -> str:
    return hashlib.sha256(json.dumps(game.to_position(), sort_keys=True).encode()).hexdigest()[:16]


# Complete random games (the players' generator seeded seed ^ 0x5EED, as benchmarks/selfplay.py plays
# them): the hash of the final position and the number of actions. A change of the rules or of the
# random player changes them, and so does a change of the data (an area renamed): check that such a
# change was meant, then write the new figures here.
PINNED = [
    (6, 1, False, "8c53d72b42496e09", 412),
    (6, 7, True, "19d6be1227e0ca76", 332),
    (4, 3, False, "192e08871faa985f", 227),
]


@pytest.mark.parametrize(("players", "seed", "tides", "digest", "actions"), PINNED)
def test_a_seed_plays_the_same_game_as_ever(players, seed, tides, digest, actions):
    game = ThronesGame.new(players, seed, tides)
    rng = Rng(seed ^ 0x5EED)
    count = 0
    while not game.over:
        pending = game.pending()
        decision = pending[rng.below(len(pending))]
        game.apply(decision.house, random_action(game, decision, rng))
        count += 1
    assert (position_hash(game), count) == (digest, actions)


def reference_changeable(game: ThronesGame, seat: str) -> Decision | None:
    """``changeable_decision`` as it was first written: reload the whole game from its position, withdraw
    the seat's answer and let the game run to its next decisions."""
    if game.over or game.decision_for(seat) is not None:
        return None
    if not game.state.stack[-1].accepts_resubmission(seat):
        return None
    probe = ThronesGame.from_position(game.to_position())
    probe.state.stack[-1].withdraw(seat)
    probe._advance()
    return probe.decision_for(seat)


def asked(game: ThronesGame) -> tuple[Any, ...]:
    """Everything the game asks now: its pending decisions and each seat's changeable decision. (Compared
    as values: a loaded game's dicts may list the same items in another order.)"""
    return (game.pending(), *(game.changeable_decision(seat) for seat in game.seats()))


@GAMES
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32), tides=st.booleans())
def test_a_game_loaded_at_any_point_goes_on_exactly_as_the_original(players, seed, tides):
    """Copies loaded from the position at random points, and at the first point where a secret answer
    is in and may still change (orders or bids in the middle of a phase), ask the same decisions, report
    the same events and reach the same positions as the original, action for action, to the end."""
    game = ThronesGame.new(players, seed, tides)
    rng, chance = Rng(seed), Rng(seed + 1)
    copies: list[ThronesGame] = []
    mid_phase = False
    while not game.over:
        answered = any(game.changeable_decision(seat) for seat in game.seats())
        if chance.below(60) == 0 or (answered and not mid_phase):
            copies.append(ThronesGame.from_position(json.loads(json.dumps(game.to_position()))))
            mid_phase = mid_phase or answered
        pending = game.pending()
        decision = pending[rng.below(len(pending))]
        action = random_action(game, decision, rng)
        for copy in copies:
            assert asked(copy) == asked(game)
        events = game.apply(decision.house, action)
        for copy in copies:
            assert copy.apply(decision.house, action) == events
            assert copy.to_position() == game.to_position()
    assert mid_phase


@GAMES
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32), tides=st.booleans())
def test_changeable_decision_asks_what_a_reloaded_game_would_and_touches_nothing(players, seed, tides):
    game = ThronesGame.new(players, seed, tides)
    rng = Rng(seed)
    changeable = 0
    while not game.over:
        before = game.to_position()
        pending = repr(game.pending())
        for seat in game.seats():
            found = game.changeable_decision(seat)
            assert found == reference_changeable(game, seat)
            changeable += found is not None
        assert game.to_position() == before
        assert repr(game.pending()) == pending
        assert game._take_events() == []
        decision = game.pending()[rng.below(len(game.pending()))]
        game.apply(decision.house, random_action(game, decision, rng))
    assert changeable > 0


class CheckedGame(ThronesGame):
    """A game that, before each victory check, recounts the castles and asserts that whenever the board
    says nothing changed since the last check, the count is indeed the same."""

    last: dict[str, int] | None = None

    def check_end(self) -> bool:
        state = self.state
        counts = castle_counts(state)
        if not (state.units.changed or state.power_tokens.changed):
            assert counts == self.last
        self.last = counts
        return super().check_end()


@GAMES
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32), tides=st.booleans())
def test_castles_are_counted_whenever_control_may_have_changed(players, seed, tides):
    game = CheckedGame.new(players, seed, tides)
    rng = Rng(seed)
    while not game.over:
        pending = game.pending()
        decision = pending[rng.below(len(pending))]
        game.apply(decision.house, random_action(game, decision, rng))
    loaded = CheckedGame.from_position(game.to_position())
    assert loaded.to_position() == game.to_position()
