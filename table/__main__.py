"""``python -m table demo --players N --out DIR``: watch a whole game played by AI seats."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from table.ai import STYLES
from table.demo import run_demo


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m table", description="Tools for the Maester table.")
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="play a complete game with AI seats and write it to a folder")
    demo.add_argument("--players", type=int, choices=range(3, 7), default=6)
    demo.add_argument("--out", type=Path, required=True, help="the folder to write the images and log to")
    demo.add_argument("--ai", choices=STYLES, default=STYLES[-1], help="how the AI seats play")
    demo.add_argument("--tides", action="store_true", help="play with the Tides of Battle cards")
    demo.add_argument("--seed", type=int, help="replay a particular game (random by default)")
    args = parser.parse_args(argv)
    path = asyncio.run(run_demo(args.players, args.out, args.ai, args.tides, args.seed))
    print(f"Wrote {path} and its board images.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
