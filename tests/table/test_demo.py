"""The local showcase: a whole game with AI seats through the table and SQLite, written to a folder."""

from __future__ import annotations

import json
import sqlite3

from engine.thrones.game import ThronesGame
from table.demo import run_demo


async def test_the_demo_writes_every_phases_board_and_the_game_log(tmp_path):
    log = await run_demo(3, tmp_path, style="sensible")
    boards = sorted(tmp_path.glob("board-*.png"))
    assert boards[0].name == "board-001-the-game-begins.png"
    assert len(boards) >= 25  # three phases a round for ten rounds, less round 1's Westeros phase
    assert all(board.read_bytes().startswith(b"\x89PNG") for board in boards)
    text = log.read_text()
    assert "## The end" in text and " wins." in text
    assert all(f"]({board.name})" in text for board in boards)
    with sqlite3.connect(tmp_path / "demo.sqlite3") as db:
        seed = db.execute("SELECT seed FROM games").fetchone()[0]
    lines = (tmp_path / "notation.txt").read_text().splitlines()
    position = json.loads((tmp_path / "final-position.json").read_text())
    assert ThronesGame.replay(lines, players=3, seed=seed).to_position() == position
