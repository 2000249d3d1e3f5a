"""Redacted views: what one house, or a spectator, may see of a game.

Hidden here: orders before they are revealed (others see only a face-down token), bids and house
cards not yet revealed, the order of every deck, the top wildling card (but for a house that looked
at it with the Messenger Raven), other houses' unused order tokens, the random generator's state,
and the prompts of other houses' secret decisions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.thrones import orders as order_rules
from engine.thrones.board import BOARD
from engine.thrones.control import (
    available_units,
    castle_count,
    controller,
    power_on_board,
    stronghold_count,
)

if TYPE_CHECKING:
    from engine.thrones.game import ThronesGame


def current_phase(game: ThronesGame) -> str:
    """The phase the game is in: westeros, planning, action, round (between them) or over."""
    if game.over:
        return "over"
    for frame in reversed(game.state.stack):
        if frame.kind in ("westeros", "planning", "action"):
            return frame.kind
    return "round"


def _areas(game: ThronesGame, viewer: str | None) -> dict[str, Any]:
    state = game.state
    areas: dict[str, Any] = {}
    for area in BOARD.ids:
        entry: dict[str, Any] = {}
        owner = controller(state, area)
        if owner is not None:
            entry["controller"] = owner
        units = state.units.get(area)
        if units:
            entry["units"] = [u.to_json() for u in units]
        order = state.orders.get(area)
        if order is not None:
            if state.orders_revealed or order.house == viewer:
                entry["order"] = {"house": order.house, "token": order.token}
            else:
                entry["order"] = {"house": order.house}
        if area in state.power_tokens:
            entry["power_token"] = state.power_tokens[area]
        if area in state.garrisons:
            entry["garrison"] = state.garrisons[area]
        if area in state.neutral_forces:
            entry["neutral_force"] = state.neutral_forces[area]
        if area in state.impassable:
            entry["impassable"] = True
        if entry:
            areas[area] = entry
    return areas


def _houses(game: ThronesGame, viewer: str | None) -> dict[str, Any]:
    state = game.state
    houses: dict[str, Any] = {}
    for house in state.houses:
        info: dict[str, Any] = {
            "power": state.power[house],
            "power_on_board": power_on_board(state, house),
            "supply": state.supply[house],
            "castles": castle_count(state, house),
            "strongholds": stronghold_count(state, house),
            "special_orders_allowed": order_rules.stars(state, house),
            "hand": list(state.hands[house]),
            "discards": list(state.discards[house]),
            "reserve": available_units(state, house),
        }
        if house == viewer:
            info["unused_orders"] = dict(sorted(order_rules.unused(state, house).items()))
        houses[house] = info
    return houses


def _waiting(game: ThronesGame, viewer: str | None) -> list[dict[str, Any]]:
    waiting = []
    for decision in game.pending():
        entry: dict[str, Any] = {"house": decision.house, "kind": decision.kind, "secret": decision.secret}
        if not decision.secret or decision.house == viewer:
            entry["prompt"] = decision.prompt
        waiting.append(entry)
    return waiting


def build_view(game: ThronesGame, viewer: str | None) -> dict[str, Any]:
    state = game.state
    wildlings: dict[str, Any] = {
        "threat": state.wildling_threat,
        "deck_size": len(state.wildling_deck),
        "last_card": state.last_wildling_card,
    }
    if viewer is not None and viewer in state.wildling_known_to and state.wildling_deck:
        wildlings["top_card"] = state.wildling_deck[0]
    return {
        "game": "thrones",
        "viewer": viewer,
        "players": state.players,
        "houses_in_play": list(state.houses),
        "tides_of_battle": state.tides_of_battle,
        "round": state.round,
        "phase": current_phase(game),
        "over": game.over,
        "winner": state.winner,
        "ranking": list(state.ranking),
        "areas": _areas(game, viewer),
        "tracks": {
            "throne": list(state.throne),
            "fiefdoms": list(state.fiefdoms),
            "court": list(state.court),
        },
        "dominance": {
            "iron_throne": state.throne[0],
            "valyrian_steel_blade": state.fiefdoms[0],
            "messenger_raven": state.court[0],
            "blade_used": state.blade_used,
            "raven_used": state.raven_used,
        },
        "houses": _houses(game, viewer),
        "westeros": {
            "revealed": list(state.westeros_revealed),
            "deck_sizes": [len(deck) for deck in state.westeros_decks],
            "discards": [list(pile) for pile in state.westeros_discards],
        },
        "wildlings": wildlings,
        "restrictions": list(state.restrictions),
        "procedure": [frame.describe(game, viewer) for frame in state.stack],  # type: ignore[attr-defined]
        "waiting_for": _waiting(game, viewer),
        "stats": dict(state.stats),
        "last_action_phase": {key: [list(i) for i in items] for key, items in state.marks.items()},
    }
