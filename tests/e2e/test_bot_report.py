"""The end-of-game report through the bot: a game of AI seats played to its win, and a game a moderator
ends, each post the game in numbers in their channel (standings, a field a house, the castles chart as
the embed's image); /game report shows it again to whoever asks, privately."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cogs import poster
from cogs.thrones import names
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, png_size
from tests.e2e.harness import make_png
from tests.e2e.maester import WAIT, Game, channel_posts, embed, fix_seed, maester_bot, refused

TITLE = ": the game in numbers"


@pytest.fixture(autouse=True)
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch, 32)


def reports(fake: FakeDiscord) -> list[FakeMessage]:
    return [m for m in channel_posts(fake) if m.embeds and embed(m).get("title", "").endswith(TITLE)]


def check_report(message: FakeMessage, houses: list[str]) -> dict:  # type: ignore[type-arg]
    """The report's embed names every house, in a field of its own, and shows its attached chart."""
    shown = embed(message)
    fields = {f["name"]: f["value"] for f in shown.get("fields") or []}
    assert "Standings" in fields
    for house in houses:
        value = fields[names.house_name(house)]
        assert re.search(r"Battles: \*\*\d+\*\* won, \*\*\d+\*\* lost", value), value
        assert (
            "Power gained: **" in value and "Castles, start to round " in value and "House cards (" in value
        )
    [chart] = message.pngs
    assert chart.filename == "chart.png" and png_size(chart.data) == (1000, 560)
    assert shown["image"]["url"] == "attachment://chart.png"
    return shown


async def test_a_game_won_by_ai_seats_posts_its_report_after_its_end(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A whole game posts some thirty boards and many battles: small stand-ins for their images keep it
    # quick; the chart is the renderer's own.
    monkeypatch.setattr(poster, "render_png", lambda view, language="en": make_png(8, 8))
    monkeypatch.setattr(poster, "render_closeup", lambda view, focus, language="en": make_png(8, 8))
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        created = await fake.slash("alice", "game", "create", options={"players": 3})
        opened = await created.wait_message(timeout=WAIT)
        game_id = int(re.search(r"game \*\*(\d+)\*\*", opened.content).group(1))  # type: ignore[union-attr]
        for house in ("stark", "lannister", "baratheon"):
            added = await fake.slash("alice", "mod", "addai", options={"style": "random", "house": house})
            await added.wait_message(timeout=WAIT)
        await (await fake.slash("alice", "game", "start")).wait_message(timeout=WAIT)
        session = bot.table.sessions[game_id]
        assert session.status == "over"  # the AI seats played it to its end as it started
        await fake.wait_until(lambda: reports(fake), 60, "the report")
        await bot.poster.flush()

        [report] = reports(fake)
        winner = session.require_game().readout().winner
        shown = check_report(report, ["stark", "lannister", "baratheon"])
        assert f"**{names.house_name(winner)}** wins the Iron Throne" in shown["description"]
        assert shown["fields"][0]["value"].startswith(f"1. {names.house_name(winner)}: ")
        ends = [
            m for m in channel_posts(fake) if m.embeds and "the game is over" in embed(m).get("title", "")
        ]
        assert ends and ends[0].id < report.id  # the end is announced, then the game in numbers


async def test_a_game_ended_by_a_moderator_reports_and_report_shows_it_again(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        game = await Game.create(fake, bot)
        answer = await refused(await fake.slash("alice", "mod", "end", options={"reason": "time is up"}))
        assert answer.content.startswith("✅ The game is ended.")
        await fake.wait_until(lambda: reports(fake), WAIT, "the report")
        [report] = reports(fake)
        shown = check_report(report, list(game.seats))
        assert "A moderator ended the game in round 1" in shown["description"]

        asked = await fake.slash("bob", "game", "report")
        again = await refused(asked)  # private: to bob alone
        assert check_report(again, list(game.seats))["fields"] == shown["fields"]
