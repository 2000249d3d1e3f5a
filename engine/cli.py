"""Command line tools for the rules engines: ``python -m engine selfplay|replay|scenario``.

``selfplay`` plays complete games with random legal decisions (a smoke test, a fuzzer and a speed check).
``replay`` rebuilds a game from a position or a fresh setup plus notation lines, and prints the public state
and the pending decisions, or the first illegal line; ``--save`` writes the resulting position.
``scenario`` builds a game from a scenario file (a hand-written situation, see ``Game.from_scenario``) and
shows it the same way.

Every command works on any registered game (``--game ID``, see ``data/games.toml``) through the contract of
:mod:`engine.core.game` alone: the game's class comes from :func:`engine.registry.engine_of`, its player
counts from ``PLAYERS``, its options from ``--option NAME=JSON`` (``--tides`` is short for
``--option tides_of_battle=true``, ``--scenario NAME`` for ``--option scenario="NAME"``) and
``--option-file NAME=PATH`` (the option's value is the file's text, or for a folder an object of its files'
names to their texts: a game's content files), and its text from ``describe_view``.

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

from data.games import DEFAULT, UnknownGame
from engine.core.errors import IllegalAction, PositionError, ScenarioError
from engine.core.game import Game, ReplayError
from engine.core.random_player import random_action
from engine.core.rng import Rng
from engine.registry import engine_of

PROG = "python -m engine"
MAX_ACTIONS = 100_000


class UsageError(Exception):
    """A mistake on the command line or in an input file: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, not a usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Tools for the Maester rules engines.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)

    selfplay = commands.add_parser(
        "selfplay",
        help="play complete games with random legal decisions",
        description="Play complete games with random legal decisions; game i uses seed SEED+i.",
    )
    _add_game(selfplay)
    selfplay.add_argument(
        "--players", type=int, metavar="N", help="how many players (the most the game allows)"
    )
    selfplay.add_argument("--games", type=_positive, default=1, metavar="G", help="how many games (1)")
    selfplay.add_argument("--seed", type=int, default=1, metavar="S", help="seed of the first game (1)")
    _add_options(selfplay)
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
    _add_game(replay)
    start = replay.add_mutually_exclusive_group(required=True)
    start.add_argument("--position", metavar="FILE", help="a position JSON file to start from")
    start.add_argument("--players", type=int, metavar="N", help="a fresh setup for N players")
    replay.add_argument("--seed", type=int, metavar="S", help="the seed of the fresh setup")
    _add_options(replay)
    replay.add_argument("--actions", metavar="FILE", help="notation lines to apply ('-' reads stdin)")
    replay.add_argument("--save", metavar="FILE", help="write the resulting position JSON to FILE")
    replay.add_argument("--json", action="store_true", help="print the view and pending decisions as JSON")

    scenario = commands.add_parser(
        "scenario",
        help="build a game from a scenario and show it",
        description=(
            "Build the game a scenario file describes (a situation written in TOML; for A Game of Thrones "
            "see engine/thrones/scenario.py) and print the public state and the pending decisions."
        ),
    )
    scenario.add_argument("file", metavar="FILE", help="the scenario ('-' reads stdin)")
    _add_game(scenario)
    scenario.add_argument("--save", metavar="FILE", help="write the position JSON to FILE")
    scenario.add_argument("--json", action="store_true", help="print the view and pending decisions as JSON")
    return parser


def _add_game(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default=DEFAULT, metavar="ID", help=f"the game ({DEFAULT})")


def _add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help='an option of the fresh setup, its value in JSON (true, 3, "text"); repeatable',
    )
    parser.add_argument(
        "--option-file",
        action="append",
        default=[],
        metavar="NAME=PATH",
        help="an option whose value is a file's text (for a folder: its files' texts by name); repeatable",
    )
    parser.add_argument("--tides", action="store_true", help="short for --option tides_of_battle=true")
    parser.add_argument("--scenario", metavar="NAME", help='short for --option scenario="NAME"')


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
        return COMMANDS[args.command](args)
    except UsageError as error:
        return _report(args, str(error), 2)
    except BrokenPipeError:  # the output was piped into `head` or the like, which has stopped reading
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # Python would complain again when it flushes stdout at exit
        return 1
    except KeyboardInterrupt:
        return 130


def _report(args: argparse.Namespace, message: str, status: int, **extra: Any) -> int:
    if args.json:
        print(json.dumps({"error": message, **extra}))
    else:
        print(f"{PROG} {args.command}: error: {message}", file=sys.stderr)
    return status


# --- the game, its player count and its options --------------------------------------------------------


