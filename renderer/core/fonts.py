"""The one typeface of every board, at any size: DejaVu Sans Condensed, shipped in ``renderer/fonts``
(its licence, the Bitstream Vera one, allows shipping it; see ``renderer/fonts/LICENSE``).

A condensed face because board labels live in small areas: it fits a name in about four fifths of the
width of Pillow's bundled font, and it has the accented letters a translated board needs.
"""

from __future__ import annotations

import functools
import importlib.resources

from PIL import ImageFont

_FILES = {False: "DejaVuSansCondensed.ttf", True: "DejaVuSansCondensed-Bold.ttf"}


@functools.cache
def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    """The board font at ``size`` pixels, loaded once per size: boards draw hundreds of labels in a
    handful of sizes."""
    path = importlib.resources.files("renderer") / "fonts" / _FILES[bold]
    with importlib.resources.as_file(path) as file:
        return ImageFont.truetype(str(file), max(1, size))
