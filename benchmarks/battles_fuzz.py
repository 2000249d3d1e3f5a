"""Fuzz the Battles of Westeros notation against battles in progress: every line must be accepted, or refused
with a short message a player can read, leaving the game as it was. A crash (any exception but
``IllegalAction``), a refusal that changed the position, a refusal whose message is empty or longer than
:data:`LONGEST_MESSAGE` characters, and an accepted line that breaks an invariant are bugs.

Plays random games (the sample battle and the sample skirmish in turn, settings at random, players leaning
toward battle so that reactions and retreats come up) and, at random points of play, applies fuzzed lines
(``engine.battles.fuzz``) to a copy of the game. Prints the counts, the first failing lines, the slowest
line; exits with status 1 if anything failed.

    .venv/bin/python benchmarks/battles_fuzz.py [--lines 100000] [--seed 1]
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from engine.battles.fuzz import fuzz_line
from engine.battles.game import BattlesGame
from engine.battles.invariants import problems
from engine.battles.random_player import eager_action
from engine.battles.variants import DEFAULTS
from engine.core.errors import IllegalAction, quote
from engine.core.rng import Rng

SHOW = 5
LONGEST_MESSAGE = 300


@dataclass
class Tally:
    lines: int = 0
    accepted: int = 0
    refused: int = 0
    crashed: list[tuple[str, str]] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    unreadable: list[tuple[str, str]] = field(default_factory=list)  # refusals whose message is no help
    broken: list[tuple[str, list[str]]] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")
    games: int = 0
    points: int = 0

    @property
    def failed(self) -> bool:
        return bool(self.crashed or self.changed or self.unreadable or self.broken)


def fire(tally: Tally, game: BattlesGame, rng: Rng, count: int) -> None:
    """Apply ``count`` fuzzed lines, each to a fresh copy of ``game``."""
    position = game.to_position()
    probe = BattlesGame.from_position(position)
    before = probe.to_position()
    for _ in range(count):
        line = fuzz_line(rng, game)
        tally.lines += 1
        started = time.perf_counter()
        try:
            probe.apply_line(line)
        except IllegalAction as error:
            tally.refused += 1
            message = str(error)
            if not message.strip() or len(message) > LONGEST_MESSAGE:
                tally.unreadable.append((line, message))
            if probe.to_position() != before:
                tally.changed.append(line)
                probe = BattlesGame.from_position(position)
        except Exception as error:
            tally.crashed.append((line, "".join(traceback.format_exception(error))))
            probe = BattlesGame.from_position(position)
        else:
            tally.accepted += 1
            found = problems(probe.state)
            if found:
                tally.broken.append((line, found))
            probe = BattlesGame.from_position(position)
        seconds = time.perf_counter() - started
        if seconds > tally.slowest[0]:
            tally.slowest = (seconds, line)


def run(lines: int, seed: int, per_point: int) -> Tally:
    tally = Tally()
    fuzz = Rng(seed)
    game_seed = seed
    while tally.lines < lines:
        variants = {name: bool(fuzz.below(2)) for name in DEFAULTS}
        scenario = "raid" if tally.games % 2 else "sample"
        game = BattlesGame.setup(2, game_seed, {"scenario": scenario, **variants})
        play = Rng(game_seed ^ 0x5EED)
        tally.games += 1
        game_seed += 1
        while not game.over and tally.lines < lines:
            pending = game.pending()
            decision = pending[play.below(len(pending))]
            if fuzz.below(3) == 0:
                tally.points += 1
                fire(tally, game, fuzz, min(per_point, lines - tally.lines))
            game.apply(decision.house, eager_action(game, decision, play))
    return tally


def clip(line: str, limit: int = 120) -> str:
    return quote(line, limit) + (f" ({len(line):,} characters)" if len(line) > limit else "")


def report(tally: Tally, seconds: float) -> None:
    print(
        f"{tally.lines:,} fuzzed lines at {tally.points:,} points of {tally.games} random battles, "
        f"{seconds:.1f} s ({tally.lines / max(seconds, 1e-9):,.0f} lines/s)"
    )
    print(f"accepted:                  {tally.accepted:,}")
    print(f"refused:                   {tally.refused:,}")
    print(f"crashed:                   {len(tally.crashed):,}")
    print(f"refused but changed:       {len(tally.changed):,}")
    print(f"refused, unreadable:       {len(tally.unreadable):,}")
    print(f"accepted, broke rules:     {len(tally.broken):,}")
    print(f"slowest line:              {tally.slowest[0] * 1000:.2f} ms: {clip(tally.slowest[1])}")
    for line, trace in tally.crashed[:SHOW]:
        print(f"\nCRASH on {clip(line)}\n{trace}", file=sys.stderr)
    for line in tally.changed[:SHOW]:
        print(f"\nREFUSED BUT CHANGED THE POSITION: {clip(line)}", file=sys.stderr)
    for line, message in tally.unreadable[:SHOW]:
        print(f"\nREFUSED WITH AN UNREADABLE MESSAGE: {clip(line)}: {clip(message, 400)}", file=sys.stderr)
    for line, found in tally.broken[:SHOW]:
        print(f"\nACCEPTED, BROKE INVARIANTS: {clip(line)}: {'; '.join(found)}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=100_000, help="fuzzed lines to apply (100000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the fuzzer and of the first game (1)")
    parser.add_argument("--per-point", type=int, default=10, help="lines tried at each point of play (10)")
    args: Any = parser.parse_args(argv)
    if args.lines < 1 or args.per_point < 1:
        parser.error("--lines and --per-point must be at least 1")
    started = time.perf_counter()
    tally = run(args.lines, args.seed, args.per_point)
    report(tally, time.perf_counter() - started)
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())
