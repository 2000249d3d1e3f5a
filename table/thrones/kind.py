"""A Game of Thrones as the table sees it: seats by player count, the Tides of Battle option, deadline
categories (orders, bids, house cards, the rest), the random and sensible AI, and prompt extras."""

from __future__ import annotations

from typing import Any, ClassVar

from data.thrones import HOUSES
from data.thrones_names import Named
from engine.core.decisions import Decision, Event
from engine.core.errors import IllegalAction
from engine.core.game import Game, Readout
from engine.core.rng import Rng
from engine.thrones import ai
from engine.thrones.board import FACTS
from engine.thrones.game import ThronesGame
from engine.thrones.names import UnknownName
from i18n import SOURCE_LANGUAGE, Localized, translator
from table.errors import TableError
from table.kind import HOUR, GameKind, Option
from table.thrones.decisions import TITLES
from table.thrones.events import tell as tell_event
from table.thrones.extras import game_extras
from table.thrones.names import unknown_name
from table.thrones.report import markdown

# What a battle's story tells after its result, when it follows in the same step.
_AFTERMATH = frozenset({"casualties", "retreat", "arianne", "garrison", "mace-tyrell", "tywin", "patchface"})
_CATEGORY_OF_KIND = {
    "orders": "orders",
    "bid": "bids",
    "house-card": "cards",
    "replace-card": "cards",
    "tides-redraw": "cards",
}


class ThronesKind(GameKind):
    id: ClassVar[str] = "thrones"
    title: ClassVar[str] = ThronesGame.title
    engine: ClassVar[type[Game]] = ThronesGame
    deadlines: ClassVar[dict[str, int]] = {
        "orders": 24 * HOUR,
        "bids": 12 * HOUR,
        "cards": 12 * HOUR,
        "other": 12 * HOUR,
    }
    options: ClassVar[tuple[Option, ...]] = (
        Option("tides_of_battle", "Tides of Battle", "Battles draw a Tides of Battle card each", False),
    )
    ai_styles: ClassVar[tuple[str, ...]] = ai.STYLES

    def seats(self, players: int) -> tuple[str, ...]:
        setup = FACTS.setups.get(players)
        return () if setup is None else tuple(setup.houses)

    def category(self, decision_kind: str) -> str:
        return _CATEGORY_OF_KIND.get(decision_kind, "other")

    def choose(self, game: Game, decision: Decision, style: str, rng: Rng) -> Any:
        if style not in ai.STYLES:
            raise TableError("AI players are {styles}.", styles=", ".join(ai.STYLES))
        assert isinstance(game, ThronesGame)
        return ai.choose(game, decision, style, rng)

    def extras(self, game: Game, decision: dict[str, Any]) -> Any:
        assert isinstance(game, ThronesGame)
        return game_extras(game, decision)

    def tell(self, event: Event, language: str) -> str:
        return tell_event(event, language)

    def reports(
        self, game: Game, events: list[Event], language: str = SOURCE_LANGUAGE
    ) -> list[dict[str, Any]]:
        """A battle between houses: its breakdown (the result), then what came of it in the same step
        (casualties, the retreat, told in ``language``); a close-up of the area where it was fought."""
        found: list[dict[str, Any]] = []
        battle: dict[str, Any] | None = None
        for event in events:
            if event.kind == "combat-result":
                battle = {"report": "battle", "focus": event.data["area"], "aftermath": [], **event.data}
                found.append(battle)
            elif battle is not None and event.kind in _AFTERMATH:
                battle["aftermath"].append(self.tell(event, language))
            else:
                battle = None
        if found:
            view = game.view(None)  # as the step left the board: the battles' aftermath shows
            for report in found:
                report["view"] = view
        return found

    def refusal(self, error: IllegalAction) -> TableError:
        """A name the notation cannot read is refused with the nearest names in the reader's language;
        other errors in the engine's words, said in that language too."""
        if isinstance(error, UnknownName):
            return TableError(unknown_name(error))
        return super().refusal(error)

    def report_markdown(self, report: dict[str, Any]) -> list[str]:
        return markdown(report)

    def named_seat(self, seat: str) -> str | Localized:
        return Named("houses", seat) if seat in HOUSES else self.seat_name(seat)

    def decision_title(self, kind: str) -> str | Localized:
        return TITLES.get(kind) or super().decision_title(kind)

    def board_title(self, readout: Readout, language: str = SOURCE_LANGUAGE) -> str:
        """ "Round 2: Planning phase", each phase's title a whole one in every language."""
        words = translator(language)
        if readout.over or readout.round is None:
            return super().board_title(readout, language)
        if readout.phase == "westeros":
            return words.gettext("Round {round}: Westeros phase", round=readout.round)
        if readout.phase == "planning":
            return words.gettext("Round {round}: Planning phase", round=readout.round)
        if readout.phase == "action":
            return words.gettext("Round {round}: Action phase", round=readout.round)
        return words.gettext("Round {round}", round=readout.round)


KIND = ThronesKind()
