"""A finished board as PNG bytes, the form Discord shows inline."""

from __future__ import annotations

import io

from PIL import Image

PNG_COMPRESSION = 6  # zlib's default balance of size and time; see benchmarks/render.py for the cost


def encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=PNG_COMPRESSION)
    return out.getvalue()
