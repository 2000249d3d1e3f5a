"""What every fight shares: the marching army, the embattled area, and the support step.

A battle against a house (:mod:`engine.thrones.combat.frame`) and an attack on a neutral force
(:mod:`engine.thrones.combat.neutral`) both start with support. The marching army leaves its area when
the fight starts and is held here, off the board, until it moves in or goes back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from data.thrones_names import Named
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.thrones.actions import Action, Choose
from engine.thrones.board import BOARD
from engine.thrones.combat.strength import support_strength
from engine.thrones.combat.support import still_supporting
from engine.thrones.frame import ThronesFrame, expect
from engine.thrones.phrases import named
from i18n import psaid

if TYPE_CHECKING:
    from engine.thrones.game import ThronesGame

NOBODY = "none"
# What the support step waits for, said once here rather than at every answer.
_AWAITED_SUPPORT = psaid("awaited", "a support declaration ('choose HOUSE' or 'choose none')")


@dataclass
class Battle(ThronesFrame):
    area: str = ""  # the embattled area
    origin: str = ""  # where the march started
    attacker: str = ""
    defender: str = ""  # "" for a neutral force
    march_token: str = ""
    army: list[str] = field(default_factory=list)  # the attacking units' kinds
    queue: list[str] = field(default_factory=list)  # support areas still to declare, in turn order
    support: dict[str, str] = field(default_factory=dict)  # support area -> house it backs, or "none"
    offer: str | None = None  # a support area whose offer the backed side has still to accept
    cards: dict[str, str | None] = field(default_factory=dict)  # house -> its house card (None: no card)
    revealed: bool = False
    tides: dict[str, str] = field(default_factory=dict)
    tides_revealed: bool = False
    blade_plus: str | None = None  # the house that added the Valyrian Steel Blade's +1

    def opponent(self, house: str) -> str:
        return self.defender if house == self.attacker else self.attacker

    def held_units(self) -> list[tuple[str, str]]:
        return [(self.attacker, kind) for kind in self.army]

    # --- support ----------------------------------------------------------------------------------

    def _sides(self, owner: str) -> list[str]:
        """Whom the owner of a support area may back."""
        if owner == self.attacker:
            return [self.attacker]
        if owner == self.defender:
            return [self.defender]
        return [house for house in (self.attacker, self.defender) if house]

    def support_decisions(self, game: ThronesGame) -> list[Decision] | None:
        """The next support decision, or ``None`` once every support area has declared."""
        state = game.state
        if self.offer is not None:
            backed = self.support[self.offer]
            owner = state.orders[self.offer].house
            return [
                Decision(
                    house=backed,
                    kind="accept-support",
                    prompt=f"House {owner.title()} offers support from {BOARD.name(self.offer)} "
                    f"(strength {support_strength(state, self, self.offer, backed)}). Accept it?",
                    secret=False,
                    default=Choose("accept"),
                    options=(Choose("accept"), Choose("refuse")),
                    data={
                        "battle": self.area,
                        "supporter": owner,
                        "area": self.offer,
                        "strength": support_strength(state, self, self.offer, backed),
                    },
                )
            ]
        while self.queue:
            area = self.queue[0]
            if not still_supporting(state, area):
                self.queue.pop(0)
                continue
            owner = state.orders[area].house
            sides = self._sides(owner)
            own = owner in (self.attacker, self.defender)
            where = BOARD.name(self.area)
            return [
                Decision(
                    house=owner,
                    kind="support",
                    prompt=f"Battle in {where}: support "
                    + " or ".join(f"House {h.title()}" for h in sides)
                    + f" from {BOARD.name(area)}, or nobody ('choose HOUSE' or 'choose none').",
                    secret=False,
                    default=Choose(owner if own else NOBODY),
                    options=(*(Choose(h) for h in sides), Choose(NOBODY)),
                    schema={
                        "area": area,
                        "strength": {h: support_strength(state, self, area, h) for h in sides},
                    },
                    data={"battle": self.area},
                )
            ]
        return None

    def act_support(self, game: ThronesGame, house: str, action: Action) -> None:
        state = game.state
        expect(action, Choose, what=_AWAITED_SUPPORT)
        assert isinstance(action, Choose)
        if self.offer is not None:
            if action.option not in ("accept", "refuse"):
                raise IllegalAction("Answer 'choose accept' or 'choose refuse'.")
            area, self.offer = self.offer, None
            if action.option == "refuse":
                backed = self.support[area]
                self.support[area] = NOBODY
                game.emit(
                    "support",
                    f"House {backed.title()} refuses the support from {BOARD.name(area)}.",
                    area=area,
                    house=backed,
                    refused=True,
                )
            return
        area = self.queue[0]
        sides = self._sides(house)
        if action.option not in (*sides, NOBODY):
            if len(sides) == 1:
                raise IllegalAction(
                    "Support {house} or nobody ('choose none').", house=Named("houses", sides[0])
                )
            raise IllegalAction(
                "Support one of these houses, or nobody ('choose none'): {houses}.",
                houses=named("houses", sides),
            )
        self.queue.pop(0)
        self.support[area] = action.option
        if action.option == NOBODY:
            game.emit(
                "support",
                f"House {house.title()} gives no support from {BOARD.name(area)}.",
                area=area,
                house=house,
                backs=None,
            )
            return
        strength = support_strength(state, self, area, action.option)
        backed = "itself" if action.option == house else f"House {action.option.title()}"
        game.emit(
            "support",
            f"House {house.title()} supports {backed} from {BOARD.name(area)} (strength {strength}).",
            area=area,
            house=house,
            backs=action.option,
            strength=strength,
        )
        if action.option != house:
            self.offer = area

    def describe_battle(self, game: ThronesGame, viewer: str | None) -> dict[str, Any]:
        return {
            "area": self.area,
            "origin": self.origin,
            "attacker": self.attacker,
            "defender": self.defender or None,
            "march_order": self.march_token,
            "army": list(self.army),
            "support": dict(self.support),
            "support_to_declare": list(self.queue),
        }
