"""Updating the supply track and reconciling armies (the Supply Westeros card, and what reuses it).

Each house's supply moves to the supply icons it controls; a house whose armies no longer fit removes
units of its choice until they do. Houses over their limit choose at the same time, since no house's
choice touches another's units. Removing more than needed is refused: the rulebook says to remove
units *until* the armies fit, so every removal must be needed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from data.thrones_names import Counted, Named
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.thrones.actions import Action, Destroy
from engine.thrones.board import BOARD
from engine.thrones.control import supply_levels
from engine.thrones.frame import ThronesFrame, expect
from engine.thrones.phrases import tally, units_in
from engine.thrones.ports import settle_port
from engine.thrones.state import State
from engine.thrones.supply import area_sizes, fits, within_limit
from i18n import nsaid, psaid

if TYPE_CHECKING:
    from engine.thrones.game import ThronesGame

# Which units a forced reconciliation gives up first: the weakest.
_EXPENDABLE = {"footman": 0, "ship": 1, "siege": 2, "knight": 3}


def check_present(state: State, house: str, units: Sequence[tuple[str, str]]) -> None:
    """Raise unless the house has every unit named, (area, kind), as many times as it is named."""
    for (area, kind), count in Counter(units).items():
        present = sum(1 for u in state.units.get(area, []) if u.house == house and u.kind == kind)
        if count > present:
            raise IllegalAction(
                nsaid(
                    "You have {units} in {area}, not {wanted}.",
                    "You have {units} in {area}, not {wanted}.",
                    present,
                    units=Counted(kind, present),
                    area=Named("areas", area),
                    wanted=count,
                )
            )


def validate_reconcile(state: State, house: str, units: tuple[tuple[str, str], ...]) -> None:
    sizes = area_sizes(state, house)
    check_present(state, house, units)
    per_area = Counter(area for area, _ in units)
    after = {area: size - per_area[area] for area, size in sizes.items()}
    if not fits(after.values(), state.supply[house]):
        raise IllegalAction("After those removals your armies still exceed your supply limit.")
    for area in per_area:
        after[area] += 1
        if fits(after.values(), state.supply[house]):
            raise IllegalAction(
                "Removing that many units is not needed: keep one more in {area}.", area=Named("areas", area)
            )
        after[area] -= 1


def reconcile_plan(state: State, house: str, rng: Rng | None = None) -> tuple[tuple[str, str], ...]:
    """A legal set of removals: the weakest units of the largest armies by default, random with ``rng``."""
    sizes = area_sizes(state, house)
    kinds = {area: sorted((u.kind for u in state.units[area]), key=_EXPENDABLE.__getitem__) for area in sizes}
    removed: list[tuple[str, str]] = []
    level = state.supply[house]
    while not fits(sizes.values(), level):
        armies = sorted((a for a, n in sizes.items() if n >= 2), key=lambda a: (-sizes[a], a))
        area = rng.choice(armies) if rng is not None else armies[0]
        pool = kinds[area]
        kind = pool.pop(rng.below(len(pool)) if rng is not None else 0)
        sizes[area] -= 1
        removed.append((area, kind))
    for index in range(len(removed) - 1, -1, -1):
        area, kind = removed[index]
        sizes[area] += 1
        if fits(sizes.values(), level):
            del removed[index]
        else:
            sizes[area] -= 1
    return tuple(sorted(removed))


def destroy_units(state: State, house: str, units: tuple[tuple[str, str], ...]) -> set[str]:
    """Remove the listed units (routed ones first when there is a choice); returns the areas touched."""
    touched = set()
    for area, kind in units:
        pool = state.units[area]
        candidates = [i for i, u in enumerate(pool) if u.house == house and u.kind == kind]
        routed = [i for i in candidates if pool[i].routed]
        pool.pop((routed or candidates)[0])
        if not pool:
            del state.units[area]
        touched.add(area)
    return touched


@dataclass
class ReconcileFrame(ThronesFrame):
    """Every house over its supply limit removes units until its armies fit."""

    kind = "reconcile"

    def run(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        over = [house for house in state.throne if not within_limit(state, house)]
        if not over:
            game.pop(self)
            return None
        return [
            Decision(
                house=house,
                kind="reconcile",
                prompt=f"Your armies exceed supply level {state.supply[house]}: choose units to destroy "
                "until they fit.",
                secret=False,
                default=Destroy(reconcile_plan(state, house)),
                schema={"supply": state.supply[house], "armies": area_sizes(state, house)},
            )
            for house in over
        ]

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(action, Destroy, what=psaid("awaited", "the units to destroy ('destroy AREA UNIT, ...')"))
        assert isinstance(action, Destroy)
        state = game.state
        validate_reconcile(state, house, action.units)
        touched = destroy_units(state, house, action.units)
        game.emit(
            "supply-losses",
            f"House {house.title()} brings its armies within its supply: it loses {units_in(action.units)}.",
            house=house,
            units=[list(u) for u in action.units],
        )
        for area in sorted(touched):
            if area in BOARD.land:
                settle_port(game, area)

    def describe(self, game: ThronesGame, viewer: str | None) -> dict[str, Any]:
        return {"step": "reconcile"}


@dataclass
class SupplyFrame(ThronesFrame):
    """The Supply card: update every house's supply level, then reconcile."""

    kind = "supply"

    def run(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        changes = {}
        levels = supply_levels(state)
        for house in state.throne:
            level = levels[house]
            if level != state.supply[house]:
                changes[house] = [state.supply[house], level]
            state.supply[house] = level
        if changes:
            listed = tally((house, f"{old} → {new}") for house, (old, new) in changes.items())
            game.emit("supply", f"Supply is updated: {listed}.", changes=changes)
        else:
            game.emit("supply", "Supply is updated: no house's level changes.", changes=changes)
        game.pop(self)
        game.push(ReconcileFrame())
        return None
