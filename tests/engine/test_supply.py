"""Supply (rulebook: "Carta de Poniente: Suministro" and its example)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.thrones.game import ThronesGame
from engine.thrones.scenario import build
from engine.thrones.supply import fits
from tests.engine.scenario import kinds


def supply_card(**fields) -> ThronesGame:
    """The Supply card of round 2's Westeros phase, about to be resolved."""
    return build({"players": 6, "round": 2, "step": "supply", **fields})


@pytest.mark.parametrize(
    ("level", "sizes", "ok"),
    [
        (2, [3, 2, 2], True),
        (2, [3, 3], False),
        (2, [2, 2, 2, 2], False),
        (3, [3, 2, 2, 2], True),
        (3, [4], False),
        (0, [2, 2, 1, 1, 1], True),
        (6, [4, 3, 2, 2, 2], True),
        (6, [4, 4], False),
    ],
)
def test_the_supply_track(level, sizes, ok):
    assert fits(sizes, level) is ok


def lannister_example():
    return supply_card(
        units={
            "the-twins": ("lannister", "footman", "footman", "footman", "footman"),
            "harrenhal": ("lannister", "footman", "footman", "footman"),
            "lannisport": ("lannister", "footman", "footman"),
            # A knight: Lannister owns ten footmen (eleven made this example a position no game reaches).
            "searoad-marches": ("lannister", "footman", "knight"),
            "winterfell": ("stark", "footman"),
        },
        supply={"stark": 1, "lannister": 5, "greyjoy": 2, "tyrell": 2, "baratheon": 2, "martell": 2},
    )


def test_the_rulebook_supply_example():
    # Lannister falls from 5 to 3 supply and must turn armies of 4, 3, 2, 2 into 3, 2, 2, 2.
    game = lannister_example()
    assert game.state.supply["lannister"] == 3
    assert kinds(game) == [("lannister", "reconcile")]
    before = game.to_position()
    with pytest.raises(IllegalAction, match="still exceed"):
        game.apply_line("lannister: destroy the-twins footman")
    with pytest.raises(IllegalAction, match="not needed"):
        game.apply_line("lannister: destroy the-twins footman, the-twins footman, harrenhal footman")
    with pytest.raises(IllegalAction, match="3 footmen"):
        game.apply_line(
            "lannister: destroy harrenhal footman, harrenhal footman, harrenhal footman, harrenhal footman"
        )
    assert game.to_position() == before
    game.apply_line("lannister: destroy the-twins footman, harrenhal footman")
    assert len(game.state.units["the-twins"]) == 3 and len(game.state.units["harrenhal"]) == 2


def test_the_default_reconciliation_is_legal():
    game = lannister_example()
    decision = game.pending()[0]
    game.apply(decision.house, decision.default)
    assert kinds(game)[0][1] == "orders"


def test_single_units_never_count_against_supply():
    game = supply_card(
        units=dict.fromkeys(("the-twins", "harrenhal", "lannisport", "riverrun"), ("lannister", "footman")),
    )
    assert game.state.supply["lannister"] == 3  # Lannisport 2 + Riverrun 1
    assert all(kind == "orders" for _, kind in kinds(game))
