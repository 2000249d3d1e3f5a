"""How far apart two colours look, to a typical eye and to a deuteranope: the checks behind a board's
palette (tests assert a least distance between every pair of house colours and the neutral land).

Distance is CIE76 (Euclidean in CIELAB): about 2.3 is the smallest difference one notices side by side,
and differences past 20 read as different colours at a glance. Deuteranopia, the commonest colour
blindness, is simulated with Machado, Oliveira and Fernandes' (2009) matrix at full severity, applied
to linear RGB.
"""

from __future__ import annotations

import math

from renderer.core.colours import RGB

_DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(value: float) -> int:
    v = min(1.0, max(0.0, value))
    v = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(v * 255)


def deuteranopia(colour: RGB) -> RGB:
    """``colour`` as a deuteranope sees it."""
    linear = [_linear(c) for c in colour]
    r, g, b = (sum(m * c for m, c in zip(row, linear, strict=True)) for row in _DEUTERANOPIA)
    return _encoded(r), _encoded(g), _encoded(b)


def lab(colour: RGB) -> tuple[float, float, float]:
    """``colour`` in CIELAB (D65 white)."""
    r, g, b = (_linear(c) for c in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def distance(a: RGB, b: RGB) -> float:
    """CIE76 colour difference between ``a`` and ``b``."""
    return math.dist(lab(a), lab(b))
