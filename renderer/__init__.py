"""The board image: a view from the engine drawn as one PNG, with Pillow.

For now every view is an A Game of Thrones view: see :mod:`renderer.thrones`.
"""

from __future__ import annotations

from renderer.core.png import encode
from renderer.thrones import compose, render

__all__ = ["compose", "encode", "render"]
