"""Standings before the end: what a table reads when the players agree to stop after a round."""

from __future__ import annotations

import pytest

import engine.thrones.westeros as westeros
from engine.core.decisions import Event
from engine.thrones.game import ThronesGame
from engine.thrones.victory import standings
from tests.games.duel.engine import DuelGame


def play_until_round(game: ThronesGame, round_: int) -> list[Event]:
    """Answer every decision with its default until the round ``round_`` opens; the events."""
    events = []
    while game.state.round < round_:
        decision = game.pending()[0]
        events += game.apply(decision.house, decision.default)
    return events


def test_the_round_opening_event_carries_the_standings_as_the_round_before_ended(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ranked: list[tuple[int, list[str]]] = []

    def spy(state):  # type: ignore[no-untyped-def]
        ranked.append((state.round, standings(state)))
        return ranked[-1][1]

    monkeypatch.setattr(westeros, "standings", spy)
    game = ThronesGame.setup(3, 11, {})
    events = play_until_round(game, 2)
    opening = next(e for e in events if e.kind == "phase" and e.data.get("round") == 2)
    assert ranked == [(1, opening.data["standings"])]  # read before the round moved on
    assert sorted(opening.data["standings"]) == sorted(game.seats())


def test_a_thrones_game_ranks_by_the_rulebook_now_and_by_its_ranking_at_the_end() -> None:
    game = ThronesGame.setup(4, 2, {})
    assert game.standings() == standings(game.state)
    game.state.ranking = ["greyjoy", "stark", "lannister", "baratheon"]
    game.state.winner = "greyjoy"
    assert game.over and game.standings() == game.state.ranking


def test_the_default_standings_rank_by_score() -> None:
    game = DuelGame.setup(2, 3, {})
    assert game.standings() == game.seats()  # no score yet: the seats in order
