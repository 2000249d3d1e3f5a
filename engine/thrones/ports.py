"""Ports: ships in a port follow whoever controls the port's land area.

When the land area of a port passes to another house, that house may replace the ships in the port
with its own (rulebook: "Tomar el control de puertos enemigos"); the ships it does not replace are
removed. The rulebook speaks of a port taken by a successful attack; the same happens here whenever
control of the land area changes hands (a march into an area held only by a power token, a home area
returning to its house). When the land area ends up controlled by nobody, the ships in its port are
removed, since only the controller of the land area may use the port.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.thrones.actions import Action, Choose
from engine.thrones.board import BOARD, FACTS
from engine.thrones.control import available_units, controller
from engine.thrones.frame import ThronesFrame, expect
from engine.thrones.phrases import counted
from engine.thrones.state import Unit
from engine.thrones.supply import within_limit
from i18n import psaid

if TYPE_CHECKING:
    from engine.thrones.game import ThronesGame

_SHIP_COUNT = re.compile(r"[0-9]{1,2}")  # 'choose N' after a port is taken; a port holds 3 ships at most


def settle_port(game: ThronesGame, land: str) -> None:
    """Bring the port of ``land`` in line with who controls ``land`` now."""
    port = BOARD.port_of.get(land)
    if port is None:
        return
    state = game.state
    ships = state.units.get(port)
    if not ships:
        return
    owner = ships[0].house
    new_owner = controller(state, land)
    if new_owner == owner:
        return
    if new_owner is None:
        del state.units[port]
        state.orders.pop(port, None)
        where, count = BOARD.name(port), len(ships)
        lost = (
            f"its ship in {where} is removed" if count == 1 else f"its {count} ships in {where} are removed"
        )
        game.emit(
            "port-lost",
            f"House {owner.title()} no longer holds {BOARD.name(land)}: {lost}.",
            house=owner,
            port=port,
            land=land,
            count=count,
        )
        return
    game.push(PortTakeoverFrame(port=port, house=new_owner))


def max_replacements(game: ThronesGame, port: str, house: str) -> int:
    state = game.state
    present = len(state.units.get(port, []))
    most = min(present, available_units(state, house)["ship"], FACTS.port_capacity)
    while most > 0 and not within_limit(state, house, {port: most}):
        most -= 1
    return most


@dataclass
class PortTakeoverFrame(ThronesFrame):
    kind = "port-takeover"
    port: str = ""
    house: str = ""

    def run(self, game: ThronesGame) -> list[Decision] | None:
        most = max_replacements(game, self.port, self.house)
        if most == 0:
            self._replace(game, 0)
            return None
        options = tuple(Choose(str(n)) for n in range(most, -1, -1))
        return [
            Decision(
                house=self.house,
                kind="port-takeover",
                prompt=f"You now hold {BOARD.name(BOARD.port_land[self.port])}: replace how many of the "
                f"{len(game.state.units[self.port])} enemy ship(s) in {BOARD.name(self.port)} with your own "
                f"(0 to {most})? The others are removed.",
                secret=False,
                default=Choose(str(most)),
                options=options,
                data={
                    "port": self.port,
                    "land": BOARD.port_land[self.port],
                    "ships": len(game.state.units[self.port]),
                    "most": most,
                },
            )
        ]

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(action, Choose, what=psaid("awaited", "how many ships to replace ('choose N')"))
        assert isinstance(action, Choose)
        most = max_replacements(game, self.port, self.house)
        # The digits 0-9 only, and few of them, before int() sees the text (str.isdigit accepts '²').
        if not _SHIP_COUNT.fullmatch(action.option) or int(action.option) > most:
            raise IllegalAction("Choose a number of ships from 0 to {most}.", most=most)
        self._replace(game, int(action.option))

    def _replace(self, game: ThronesGame, count: int) -> None:
        state = game.state
        old = state.units.pop(self.port)
        if count:
            state.units[self.port] = [Unit(self.house, "ship") for _ in range(count)]
        state.orders.pop(self.port, None)
        placed = f"places {counted('ship', count)} of its own" if count else "places none of its own"
        game.emit(
            "port-taken",
            f"House {self.house.title()} takes {BOARD.name(self.port)}: it removes "
            f"{counted('ship', len(old))} of House {old[0].house.title()} and {placed}.",
            port=self.port,
            house=self.house,
            replaced=count,
            removed=len(old),
            previous=old[0].house,
        )
        game.pop(self)

    def describe(self, game: ThronesGame, viewer: str | None) -> dict[str, Any]:
        return {"step": "port-takeover", "port": self.port, "house": self.house}
