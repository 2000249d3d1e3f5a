"""Battles of Westeros from the game-neutral command line: self-play of the sample battle (``--scenario``),
a replay on a pack read from files (``--option-file``), and a pack with mistakes reported by file and line."""

from __future__ import annotations

import json
import re

import pytest

from data.battles import sample_files
from engine.battles.game import BattlesGame
from engine.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_selfplay_of_the_sample_battle(capsys):
    status, out, _ = run(capsys, "selfplay", "--game", "battles", "--scenario", "sample", "--games", "3")
    assert status == 0
    lines = out.strip().splitlines()
    assert len(lines) == 4
    assert re.match(r"seed 1: (Stark|Lannister) wins after \d rounds, \d+ actions; VP: ", lines[0])
    assert re.fullmatch(
        r"3 games of 2 players.*, \d+ actions in [\d.]+ s: [\d.]+ games/s, \d+ actions/s", lines[3]
    )


def test_replay_on_a_pack_read_from_a_folder(capsys, tmp_path):
    folder = tmp_path / "pack"
    folder.mkdir()
    for name, text in sample_files():
        (folder / name).write_text(text)
    game = BattlesGame.setup(2, 4, {})
    actions = tmp_path / "actions.txt"
    actions.write_text(f"stark: {game.pending()[0].default.format()}\n")
    argv = ["replay", "--game", "battles", "--players", "2", "--seed", "4", "--scenario", "sample"]
    status, out, err = run(
        capsys, *argv, "--option-file", f"pack={folder}", "--actions", str(actions), "--json"
    )
    assert status == 0, err
    result = json.loads(out)
    assert result["applied"] == 1
    assert result["view"]["content"]["provenance"] == "sample"
    assert "original sample content" in result["view"]["content"]["label"]
    assert [entry["house"] for entry in result["pending"]] == ["lannister"]
    status, out, _ = run(capsys, *argv, "--actions", str(actions))
    assert status == 0 and "[Maester sample pack: original sample content, not an official" in out


def test_a_pack_with_mistakes_is_refused_saying_where(capsys, tmp_path):
    broken = tmp_path / "battle.toml"
    broken.write_text(
        dict(sample_files())["battle.toml"].replace('rank = "green", at = "C7"', 'rank = "grey", at = "C7"')
    )
    folder = tmp_path / "pack"
    folder.mkdir()
    for name, text in sample_files():
        (folder / name).write_text(text if name != "battle.toml" else broken.read_text())
    status, _, err = run(capsys, "selfplay", "--game", "battles", "--option-file", f"pack={folder}")
    assert status == 2
    assert "battle.toml:" in err and "'grey' is not a rank (blue, green or red)" in err
    status, _, err = run(
        capsys, "replay", "--game", "battles", "--position", "x.json", "--scenario", "sample"
    )
    assert status == 2 and "go with --players" in err
