"""Step 3 of the Action phase: Consolidate Power orders, one per house in turn order.

An order on land gives 1 power plus 1 per power icon of the area; in a port it gives 1, unless enemy
ships are in the port's sea (then it is removed with no effect); at sea it has no effect. The special
order in a castle or stronghold area (never a port) may muster in that area instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from data.thrones_names import Named
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.thrones.actions import Action, Consolidate
from engine.thrones.board import BOARD
from engine.thrones.control import gain_power, ships_of_other_houses
from engine.thrones.frame import ThronesFrame, expect
from engine.thrones.mustering import apply_muster, can_muster, describe_items, validate_muster
from engine.thrones.orders import TOKENS
from engine.thrones.state import State
from engine.thrones.turns import next_with_orders
from i18n import psaid

if TYPE_CHECKING:
    from engine.thrones.game import ThronesGame


def power_yield(state: State, house: str, area: str) -> int:
    if area in BOARD.land:
        return 1 + BOARD.power_icons[area]
    if area in BOARD.port:
        return 0 if ships_of_other_houses(state, BOARD.port_sea[area], house) else 1
    return 0


def muster_option(state: State, house: str, area: str) -> dict[str, int] | None:
    """The muster a special Consolidate Power order in ``area`` allows ({area: points}), if any."""
    order = state.orders[area]
    if not TOKENS[order.token].special or area not in BOARD.land or not BOARD.castle[area]:
        return None
    allowed = {area: BOARD.castle[area]}
    return allowed if can_muster(state, house, allowed) else None


@dataclass
class ConsolidateFrame(ThronesFrame):
    kind = "consolidate"
    turn: int = 0

    def run(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        found = next_with_orders(state, self.turn, "consolidate")
        if found is None:
            game.pop(self)
            return None
        self.turn, areas = found
        house = state.throne[self.turn]
        musters = {area: allowed for area in areas if (allowed := muster_option(state, house, area))}
        if not musters:
            self._resolve(game, house, Consolidate(areas[0]))
            return None
        return [
            Decision(
                house=house,
                kind="consolidate",
                prompt="Resolve one of your Consolidate Power orders; a special one may muster instead of "
                "gaining power.",
                secret=False,
                default=Consolidate(areas[0]),
                schema={
                    "orders": {area: power_yield(state, house, area) for area in areas},
                    "muster": {area: allowed[area] for area, allowed in musters.items()},
                },
            )
        ]

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(
            action,
            Consolidate,
            what=psaid("awaited", "'consolidate AREA' or 'consolidate AREA muster ITEMS'"),
        )
        assert isinstance(action, Consolidate)
        state = game.state
        order = state.orders.get(action.area)
        if order is None or order.house != house or TOKENS[order.token].type != "consolidate":
            raise IllegalAction(
                "You have no Consolidate Power order in {area}.", area=Named("areas", action.area)
            )
        if action.muster is not None:
            allowed = muster_option(state, house, action.area)
            if allowed is None:
                raise IllegalAction(
                    "Only a special Consolidate Power order in a castle or stronghold area can muster, and "
                    "there must be something to muster in {area}.",
                    area=Named("areas", action.area),
                )
            validate_muster(state, house, action.muster, allowed)
        self._resolve(game, house, action)

    def _resolve(self, game: ThronesGame, house: str, action: Consolidate) -> None:
        state = game.state
        area = action.area
        del state.orders[area]
        self.turn = (self.turn + 1) % len(state.throne)
        if action.muster is not None:
            apply_muster(state, house, action.muster)
            game.emit(
                "muster",
                f"House {house.title()} consolidates power in {BOARD.name(area)} to muster "
                f"{describe_items(action.muster)}.",
                house=house,
                area=area,
                items=[item.format() for item in action.muster],
            )
            return
        amount = power_yield(state, house, area)
        gained = gain_power(state, house, amount)
        game.emit(
            "consolidate",
            f"House {house.title()} consolidates power in {BOARD.name(area)}: +{gained} power.",
            house=house,
            area=area,
            gained=gained,
        )

    def describe(self, game: ThronesGame, viewer: str | None) -> dict[str, Any]:
        return {"step": "consolidate"}
