"""Maester end to end: a game's diplomacy threads on the fake Discord. They open at the start with exactly
their players, follow a replaced or removed player, are archived at the end (and opened to whoever asks,
when the game says so), survive a restart without being created twice, and wait for a permission that is
missing; /game create says which one it lacks, and a game without diplomacy has none."""

from __future__ import annotations

import re
from pathlib import Path

import aiosqlite
import pytest

from tests.e2e.fake_discord import FakeChannel, FakeDiscord, Perm
from tests.e2e.maester import WAIT, Game, boards, channel_posts, fix_seed, maester_bot, refused

RAVENS = {  # the ravens of the 3-player games of these tests, and who is in each
    "Stark ↔ Lannister": ["alice", "bob"],
    "Stark ↔ Baratheon": ["alice", "carol"],
    "Lannister ↔ Baratheon": ["bob", "carol"],
}


@pytest.fixture(autouse=True)
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch, 32)


def threads_of(fake: FakeDiscord, game: Game) -> dict[str, FakeChannel]:
    """The game's threads under #game, by name without " · game N"."""
    suffix = f" · game {game.id}"
    return {
        t.name.removesuffix(suffix): t for t in fake.threads(fake.channel) if (t.name or "").endswith(suffix)
    }


def members(fake: FakeDiscord, thread: FakeChannel) -> list[str]:
    """The people in a thread (the bot left out), sorted."""
    return sorted(key for key in fake.thread_members(thread) if key != "bot")


async def started(fake: FakeDiscord, bot: object, **create: object) -> Game:
    """A 3-player game (Alice, Bob, Carol) created with these options, Dave watching, started."""
    inter = await fake.slash("alice", "game", "create", options={"players": 3, **create})
    opened = await inter.wait_message(timeout=WAIT)
    assert "is open" in opened.content, opened
    game_id = int(re.search(r"game \*\*(\d+)\*\*", opened.content).group(1))  # type: ignore[union-attr]
    game = Game(fake, bot, game_id)  # type: ignore[arg-type]
    for house, who in game.seats.items():
        await (await fake.slash(who, "game", "join", options={"house": house})).wait_message(timeout=WAIT)
    await (await fake.slash("dave", "game", "watch")).wait_message(timeout=WAIT)
    begun = await (await fake.slash("alice", "game", "start")).wait_message(timeout=WAIT)
    assert "begins" in begun.content, begun
    await game.settled()
    return game


