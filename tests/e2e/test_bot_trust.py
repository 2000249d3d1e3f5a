"""Trust, end to end: nobody reaches a game from another server, a moderator who plays sees no secret,
/game create checks the channel's permissions, and a post Discord refuses for a missing permission is
kept, reported to the moderators, and delivered once the permission is granted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.fake_discord import FakeDiscord, Perm
from tests.e2e.maester import WAIT, Game, boards, fix_seed, maester_bot, refused

SIX = {
    "stark": "alice",
    "lannister": "bob",
    "baratheon": "carol",
    "greyjoy": "dave",
    "tyrell": "erin",
    "martell": "frank",
}


async def test_nobody_moderates_or_reaches_a_game_from_another_server(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    essos = fake.add_guild("Essos", members={"mallory": ["Admin"], "oswin": ["Maester"], "alice": []})
    async with maester_bot(fake, tmp_path / "maester.sqlite3", dev_guild=False) as bot:
        game = await Game.create(fake, bot)
        await game.settled()
        # Essos's administrator makes Essos's "Maester" role its moderator role: it counts in Essos only.
        chosen = await fake.slash(
            "mallory",
            "mod",
            "role",
            options={"role": fake.role("Maester", "Essos").id},
            channel=essos.channel,
        )
        assert "now moderate" in (await refused(chosen)).content
        before = (list(game.log()), game.session.status)
        attempts = [
            ("mallory", "mod", "export", {}),
            ("mallory", "mod", "force", {"house": "lannister"}),
            ("mallory", "mod", "end", {}),
            ("mallory", "mod", "undo", {"count": 1}),
            ("oswin", "mod", "pause", {}),
            ("oswin", "game", "status", {}),
            ("alice", "mod", "end", {}),  # the creator herself, typing in another server
        ]
        for who, group, command, options in attempts:
            inter = await fake.slash(
                who, group, command, options={**options, "game": game.id}, channel=essos.channel
            )
            answer = await refused(inter)
            assert answer.content == f"❌ There is no open game number {game.id} in this server.", (
                command,
                answer,
            )
            assert not answer.attachments
        assert (game.log(), game.session.status) == before
        # and in the game's own server, a member of Westeros's role does moderate once it is chosen
        denied = await fake.slash("bob", "mod", "role", options={"role": fake.role("Maester").id})
        assert "Only an administrator" in (await refused(denied)).content
        await refused(await fake.slash("admin", "mod", "role", options={"role": fake.role("Maester").id}))
        paused = await fake.slash("maester", "mod", "pause", options={"game": game.id})
        assert (await refused(paused)).content.startswith("✅")
        assert game.session.status == "paused"


async def test_a_moderator_who_plays_gets_no_export_while_the_game_runs(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        game = await Game.create(fake, bot)  # Alice created it and plays Stark
        answer = await refused(await fake.slash("alice", "mod", "export"))
        assert "You play in this game" in answer.content and not answer.attachments
        exported = await refused(await fake.slash("admin", "mod", "export", options={"game": game.id}))
        [attachment] = exported.attachments
        assert json.loads(attachment.data)["seed"] == game.session.seed


async def test_create_names_the_permission_the_bot_lacks(fake: FakeDiscord, tmp_path: Path) -> None:
    fake.set_channel_overwrite("game", "bot", deny=Perm.ATTACH_FILES)
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        answer = await refused(await fake.slash("alice", "game", "create", options={"players": 3}))
        assert "Attach Files" in answer.content and answer.content.startswith("❌")
        assert not bot.table.sessions


async def test_a_refused_board_is_kept_reported_and_posted_once_granted(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        game = await Game.create(fake, bot)
        await game.settled()
        fake.set_channel_overwrite("game", "bot", deny=Perm.SEND_MESSAGES)
        await fake.wait_until(
            lambda: (
                not bot.get_channel(fake.channel.id)
                .permissions_for(bot.get_guild(fake.guild_id).me)
                .send_messages
            ),  # type: ignore[union-attr]
            WAIT,
            "the bot to see the overwrite",
        )
        shown = len(boards(fake))
        await game.play_defaults(lambda: game.phase != "planning")  # the planning phase ends: a board
        await fake.wait_until(
            lambda: any("Send Messages" in m.content for m in fake.dms("alice")),
            WAIT,
            "the creator to be told",
        )
        assert len(boards(fake)) == shown  # nothing was lost: it waits
        told = [m for m in fake.dms("alice") if "Send Messages" in m.content]
        assert len(told) == 1 and "game" in told[0].content
        fake.remove_channel_overwrite("game", "bot")  # an administrator grants it again
        await fake.wait_until(lambda: len(boards(fake)) > shown, WAIT, "the kept board")
        await game.settled()
        assert await bot.table.outbox() == []


async def test_a_six_player_game_through_its_first_round(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(monkeypatch, 7)
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        game = await Game.create(fake, bot, SIX)
        first = boards(fake)[0]
        for who in SIX.values():
            assert fake.users[who].mention in first.text  # everyone is waited on for orders
            assert fake.users[who].mention not in first.content  # and pinged by their DM, not the board
        await game.play_defaults(lambda: game.round == 2, limit=200)
        await game.settled()
        assert "Round 2" in boards(fake)[-1].embeds[0]["title"]
        for house, who in SIX.items():
            assert any(m.embeds for m in fake.dms(who)), f"House {house} got no DM prompt"
