"""The AI players: the sensible style always plays legally, beats the random one clearly, is deterministic
and quick, and can sit at a table."""

from __future__ import annotations

import logging
import time

import pytest

from engine.core.rng import Rng
from engine.thrones import ai
from engine.thrones.actions import Action
from engine.thrones.control import castle_counts
from engine.thrones.game import ThronesGame
from engine.thrones.random_player import random_action
from table import GameSettings, TableError
from table.session import OVER
from tests.table.conftest import ALICE, CHANNEL, GUILD


def play(
    players: int,
    seed: int,
    sensible: set[str] | None = None,
    tides: bool = False,
    timings: list[float] | None = None,
) -> ThronesGame:
    """A complete game on the engine alone: the houses in ``sensible`` (every house for ``None``) play the
    sensible style, the others at random. ``apply`` raises on any illegal action."""
    game = ThronesGame.new(players, seed, tides)
    rng = Rng(seed ^ 0x5E75)
    for _ in range(50_000):
        if game.over:
            return game
        pending = game.pending()
        decision = pending[rng.below(len(pending))]
        if sensible is None or decision.house in sensible:
            started = time.perf_counter()
            action = ai.choose(game, decision, "sensible", rng)
            if timings is not None:
                timings.append(time.perf_counter() - started)
        else:
            action = random_action(game, decision, rng)
        game.apply(decision.house, action)
    raise AssertionError(f"the {players}-player game of seed {seed} did not end")


def test_sensible_is_a_style():
    assert "sensible" in ai.STYLES and "random" in ai.STYLES
    with pytest.raises(ValueError, match="unknown AI style"):
        ai.choose(ThronesGame.new(3, 1), ThronesGame.new(3, 1).pending()[0], "clever", Rng(1))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_sensible_ai_never_makes_an_illegal_move(players, caplog):
    """Whole games with one, several or all houses sensible (Tides of Battle in some): every action it
    chooses is accepted, and no heuristic ever fails over to the random fallback."""
    caplog.set_level(logging.ERROR, logger="table.sensible")
    for seed in range(20):
        houses = ThronesGame.new(players, seed).state.houses
        count = (1, 2, players)[seed % 3]
        sensible = {houses[(seed + i) % players] for i in range(count)}
        game = play(players, seed, sensible, tides=seed % 2 == 1)
        assert game.state.winner in houses
    assert not caplog.records, caplog.text


def test_the_sensible_ai_beats_the_random_one():
    """Four-player games, one sensible house (each house in turn) against three random ones. Measured: it
    wins 30 of 30 and ends with 6.8 castles on average, the random houses with 1.8."""
    games, wins, castles, others = 30, 0, 0.0, 0.0
    houses = ThronesGame.new(4, 0).state.houses
    for index in range(games):
        house = houses[index % 4]
        game = play(4, 1000 + index, {house})
        counts = castle_counts(game.state)
        wins += game.state.winner == house
        castles += counts[house] / games
        others += sum(n for h, n in counts.items() if h != house) / 3 / games
    assert wins >= 21, f"the sensible house won {wins} of {games} games"
    assert castles >= 4.5 and castles >= others + 2.5, (castles, others)


def test_the_sensible_ai_is_deterministic():
    first, second = (play(5, 11).notation() for _ in range(2))
    assert first == second


def test_the_sensible_ai_is_quick():
    """Six sensible houses: the average time per decision (measured about 0.15 ms) stays far below 20 ms."""
    timings: list[float] = []
    for seed in range(5):
        play(6, seed, timings=timings)
    average_ms = 1000 * sum(timings) / len(timings)
    print(f"sensible AI: {average_ms:.3f} ms per decision over {len(timings)} decisions")
    assert average_ms < 20


async def test_a_table_seats_sensible_ais_beside_a_person(table):
    session = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3)
    )
    with pytest.raises(TableError, match="random, sensible"):
        await table.add_ai(session.id, ALICE, "clever")
    await table.join(session.id, ALICE, "stark")
    await table.add_ai(session.id, ALICE, "sensible")
    await table.add_ai(session.id, ALICE, "sensible")
    await table.start(session.id, ALICE)
    assert [seat.ai for seat in session.seats] == [None, "sensible", "sensible"]
    assert [d.house for d in session.pending()] == ["stark"]  # the AIs placed their orders at once


async def test_an_all_ai_table_game_runs_to_the_end(table, monkeypatch):
    """Two sensible seats and a random one play a whole game through the table; every action the AIs
    chose is the one recorded (none was refused and replaced by a default)."""
    chosen: list[Action] = []
    real_choose = ai.choose

    def spy(game, decision, style, rng):
        action = real_choose(game, decision, style, rng)
        chosen.append(action)
        return action

    monkeypatch.setattr(ai, "choose", spy)
    session = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3)
    )
    for style in ("sensible", "random", "sensible"):
        await table.add_ai(session.id, ALICE, style)
    await table.start(session.id, ALICE)
    game = session.game
    assert session.status == OVER and game.over
    assert game.state.winner in game.state.houses
    assert [action for _, action in game.log] == chosen
    styles = {seat.house: seat.ai for seat in session.seats}
    assert sorted(styles.values()) == ["random", "sensible", "sensible"]
