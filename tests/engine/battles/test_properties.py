"""Properties of random battles (B18): every game ends; every position keeps the invariants (one unit per
hex, strength within limits, command tokens conserved, morale on the track, active units where they must
be, every card in its place); a replay of the log is byte-identical; positions reload into the same game; no
view shows another house's hand or any deck's order; a rejected action changes nothing; every listed answer
reads back from its notation.

Games are played by a random player that most of the time leans toward the enemy (it attacks when it can
and moves toward the nearest enemy), so that attacks and eliminations happen often enough; half the games
of the sweep are played on the sample battle won at once by two eliminations, so that battles also end
before their last round, and a quarter on the sample skirmish."""

from __future__ import annotations

import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from data.battles import sample_files
from engine.battles.game import BattlesGame
from engine.battles.invariants import problems
from engine.battles.random_player import eager_action
from engine.battles.variants import DEFAULTS
from engine.core.errors import IllegalAction
from engine.core.rng import Rng

GAMES = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# A longer sweep: MAESTER_BATTLES_GAMES=200 plays that many games in test_many_games_keep_every_invariant
# (benchmarks/battles_selfplay.py plays 10,000, in several processes).
SWEEP = int(os.environ.get("MAESTER_BATTLES_GAMES", "20"))
SHORT = {name: text.replace("count = 6", "count = 2") for name, text in sample_files()}


def play(
    seed: int,
    on_decision=None,
    check: bool = True,
    short: bool = False,
    scenario: str = "sample",
    variants: bool = False,
) -> BattlesGame:
    """A random game leaning toward battle; ``variants``: with settings drawn from the seed."""
    options: dict = {"scenario": scenario, **({"pack": SHORT} if short else {})}
    if variants:
        drawn = Rng(seed ^ 0xBA7713)
        options.update({name: bool(drawn.below(2)) for name in DEFAULTS})
    game = BattlesGame.setup(2, seed, options)
    rng = Rng(seed * 7919 + 3)
    while not game.over:
        pending = game.pending()
        decision = pending[rng.below(len(pending))]
        if on_decision is not None:
            on_decision(game, decision, rng)
        game.apply(decision.house, eager_action(game, decision, rng))
        if check:
            found = problems(game.state)
            assert not found, found
    return game


@GAMES
@given(seed=st.integers(0, 2**32))
def test_random_games_end_keep_invariants_and_replay_exactly(seed):
    game = play(seed)
    assert game.state.winner in game.state.houses and game.state.ranking[0] == game.state.winner
    replayed = BattlesGame.replay(game.notation(), players=2, seed=seed, scenario="sample")
    assert json.dumps(replayed.to_position()) == json.dumps(game.to_position())


def test_many_games_keep_every_invariant():
    totals = {"attacks": 0, "eliminations": 0}
    endings = set()
    for seed in range(SWEEP):
        scenario = "raid" if seed % 4 == 2 else "sample"
        game = play(seed, short=seed % 2 == 1, scenario=scenario, variants=True)
        for stat in totals:
            totals[stat] += game.state.stats.get(stat, 0)
        endings.add(game.state.round < game.state.plan.rounds)
    assert totals["attacks"] > 5 * SWEEP and totals["eliminations"] >= SWEEP // 2
    assert endings == {True, False}  # some battles end at once, some last


@GAMES
@given(seed=st.integers(0, 2**32))
def test_positions_reload_into_the_same_game(seed):
    checkpoints = []

    def save(game, decision, rng):
        if rng.below(25) == 0:
            checkpoints.append((json.loads(json.dumps(game.to_position())), len(game.log)))

    game = play(seed, save, check=False)
    lines = game.notation()
    for position, done in checkpoints[:4]:
        resumed = BattlesGame.replay(lines[done:], position=position)
        assert resumed.to_position() == game.to_position()


def hidden_variant(game: BattlesGame, house: str, rng: Rng) -> BattlesGame:
    """The same game but for the cards in ``house``'s hand and the order of its deck."""
    position = game.to_position()
    hand, deck = position["hands"][house], position["decks"][house]
    cards = hand + deck
    rng.shuffle(cards)
    position["hands"][house], position["decks"][house] = sorted(cards[: len(hand)]), cards[len(hand) :]
    return BattlesGame.from_position(position)


@GAMES
@given(seed=st.integers(0, 2**32))
def test_no_view_shows_another_houses_hand_or_a_decks_order(seed):
    checked = []

    def compare(game, decision, rng):
        if rng.below(8):
            return
        for house in game.state.houses:
            variant = hidden_variant(game, house, rng)
            for viewer in (None, game.state.other(house)):
                assert json.dumps(variant.view(viewer), sort_keys=True) == json.dumps(
                    game.view(viewer), sort_keys=True
                )
            own = game.view(house)["houses"][house]
            assert own["hand"] == sorted(game.state.hands[house])
            assert "hand" not in game.view(game.state.other(house))["houses"][house]
            assert all("deck" not in key or key == "deck_size" for key in own)
        checked.append(1)

    play(seed, compare, check=False)
    assert checked


@GAMES
@given(seed=st.integers(0, 2**32))
def test_a_rejected_action_changes_nothing_and_every_answer_reads_back(seed):
    seen_kinds = set()

    def probe(game, decision, rng):
        for option in decision.options or ():
            assert BattlesGame.parse_action(option.format()) == option
        seen_kinds.add(decision.kind)
        if rng.below(4):
            return
        before = json.dumps(game.to_position())
        house = decision.house
        other = game.state.other(house)
        mine = next(u.at for u in game.state.units.values() if u.house == house)
        theirs = next(u.at for u in game.state.units.values() if u.house == other)
        wrong = [
            (house, f"token valor {theirs}"),
            (house, f"move {theirs} {mine}"),
            (house, f"attack {theirs} {mine}"),
            (house, "play S99 via nobody"),
            (house, "command 9"),
            (house, f"units 9 {mine}"),
            (house, "keep L99 red"),
            (house, f"choose {mine} {theirs}"),
            (house, "adjust vp -99"),
        ]
        if game.decision_for(other) is None:
            wrong.append((other, "pass"))
        for house, line in wrong:
            try:
                game.apply(house, line)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{house}: {line} was accepted")
            assert json.dumps(game.to_position()) == before, line

    play(seed, probe, check=False)
    assert {"turn", "move"} <= seen_kinds
