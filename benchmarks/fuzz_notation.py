"""Fuzz the notation against games in progress: every line must be accepted, or refused leaving the game as
it was. A crash (any exception but ``IllegalAction``) or a refusal that changed the position is a bug.

Plays random games (seeds SEED, SEED+1, ...; 3 to 6 players in turn, every other one with Tides of Battle)
and, at random points of play, applies fuzzed lines (``engine.thrones.fuzz``) to a copy of the game. Prints
the counts, the first crashing lines, the slowest line, and the longest legal line the games themselves
wrote. Exit status 1 if anything crashed, changed the position on a refusal or broke an invariant.

    .venv/bin/python benchmarks/fuzz_notation.py [--lines 100000] [--seed 1]
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import IllegalAction, quote
from engine.core.rng import Rng
from engine.thrones.fuzz import fuzz_line
from engine.thrones.game import ThronesGame
from engine.thrones.invariants import problems
from engine.thrones.notation import format_line
from engine.thrones.random_player import random_action

SHOW = 5  # crashing (or otherwise failing) lines printed in full detail


@dataclass
class Tally:
    lines: int = 0
    accepted: int = 0
    refused: int = 0
    crashed: list[tuple[str, str]] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)  # refused lines that changed the position anyway
    broken: list[tuple[str, list[str]]] = field(default_factory=list)  # accepted lines breaking invariants
    slowest: tuple[float, str] = (0.0, "")
    longest_legal: str = ""
    games: int = 0
    points: int = 0

    @property
    def failed(self) -> bool:
        return bool(self.crashed or self.changed or self.broken)


def fire(tally: Tally, game: ThronesGame, rng: Rng, count: int) -> None:
    """Apply ``count`` fuzzed lines, each to a fresh copy of ``game``."""
    position = game.to_position()
    probe = ThronesGame.from_position(position)
    before = probe.to_position()
    for _ in range(count):
        line = fuzz_line(rng, game)
        tally.lines += 1
        started = time.perf_counter()
        try:
            probe.apply_line(line)
        except IllegalAction:
            seconds = time.perf_counter() - started
            tally.refused += 1
            if probe.to_position() != before:
                tally.changed.append(line)
                probe = ThronesGame.from_position(position)
        except Exception as error:
            seconds = time.perf_counter() - started
            tally.crashed.append((line, "".join(traceback.format_exception(error))))
            probe = ThronesGame.from_position(position)
        else:
            seconds = time.perf_counter() - started
            tally.accepted += 1
            found = problems(probe.state)
            if found:
                tally.broken.append((line, found))
            probe = ThronesGame.from_position(position)
        if seconds > tally.slowest[0]:
            tally.slowest = (seconds, line)


def run(lines: int, seed: int, per_point: int) -> Tally:
    tally = Tally()
    fuzz = Rng(seed)
    game_seed = seed
    while tally.lines < lines:
        players = 3 + tally.games % 4
        game = ThronesGame.new(players, game_seed, tides_of_battle=tally.games % 2 == 1)
        play = Rng(game_seed ^ 0x5EED)
        tally.games += 1
        game_seed += 1
        while not game.over and tally.lines < lines:
            pending = game.pending()
            decision = pending[play.below(len(pending))]
            if fuzz.below(3) == 0:
                tally.points += 1
                fire(tally, game, fuzz, min(per_point, lines - tally.lines))
            action = random_action(game, decision, play)
            legal = format_line(decision.house, action)
            if len(legal) > len(tally.longest_legal):
                tally.longest_legal = legal
            game.apply(decision.house, action)
    return tally


def clip(line: str, limit: int = 120) -> str:
    return quote(line, limit) + (f" ({len(line):,} characters)" if len(line) > limit else "")


def report(tally: Tally, seconds: float) -> None:
    print(
        f"{tally.lines:,} fuzzed lines at {tally.points:,} points of {tally.games} random games, "
        f"{seconds:.1f} s ({tally.lines / max(seconds, 1e-9):,.0f} lines/s)"
    )
    print(f"accepted:                 {tally.accepted:,}")
    print(f"refused:                  {tally.refused:,}")
    print(f"crashed:                  {len(tally.crashed):,}")
    print(f"refused but changed:      {len(tally.changed):,}")
    print(f"accepted, broke rules:    {len(tally.broken):,}")
    print(f"slowest line:             {tally.slowest[0] * 1000:.2f} ms: {clip(tally.slowest[1])}")
    print(f"longest legal line seen:  {len(tally.longest_legal)} characters: {clip(tally.longest_legal)}")
    for line, trace in tally.crashed[:SHOW]:
        print(f"\nCRASH on {clip(line)}\n{trace}", file=sys.stderr)
    for line in tally.changed[:SHOW]:
        print(f"\nREFUSED BUT CHANGED THE POSITION: {clip(line)}", file=sys.stderr)
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
