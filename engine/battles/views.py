"""Redacted views: what one house, or a spectator, may see of a battle.

Hidden: the cards in another house's hand (only their number shows) and the order of every leadership
deck (only its size shows, to its owner too), the random generator's state, the prompts of another
house's secret decisions (a turn's prompt lists its hand), and in a skirmish the commanders another house
has chosen until both have (the frames' own ``describe`` redact what they hold). Everything else is
public: the board and what fire has done to it, the engagement tokens, the order-token pools, the dice,
morale, victory points, the commanders and their command tokens, who has captured whom, the discard piles,
the settings. Every view says what content the battle is played on, and labels a sample as a sample.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.battles.categories import category
from engine.battles.keywords import keywords
from engine.battles.variants import DEFAULTS

if TYPE_CHECKING:
    from engine.battles.game import BattlesGame

PHASES = {"command": "command", "card": "command", "orders": "command", "choose": "command"}
PHASES |= {"adjust": "command", "attack": "command", "parting": "command", "regroup": "regroup"}
PHASES |= {"skirmish": "setup"}


def current_phase(game: BattlesGame) -> str:
    """The phase the battle is in: rally, marshal, command, regroup (or over)."""
    if game.over:
        return "over"
    for frame in reversed(game.state.stack):
        if frame.kind in PHASES:
            return PHASES[frame.kind]
    return getattr(game.state.stack[0], "next", "rally")


def build_view(game: BattlesGame, viewer: str | None) -> dict[str, Any]:
    state = game.state
    pack, plan = state.pack, state.plan
    track = pack.morale
    zone = track.zone_at(state.morale_space) if state.morale_house else None
    return {
        "game": "battles",
        "viewer": viewer,
        "content": {
            "id": pack.id,
            "name": pack.name,
            "provenance": pack.provenance,
            "label": pack.label,
            "hash": pack.hash,
        },
        "battle": {"id": plan.id, "name": plan.name, "note": plan.note, "rounds": plan.rounds},
        "round": state.round,
        "phase": current_phase(game),
        "over": game.over,
        "winner": state.winner,
        "ranking": list(state.ranking),
        "first": state.first,
        "initiative": state.initiative,
        "morale": {
            "house": state.morale_house,
            "space": state.morale_space,
            "zone": zone.colour if zone else None,
            "spaces": track.spaces,
            "zones": [
                {"colour": z.colour, "from": z.first, "to": z.last, "rest": z.rest} for z in track.zones
            ],
            "grey": sorted(track.grey),
            "ends": {house: setup.morale_end for house, setup in plan.houses.items()},
        },
        "die": {"faces": list(pack.die), "note": pack.die_note},
        "board": {
            "columns": plan.board.columns,
            "rows": plan.board.rows,
            "terrain": {**plan.board.terrain, **state.placed},
            "tokens": {h: t for h, t in plan.board.tokens.items() if h not in state.removed},
            "destroyed": sorted(state.destroyed),
            "fire": dict(sorted(state.fire.items())),
            "directions": list(plan.board.directions),
            "edges": {house: setup.edge for house, setup in plan.houses.items()},
            "exits": {house: setup.exit for house, setup in plan.houses.items() if setup.exit},
        },
        "engagements": [
            {"house": e.house, "hexes": sorted(state.units[uid].at for uid in e.units)}
            for e in state.engagements
        ],
        "variants": {name: state.variant(name) for name in DEFAULTS},
        "units": _units(game),
        "commanders": _commanders(game),
        "houses": {house: _house(game, house, viewer) for house in state.houses},
        "markers": dict(sorted(state.markers.items())),
        "objectives": [
            {"hexes": list(o.hexes), "vp": o.vp, "when": o.when, "control": o.control, "house": o.house}
            for o in plan.victory.objectives
        ],
        "procedure": [frame.describe(game, viewer) for frame in state.stack],  # type: ignore[attr-defined]
        "waiting_for": _waiting(game, viewer),
        "stats": dict(sorted(state.stats.items())),
    }


def _units(game: BattlesGame) -> dict[str, Any]:
    state = game.state
    found = {}
    for uid, unit in sorted(state.units.items(), key=lambda item: item[1].at):
        kind = state.pack.units[unit.type]
        found[unit.at] = {
            "id": uid,
            "house": unit.house,
            "type": unit.type,
            "name": kind.name,
            "class": kind.unit_class,
            "rank": unit.rank,
            "strength": unit.strength,
            "full": kind.strength,
            "active": unit.active,
            "commander": unit.commander,
            "keywords": [f"{k} {n}" if n else k for k, n in sorted(keywords(state, uid).items())],
        }
    return found


def _commanders(game: BattlesGame) -> dict[str, Any]:
    state = game.state
    found = {}
    for cid, card in state.commanders.items():
        commander = state.pack.commanders[cid]
        found[cid] = {
            "house": commander.house,
            "name": commander.name,
            "title": commander.title,
            "at": state.commander_hex(cid),
            "command_tokens": card.tokens,
            "command_limit": commander.command_limit,
            "capture": commander.capture,
            "zoc": commander.zoc,
            "committed": card.committed,
            "captured_by": card.captured_by,
            "unit_abilities": [effect.text for effect in commander.unit_abilities],
            "commit_ability": commander.commit_ability.effect.text if commander.commit_ability else None,
        }
    return found


def _house(game: BattlesGame, house: str, viewer: str | None) -> dict[str, Any]:
    state = game.state
    info: dict[str, Any] = {
        "command_tokens": state.command_tokens[house],
        "pool": list(state.pools[house]),
        "hand_size": len(state.hands[house]),
        "deck_size": len(state.decks[house]),
        "discards": list(state.discards[house]),
        "vp": state.vp[house],
        "eliminated": state.eliminated[house],
        "exited": state.exited[house],
    }
    if house == viewer:
        info["hand"] = sorted(state.hands[house])
    return info


def _waiting(game: BattlesGame, viewer: str | None) -> list[dict[str, Any]]:
    waiting = []
    for decision in game.pending():
        entry: dict[str, Any] = {
            "house": decision.house,
            "kind": decision.kind,
            "category": category(decision.kind),
            "secret": decision.secret,
        }
        if not decision.secret or decision.house == viewer:
            entry["prompt"] = decision.prompt
        waiting.append(entry)
    return waiting
