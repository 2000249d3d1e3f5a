"""The "sensible" AI style: simple heuristics that defend what a house holds and take what it can.

Orders, marches, raids, consolidations and musters live in :mod:`engine.thrones.ai.orders` and
:mod:`engine.thrones.ai.muster`; this module answers everything else (bids, house cards, support, retreats,
losses, wildling cards...) and falls back on the random legal player for any decision it has no idea
about. It is deterministic: the same game and decision give the same action (the ``rng`` only feeds that
fallback).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from engine.core.decisions import Decision
from engine.core.rng import Rng
from engine.thrones.actions import (
    Action,
    Bid,
    Choose,
    Destroy,
    Discard,
    Muster,
    Play,
    Rank,
    Raven,
    Retrieve,
    Swap,
)
from engine.thrones.ai.board import EXPENDABLE, VALUE, Sense, card_strength
from engine.thrones.ai.muster import muster_items
from engine.thrones.ai.orders import choose_consolidate, choose_march, choose_orders, choose_raid
from engine.thrones.board import BOARD, FACTS
from engine.thrones.combat.frame import CombatFrame
from engine.thrones.combat.strength import breakdown
from engine.thrones.control import castle_counts, supply_icons
from engine.thrones.game import ThronesGame
from engine.thrones.orders import TOKENS
from engine.thrones.random_player import random_action
from engine.thrones.reconcile import reconcile_plan

# --- bids ----------------------------------------------------------------------------------------------

# Share of its power a house puts on each influence track, in bidding order (of what it has left then).
_TRACK_SHARE = (0.35, 0.3, 0.45)


def _bid(game: ThronesGame, decision: Decision) -> Action:
    state, house = game.state, decision.house
    frame = state.stack[-1]
    power = state.power[house]
    if frame.kind == "wildling-attack":
        # A fair share of the threat, never all its power.
        share = math.ceil(frame.strength / max(1, len(frame.participants)))
        return Bid(max(0, min(share, power - 1)))
    if frame.kind == "clash-of-kings":
        want = int(power * _TRACK_SHARE[frame.track] + 0.5)
        # More than any rival can bid is waste (the Iron Throne holder settles ties in its own favour).
        rivals = max((state.power[h] for h in state.throne if h != house), default=0)
        enough = rivals if state.throne[0] == house else rivals + 1
        return Bid(max(0, min(want, enough, power)))
    return decision.default


def _rank(game: ThronesGame, decision: Decision) -> Action:
    """Settling a tie as the Iron Throne holder: itself first, then the houses with fewest castles."""
    castles = castle_counts(game.state)
    houses = list(decision.schema["houses"])
    houses.sort(key=lambda h: (h != decision.house, castles[h], h))
    return Rank(tuple(houses))


# --- combat --------------------------------------------------------------------------------------------


def _strength_of(game: ThronesGame, house: str, card: str, frame: CombatFrame) -> int:
    """A card's strength in this battle, with the conditions the printed number leaves out."""
    state = game.state
    opponent = frame.opponent(house)
    strength = card_strength(card)
    bonus = {
        "stannis-baratheon": state.throne.index(opponent) < state.throne.index(house),
        "ser-davos-seaworth": "stannis-baratheon" in state.discards[house],
        "theon-greyjoy": house == frame.defender and bool(BOARD.castle[frame.area]),
    }
    if bonus.get(card):
        strength += 1
    elif card == "catelyn-stark" and house == frame.defender:
        order = state.orders.get(frame.area)
        if order is not None and order.house == house and TOKENS[order.token].type == "defense":
            strength += TOKENS[order.token].bonus
    return strength


def _saving(play: Play) -> tuple[int, str]:
    """Cheap cards that save units first."""
    return (card_strength(play.card) - FACTS.house_cards[play.card].fortifications, play.card)


