"""The optional skirmish (rulebook: "Escaramuza (regla opcional)", setup steps 1-13, "Detalles de la
escaramuza"): a battle whose forces and terrain come from setup cards rather than a battle plan.

1. The skirmish's summary card gives the board, the houses' details and the victory conditions (steps 1-2,
   5-7); the initiative goes to its house, or is drawn at random (step 8).
2. Each house chooses its commanders from its setup cards that show one, within the summary's limits (at
   most so many, of so much competence in all), in secret and at once: both choices are revealed together
   (step 3). The chosen cards leave the game, and each house's leadership deck is its basic cards and the
   cards of the commanders it chose (step 4).
3. Each house shuffles its other setup cards and draws the summary's number for units: their unit sections
   are the units it builds; those cards leave, and it draws again for terrain hexes (steps 9-10).
4. In turn, the initiative's holder first, the houses place their terrain hexes, then their commanders'
   units, then their other units, each within the summary's distance of their own edge; no commander's
   zone of control may overlap another's while they are placed (steps 11-13). A house with nothing left of
   a kind lets the other place on alone.

Readings where the rulebook is silent, tested in tests/engine/battles/test_skirmish.py:
- "Within N hexes of your edge" counts rows: the row along the edge is 1.
- A house chooses at least one commander (a battle without one is no battle of commanders).
- A terrain hex is laid on a plain hex of the board without a terrain token.
- "Another commander" is any, the enemy's too: no two zones of control overlap while commanders are placed.
- A piece with no hex left to it is placed as near the rules as the board allows: a commander where his
  zone overlaps another's, or a unit anywhere free, rather than not at all.
- The setup cards drawn are public: the forces they build are set on the board for both to see.
- A commander's unit takes the rank his setup card shows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any

from data.battles_model import TERRAINS, Pack, Skirmish
from engine.battles.actions import Pick, Place
from engine.battles.frame import BattlesFrame, choose_from
from engine.battles.round import RoundFrame
from engine.battles.state import CommanderCard, State, Unit
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.core.rng import Rng

if TYPE_CHECKING:
    from engine.battles.game import BattlesGame

KINDS = ("terrain", "commander", "unit")  # what is placed, in this order


def new_state(pack: Pack, sid: str, seed: int, variants: dict[str, bool]) -> State:
    """A skirmish before its setup: no unit on the board, each deck its house's basic cards."""
    plan = pack.skirmishes[sid].battle
    houses = list(plan.houses)
    rng = Rng(seed)
    decks = {}
    for house in houses:
        deck = sorted(
            cid for cid, card in pack.cards.items() if card.house == house and card.commander is None
        )
        rng.shuffle(deck)
        decks[house] = deck
    first = houses[0] if plan.initiative == "random" else plan.initiative
    return State(
        pack=pack,
        battle=sid,
        houses=houses,
        rng=rng.state,
        round=1,
        first=first,
        initiative=first,
        morale_house=None,
        morale_space=0,
        command_tokens={house: setup.command_tokens for house, setup in plan.houses.items()},
        commanders={},
        units={},
        pools={house: [] for house in houses},
        hands={house: [] for house in houses},
        decks=decks,
        discards={house: [] for house in houses},
        vp=dict.fromkeys(houses, 0),
        eliminated=dict.fromkeys(houses, 0),
        exited=dict.fromkeys(houses, 0),
        markers={},
        stack=[RoundFrame(), SkirmishFrame()],
        variants=dict(variants),
    )


def rows_from_edge(state: State, place: str, house: str) -> int:
    """How far a hex is from the house's edge, in rows: 1 on the row along it."""
    row = state.field.hexes[place].r
    return row + 1 if state.plan.houses[house].edge == "north" else state.field.rows - row


def picks(state: State, house: str) -> list[Pick]:
    """The choices of commanders a house may make: one or more of those its setup cards show, as many and
    as competent in all as the skirmish allows."""
    skirmish = state.pack.skirmishes[state.battle]
    cards = [c for c in state.pack.setup_cards.values() if c.house == house and c.commander]
    found = []
    for size in range(1, skirmish.most_commanders + 1):
        for chosen in combinations(cards, size):
            if sum(card.competence for card in chosen) <= skirmish.competence:
                found.append(Pick(tuple(sorted(card.commander for card in chosen if card.commander))))
    return sorted(found, key=lambda pick: (len(pick.commanders), pick.commanders))


def piece_kind(piece: str) -> str:
    return piece.split(":", 1)[0]


def piece_of(action: Place) -> str:
    """The reserve's name of the piece a placement names."""
    if action.rank is not None:
        return f"unit:{action.what}:{action.rank}"
    return f"terrain:{action.what}" if action.what in TERRAINS else f"commander:{action.what}"


