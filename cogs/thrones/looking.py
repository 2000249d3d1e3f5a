"""A Game of Thrones' part of what anyone may look at, read from the spectator's view only (so nothing
secret can reach it): the status (round, influence tracks, houses, the wildling threat), the house cards
in hand and discarded (public in this game), and the winner."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cogs.screens import Status
from cogs.thrones import names

if TYPE_CHECKING:
    from engine.core.game import Readout

ROUNDS = 10


def status(readout: Readout, view: dict[str, Any]) -> Status:
    tracks = view["tracks"]
    influence = "\n".join(
        f"{names.TRACK_NAMES[name]}: " + ", ".join(h.title() for h in tracks[name])
        for name in ("throne", "fiefdoms", "court")
    )
    houses = "\n".join(
        f"{names.house_name(h)}: {d['castles'] + d['strongholds']} castles/strongholds, "
        f"{d['power']} power, supply {d['supply']}"
        for h, d in view["houses"].items()
    )
    return Status(
        f"Round {readout.round} of {ROUNDS}, {readout.phase} phase",
        (
            ("Influence tracks", influence, False),
            ("Houses", houses, False),
            ("Wildling threat", str(view["wildlings"]["threat"]), True),
        ),
    )


def card_fields(view: dict[str, Any], house: str | None) -> list[tuple[str, str]]:
    """Each house's cards in hand and discarded (``house``'s alone, when given)."""
    fields = []
    for name, info in view["houses"].items():
        if house is not None and name != house:
            continue
        hand = ", ".join(names.card_label(c) for c in info["hand"]) or "none"
        discards = ", ".join(names.card_label(c) for c in info["discards"]) or "none"
        fields.append((names.house_name(name), f"In hand: {hand}\nDiscarded: {discards}"))
    return fields


def winner_line(house: str) -> str:
    return f"👑 **{names.house_name(house)}** wins the Iron Throne."
