"""The seeded generator (engine.core.rng): its draws are part of every saved game, so a shortcut must
leave them exactly as the plain algorithm makes them."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng


@pytest.mark.parametrize("seed", [0, 1, 0x5EED, (1 << 64) - 1])
def test_a_draw_below_one_moves_the_state_as_any_draw_does(seed):
    shortcut, plain = Rng(seed), Rng(seed)
    assert [shortcut.below(1) for _ in range(3)] == [0, 0, 0]
    for _ in range(3):
        plain.next_u64()
    assert shortcut.state == plain.state
    assert shortcut.below(7) == plain.below(7)


def test_below_needs_a_positive_bound():
    with pytest.raises(ValueError):
        Rng(1).below(0)
