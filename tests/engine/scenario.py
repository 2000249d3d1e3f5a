"""Building positions for tests: start from a real setup and change only what a test is about.

A test of one step of the rules (the planning, raid, march or consolidate step, a battle's support, a
Westeros card) is clearer with :mod:`engine.thrones.scenario`, which makes the procedure stack from the
step's name. ``scenario`` here remains for what that builder does not make: a stack written frame by frame
(a battle's later steps, a wildling card's effects, a raven holder who is not first on the King's Court).
"""

from __future__ import annotations

from typing import Any

from engine.thrones.game import ThronesGame

UnitsSpec = dict[str, tuple[str, ...]]  # area -> (house, kind, kind, ...); a kind ending in "!" is routed


def units_json(spec: UnitsSpec) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for area, (house, *kinds) in spec.items():
        out[area] = [
            {"house": house, "kind": kind.rstrip("!"), **({"routed": True} if kind.endswith("!") else {})}
            for kind in kinds
        ]
    return out


def scenario(
    players: int = 6,
    seed: int = 0,
    *,
    units: UnitsSpec | None = None,
    stack: list[dict[str, Any]] | None = None,
    orders: dict[str, tuple[str, str]] | None = None,
    **fields: Any,
) -> ThronesGame:
    """A game built from the setup for ``players`` with the given parts of the position replaced.

    ``units`` replaces every unit on the board; ``orders`` maps area -> (house, token) and marks the orders
    revealed; ``stack`` replaces the procedure stack (frames as JSON); ``hands`` and ``discards`` may name
    only the houses a test is about, the others then get none (a position has both for every house); any
    other keyword replaces that field of the position as it is.
    """
    position = ThronesGame.new(players, seed).to_position()
    if units is not None:
        position["units"] = units_json(units)
    if orders is not None:
        position["orders"] = {area: {"house": h, "token": t} for area, (h, t) in orders.items()}
        position["orders_revealed"] = True
    if stack is not None:
        position["stack"] = stack
    for key, value in fields.items():
        if key not in position:
            raise KeyError(f"no field {key!r} in a position")
        if key in ("hands", "discards"):
            value = {house: value.get(house, []) for house in position["houses"]}
        position[key] = value
    return ThronesGame.from_position(position)


def decide(game: ThronesGame, line: str) -> list[Any]:
    """Apply one notation line."""
    return game.apply_line(line)


def kinds(game: ThronesGame) -> list[tuple[str, str]]:
    return [(d.house, d.kind) for d in game.pending()]


def action_stack(step: str, **frame: Any) -> list[dict[str, Any]]:
    """A stack in the middle of the Action phase, at ``step`` ("raids", "marches" or "consolidate")."""
    after = {"raids": "marches", "marches": "consolidate", "consolidate": "cleanup"}[step]
    return [{"kind": "round", "next": "end"}, {"kind": "action", "step": after}, {"kind": step, **frame}]
