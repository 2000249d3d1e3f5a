"""The one typeface of every board, at any size."""

from __future__ import annotations

import functools

from PIL import ImageFont


@functools.cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled font (no system font needed), loaded once per size: boards draw hundreds of
    labels in a handful of sizes."""
    return ImageFont.load_default(size=size)  # type: ignore[return-value]
