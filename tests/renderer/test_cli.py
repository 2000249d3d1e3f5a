"""``python -m renderer``: a board from a fresh setup or a saved position; one line and status 2 for a
game, a player count or a position that cannot be drawn."""

from __future__ import annotations

from pathlib import Path

import pytest

from renderer.__main__ import main

POSITION = Path(__file__).parent / "thrones" / "positions" / "mid-game-6.json"


def test_a_fresh_setup_and_a_saved_position_are_drawn(tmp_path: Path) -> None:
    for start in (["--players", "3"], ["--game", "thrones", "--position", str(POSITION)]):
        out = tmp_path / "board.png"
        assert main([*start, "--out", str(out)]) == 0
        assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


@pytest.mark.parametrize(
    ("start", "expected"),
    [
        (["--game", "no-such-game", "--players", "3"], "There is no game 'no-such-game'"),
        (["--players", "7"], "A game is for 3 to 6 players, not 7."),
        (["--position", "missing.json"], "cannot read missing.json: No such file or directory"),
        (["--position", "not-json.json"], "not-json.json is not a JSON file"),
        (["--position", "not-a-position.json"], "This position cannot be loaded: it is not a Maester"),
    ],
)
def test_what_cannot_be_drawn_is_one_line_and_status_2(
    start: list[str],
    expected: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "not-json.json").write_text("{ units: ")
    (tmp_path / "not-a-position.json").write_text('{"format": "chess"}')
    assert main([*start, "--out", "board.png"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"python -m renderer: {expected}") and err.count("\n") == 1, err
    assert not (tmp_path / "board.png").exists()
