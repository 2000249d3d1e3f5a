"""``benchmarks/selfplay.py --against REV`` times the engine of an earlier revision on the same games, in a
process of its own, and says how many times faster this checkout plays them (the speed targets are such
ratios). Played here on one short game against this very commit, exported from the repository."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_selfplay(*options: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    script = ROOT / "benchmarks" / "selfplay.py"
    return subprocess.run(
        [sys.executable, str(script), "--players", "3", "--games", "1", "--repeat", "1", *options],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


def test_against_a_revision_plays_the_same_games_and_prints_the_ratio():
    done = run_selfplay("--against", "HEAD")
    assert done.returncode == 0, done.stderr
    line = next(line for line in done.stdout.splitlines() if line.startswith("against HEAD"))
    assert "(the same games)" in line
    ratio = re.search(r"this checkout is ([0-9.]+)x as fast", line)
    assert ratio is not None and float(ratio.group(1)) > 0


def test_an_unknown_revision_is_refused_with_gits_reason():
    done = run_selfplay("--against", "no-such-revision")
    assert done.returncode != 0
    assert "git archive no-such-revision" in done.stderr
