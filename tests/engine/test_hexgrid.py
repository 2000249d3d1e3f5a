"""Hex geometry (engine.core.hexgrid), checked exhaustively over every hex and every pair of hexes of a
region: distance, neighbours, zones, rows and columns, the hexes toward an edge, lines, and the exact line
of sight with its shift to both sides."""

from __future__ import annotations

import itertools
from collections import deque

import pytest

from engine.core.hexgrid import (
    DIRECTIONS,
    ORIGIN,
    Hex,
    centre,
    crossed,
    distance,
    from_offset,
    line,
    neighbour,
    neighbours,
    ring,
    sees,
    to_offset,
    toward,
    within,
)

RADIUS = 7
REGION = within(ORIGIN, RADIUS)
OPPOSITE = {"e": "w", "w": "e", "ne": "sw", "sw": "ne", "nw": "se", "se": "nw"}


def test_distance_is_the_number_of_steps():
    steps = {ORIGIN: 0}
    queue = deque([ORIGIN])
    while queue:
        h = queue.popleft()
        for n in neighbours(h):
            if n not in steps and distance(ORIGIN, n) <= RADIUS + 1:
                steps[n] = steps[h] + 1
                queue.append(n)
    for h in REGION:
        assert distance(ORIGIN, h) == steps[h]


def test_distance_is_a_metric():
    sample = within(Hex(1, -2), 3)
    for a, b in itertools.product(sample, repeat=2):
        assert distance(a, b) == distance(b, a)
        assert (distance(a, b) == 0) == (a == b)
    for a, b, c in itertools.product(sample[::3], repeat=3):
        assert distance(a, c) <= distance(a, b) + distance(b, c)


def test_every_hex_has_six_neighbours_one_step_away():
    for h in REGION:
        around = neighbours(h)
        assert len(set(around)) == 6
        assert all(distance(h, n) == 1 for n in around)
        for name in DIRECTIONS:
            assert neighbour(neighbour(h, name), OPPOSITE[name]) == h


@pytest.mark.parametrize("radius", range(5))
def test_zones_and_rings(radius):
    centre_hex = Hex(2, -1)
    zone = within(centre_hex, radius)
    assert len(zone) == len(set(zone)) == 3 * radius * (radius + 1) + 1
    assert set(zone) == {h for h in within(centre_hex, radius + 1) if distance(centre_hex, h) <= radius}
    circle = ring(centre_hex, radius)
    assert len(circle) == len(set(circle)) == max(1, 6 * radius)
    assert all(distance(centre_hex, h) == radius for h in circle)
    if radius:
        assert all(distance(a, b) == 1 for a, b in zip(circle, circle[1:] + circle[:1], strict=True))


def test_rows_and_columns_round_trip_and_shift_every_other_row_east():
    for column, row in itertools.product(range(-3, 15), range(-3, 12)):
        h = from_offset(column, row)
        assert to_offset(h) == (column, row)
        above = {from_offset(column, row - 1), from_offset(column + (1 if row % 2 else -1), row - 1)}
        assert set(toward(h, "north")) == above
        assert from_offset(column + 1, row) == neighbour(h, "e")


def test_the_hexes_toward_an_edge():
    for h in REGION:
        north, south = toward(h, "north"), toward(h, "south")
        assert len(north) == len(south) == 2
        assert all(n.r == h.r - 1 and distance(h, n) == 1 for n in north)
        assert all(n.r == h.r + 1 and distance(h, n) == 1 for n in south)
        west, east = toward(h, "west"), toward(h, "east")
        assert len(west) == len(east) == 3
        assert all(centre(n)[0] < centre(h)[0] for n in west)
        assert all(centre(n)[0] > centre(h)[0] for n in east)
    with pytest.raises(ValueError):
        toward(ORIGIN, "up")


def test_a_line_is_a_chain_of_adjacent_hexes():
    for target in REGION:
        for side in (1, -1):
            hexes = line(ORIGIN, target, side)
            assert hexes[0] == ORIGIN and hexes[-1] == target
            assert len(hexes) == distance(ORIGIN, target) + 1
            assert all(distance(a, b) == 1 for a, b in itertools.pairwise(hexes))


