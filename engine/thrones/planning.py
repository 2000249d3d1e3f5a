"""The Planning phase: assign orders, reveal them, use the Messenger Raven.

Orders are placed secretly and simultaneously. When some house cannot cover every area holding its
units with the orders it may legally place (the rulebook's "¿No hay fichas de Orden suficientes?"),
every house places in turn order instead, and the short house places all its legal orders and leaves
the areas of its choice empty.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from data.thrones_names import Named
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.thrones import orders as order_rules
from engine.thrones.actions import Action, PlaceOrders, Raven
from engine.thrones.board import BOARD, FACTS
from engine.thrones.control import house_units
from engine.thrones.frame import ThronesFrame, expect
from engine.thrones.orders import OWNED, TOKENS
from engine.thrones.phrases import named
from engine.thrones.state import Order, State, remembered
from i18n import Said, nsaid, psaid, said

if TYPE_CHECKING:
    from engine.thrones.game import ThronesGame

# The default orders (a moderator's force or a passed deadline): the calmest legal order for each area.
_DEFAULT_PREFERENCE = {
    "land": ("defense+1", "consolidate", "support+0", "raid", "march+0", "march-1"),
    "sea": ("support+0", "raid", "defense+1", "consolidate", "march+0", "march-1"),
    "port": ("consolidate", "support+0", "raid", "defense+1", "march+0", "march-1"),
}

# Each area's default preference, looked up once: every orders decision carries its default orders.
_PREFERENCE_IN = {area: _DEFAULT_PREFERENCE[kind] for area, kind in BOARD.kind.items()}

# What the orders and the raven steps wait for, said once here rather than at every answer.
_AWAITED_ORDERS = psaid("awaited", "your orders ('orders AREA=TOKEN ...')")
_AWAITED_RAVEN = psaid("awaited", "the Messenger Raven ('raven none|peek|swap AREA TOKEN')")


def areas_needing_orders(state: State, house: str) -> list[str]:
    """The areas holding the house's units, sorted (a new list, the caller's to change)."""
    return list(_needing_orders(state, house))


def _needing_orders(state: State, house: str) -> tuple[str, ...]:
    """What :func:`areas_needing_orders` gives, kept in the board's memo until one of the house's units
    moves (Planning asks several times a phase): read it, never change it."""
    return remembered(state, house, ("needing orders",), _areas_needing_orders, state, house)


def _areas_needing_orders(state: State, house: str) -> tuple[str, ...]:
    return tuple(sorted(area for area, units in house_units(state, house).items() if units[0].house == house))


def in_turn_order(state: State) -> bool:
    """Whether the houses place their orders in turn order this phase: some house has more areas to
    order than orders it may place."""
    return any(len(_needing_orders(state, h)) > order_rules.capacity(state, h) for h in state.houses)


def validate_orders(
    state: State, house: str, placed: dict[str, str], schema: dict[str, Any] | None = None
) -> None:
    """Raise unless ``placed`` (area -> token) is a legal set of orders for the house this phase.
    ``schema`` is the house's :func:`orders_schema` this phase, when the caller has it: what the check
    reads from the board (the areas to order, the placeable tokens, the stars, how many orders)."""
    if schema is None:
        schema = orders_schema(state, house)
    needed = schema["areas"]
    for area in placed:
        if area not in needed:
            raise IllegalAction("You have no units in {area} to give an order to.", area=Named("areas", area))
    counts: dict[str, int] = {}
    for token in placed.values():
        counts[token] = counts.get(token, 0) + 1
    allowed = schema["tokens"]
    specials = 0
    for token, n in counts.items():
        if n > order_rules.OWNED[token]:
            raise IllegalAction(
                nsaid(
                    "You own {count} {token} token, not {placed}.",
                    "You own {count} {token} tokens, not {placed}.",
                    order_rules.OWNED[token],
                    token=Named("orders", token),
                    placed=n,
                )
            )
        if token not in allowed:
            reason = order_rules.forbidden_by(token, state.restrictions)
            assert reason is not None  # the placeable tokens are those no restriction forbids
            raise IllegalAction(order_rules.RESTRICTIONS[reason])
        if TOKENS[token].special:
            specials += n
    allowed_specials = schema["stars"]
    if specials > allowed_specials:
        raise IllegalAction(
            nsaid(
                "Your King's Court position allows {count} special order; you placed {placed}.",
                "Your King's Court position allows {count} special orders; you placed {placed}.",
                allowed_specials,
                placed=specials,
            )
        )
    count = schema["count"]  # every order the house can place, when it cannot cover every area
    if not schema["may_leave_empty"]:
        missing = [a for a in needed if a not in placed]
        if missing:
            raise IllegalAction(
                "Every area with your units needs an order; missing: {areas}.", areas=named("areas", missing)
            )
    elif len(placed) < count:
        raise IllegalAction(
            nsaid(
                "You cannot cover all {areas} areas, so you must place every order you can: {count} order, "
                "not {placed}.",
                "You cannot cover all {areas} areas, so you must place every order you can: {count} orders, "
                "not {placed}.",
                count,
                areas=len(needed),
                placed=len(placed),
            )
        )


def default_orders(schema: dict[str, Any]) -> dict[str, str]:
    """A legal, cautious set of orders for an orders decision's ``schema`` (:func:`orders_schema`), used
    when the decision is forced."""
    budget = schema["count"]
    left = dict(schema["tokens"])
    specials_left = schema["stars"]
    placed: dict[str, str] = {}
    for area in schema["areas"]:
        if len(placed) >= budget:
            break
        for token in _PREFERENCE_IN[area]:
            if left.get(token, 0) > 0:
                break
        else:
            token = next(
                (
                    t
                    for t, n in sorted(left.items())
                    if n > 0 and (not TOKENS[t].special or specials_left > 0)
                ),
                "",
            )
        if not token:
            break
        left[token] -= 1
        if TOKENS[token].special:
            specials_left -= 1
        placed[area] = token
    return placed


@functools.cache
def _placeable_tokens(restrictions: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """The tokens the restrictions leave placeable, each with the copies a house owns, sorted by id: made
    once for each set of restrictions (there are few), as every house's orders decision starts from it."""
    return tuple((token, OWNED[token]) for token in order_rules.placeable(restrictions))


