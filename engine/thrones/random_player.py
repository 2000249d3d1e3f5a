"""A player that picks a random legal action for any decision: for self-play, fuzzing and benchmarks.

It is fair but aimless; it leans towards marching so that random games move about the board.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from engine.core.decisions import Decision
from engine.core.random_player import play_random_game as generic_play
from engine.core.random_player import random_action as generic_random_action
from engine.core.rng import Rng
from engine.thrones.actions import (
    Action,
    Consolidate,
    Destroy,
    March,
    Muster,
    MusterItem,
    PlaceOrders,
    Rank,
    Swap,
)
from engine.thrones.game import ThronesGame
from engine.thrones.marches import schema_allows
from engine.thrones.mustering import MusterDraft, single_items
from engine.thrones.orders import TOKENS
from engine.thrones.reconcile import reconcile_plan

_SPECIAL = frozenset(token.id for token in TOKENS.values() if token.special)
_MARCH = frozenset(token.id for token in TOKENS.values() if token.type == "march")


def random_orders(game: ThronesGame, decision: Decision, rng: Rng) -> Action:
    schema = decision.schema
    areas = list(schema["areas"])
    rng.shuffle(areas)
    # The tokens left to place, and the march tokens among them, each in the schema's order: kept as
    # tokens are placed (a placed token leaves both lists), and the special ones dropped from both once
    # no star is left, rather than filtered again for every area.
    pool, march_pool = _token_pool(tuple(schema["tokens"].items()))
    usable, marches = list(pool), list(march_pool)
    stars_left = schema["stars"]
    if stars_left <= 0:
        usable, marches = _normal(usable), _normal(marches)
    placed: dict[str, str] = {}
    for area in areas[: schema["count"]]:
        token = rng.choice(marches) if marches and rng.below(2) == 0 else rng.choice(usable)
        usable.remove(token)
        if token in _MARCH:
            marches.remove(token)
        if token in _SPECIAL:
            stars_left -= 1
            if stars_left == 0:
                usable, marches = _normal(usable), _normal(marches)
        placed[area] = token
    return PlaceOrders(tuple(sorted(placed.items())))


@functools.cache
def _token_pool(tokens: tuple[tuple[str, int], ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Every token of an orders schema's ``tokens`` (token, copies), one per copy, in order, and the march
    tokens among them: made once for each set of tokens (one per set of restrictions)."""
    pool = tuple(token for token, count in tokens for _ in range(count))
    return pool, tuple(token for token in pool if token in _MARCH)


def _normal(tokens: list[str]) -> list[str]:
    """The tokens that are not special orders, in the same order."""
    return [token for token in tokens if token not in _SPECIAL]


_Split = tuple[list[str], list[str]]  # a march order's destinations: plain moves, then fights


def _split(destinations: dict[str, dict]) -> tuple[_Split, _Split]:
    """The destinations of a march order's schema for its land units and for its ships, each sorted into
    plain moves and fights in the schema's (sorted) order: one pass over them."""
    land: _Split = ([], [])
    sea: _Split = ([], [])
    for dest, reach in destinations.items():
        moves, fights = sea if reach["units"] == ["ship"] else land
        (moves if reach["entry"] == "move" else fights).append(dest)
    return land, sea


def random_march(game: ThronesGame, decision: Decision, rng: Rng) -> Action:
    """A random split of one march order's units; what can go where is read from the decision's schema
    (:func:`engine.thrones.marches.march_schema`), not worked out again, and so is most of what decides
    whether the rules accept a try (:func:`engine.thrones.marches.schema_allows`). A try that the rules
    refuse is drawn again (up to 8 tries); what a source's try needs that no draw changes is worked out
    once."""
    state = game.state
    house = decision.house
    orders = decision.schema["orders"]
    sources = list(orders)  # the house's march orders, as house_orders lists them
    splits: dict[str, tuple[_Split, _Split]] = {}
    for _ in range(8):
        source = rng.choice(sources)
        order = orders[source]
        split = splits.get(source)
        if split is None:
            split = splits[source] = _split(order["destinations"])
        land, sea = split
        moves: dict[str, list[str]] = {}
        sent = 0
        for kind, count in order["units"].items():
            plain, fights = sea if kind == "ship" else land
            targets = [*plain, rng.choice(fights)] if fights else plain
            for _ in range(count):
                if targets and rng.below(3) != 0:
                    moves.setdefault(rng.choice(targets), []).append(kind)
                    sent += 1
        leave_power = False
        if sent == len(state.units.get(source, ())) and rng.below(2) == 0:
            leave_power = order["may_leave_power"]
        march = March(source, tuple([(d, tuple(k)) for d, k in sorted(moves.items())]), leave_power)
        if schema_allows(state, house, march, order):
            return march
    return decision.default


