"""The local showcase: a whole game with AI seats through the table and SQLite, written to a folder."""

from __future__ import annotations

import json
import sqlite3

from engine.thrones.game import ThronesGame
from table.demo import run_demo


async def test_the_demo_writes_every_phases_board_and_the_game_log(tmp_path):
    log = await run_demo(3, tmp_path, style="sensible", seed=7)
    boards = sorted(tmp_path.glob("board-*.png"))
    assert boards[0].name == "board-001-the-game-begins.png"
    assert all(board.read_bytes().startswith(b"\x89PNG") for board in boards)
    position = json.loads((tmp_path / "final-position.json").read_text())
    last_round = position["round"]
    names = {board.name.split("-", 2)[2] for board in boards}
    for number in range(1, last_round):  # every phase of every round before the last has its board
        phases = ["action"] if number == 1 else ["westeros", "planning", "action"]
        assert all(f"round-{number}-{phase}-phase.png" in names for phase in phases), number
    text = log.read_text()
    assert "## The end" in text and " wins." in text
    assert "](report.md)" in text and "](chart.png)" in text
    report = (tmp_path / "report.md").read_text()
    assert "## Standings" in report and "## Castles and strongholds at the end of each round" in report
    for house in position["houses"]:  # in both tables, and in the house cards' list
        assert report.count(f"| House {house.title()} |") == 2 and f"**House {house.title()}**" in report
    assert (tmp_path / "chart.png").read_bytes().startswith(b"\x89PNG")
    assert all(f"]({board.name})" in text for board in boards)
    with sqlite3.connect(tmp_path / "demo.sqlite3") as db:
        seed = db.execute("SELECT seed FROM games").fetchone()[0]
    lines = (tmp_path / "notation.txt").read_text().splitlines()
    assert seed == 7
    assert ThronesGame.replay(lines, players=3, seed=seed).to_position() == position


async def test_the_demo_draws_its_boards_in_the_language_asked(tmp_path):
    await run_demo(3, tmp_path / "en", style="sensible", seed=7)
    await run_demo(3, tmp_path / "es", style="sensible", seed=7, language="es")
    english, spanish = (next((tmp_path / language).glob("board-001-*.png")) for language in ("en", "es"))
    assert (english.name, spanish.name) == (
        "board-001-the-game-begins.png",
        "board-001-empieza-la-partida.png",
    )
    assert spanish.read_bytes() != english.read_bytes()
