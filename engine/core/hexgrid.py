"""Hex grids: axial coordinates, distance, neighbours, zones, lines, exact line of sight and the hexes toward
a board edge, for the games played on hexes (BattleLore: Battles of Westeros).

Hexes are pointy-topped: rows of hexes run across the board, parallel to the edges the players sit at, so a
hex has two neighbours toward each of those edges (the seed's "one of the two hexes toward your edge").
A hex is ``Hex(q, r)`` in axial coordinates; ``r`` is the row and grows southward (down the page), ``q``
grows eastward along a row. The third cube coordinate is ``-q - r``.

Line of sight is computed exactly, with integers. Centres and corners are placed on a doubled lattice:
the centre of ``Hex(q, r)`` is ``(2q + r, 3r)`` and its corners are that plus ``(0, ±2)`` and ``(±1, ±1)``.
The segment between two centres is shifted an infinitesimal distance to its left and to its right (the
seed's "move the line slightly to one side, parallel to itself"); each shifted segment crosses the interior
of a set of hexes. When the segment runs along hex edges, or passes exactly through a corner, the two sets
differ (each takes the hexes on its side); otherwise they are the same. A line of sight exists when one of
the two shifted lines crosses no obstacle (:func:`sees`).

Sampling ``distance + 1`` points along the line (:func:`line`, the usual way to draw a hex line) is not
enough for sight: a segment may clip the corner of a hex between two samples, and the seed blocks a line
that crosses "any part" of an obstacle's hex. :func:`crossed` finds every hex exactly.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import NamedTuple


class Hex(NamedTuple):
    q: int
    r: int

    def __add__(self, other: object) -> Hex:  # type: ignore[override]
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)


ORIGIN = Hex(0, 0)
# The six directions, clockwise from east. North is up: rows with a smaller r.
DIRECTIONS: dict[str, Hex] = {
    "e": Hex(1, 0),
    "se": Hex(0, 1),
    "sw": Hex(-1, 1),
    "w": Hex(-1, 0),
    "nw": Hex(0, -1),
    "ne": Hex(1, -1),
}
EDGES = ("north", "south", "east", "west")


def distance(a: Hex, b: Hex) -> int:
    """The number of steps from ``a`` to ``b``: the seed's range counts the target's hex, not the
    attacker's, which is this distance."""
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbours(h: Hex) -> list[Hex]:
    """The six adjacent hexes, clockwise from east."""
    return [Hex(h.q + d.q, h.r + d.r) for d in DIRECTIONS.values()]


def neighbour(h: Hex, direction: str) -> Hex:
    d = DIRECTIONS[direction]
    return Hex(h.q + d.q, h.r + d.r)