def random_muster_items(
    game: ThronesGame, house: str, allowed: dict[str, int], rng: Rng, reserve: dict[str, int] | None = None
) -> tuple[MusterItem, ...]:
    """``reserve``: the house's reserve, when the decision's schema tells it."""
    state = game.state
    draft = MusterDraft(state, house, allowed, reserve)
    areas = sorted(allowed)
    rng.shuffle(areas)
    for area in areas:
        singles = single_items(state, house, area)
        for _ in range(allowed[area]):
            candidates = list(singles)
            rng.shuffle(candidates)
            for item in candidates:
                if draft.admits(item):
                    draft.add(item)
                    break
    return tuple(draft.items)


def random_muster(game: ThronesGame, decision: Decision, rng: Rng) -> Action:
    allowed = {area: info["points"] for area, info in decision.schema["areas"].items()}
    return Muster(random_muster_items(game, decision.house, allowed, rng, decision.schema["reserve"]))


def random_consolidate(game: ThronesGame, decision: Decision, rng: Rng) -> Action:
    area = rng.choice(sorted(decision.schema["orders"]))
    muster = decision.schema["muster"]
    if area in muster and rng.below(2) == 0:
        return Consolidate(area, random_muster_items(game, decision.house, {area: muster[area]}, rng))
    return Consolidate(area)


def random_reconcile(game: ThronesGame, decision: Decision, rng: Rng) -> Action:
    return Destroy(reconcile_plan(game.state, decision.house, rng))


def random_rank(game: ThronesGame, decision: Decision, rng: Rng) -> Action:
    houses = list(decision.schema["houses"])
    rng.shuffle(houses)
    return Rank(tuple(houses))


def random_wildling_destroy(game: ThronesGame, decision: Decision, rng: Rng) -> Action:
    group = [(area, kind) for area, kind in rng.choice(decision.schema["groups"])]
    rng.shuffle(group)
    return Destroy(tuple(group[: decision.schema["count"]]))


def random_wildling_swap(game: ThronesGame, decision: Decision, rng: Rng) -> Action:
    schema = decision.schema
    areas = [area for area, count in sorted(schema["units"].items()) for _ in range(count)]
    rng.shuffle(areas)
    count = schema["min"] + rng.below(schema["max"] - schema["min"] + 1)
    return Swap(tuple((area, schema["from"], schema["to"]) for area in areas[:count]))


def random_wildling_muster(game: ThronesGame, decision: Decision, rng: Rng) -> Action:
    areas = decision.schema["areas"]
    area = rng.choice(sorted(areas))
    allowed = {area: areas[area]["points"]}
    return Muster(random_muster_items(game, decision.house, allowed, rng, decision.schema["reserve"]))


def random_losses(game: ThronesGame, decision: Decision, rng: Rng) -> Action:
    """Combat losses: any ``count`` of the units listed."""
    units = [tuple(unit) for unit in decision.schema["units"]]
    rng.shuffle(units)
    return Destroy(tuple(units[: decision.schema["count"]]))  # type: ignore[arg-type]


GENERATORS: dict[str, Callable[[ThronesGame, Decision, Rng], Action]] = {
    "orders": random_orders,
    "march": random_march,
    "muster": random_muster,
    "consolidate": random_consolidate,
    "reconcile": random_reconcile,
    "rank": random_rank,
    "wildling-destroy": random_wildling_destroy,
    "wildling-swap": random_wildling_swap,
    "wildling-muster": random_wildling_muster,
    "casualties": random_losses,
    "skull-casualties": random_losses,
    "retreat-losses": random_losses,
}


def random_action(game: ThronesGame, decision: Decision, rng: Rng) -> Action:
    """A random legal answer (the generic player, which samples through :data:`GENERATORS`)."""
    action: Action = generic_random_action(game, decision, rng)
    return action


def play_random_game(
    players: int, seed: int, tides_of_battle: bool = False, max_actions: int = 100_000
) -> ThronesGame:
    """Play a complete game with random legal decisions (the players' RNG is separate from the game's)."""
    game = ThronesGame.new(players, seed, tides_of_battle)
    generic_play(game, Rng(seed ^ 0x5EED), max_actions)
    return game