def orders_schema(state: State, house: str) -> dict[str, Any]:
    needed = areas_needing_orders(state, house)
    capacity = order_rules.capacity(state, house)
    return {
        "areas": needed,
        "tokens": dict(_placeable_tokens(tuple(state.restrictions))),
        "stars": order_rules.stars(state, house),
        "count": min(capacity, len(needed)),
        "may_leave_empty": capacity < len(needed),
    }


@dataclass
class AssignOrdersFrame(ThronesFrame):
    """Step 1 of the Planning phase. Submissions stay in this frame, unseen by others, until the reveal."""

    kind = "assign-orders"
    sequential: bool = False
    submitted: dict[str, dict[str, str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Each house's orders decision, built the first time it is asked. Nothing it depends on changes
        # while this frame waits (the submissions stay in the frame until the last one is in), so it is
        # built once per phase, not again after every submission. Not a field: no position holds it.
        self._asked: dict[str, Decision] = {}

    def _decisions(self, state: State) -> list[Decision]:
        """The orders decisions of the houses still to place (when they place in turn order, of the first
        of them only), each built the first time it is asked; a house with no area to order has placed
        nothing."""
        waiting = []
        submitted, asked = self.submitted, self._asked
        for house in state.throne:
            if house in submitted:
                continue
            # A house asked before has areas to order (and still has: nothing moves in this step).
            decision = asked.get(house)
            if decision is None:
                if not _needing_orders(state, house):
                    submitted[house] = {}
                    continue
                decision = asked[house] = self._ask(state, house)
            waiting.append(decision)
            if self.sequential:
                break
        return waiting

    def run(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        waiting = self._decisions(state)
        if waiting:
            return waiting
        for house in state.throne:
            for area, token in self.submitted.get(house, {}).items():
                state.orders[area] = Order(house, token)
        game.pop(self)
        return None

    def _decision(self, state: State, house: str) -> Decision:
        asked = self._asked.get(house)
        if asked is None:
            asked = self._asked[house] = self._ask(state, house)
        return asked

    def _ask(self, state: State, house: str) -> Decision:
        schema = orders_schema(state, house)
        prompt = (
            f"Place one order on each of your {len(schema['areas'])} areas (up to {schema['stars']} special)."
        )
        if schema["may_leave_empty"]:
            prompt = (
                f"You have more areas than orders: place all {schema['count']} orders you can "
                f"(up to {schema['stars']} special) and leave the other areas empty."
            )
        return Decision(
            house=house,
            kind="orders",
            prompt=prompt,
            secret=True,
            default=PlaceOrders(tuple(sorted(default_orders(schema).items()))),
            schema=schema,
        )

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(action, PlaceOrders, what=_AWAITED_ORDERS)
        assert isinstance(action, PlaceOrders)
        placed = dict(action.orders)
        validate_orders(game.state, house, placed, self._decision(game.state, house).schema)
        self.submitted[house] = placed
        game.emit("orders-placed", f"House {house.title()} has placed its orders.", house=house)

    def accepts_resubmission(self, house: str) -> bool:
        # Until everyone has placed, a house may change its secret orders (not in the turn-order case,
        # where later houses have already seen where the earlier ones placed).
        return not self.sequential and house in self.submitted

    def withdraw(self, house: str) -> None:
        del self.submitted[house]

    def describe(self, game: ThronesGame, viewer: str | None) -> dict[str, Any]:
        face_down = {
            house: sorted(placed) for house, placed in self.submitted.items() if placed and house != viewer
        }
        described: dict[str, Any] = {
            "step": "assign-orders",
            "in_turn_order": self.sequential,
            "placed": sorted(self.submitted),
            "face_down": face_down,
        }
        if viewer is not None and viewer in self.submitted:
            described["my_orders"] = dict(sorted(self.submitted[viewer].items()))
        return described


@dataclass
class PlanningFrame(ThronesFrame):
    kind = "planning"
    step: str = "assign"

    def run(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        if self.step == "assign":
            self.step = "reveal"
            game.emit(
                "phase",
                f"Round {state.round}: the Planning phase begins.",
                phase="planning",
                round=state.round,
            )
            game.push(AssignOrdersFrame(sequential=in_turn_order(state)))
        elif self.step == "reveal":
            self.step = "raven"
            state.orders_revealed = True
            revealed = {
                area: {"house": o.house, "token": o.token} for area, o in sorted(state.orders.items())
            }
            game.emit("orders-revealed", "The orders are revealed.", orders=revealed)
        elif self.step == "raven":
            self.step = "done"
            game.push(RavenFrame(holder=state.court[0]))
        else:
            state.restrictions = []
            game.pop(self)
        return None

    def describe(self, game: ThronesGame, viewer: str | None) -> dict[str, Any]:
        return {"step": "planning", "restrictions": list(game.state.restrictions)}


def _swap_options(state: State, house: str) -> list[Raven]:
    own = sorted((area, order.token) for area, order in state.orders.items() if order.house == house)
    placed = Counter(token for _, token in own)
    specials_on_board = sum(TOKENS[token].special for _, token in own)
    stars = order_rules.stars(state, house)
    # The unused tokens the restrictions allow, sorted: the same for every order on the board.
    spare = [token for token in order_rules.placeable(state.restrictions) if placed[token] < OWNED[token]]
    normal_spare = [token for token in spare if not TOKENS[token].special]
    options = []
    for area, current in own:
        # The special orders the house may place once this one is taken back.
        room = stars - specials_on_board + TOKENS[current].special
        tokens = spare if room > 0 else normal_spare if room == 0 else []
        swaps = _swaps_in(area)
        options += [swaps[token] for token in tokens if token != current]
    return options


@functools.cache
def _swaps_in(area: str) -> dict[str, Raven]:
    """Every swap of an order in ``area``, by the new token: made once (a Raven is a frozen value), as
    the raven's options pair each of the holder's orders with each spare token every Planning phase."""
    return {token: Raven("swap", area, token) for token in TOKENS}


# The raven's answers that do not depend on the board, made once (a Raven is a frozen value).
_RAVEN_NONE, _RAVEN_PEEK = Raven("none"), Raven("peek")
_PEEK_OPTIONS = (Raven("keep"), Raven("bury"))


@dataclass
class RavenFrame(ThronesFrame):
    """Step 3 of the Planning phase: the raven's holder may swap one order or look at the wildlings."""

    kind = "raven"
    holder: str = ""
    step: str = "choose"

    def __post_init__(self) -> None:
        # The holder's swaps, as last offered: nothing changes the orders while the frame waits for the
        # holder's choice, so the answer is checked against them rather than against the swaps worked
        # out again. Not a field: no position holds it (a loaded frame offers them anew when it runs).
        self._swaps: list[Raven] = []

    def run(self, game: ThronesGame) -> list[Decision] | None:
        state = game.state
        if self.step == "choose":
            self._swaps = _swap_options(state, self.holder)
            options = (_RAVEN_NONE, _RAVEN_PEEK, *self._swaps)
            return [
                Decision(
                    house=self.holder,
                    kind="raven",
                    prompt="Messenger Raven: swap one of your orders for an unused one, look at the top "
                    "wildling card, or do nothing.",
                    secret=False,
                    default=_RAVEN_NONE,
                    options=options,
                )
            ]
        top = state.wildling_deck[0]
        return [
            Decision(
                house=self.holder,
                kind="raven-peek",
                prompt=f"The top wildling card is {FACTS.wildling_cards[top].name}. Keep it on top, or bury "
                "it at the bottom?",
                secret=True,
                default=_PEEK_OPTIONS[0],
                options=_PEEK_OPTIONS,
                schema={"card": top},
            )
        ]

    def act(self, game: ThronesGame, house: str, action: Action) -> None:
        expect(action, Raven, what=_AWAITED_RAVEN)
        assert isinstance(action, Raven)
        state = game.state
        if self.step == "choose":
            if action.mode == "none":
                game.pop(self)
                game.emit(
                    "raven",
                    f"House {house.title()} does not use the Messenger Raven.",
                    house=house,
                    mode="none",
                )
            elif action.mode == "peek":
                self.step = "peeked"
                state.raven_used = True
                if house not in state.wildling_known_to:
                    state.wildling_known_to.append(house)
                game.emit(
                    "raven",
                    f"House {house.title()} looks at the top wildling card.",
                    house=house,
                    mode="peek",
                )
                game.emit(
                    "raven-card",
                    f"The top wildling card is {FACTS.wildling_cards[state.wildling_deck[0]].name}.",
                    to=house,
                    card=state.wildling_deck[0],
                )
            elif action.mode == "swap":
                if action not in self._swaps:
                    raise IllegalAction(self._swap_error(state, house, action))
                old = state.orders[action.area].token  # type: ignore[index]
                state.orders[action.area] = Order(house, action.token)  # type: ignore[arg-type,index]
                state.raven_used = True
                game.pop(self)
                game.emit(
                    "raven",
                    f"House {house.title()} uses the Messenger Raven to replace its order in "
                    f"{BOARD.name(action.area)}: {TOKENS[old].name} becomes {TOKENS[action.token].name}.",  # type: ignore[arg-type,index]
                    house=house,
                    mode="swap",
                    area=action.area,
                    old=old,
                    new=action.token,
                )
            else:
                raise IllegalAction("Choose 'raven none', 'raven peek' or 'raven swap AREA TOKEN' now.")
            return
        if action.mode not in ("keep", "bury"):
            raise IllegalAction("You have seen the top wildling card: answer 'raven keep' or 'raven bury'.")
        if action.mode == "bury":
            state.wildling_deck.append(state.wildling_deck.pop(0))
            state.wildling_known_to = []
            game.emit(
                "raven",
                f"House {house.title()} puts the wildling card at the bottom of the deck.",
                house=house,
                mode="bury",
            )
        else:
            game.emit(
                "raven",
                f"House {house.title()} leaves the wildling card on top of the deck.",
                house=house,
                mode="keep",
            )
        game.pop(self)

    @staticmethod
    def _swap_error(state: State, house: str, action: Raven) -> Said:
        area, token = action.area, action.token
        assert area is not None and token is not None  # the notation reads a swap with both
        order = state.orders.get(area)
        if order is None or order.house != house:
            return said("You have no order in {area} to swap.", area=Named("areas", area))
        if order_rules.unused(state, house)[token] <= 0:
            return said("You have no unused {token} token.", token=Named("orders", token))
        if token == order.token:
            return said("Swap for a different order.")
        if order_rules.forbidden_by(token, state.restrictions) is not None:
            return said("That order may not be placed this round.")
        return said("That swap would exceed the special orders your King's Court position allows.")

    def describe(self, game: ThronesGame, viewer: str | None) -> dict[str, Any]:
        described: dict[str, Any] = {"step": "raven", "holder": self.holder, "peeked": self.step == "peeked"}
        if viewer == self.holder and self.step == "peeked":
            described["top_wildling_card"] = game.state.wildling_deck[0]
        return described
