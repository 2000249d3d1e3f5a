"""Render speed: the median time to draw a mid-game 6-player board, against the floor of encoding the same
finished image to PNG alone (the board's own encoding: a 256-colour palette), all in one run.

The board keeps its map, in the colours of who holds what, between renders (it changes only when an
area changes hands), as the bot does between the boards of one game; the first render of a position
with new holders pays for it, and is shown on its own line. Run:
.venv/bin/python benchmarks/render.py [--runs 20]."""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from engine.thrones.game import ThronesGame
from renderer import render
from renderer.core.png import encode
from renderer.thrones import compose
from renderer.thrones.style import FACTS

ROOT = Path(__file__).resolve().parent.parent
POSITION = ROOT / "tests" / "renderer" / "thrones" / "positions" / "mid-game-6.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    view = ThronesGame.from_position(json.loads(POSITION.read_text())).view(None)
    render(view)  # the static map is drawn once per process: not what is measured
    renders, encodes = [], []
    for _ in range(args.runs):
        started = time.perf_counter()
        data = render(view)
        renders.append(time.perf_counter() - started)
        image, _ = compose(view)
        started = time.perf_counter()
        encode(image)
        encodes.append(time.perf_counter() - started)
    render_ms, encode_ms = statistics.median(renders) * 1000, statistics.median(encodes) * 1000
    width, height = compose(view)[0].size
    started = time.perf_counter()
    render(changed_hands(view))
    cold_ms = (time.perf_counter() - started) * 1000
    print(f"image:                    {width} x {height}, {len(data) / 1024:.0f} KB PNG")
    print(f"render (median):          {render_ms:.1f} ms")
    print(f"PNG encoding alone:       {encode_ms:.1f} ms")
    print(f"render / encoding floor:  {render_ms / encode_ms:.2f} (target: at most 1.2)")
    print(f"render after an area changed hands: {cold_ms:.1f} ms")


def changed_hands(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with one more area held, so that the board's map must be drawn again."""
    areas = dict(view["areas"])
    free = next(a for a in sorted(FACTS.areas) if FACTS.areas[a].kind == "land" and a not in areas)
    areas[free] = {"controller": view["houses_in_play"][0]}
    return {**view, "areas": areas}


if __name__ == "__main__":
    main()
