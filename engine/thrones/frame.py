"""The base of every frame of A Game of Thrones (see :mod:`engine.core.frames`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.core.frames import Frame
from engine.thrones.actions import Action
from i18n import Localized

if TYPE_CHECKING:
    from engine.thrones.game import ThronesGame


class ThronesFrame(Frame):
    registry: ClassVar[dict[str, type[Frame]]] = {}
    # The house a turn-by-turn frame last asked, and what it offered it (see :meth:`offer`). Not a field:
    # no position holds it, and a frame loaded from one works the offer out anew.
    _offer: tuple[str, Any] | None = None

    def run(self, game: ThronesGame) -> list[Decision] | None:
        """Advance as far as possible: return the decisions this frame waits for, or ``None`` once it has
        pushed a child or popped itself (the driver then runs the new top of the stack)."""
        raise NotImplementedError

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        """Apply a house's answer to one of this frame's decisions. Validate everything before changing
        anything: an :class:`IllegalAction` must leave the game untouched."""
        raise IllegalAction("Nothing is waiting for a decision here.")

    def accepts_resubmission(self, house: str) -> bool:
        """Whether the house may replace an answer it already gave (secret simultaneous choices)."""
        return False

    def withdraw(self, house: str) -> None:
        """Forget the house's answer, so the frame asks it again. Called on a copy of the frame on top,
        whose ``run`` must then return its decisions without changing the game (see
        ``Frame.withdraw`` and ``Game.changeable_decision``)."""
        raise NotImplementedError

    def offer(self, house: str, offered: Any) -> None:
        """Keep what the frame offers the house it now asks (a schema, options, areas), to check the answer
        against: nothing changes the board while the frame waits for that answer."""
        self._offer = house, offered

    def take_offer(self, house: str) -> Any | None:
        """What the frame offered the house at its last question, if it still waits for its answer, else
        ``None`` (a frame loaded from a position, or another house answering): it is given once."""
        offer, self._offer = self._offer, None
        return offer[1] if offer is not None and offer[0] == house else None

    def held_units(self) -> list[tuple[str, str]]:
        """Units this frame holds off the board, as (house, kind): an army on the march into a battle."""
        return []

    def describe(self, game: ThronesGame, viewer: str | None) -> dict[str, Any]:
        """What ``viewer`` (a house, or ``None`` for a spectator) may see of this step."""
        return {"step": self.kind}


def expect(action: Action, *types: type[Action], what: Localized) -> None:
    """Reject an action of the wrong verb with a message that says what is expected: ``what`` is what the
    game waits for, a ``psaid("awaited", ...)`` (the object of "The game is waiting for ...")."""
    if not isinstance(action, types):
        # Translators: {what} is a text of context "awaited" ("your bid ('bid N')"), {verb} the notation verb
        # the player wrote instead ("march")
        raise IllegalAction("The game is waiting for {what}, not '{verb}'.", what=what, verb=action.verb)
