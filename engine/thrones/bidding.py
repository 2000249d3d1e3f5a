"""Bidding power: secret simultaneous bids, and Clash of Kings (rulebook: "Cómo apostar en los medidores").

Each bidder secretly commits part of its available power; the bids are revealed together and every
bid token goes to the pool whatever the result. A house with no power bids 0 without being asked.
Until every bid is in, a house may change its own bid.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from itertools import groupby
from typing import TYPE_CHECKING, Any

from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.thrones.actions import Action, Bid, Rank
from engine.thrones.frame import ThronesFrame, expect
from engine.thrones.phrases import house as house_name
from engine.thrones.phrases import named, tally
from engine.thrones.state import State
from i18n import nsaid, psaid

if TYPE_CHECKING:
    from engine.thrones.game import ThronesGame

TRACK_NAMES = {"throne": "Iron Throne", "fiefdoms": "Fiefdoms", "court": "King's Court"}
TRACK_ORDER = ("throne", "fiefdoms", "court")
DOMINANCE = {
    "throne": "the Iron Throne",
    "fiefdoms": "the Valyrian Steel Blade",
    "court": "the Messenger Raven",
}

# What a bid or a ranking step waits for, said once here rather than at every answer.
_AWAITED_BID = psaid("awaited", "your bid ('bid N')")
_AWAITED_RANK = psaid("awaited", "the order of the tied houses ('rank HOUSE HOUSE ...')")


@functools.cache
def bid_options(power: int) -> tuple[Bid, ...]:
    """Every bid a house with ``power`` may make, 0 first (made once for each amount: bids are values)."""
    return tuple(Bid(n) for n in range(power + 1))


def bid_decisions(
    state: State,
    bidders: list[str],
    bids: dict[str, int],
    prompt: str,
    data: dict[str, Any],
    asked: dict[str, Decision] | None = None,
) -> list[Decision]:
    """Decisions for the bidders still to bid; houses without power bid 0 at once. ``data`` says what the
    bid is for (see :class:`Decision`); each decision adds the house's power to it.

    ``asked`` (house -> decision), if given, keeps the decisions made for this bid, to be given again
    while the others bid rather than made anew; the caller empties it when the next bid begins, and a
    house whose power has changed is asked anew."""
    waiting = []
    for house in bidders:
        if house in bids:
            continue
        power = state.power[house]
        if power == 0:
            bids[house] = 0
            continue
        decision = asked.get(house) if asked is not None else None
        if decision is None or decision.data["power"] != power:
            decision = _bid_decision(house, power, prompt, data)
            if asked is not None:
                asked[house] = decision
        waiting.append(decision)
    return waiting


def _bid_decision(house: str, power: int, prompt: str, data: dict[str, Any]) -> Decision:
    return Decision(
        house=house,
        kind="bid",
        prompt=f"{prompt} You have {power} power.",
        secret=True,
        default=bid_options(0)[0],
        options=bid_options(power),
        data={**data, "power": power},
    )


def take_bid(state: State, house: str, action: Action, bids: dict[str, int]) -> None:
    expect(action, Bid, what=_AWAITED_BID)
    assert isinstance(action, Bid)
    if action.amount > state.power[house]:
        raise IllegalAction(
            nsaid(
                "You have {count} power; you cannot bid {amount}.",
                "You have {count} power; you cannot bid {amount}.",
                state.power[house],
                amount=action.amount,
            )
        )
    bids[house] = action.amount


def pay_bids(state: State, bids: dict[str, int]) -> None:
    for house, amount in bids.items():
        state.power[house] -= amount


def groups_by_bid(bids: dict[str, int], order: list[str]) -> list[list[str]]:
    """Houses grouped by equal bids, highest first; within a group, in ``order``."""
    ranked = sorted(bids, key=lambda house: (-bids[house], order.index(house)))
    return [list(group) for _, group in groupby(ranked, key=lambda house: bids[house])]


def rank_decision(holder: str, tied: list[str], what: str, track: str) -> Decision:
    return Decision(
        house=holder,
        kind="rank",
        prompt=f"As holder of the Iron Throne, put the houses tied {what} in order, best first: "
        f"{', '.join(h.title() for h in tied)}.",
        secret=False,
        default=Rank(tuple(tied)),
        schema={"houses": list(tied)},
        data={"track": track},
    )


def check_rank(action: Action, tied: list[str]) -> tuple[str, ...]:
    expect(action, Rank, what=_AWAITED_RANK)
    assert isinstance(action, Rank)
    if sorted(action.houses) != sorted(tied):
        raise IllegalAction(
            "Rank exactly the tied houses: {houses}.",
            houses=named("houses", tied),
        )
    return action.houses


@dataclass
class ClashOfKingsFrame(ThronesFrame):
    """Bid for the three influence tracks in turn: Iron Throne, Fiefdoms, King's Court."""

    kind = "clash-of-kings"
    track: int = 0
    bids: dict[str, int] = field(default_factory=dict)
    groups: list[list[str]] | None = None  # after the reveal: houses by bid, ties still to settle

    def __post_init__(self) -> None:
        # The bid decisions of the current track, by house (see bid_decisions): emptied when the next
        # track's bidding begins. Not a field: no position holds it.
        self._asked: dict[str, Decision] = {}

    def run(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        if self.track >= len(TRACK_ORDER):
            game.pop(self)
            return None
        name = TRACK_ORDER[self.track]
        if self.groups is None:
            waiting = bid_decisions(
                state,
                state.throne,
                self.bids,
                f"Bid for the {TRACK_NAMES[name]} track.",
                {"track": name},
                self._asked,
            )
            if waiting:
                return waiting
            pay_bids(state, self.bids)
            self.groups = groups_by_bid(self.bids, getattr(state, name))
            ranked = [house for group in self.groups for house in group]
            listed = tally((house, self.bids[house]) for house in ranked)
            game.emit(
                "bids",
                f"Bids for the {TRACK_NAMES[name]} track: {listed}.",
                track=name,
                bids=dict(self.bids),
                ranked=ranked,
            )
        for group in self.groups:
            if len(group) > 1:
                return [rank_decision(state.throne[0], group, f"for the {TRACK_NAMES[name]} track", name)]
        ranking = [group[0] for group in self.groups]
        setattr(state, name, ranking)
        game.emit(
            "track",
            f"{TRACK_NAMES[name]} track: {', '.join(house_name(h) for h in ranking)}; "
            f"{house_name(ranking[0])} holds {DOMINANCE[name]}.",
            track=name,
            order=list(ranking),  # a copy: the track itself may change later
        )
        self.track += 1
        self.bids = {}
        self.groups = None
        self._asked = {}
        return None

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        if self.groups is None:
            take_bid(game.state, house, action, self.bids)
            return
        tied = next(group for group in self.groups if len(group) > 1)
        order = check_rank(action, tied)
        index = self.groups.index(tied)
        self.groups[index : index + 1] = [[h] for h in order]

    def accepts_resubmission(self, house: str) -> bool:
        return self.groups is None and house in self.bids

    def withdraw(self, house: str) -> None:
        del self.bids[house]

    def describe(self, game: ThronesGame, viewer: str | None) -> dict[str, Any]:
        described: dict[str, Any] = {
            "step": "clash-of-kings",
            "track": TRACK_ORDER[min(self.track, 2)],
            "bid_placed": sorted(self.bids),
        }
        if self.groups is not None:
            described["bids"] = dict(self.bids)
        elif viewer in self.bids:
            described["my_bid"] = self.bids[viewer]
        return described
