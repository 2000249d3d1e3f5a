"""Diplomacy threads on Discord: the table decides who reads which thread (``table/diplomacy.py``); this
cog carries its outbox items out (``thread-open``, ``thread-members``, ``thread-archive``, through the
outbox poster), names the permissions they need (``/game create`` checks them), and answers ``/ravens``.

Every item is safe to carry out twice, since the poster tries again whatever was not marked sent: a thread
is created only if the table has no Discord id for it (the id is written the moment Discord returns it;
should the process die before that, the bot's cache of the threads it is in is searched for the same
name first), adding a member who is in already and removing one who is gone change nothing, a thread is
archived only if it is not, and its first message is posted once (remembered as a post of the game).

A thread auto-archives after a week without a message (Discord's longest); it is unarchived before its
members change, and archived and locked again if the game is over. When Discord refuses for a missing
permission, the item stays owed and the game's moderators are told what to grant, as for any post;
threads are their own line of the outbox, so a missing thread permission holds up no board or prompt.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterator
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs import autocomplete
from cogs.common import Permissions, Reply, actor_from, bot_of, find_game, reader_words, said_to
from cogs.poster import Lacking, Owed
from i18n import Translator, said
from table.settings import GameSettings
from table.store import OutboxItem

if TYPE_CHECKING:
    from bot import MaesterBot
    from table.table import Table

log = logging.getLogger("maester.threads")

THREAD_PERMISSIONS = {
    "create_private_threads": "Create Private Threads",
    "send_messages_in_threads": "Send Messages in Threads",
    "manage_threads": "Manage Threads",
}
ARCHIVE_AFTER = 10080  # minutes without a message before Discord archives a thread: a week, the longest
TOO_MANY_THREADS = 160006  # Discord: "Maximum number of active threads reached"


def missing_thread_permissions(permissions: discord.Permissions) -> list[str]:
    """The permissions diplomacy threads need that the bot lacks (by their names in Discord)."""
    return [name for flag, name in THREAD_PERMISSIONS.items() if not getattr(permissions, flag)]


def lacking_text(words: Translator, missing: list[str], where: str) -> str:
    """What to tell a person: which permissions, where, and how to grant them (no full stop: it may go on)."""
    return Lacking(missing, where).said_in(words.language)


def diplomacy_shown(settings: GameSettings, words: Translator) -> list[str]:
    """The game's diplomacy, in a few words, where it differs from the default."""
    found = []
    if settings.diplomacy == "moderators":
        found.append(words.gettext("diplomacy threads read by moderators too"))
    elif settings.diplomacy == "off":
        found.append(words.gettext("no diplomacy threads"))
    if settings.diplomacy != "off" and settings.diplomacy_end == "open":
        found.append(words.gettext("diplomacy opened to all after the game"))
    return found


