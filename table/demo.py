"""A game played by AI seats through the table and SQLite, written to a folder: a board image after
every phase, the phase summaries, the end-of-game report with its chart, the notation log and the final
position. The way to see Maester work without a Discord server."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path
from typing import Any

from table.clock import FakeClock
from table.kinds import DEFAULT_GAME
from table.people import Actor
from table.settings import GameSettings
from table.table import Table

NARRATOR = Actor(0, "Maester demo")
REPORT, CHART = "report.md", "chart.png"


def _slug(text: str) -> str:
    """A file name's part from a title in any language: "Fase de Acción" -> "fase-de-accion"."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


def _write_report(out: Path, name: str, lines: list[str], png: bytes) -> None:
    """The end-of-game report: its Markdown (the game's words, :meth:`table.kind.GameKind.report_markdown`)
    with its chart."""
    (out / CHART).write_bytes(png)
    text = [f"# {name}: the game in numbers", "", *lines, "", f"![The game in numbers]({CHART})", ""]
    (out / REPORT).write_text("\n".join(text))


async def run_demo(
    players: int,
    out: Path,
    style: str = "random",
    seed: int | None = None,
    *,
    game: str = DEFAULT_GAME,
    options: dict[str, Any] | None = None,
    language: str = "en",
) -> Path:
    """Play a complete game of ``game`` and write it to ``out``, its boards and chart drawn in
    ``language`` (the game's, as the bot draws them); returns the path of the log."""
    from renderer import chart, render

    out.mkdir(parents=True, exist_ok=True)
    database = out / "demo.sqlite3"
    database.unlink(missing_ok=True)
    table = await Table.open(database, FakeClock())
    try:
        settings = GameSettings(
            game=game,
            players=players,
            house_assignment="random",
            options=dict(options or {}),
            language=language,
        )
        session = await table.create_game(
            NARRATOR,
            channel_id=1,
            guild_id=None,
            settings=settings,
            name=f"Demo, {players} players",
            seed=seed,
        )
        for _ in range(players):
            await table.add_ai(session.id, NARRATOR, style)
        await table.start(session.id, NARRATOR)
        log = [f"# {session.name}", ""]
        boards = 0
        for item in await table.outbox(limit=100_000):
            payload = item.payload
            if item.kind == "board":
                boards += 1
                name = f"board-{boards:03d}-{_slug(payload['title'])}.png"
                (out / name).write_bytes(render(payload["view"], language=payload["language"]))
                log += [
                    f"## {payload['title']}",
                    "",
                    *(f"- {line}" for line in payload["summary"]),
                    "",
                    f"![{payload['title']}]({name})",
                    "",
                ]
            elif item.kind == "game-over":
                log += [
                    "## The end",
                    "",
                    f"{session.kind.seat_name(payload['winner'])} wins. Standings: "
                    + ", ".join(h.title() for h in payload["ranking"])
                    + ".",
                    "",
                ]
            elif item.kind == "report" and payload.get("report") == "end":
                _write_report(
                    out,
                    session.name,
                    session.kind.report_markdown(payload),
                    chart(payload, language=language),
                )
                log += ["## The game in numbers", "", f"[The report]({REPORT}), and its chart:", ""]
                log += [f"![The game in numbers]({CHART})", ""]
            elif item.kind == "notice":
                log += [f"> {payload['text']}", ""]
            await table.mark_sent(item.id)
        (out / "game.md").write_text("\n".join(log))
        (out / "notation.txt").write_text(
            "\n".join(row.notation for row in await table.load_log(session)) + "\n"
        )
        (out / "final-position.json").write_text(json.dumps(session.require_game().to_position(), indent=1))
        return out / "game.md"
    finally:
        await table.close()
