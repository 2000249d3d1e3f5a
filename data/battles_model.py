"""The content of BattleLore: Battles of Westeros as the engine reads it: a pack of houses, dice, a morale
track, unit types, commanders, leadership cards and battles (see :mod:`data.battles` for loading one, and
``docs/battles-content.md`` for the TOML format a person writes).

The rulebook alone holds none of this (the battle plans, the cards and the die faces are printed elsewhere),
so the names here are the format's vocabulary, taken from the rulebook's own words: ranks, classes, terrain
kinds and tokens, keywords, and the effects a card may have. Everything is immutable; the engine applies it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

RANKS = ("green", "blue", "red")  # lowest to highest
CLASSES = ("infantry", "ranged", "cavalry")
FACES = ("green", "blue", "red", "valor", "morale")  # die faces, and the order tokens they give
TERRAINS = ("plain", "hills", "forest", "river", "forest-river", "building", "road", "forest-road")
TOKENS = ("wooden-bridge", "stone-bridge", "palisade", "tent", "siege-tower", "ford")
EDGES = ("north", "south")  # the edges players sit at: the rows of hexes run parallel to them
# Unit keywords; those marked with a number take one ("cover 1", "pursue 2").
KEYWORDS = {
    "heavy-armor": False,
    "advance": False,
    "cover": True,
    "resilience": True,
    "unwieldy": False,
    "loyal": False,
    "war-hounds": False,
    "pursue": True,
    "scorch-the-earth": False,
}
TIMINGS = ("before", "after", "either")  # when a tactic resolves: before or after the command orders
MORALE_ENDS = ("rout", "hold")  # the last space of a segment: a Rout space, or a plain "11" that holds

# What each kind of effect may be used for, and the fields it takes (see Effect).
COMMAND_EFFECTS = ("order", "order-all", "rally", "morale")
TACTIC_EFFECTS = ("dice", "move-extra", "rally", "morale", "no-counterattack", "manual")
UNIT_ABILITY_EFFECTS = ("dice", "move-extra", "keyword", "fire-valor", "manual")
EFFECT_FIELDS = {
    "order": ("count", "class", "rank"),
    "order-all": ("class", "rank"),
    "rally": ("count", "class", "rank"),
    "morale": ("delta",),
    "dice": ("delta",),
    "move-extra": ("delta",),
    "no-counterattack": ("count",),
    "keyword": ("keyword",),
    "fire-valor": (),
    "manual": (),
}
# The six directions of a hex, and the default direction indicator: direction token N (1 to 6) spreads a
# fire toward DIRECTIONS[N - 1]. A battle plan prints its own indicator (``directions`` of its board).
HEX_DIRECTIONS = ("e", "se", "sw", "w", "nw", "ne")
DEFAULT_DIRECTIONS = ("ne", "e", "se", "sw", "w", "nw")


@dataclass(frozen=True, slots=True)
class Terrain:
    """A row of the rulebook's terrain table (its "Poniente" section): a terrain hex or a terrain token
    (a token's effects replace those of the hex it lies on).

    ``movement`` is "free", "stop" (a unit entering must stop), "impassable", "road" (a move wholly on
    road goes one hex further) or "ford" (infantry stops; cavalry loses one hex of its move). The dice
    caps are the most dice rolled before modifiers: against a unit here, by a unit here, by a ranged unit
    here, and by a unit here counterattacking; ``cover`` is the Cover a unit here has. ``burn`` is the burn
    limit (None: it cannot burn) and ``burnt`` what reaching it does: "destroyed" (a destruction token: the
    hex is plain from then on), "removed" (the token is taken off the board, showing the hex under it), or
    None (nothing). ``clears`` says the fire goes with it (the wooden bridge); ``bridge`` that no unit may
    advance or pursue into the hex."""

    id: str
    blocks_sight: bool
    movement: str
    dice_against: int | None = None
    dice_from: int | None = None
    ranged_dice_from: int | None = None
    counter_dice_from: int | None = None
    cover: int = 0
    burn: int | None = 4
    burnt: str | None = None
    clears: bool = False
    bridge: bool = False


# The rulebook's table. Hills cap the dice against a unit on them unless the attacker is on hills too,
# and let ranged units on them see over units: the engine applies both (engine/battles/terrain.py).
TERRAIN: dict[str, Terrain] = {
    terrain.id: terrain
    for terrain in (
        Terrain("plain", False, "free"),
        Terrain("hills", True, "free", dice_against=3, burn=None),
        Terrain("forest", True, "stop", dice_against=2, dice_from=2, burn=3, burnt="destroyed"),
        Terrain("river", False, "impassable", burn=None),
        Terrain("forest-river", True, "impassable", burn=None),
        Terrain("building", True, "stop", ranged_dice_from=2, cover=1, burn=4, burnt="destroyed"),
        Terrain("road", False, "road"),
        # The rulebook gives the forest road the road's movement and "no combat restrictions": it blocks
        # sight and burns like a forest, but neither stops a unit nor caps the dice (the setting
        # forest_road_stops makes it stop a unit, the design note's reading: engine/battles/variants.py).
        Terrain("forest-road", True, "road", burn=3, burnt="destroyed"),
        Terrain("wooden-bridge", False, "road", burn=3, burnt="removed", clears=True, bridge=True),
        Terrain("stone-bridge", False, "road", burn=None, bridge=True),
        Terrain("palisade", True, "impassable", burn=4, burnt="removed"),
        Terrain("tent", False, "free", burn=1, burnt="removed"),
        Terrain("siege-tower", True, "impassable", burn=1, burnt="removed"),
        Terrain("ford", False, "ford", counter_dice_from=2, burn=None),
    )
}

MAX_COLUMNS = 26  # hexes are named by a column letter and a row number: "G5"
MAX_ROWS = 99
_HEX_NAME = re.compile(r"([A-Z])([1-9][0-9]?)")


def hex_name(column: int, row: int) -> str:
    """The name of the hex in ``column`` of ``row`` (both from 0): column letters from A, rows from 1."""
    return f"{chr(ord('A') + column)}{row + 1}"


def hex_place(name: str) -> tuple[int, int] | None:
    """(column, row) of a hex name such as ``G5`` (either case), or None if it is not one."""
    match = _HEX_NAME.fullmatch(name.strip().upper())
    if match is None:
        return None
    return ord(match.group(1)) - ord("A"), int(match.group(2)) - 1


def row_length(columns: int, row: int) -> int:
    """Hexes in a row: the first row and every other one hold ``columns`` whole hexes; the rows between sit
    half a hex to the east and hold one fewer (the half hexes at their ends are off the board)."""
    return columns if row % 2 == 0 else columns - 1


@dataclass(frozen=True, slots=True)
class OrderOption:
    """One way an ordered unit may act: move up to ``move`` hexes, then attack if ``attack``."""

    move: int
    attack: bool

    def text(self) -> str:
        if self.move == 0:
            return "attack" if self.attack else "hold"
        return f"move {self.move} and attack" if self.attack else f"move {self.move}"


@dataclass(frozen=True, slots=True)
class RankOrders:
    """A row of a unit's order table: the order options and the attack dice of one rank."""

    options: tuple[OrderOption, ...]
    dice: int


@dataclass(frozen=True, slots=True)
class UnitType:
    id: str
    house: str
    name: str
    unit_class: str
    strength: int  # figures in a full unit
    range: int  # 1 for melee units
    ranged: bool
    no_valor_hits: bool
    keywords: tuple[str, ...]  # "heavy-armor", "pursue 2", ...
    orders: dict[str, RankOrders]  # rank -> its row of the order table
    note: str = ""


@dataclass(frozen=True, slots=True)
class Effect:
    """What a command order, tactic or ability does (``kind`` is one of :data:`EFFECT_FIELDS`). ``count``
    is how many units it picks (0: no limit), ``unit_class`` and ``rank`` limit which, ``delta`` is an
    amount, ``keyword`` a keyword given. ``text`` says it in words."""

    kind: str
    text: str
    count: int = 0
    delta: int = 0
    unit_class: str | None = None
    rank: str | None = None
    keyword: str | None = None


@dataclass(frozen=True, slots=True)
class Requirement:
    """A tactic's condition: order tokens to check in the pool (each token checked once), your morale at a
    zone or better, the enemy's morale at a zone or worse."""

    tokens: tuple[str, ...] = ()
    own_morale: str | None = None
    enemy_morale: str | None = None


@dataclass(frozen=True, slots=True)
class Tactic:
    """A tactic box, or a commander's commit ability: an effect resolved before or after the command
    orders of a card (``timing``), if its requirement holds."""

    timing: str
    effect: Effect
    requires: Requirement = field(default_factory=Requirement)


@dataclass(frozen=True, slots=True)
class CommandOrder:
    cost: int  # command tokens moved onto the commander's card
    effect: Effect


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    house: str
    name: str
    commander: str | None  # None for a house's basic cards
    command: tuple[CommandOrder, ...]
    tactic: Tactic | None


@dataclass(frozen=True, slots=True)
class Commander:
    id: str
    house: str
    name: str
    title: str
    leads: str  # the unit type of the commander's unit
    command_limit: int
    capture: int
    zoc: int  # the radius of the zone of control: 2 in the core game
    traits: tuple[str, ...]
    unit_abilities: tuple[Effect, ...]  # always on for his unit
    commit_ability: Tactic | None

    def ability(self, kind: str) -> Effect | None:
        """His unit ability of that kind of effect, if he has one."""
        return next((effect for effect in self.unit_abilities if effect.kind == kind), None)


@dataclass(frozen=True, slots=True)
class MoraleZone:
    colour: str
    first: int  # spaces of a segment, numbered outward from the nexus
    last: int
    rest: int  # the zone's morale rest


@dataclass(frozen=True, slots=True)
class MoraleTrack:
    """One house's segment of the morale track (both are alike), numbered outward from the nexus's start
    space (0) to ``spaces``, the end: a Rout space or a plain space, as the battle says."""

    spaces: int
    zones: tuple[MoraleZone, ...]  # nearest the nexus first
    grey: frozenset[int]  # grey-bordered spaces: no recovery from them

    def zone_at(self, space: int) -> MoraleZone | None:
        return next((zone for zone in self.zones if zone.first <= space <= zone.last), None)

    def zone(self, colour: str) -> MoraleZone:
        return next(zone for zone in self.zones if zone.colour == colour)


@dataclass(frozen=True, slots=True)
class Placement:
    """A unit a battle puts on the board; a commander's unit names its commander."""

    unit_type: str
    rank: str
    at: str
    commander: str | None = None


@dataclass(frozen=True, slots=True)
class HouseSetup:
    house: str
    edge: str  # the board edge the house sits at: its units retreat toward it
    exit: str | None  # the edge its units may leave the board by, if the battle allows it
    command_tokens: int
    order_dice: int
    leadership: int  # leadership cards drawn each round
    morale_end: str  # "rout" or "hold"
    units: tuple[Placement, ...]


@dataclass(frozen=True, slots=True)
class Objective:
    """Victory points for holding hexes: ``vp`` for each hex, every round (``when="round"``) or at the end
    of the battle (``"end"``). ``control="occupy"`` counts a house's unit standing on the hex; ``"marker"``
    counts the house whose unit entered it last (its control marker stays when the unit leaves)."""

    hexes: tuple[str, ...]
    vp: int
    when: str
    control: str
    house: str | None = None  # only this house scores it


@dataclass(frozen=True, slots=True)
class Victory:
    objectives: tuple[Objective, ...] = ()
    eliminate_vp: int = 0  # for each enemy unit eliminated
    exit_vp: int = 0  # for each of your units that leaves the board by its exit edge
    instant_vp: int | None = None  # a house reaching this many victory points wins at once
    instant_eliminations: int | None = None  # a house eliminating this many enemy units wins at once


@dataclass(frozen=True, slots=True)
class Board:
    columns: int  # hexes in the long rows
    rows: int
    terrain: dict[str, str]  # hex name -> terrain kind, for every hex of the board
    tokens: dict[str, str]  # hex name -> terrain token on it
    directions: tuple[str, ...] = DEFAULT_DIRECTIONS  # the direction indicator: token N -> directions[N-1]


@dataclass(frozen=True, slots=True)
class Battle:
    id: str
    name: str
    provenance: str
    note: str
    rounds: int
    initiative: str  # the house holding the initiative token
    board: Board
    houses: dict[str, HouseSetup]  # the two houses, in the order the battle lists them
    victory: Victory


@dataclass(frozen=True, slots=True)
class SetupCard:
    """A skirmish setup card of a house: a commander (with his unit's rank and his competence) for those
    that show one, the units its unit section builds, the terrain hexes its terrain section gives."""

    id: str
    house: str
    commander: str | None
    rank: str | None  # the rank of the commander's unit
    competence: int
    units: tuple[tuple[str, str, int], ...]  # (unit type, rank, how many)
    terrain: tuple[tuple[str, int], ...]  # (terrain, how many)


@dataclass(frozen=True, slots=True)
class Skirmish:
    """A skirmish summary card: its board and details (a battle without units, ``battle``), how many
    commanders each house may choose and their most competence in all, how many setup cards are drawn for
    units and for terrain, and how far from its own edge a house places terrain, commanders and units
    (in rows: 1 is the row along the edge)."""

    battle: Battle
    random_initiative: bool
    most_commanders: int
    competence: int
    unit_cards: int
    terrain_cards: int
    terrain_within: int
    commanders_within: int
    units_within: int


@dataclass(frozen=True, slots=True)
class Pack:
    """A content pack, identified by the hash of its files (:mod:`data.battles`)."""

    id: str
    name: str
    provenance: str  # "sample" (ours) or "user" (a pack someone wrote for their own game)
    note: str
    hash: str
    files: tuple[tuple[str, str], ...]  # (file name, text), sorted by name
    houses: dict[str, str]  # house id -> name
    die: tuple[str, ...]  # the faces of the order/attack die
    die_note: str
    morale: MoraleTrack
    units: dict[str, UnitType]
    commanders: dict[str, Commander]
    cards: dict[str, Card]
    battles: dict[str, Battle]
    skirmishes: dict[str, Skirmish] = field(default_factory=dict)
    setup_cards: dict[str, SetupCard] = field(default_factory=dict)

    def plan(self, battle: str) -> Battle:
        """The battle plan of a battle, or of a skirmish (its board and details; it places no unit)."""
        found = self.battles.get(battle)
        return found if found is not None else self.skirmishes[battle].battle

    @property
    def label(self) -> str:
        """What every view of a game on this pack says about its content."""
        if self.provenance == "sample":
            return f"{self.name}: original sample content, not an official battle plan or card"
        return f"{self.name}: content supplied by its users"