def ring(centre: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` steps away (the centre alone for 0)."""
    if radius == 0:
        return [centre]
    found = []
    h = Hex(centre.q - radius, centre.r + radius)  # the south-west corner; walk east along the south side
    for direction in ("e", "ne", "nw", "w", "sw", "se"):
        for _ in range(radius):
            found.append(h)
            h = neighbour(h, direction)
    return found


def within(centre: Hex, radius: int) -> list[Hex]:
    """The hexes at most ``radius`` steps away, the centre included: a commander's zone of control."""
    return [
        Hex(centre.q + dq, centre.r + dr)
        for dq in range(-radius, radius + 1)
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)
    ]


# --- rows and columns -------------------------------------------------------------------------------------


def from_offset(column: int, row: int) -> Hex:
    """The hex in ``column`` of ``row`` (both from 0) on a board whose odd rows (the second, the fourth...)
    sit half a hex to the east of the even ones."""
    return Hex(column - (row - (row & 1)) // 2, row)


def to_offset(h: Hex) -> tuple[int, int]:
    """(column, row) of a hex, the inverse of :func:`from_offset`."""
    return h.q + (h.r - (h.r & 1)) // 2, h.r


def centre(h: Hex) -> tuple[int, int]:
    """The centre on the doubled integer lattice (see the module's docstring)."""
    return 2 * h.q + h.r, 3 * h.r


# --- board edges ------------------------------------------------------------------------------------------


def toward(h: Hex, edge: str) -> list[Hex]:
    """The neighbours strictly nearer to a board edge. For the north and south edges (parallel to the rows)
    these are the two hexes of the next row toward it, as the seed's retreat rule has it; for the east and
    west edges (a board turned sideways) they are three: the next hex in the row and the two beside it."""
    x = centre(h)[0]
    if edge == "north":
        return [neighbour(h, "nw"), neighbour(h, "ne")]
    if edge == "south":
        return [neighbour(h, "sw"), neighbour(h, "se")]
    if edge == "west":
        return [n for n in neighbours(h) if centre(n)[0] < x]
    if edge == "east":
        return [n for n in neighbours(h) if centre(n)[0] > x]
    raise ValueError(f"no board edge {edge!r}")


# --- lines ------------------------------------------------------------------------------------------------


def line(a: Hex, b: Hex, side: int = 1) -> list[Hex]:
    """The hexes of the straight line from ``a`` to ``b``, both included: ``distance + 1`` hexes, each next
    to the one before. The line is shifted a hair to its left (``side=1``) or right (``side=-1``), so that a
    line along hex edges picks the hexes on one side (see :func:`crossed` for the exact sets)."""
    n = distance(a, b)
    if n == 0:
        return [a]
    (ax, ay), (bx, by) = centre(a), centre(b)
    dx, dy = bx - ax, by - ay
    shift = Fraction(side, 10**6 * (dx * dx + dy * dy))
    hexes = []
    for step in range(n + 1):
        t = Fraction(step, n)
        x = ax + t * dx - shift * dy  # the left of (dx, dy) is (-dy, dx)
        y = ay + t * dy + shift * dx
        r = y / 3
        hexes.append(_round(Fraction(x - r, 2), r))
    return hexes


def _round(q: Fraction, r: Fraction) -> Hex:
    """The hex holding the point at fractional axial (q, r): cube rounding."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def crossed(a: Hex, b: Hex) -> tuple[frozenset[Hex], frozenset[Hex]]:
    """The hexes strictly between ``a`` and ``b`` whose interior the centre-to-centre segment crosses once
    shifted an infinitesimal distance to its left, and to its right. The two sets are equal unless the
    segment runs along hex edges or through a corner. Adjacent hexes (and a hex and itself) have nothing
    between them."""
    left, right = _crossed_offsets(b.q - a.q, b.r - a.r)
    return frozenset(a + h for h in left), frozenset(a + h for h in right)


def sees(a: Hex, b: Hex, blocks: Callable[[Hex], bool]) -> bool:
    """Whether a line of sight runs from ``a`` to ``b``: one of the two shifted lines (see :func:`crossed`)
    crosses no hex for which ``blocks`` holds. Adjacent hexes always see each other."""
    left, right = crossed(a, b)
    return not any(blocks(h) for h in left) or not any(blocks(h) for h in right)


@functools.lru_cache(maxsize=4096)
def _crossed_offsets(dq: int, dr: int) -> tuple[frozenset[Hex], frozenset[Hex]]:
    """:func:`crossed` from the origin to ``Hex(dq, dr)``: a line's hexes depend only on its displacement."""
    target = Hex(dq, dr)
    n = distance(ORIGIN, target)
    if n <= 1:
        return frozenset(), frozenset()
    dx, dy = centre(target)
    # Scale the lattice by m and shift the segment by one unit along its normal. A corner that is not on the
    # segment lies at least 1/|d| from it, and the shift is |d|/m: with m > |d|^2 the shifted segment passes
    # on the same side of every such corner as the segment, and on a chosen side of the corners on it.
    m = 4 * (dx * dx + dy * dy) + 4
    candidates = [h for h in within(ORIGIN, n) if h not in (ORIGIN, target) and distance(h, target) <= n]
    sides = []
    for side in (1, -1):
        ox, oy = -dy * side, dx * side
        start, end = (ox, oy), (dx * m + ox, dy * m + oy)
        sides.append(frozenset(h for h in candidates if _segment_enters(start, end, h, m)))
    return sides[0], sides[1]


# The corners of a hex around its centre on the doubled lattice, and the normals of its three edge directions.
_CORNERS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
_EDGE_NORMALS = ((1, 0), (1, 1), (1, -1))


def _segment_enters(start: tuple[int, int], end: tuple[int, int], h: Hex, m: int) -> bool:
    """Whether the closed segment meets the open interior of hex ``h`` (the lattice scaled by ``m``). Two
    convex sets are apart exactly when their projections on some edge normal of either are apart (the
    separating axis theorem); the hex is open, so projections that only touch are apart."""
    cx, cy = centre(h)
    corners = [(cx * m + x * m, cy * m + y * m) for x, y in _CORNERS]
    axes = [*_EDGE_NORMALS, (start[1] - end[1], end[0] - start[0])]
    for nx, ny in axes:
        low, high = _span((nx * x + ny * y for x, y in corners))
        s0, s1 = nx * start[0] + ny * start[1], nx * end[0] + ny * end[1]
        if max(s0, s1) <= low or min(s0, s1) >= high:
            return False
    return True


def _span(values: Iterator[int]) -> tuple[int, int]:
    items = list(values)
    return min(items), max(items)
