"""The battlefield of a battle: its hexes by name, the terrain that counts on each (a token's rather than the
hex's), distances, zones of control and lines of sight, over :mod:`engine.core.hexgrid`.

Hexes are named as the battle's map names them (``G5``: column letter, row number from the north-west); the
state and the notation use the names, the geometry the coordinates. A battlefield depends only on the
battle, so it is built once per process for each pack and battle.
"""

from __future__ import annotations

from collections.abc import Callable

from data.battles_model import TERRAIN, Board, Pack, Terrain, hex_name, row_length
from engine.core import hexgrid
from engine.core.hexgrid import Hex


class Battlefield:
    def __init__(self, board: Board) -> None:
        self.rows = board.rows
        self.hexes: dict[str, Hex] = {}
        for row in range(board.rows):
            for column in range(row_length(board.columns, row)):
                self.hexes[hex_name(column, row)] = hexgrid.from_offset(column, row)
        self.names: dict[Hex, str] = {h: name for name, h in self.hexes.items()}
        self.kind: dict[str, str] = {
            name: board.tokens.get(name) or board.terrain[name] for name in self.hexes
        }
        self.terrain: dict[str, Terrain] = {name: TERRAIN[kind] for name, kind in self.kind.items()}
        self._zones: dict[tuple[str, int], list[str]] = {}
        self.neighbours: dict[str, tuple[str, ...]] = {
            name: tuple(self.names[n] for n in hexgrid.neighbours(h) if n in self.names)
            for name, h in self.hexes.items()
        }

    def distance(self, a: str, b: str) -> int:
        return hexgrid.distance(self.hexes[a], self.hexes[b])

    def zone(self, centre: str, radius: int) -> list[str]:
        """The hexes of the battlefield at most ``radius`` hexes from ``centre``: a zone of control."""
        key = (centre, radius)
        found = self._zones.get(key)
        if found is None:
            hexes = hexgrid.within(self.hexes[centre], radius)
            found = self._zones[key] = [self.names[h] for h in hexes if h in self.names]
        return found

    def sees(self, a: str, b: str, blocked: Callable[[str], bool]) -> bool:
        """Whether a line of sight runs from ``a`` to ``b`` past the hexes for which ``blocked`` holds."""
        names = self.names
        return hexgrid.sees(self.hexes[a], self.hexes[b], lambda h: h in names and blocked(names[h]))

    def on_edge(self, name: str, edge: str) -> bool:
        """Whether a hex lies in the row along a board edge, from which a unit may step off the board."""
        row = self.hexes[name].r
        return row == 0 if edge == "north" else row == self.rows - 1


_FIELDS: dict[tuple[str, str], Battlefield] = {}


def battlefield(pack: Pack, battle: str) -> Battlefield:
    """The battlefield of a battle of a pack (built once)."""
    key = (pack.hash, battle)
    found = _FIELDS.get(key)
    if found is None:
        found = _FIELDS[key] = Battlefield(pack.plan(battle).board)
    return found
