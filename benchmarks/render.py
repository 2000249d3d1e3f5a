"""Render speed: the median time to draw a mid-game 6-player board, against the floor of encoding the same
finished image to PNG alone. Run: .venv/bin/python benchmarks/render.py [--runs 20]."""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from engine.thrones.game import ThronesGame
from renderer import render
from renderer.core.png import encode
from renderer.thrones import compose

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
        image = compose(view)
        started = time.perf_counter()
        encode(image)
        encodes.append(time.perf_counter() - started)
    render_ms, encode_ms = statistics.median(renders) * 1000, statistics.median(encodes) * 1000
    width, height = compose(view).size
    print(f"image:                    {width} x {height}, {len(data) / 1024:.0f} KB PNG")
    print(f"render (median):          {render_ms:.1f} ms")
    print(f"PNG encoding alone:       {encode_ms:.1f} ms")
    print(f"render / encoding floor:  {render_ms / encode_ms:.2f} (target: at most 1.5)")


if __name__ == "__main__":
    main()