def _connected(hexes: set[Hex]) -> bool:
    start = next(iter(hexes))
    seen, queue = {start}, [start]
    while queue:
        for n in neighbours(queue.pop()):
            if n in hexes and n not in seen:
                seen.add(n)
                queue.append(n)
    return seen == hexes


def _corner_on_segment(a: Hex, b: Hex) -> bool:
    """Whether some hex corner lies on the open segment between the centres of a and b."""
    (ax, ay), (bx, by) = centre(a), centre(b)
    for h in within(a, distance(a, b)):
        cx, cy = centre(h)
        for x, y in ((cx, cy - 2), (cx + 1, cy - 1), (cx + 1, cy + 1), (cx, cy + 2)):
            cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
            dot = (x - ax) * (bx - ax) + (y - ay) * (by - ay)
            if cross == 0 and 0 < dot < (bx - ax) ** 2 + (by - ay) ** 2:
                return True
    return False


def test_the_hexes_a_line_crosses():
    for target in REGION:
        n = distance(ORIGIN, target)
        left, right = crossed(ORIGIN, target)
        if n <= 1:
            assert left == right == frozenset()
            continue
        for side, hexes in ((1, left), (-1, right)):
            assert ORIGIN not in hexes and target not in hexes
            assert all(distance(ORIGIN, h) < n and distance(h, target) < n for h in hexes)
            assert _connected({ORIGIN, target, *hexes})
            # The sampled line finds at least n - 1 of them; the exact sets add the corners it clips.
            assert set(line(ORIGIN, target, side)[1:-1]) <= hexes
        if left != right:
            assert _corner_on_segment(ORIGIN, target)


def test_the_hexes_a_line_crosses_are_the_same_anywhere_and_either_way():
    for target in REGION:
        left, right = crossed(ORIGIN, target)
        for start in (Hex(3, -5), Hex(-4, 2)):
            moved = crossed(start, start + target)
            assert moved == (frozenset(start + h for h in left), frozenset(start + h for h in right))
        back_left, back_right = crossed(target, ORIGIN)
        assert (back_left, back_right) == (right, left)  # walking back, the left side is the right


def test_a_line_along_an_edge_takes_the_hexes_on_each_side():
    # Two rows up and one to the east: the line runs along the edge between the north-west and
    # north-east neighbours, then reaches the target's corner.
    target = Hex(1, -2)
    assert crossed(ORIGIN, target) == ({Hex(1, -1)}, {Hex(0, -1)})
    # A line straight along a row crosses the hexes of that row, on both sides alike.
    assert crossed(ORIGIN, Hex(3, 0)) == ({Hex(1, 0), Hex(2, 0)}, {Hex(1, 0), Hex(2, 0)})
    # Seven doubled units east and three down: the line dips into a hex between two samples.
    left, _ = crossed(ORIGIN, Hex(3, 1))
    assert left == {Hex(1, 0), Hex(1, 1), Hex(2, 0), Hex(2, 1)}
    assert set(line(ORIGIN, Hex(3, 1))[1:-1]) < left


def test_sight_is_blocked_only_when_both_shifted_lines_are():
    target = Hex(1, -2)
    assert sees(ORIGIN, target, {Hex(0, -1)}.__contains__)
    assert sees(ORIGIN, target, {Hex(1, -1)}.__contains__)
    assert not sees(ORIGIN, target, {Hex(0, -1), Hex(1, -1)}.__contains__)
    assert sees(ORIGIN, Hex(1, 0), lambda h: True)  # adjacent hexes always see each other
    for target in REGION:
        left, right = crossed(ORIGIN, target)
        blockers = set(itertools.islice(iter(sorted(left | right)), 0, None, 2))
        assert sees(ORIGIN, target, blockers.__contains__) == sees(target, ORIGIN, blockers.__contains__)
        assert sees(ORIGIN, target, lambda h: False)
        for h in left & right:
            assert not sees(ORIGIN, target, {h}.__contains__)
