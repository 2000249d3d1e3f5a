"""A Game of Thrones in numbers, for the end-of-game report: per house, the battles it won and lost, the
castles and strongholds it held at the end of each round, the power it gained and the house cards it
played; and the standings.

Everything is read from the events of a replay, so a game imported or reloaded from a snapshot reports
what one played here does. The events say it this way:

- ``combat-result``: a battle between two houses (``attacker``, ``defender``, ``winner``, the house
  ``cards`` played). An attack on a neutral force is no battle between houses and is not counted.
- ``phase-end`` of the Action phase: the round is over, with the ``castles`` each house holds then.
- Power: an event whose data has ``gains`` (house -> power received: a Game of Thrones card), or
  ``gained`` (the power its ``house`` received: a consolidation, a raid's plunder, Tywin Lannister, the
  Skinchanger Scout). Every caller of :func:`engine.thrones.control.gain_power` says it so (a test plays
  games to check it).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from engine.core.decisions import Event
from engine.core.errors import IllegalAction
from engine.core.game import ReplayError
from engine.thrones.control import castle_counts
from engine.thrones.victory import standings

if TYPE_CHECKING:
    from engine.thrones.game import ThronesGame


class _Tally:
    """What the events of one game add up to, house by house."""

    def __init__(self, game: ThronesGame) -> None:
        houses = list(game.state.houses)
        self.at_start = castle_counts(game.state)
        self.rounds: list[int] = []
        self.castles: dict[str, list[int]] = {house: [] for house in houses}
        self.won = dict.fromkeys(houses, 0)
        self.lost = dict.fromkeys(houses, 0)
        self.power = dict.fromkeys(houses, 0)
        self.cards: dict[str, list[str]] = {house: [] for house in houses}

    def read(self, events: Iterable[Event]) -> None:
        for event in events:
            data = event.data
            if event.kind == "combat-result":
                winner = data["winner"]
                loser = data["defender"] if winner == data["attacker"] else data["attacker"]
                self.won[winner] += 1
                self.lost[loser] += 1
                for house in (data["attacker"], data["defender"]):
                    card = data["cards"].get(house)
                    if card is not None:
                        self.cards[house].append(card)
            elif event.kind == "phase-end" and data.get("phase") == "action":
                self._round_end(data["round"], data["castles"])
            for house, amount in (data.get("gains") or {}).items():
                self.power[house] += amount
            if data.get("gained"):
                self.power[data["house"]] += data["gained"]

    def _round_end(self, number: int, castles: dict[str, int]) -> None:
        self.rounds.append(number)
        for house, counts in self.castles.items():
            counts.append(castles[house])

    def report(self, game: ThronesGame) -> dict[str, Any]:
        state = game.state
        if not self.rounds or self.rounds[-1] != state.round:  # the round under way, as the game stands
            self._round_end(state.round, castle_counts(state))
        return {
            "over": game.over,
            "winner": state.winner,
            "standings": list(state.ranking) if game.over else standings(state),
            "round": state.round,
            "rounds": list(self.rounds),
            "houses": {
                house: {
                    "castles_at_start": self.at_start[house],
                    "castles": self.castles[house],
                    "battles_won": self.won[house],
                    "battles_lost": self.lost[house],
                    "power_gained": self.power[house],
                    "cards": self.cards[house],
                }
                for house in state.houses
            },
        }


def game_report(start: ThronesGame, lines: Iterable[str]) -> dict[str, Any]:
    """The report of the game ``lines`` play from ``start`` (see :meth:`engine.core.game.Game.report`):
    ``rounds`` are the rounds whose end each house's ``castles`` give, the last one as the game stands
    (the round it was won or ended in); ``standings`` are the final ranking, or the standings as they
    stand for a game that is not over."""
    game = type(start).from_position(start.to_position())
    tally = _Tally(game)
    for number, line in enumerate(lines, start=1):
        if game.is_blank(line):
            continue
        try:
            tally.read(game.apply_line(line))
        except IllegalAction as error:
            raise ReplayError(number, line, str(error)) from error
    return tally.report(game)
