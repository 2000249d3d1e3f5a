"""What every cog does with an interaction: know who is asking, find the game it is about, acknowledge it in
time, and show the table's refusals to the person privately."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs.screens import GameScreens, screens_of
from i18n import AUTONYMS, LANGUAGES, Localized, Said, Translator, psaid, say, translator
from table.errors import TableError
from table.people import Actor
from table.prompting import Current, current
from table.session import Session
from table.text import clip

if TYPE_CHECKING:
    from bot import MaesterBot
    from table.table import Table

log = logging.getLogger("maester.cogs")

# Errors whose message is written for the person who caused them: the table's refusals.
PLAYER_ERRORS: tuple[type[Exception], ...] = (TableError,)
NO_MENTIONS = discord.AllowedMentions.none()
MESSAGE_LIMIT = 2000  # Discord's limit on a message's content
# The languages Maester speaks, each by its own name (a reader finds their own whatever Discord's language).
LANGUAGE_CHOICES = [app_commands.Choice(name=AUTONYMS[code], value=code) for code in LANGUAGES]


def bot_of(interaction: discord.Interaction) -> MaesterBot:
    return interaction.client  # type: ignore[return-value]


def table_of(interaction: discord.Interaction) -> Table:
    return bot_of(interaction).table


def actor_from(interaction: discord.Interaction) -> Actor:
    """The person behind an interaction, as the table knows people, and where they ask from: the server
    (``guild_id``), the channel, the channel a thread belongs to, and in which locale. ``admin`` (from the
    interaction's own permissions, computed by Discord for this server and channel) and ``roles`` (role
    ids) are facts of *that* server; the table never lets them count for a game of another one. In DMs
    there is neither."""
    user = interaction.user
    admin = False
    roles: frozenset[int] = frozenset()
    guild_id = interaction.guild_id
    if guild_id is not None and isinstance(user, discord.Member):
        admin = interaction.permissions.administrator
        roles = frozenset(role.id for role in user.roles if role.id != guild_id)
    channel = interaction.channel
    parent_id = getattr(channel, "parent_id", None) if isinstance(channel, discord.Thread) else None
    return Actor(
        user.id,
        user.display_name,
        admin,
        roles,
        guild_id=guild_id,
        channel_id=interaction.channel_id,
        parent_id=parent_id,
        locale=interaction.locale.value,
    )


def said_to(interaction: discord.Interaction, text: str | Localized | BaseException) -> str:
    """What the table says to the person who asked (an answer, a refusal: one of :data:`PLAYER_ERRORS`),
    in their language: the one they chose, else their Discord's. A str is in a language already."""
    words = text if isinstance(text, str | Localized) else str(text)
    return say(words, table_of(interaction).reader_language(actor_from(interaction)))


def reader_language(interaction: discord.Interaction) -> str:
    """The language of an answer to the person behind an interaction: the one they chose, else their
    Discord's."""
    return table_of(interaction).reader_language(actor_from(interaction))


def reader_words(interaction: discord.Interaction) -> Translator:
    """The messages of the person's language, for an answer to them (an ephemeral reply, a refusal)."""
    return translator(reader_language(interaction))


def game_words(session: Session) -> Translator:
    """The messages of a game's language, for what is posted in its channel."""
    return translator(session.settings.language)


def find_game(interaction: discord.Interaction, game: int | None) -> Session:
    """The game a command is about: the one named, else the person's only one (this channel's first),
    among the games the person may reach from where they ask."""
    return table_of(interaction).find(actor_from(interaction), game)


# Discord's permissions the bot may lack, by the names Discord gives them in each language.
PERMISSION_NAMES: dict[str, Said] = {
    said.message: said
    for said in (
        psaid("permission", "View Channel"),
        psaid("permission", "Send Messages"),
        psaid("permission", "Embed Links"),
        psaid("permission", "Attach Files"),
        psaid("permission", "Create Private Threads"),
        psaid("permission", "Send Messages in Threads"),
        psaid("permission", "Manage Threads"),
    )
}
CHANNEL_PERMISSIONS = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "embed_links": "Embed Links",
    "attach_files": "Attach Files",
}


def missing_permissions(permissions: discord.Permissions) -> list[str]:
    """The permissions a game's channel needs that the bot lacks there, by their names in Discord."""
    return [name for flag, name in CHANNEL_PERMISSIONS.items() if not getattr(permissions, flag)]


def permission_list(words: Translator, names: list[str]) -> str:
    """Permissions (by their English names) as a list in running text, each as Discord names it in the
    language of ``words``: "Ver canal y Enviar mensajes"."""
    shown = [
        PERMISSION_NAMES[name].said_in(words.language) if name in PERMISSION_NAMES else name for name in names
    ]
    if len(shown) < 2:
        return "".join(shown)
    # Translators: the last two of a list of permissions ("A, B and C")
    return words.gettext("{items} and {last}", items=", ".join(shown[:-1]), last=shown[-1])


