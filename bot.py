"""Maester, the Discord bot: configuration, logging, the cogs, and the two background loops.

    python bot.py        (or: make run)

Settings come from the environment, and from a ``.env`` file in the current directory for whatever the
environment does not set (see ``.env.example``). Tests build the bot in-process with :func:`create_bot`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl
from discord import app_commands
from discord.ext import commands

from cogs import EXTENSIONS
from cogs.common import actor_from
from cogs.poster import DeadlineTicker, OutboxPoster
from cogs.translator import CommandTranslator
from data.games import games
from i18n import SOURCE_LANGUAGE, translator
from table.clock import Clock
from table.store import StoreError
from table.table import Table

log = logging.getLogger("maester")

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")

TOKEN_HELP = """\
Maester needs a Discord bot token, and none is set (DISCORD_TOKEN).

  1. Open https://discord.com/developers/applications and create an application (or open yours).
  2. Bot -> Reset Token, and copy the token.
  3. Copy .env.example to .env and put the token after DISCORD_TOKEN= (or export DISCORD_TOKEN=...).
  4. Invite the bot to your server: OAuth2 -> URL Generator, scopes "bot" and "applications.commands",
     bot permissions View Channels, Send Messages, Embed Links, Attach Files, Create Private Threads,
     Send Messages in Threads, Manage Threads; open the URL it makes.

