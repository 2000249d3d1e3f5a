"""What every cog does with an interaction: know who is asking, find the game it is about, acknowledge it in
time, and show the table's refusals to the person privately."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from types import TracebackType
from typing import TYPE_CHECKING, Any

import discord

from cogs.rules import PLAYER_ERRORS, Current, answered
from table.people import Actor
from table.session import Session

if TYPE_CHECKING:
    from bot import MaesterBot
    from table.table import Table

log = logging.getLogger("maester.cogs")

NO_MENTIONS = discord.AllowedMentions.none()


def bot_of(interaction: discord.Interaction) -> MaesterBot:
    return interaction.client  # type: ignore[return-value]


def table_of(interaction: discord.Interaction) -> Table:
    return bot_of(interaction).table


def actor_from(interaction: discord.Interaction) -> Actor:
    """The person behind an interaction, as the table knows people: a server administrator is ``admin``,
    and ``roles`` are their role names (for the moderator role). In DMs there is neither."""
    user = interaction.user
    admin = False
    roles: frozenset[str] = frozenset()
    if isinstance(user, discord.Member):
        # the payload's own permissions too, in case the server's roles are not cached yet
        admin = user.guild_permissions.administrator or interaction.permissions.administrator
        roles = frozenset(role.name for role in user.roles)
    return Actor(user.id, user.display_name, admin, roles)


def find_game(interaction: discord.Interaction, game: int | None) -> Session:
    """The game a command is about: the one named, else the person's only one (this channel's first)."""
    return table_of(interaction).find(interaction.user.id, game_id=game, channel_id=interaction.channel_id)


def mentions(*user_ids: int) -> discord.AllowedMentions:
    """Allowed mentions that ping exactly these people, and nobody else."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(id=u) for u in user_ids]
    )


class Reply:
    """The answer to one slash command, acknowledged within Discord's 3 seconds.

    A private answer defers at once (ephemerally) and follows up. A public answer first gives the table a
    moment: most operations take milliseconds, and answering directly lets a refusal go to the person
    alone while a success is public. When the table is slower (a game's lock held by a long undo, a busy
    disk), the command is deferred publicly after ``PATIENCE`` seconds, and a refusal then replaces the
    public "thinking" message (Discord makes the first follow-up of a deferral as public as the deferral).

        async with Reply(interaction, ephemeral=False) as reply:
            outcome = await table.join(...)
            await reply.send(outcome.message)
    """

    PATIENCE = 2.0

    def __init__(
        self, interaction: discord.Interaction, *, ephemeral: bool = True, defer: bool = True
    ) -> None:
        self.interaction = interaction
        self.ephemeral = ephemeral
        self.should_defer = defer
        self.sent = False
        self._lock = asyncio.Lock()
        self._watchdog: asyncio.Task[None] | None = None
        self._deferring = False

    async def __aenter__(self) -> Reply:
        if self.should_defer and not self.interaction.response.is_done():
            if self.ephemeral:
                await self.interaction.response.defer(ephemeral=True, thinking=True)
            else:
                self._watchdog = asyncio.create_task(self._defer_later())
        return self

    async def _defer_later(self) -> None:
        await asyncio.sleep(self.PATIENCE)
        async with self._lock:
            self._deferring = True
            if not self.interaction.response.is_done():
                await self.interaction.response.defer(ephemeral=False, thinking=True)

    async def _settle(self) -> None:
        """The answer is ready: call off the deferral still waiting, or let one under way finish."""
        task = self._watchdog
        if task is None or task.done():
            return
        if not self._deferring:
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError, discord.HTTPException):
            await task

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> bool:
        await self._settle()
        if error is None:
            return False
        if isinstance(error, PLAYER_ERRORS):
            await self.fail(str(error))
            return True
        if isinstance(error, discord.HTTPException | discord.ClientException):
            log.warning("a reply to /%s failed: %s", _command_name(self.interaction), error)
        return False

    async def send(self, content: str | None = None, **kwargs: Any) -> None:
        """Send (or follow up with) the answer; later calls add messages, with the same visibility."""
        await self._settle()
        kwargs.setdefault("allowed_mentions", NO_MENTIONS)
        view = kwargs.get("view")
        async with self._lock:
            if not self.interaction.response.is_done():
                await self.interaction.response.send_message(content, ephemeral=self.ephemeral, **kwargs)
            else:
                await self.interaction.followup.send(content, ephemeral=self.ephemeral, **kwargs)
        if view is not None:
            view.stop()
        self.sent = True

    async def fail(self, message: str) -> None:
        """Show a refusal: privately, unless a public deferral already decided otherwise."""
        await self._settle()
        text = f"❌ {message}"
        async with self._lock:
            if not self.interaction.response.is_done():
                await self.interaction.response.send_message(
                    text, ephemeral=True, allowed_mentions=NO_MENTIONS
                )
            else:
                await self.interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)


def _command_name(interaction: discord.Interaction) -> str:
    command = interaction.command
    return command.qualified_name if command is not None else "?"


async def say_privately(interaction: discord.Interaction, text: str | None, **kwargs: Any) -> None:
    """An ephemeral answer to any interaction, whether or not it has been answered already."""
    kwargs.setdefault("allowed_mentions", NO_MENTIONS)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)
    view = kwargs.get("view")
    if view is not None:
        view.stop()


def current_decision(table: Table, session: Session, actor: Actor) -> Current | None:
    """The person's decision in the game: the one waiting for them, else a secret one they answered and may
    still change."""
    payload = table.my_decision(session.id, actor)
    if payload is not None:
        return Current(payload)
    seat = session.seat_of_user(actor.user_id)
    if seat is None or seat.house is None:
        return None
    return answered(session, seat.house)
