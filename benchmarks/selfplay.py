"""Speed of the rules engine on complete random games, on one core.

Prints the complete games per second (random player included) and the median and 95th percentile wall
time of a single ``ThronesGame.apply`` call (the random player's own thinking is not timed).

    .venv/bin/python benchmarks/selfplay.py [--players 6] [--games 50] [--seed 1] [--tides]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from engine.core.rng import Rng
from engine.thrones.game import ThronesGame
from engine.thrones.random_player import random_action


def play(players: int, seed: int, tides: bool, apply_ns: list[int], max_actions: int = 100_000) -> int:
    """Play one complete game; time every ``apply`` call into ``apply_ns``; return the action count."""
    game = ThronesGame.new(players, seed, tides)
    rng = Rng(seed ^ 0x5EED)
    clock = time.perf_counter_ns
    for count in range(max_actions):
        if game.over:
            return count
        pending = game.pending()
        decision = pending[rng.below(len(pending))]
        action = random_action(game, decision, rng)
        started = clock()
        game.apply(decision.house, action)
        apply_ns.append(clock() - started)
    raise RuntimeError(f"game {players}p seed {seed} did not end in {max_actions} actions")


def percentile(sorted_values: list[int], fraction: float) -> float:
    """The value below which ``fraction`` of the values lie (nearest rank)."""
    index = min(len(sorted_values) - 1, max(0, math.ceil(fraction * len(sorted_values)) - 1))
    return sorted_values[index]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, choices=range(3, 7), default=6)
    parser.add_argument("--games", type=int, default=50, help="complete games to play (50)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed+i")
    parser.add_argument("--tides", action="store_true")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")

    apply_ns: list[int] = []
    actions = 0
    started = time.perf_counter()
    for index in range(args.games):
        actions += play(args.players, args.seed + index, args.tides, apply_ns)
    seconds = time.perf_counter() - started

    apply_ns.sort()
    in_apply = sum(apply_ns) / 1e9
    print(
        f"{args.games} complete {args.players}-player games, {actions} actions, {seconds:.2f} s on one core"
    )
    print(f"games per second:        {args.games / seconds:.1f}")
    print(f"actions per second:      {actions / seconds:.0f}")
    print(f"apply median:            {statistics.median(apply_ns) / 1000:.1f} us")
    print(f"apply 95th percentile:   {percentile(apply_ns, 0.95) / 1000:.1f} us")
    print(f"apply max:               {apply_ns[-1] / 1000:.1f} us")
    print(f"time inside apply:       {in_apply:.2f} s ({100 * in_apply / seconds:.0f}% of the total)")


if __name__ == "__main__":
    main()