async def test_threads_open_at_the_start_with_exactly_their_players(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        game = await started(fake, bot)
        threads = threads_of(fake, game)
        assert sorted(threads) == sorted(["Council", *(f"Raven: {pair}" for pair in RAVENS)])
        assert members(fake, threads["Council"]) == ["alice", "bob", "carol"]
        for pair, people in RAVENS.items():
            raven = threads[f"Raven: {pair}"]
            assert raven.is_private_thread and not raven.invitable and not raven.archived
            assert members(fake, raven) == people
            [intro] = fake.channel_messages(raven)
            assert intro.content.startswith("🐦 A raven between House ") and "archived" in intro.content
        # Dave watches: he sees the channel, and not one thread, nor a word said in them.
        assert not any(fake.can_see("dave", t) for t in threads.values())
        assert not any(m.channel.is_thread for m in fake.visible_to("dave"))
        assert not fake.can_see("carol", threads["Raven: Stark ↔ Lannister"])
        assert boards(fake) and not [m for m in channel_posts(fake) if "thread" in m.content.lower()]

        listed = await refused(await fake.slash("bob", "ravens"))  # a private answer: his threads, as links
        assert "you read: 3" in listed.content
        assert f"<#{threads['Raven: Stark ↔ Lannister'].id}>" in listed.content
        assert f"<#{threads['Raven: Stark ↔ Baratheon'].id}>" not in listed.content


async def test_a_replaced_player_gets_the_threads_and_a_removed_one_loses_them(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        game = await started(fake, bot)
        threads = threads_of(fake, game)
        replaced = await refused(
            await fake.slash("alice", "mod", "replace", options={"house": "lannister", "user": "dave"})
        )
        assert replaced.content.startswith("✅")
        await game.settled()
        assert members(fake, threads["Raven: Stark ↔ Lannister"]) == ["alice", "dave"]
        assert members(fake, threads["Raven: Lannister ↔ Baratheon"]) == ["carol", "dave"]
        assert members(fake, threads["Council"]) == ["alice", "carol", "dave"]
        assert members(fake, threads["Raven: Stark ↔ Baratheon"]) == ["alice", "carol"]
        assert not any(fake.can_see("bob", t) for t in threads.values())

        kicked = await refused(await fake.slash("alice", "mod", "kick", options={"house": "baratheon"}))
        assert kicked.content.startswith("✅")
        await game.settled()
        assert members(fake, threads["Raven: Stark ↔ Baratheon"]) == ["alice"]  # the thread stays
        assert members(fake, threads["Council"]) == ["alice", "dave"]
        assert not any(fake.can_see("carol", t) for t in threads.values())
        assert len(fake.threads()) == 4  # nothing was opened again


async def test_at_the_end_threads_are_archived_and_opened_to_whoever_asks(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        game = await started(fake, bot, diplomacy_end="open")
        threads = threads_of(fake, game)
        too_soon = await refused(await fake.slash("dave", "ravens"))
        assert "for its players" in too_soon.content

        ended = await refused(await fake.slash("alice", "mod", "end", options={"reason": "a test"}))
        assert ended.content.startswith("✅")
        await game.settled()
        assert all(t.archived and t.locked for t in threads.values())
        told = await fake.wait_for(lambda m: "4 diplomacy threads" in m.content, WAIT)
        assert f"`/ravens game:{game.id}`" in told.content and not told.is_dm

        shown = await refused(await fake.slash("dave", "ravens", options={"game": game.id}))
        assert "added to 4" in shown.content
        assert all(f"<#{t.id}>" in shown.content for t in threads.values())
        await game.settled()
        assert all("dave" in members(fake, t) for t in threads.values())
        assert all(t.archived and t.locked for t in threads.values())  # archived again once Dave was in


async def test_a_finished_games_threads_stay_with_their_players_unless_opened(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        game = await started(fake, bot)
        await (await fake.slash("alice", "mod", "end")).wait_message(timeout=WAIT)
        await game.settled()
        assert all(t.archived and t.locked for t in threads_of(fake, game).values())
        kept = await refused(await fake.slash("dave", "ravens", options={"game": game.id}))
        assert kept.content.startswith("❌") and "stay with their players" in kept.content
        mine = await refused(await fake.slash("carol", "ravens", options={"game": game.id}))
        assert "you read: 3" in mine.content


async def test_create_names_the_thread_permission_the_bot_lacks(fake: FakeDiscord, tmp_path: Path) -> None:
    fake.set_channel_overwrite("game", "bot", deny=Perm.CREATE_PRIVATE_THREADS | Perm.MANAGE_THREADS)
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        answer = await refused(await fake.slash("alice", "game", "create", options={"players": 3}))
        assert answer.content.startswith("❌ I cannot open this game's diplomacy threads")
        assert "I lack Create Private Threads and Manage Threads in this channel" in answer.content
        assert (
            "grant them in the channel's settings" in answer.content and "`diplomacy: off`" in answer.content
        )
        assert not bot.table.sessions

        # Without diplomacy the game needs none of them: it opens, and starts with no thread.
        game = await started(fake, bot, diplomacy="off")
        assert "no diplomacy threads" in fake.channel_messages()[0].content
        assert fake.threads() == [] and boards(fake)
        off = await refused(await fake.slash("bob", "ravens"))
        assert "diplomacy is off" in off.content
        assert game.session.settings.diplomacy == "off"


async def test_a_missing_permission_holds_up_the_threads_alone(fake: FakeDiscord, tmp_path: Path) -> None:
    """Create Private Threads taken away after /game create: the board and the prompts are posted, the
    threads wait and the creator is told; once granted, they open."""
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        game = await Game.create(fake, bot, start=False)
        fake.set_channel_overwrite("game", "bot", deny=Perm.CREATE_PRIVATE_THREADS)
        channel = bot.get_channel(fake.channel.id)
        await fake.wait_until(
            lambda: not channel.permissions_for(channel.guild.me).create_private_threads,  # type: ignore[union-attr]
            WAIT,
            "the bot to see the overwrite",
        )
        await (await fake.slash("alice", "game", "start")).wait_message(timeout=WAIT)
        await fake.wait_until(
            lambda: any("Create Private Threads" in m.content for m in fake.dms("alice")),
            WAIT,
            "the creator told",
        )
        assert boards(fake) and fake.dms("bob") and fake.threads() == []
        await game.settled()  # the item is written down as owed (after the creator was told)
        fake.remove_channel_overwrite("game", "bot")  # an administrator grants it again
        await fake.wait_until(lambda: len(threads_of(fake, game)) == 4, WAIT, "the threads, once allowed")
        await game.settled()
        assert await bot.table.outbox() == []


async def test_a_restart_mid_way_creates_no_thread_twice(fake: FakeDiscord, tmp_path: Path) -> None:
    """The bot dies after Discord created the threads but before it marked its items done (and, for one,
    before it wrote the thread's id down): started again, it finds them and makes no second one."""
    database = tmp_path / "maester.sqlite3"
    async with maester_bot(fake, database) as bot:
        game = await started(fake, bot)
    before = {name: t.id for name, t in threads_of(fake, game).items()}
    async with aiosqlite.connect(database) as db:
        await db.execute("UPDATE outbox SET sent_at = NULL WHERE kind LIKE 'thread-%'")
        await db.execute("UPDATE diplomacy_threads SET thread_id = NULL WHERE key = 'council'")
        await db.commit()
    async with maester_bot(fake, database) as bot:
        await bot.poster.flush()
        assert await bot.table.outbox() == []
        assert {name: t.id for name, t in threads_of(fake, game).items()} == before
        assert len(fake.threads()) == 4
        assert all(len(fake.channel_messages(t)) == 1 for t in fake.threads())  # one first message each
        council = await bot.table.diplomacy_thread(game.id, "council")
        assert council is not None and council.thread_id == before["Council"]
