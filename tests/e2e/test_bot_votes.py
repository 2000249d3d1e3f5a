"""Maester end to end: the players' votes answered with buttons in the channel, and a player leaving a
running game; with the refusals a spectator, a stranger and a second vote get."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.maester import WAIT, Game, channel_posts, fix_seed, maester_bot, refused

HOUR = 3600


@pytest.fixture(autouse=True)
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch, 32)


async def test_a_vote_to_extend_the_deadlines_passes_by_button_clicks(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        game = await Game.create(fake, bot)
        due = {house: d.due_at for house, d in game.session.deadlines.items()}

        # Dave, who does not play, may not open a vote; nor may a spectator.
        stranger = await refused(await fake.slash("dave", "vote", "pause", options={"game": game.id}))
        assert "Only the game's seated players may start a vote" in stranger.content
        await (await fake.slash("erin", "game", "watch", options={"game": game.id})).wait_message(
            timeout=WAIT
        )
        spectator = await refused(await fake.slash("erin", "vote", "pause", options={"game": game.id}))
        assert "Only the game's seated players may start a vote" in spectator.content

        # Alice asks for 12 more hours; the vote is posted in the channel, mentioning Bob and Carol.
        opened = await refused(await fake.slash("alice", "vote", "extend", options={"hours": 12}))
        assert opened.content.startswith("🗳️ Vote 1 is open"), opened.content
        post = await fake.wait_for(lambda m: not m.ephemeral and "Vote 1:" in m.text, WAIT)
        assert "Extend the running deadlines by 12 hours?" in post.text
        assert f"<@{fake.user('bob').id}>" in post.content and f"<@{fake.user('carol').id}>" in post.content
        assert post.has_component(label="Yes") and post.has_component(label="No")

        # A second vote of the same kind while it is open, and a vote on what cannot be voted now.
        again = await refused(await fake.slash("bob", "vote", "extend", options={"hours": 2}))
        assert "A vote to extend is open already (vote 1)" in again.content
        resume = await refused(await fake.slash("bob", "vote", "resume"))
        assert "That cannot be voted now: the game is not paused" in resume.content
        # Dave cannot answer it either.
        click = await fake.click("dave", post, label="Yes")
        assert "Only the game's seated players vote" in (await refused(click)).content

        # Bob's Yes is enough (two thirds of the two others, rounded down): it passes, and the post says so.
        yes = await fake.click("bob", post, label="Yes")
        answer = await refused(yes)
        assert answer.content == "🗳️ Your vote is recorded: yes. The vote has passed.", answer.content
        assert {house: d.due_at for house, d in game.session.deadlines.items()} == {
            house: at + 12 * HOUR for house, at in due.items()
        }
        await fake.wait_until(lambda: "Passed" in post.text and not post.components, WAIT, "the post closed")
        await game.settled()
        told = "\n".join(m.text for m in channel_posts(fake))
        assert "The running deadlines move on by 12 hours, as the players voted." in told


async def test_a_resigning_player_hands_the_seat_to_an_ai(fake: FakeDiscord, tmp_path: Path) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        game = await Game.create(fake, bot)
        asked = await refused(await fake.slash("bob", "game", "resign"))
        assert "Resign from" in asked.content and "an AI plays it" in asked.content
        stay = await fake.click("bob", asked, label="Stay")
        await stay.wait_response(WAIT)
        assert asked.content == "You stay; nothing changed." and game.session.seat_of_user(
            fake.user("bob").id
        )

        asked = await refused(await fake.slash("bob", "game", "resign"))
        confirm = await fake.click("bob", asked, label="Resign")
        await confirm.wait_response(WAIT)
        await fake.wait_until(lambda: asked.content.startswith("✅"), WAIT, "the resignation")
        assert asked.content == "✅ Bob leaves House Lannister; it is played by an AI (sensible)."
        seat = game.session.seat_of_house("lannister")
        assert seat.ai == "sensible" and seat.user_id is None
        assert game.decision("lannister") is None  # the AI placed its orders at once
        await game.settled()
        assert any("Bob leaves House Lannister" in m.text for m in channel_posts(fake))
        # Bob has no seat now: he cannot resign again, nor vote.
        again = await refused(await fake.slash("bob", "game", "resign", options={"game": game.id}))
        assert "You have no seat in this game" in again.content
