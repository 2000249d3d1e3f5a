"""``python -m table demo --players N --out DIR [--game ID] [--language es]``: watch a whole game played by
AI seats."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from i18n import LANGUAGES
from table.demo import run_demo
from table.errors import TableError
from table.kinds import DEFAULT_GAME, kind_of


def _option(text: str) -> tuple[str, Any]:
    """``name=value``, the value read as JSON when it is JSON (``true``, ``3``), else as text."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"write an option as NAME=VALUE, not {text!r}")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m table", description="Tools for the Maester table.")
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="play a complete game with AI seats and write it to a folder")
    demo.add_argument("--game", default=DEFAULT_GAME, help=f"which game (default {DEFAULT_GAME})")
    demo.add_argument("--players", type=int, help="how many players (default: the most the game allows)")
    demo.add_argument("--out", type=Path, required=True, help="the folder to write the images and log to")
    demo.add_argument("--ai", help="how the AI seats play (default: the game's last style)")
    demo.add_argument(
        "--option", type=_option, action="append", default=[], metavar="NAME=VALUE", help="a game option"
    )
    demo.add_argument("--seed", type=int, help="replay a particular game (random by default)")
    demo.add_argument(
        "--language", default="en", choices=LANGUAGES, help="the game's language, its boards' (default en)"
    )
    args = parser.parse_args(argv)
    try:
        kind = kind_of(args.game)
        options = dict(args.option)
        players = args.players or kind.players[-1]
        style = args.ai or kind.ai_styles[-1]
        path = asyncio.run(
            run_demo(
                players, args.out, style, args.seed, game=args.game, options=options, language=args.language
            )
        )
    except TableError as error:
        print(f"python -m table demo: {error}", file=sys.stderr)
        return 2
    print(f"Wrote {path} and its board images.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
