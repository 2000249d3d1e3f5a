"""Properties of random complete games for 3 to 6 players: no crash, invariants after every action, exact
replay, no view showing another house's secret, and rejected actions changing nothing."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.thrones.board import BOARD
from engine.thrones.game import ThronesGame
from engine.thrones.invariants import problems
from engine.thrones.random_player import random_action

GAMES = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SECRET_KINDS = {"orders", "bid", "raven-peek", "house-card", "tides-redraw"}


def play(players: int, seed: int, on_decision=None, tides: bool = False) -> ThronesGame:
    game = ThronesGame.new(players, seed, tides)
    rng = Rng(seed * 7919 + players)
    while not game.over:
        pending = game.pending()
        decision = pending[rng.below(len(pending))]
        if on_decision is not None:
            on_decision(game, decision, rng)
        game.apply(decision.house, random_action(game, decision, rng))
        found = problems(game.state)
        assert not found, found
    return game


@GAMES
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32), tides=st.booleans())
def test_random_games_end_keep_invariants_and_replay_exactly(players, seed, tides):
    game = play(players, seed, tides=tides)
    assert game.state.winner in game.state.houses
    assert game.state.ranking[0] == game.state.winner
    replayed = ThronesGame.replay(game.notation(), players=players, seed=seed, tides_of_battle=tides)
    assert replayed.to_position() == game.to_position()


def test_a_thousand_random_combats_keep_every_invariant():
    """Every action of these games is followed by the invariant check (``play``)."""
    combats = 0
    for seed in range(1, 91):
        game = play(3 + seed % 4, seed, tides=seed % 2 == 0)
        combats += game.state.stats.get("combats", 0)
    assert combats >= 1000


@GAMES
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32))
def test_positions_reload_into_the_same_game(players, seed):
    checkpoints = []

    def save(game, decision, rng):
        if rng.below(40) == 0:
            checkpoints.append((json.loads(json.dumps(game.to_position())), len(game.log)))

    game = play(players, seed, save)
    lines = game.notation()
    for position, done in checkpoints[:5]:
        resumed = ThronesGame.replay(lines[done:], position=position)
        assert resumed.to_position() == game.to_position()


def views(game: ThronesGame, viewers) -> list[str]:
    return [json.dumps(game.view(v), sort_keys=True) for v in viewers]


@GAMES
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32))
def test_no_view_shows_another_houses_secret_choice(players, seed):
    """Two games that differ only in one house's secret choice (orders, a bid, a house card, a Tides of
    Battle redraw, the raven's look) look the same to everyone else."""
    checked = []

    def compare(game, decision, rng):
        if decision.kind not in SECRET_KINDS or len(game.pending()) < 2 or rng.below(4):
            return
        house = decision.house
        others = [h for h in game.state.houses if h != house] + [None]
        first, second = (ThronesGame.from_position(game.to_position()) for _ in range(2))
        first.apply(house, random_action(first, decision, rng))
        second.apply(house, random_action(second, decision, rng))
        assert views(first, others) == views(second, others)
        checked.append(decision.kind)

    play(players, seed, compare, tides=True)
    assert checked or players == 3  # three-player games may pass without a chance to compare


@GAMES
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32))
def test_deck_order_and_the_random_state_stay_hidden(players, seed):
    def compare(game, decision, rng):
        if rng.below(25):
            return
        position = game.to_position()
        shuffled = json.loads(json.dumps(position))
        for deck in shuffled["westeros_decks"]:
            Rng(rng.next_u64()).shuffle(deck)
        knowers = set(shuffled["wildling_known_to"])
        deck = shuffled["wildling_deck"]
        keep = 1 if knowers else 0
        rest = deck[keep:]
        Rng(rng.next_u64()).shuffle(rest)
        shuffled["wildling_deck"] = deck[:keep] + rest
        shuffled["rng"] = rng.next_u64()
        other = ThronesGame.from_position(shuffled)
        viewers = [h for h in game.state.houses if h not in knowers] + [None]
        assert views(game, viewers) == views(other, viewers)

    play(players, seed, compare)


WORDS = [
    "orders",
    "bid",
    "choose",
    "rank",
    "raid",
    "march",
    "consolidate",
    "muster",
    "destroy",
    "raven",
    "swap",
    "discard",
    "retrieve",
    "dance",
]
TOKENS = ["march+0", "march+1*", "defense+1", "raid", "support+0", "consolidate*", "bogus"]
UNITS = ["footman", "knight", "ship", "siege"]


def garbage(rng: Rng) -> str:
    word = rng.choice(WORDS)
    area = rng.choice(BOARD.ids)
    other = rng.choice(BOARD.ids)
    templates = {
        "orders": f"orders {area}={rng.choice(TOKENS)} {other}={rng.choice(TOKENS)}",
        "bid": f"bid {rng.below(30)}",
        "choose": f"choose {rng.choice(['muster', 'nothing', 'stark', '3', 'units'])}",
        "rank": "rank stark lannister",
        "raid": f"raid {area} -> {other}",
        "march": f"march {area} -> {other} {rng.choice(UNITS)} {rng.choice(UNITS)}",
        "consolidate": f"consolidate {area} muster {area} {rng.choice(UNITS)}",
        "muster": f"muster {area} {rng.choice(UNITS)}, {other} ship@{area}",
        "destroy": f"destroy {area} {rng.choice(UNITS)}",
        "raven": rng.choice(["raven peek", "raven bury", f"raven swap {area} raid"]),
        "swap": f"swap {area} knight->footman",
        "discard": "discard eddard-stark",
        "retrieve": "retrieve the-hound",
        "dance": "dance",
    }
    return templates[word]


@GAMES
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32))
def test_rejected_actions_change_nothing(players, seed):
    rejected = []

    def poke(game, decision, rng):
        if rng.below(3):
            return
        probe = ThronesGame.from_position(game.to_position())
        before = probe.to_position()
        house = rng.choice(game.state.houses)
        try:
            probe.apply(house, garbage(rng))
        except IllegalAction as error:
            assert str(error)
            assert probe.to_position() == before
            rejected.append(house)

    play(players, seed, poke)
    assert rejected
