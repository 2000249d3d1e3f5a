"""The state of one battle, and its exact JSON form (the position format, see POSITION.md beside this file).

A position carries its content: the pack's files and their hash. A position is loaded on its own (by the
command line, a moderator's import, the table's snapshots), and only the files themselves let it be played
on, whatever packs this Maester ships or has seen; the hash is checked against them, and the parsed pack
is cached by it, so loading a position parses a pack once per process.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from data.battles_model import FACES, TERRAIN, Battle, Pack, Terrain
from engine.battles.field import Battlefield, battlefield
from engine.core.errors import PositionError, describe
from engine.core.frames import Frame

POSITION_FORMAT = "maester-battles-position"
POSITION_VERSION = 1


@dataclass(slots=True)
class Unit:
    house: str
    type: str  # a unit type of the pack
    rank: str
    at: str  # the hex it stands on
    strength: int  # figures left
    active: bool = True
    commander: str | None = None  # the commander who bears its banner

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "house": self.house,
            "type": self.type,
            "rank": self.rank,
            "at": self.at,
            "strength": self.strength,
            "active": self.active,
        }
        if self.commander is not None:
            data["commander"] = self.commander
        return data


@dataclass(slots=True)
class CommanderCard:
    """A commander card in play: the command tokens on it this round, whether its commit ability has been
    used (the card turned to its committed side), and the house that captured him, once captured."""

    tokens: int = 0
    committed: bool = False
    captured_by: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"tokens": self.tokens, "committed": self.committed}
        if self.captured_by is not None:
            data["captured_by"] = self.captured_by
        return data


@dataclass(frozen=True, slots=True)
class Engagement:
    """An engagement token of ``house`` on the edge between the hexes of two adjacent enemy units (by id)."""

    house: str
    units: tuple[str, str]

    def to_json(self) -> dict[str, Any]:
        return {"house": self.house, "units": list(self.units)}


@dataclass
class State:
    pack: Pack
    battle: str  # the id of the battle of the pack being fought
    houses: list[str]  # the two houses, in the battle's order
    rng: int
    round: int
    first: str  # the house with the advantage this round
    initiative: str  # the house holding the initiative token
    morale_house: str | None  # the house on whose segment the morale marker stands (None: the start space)
    morale_space: int  # its space on that segment, counted outward from the nexus (0: the start space)
    command_tokens: dict[str, int]  # on each house's command board
    commanders: dict[str, CommanderCard]  # the commanders of the battle
    units: dict[str, Unit]  # by unit id
    pools: dict[str, list[str]]  # order tokens in each house's pool, in the order of FACES
    hands: dict[str, list[str]]  # leadership cards in hand
    decks: dict[str, list[str]]  # leadership decks, the top card first
    discards: dict[str, list[str]]  # leadership discard piles, the last card played last
    vp: dict[str, int]
    eliminated: dict[str, int]  # enemy units each house has eliminated
    exited: dict[str, int]  # each house's units that left the board by its exit edge
    markers: dict[str, str]  # objective hex -> the house whose control marker is on it
    stack: list[Frame]
    engagements: list[Engagement] = field(default_factory=list)
    fire: dict[str, int] = field(default_factory=dict)  # hex -> its fire level (1 to 4)
    destroyed: list[str] = field(default_factory=list)  # hexes with a destruction token: plain from then on
    removed: list[str] = field(default_factory=list)  # hexes whose terrain token fire took off the board
    placed: dict[str, str] = field(default_factory=dict)  # terrain hexes laid on the board (a skirmish)
    variants: dict[str, bool] = field(
        default_factory=dict
    )  # the game's settings (engine/battles/variants.py)
    winner: str | None = None
    ranking: list[str] = field(default_factory=list)  # the winner first, once the battle is over
    stats: dict[str, int] = field(default_factory=dict)

    @functools.cached_property
    def plan(self) -> Battle:
        return self.pack.plan(self.battle)

    @functools.cached_property
    def field(self) -> Battlefield:
        return battlefield(self.pack, self.battle)

    def kind(self, place: str) -> str:
        """The terrain that counts on a hex now: plain under a destruction token, else its terrain token
        unless fire has taken it off, else the terrain hex laid on it, else the board's."""
        return self._ground()[0][place]

    def terrain(self, place: str) -> Terrain:
        return self._ground()[1][place]

    def terrains(self) -> dict[str, Terrain]:
        """Every hex's terrain, as :meth:`terrain` reads it (for loops over many hexes)."""
        return self._ground()[1]

    def _ground(self) -> tuple[dict[str, str], dict[str, Terrain]]:
        """Every hex's terrain kind and terrain, as :meth:`kind` reads them. Destruction tokens, tokens taken
        off and terrain laid only ever grow in number, so their counts tell when to read them again."""
        key = (len(self.destroyed), len(self.removed), len(self.placed))
        cached = self.__dict__.get("_ground_cache")
        if cached is not None and cached[0] == key:
            return cached[1]
        field = self.field
        if key == (0, 0, 0):
            found = (field.kind, field.terrain)
        else:
            board = self.plan.board
            kinds = {}
            for place in field.hexes:
                token = board.tokens.get(place)
                if place in self.destroyed:
                    kinds[place] = "plain"
                elif token is not None and place not in self.removed:
                    kinds[place] = token
                else:
                    kinds[place] = self.placed.get(place) or board.terrain[place]
            found = (kinds, {place: TERRAIN[kind] for place, kind in kinds.items()})
        self.__dict__["_ground_cache"] = (key, found)
        return found

    def variant(self, name: str) -> bool:
        from engine.battles.variants import DEFAULTS

        return self.variants.get(name, DEFAULTS[name])

    def other(self, house: str) -> str:
        return self.houses[1] if house == self.houses[0] else self.houses[0]

    def occupied(self) -> dict[str, str]:
        """Hex -> the id of the unit on it."""
        return {unit.at: uid for uid, unit in self.units.items()}

    def unit_at(self, hex_name: str) -> str | None:
        return next((uid for uid, unit in self.units.items() if unit.at == hex_name), None)

    def commander_hex(self, commander: str) -> str | None:
        """Where a commander stands: the hex of the unit whose banner he bears."""
        return next((unit.at for unit in self.units.values() if unit.commander == commander), None)

    def add_tokens(self, house: str, tokens: list[str]) -> None:
        self.pools[house] = sorted([*self.pools[house], *tokens], key=FACES.index)

    # --- JSON -------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": POSITION_FORMAT,
            "version": POSITION_VERSION,
            "content": {"hash": self.pack.hash, "files": dict(self.pack.files)},
            "battle": self.battle,
            "houses": list(self.houses),
            "rng": self.rng,
            "round": self.round,
            "first": self.first,
            "initiative": self.initiative,
            "morale": {"house": self.morale_house, "space": self.morale_space},
            "command_tokens": dict(self.command_tokens),
            "commanders": {cid: card.to_json() for cid, card in self.commanders.items()},
            "units": {uid: unit.to_json() for uid, unit in self.units.items()},
            "pools": {h: list(tokens) for h, tokens in self.pools.items()},
            "hands": {h: list(cards) for h, cards in self.hands.items()},
            "decks": {h: list(cards) for h, cards in self.decks.items()},
            "discards": {h: list(cards) for h, cards in self.discards.items()},
            "vp": dict(self.vp),
            "eliminated": dict(self.eliminated),
            "exited": dict(self.exited),
            "markers": dict(sorted(self.markers.items())),
            "stack": [frame.to_json() for frame in self.stack],
            "engagements": [e.to_json() for e in self.engagements],
            "fire": dict(sorted(self.fire.items())),
            "destroyed": sorted(self.destroyed),
            "removed": sorted(self.removed),
            "placed": dict(sorted(self.placed.items())),
            "variants": dict(sorted(self.variants.items())),
            "winner": self.winner,
            "ranking": list(self.ranking),
            "stats": dict(sorted(self.stats.items())),
        }

    @classmethod
    def from_json(cls, data: Any, frame_base: type[Frame]) -> State:
        """The state a position describes; raises PositionError saying what is wrong and where."""
        from engine.battles.position_check import check_position

        if not isinstance(data, dict):
            raise PositionError(f"a position is a JSON object, not {describe(data)}")
        if data.get("format") != POSITION_FORMAT:
            raise PositionError(f"it is not a Battles of Westeros position (format {POSITION_FORMAT!r})")
        if data.get("version") != POSITION_VERSION:
            raise PositionError(f"unsupported position version (this engine reads {POSITION_VERSION})")
        pack = check_position(data)  # from here on every field is there with its type and its names
        stack = []
        for index, frame in enumerate(data["stack"]):
            try:
                stack.append(frame_base.from_json(frame))
            except PositionError as error:
                raise PositionError(f"stack[{index}]: {error.reason}") from None
        return cls(
            pack=pack,
            battle=data["battle"],
            houses=list(data["houses"]),
            rng=data["rng"],
            round=data["round"],
            first=data["first"],
            initiative=data["initiative"],
            morale_house=data["morale"]["house"],
            morale_space=data["morale"]["space"],
            command_tokens=dict(data["command_tokens"]),
            commanders={
                cid: CommanderCard(card["tokens"], card["committed"], card.get("captured_by"))
                for cid, card in data["commanders"].items()
            },
            units={
                uid: Unit(
                    u["house"], u["type"], u["rank"], u["at"], u["strength"], u["active"], u.get("commander")
                )
                for uid, u in data["units"].items()
            },
            pools={h: list(tokens) for h, tokens in data["pools"].items()},
            hands={h: list(cards) for h, cards in data["hands"].items()},
            decks={h: list(cards) for h, cards in data["decks"].items()},
            discards={h: list(cards) for h, cards in data["discards"].items()},
            vp=dict(data["vp"]),
            eliminated=dict(data["eliminated"]),
            exited=dict(data["exited"]),
            markers=dict(data["markers"]),
            stack=stack,
            engagements=[Engagement(e["house"], tuple(e["units"])) for e in data["engagements"]],
            fire=dict(data["fire"]),
            destroyed=list(data["destroyed"]),
            removed=list(data["removed"]),
            placed=dict(data["placed"]),
            variants=dict(data["variants"]),
            winner=data.get("winner"),
            ranking=list(data.get("ranking", [])),
            stats=dict(data.get("stats", {})),
        )