Then run `make run` again."""


class ConfigError(Exception):
    """A setting is missing or wrong; the message says how to fix it."""


@dataclass(frozen=True)
class Config:
    token: str = field(repr=False)  # never in a log line or a traceback
    # A SQLite file, or a PostgreSQL URL that may hold a password: logged as Store.where, never as given.
    database: str = field(default="maester.sqlite3", repr=False)
    dev_guild_id: int | None = None
    moderator_role: int | None = None  # a role id: its members moderate the games of that role's server
    log_level: str = "INFO"
    outbox_retention_days: float = 7.0  # how long what was posted is remembered (see Table.prune_outbox)
    discord_api: str | None = None  # the base URL of the Discord HTTP API (a fake one, in tests)
    discord_gateway: str | None = None  # the gateway's URL; with discord_api alone, asked of that API
    shard_count: int | None = None  # Discord's shards in all, across every process; None: not sharded
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs; None: all of them


def read_env_file(path: str | Path) -> dict[str, str]:
    """``KEY=value`` lines; blank lines, ``#`` comments and an ``export`` prefix are allowed, and a value
    may be quoted. A missing file is no settings."""
    found: dict[str, str] = {}
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        return found
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        line = line.removeprefix("export ").strip()
        key, sep, value = line.partition("=")
        key = key.strip()
        if not sep or not key.replace("_", "").isalnum():
            raise ConfigError(f"{path}, line {number}: expected KEY=value, got {raw.strip()!r}")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        elif " #" in value:
            value = value.split(" #", 1)[0].rstrip()
        found[key] = value
    return found


def parse_shards(text: str, count: int) -> tuple[int, ...]:
    """The shards a process runs, from ``0-1`` (a range, both ends included), ``0,2`` (a list) or both
    (``0-3,6``): each below ``count``, in order, none twice. Raises ConfigError."""
    wanted: set[int] = set()
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        ends = (first.strip(), last.strip()) if dash else (first.strip(), first.strip())
        if not all(end.isascii() and end.isdigit() for end in ends) or int(ends[0]) > int(ends[1]):
            raise ConfigError(
                "MAESTER_SHARDS lists this process's shards: a range like 0-1, a list like 0,2, or both "
                f"(0-3,6); not {text!r}."
            )
        wanted.update(range(int(ends[0]), int(ends[1]) + 1))
    beyond = sorted(shard for shard in wanted if shard >= count)
    if beyond:
        raise ConfigError(
            f"MAESTER_SHARDS names shard {beyond[0]}, but with MAESTER_SHARD_COUNT={count} the shards are "
            f"0 to {count - 1}."
        )
    return tuple(sorted(wanted))


def load_config(environ: Mapping[str, str] | None = None, env_file: str | Path | None = ".env") -> Config:
    """The settings: the environment first, then the ``.env`` file. Raises ConfigError, saying what to do."""
    settings = dict(read_env_file(env_file)) if env_file is not None else {}
    settings.update({k: v for k, v in (os.environ if environ is None else environ).items() if v != ""})

    def get(key: str) -> str | None:
        value = settings.get(key, "").strip()
        return value or None

    token = get("DISCORD_TOKEN")
    if token is None:
        raise ConfigError(TOKEN_HELP)
    guild = get("MAESTER_DEV_GUILD_ID")
    if guild is not None and not (guild.isascii() and guild.isdigit() and len(guild) <= 20):
        raise ConfigError(f"MAESTER_DEV_GUILD_ID must be a server id (a number), not {guild!r}.")
    role = get("MAESTER_MODERATOR_ROLE")
    if role is not None and not (role.isascii() and role.isdigit() and len(role) <= 20):
        raise ConfigError(
            f"MAESTER_MODERATOR_ROLE must be a role's id (a number: in Discord, right-click the role with "
            f"developer mode on, then Copy Role ID), not {role!r}. A server's administrators can also set "
            "it with /mod role."
        )
    level = (get("MAESTER_LOG_LEVEL") or "INFO").upper()
    if level not in LOG_LEVELS:
        raise ConfigError(f"MAESTER_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}.")
    retention = get("MAESTER_OUTBOX_RETENTION_DAYS") or "7"
    try:
        retention_days = float(retention)
    except ValueError:
        retention_days = -1.0
    if not 0 < retention_days <= 3650:
        raise ConfigError(
            f"MAESTER_OUTBOX_RETENTION_DAYS must be a number of days (more than 0, at most 3650), not "
            f"{retention!r}."
        )
    api = get("MAESTER_DISCORD_API")
    if api is not None and not api.startswith(("http://", "https://")):
        raise ConfigError(f"MAESTER_DISCORD_API must be an http(s) URL, not {api!r}.")
    gateway = get("MAESTER_DISCORD_GATEWAY")
    if gateway is not None and not gateway.startswith(("ws://", "wss://")):
        raise ConfigError(f"MAESTER_DISCORD_GATEWAY must be a ws(s) URL, not {gateway!r}.")
    shard_count, shards = get("MAESTER_SHARD_COUNT"), get("MAESTER_SHARDS")
    if shard_count is not None and not (shard_count.isascii() and shard_count.isdigit() and int(shard_count)):
        raise ConfigError(
            f"MAESTER_SHARD_COUNT is how many shards Discord's connection is split into, across every "
            f"process (a number, 1 or more), not {shard_count!r}."
        )
    if shards is not None and shard_count is None:
        raise ConfigError(
            "MAESTER_SHARDS needs MAESTER_SHARD_COUNT too: how many shards there are across every process."
        )
    return Config(
        token=token,
        database=get("MAESTER_DATABASE") or "maester.sqlite3",
        dev_guild_id=int(guild) if guild else None,
        moderator_role=int(role) if role else None,
        log_level=level,
        outbox_retention_days=retention_days,
        discord_api=api.rstrip("/") if api else None,
        discord_gateway=gateway,
        shard_count=int(shard_count) if shard_count else None,
        shard_ids=parse_shards(shards, int(shard_count)) if shards and shard_count else None,
    )


class MaesterBot(commands.Bot):
    """The bot: the table (``self.table``), the cogs, the outbox poster and the deadline ticker."""

    def __init__(
        self, config: Config, *, clock: Clock | None = None, poll_interval: float = 2.0, **options: Any
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # channels and roles of the servers; interactions need no intent
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            **options,
        )
        self.config = config
        self.clock = clock
        self.table: Table = None  # type: ignore[assignment]  # opened in setup_hook
        self.poster = OutboxPoster(self, poll_interval)
        self.ticker = DeadlineTicker(self)
        self._loops: list[asyncio.Task[None]] = []
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        if self.config.discord_api and not self.config.discord_gateway:
            # Logged in to another Discord API (a fake one): connect to its gateway, not Discord's.
            _, url, _ = await self.http.get_bot_gateway()
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
            log.info("using the gateway of %s: %s", self.config.discord_api, url)
        self.table = await Table.open(
            self.config.database,
            self.clock,
            self.config.moderator_role,
            outbox_retention=self.config.outbox_retention_days * 24 * 3600,
        )
        log.info("table open on %s: %s open game(s)", self.table.store.where, len(self.table.sessions))
        load_games()
        await self.tree.set_translator(CommandTranslator())  # the commands in Spanish, Portuguese, Italian
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.sync_commands()
        self._loops = [
            asyncio.create_task(self.poster.run(), name="maester-outbox"),
            asyncio.create_task(self.ticker.run(), name="maester-deadlines"),
        ]

    async def sync_commands(self) -> None:
        """To the development server at once when MAESTER_DEV_GUILD_ID is set; else globally (Discord may
        take a while to show changes everywhere)."""
        try:
            if self.config.dev_guild_id is not None:
                guild = discord.Object(id=self.config.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
                log.info("%s command group(s) synced to server %s", len(synced), self.config.dev_guild_id)
            else:
                synced = await self.tree.sync()
                log.info("%s command group(s) synced globally", len(synced))
        except discord.HTTPException as error:
            log.error("syncing the slash commands failed: %s", error)

    def wake(self) -> None:
        """A game changed: post its outbox and look at its deadlines now."""
        self.poster.wake()
        self.ticker.wake()

    async def on_ready(self) -> None:
        log.info(
            "connected as %s (%s) to %s server(s)", self.user, getattr(self.user, "id", "?"), len(self.guilds)
        )

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Remember the person's Discord locale: what is sent to them later, outside an interaction (a DM
        prompt), is in its language unless they chose one."""
        if self.table is not None:
            await self.table.saw_locale(interaction.user.id, interaction.locale.value)

    async def on_guild_channel_update(
        self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel
    ) -> None:
        await self._permissions_may_have_changed(after.guild.id)

    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        await self._permissions_may_have_changed(after.guild.id)

    async def _permissions_may_have_changed(self, guild_id: int) -> None:
        """A channel or a role changed in a server: what its games owe may be deliverable now."""
        games = self.table.games_in_guild(guild_id) if self.table is not None else []
        if games and await self.table.retry_owed(games):
            log.info("server %s changed; trying its games' owed posts again", guild_id)
            self.poster.wake()

    async def on_app_command_completion(
        self, interaction: discord.Interaction, command: app_commands.Command
    ) -> None:  # type: ignore[type-arg]
        log.info(
            "/%s by user %s in channel %s",
            command.qualified_name,
            interaction.user.id,
            interaction.channel_id,
        )

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        name = interaction.command.qualified_name if interaction.command else "?"
        log.error("/%s by user %s failed", name, interaction.user.id, exc_info=error)
        language = SOURCE_LANGUAGE
        with contextlib.suppress(Exception):  # the answer is said even when the table cannot be asked
            language = self.table.reader_language(actor_from(interaction))
        text = translator(language).gettext(
            "Something went wrong; the moderators can find it in the bot's log."
        )
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            pass

    async def close(self) -> None:
        for task in self._loops:
            task.cancel()
        for task in self._loops:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._loops = []
        await super().close()
        table, self.table = self.table, None  # type: ignore[assignment]
        if table is not None:
            await table.close()


