"""Placement that is checked: on every position of long random games of 3 to 6 players, every name,
icon, letter, token, order and unit chip the map draws finds room, lies inside its own area and
overlaps nothing else. The 4-player games carry the crowded setup (neutral forces beside the houses'
pieces), and every sampled position's battles, routed units and marches are drawn too."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from engine.core.rng import Rng
from engine.thrones.game import ThronesGame
from engine.thrones.random_player import random_action
from renderer.core.placement import overlaps
from renderer.thrones import names
from renderer.thrones.board import Layout, lay_out
from renderer.thrones.placement import room, statics
from renderer.thrones.style import FACTS

SEEDS = range(1, 6)
EVERY = 2  # actions between two sampled positions
MAX_ACTIONS = 20_000


def positions(players: int, seed: int) -> Iterator[dict[str, Any]]:
    """Every ``EVERY``-th position of a complete random game, as a spectator sees it."""
    game = ThronesGame.new(players, seed, False)
    rng = Rng(seed ^ 0x5EED)
    for count in range(MAX_ACTIONS):
        if game.over:
            yield game.view(None)
            return
        if count % EVERY == 0:
            yield game.view(None)
        pending = game.pending()
        decision = pending[rng.below(len(pending))]
        game.apply(decision.house, random_action(game, decision, rng))


def faults(layout: Layout) -> list[str]:
    found = [f"{area}: no room for its {what}" for area, what in layout.unplaced]
    by_area: dict[str, list[Any]] = {}
    for item in layout.items:
        by_area.setdefault(item.area, []).append(item)
        if not room(item.area).inside(item.box):
            found.append(f"{item.area}: its {item.what} {item.box} leaves the area")
    for area, items in by_area.items():
        for a, b in itertools.combinations(items, 2):
            if overlaps(a.box, b.box):
                found.append(f"{area}: its {a.what} {a.box} overlaps its {b.what} {b.box}")
    return found


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_nothing_overlaps_and_nothing_leaves_its_area_in_long_random_games(players):
    checked = 0
    for seed in SEEDS:
        for view in positions(players, seed):
            layout = lay_out(view)
            problems = faults(layout)
            assert not problems, f"{players} players, seed {seed}, round {view['round']}: {problems[:5]}"
            checked += 1
    assert checked > 150  # long games, not a handful of positions


def test_every_area_shows_its_name_from_the_games_vocabulary():
    for area, info in FACTS.areas.items():
        label = statics(area).label
        if info.kind == "port":
            assert label is None  # a port is marked by its anchor
        else:
            assert label is not None and " ".join(label.lines) == names.name("area", area)
