"""Which teller words each kind of event: the modules of this package register theirs with :func:`tells`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from data.thrones_names import Named
from i18n import Said

Data = Mapping[str, Any]
Teller = Callable[[Data], Said]

TELLERS: dict[str, Teller] = {}
# The dominance token that goes with first place on each influence track.
DOMINANCE = {"throne": "iron-throne-token", "fiefdoms": "valyrian-steel-blade", "court": "messenger-raven"}


def tells(kind: str) -> Callable[[Teller], Teller]:
    """Register a teller: the function that words events of ``kind`` from their data."""

    def register(teller: Teller) -> Teller:
        TELLERS[kind] = teller
        return teller

    return register


def character(card: str) -> Named:
    """The house card whose text acts: "Tyrion Lannister", "Reina de Espinas"."""
    return Named("house_cards", card)
