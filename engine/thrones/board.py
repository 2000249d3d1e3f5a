"""The static board: the map's areas and their relations, indexed once per process for fast lookups."""

from __future__ import annotations

from data import thrones as data_module
from data.thrones import ThronesData


class Board:
    """Read-only lookups over the map. Built once from the validated data files."""

    def __init__(self, facts: ThronesData) -> None:
        self.facts = facts
        areas = facts.areas
        self.areas = areas
        self.ids: tuple[str, ...] = tuple(sorted(areas))
        self.kind: dict[str, str] = {a.id: a.kind for a in areas.values()}
        self.land = frozenset(a.id for a in areas.values() if a.kind == "land")
        self.sea = frozenset(a.id for a in areas.values() if a.kind == "sea")
        self.port = frozenset(a.id for a in areas.values() if a.kind == "port")
        self.adjacent: dict[str, frozenset[str]] = {a.id: frozenset(a.adjacent) for a in areas.values()}
        self.castle: dict[str, int] = {a.id: a.castle for a in areas.values()}
        self.castle_areas: tuple[str, ...] = tuple(sorted(a.id for a in areas.values() if a.castle))
        self.supply_icons: dict[str, int] = {a.id: a.supply for a in areas.values() if a.supply}
        self.power_icons: dict[str, int] = {a.id: a.power for a in areas.values()}
        self.home_of: dict[str, str] = {a.id: a.home for a in areas.values() if a.home}
        self.home_area: dict[str, str] = {house: area for area, house in self.home_of.items()}
        self.port_of: dict[str, str] = {a.id: a.port for a in areas.values() if a.port}
        self.port_land: dict[str, str] = {a.id: a.land for a in areas.values() if a.kind == "port" and a.land}
        self.port_sea: dict[str, str] = {a.id: a.sea for a in areas.values() if a.kind == "port" and a.sea}
        self.adjacent_seas: dict[str, tuple[str, ...]] = {
            a: tuple(sorted(n for n in near if n in self.sea)) for a, near in self.adjacent.items()
        }
        self.adjacent_lands: dict[str, tuple[str, ...]] = {
            a: tuple(sorted(n for n in near if n in self.land)) for a, near in self.adjacent.items()
        }

    def name(self, area: str) -> str:
        return self.areas[area].name

    def is_area(self, area: str) -> bool:
        return area in self.kind


BOARD = Board(data_module.load())
FACTS = BOARD.facts
