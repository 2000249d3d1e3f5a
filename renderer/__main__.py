"""``python -m renderer --players N --out FILE`` (a fresh setup) or ``--position FILE`` (a saved one)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.thrones.game import ThronesGame
from renderer import render


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m renderer", description="Draw a game's board as a PNG.")
    start = parser.add_mutually_exclusive_group(required=True)
    start.add_argument("--players", type=int, choices=range(3, 7), help="a fresh setup for 3 to 6 players")
    start.add_argument("--position", type=Path, help="a position JSON file")
    parser.add_argument("--seed", type=int, default=1, help="the seed of a fresh setup (1)")
    parser.add_argument("--out", type=Path, required=True, help="the PNG file to write")
    args = parser.parse_args(argv)
    try:
        if args.position is not None:
            game = ThronesGame.from_position(json.loads(args.position.read_text()))
        else:
            game = ThronesGame.new(args.players, args.seed)
    except (OSError, ValueError, KeyError) as error:
        print(f"python -m renderer: cannot read the position: {error}", file=sys.stderr)
        return 2
    args.out.write_bytes(render(game.view(None)))
    print(f"Wrote {args.out}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