@dataclass
class SkirmishFrame(BattlesFrame):
    """A skirmish's setup. ``picks``: each house's chosen commanders (secret until both have chosen);
    ``reserve``: the pieces each house has still to place (``terrain:forest``,
    ``commander:captain-of-the-north``, ``unit:northern-warhost:green``); ``turn``: whose turn to place."""

    kind = "skirmish"
    step: str = "start"
    picks: dict[str, list[str]] = field(default_factory=dict)
    reserve: dict[str, list[str]] = field(default_factory=dict)
    turn: str = ""

    def skirmish(self, state: State) -> Skirmish:
        return state.pack.skirmishes[state.battle]

    def run(self, game: BattlesGame) -> list[Decision] | None:
        state = game.state
        if self.step == "start":
            self.start(game)
            return None
        if self.step == "pick":
            waiting = [house for house in state.houses if house not in self.picks]
            if not waiting:
                self.reveal(game)
                return None
            prompt = (
                f"Choose your commanders in secret (at most {self.skirmish(state).most_commanders}, of "
                f"{self.skirmish(state).competence} competence in all): 'pick COMMANDER ...'."
            )
            return [
                Decision(
                    house, "pick", prompt, True, picks(state, house)[0], options=tuple(picks(state, house))
                )
                for house in waiting
            ]
        placing, self.turn = self.placing(state)
        if placing is None:
            game.emit("phase", "The skirmish is set up: the battle begins.", phase="setup")
            game.pop(self)
            return None
        options = self.places(state)
        what = {"terrain": "a terrain hex", "commander": "a commander's unit", "unit": "a unit"}[placing]
        prompt = f"Place {what} within {self.distance(state, placing)} rows of your edge: 'place ... HEX'."
        return [Decision(self.turn, "place", prompt, False, options[0], options=tuple(options))]

    def start(self, game: BattlesGame) -> None:
        state = game.state
        skirmish = self.skirmish(state)
        game.emit("phase", f"{state.plan.name}: the skirmish's setup.", phase="setup")
        if skirmish.random_initiative:
            rng = game.rng()
            state.initiative = state.first = state.houses[rng.below(2)]
            game.keep(rng)
            game.emit(
                "initiative",
                f"{game.seat_label(state.initiative)} draws the initiative.",
                house=state.initiative,
            )
        self.step = "pick"

    def act(self, game: BattlesGame, house: str, action: Any) -> None:
        state = game.state
        if self.step == "pick":
            if isinstance(action, Pick):
                action = Pick(tuple(sorted(action.commanders)))
            chosen: Pick = choose_from(action, picks(state, house), "your choice of commanders ('pick ...')")
            self.picks[house] = list(chosen.commanders)
            return
        if not isinstance(action, Place):
            raise IllegalAction("The game is waiting for a placement ('place WHAT HEX').")
        options = self.places(state)
        if action not in options:
            if piece_of(action) not in self.reserve[house]:
                name = f"{action.rank} {action.what}" if action.rank else action.what
                raise IllegalAction(f"You have no {name} left to place.")
            kind, _ = self.placing(state)
            raise IllegalAction(
                f"{action.at} is not a hex where {action.what} may be placed now: "
                f"{kind}s go within {self.distance(state, kind or 'unit')} rows of your edge, on a free hex"
                f"{' of plain ground' if kind == 'terrain' else ''}."
            )
        self.place(game, house, piece_of(action), action.at)

    def accepts_resubmission(self, house: str) -> bool:
        return self.step == "pick" and house in self.picks

    def withdraw(self, house: str) -> None:
        self.picks.pop(house, None)

    # --- choosing ---------------------------------------------------------------------------------

    def reveal(self, game: BattlesGame) -> None:
        """Both choices shown; decks, forces and terrain drawn."""
        state = game.state
        skirmish = self.skirmish(state)
        for house in state.houses:
            names = ", ".join(state.pack.commanders[cid].name for cid in self.picks[house])
            game.emit(
                "picked",
                f"{game.seat_label(house)} chooses {names}.",
                house=house,
                commanders=self.picks[house],
            )
        rng = game.rng()
        for house in (state.initiative, state.other(state.initiative)):
            chosen = self.picks[house]
            reserve = []
            cards = state.pack.setup_cards
            for cid in chosen:
                state.commanders[cid] = CommanderCard()
                reserve.append(f"commander:{cid}")
                state.decks[house].extend(k for k, c in state.pack.cards.items() if c.commander == cid)
            rng.shuffle(state.decks[house])
            left = sorted(k for k, c in cards.items() if c.house == house and c.commander not in chosen)
            rng.shuffle(left)
            drawn, left = left[: skirmish.unit_cards], left[skirmish.unit_cards :]
            rng.shuffle(left)
            terrain_cards = left[: skirmish.terrain_cards]
            for key in drawn:
                reserve += [
                    f"unit:{kind}:{rank}" for kind, rank, count in cards[key].units for _ in range(count)
                ]
            for key in terrain_cards:
                reserve += [f"terrain:{kind}" for kind, count in cards[key].terrain for _ in range(count)]
            self.reserve[house] = sorted(reserve, key=lambda piece: (KINDS.index(piece_kind(piece)), piece))
            game.emit(
                "forces",
                f"{game.seat_label(house)} draws {', '.join(drawn) or 'no card'} for its units and "
                f"{', '.join(terrain_cards) or 'no card'} for its terrain.",
                house=house,
                units=drawn,
                terrain=terrain_cards,
            )
        game.keep(rng)
        self.step = "place"
        self.turn = state.initiative

    # --- placing ----------------------------------------------------------------------------------

    def placing(self, state: State) -> tuple[str | None, str]:
        """The kind of piece being placed now (None when all is placed) and the house whose turn it is: the
        turn stays with a house while the other has nothing of that kind left."""
        for kind in KINDS:
            having = [h for h in state.houses if any(piece_kind(p) == kind for p in self.reserve.get(h, []))]
            if having:
                return kind, self.turn if self.turn in having else having[0]
        return None, self.turn

    def distance(self, state: State, kind: str) -> int:
        skirmish = self.skirmish(state)
        return {
            "terrain": skirmish.terrain_within,
            "commander": skirmish.commanders_within,
            "unit": skirmish.units_within,
        }[kind]

    def places(self, state: State) -> list[Place]:
        """Every placement the house whose turn it is may make now."""
        kind, house = self.placing(state)
        assert kind is not None
        found = []
        for piece in sorted({p for p in self.reserve[house] if piece_kind(p) == kind}):
            hexes = hexes_for(state, house, piece, self.distance(state, kind))
            parts = piece.split(":")
            found.extend(Place(parts[1], at, parts[2] if len(parts) == 3 else None) for at in hexes)
        return found

    def place(self, game: BattlesGame, house: str, piece: str, at: str) -> None:
        state = game.state
        self.reserve[house].remove(piece)
        parts = piece.split(":")
        if parts[0] == "terrain":
            state.placed[at] = parts[1]
            game.emit("placed", f"{game.seat_label(house)} lays {parts[1]} on {at}.", house=house, at=at)
        else:
            if parts[0] == "commander":
                card = next(c for c in state.pack.setup_cards.values() if c.commander == parts[1])
                unit_type, rank, commander = state.pack.commanders[parts[1]].leads, card.rank, parts[1]
            else:
                unit_type, rank, commander = parts[1], parts[2], None
            number = 1 + sum(1 for unit in state.units.values() if unit.house == house)
            strength = state.pack.units[unit_type].strength
            state.units[f"{house}-{number}"] = Unit(
                house, unit_type, rank or "green", at, strength, True, commander
            )
            name = state.pack.commanders[commander].name if commander else state.pack.units[unit_type].name
            game.emit("placed", f"{game.seat_label(house)} places {rank} {name} on {at}.", house=house, at=at)
        other = state.other(house)
        kind = parts[0]
        if any(piece_kind(p) == kind for p in self.reserve.get(other, [])):
            self.turn = other

    def describe(self, game: BattlesGame, viewer: str | None) -> dict[str, Any]:
        state = game.state
        revealed = self.step == "place"
        return {
            "step": "skirmish",
            "substep": self.step,
            "chosen": sorted(self.picks),
            "picks": {house: list(cids) for house, cids in self.picks.items() if revealed or house == viewer},
            "reserve": {house: list(pieces) for house, pieces in self.reserve.items()},
            "turn": self.turn or None,
            "within": {kind: self.distance(state, kind) for kind in KINDS},
        }


def hexes_for(state: State, house: str, piece: str, within: int) -> list[str]:
    """The hexes a piece of the house may be placed on (see the module's readings for the fallbacks)."""
    field = state.field
    occupied = set(state.occupied())
    near = [h for h in field.hexes if rows_from_edge(state, h, house) <= within]
    kind = piece_kind(piece)
    if kind == "terrain":
        tokens = state.plan.board.tokens
        return sorted(h for h in near if state.kind(h) == "plain" and h not in tokens and h not in occupied)
    free = [h for h in near if h not in occupied and state.terrain(h).movement != "impassable"]
    if kind == "commander":
        zoc = state.pack.commanders[piece.split(":")[1]].zoc
        zones = [
            set(field.zone(state.commander_hex(cid) or "", state.pack.commanders[cid].zoc))
            for cid in state.commanders
            if state.commander_hex(cid)
        ]
        apart = [h for h in free if not any(set(field.zone(h, zoc)) & zone for zone in zones)]
        if apart:
            return sorted(apart)
    if free:
        return sorted(free)
    return sorted(h for h in field.hexes if h not in occupied and state.terrain(h).movement != "impassable")
