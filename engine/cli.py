"""Command line tools for the rules engine: ``python -m engine selfplay|replay``.

``selfplay`` plays complete games with random legal decisions (a smoke test, a fuzzer and a speed check).
``replay`` rebuilds a game from a position or a fresh setup plus notation lines, and prints the public state
and the pending decisions, or the first illegal line; ``--save`` writes the resulting position.

Errors a user can cause (a missing file, bad JSON, an illegal line, a bad option) print one line and exit
non-zero: 1 for an illegal notation line or a failed self-play game, 2 for everything else.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from typing import Any, NoReturn

from engine.core.errors import IllegalAction, PositionError
from engine.core.rng import Rng
from engine.thrones.game import ReplayError, ThronesGame
from engine.thrones.notation import format_line, is_blank
from engine.thrones.random_player import random_action
from engine.thrones.text import describe_view, short_name

PROG = "python -m engine"
MAX_ACTIONS = 100_000


class UsageError(Exception):
    """A mistake on the command line or in an input file: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, not a usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Tools for the Maester rules engine.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)

    selfplay = commands.add_parser(
        "selfplay",
        help="play complete games with random legal decisions",
        description="Play complete games with random legal decisions; game i uses seed SEED+i.",
    )
    selfplay.add_argument("--players", type=int, choices=range(3, 7), default=6, metavar="N", help="3 to 6")
    selfplay.add_argument("--games", type=_positive, default=1, metavar="G", help="how many games (1)")
    selfplay.add_argument("--seed", type=int, default=1, metavar="S", help="seed of the first game (1)")
    selfplay.add_argument("--tides", action="store_true", help="play with the Tides of Battle cards")
    selfplay.add_argument(
        "--max-actions", type=_positive, default=MAX_ACTIONS, metavar="A", help=argparse.SUPPRESS
    )
    selfplay.add_argument("--json", action="store_true", help="one JSON object per line")

    replay = commands.add_parser(
        "replay",
        help="apply notation lines to a position and show the result",
        description=(
            "Load a position (or a fresh setup), apply the notation lines of a file (blank lines and lines "
            "starting with # are skipped) and print the public state and the pending decisions."
        ),
    )
    start = replay.add_mutually_exclusive_group(required=True)
    start.add_argument("--position", metavar="FILE", help="a position JSON file to start from")
    start.add_argument("--players", type=int, choices=range(3, 7), metavar="N", help="a fresh setup (3 to 6)")
    replay.add_argument("--seed", type=int, metavar="S", help="the seed of the fresh setup")
    replay.add_argument("--tides", action="store_true", help="the fresh setup uses Tides of Battle")
    replay.add_argument("--actions", metavar="FILE", help="notation lines to apply ('-' reads stdin)")
    replay.add_argument("--save", metavar="FILE", help="write the resulting position JSON to FILE")
    replay.add_argument("--json", action="store_true", help="print the view and pending decisions as JSON")
    return parser


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} must be at least 1")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse: --help, or a usage error already reported
        return stop.code if isinstance(stop.code, int) else 2
    try:
        return selfplay(args) if args.command == "selfplay" else replay(args)
    except BrokenPipeError:  # the output was piped into `head` or the like, which has stopped reading
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # Python would complain again when it flushes stdout at exit
        return 1
    except KeyboardInterrupt:
        return 130


# --- selfplay -------------------------------------------------------------------------------------------


def play_game(
    players: int, seed: int, tides: bool, max_actions: int = MAX_ACTIONS
) -> tuple[ThronesGame, BaseException | None]:
    """One game with random legal decisions, as :func:`engine.thrones.random_player.play_random_game`
    plays it (the same player RNG), but keeping the game when something goes wrong."""
    game = ThronesGame.new(players, seed, tides)
    rng = Rng(seed ^ 0x5EED)
    try:
        for _ in range(max_actions):
            if game.over:
                return game, None
            pending = game.pending()
            decision = pending[rng.below(len(pending))]
            game.apply(decision.house, random_action(game, decision, rng))
        if game.over:
            return game, None
        raise RuntimeError(f"the game did not end in {max_actions} actions")
    except Exception as error:
        return game, error


def _game_record(game: ThronesGame, seed: int, seconds: float, error: BaseException | None) -> dict[str, Any]:
    view = game.view(None)
    record: dict[str, Any] = {
        "type": "game",
        "seed": seed,
        "players": game.state.players,
        "tides_of_battle": game.state.tides_of_battle,
        "winner": view["winner"],
        "rounds": view["round"],
        "actions": len(game.log),
        "standings": [
            {"house": house, "castles": view["houses"][house]["castles"]}
            for house in (view["ranking"] or view["houses_in_play"])
        ],
        "stats": dict(sorted(view.get("stats", {}).items())),
        "seconds": round(seconds, 6),
    }
    if error is not None:
        record["error"] = f"{type(error).__name__}: {error}"
    return record


def _game_line(record: dict[str, Any]) -> str:
    standings = ", ".join(f"{short_name(s['house'])} {s['castles']}" for s in record["standings"])
    if "error" in record:
        head = f"seed {record['seed']}: FAILED in round {record['rounds']} after {record['actions']} actions"
        return f"{head}: {record['error']}; castles: {standings}"
    line = (
        f"seed {record['seed']}: {short_name(record['winner'])} wins after {record['rounds']} rounds, "
        f"{record['actions']} actions; castles: {standings}"
    )
    if record["stats"]:
        line += "; " + ", ".join(f"{name} {count}" for name, count in record["stats"].items())
    return line