class ShardedMaesterBot(MaesterBot, commands.AutoShardedBot):
    """The bot on some of Discord's shards (``MAESTER_SHARDS`` of ``MAESTER_SHARD_COUNT``), so that
    several processes share the servers: Discord sends each shard the events of the servers whose id
    gives ``(id >> 22) % shard_count`` = that shard, and every DM to shard 0."""

    def __init__(self, config: Config, *, clock: Clock | None = None, poll_interval: float = 2.0) -> None:
        super().__init__(
            config,
            clock=clock,
            poll_interval=poll_interval,
            shard_count=config.shard_count,
            shard_ids=list(config.shard_ids) if config.shard_ids is not None else None,
        )

    async def setup_hook(self) -> None:
        shards = self.config.shard_ids or range(self.shard_count or 0)
        log.info("running shard(s) %s of %s", ", ".join(map(str, shards)), self.shard_count)
        await super().setup_hook()


def load_games() -> None:
    """Import every hosted game's parts now. Each layer imports a game's part when it first meets a game of
    that kind (data/games.py); in a running bot that first meeting is a command or a board in the middle of
    the players' first burst of answers, and the import (a few hundred milliseconds for A Game of Thrones)
    would hold the event loop, and every answer waiting behind it, that long."""
    for entry in games():
        for layer in ("table", "bot", "renderer"):
            entry.load(layer)


def create_bot(config: Config, *, clock: Clock | None = None, poll_interval: float = 2.0) -> MaesterBot:
    """The bot for ``config``, not yet started: ``await bot.start(config.token)`` (or ``async with bot``);
    a :class:`ShardedMaesterBot` when ``config`` gives a shard count."""
    if config.discord_api:
        # Every REST call, interaction responses and followups included, is built on this base URL.
        discord.http.Route.BASE = config.discord_api
    if config.discord_gateway:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(config.discord_gateway)
    if config.shard_count is not None:
        return ShardedMaesterBot(config, clock=clock, poll_interval=poll_interval)
    return MaesterBot(config, clock=clock, poll_interval=poll_interval)


def setup_logging(level: str) -> None:
    """Maester's own logs at ``level``; discord.py's never below INFO, because its DEBUG logs print the
    payloads of requests and gateway events: DM prompts and typed answers, which must stay private."""
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
    library = logging.getLogger("discord")
    library.setLevel(max(logging.INFO, getattr(logging, level, logging.INFO)))
    logging.getLogger("discord.gateway").setLevel(logging.WARNING)
    logging.getLogger("discord.client").setLevel(logging.ERROR)  # voice support is not needed


async def _run(config: Config) -> None:
    async with create_bot(config) as bot:
        await bot.start(config.token)


def main() -> int:
    """Run the bot until interrupted. Returns the exit status (1 when the configuration is not usable)."""
    try:
        config = load_config()
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 1
    setup_logging(config.log_level)
    try:
        asyncio.run(_run(config))
    except KeyboardInterrupt:
        pass
    except StoreError as error:
        print(f"Maester cannot start: {error}", file=sys.stderr)
        return 2
    except discord.LoginFailure:
        print(
            "Discord refused the token: reset it (Bot -> Reset Token) and update DISCORD_TOKEN.",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
