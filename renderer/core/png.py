"""A finished board as PNG bytes, the form Discord shows inline.

Boards are flat colours, text and small sprites: a 256-colour palette holds them with a mean error
under one level in 255 (a test checks it), and a palette PNG is about a third of the size of a
true-colour one and quicker to compress, since it writes one byte a pixel instead of three. The
palette is chosen per image by Pillow's fast octree, so no colour a board uses is left out.
"""

from __future__ import annotations

import io

from PIL import Image

PNG_COMPRESSION = 6  # zlib's default balance of size and time; see benchmarks/render.py for the cost


def quantize(image: Image.Image) -> Image.Image:
    """``image`` (RGB) in 256 colours, without dithering (dither would speckle flat areas and cost size)."""
    return image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    quantize(image).save(out, format="PNG", compress_level=PNG_COMPRESSION)
    return out.getvalue()
