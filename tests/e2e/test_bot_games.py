"""The games Maester hosts, through the fake Discord: /game help has each game's notation."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.maester import maester_bot, refused


async def test_help_is_the_shared_part_and_each_games_notation(fake: FakeDiscord, tmp_path: Path) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3"):
        answer = await refused(await fake.slash("alice", "game", "help"))
        assert "/game create" in answer.content and "A Game of Thrones" in answer.content
        [notation] = answer.embeds
        assert notation["title"] == "A Game of Thrones: The Board Game (2nd edition)"
        assert "orders winterfell=march+1*" in notation["description"]