def selfplay(args: argparse.Namespace) -> int:
    total_seconds = 0.0
    total_actions = 0
    failed = 0
    totals: Counter[str] = Counter()
    for index in range(args.games):
        seed = args.seed + index
        started = time.perf_counter()
        game, error = play_game(args.players, seed, args.tides, args.max_actions)
        seconds = time.perf_counter() - started
        total_seconds += seconds
        total_actions += len(game.log)
        record = _game_record(game, seed, seconds, error)
        totals.update(record["stats"])
        if error is not None:
            failed += 1
            traceback.print_exception(error, file=sys.stderr)
        print(json.dumps(record) if args.json else _game_line(record), flush=True)
    elapsed = max(total_seconds, 1e-9)
    summary = {
        "type": "summary",
        "players": args.players,
        "games": args.games,
        "failed": failed,
        "actions": total_actions,
        "seconds": round(total_seconds, 6),
        "games_per_second": round(args.games / elapsed, 3),
        "actions_per_second": round(total_actions / elapsed, 1),
        "stats": dict(totals),
    }
    if args.json:
        print(json.dumps(summary))
    else:
        failures = f", {failed} FAILED" if failed else ""
        counted = "".join(f", {count} {name}" for name, count in sorted(totals.items()))
        print(
            f"{args.games} games of {args.players} players{failures}{counted}, {total_actions} actions in "
            f"{total_seconds:.2f} s: {summary['games_per_second']:.1f} games/s, "
            f"{summary['actions_per_second']:.0f} actions/s"
        )
    return 1 if failed else 0


# --- replay ---------------------------------------------------------------------------------------------


def _read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise UsageError(f"cannot read {path}: it is not UTF-8 text") from None


def _load_position(path: str) -> dict[str, Any]:
    try:
        position = json.loads(_read_text(path))
    except json.JSONDecodeError as error:
        raise UsageError(f"{path} is not valid JSON: {error.msg} (line {error.lineno})") from None
    if not isinstance(position, dict):
        raise UsageError(f"{path} is not a position (expected a JSON object)")
    return position


def _start(args: argparse.Namespace) -> ThronesGame:
    if args.position is not None:
        if args.seed is not None or args.tides:
            raise UsageError("--seed and --tides go with --players, not with --position")
        position = _load_position(args.position)
        try:
            return ThronesGame.from_position(position)
        except PositionError as error:
            raise UsageError(f"{args.position} is not a valid position: {error.reason}") from None
    if args.seed is None:
        raise UsageError("--players needs --seed")
    try:
        return ThronesGame.new(args.players, args.seed, args.tides)
    except IllegalAction as error:
        raise UsageError(str(error)) from None


def _pending(game: ThronesGame) -> list[dict[str, Any]]:
    """The pending decisions as a spectator may list them, with each default action in notation."""
    entries = []
    for decision in game.pending():
        entry: dict[str, Any] = {"house": decision.house, "kind": decision.kind, "secret": decision.secret}
        if not decision.secret:
            entry["prompt"] = decision.prompt
        if decision.default is not None:
            entry["default"] = format_line(decision.house, decision.default)
        entries.append(entry)
    return entries


def _pending_text(pending: list[dict[str, Any]], over: bool) -> str:
    if not pending:
        return "Waiting for: nothing (the game is over)" if over else "Waiting for: nothing"
    lines = ["Waiting for:"]
    for entry in pending:
        head = f"  {short_name(entry['house'])} ({entry['kind']}{', secret' if entry['secret'] else ''})"
        lines.append(f"{head}: {entry['prompt']}" if "prompt" in entry else head)
        if "default" in entry:
            lines.append(f"      default: {entry['default']}")
    return "\n".join(lines)


def _save(game: ThronesGame, path: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as file:
            json.dump(game.to_position(), file, indent=1)
            file.write("\n")
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror or error}") from None


def _report(args: argparse.Namespace, message: str, status: int, **extra: Any) -> int:
    if args.json:
        print(json.dumps({"error": message, **extra}))
    else:
        print(f"{PROG} replay: error: {message}", file=sys.stderr)
    return status


def replay(args: argparse.Namespace) -> int:
    try:
        game = _start(args)
        lines = _read_text(args.actions).splitlines() if args.actions is not None else []
    except UsageError as error:
        return _report(args, str(error), 2)
    applied = sum(1 for line in lines if not is_blank(line))
    try:
        game = ThronesGame.replay(lines, position=game.to_position())
    except ReplayError as error:
        if args.json:
            print(json.dumps({"error": error.reason, "line": error.line_number, "text": error.line.strip()}))
        else:
            print(f"line {error.line_number}: {error.reason}", file=sys.stderr)
            print(f"  {error.line.strip()}", file=sys.stderr)
        return 1
    if args.save is not None:
        try:
            _save(game, args.save)
        except UsageError as error:
            return _report(args, str(error), 2)
    view = game.view(None)
    pending = _pending(game)
    if args.json:
        print(json.dumps({"applied": applied, "view": view, "pending": pending}, indent=1))
        return 0
    source = args.position if args.position is not None else f"a fresh setup, seed {args.seed}"
    print(f"Applied {applied} action{'s' if applied != 1 else ''} to {source}.")
    print()
    print(describe_view(view, waiting=False))
    print(_pending_text(pending, game.over))
    if args.save is not None:
        print(f"\nPosition saved to {args.save}.")
    return 0
