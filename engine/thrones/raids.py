"""Step 1 of the Action phase: raid orders, one per house in turn order until none is left.

A raid removes one adjacent enemy Support, Raid or Consolidate Power order (the special raid may take
a Defense order instead), or is removed with no effect. From a land area it reaches only land; from a
sea it reaches land, sea and port areas; from a port only the port's sea. Raiding a Consolidate Power
order plunders: the raider takes 1 power from the pool and the victim returns 1, if it has any.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from data.thrones_names import Named
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.thrones.actions import Action, Raid
from engine.thrones.board import BOARD
from engine.thrones.control import gain_power, lose_power
from engine.thrones.frame import ThronesFrame, expect
from engine.thrones.orders import TOKENS
from engine.thrones.state import State
from engine.thrones.turns import house_orders, next_with_orders
from i18n import psaid

if TYPE_CHECKING:
    from engine.thrones.game import ThronesGame

_RAIDABLE = frozenset({"support", "raid", "consolidate"})
# What the raid step waits for, said once here rather than at every answer.
_AWAITED_RAID = psaid("awaited", "a raid ('raid SOURCE -> TARGET' or 'raid SOURCE -> none')")


def raid_reach(source: str) -> tuple[str, ...]:
    kind = BOARD.kind[source]
    if kind == "port":
        return (BOARD.port_sea[source],)
    if kind == "land":
        return BOARD.adjacent_lands[source]
    return tuple(sorted(BOARD.adjacent[source]))


def raid_targets(state: State, source: str) -> list[str]:
    raider = state.orders[source]
    special = TOKENS[raider.token].special
    targets = []
    for area in raid_reach(source):
        order = state.orders.get(area)
        if order is None or order.house == raider.house:
            continue
        order_type = TOKENS[order.token].type
        if order_type in _RAIDABLE or (special and order_type == "defense"):
            targets.append(area)
    return targets


def raid_options(state: State, sources: list[str]) -> list[Raid]:
    """What a house's raid orders in ``sources`` (see :func:`house_orders`) can do."""
    options: list[Raid] = []
    for source in sources:
        options.append(Raid(source, None))
        options.extend(Raid(source, target) for target in raid_targets(state, source))
    return options


@dataclass
class RaidsFrame(ThronesFrame):
    kind = "raids"
    turn: int = 0  # index on the Iron Throne track of the house to act

    def run(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        found = next_with_orders(state, self.turn, "raid")
        if found is None:
            game.pop(self)
            return None
        self.turn, sources = found
        house = state.throne[self.turn]
        options = raid_options(state, sources)
        if len(options) == 1:
            self._resolve(game, house, options[0])
            return None
        offered = tuple(options)
        self.offer(house, offered)
        return [
            Decision(
                house=house,
                kind="raid",
                prompt="Resolve one of your raid orders: choose the order to remove, or none.",
                secret=False,
                default=options[0],
                options=offered,
            )
        ]

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(action, Raid, what=_AWAITED_RAID)
        assert isinstance(action, Raid)
        state = game.state
        offered = self.take_offer(house)
        if offered is None:
            offered = raid_options(state, house_orders(state, house, "raid"))
        if action not in offered:
            order = state.orders.get(action.source)
            if order is None or order.house != house or TOKENS[order.token].type != "raid":
                raise IllegalAction("You have no Raid order in {area}.", area=Named("areas", action.source))
            assert action.target is not None  # a raid order may always remove nothing
            raise IllegalAction(
                "The raid in {source} cannot reach an order it may remove in {area}.",
                source=Named("areas", action.source),
                area=Named("areas", action.target),
            )
        self._resolve(game, house, action)

    def _resolve(self, game: ThronesGame, house: str, raid: Raid) -> None:
        state = game.state
        del state.orders[raid.source]
        self.turn = (self.turn + 1) % len(state.throne)
        if raid.target is None:
            game.emit(
                "raid",
                f"House {house.title()}'s raid in {BOARD.name(raid.source)} has no effect.",
                house=house,
                source=raid.source,
                target=None,
            )
            return
        victim = state.orders.pop(raid.target)
        text = (
            f"House {house.title()} raids from {BOARD.name(raid.source)} and removes House "
            f"{victim.house.title()}'s {TOKENS[victim.token].name} in {BOARD.name(raid.target)}."
        )
        gained = lost = 0
        if TOKENS[victim.token].type == "consolidate":
            gained = gain_power(state, house, 1)
            lost = lose_power(state, victim.house, 1)
            plunder = f"+{gained} power for House {house.title()}, -{lost} for House {victim.house.title()}"
            text += f" Plunder: {plunder}."
        game.emit(
            "raid",
            text,
            house=house,
            source=raid.source,
            target=raid.target,
            removed=victim.token,
            victim=victim.house,
            gained=gained,
            lost=lost,
        )

    def describe(self, game: ThronesGame, viewer: str | None) -> dict[str, Any]:
        return {"step": "raids"}
