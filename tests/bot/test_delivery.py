"""What the poster delivers: to whoever plays a house now, and, when Discord refuses an item for a reason
people can fix, nothing is lost: the item stays owed, the moderators are told once, and it is posted once
the cause is fixed."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord

from cogs.poster import OutboxPoster
from table import Actor, GameSettings, outbox
from table.clock import FakeClock
from table.table import Table
from tests.bot.test_components import FakeChannel, PosterBot
from tests.table.conftest import ALICE, BOB, CHANNEL, GUILD, PLAYERS, three_player_game

DAVE_ID = 4


class _Forbidden:
    status = 403
    reason = "Forbidden"


class StrictChannel(FakeChannel):
    """A channel whose permissions a test sets: without Send Messages nothing posts, without Attach Files
    no file does."""

    def __init__(self, sent: list[dict[str, Any]], where: str, permissions: discord.Permissions) -> None:
        super().__init__(sent, where)
        self.permissions = permissions

    async def send(self, content: str | None = None, **kwargs: Any) -> None:
        if not self.permissions.send_messages or (kwargs.get("file") and not self.permissions.attach_files):
            raise discord.Forbidden(_Forbidden(), {"code": 50013, "message": "Missing Permissions"})
        await super().send(content, **kwargs)


class GuildBot(PosterBot):
    """A bot whose game channel has the given permissions (as discord.py's cache would say)."""

    def __init__(self, table: Table, permissions: discord.Permissions) -> None:
        super().__init__(table, closed=set())
        self.channel = StrictChannel(self.sent, f"channel {CHANNEL}", permissions)
        me = SimpleNamespace(id=999)
        self.guild = SimpleNamespace(me=me)

    def get_partial_messageable(self, channel_id: int) -> FakeChannel:
        return self.channel if channel_id == CHANNEL else super().get_partial_messageable(channel_id)

    def get_channel(self, channel_id: int) -> Any:
        if channel_id != CHANNEL:
            return None
        return SimpleNamespace(guild=self.guild, permissions_for=lambda member: self.channel.permissions)


async def test_prompts_queued_before_a_replacement_go_to_the_new_player_only(table: Table) -> None:
    game_id = await three_player_game(table)  # Bob's orders prompt is queued
    await table.replace_player(game_id, ALICE, "lannister", DAVE_ID, "Dave")
    bot = PosterBot(table, closed=set())
    await OutboxPoster(bot).flush()  # type: ignore[arg-type]
    dms = [s["to"] for s in bot.sent if s["to"].startswith("dm") and s.get("embed") is not None]
    assert f"dm {BOB.user_id}" not in dms and f"dm {DAVE_ID}" in dms
    assert await table.outbox() == []


async def test_a_houses_private_news_goes_to_its_player_now(table: Table) -> None:
    game_id = await three_player_game(table)
    session = table.session(game_id)
    news = outbox.item(
        "private",
        "user",
        BOB.user_id,
        game_id=game_id,
        game_name=session.name,
        house="lannister",
        text="Top: X",
    )
    async with table.store.unit() as store:
        await store.add_outbox(game_id, news, 0.0)
    await table.replace_player(game_id, ALICE, "lannister", DAVE_ID, "Dave")
    bot = PosterBot(table, closed=set())
    await OutboxPoster(bot).flush()  # type: ignore[arg-type]
    private = [s for s in bot.sent if "Top: X" in (s.get("content") or "")]
    assert [s["to"] for s in private] == [f"dm {DAVE_ID}"]


async def test_a_board_refused_for_attach_files_stays_owed_and_is_posted_once_granted(tmp_path: Any) -> None:
    clock = FakeClock()
    table = await Table.open(tmp_path / "db.sqlite3", clock)
    try:
        await three_player_game(table, diplomacy="off")  # threads: cogs/threads.py
        permissions = discord.Permissions(view_channel=True, send_messages=True, embed_links=True)
        bot = GuildBot(table, permissions)
        poster = OutboxPoster(bot)  # type: ignore[arg-type]
        items = await table.outbox()
        await poster.flush()
        waiting = await table.outbox()
        first_owed = next(i for i in waiting if i.problem)
        assert first_owed.kind == "board" and "Attach Files" in first_owed.problem
        # the game's later channel items wait behind it, in order; the players' DM prompts went out
        assert all(i.target == "channel" for i in waiting)
        prompted = {s["to"] for s in bot.sent if s["to"].startswith("dm") and s.get("embed") is not None}
        assert prompted == {f"dm {user}" for user in (1, 2, 3)}
        told = [s for s in bot.sent if "Attach Files" in (s.get("content") or "")]
        assert sorted(s["to"] for s in told) == [f"channel {CHANNEL}", f"dm {ALICE.user_id}"]
        await poster.flush()  # too early to try again, and nobody is told twice
        assert len([s for s in bot.sent if "Attach Files" in (s.get("content") or "")]) == 2
        permissions.attach_files = True
        await table.retry_owed()  # as when the server's channels or roles change
        await poster.flush()
        assert await table.outbox() == []
        delivered = {s.get("nonce") for s in bot.sent} - {None}
        assert delivered == {i.id for i in items}
        boards = [s for s in bot.sent if s.get("file") is not None]
        assert boards and boards[0]["nonce"] == first_owed.id
    finally:
        await table.close()


async def test_with_dms_closed_and_the_channel_refusing_nothing_is_lost(tmp_path: Any) -> None:
    clock = FakeClock()
    table = await Table.open(tmp_path / "db.sqlite3", clock)
    try:
        await three_player_game(table, diplomacy="off")  # threads: cogs/threads.py
        permissions = discord.Permissions(view_channel=True)  # no Send Messages
        bot = GuildBot(table, permissions)
        bot.closed = {ALICE.user_id, BOB.user_id}
        poster = OutboxPoster(bot)  # type: ignore[arg-type]
        items = await table.outbox()
        await poster.flush()
        owed = [i for i in await table.outbox() if i.problem]
        assert owed and all("Send Messages" in i.problem for i in owed)
        clock.advance(3600)
        permissions.send_messages = permissions.attach_files = permissions.embed_links = True
        await poster.flush()
        assert await table.outbox() == []
        assert {s.get("nonce") for s in bot.sent} >= {i.id for i in items}
    finally:
        await table.close()


async def test_the_poster_forgets_what_was_delivered_long_ago_at_most_hourly(table: Table) -> None:
    await three_player_game(table)
    clock: FakeClock = table.clock  # type: ignore[assignment]
    poster = OutboxPoster(PosterBot(table, closed=set()))  # type: ignore[arg-type]

    async def count(where: str = "") -> int:
        async with table.store.db.execute(f"SELECT count(*) FROM outbox {where}") as cursor:
            return int((await cursor.fetchone())[0])

    await poster.flush()
    assert await count("WHERE sent_at IS NOT NULL") > 0
    clock.advance(table.outbox_retention - 600)
    await poster.prune()  # too recent to forget; the next pruning is an hour away
    clock.advance(1200)
    await poster.prune()
    assert await count() > 0  # old enough now, but within the hour: not pruned yet
    clock.advance(OutboxPoster.PRUNE_EVERY)
    await poster.prune()
    assert await count() == 0


class HeldChannel(FakeChannel):
    """A channel whose posts wait until the test lets them through (Discord slow, or rate-limited)."""

    def __init__(self, sent: list[dict[str, Any]], where: str, gate: asyncio.Event) -> None:
        super().__init__(sent, where)
        self.gate = gate

    async def send(self, content: str | None = None, **kwargs: Any) -> Any:
        await self.gate.wait()
        return await super().send(content, **kwargs)


async def test_games_are_posted_side_by_side_and_each_in_order(table: Table) -> None:
    slow = await three_player_game(table)
    other_channel = CHANNEL + 1
    fast = await table.create_game(
        Actor(ALICE.user_id, "Alice", guild_id=GUILD, channel_id=other_channel),
        channel_id=other_channel,
        guild_id=GUILD,
        settings=GameSettings(players=3),
    )
    for house, person in PLAYERS.items():
        await table.join(
            fast.id, Actor(person.user_id, person.name, guild_id=GUILD, channel_id=other_channel), house
        )
    await table.start(fast.id, Actor(ALICE.user_id, "Alice", guild_id=GUILD, channel_id=other_channel))
    # The diplomacy threads' items are the threads cog's, which this bare poster does not have.
    queued = [i for i in await table.outbox(1000) if i.game_id in (slow, fast.id)]
    posted_here = [i for i in queued if not i.kind.startswith("thread-")]
    items = {g: [i.id for i in posted_here if i.game_id == g] for g in (slow, fast.id)}
    gate = asyncio.Event()
    bot = PosterBot(table, closed=set())
    held = HeldChannel(bot.sent, f"channel {CHANNEL}", gate)
    bot.get_partial_messageable = (  # type: ignore[method-assign]
        lambda channel_id: held if channel_id == CHANNEL else FakeChannel(bot.sent, f"channel {channel_id}")
    )
    flushing = asyncio.create_task(OutboxPoster(bot).flush())  # type: ignore[arg-type]
    await asyncio.sleep(0.5)  # the slow game's first post waits: the other game goes on meanwhile
    assert [s["nonce"] for s in bot.sent] == items[fast.id]
    gate.set()
    posted, failed = await flushing
    assert (posted, failed) == (len(queued), 0)  # the threads' items too: marked done, with a warning
    assert [s["nonce"] for s in bot.sent if s["nonce"] in items[slow]] == items[slow]  # in order
