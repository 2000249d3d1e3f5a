"""Random Battles of Westeros games with every invariant checked after every action: no crash, no invariant
breached, every game ends. Games alternate between the sample battle, the sample battle won at once by two
eliminations (so that battles also end before their last round) and the sample skirmish; each game's settings
(engine/battles/variants.py) are drawn at random; the players lean toward battle
(``engine.battles.random_player.eager_action``), so that combat, the reactions and fire happen often.

Prints games per second, how the games ended, and how often each decision and event came up; exits with
status 1 on any crash, breached invariant or endless game (the first ones are printed with their seed, which
replays them: ``play(seed)``).

    .venv/bin/python benchmarks/battles_selfplay.py [--games 10000] [--seed 0] [--jobs 4]
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from data.battles import sample_files
from engine.battles.game import BattlesGame
from engine.battles.invariants import problems
from engine.battles.random_player import eager_action
from engine.battles.variants import DEFAULTS
from engine.core.rng import Rng

MAX_ACTIONS = 20_000
SHOW = 5
# The sample pack, its battle won at once by two eliminations.
SHORT = {name: text.replace("count = 6", "count = 2") for name, text in sample_files()}


def setup(seed: int) -> BattlesGame:
    rng = Rng(seed ^ 0xBA7713)
    variants = {name: bool(rng.below(2)) for name in DEFAULTS}
    kind = seed % 3
    options: dict[str, Any] = {"scenario": "raid" if kind == 2 else "sample", **variants}
    if kind == 1:
        options["pack"] = SHORT
    return BattlesGame.setup(2, seed, options)


def play(seed: int) -> dict[str, Any]:
    """One game; its result, or the failure met."""
    game = setup(seed)
    rng = Rng(seed * 7919 + 3)
    decisions: Counter[str] = Counter()
    events: Counter[str] = Counter()
    try:
        for _ in range(MAX_ACTIONS):
            if game.over:
                break
            pending = game.pending()
            decision = pending[rng.below(len(pending))]
            decisions[decision.kind] += 1
            for event in game.apply(decision.house, eager_action(game, decision, rng)):
                events[event.kind] += 1
            found = problems(game.state)
            if found:
                return {"seed": seed, "failure": f"invariants breached: {'; '.join(found)}"}
        else:
            return {"seed": seed, "failure": f"no end after {MAX_ACTIONS} actions"}
    except Exception as error:
        return {"seed": seed, "failure": "".join(traceback.format_exception(error))}
    early = game.state.round < game.state.plan.rounds
    return {"seed": seed, "decisions": decisions, "events": events, "early": early, "actions": len(game.log)}


def play_many(seeds: range) -> list[dict[str, Any]]:
    return [play(seed) for seed in seeds]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games to play (10000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game; game i uses seed+i (0)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in (1)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    started = time.perf_counter()
    chunk = max(1, args.games // (args.jobs * 8))
    seeds = range(args.seed, args.seed + args.games)
    chunks = [seeds[i : i + chunk] for i in range(0, len(seeds), chunk)]
    results: list[dict[str, Any]] = []
    if args.jobs == 1:
        for part in chunks:
            results += play_many(part)
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            for found in pool.map(play_many, chunks):
                results += found
    seconds = time.perf_counter() - started
    failures = [r for r in results if "failure" in r]
    done = [r for r in results if "failure" not in r]
    decisions = sum((r["decisions"] for r in done), Counter())
    events = sum((r["events"] for r in done), Counter())
    actions = sum(r["actions"] for r in done)
    print(
        f"{len(results):,} games in {seconds:.1f} s ({len(results) / seconds:.1f} games/s on {args.jobs} "
        f"process{'es' if args.jobs != 1 else ''}), {actions:,} actions"
    )
    print(f"failed: {len(failures)}; ended before their last round: {sum(r['early'] for r in done):,}")
    print("decisions: " + ", ".join(f"{kind} {count:,}" for kind, count in sorted(decisions.items())))
    print("events:    " + ", ".join(f"{kind} {count:,}" for kind, count in sorted(events.items())))
    for failure in failures[:SHOW]:
        print(f"\nseed {failure['seed']}: {failure['failure']}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
