"""Speed of the rules engine on complete random games, on one core.

Prints the complete games per second (random player included), the median and 95th percentile wall time
of a single ``ThronesGame.apply`` call (the random player's own thinking is not timed) and the time of
``changeable_decision`` for a house that has answered a secret decision and may still change it.

Every figure is also given as a ratio to a fixed reference workload timed in the same run (plain Python:
dicts, lists, small calls and JSON, no engine code), so that figures taken on different machines, or on
one noisy machine at different times, can be compared: ``ref`` is one pass of it.

    .venv/bin/python benchmarks/selfplay.py [--players 6] [--games 50] [--seed 1] [--tides] [--repeat 3]
                                            [--against REV]

``--against REV`` also plays the same games with the engine of an earlier git revision (exported from this
repository to a temporary folder), its rounds taken in turn with this checkout's, and prints how many times
faster this checkout plays them: the speed targets are such ratios to a baseline timed in the same run.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


def play_round(args: argparse.Namespace) -> tuple[float, int, list[int], list[int]]:
    """Play the games once: the seconds spent (``changeable_decision`` aside), the action count, and the
    ``apply`` and ``changeable_decision`` times."""
    apply_ns: list[int] = []
    changeable_ns: list[int] = []
    actions = 0
    probing = 0
    started = time.perf_counter()
    for index in range(args.games):
        count, spent = play(args.players, args.seed + index, args.tides, apply_ns, changeable_ns)
        actions += count
        probing += spent
    return time.perf_counter() - started - probing / 1e9, actions, apply_ns, changeable_ns


def warm_up(args: argparse.Namespace) -> None:
    """Play the first game once, untimed: what an engine imports or works out at its first use is then
    done in every process alike, before any round is timed."""
    play(args.players, args.seed, args.tides, [], [])


def export_revision(revision: str, folder: Path) -> None:
    """The files of ``revision`` of this repository, written into ``folder``."""
    root = Path(__file__).resolve().parent.parent
    archive = subprocess.run(
        ["git", "-C", str(root), "archive", "--format=tar", revision], capture_output=True, check=False
    )
    if archive.returncode != 0:
        raise SystemExit(f"git archive {revision}: {archive.stderr.decode(errors='replace').strip()}")
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)


def baseline_round(args: argparse.Namespace, tree: Path) -> tuple[float, float, int]:
    """One round of the same games played by the engine in ``tree``, in a process of its own running this
    very script (so only the engine differs): its seconds, its reference time and its action count."""
    command = [sys.executable, __file__, "--round", *_game_options(args)]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the engine of {args.against} failed:\n{done.stderr[-2000:]}")
    result = json.loads(done.stdout)
    return result["seconds"], result["ref"], result["actions"]


def _game_options(args: argparse.Namespace) -> list[str]:
    options = ["--players", str(args.players), "--games", str(args.games), "--seed", str(args.seed)]
    return [*options, "--tides"] if args.tides else options


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, choices=range(3, 7), default=6)
    parser.add_argument("--games", type=int, default=50, help="complete games to play (50)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed+i")
    parser.add_argument("--tides", action="store_true")
    parser.add_argument(
        "--repeat", type=int, default=3, help="rounds of the same games; the fastest counts (3)"
    )
    parser.add_argument(
        "--against", metavar="REV", help="also time the engine of this git revision, rounds in turn"
    )
    parser.add_argument("--round", action="store_true", help=argparse.SUPPRESS)  # one round, as JSON
    args = parser.parse_args()
    if args.games < 1 or args.repeat < 1:
        parser.error("--games and --repeat must be at least 1")
    if args.round:
        warm_up(args)
        ref = reference_seconds()
        seconds, actions, _, _ = play_round(args)
        print(json.dumps({"seconds": seconds, "ref": ref, "actions": actions}))
        return

    with tempfile.TemporaryDirectory(prefix="maester-baseline-") as folder:
        if args.against:
            export_revision(args.against, Path(folder))
        report(args, Path(folder) if args.against else None)


def report(args: argparse.Namespace, baseline: Path | None) -> None:
    # The same games are played --repeat times and the fastest round is reported: a busy machine only
    # ever adds time. The reference is timed before every round and its fastest time is taken too; with a
    # baseline, its rounds alternate with these, so that both see the same spells of a busy machine, and
    # the reference timed in its process counts too.
    ref = math.inf
    best: tuple[float, int, list[int], list[int]] | None = None
    baseline_best: tuple[float, float, int] | None = None
    warm_up(args)
    for _ in range(args.repeat):
        if baseline is not None:
            timed = baseline_round(args, baseline)
            ref = min(ref, timed[1])  # the same workload, timed in the other process
            if baseline_best is None or timed[0] < baseline_best[0]:
                baseline_best = timed
        ref = min(ref, reference_seconds())
        result = play_round(args)
        if best is None or result[0] < best[0]:
            best = result
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
    if baseline_best is not None:
        base_seconds, _, base_actions = baseline_best
        same = "the same games" if base_actions == actions else f"{base_actions} actions: not the same games"
        print(
            f"{'against ' + args.against:<28}{1000 * base_seconds / args.games:9.1f} ms  = "
            f"{base_seconds / args.games / ref:7.3f} ref a game ({same}); "
            f"this checkout is {base_seconds / seconds:.2f}x as fast"
        )


if __name__ == "__main__":
    main()