def _game_class(args: argparse.Namespace) -> type[Game]:
    try:
        return engine_of(args.game)
    except UnknownGame as error:
        raise UsageError(str(error)) from None


def _players(game_class: type[Game], players: int | None) -> int:
    """The player count asked for, checked against the game's; the most it allows by default."""
    allowed = game_class.PLAYERS
    if players is None:
        return max(allowed)
    if players not in allowed:
        span = f"{allowed.start} to {allowed.stop - 1}" if len(allowed) > 1 else str(allowed.start)
        raise UsageError(f"--players is {span} for {game_class.title}, not {players}")
    return players


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """The options of ``--option NAME=VALUE`` (values in JSON), of ``--option-file NAME=PATH`` and of the
    ``--tides`` and ``--scenario`` shortcuts."""
    options: dict[str, Any] = {}
    for text in args.option:
        name, equals, value = text.partition("=")
        if not equals or not name.strip():
            raise UsageError(f"--option {text!r}: write NAME=VALUE, e.g. tides_of_battle=true")
        try:
            options[name.strip()] = json.loads(value)
        except json.JSONDecodeError:
            raise UsageError(
                f"--option {text!r}: the value is not JSON (true, 3, or text in double quotes)"
            ) from None
    for text in args.option_file:
        name, equals, path = text.partition("=")
        if not equals or not name.strip() or not path:
            raise UsageError(f"--option-file {text!r}: write NAME=PATH, e.g. pack=my-battles/")
        options[name.strip()] = _read_option_file(path)
    if args.tides:
        options["tides_of_battle"] = True
    if args.scenario is not None:
        options["scenario"] = args.scenario
    return options


def _read_option_file(path: str) -> str | dict[str, str]:
    """A file's text, or for a folder the texts of the files in it by name (its hidden files left out)."""
    if os.path.isdir(path):
        try:
            names = sorted(name for name in os.listdir(path) if not name.startswith("."))
        except OSError as error:
            raise UsageError(f"cannot read {path}: {error.strerror or error}") from None
        return {
            name: _read_text(os.path.join(path, name))
            for name in names
            if os.path.isfile(os.path.join(path, name))
        }
    return _read_text(path)


def _setup(game_class: type[Game], players: int, seed: int, options: dict[str, Any]) -> Game:
    try:
        return game_class.setup(players, seed, options)
    except IllegalAction as error:
        raise UsageError(str(error)) from None


# --- selfplay -------------------------------------------------------------------------------------------


def play_game(
    game_class: type[Game], players: int, seed: int, options: dict[str, Any], max_actions: int = MAX_ACTIONS
) -> tuple[Game, BaseException | None]:
    """One game with random legal decisions (the players' generator seeded ``seed ^ 0x5EED``, as the
    random players of the games seed theirs), keeping the game when something goes wrong."""
    game = _setup(game_class, players, seed, options)
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


def _game_record(
    game: Game, seed: int, options: dict[str, Any], seconds: float, error: BaseException | None
) -> dict[str, Any]:
    readout = game.readout()
    record: dict[str, Any] = {
        "type": "game",
        "seed": seed,
        "players": len(readout.seats),
        "options": options,
        "winner": readout.winner,
        "rounds": readout.round,
        "actions": len(game.log),
        "standings": [
            {"house": seat, **({game.SCORE: readout.scores[seat]} if seat in readout.scores else {})}
            for seat in (readout.ranking or readout.seats)
        ],
        "stats": dict(sorted(readout.stats.items())),
        "seconds": round(seconds, 6),
    }
    if error is not None:
        record["error"] = f"{type(error).__name__}: {error}"
    return record


def _game_line(game_class: type[Game], record: dict[str, Any]) -> str:
    name = game_class.seat_name
    score = game_class.SCORE
    standings = ", ".join(
        f"{name(s['house'])} {s[score]}" if score in s else name(s["house"]) for s in record["standings"]
    )
    if "error" in record:
        head = f"seed {record['seed']}: FAILED in round {record['rounds']} after {record['actions']} actions"
        return f"{head}: {record['error']}; {score}: {standings}"
    winner = record["winner"]
    outcome = f"{name(winner)} wins" if winner is not None else "no one wins"
    line = (
        f"seed {record['seed']}: {outcome} after {record['rounds']} rounds, "
        f"{record['actions']} actions; {score}: {standings}"
    )
    if record["stats"]:
        line += "; " + ", ".join(f"{stat} {count}" for stat, count in record["stats"].items())
    return line


