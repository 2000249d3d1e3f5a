"""The base of every frame of a battle (see :mod:`engine.core.frames`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.core.frames import Frame

if TYPE_CHECKING:
    from engine.battles.game import BattlesGame


class BattlesFrame(Frame):
    registry: ClassVar[dict[str, type[Frame]]] = {}

    def run(self, game: BattlesGame) -> list[Decision] | None:
        """Advance as far as possible: return the decisions this frame waits for, or ``None`` once it has
        pushed a child or popped itself."""
        raise NotImplementedError

    def act(self, game: BattlesGame, house: str, action: Any) -> None:
        """Apply a house's answer to this frame's decision; an IllegalAction leaves the game untouched."""
        raise IllegalAction("Nothing is waiting for a decision here.")

    def describe(self, game: BattlesGame, viewer: str | None) -> dict[str, Any]:
        """What ``viewer`` (a house, or ``None`` for a spectator) may see of this step."""
        return {"step": self.kind}


def choose_from(action: Any, options: list[Any] | tuple[Any, ...], what: str) -> Any:
    """The option the action is (options list every legal answer), or IllegalAction saying what is wanted."""
    if action in options:
        return action
    verb = getattr(action, "verb", None)
    wanted = {getattr(option, "verb", None) for option in options}
    if verb not in wanted:
        raise IllegalAction(f"The game is waiting for {what}, not '{verb}'.")
    raise IllegalAction(f"'{action.format()}' is not allowed now; the game is waiting for {what}.")
