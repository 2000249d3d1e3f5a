"""Order tokens: what each house owns, what it may place, and the Westeros restrictions on them."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable

from engine.thrones.board import FACTS
from engine.thrones.state import State
from i18n import Said, said

TOKENS = FACTS.order_tokens
OWNED: Counter[str] = Counter({token.id: token.copies for token in TOKENS.values()})
TYPE_OF: dict[str, str] = {token.id: token.type for token in TOKENS.values()}  # "march", "raid", ...

# Restrictions placed by deck III Westeros cards (and Put to the Sword) on the coming Planning phase, each
# with the refusal of an order it forbids.
RESTRICTIONS: dict[str, Said] = {
    "no-special-march": said("This round the special March +1 order may not be placed."),
    "no-defense": said("This round Defense orders may not be placed."),
    "no-raid": said("This round Raid orders may not be placed."),
    "no-consolidate": said("This round Consolidate Power orders may not be placed."),
    "no-support": said("This round Support orders may not be placed."),
}


def forbidden_by(token_id: str, restrictions: Iterable[str]) -> str | None:
    """The restriction that forbids placing this token, if any."""
    token = TOKENS[token_id]
    for restriction in restrictions:
        if restriction == "no-special-march":
            if token.type == "march" and token.special:
                return restriction
        elif restriction == f"no-{token.type}":
            return restriction
    return None


def stars(state: State, house: str) -> int:
    """Special orders the house may place, from its King's Court position."""
    return FACTS.setups[state.players].court_stars[state.court.index(house)]


def placed_by(state: State, house: str) -> Counter[str]:
    return Counter(order.token for order in state.orders.values() if order.house == house)


def unused(state: State, house: str) -> Counter[str]:
    """The house's tokens that are not on the board."""
    return OWNED - placed_by(state, house)


def placeable(restrictions: Iterable[str]) -> tuple[str, ...]:
    """The ids of the tokens the restrictions leave placeable, sorted."""
    return _allowed(tuple(restrictions))[3]


@functools.cache
def _allowed(restrictions: tuple[str, ...]) -> tuple[Counter[str], int, int, tuple[str, ...]]:
    """For a round's restrictions: the placeable tokens, how many of them are normal and special, and
    their ids sorted. Worked out once for each set of restrictions (there are few), as Planning asks for
    them often."""
    allowed = Counter({t: n for t, n in OWNED.items() if forbidden_by(t, restrictions) is None})
    normal = sum(n for t, n in allowed.items() if not TOKENS[t].special)
    special = sum(n for t, n in allowed.items() if TOKENS[t].special)
    return allowed, normal, special, tuple(sorted(allowed))


def capacity(state: State, house: str) -> int:
    """How many orders the house can place in all, given restrictions and its stars."""
    _, normal, special, _ = _allowed(tuple(state.restrictions))
    return normal + min(special, stars(state, house))


def describe(token_id: str) -> str:
    return TOKENS[token_id].name