def selfplay(args: argparse.Namespace) -> int:
    game_class = _game_class(args)
    players = _players(game_class, args.players)
    options = _options(args)
    total_seconds = 0.0
    total_actions = 0
    failed = 0
    totals: Counter[str] = Counter()
    for index in range(args.games):
        seed = args.seed + index
        started = time.perf_counter()
        game, error = play_game(game_class, players, seed, options, args.max_actions)
        seconds = time.perf_counter() - started
        total_seconds += seconds
        total_actions += len(game.log)
        record = _game_record(game, seed, options, seconds, error)
        totals.update(record["stats"])
        if error is not None:
            failed += 1
            traceback.print_exception(error, file=sys.stderr)
        print(json.dumps(record) if args.json else _game_line(game_class, record), flush=True)
    elapsed = max(total_seconds, 1e-9)
    summary = {
        "type": "summary",
        "game": game_class.id,
        "players": players,
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
            f"{args.games} games of {players} players{failures}{counted}, {total_actions} actions in "
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


def _start(args: argparse.Namespace, game_class: type[Game]) -> Game:
    if args.position is not None:
        if (
            args.seed is not None
            or args.tides
            or args.option
            or args.option_file
            or args.scenario is not None
        ):
            raise UsageError("--seed and the options go with --players, not with --position")
        position = _load_position(args.position)
        try:
            return game_class.from_position(position)
        except PositionError as error:
            raise UsageError(f"{args.position} is not a valid position: {error.reason}") from None
    if args.seed is None:
        raise UsageError("--players needs --seed")
    return _setup(game_class, _players(game_class, args.players), args.seed, _options(args))


def _pending(game: Game) -> list[dict[str, Any]]:
    """The pending decisions as a spectator may list them, with each default action in notation."""
    entries = []
    for decision in game.pending():
        entry: dict[str, Any] = {"house": decision.house, "kind": decision.kind, "secret": decision.secret}
        if not decision.secret:
            entry["prompt"] = decision.prompt
        if decision.default is not None:
            entry["default"] = game.format_line(decision.house, decision.default)
        entries.append(entry)
    return entries


def _pending_text(game_class: type[Game], pending: list[dict[str, Any]], over: bool) -> str:
    if not pending:
        return "Waiting for: nothing (the game is over)" if over else "Waiting for: nothing"
    lines = ["Waiting for:"]
    for entry in pending:
        secret = ", secret" if entry["secret"] else ""
        head = f"  {game_class.seat_name(entry['house'])} ({entry['kind']}{secret})"
        lines.append(f"{head}: {entry['prompt']}" if "prompt" in entry else head)
        if "default" in entry:
            lines.append(f"      default: {entry['default']}")
    return "\n".join(lines)


def _save(game: Game, path: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as file:
            json.dump(game.to_position(), file, indent=1)
            file.write("\n")
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror or error}") from None


def replay(args: argparse.Namespace) -> int:
    game_class = _game_class(args)
    game = _start(args, game_class)
    lines = _read_text(args.actions).splitlines() if args.actions is not None else []
    applied = sum(1 for line in lines if not game_class.is_blank(line))
    try:
        game = game_class.replay(lines, position=game.to_position())
    except ReplayError as error:
        if args.json:
            print(json.dumps({"error": error.reason, "line": error.line_number, "text": error.line.strip()}))
        else:
            print(f"line {error.line_number}: {error.reason}", file=sys.stderr)
            print(f"  {error.line.strip()}", file=sys.stderr)
        return 1
    if args.save is not None:
        _save(game, args.save)
    source = args.position if args.position is not None else f"a fresh setup, seed {args.seed}"
    headline = f"Applied {applied} action{'s' if applied != 1 else ''} to {source}."
    return _show(args, game_class, game, headline, applied=applied)


def _show(args: argparse.Namespace, game_class: type[Game], game: Game, headline: str, **extra: Any) -> int:
    """Print the public view and the pending decisions: as text under ``headline``, or as JSON."""
    view = game.view(None)
    pending = _pending(game)
    if args.json:
        print(json.dumps({**extra, "view": view, "pending": pending}, indent=1))
        return 0
    print(headline)
    print()
    print(game_class.describe_view(view))
    print(_pending_text(game_class, pending, game.over))
    if args.save is not None:
        print(f"\nPosition saved to {args.save}.")
    return 0


# --- scenario -------------------------------------------------------------------------------------------


def scenario(args: argparse.Namespace) -> int:
    game_class = _game_class(args)
    text = _read_text(args.file)
    try:
        game = game_class.from_scenario(text)
    except ScenarioError as error:
        raise UsageError(f"{args.file}: {error}") from None
    if args.save is not None:
        _save(game, args.save)
    return _show(args, game_class, game, f"The scenario {args.file}.")


COMMANDS = {"selfplay": selfplay, "replay": replay, "scenario": scenario}
