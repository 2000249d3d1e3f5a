"""Speed of the rules engine on complete random games, on one core.

Prints the complete games per second (random player included), the median and 95th percentile wall time
of a single ``ThronesGame.apply`` call (the random player's own thinking is not timed) and the time of
``changeable_decision`` for a house that has answered a secret decision and may still change it.

Every figure is also given as a ratio to a fixed reference workload timed in the same run (plain Python:
dicts, lists, small calls and JSON, no engine code), so that figures taken on different machines, or on
one noisy machine at different times, can be compared: ``ref`` is one pass of it.

    .venv/bin/python benchmarks/selfplay.py [--players 6] [--games 50] [--seed 1] [--tides] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time

from engine.core.rng import Rng
from engine.thrones.game import ThronesGame
from engine.thrones.random_player import random_action


def reference_pass() -> int:
    """One pass of the reference workload: a fixed mix of the operations the engine spends its time on.
    It must never change, or figures stop being comparable with those taken before."""
    table: dict[str, list[tuple[str, int]]] = {}
    for i in range(400):
        table.setdefault(f"area-{i % 53}", []).append((f"house-{i % 6}", i))
    total = 0
    for _ in range(4):
        for area, items in sorted(table.items()):
            owners = [house for house, _ in items if house != "house-0"]
            total += len(owners) + len(area)
        encoded = json.dumps(table, sort_keys=True)
        total += len(json.loads(encoded))
    return total


def reference_seconds(passes: int = 200) -> float:
    """The median time of one reference pass."""
    times = []
    for _ in range(passes):
        started = time.perf_counter()
        reference_pass()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def play(
    players: int,
    seed: int,
    tides: bool,
    apply_ns: list[int],
    changeable_ns: list[int],
    max_actions: int = 100_000,
) -> tuple[int, int]:
    """Play one complete game; time every ``apply`` call into ``apply_ns`` and, whenever a house has
    answered a secret decision it may still change, its ``changeable_decision`` into ``changeable_ns``.
    Returns the action count and the nanoseconds spent on ``changeable_decision`` (not part of play)."""
    game = ThronesGame.new(players, seed, tides)
    rng = Rng(seed ^ 0x5EED)
    clock = time.perf_counter_ns
    probing = 0
    for count in range(max_actions):
        if game.over:
            return count, probing
        pending = game.pending()
        decision = pending[rng.below(len(pending))]
        action = random_action(game, decision, rng)
        started = clock()
        game.apply(decision.house, action)
        apply_ns.append(clock() - started)
        if decision.secret:
            started = clock()
            asked = game.changeable_decision(decision.house)
            spent = clock() - started
            probing += spent
            if asked is not None:  # the other calls only find that the answers are all in
                changeable_ns.append(spent)
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
    parser.add_argument(
        "--repeat", type=int, default=3, help="rounds of the same games; the fastest counts (3)"
    )
    args = parser.parse_args()
    if args.games < 1 or args.repeat < 1:
        parser.error("--games and --repeat must be at least 1")

    # The same games are played --repeat times and the fastest round is reported: a busy machine only
    # ever adds time. The reference is timed before every round and its fastest time is taken too.
    ref = math.inf
    best: tuple[float, int, list[int], list[int]] | None = None
    for _ in range(args.repeat):
        ref = min(ref, reference_seconds())
        apply_ns: list[int] = []
        changeable_ns: list[int] = []
        actions = 0
        probing = 0
        started = time.perf_counter()
        for index in range(args.games):
            count, spent = play(args.players, args.seed + index, args.tides, apply_ns, changeable_ns)
            actions += count
            probing += spent
        seconds = time.perf_counter() - started - probing / 1e9
        if best is None or seconds < best[0]:
            best = (seconds, actions, apply_ns, changeable_ns)
    assert best is not None
    seconds, actions, apply_ns, changeable_ns = best
    apply_ns.sort()
    changeable_ns.sort()
    in_apply = sum(apply_ns) / 1e9

    def line(label: str, value: float, unit: str = "us", scale: float = 1e6) -> None:
        print(f"{label:<28}{value * scale:9.1f} {unit:<3} = {value / ref:7.3f} ref")

    print(
        f"{args.games} complete {args.players}-player games, {actions} actions, {seconds:.2f} s on one core "
        f"(the fastest of {args.repeat} rounds); ref, the reference workload, takes {ref * 1e6:.0f} us"
    )
    print(f"{'games per second':<28}{args.games / seconds:9.1f}")
    line("one game", seconds / args.games, "ms", 1e3)
    print(f"{'actions per second':<28}{actions / seconds:9.0f}")
    line("apply median", statistics.median(apply_ns) / 1e9)
    line("apply 95th percentile", percentile(apply_ns, 0.95) / 1e9)
    line("apply max", apply_ns[-1] / 1e9)
    print(f"{'time inside apply':<28}{in_apply:9.2f} s   ({100 * in_apply / seconds:.0f}% of the total)")
    if changeable_ns:
        line("changeable_decision median", statistics.median(changeable_ns) / 1e9)
        line("changeable_decision p95", percentile(changeable_ns, 0.95) / 1e9)


if __name__ == "__main__":
    main()
