"""BattleLore: Battles of Westeros on the engine contract (:mod:`engine.core.game`): its setup from a content
pack, positions, notation, views, readout and victory check.

A battle is ``(options, seed, actions)``. The options name the content and the battle: ``scenario`` (the
battle's id in the pack; optional when the pack has one battle), ``pack`` (a pack's files, as a TOML text
or an object of file names to texts; the sample pack Maester ships when absent) and ``content_hash``
(optional: the pack's hash, so that a game made on some content never replays on other content); and the
settings of :mod:`engine.battles.variants` (the FAQ's variants and the open readings), each true or false.

Every decision kind falls in a deadline category (:data:`engine.battles.categories.CATEGORIES`, and
:meth:`BattlesGame.category`): the other player's reactions in the middle of a turn are "reaction", for a
short deadline whose default answer keeps a game played by post moving.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import engine.battles.card
import engine.battles.combat
import engine.battles.command
import engine.battles.orders
import engine.battles.regroup
import engine.battles.retreat
import engine.battles.round
import engine.battles.skirmish  # noqa: F401  (these imports register every frame kind)
from data.battles import ContentError, Pack, load_pack, load_sample
from engine.battles import categories, skirmish, victory
from engine.battles.actions import Action
from engine.battles.frame import BattlesFrame
from engine.battles.notation import house_id, parse_action
from engine.battles.setup import new_state
from engine.battles.state import State
from engine.battles.text import describe_view
from engine.battles.variants import DEFAULTS
from engine.battles.views import build_view, current_phase
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction, PositionError, describe, quote
from engine.core.game import Game, Readout
from engine.core.rng import Rng


class BattlesGame(Game):
    id: ClassVar[str] = "battles"
    title: ClassVar[str] = "BattleLore: Battles of Westeros"
    PLAYERS: ClassVar[range] = range(2, 3)
    SCORE: ClassVar[str] = "VP"
    OPTIONS: ClassVar[frozenset[str]] = frozenset({"scenario", "pack", "content_hash", *DEFAULTS})

    state: State

    # --- construction -----------------------------------------------------------------------------

    @classmethod
    def setup(cls, players: int, seed: int, options: Mapping[str, Any]) -> BattlesGame:
        if players != 2:
            raise IllegalAction(f"A battle is for 2 players, not {players}.")
        unknown = set(options) - cls.OPTIONS
        if unknown:
            raise IllegalAction(
                f"Battles of Westeros has no option {', '.join(sorted(unknown))} "
                f"(it has {', '.join(sorted(cls.OPTIONS))})."
            )
        pack = _pack(options.get("pack"))
        expected = options.get("content_hash")
        if expected is not None and expected != pack.hash:
            raise IllegalAction(
                f"The content's hash is {pack.hash[:12]}..., not {quote(str(expected), 20)}: this is other "
                "content."
            )
        battle = options.get("scenario")
        choices = ", ".join(sorted([*pack.battles, *pack.skirmishes]))
        if battle is None:
            if len(pack.battles) != 1:
                raise IllegalAction(f"Choose a battle or skirmish with the option scenario: {choices}.")
            battle = next(iter(pack.battles))
        if battle not in pack.battles and battle not in pack.skirmishes:
            raise IllegalAction(
                f"The content {pack.name!r} has no battle or skirmish {quote(str(battle))}; it has {choices}."
            )
        variants = {}
        for name in DEFAULTS:
            value = options.get(name, DEFAULTS[name])
            if value is not True and value is not False:
                raise IllegalAction(f"The setting {name} is true or false, not {describe(value)}.")
            variants[name] = value
        if battle in pack.skirmishes:
            return cls(skirmish.new_state(pack, battle, seed, variants))
        return cls(new_state(pack, battle, seed, variants))

    @classmethod
    def from_position(cls, position: dict[str, Any]) -> BattlesGame:
        """The game a saved position describes, advanced to its next decision; raises PositionError if it is
        malformed or the rules cannot go on from it."""
        state = State.from_json(position, BattlesFrame)
        try:
            return cls(state)
        except Exception as error:  # any failure of the rules on this position is the position's
            raise PositionError(
                f"the game cannot go on from it ({type(error).__name__}: {quote(str(error), 80)})"
            ) from error

    def to_position(self) -> dict[str, Any]:
        return self.state.to_json()

    # --- the contract ---------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.winner is not None

    def seats(self) -> list[str]:
        return list(self.state.houses)

    @classmethod
    def seat_id(cls, text: str) -> str:
        return house_id(text)

    @classmethod
    def parse_action(cls, text: str) -> Action:
        return parse_action(text)

    def view(self, seat: str | None) -> dict[str, Any]:
        return build_view(self, seat)

    def readout(self) -> Readout:
        state = self.state
        return Readout(
            round=state.round,
            phase=current_phase(self),
            over=self.over,
            winner=state.winner,
            ranking=tuple(state.ranking),
            seats=tuple(state.houses),
            scores=dict(state.vp),
            stats=dict(state.stats),
        )

    @classmethod
    def describe_view(cls, view: dict[str, Any]) -> str:
        return describe_view(view)

    @classmethod
    def category(cls, decision_kind: str) -> str:
        """The deadline category of a decision kind: turn, reaction, setup or other."""
        return categories.category(decision_kind)

    def check_end(self) -> bool:
        return victory.check(self)

    def sample(self, decision: Decision, rng: Rng) -> Any | None:
        from engine.battles.random_player import GENERATORS

        if decision.options is not None:
            return None
        generator = GENERATORS.get(decision.kind)
        return None if generator is None else generator(self, decision, rng)

    # --- services for frames ----------------------------------------------------------------------

    def count(self, stat: str, amount: int = 1) -> None:
        self.state.stats[stat] = self.state.stats.get(stat, 0) + amount


def _pack(given: Any) -> Pack:
    """The content the option ``pack`` gives: the sample pack when absent."""
    try:
        if given is None:
            return load_sample()
        if isinstance(given, str):
            return load_pack(given)
        if isinstance(given, dict) and all(
            isinstance(k, str) and isinstance(v, str) for k, v in given.items()
        ):
            return load_pack(given)
    except ContentError as error:
        raise IllegalAction(str(error)) from None
    raise IllegalAction(
        f"The option pack is a TOML text, or an object of file names to texts, not {describe(given)}."
    )
