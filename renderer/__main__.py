"""``python -m renderer [--game ID] --players N --out FILE`` (a fresh setup) or ``--position FILE`` (a
saved one).

It names no game: the engine is the one :mod:`engine.registry` has for ``--game``, and the board is
drawn by :func:`renderer.render`, which chooses the game's renderer by the view.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from data.games import DEFAULT, UnknownGame, games
from engine.core.errors import IllegalAction
from engine.core.game import Game
from engine.registry import engine_of
from renderer import render

PROG = "python -m renderer"


class CannotStart(Exception):
    """The game cannot be set up or loaded; the message says why, on one line."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description="Draw a game's board as a PNG.")
    parser.add_argument(
        "--game",
        default=DEFAULT,
        metavar="ID",
        help=f"the game ({DEFAULT}); one of: {', '.join(entry.id for entry in games())}",
    )
    start = parser.add_mutually_exclusive_group(required=True)
    start.add_argument("--players", type=int, metavar="N", help="a fresh setup for this many players")
    start.add_argument("--position", type=Path, metavar="FILE", help="a position JSON file")
    parser.add_argument("--seed", type=int, default=1, metavar="N", help="the seed of a fresh setup (1)")
    parser.add_argument("--out", type=Path, required=True, metavar="FILE", help="the PNG file to write")
    args = parser.parse_args(argv)
    try:
        game = _start(args)
    except CannotStart as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    args.out.write_bytes(render(game.view(None)))
    print(f"Wrote {args.out}.")
    return 0


def _start(args: argparse.Namespace) -> Game:
    try:
        engine = engine_of(args.game)
        if args.position is None:
            return engine.setup(args.players, args.seed, {})
        return engine.from_position(json.loads(args.position.read_text(encoding="utf-8")))
    except UnknownGame as error:
        raise CannotStart(str(error)) from error
    except OSError as error:
        raise CannotStart(f"cannot read {args.position}: {error.strerror}") from error
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise CannotStart(f"{args.position} is not a JSON file: {error}") from error
    except IllegalAction as error:  # a player count or a position the game refuses (PositionError)
        raise CannotStart(str(error)) from error


if __name__ == "__main__":
    sys.exit(main())
