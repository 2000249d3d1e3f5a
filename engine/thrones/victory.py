"""Winning: a seventh castle or stronghold at any moment, or the standings after the last round.

Standings after round 10 follow the rulebook ("Ganar la partida"): most areas with a castle or
stronghold, then most strongholds, then the highest supply track position, then the most available
power, then the better Iron Throne position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.thrones.board import FACTS
from engine.thrones.control import castle_counts, stronghold_counts
from engine.thrones.state import State

if TYPE_CHECKING:
    from engine.thrones.game import ThronesGame


def standings(state: State) -> list[str]:
    castles = castle_counts(state)
    strongholds = stronghold_counts(state)

    def key(house: str) -> tuple[int, int, int, int, int]:
        return (
            -castles[house],
            -strongholds[house],
            -state.supply[house],
            -state.power[house],
            state.throne.index(house),
        )

    return sorted(state.houses, key=key)


def castles_phrase(count: int) -> str:
    return "1 castle or stronghold" if count == 1 else f"{count} castles and strongholds"


def check_victory(game: ThronesGame) -> bool:
    """End the game if a house controls its seventh castle or stronghold. Returns whether it ended.
    Castles are counted only when control may have changed since the last check, which found no
    winner (the game would have ended)."""
    if not game.state.control_may_have_changed():
        return False
    castles = castle_counts(game.state)
    for house in game.state.throne:
        if castles[house] >= FACTS.castles_to_win:
            reason = f"House {house.title()} controls {castles_phrase(castles[house])}."
            finish(game, house, reason, "castles", castles[house])
            return True
    return False


def finish(game: ThronesGame, winner: str, reason: str, why: str, castles: int) -> None:
    """The game ends: ``why`` is "castles" (the winner holds enough) or "last-round", ``reason`` says it in
    English, ``castles`` is how many the winner holds."""
    state = game.state
    ranking = standings(state)
    ranking.remove(winner)
    state.ranking = [winner, *ranking]
    state.winner = winner
    game.emit(
        "game-over",
        f"House {winner.title()} wins the Iron Throne. {reason}",
        winner=winner,
        ranking=list(state.ranking),
        reason=why,
        castles=castles,
    )


def finish_after_last_round(game: ThronesGame) -> None:
    ranking = standings(game.state)
    castles = castle_counts(game.state)
    finish(
        game,
        ranking[0],
        f"The last round is over; it holds {castles_phrase(castles[ranking[0]])}.",
        "last-round",
        castles[ranking[0]],
    )