class ThreadKeeper:
    """Carries out the diplomacy threads' outbox items; registered with the poster by :func:`setup`."""

    def __init__(self, bot: MaesterBot) -> None:
        self.bot = bot

    @property
    def table(self) -> Table:
        return self.bot.table

    def handlers(self) -> dict[str, Callable[[OutboxItem], Awaitable[None]]]:
        return {"thread-open": self.open, "thread-members": self.members, "thread-archive": self.archive}

    # --- the three items -----------------------------------------------------------------------------

    async def open(self, item: OutboxItem) -> None:
        """Create the thread (once), give it to its people, and post what it is (once)."""
        payload = item.payload
        key = str(payload["key"])
        record = await self.table.diplomacy_thread(item.game_id, key)
        if record is None:
            log.warning(
                "game %s: no diplomacy thread %s to open; item %s skipped", item.game_id, key, item.id
            )
            return
        with self._refusals(item):
            thread_id = record.thread_id or await self._create(item)
            if thread_id is None:
                return
            thread = await self._unarchived(thread_id)
            if thread is None:
                return
            for user_id in payload["user_ids"]:
                await self.bot.http.add_user_to_thread(thread_id, user_id)
            intro = f"thread-intro:{key}"
            if await self.table.post_of(item.game_id, intro) is None:
                message = await thread.send(
                    payload["intro"], nonce=item.id, allowed_mentions=discord.AllowedMentions.none()
                )
                await self.table.remember_post(item.game_id, intro, thread_id, message.id)
        log.info("game %s: diplomacy thread %s open (%s), item %s", item.game_id, key, thread_id, item.id)

    async def members(self, item: OutboxItem) -> None:
        """Give the thread to some people and take it from others; a thread archived after the game is
        archived and locked again once done."""
        payload = item.payload
        record = await self.table.diplomacy_thread(item.game_id, str(payload["key"]))
        if record is None or record.thread_id is None:
            log.warning(
                "game %s: thread %s was never created; item %s skipped", item.game_id, payload["key"], item.id
            )
            return
        with self._refusals(item):
            thread = await self._unarchived(record.thread_id)
            if thread is None:
                return
            for user_id in payload["add"]:
                await self.bot.http.add_user_to_thread(thread.id, user_id)
            for user_id in payload["remove"]:
                with contextlib.suppress(discord.NotFound):  # gone already
                    await self.bot.http.remove_user_from_thread(thread.id, user_id)
            if payload.get("archived"):
                await thread.edit(archived=True, locked=True)
        log.info("game %s: members of thread %s changed, item %s", item.game_id, payload["key"], item.id)

    async def archive(self, item: OutboxItem) -> None:
        """The game is over: archive and lock the thread (its members read it still; nobody writes)."""
        record = await self.table.diplomacy_thread(item.game_id, str(item.payload["key"]))
        if record is None or record.thread_id is None:
            log.warning(
                "game %s: thread %s was never created; item %s skipped",
                item.game_id,
                item.payload["key"],
                item.id,
            )
            return
        with self._refusals(item):
            thread = await self._fetch(record.thread_id)
            if thread is None or (thread.archived and thread.locked):
                return
            if thread.archived:  # archived by Discord for want of messages: unarchived to be locked
                await thread.edit(archived=False)
            await thread.edit(archived=True, locked=True)
        log.info("game %s: thread %s archived, item %s", item.game_id, item.payload["key"], item.id)

    # --- Discord ----------------------------------------------------------------------------------------

    async def _create(self, item: OutboxItem) -> int | None:
        """Create the thread under the game's channel (under its parent, for a game played in a thread)
        and write its id at once."""
        payload = item.payload
        channel = self.bot.get_channel(item.target_id) or await self.bot.fetch_channel(item.target_id)
        if isinstance(channel, discord.Thread):
            channel = channel.parent
        if not isinstance(channel, discord.TextChannel):
            log.warning(
                "game %s: diplomacy threads cannot be opened in %r; item %s skipped",
                item.game_id,
                channel,
                item.id,
            )
            return None
        name = str(payload["name"])
        me = self.bot.user.id if self.bot.user else 0
        made = next(
            (t for t in channel.threads if t.name == name and t.owner_id == me),  # made before a crash
            None,
        ) or await channel.create_thread(
            name=name,
            type=discord.ChannelType.private_thread,
            invitable=False,
            auto_archive_duration=ARCHIVE_AFTER,
        )
        await self.table.remember_thread(item.game_id, str(payload["key"]), made.id)
        return made.id

    async def _fetch(self, thread_id: int) -> discord.Thread | None:
        """The thread as Discord has it now (the cache forgets archived threads); None if it was deleted."""
        try:
            channel = await self.bot.fetch_channel(thread_id)
        except discord.NotFound:
            log.warning("diplomacy thread %s no longer exists (deleted by someone)", thread_id)
            return None
        return channel if isinstance(channel, discord.Thread) else None

    async def _unarchived(self, thread_id: int) -> discord.Thread | None:
        """The thread, unarchived if need be (its members cannot change while it is archived)."""
        thread = await self._fetch(thread_id)
        if thread is not None and thread.archived:
            thread = await thread.edit(archived=False, locked=False)
        return thread

    @contextlib.contextmanager
    def _refusals(self, item: OutboxItem) -> Iterator[None]:
        """Discord's refusals that people can fix become owed items, with what to do."""
        try:
            yield
        except discord.Forbidden as error:
            raise self._owed(item) from error
        except discord.HTTPException as error:
            if error.code != TOO_MANY_THREADS:
                raise
            raise Owed(
                said(
                    "this server has as many active threads as Discord allows (1000), so the game's "
                    "diplomacy "
                    "threads wait; archiving old threads makes room"
                ),
                text_ok=True,
            ) from error

    def _owed(self, item: OutboxItem) -> Owed:
        channel = self.bot.get_channel(item.target_id)
        if isinstance(channel, discord.Thread):
            channel = channel.parent
        guild = getattr(channel, "guild", None)
        if channel is None or guild is None:
            return Owed(said("I cannot see the game's channel, so its diplomacy threads wait"), text_ok=False)
        permissions = channel.permissions_for(guild.me)  # type: ignore[union-attr]
        missing = ([] if permissions.view_channel else ["View Channel"]) + missing_thread_permissions(
            permissions
        )
        can_write = permissions.view_channel and permissions.send_messages
        where = f"<#{channel.id}>"
        if not missing:  # the cache says every permission is there: Discord knows better
            return Owed(
                said(
                    "Discord refused me the diplomacy thread {thread} in {where}, though I seem to "
                    "have every "
                    "permission it needs ({permissions}); a server administrator can check them in the "
                    "channel's settings",
                    thread=str(item.payload.get("name")),
                    where=where,
                    permissions=Permissions(tuple(THREAD_PERMISSIONS.values())),
                ),
                text_ok=can_write,
            )
        return Owed(
            said("{lacking}, so the game's diplomacy threads wait", lacking=Lacking(missing, where)),
            text_ok=can_write,
        )


class RavensCog(commands.Cog):
    """``/ravens``: the diplomacy threads one may read, as links."""

    def __init__(self, bot: MaesterBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="ravens", description="Your diplomacy threads in a game (or, when allowed, all of them)"
    )
    @app_commands.describe(game="The game's number (needed only when you are in several games)")
    @app_commands.autocomplete(game=autocomplete.games)
    async def ravens(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            session = find_game(interaction, game)
            threads, outcome = await self.bot.table.ravens(session.id, actor_from(interaction))
            words = reader_words(interaction)
            lines = [
                f"<#{t.thread_id}>"
                if t.thread_id
                else words.gettext("{thread} (being opened)", thread=t.name)
                for t in threads
            ]
            bot_of(interaction).wake()
            await reply.send("\n".join([f"🐦 {said_to(interaction, outcome.message)}", *lines]))


async def setup(bot: MaesterBot) -> None:
    bot.poster.handlers.update(ThreadKeeper(bot).handlers())
    await bot.add_cog(RavensCog(bot))
