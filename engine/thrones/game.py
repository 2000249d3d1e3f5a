"""A Game of Thrones on the engine contract (:mod:`engine.core.game`): its setup, positions, notation,
views, readout and victory check.

A game is ``(settings, seed, actions)``: :meth:`ThronesGame.new` builds the setup, every accepted action
is logged, and replaying the log on the same setup rebuilds the same state byte for byte.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

import engine.thrones.action
import engine.thrones.combat.frame
import engine.thrones.combat.neutral
import engine.thrones.planning
import engine.thrones.westeros
import engine.thrones.wildling_cards  # noqa: F401  (these imports register every frame kind)
from data.thrones_names import Named
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction, PositionError, describe, quote
from engine.core.game import Game, Readout, ReplayError
from engine.core.rng import Rng
from engine.thrones import renames
from engine.thrones.actions import Action
from engine.thrones.board import FACTS
from engine.thrones.control import castle_count
from engine.thrones.frame import ThronesFrame
from engine.thrones.notation import house_id, parse_action, parse_line
from engine.thrones.setup import new_state
from engine.thrones.state import State
from engine.thrones.text import describe_view
from engine.thrones.victory import check_victory, standings

_HOUSE_IDS = frozenset(FACTS.houses)


class ThronesGame(Game):
    """One game of A Game of Thrones: The Board Game, Second Edition (base game, 3 to 6 players)."""

    id: ClassVar[str] = "thrones"
    title: ClassVar[str] = "A Game of Thrones: The Board Game (2nd edition)"
    PLAYERS: ClassVar[range] = range(min(FACTS.setups), max(FACTS.setups) + 1)
    SCORE: ClassVar[str] = "castles"
    OPTIONS: ClassVar[frozenset[str]] = frozenset({"tides_of_battle"})

    state: State

    # --- construction -----------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, tides_of_battle: bool = False) -> ThronesGame:
        if players not in FACTS.setups:
            raise IllegalAction("A game is for 3 to 6 players, not {players}.", players=players)
        return cls(new_state(players, seed, tides_of_battle))

    @classmethod
    def setup(cls, players: int, seed: int, options: Mapping[str, Any]) -> ThronesGame:
        unknown = set(options) - cls.OPTIONS
        if unknown:
            raise IllegalAction(
                "A Game of Thrones has no option {option}.", option=", ".join(sorted(unknown))
            )
        tides = options.get("tides_of_battle", False)
        if not isinstance(tides, bool):
            # Translators: {value} is in English (what a JSON value is: "a whole number", "the text 'x'")
            raise IllegalAction(
                "The option tides_of_battle is true or false, not {value}.", value=describe(tides)
            )
        return cls.new(players, seed, tides)

    @classmethod
    def from_position(cls, position: dict[str, Any]) -> ThronesGame:
        """The game a saved position describes, advanced to its next decision as the constructor does.

        Raises :class:`PositionError` if the position is malformed, or if the game cannot go on from it (a
        well-formed but inconsistent position that makes a rule fail, or that the rules carry into a state
        that is not sound): loading gives a working game or that error.
        """
        state = State.from_json(position, ThronesFrame)
        top, depth = state.stack[-1], len(state.stack)
        try:
            game = cls(state)
        except Exception as error:  # any failure of the rules on this position is the position's
            raise PositionError(
                f"the game cannot go on from it ({type(error).__name__}: {quote(str(error), 80)})"
            ) from error
        # A saved position waits for a decision, so loading it changes nothing. One that was not at rest
        # has just been played on by the rules: check that where they got to is a position too.
        if game.opening_events or len(state.stack) != depth or (state.stack and state.stack[-1] is not top):
            try:
                State.from_json(game.to_position(), ThronesFrame)
            except PositionError as error:
                raise PositionError(
                    f"the game cannot go on from it: the rules take it to a state where {error.reason}"
                ) from None
        return game

    def to_position(self) -> dict[str, Any]:
        return self.state.to_json()

    @classmethod
    def upgrade_position(cls, position: dict[str, Any]) -> dict[str, Any]:
        return renames.upgrade_position(position)

    @classmethod
    def from_scenario(cls, text: str) -> ThronesGame:
        """See :mod:`engine.thrones.scenario` for the format."""
        from engine.thrones.scenario import load

        return load(text)

    # --- the contract ---------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.winner is not None

    def seats(self) -> list[str]:
        return list(self.state.houses)

    @classmethod
    def named_seat(cls, seat: str) -> Named:
        return Named("houses", seat)

    @classmethod
    def seat_id(cls, text: str) -> str:
        # Drivers pass ids, and an id always reads as itself (engine.thrones.names.vocabulary): taken
        # as it is, without the look-up through every spelling, on every action.
        return text if text in _HOUSE_IDS else house_id(text)

    @classmethod
    def parse_action(cls, text: str) -> Action:
        return parse_action(text)

    @classmethod
    def parse_line(cls, line: str) -> tuple[str, Action]:
        return parse_line(line)

    def view(self, house: str | None) -> dict[str, Any]:
        """What ``house`` (or a spectator, for ``None``) may see. Secrets of others are never included."""
        from engine.thrones.views import build_view

        return build_view(self, house)

    def readout(self) -> Readout:
        from engine.thrones.views import current_phase

        state = self.state
        return Readout(
            round=state.round,
            phase=current_phase(self),
            over=self.over,
            winner=state.winner,
            ranking=tuple(state.ranking),
            seats=tuple(state.houses),
            scores={house: castle_count(state, house) for house in state.houses},
            stats=dict(state.stats),
        )

    @classmethod
    def describe_view(cls, view: dict[str, Any]) -> str:
        """The view section by section (:func:`engine.thrones.text.describe_view`), without its list of
        the decisions waited for, which drivers give with their defaults."""
        return describe_view(view, waiting=False)

    def check_end(self) -> bool:
        return check_victory(self)

    def report(self, lines: Iterable[str]) -> dict[str, Any]:
        """See :mod:`engine.thrones.report`."""
        from engine.thrones.report import game_report

        return game_report(self, lines)

    def standings(self) -> list[str]:
        """The rulebook's ranking after the last round (:func:`engine.thrones.victory.standings`)."""
        return list(self.state.ranking) if self.over else standings(self.state)

    def sample(self, decision: Decision, rng: Rng) -> Action | None:
        generator = _generators().get(decision.kind)
        return None if generator is None else generator(self, decision, rng)

    # --- services for frames ----------------------------------------------------------------------

    def count(self, stat: str, amount: int = 1) -> None:
        self.state.stats[stat] = self.state.stats.get(stat, 0) + amount

    def mark(self, kind: str, *items: str) -> None:
        """Note a march or a battle of this Action phase for the board image."""
        self.state.marks.setdefault(kind, []).append(list(items))


@functools.cache
def _generators() -> dict[str, Callable[[ThronesGame, Decision, Rng], Action]]:
    """The random player's samplers, imported on first use (their module imports this one), once: an
    import statement run for every sampled decision costs more than the lookup."""
    from engine.thrones.random_player import GENERATORS

    return GENERATORS


__all__ = ["ReplayError", "ThronesGame"]