@dataclass(frozen=True)
class Permissions:
    """Permissions as a list in running text, in whichever language it is read (see "
    ":func:`permission_list`)."""

    names: tuple[str, ...]

    def said_in(self, language: str) -> str:
        return permission_list(translator(language), list(self.names))


def mentions(*user_ids: int) -> discord.AllowedMentions:
    """Allowed mentions that ping exactly these people, and nobody else."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(id=u) for u in user_ids]
    )


class Reply:
    """The answer to one slash command, acknowledged well within Discord's 3 seconds.

    The table is first given a moment (``PATIENCE``): most operations take milliseconds, and answering
    directly costs one request to Discord instead of two (a deferral, then its edit), which is what keeps
    answers quick when a hundred games answer at once; it also lets a refusal of a public command go to the
    person alone while a success is public. When the table is slower (a game's lock held by an undo, a
    busy disk, a board being drawn), the command is deferred with the answer's visibility; the answer then
    replaces the "thinking" message (by editing the original response), and a refusal of a public command
    deletes it and goes to the person alone.

        async with Reply(interaction, ephemeral=False) as reply:
            outcome = await table.join(...)
            await reply.send(outcome.message)
    """

    PATIENCE = 0.25  # network latency both ways must still fit in Discord's 3 seconds

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
        self._deferred_as: bool | None = None  # the deferral's visibility (True: ephemeral), once deferred
        self._original_answered = False

    async def __aenter__(self) -> Reply:
        if self.should_defer and not self.interaction.response.is_done():
            self._watchdog = asyncio.create_task(self._defer_later())
        return self

    async def _defer_later(self) -> None:
        await asyncio.sleep(self.PATIENCE)
        async with self._lock:
            self._deferring = True
            if not self.interaction.response.is_done():
                await self.interaction.response.defer(ephemeral=self.ephemeral, thinking=True)
                self._deferred_as = self.ephemeral

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
            await self.fail(said_to(self.interaction, error))
            return True
        if isinstance(error, discord.HTTPException | discord.ClientException):
            log.warning("a reply to /%s failed: %s", _command_name(self.interaction), error)
        return False

    async def send(self, content: str | None = None, **kwargs: Any) -> None:
        """Send the answer; later calls add messages, with the same visibility."""
        await self._settle()
        kwargs.setdefault("allowed_mentions", NO_MENTIONS)
        if content is not None:
            content = clip(content, MESSAGE_LIMIT)
        view = kwargs.get("view")
        async with self._lock:
            response = self.interaction.response
            if not response.is_done():
                await response.send_message(content, ephemeral=self.ephemeral, **kwargs)
            elif self._deferred_as is not None and not self._original_answered:
                edit = dict(kwargs)
                if "file" in edit:
                    edit["attachments"] = [edit.pop("file")]
                await self.interaction.edit_original_response(content=content, **edit)
                self._original_answered = True
            else:
                await self.interaction.followup.send(content, ephemeral=self.ephemeral, **kwargs)
        if view is not None:
            view.stop()
        self.sent = True

    async def fail(self, message: str) -> None:
        """Show a refusal to the person alone, whatever was deferred."""
        await self._settle()
        text = clip(f"❌ {message}", MESSAGE_LIMIT)
        async with self._lock:
            response = self.interaction.response
            if not response.is_done():
                await response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
                return
            if self._deferred_as is True and not self._original_answered:
                await self.interaction.edit_original_response(content=text, allowed_mentions=NO_MENTIONS)
                self._original_answered = True
                return
            if self._deferred_as is False and not self._original_answered:
                with contextlib.suppress(discord.HTTPException):
                    await self.interaction.delete_original_response()
                self._original_answered = True
            await self.interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)


def _command_name(interaction: discord.Interaction) -> str:
    command = interaction.command
    return command.qualified_name if command is not None else "?"


async def say_privately(interaction: discord.Interaction, text: str | None, **kwargs: Any) -> None:
    """An ephemeral answer to any interaction, whether or not it has been answered already."""
    kwargs.setdefault("allowed_mentions", NO_MENTIONS)
    if text is not None:
        text = clip(text, MESSAGE_LIMIT)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)
    view = kwargs.get("view")
    if view is not None:
        view.stop()


def current_decision(table: Table, session: Session, actor: Actor) -> Current | None:
    """The person's decision in the game: the one waiting for them, else a secret one they answered and may
    still change; its payload in the person's language."""
    payload = table.my_decision(session.id, actor)
    if payload is not None:
        return Current(payload)
    seat = session.seat_of_user(actor.user_id)
    if seat is None or seat.house is None:
        return None
    found = current(session, seat.house, table.reader_language(actor))
    return found if found is not None and found.answer is not None else None


def screens_of_game(session: Session) -> GameScreens:
    """The screens of the session's game: its names, words and prompts in the bot."""
    return screens_of(session.settings.game)