def _pick_card(game: ThronesGame, decision: Decision) -> Action:
    """The cheapest card that wins against the opponent's best; the weakest when nothing can win; the
    strongest when the battle is open and matters."""
    state, house = game.state, decision.house
    frame = state.stack[-1]
    plays = [o for o in decision.options or () if isinstance(o, Play)]
    if not plays or frame.kind != "combat":
        return decision.default
    opponent = frame.opponent(house)
    mine, theirs = (breakdown(state, frame, h)["total"] for h in (house, opponent))
    ties = state.fiefdoms.index(house) < state.fiefdoms.index(opponent)
    their_cards = sorted(_strength_of(game, opponent, c, frame) for c in state.hands[opponent]) or [0]
    if frame.revealed:
        their_cards = [0]  # after Tyrion Lannister: their card is known and already counted

    def wins(card: str, their: int) -> bool:
        margin = mine + _strength_of(game, house, card, frame) - theirs - their
        return margin > 0 or (margin == 0 and ties)

    def cost(play: Play) -> tuple[int, int, str]:
        info = FACTS.house_cards[play.card]
        return (_strength_of(game, house, play.card, frame), -(info.swords + info.fortifications), play.card)

    ordered = sorted(plays, key=cost)
    sure = [p for p in ordered if wins(p.card, their_cards[-1])]
    if sure:
        return sure[0]
    if not any(wins(p.card, their_cards[0]) for p in ordered):
        # Lost whatever happens: keep the good cards, and save units with fortifications if possible.
        return min(plays, key=_saving)
    stake = VALUE[frame.area] + len(frame.army) + len(state.units.get(frame.area, []))
    if stake >= 4:
        return ordered[-1]
    middle = their_cards[len(their_cards) // 2]
    return next((p for p in ordered if wins(p.card, middle)), ordered[-1])


def _support(game: ThronesGame, decision: Decision) -> Action:
    """Back its own side; between two other houses, the one with fewer castles, if the other leads."""
    state, house = game.state, decision.house
    options = [o.option for o in decision.options or () if isinstance(o, Choose)]
    if house in options:
        return Choose(house)
    sides = [o for o in options if o != "none"]
    if len(sides) == 2:
        castles = castle_counts(state)
        weaker, stronger = sorted(sides, key=lambda h: (castles[h], h))
        if castles[stronger] > castles[weaker] and castles[stronger] >= castles[house]:
            return Choose(weaker)
    return Choose("none")


def _tyrion(game: ThronesGame, decision: Decision) -> Action:
    frame = game.state.stack[-1]
    card = frame.cards.get(frame.opponent(decision.house))
    return Choose("cancel" if card and card_strength(card) >= 3 else "keep")


def _aeron(game: ThronesGame, decision: Decision) -> Action:
    """Pay 2 power for another card when it turns a lost battle."""
    state, house = game.state, decision.house
    frame = state.stack[-1]
    opponent = frame.opponent(house)
    behind = breakdown(state, frame, opponent)["total"] - breakdown(state, frame, house)["total"]
    ties = state.fiefdoms.index(house) < state.fiefdoms.index(opponent)
    need = behind if ties else behind + 1
    plays = [o for o in decision.options or () if isinstance(o, Play)]
    plays.sort(key=lambda p: card_strength(p.card))
    if need > 0:
        for play in plays:
            if card_strength(play.card) >= need:
                return play
    return Choose("skip")


def _doran(game: ThronesGame, decision: Decision) -> Action:
    """Send the opponent down the track where it stands highest (the Iron Throne first on a tie)."""
    state = game.state
    opponent = state.stack[-1].opponent(decision.house)
    options = [o.option for o in decision.options or ()]
    return Choose(min(options, key=lambda t: (getattr(state, t).index(opponent), options.index(t))))


_ORDER_HARM = {"support": 3.0, "march": 2.5, "defense": 2.0, "consolidate": 1.5, "raid": 1.0}


def _remove_order(game: ThronesGame, decision: Decision) -> Action:
    """Queen of Thorns and Cersei Lannister: remove the enemy order that hurts most."""
    state = game.state
    best, worth = None, 0.0
    for option in decision.options or ():
        area = option.option
        if area not in state.orders:
            continue
        token = TOKENS[state.orders[area].token]
        score = _ORDER_HARM[token.type] + 0.5 * token.special + 0.1 * VALUE[area]
        if score > worth:
            best, worth = option, score
    return best or decision.default


def _patchface(game: ThronesGame, decision: Decision) -> Action:
    discards = [o for o in decision.options or () if isinstance(o, Discard)]
    if not discards:
        return decision.default
    return max(discards, key=lambda d: (card_strength(d.card), d.card))


def _first_not_none(game: ThronesGame, decision: Decision) -> Action:
    """Renly Baratheon: upgrade a footman whenever it can."""
    return next((o for o in decision.options or () if o != Choose("none")), decision.default)


def _tides(game: ThronesGame, decision: Decision) -> Action:
    card = FACTS.tides_cards[decision.schema["card"]]
    poor = card.strength == 0 and card.swords == 0 and card.fortifications == 0 and card.skulls == 0
    return Choose("redraw" if poor else "keep")


def _losses(game: ThronesGame, decision: Decision) -> Action:
    """Give up the weakest units."""
    units = sorted((tuple(u) for u in decision.schema["units"]), key=lambda u: (EXPENDABLE[u[1]], u))
    return Destroy(tuple(units[: decision.schema["count"]]))  # type: ignore[arg-type]


def _retreat(game: ThronesGame, decision: Decision) -> Action:
    """Fewest losses, then the safest and most valuable area that is already its own."""
    state, house = game.state, decision.house
    sense = Sense(state, house)
    losses = decision.schema.get("losses", {})
    options = [o for o in decision.options or () if isinstance(o, Choose)]
    if not options:
        return decision.default
    robbed = state.stack[-1].loser != house  # Robb Stark: Stark sends the loser where it likes least

    def score(option: Choose) -> tuple[float, ...]:
        area = option.option
        safe = -sense.threat(area)
        mine = sense.owner(area) == house
        return (-losses.get(area, 0), safe, mine, VALUE[area])

    chosen = min(options, key=score) if robbed else max(options, key=score)
    return chosen


def _reconcile(game: ThronesGame, decision: Decision) -> Action:
    return Destroy(reconcile_plan(game.state, decision.house))


def _muster(game: ThronesGame, decision: Decision) -> Action:
    state, house = game.state, decision.house
    allowed = {area: info["points"] for area, info in decision.schema["areas"].items()}
    sense = Sense(state, house)
    if decision.schema.get("one_area"):
        best = max(sorted(allowed), key=lambda a: (bool(sense.threat(a)), allowed[a]))
        allowed = {best: allowed[best]}
    return Muster(muster_items(state, house, allowed, sense))


# --- the Westeros phase and the wildlings ----------------------------------------------------------------


def _westeros_choice(game: ThronesGame, decision: Decision) -> Action:
    state, house = game.state, decision.house
    options = {o.option for o in decision.options or ()}
    if "muster" in options:  # A Throne of Blades
        return Choose("supply" if supply_icons(state, house) > state.supply[house] else "muster")
    if "power" in options:  # Dark Wings, Dark Words
        return Choose("power")
    return Choose("nothing")


def _wildling_tie(game: ThronesGame, decision: Decision) -> Action:
    """The reward for itself; the penalty for the house with the most castles."""
    state, house = game.state, decision.house
    frame = state.stack[-1]
    candidates = [o.option for o in decision.options or ()]
    if frame.watch_won:
        return Choose(house if house in candidates else candidates[0])
    castles = castle_counts(state)
    others = [h for h in candidates if h != house] or candidates
    return Choose(max(others, key=lambda h: (castles[h], -candidates.index(h))))


def _preemptive_raid(game: ThronesGame, decision: Decision) -> Action:
    state, house = game.state, decision.house
    options = [o.option for o in decision.options or ()]
    units = sum(len(u) for u in state.units.values() if u[0].house == house)
    want = "units" if units >= 7 else "tracks"
    return Choose(want if want in options else options[0])


def _wildling_destroy(game: ThronesGame, decision: Decision) -> Action:
    count = decision.schema["count"]
    best: tuple[tuple[str, str], ...] | None = None
    best_cost = math.inf
    for group in decision.schema["groups"]:
        units = sorted((tuple(u) for u in group), key=lambda u: (EXPENDABLE[u[1]], u))
        chosen = tuple(units[:count])
        cost = sum(EXPENDABLE[kind] for _, kind in chosen)
        if len(chosen) == count and cost < best_cost:
            best, best_cost = chosen, cost  # type: ignore[assignment]
    return Destroy(best) if best is not None else decision.default


_RANK = {"footman": 1, "ship": 1, "siege": 2, "knight": 3}


def _wildling_swap(game: ThronesGame, decision: Decision) -> Action:
    """Upgrades: as many as allowed. Downgrades: the least it must."""
    schema = decision.schema
    better = _RANK[schema["to"]] > _RANK[schema["from"]]
    count = schema["max"] if better else schema["min"]
    areas = [area for area, n in sorted(schema["units"].items()) for _ in range(n)]
    return Swap(tuple((area, schema["from"], schema["to"]) for area in areas[:count]))


def _wildling_discard(game: ThronesGame, decision: Decision) -> Action:
    options = [o for o in decision.options or () if isinstance(o, Discard)]
    return min(options, key=lambda d: (card_strength(d.card), d.card)) if options else decision.default


def _wildling_retrieve(game: ThronesGame, decision: Decision) -> Action:
    cards = [o for o in decision.options or () if isinstance(o, Retrieve) and o.card]
    return max(cards, key=lambda r: (card_strength(r.card or ""), r.card)) if cards else decision.default


def _raven(game: ThronesGame, decision: Decision) -> Action:
    """Swap an order for Defense in an area a revealed March could take; else look at the wildlings."""
    state, house = game.state, decision.house
    swaps = [o for o in decision.options or () if isinstance(o, Raven) and o.mode == "swap"]
    sense = Sense(state, house)
    for area in sorted(a for a, o in state.orders.items() if o.house == house):
        order = state.orders[area]
        if TOKENS[order.token].type in ("defense", "march") or area not in BOARD.land:
            continue
        enemy_marches = any(
            (o := state.orders.get(near)) is not None and o.house != house and TOKENS[o.token].type == "march"
            for near in BOARD.adjacent[area]
        )
        if not enemy_marches or sense.threat(area) <= sense.own_defense(area):
            continue
        for option in swaps:
            if option.area == area and TOKENS[option.token or ""].type == "defense":
                return option
    return Raven("peek") if Raven("peek") in (decision.options or ()) else decision.default


def _raven_peek(game: ThronesGame, decision: Decision) -> Action:
    return Raven("keep")


def _default(game: ThronesGame, decision: Decision) -> Action:
    return decision.default


def _accept(game: ThronesGame, decision: Decision) -> Action:
    return Choose("accept")


def _blade(game: ThronesGame, decision: Decision) -> Action:
    return Choose("use")


HANDLERS: dict[str, Callable[[ThronesGame, Decision], Action]] = {
    "orders": choose_orders,
    "raven": _raven,
    "raven-peek": _raven_peek,
    "raid": choose_raid,
    "march": choose_march,
    "consolidate": choose_consolidate,
    "muster": _muster,
    "wildling-muster": _muster,
    "reconcile": _reconcile,
    "bid": _bid,
    "rank": _rank,
    "westeros-choice": _westeros_choice,
    "wildling-tie": _wildling_tie,
    "port-takeover": _default,  # the most ships it may replace
    "support": _support,
    "accept-support": _accept,
    "house-card": _pick_card,
    "replace-card": _pick_card,
    "tyrion": _tyrion,
    "aeron": _aeron,
    "doran": _doran,
    "queen-of-thorns": _remove_order,
    "cersei": _remove_order,
    "renly": _first_not_none,
    "patchface": _patchface,
    "tides-redraw": _tides,
    "blade": _blade,
    "casualties": _losses,
    "skull-casualties": _losses,
    "retreat-losses": _losses,
    "retreat": _retreat,
    "preemptive-raid": _preemptive_raid,
    "wildling-destroy": _wildling_destroy,
    "wildling-swap": _wildling_swap,
    "wildling-discard": _wildling_discard,
    "wildling-retrieve": _wildling_retrieve,
    "wildling-track": _default,
}


def sensible_action(game: ThronesGame, decision: Decision, rng: Rng) -> Action:
    """The sensible AI's action for ``decision``; the random legal player for kinds it does not know."""
    handler = HANDLERS.get(decision.kind)
    if handler is None:
        return random_action(game, decision, rng)
    return handler(game, decision)
