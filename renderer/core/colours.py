"""The colours every board shares (the panel, dark and light ink, gold) and how colours are mixed and
written on."""

from __future__ import annotations

RGB = tuple[int, int, int]

PANEL = (32, 30, 36)
PANEL_TEXT = (236, 232, 222)
PANEL_DIM = (150, 146, 140)
GOLD = (226, 182, 58)
DARK = (20, 18, 22)
LIGHT = (250, 248, 240)


def rgb(code: str) -> RGB:
    """A colour from ``#rrggbb``, as the games' data files write them."""
    code = code.lstrip("#")
    return int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16)


def ink_on(fill: RGB) -> RGB:
    """Dark or light text, whichever reads on ``fill``."""
    r, g, b = fill
    return DARK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else LIGHT


def mix(base: RGB, colour: RGB, strength: float) -> RGB:
    """``base`` moved towards ``colour`` by ``strength`` (0 is ``base``, 1 is ``colour``): a tint."""
    (r0, g0, b0), (r1, g1, b1) = base, colour
    return (
        round(r0 + (r1 - r0) * strength),
        round(g0 + (g1 - g0) * strength),
        round(b0 + (b1 - b0) * strength),
    )
