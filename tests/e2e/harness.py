"""Connect discord.py to a :class:`FakeDiscord`: in the test's event loop, or as a ``bot.py`` process.

discord.py reaches Discord through exactly two URLs, both class attributes:

* ``discord.http.Route.BASE`` (default ``https://discord.com/api/v10``): every REST call, including
  the interaction callbacks and the follow-up/edit webhooks of ``discord/webhook/async_.py``, which
  build their URLs with the same ``Route`` class;
* ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` (default ``wss://gateway.discord.gg/``):
  ``Client.connect`` opens the gateway there directly; only ``AutoShardedClient`` asks
  ``GET /gateway/bot``. Resumes then use READY's ``resume_gateway_url``, which the fake sets to itself.

:func:`patch_discord` sets both for an in-process client. A bot process must set them itself from
``MAESTER_DISCORD_API`` (and ``MAESTER_DISCORD_GATEWAY``, or ask ``GET /gateway/bot`` once logged in),
or be started through ``tests/e2e/launch_bot.py`` (``BotProcess(..., patch_discord=True)``).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import signal
import sys
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TypeVar

import discord
import discord.gateway
import discord.http
import pytest
import yarl

from tests.e2e.fake_discord import FakeDiscord

REPO_ROOT = Path(__file__).resolve().parents[2]
BOT_SCRIPT = REPO_ROOT / "bot.py"
LAUNCHER = Path(__file__).resolve().parent / "launch_bot.py"

requires_bot = pytest.mark.skipif(not BOT_SCRIPT.exists(), reason="bot.py does not exist yet")

ClientT = TypeVar("ClientT", bound=discord.Client)


@contextlib.contextmanager
def patch_discord(fake: FakeDiscord) -> Iterator[None]:
    """Point this process's discord.py (REST, interaction webhooks and gateway) at ``fake``."""
    old_base = discord.http.Route.BASE
    old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = fake.api_url
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    try:
        yield
    finally:
        discord.http.Route.BASE = old_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway


def shards_of(client: discord.Client, fake: FakeDiscord) -> tuple[int, ...]:
    """The shards ``client`` will identify on: an AutoShardedClient's ``shard_ids`` (default: all of
    its ``shard_count``, else of the count the fake recommends); a plain client's ``shard_id``, or 0."""
    if isinstance(client, discord.AutoShardedClient):
        return tuple(client.shard_ids or range(client.shard_count or fake.shard_count))
    return (client.shard_id or 0,)


@contextlib.asynccontextmanager
async def running(
    client: ClientT,
    fake: FakeDiscord,
    *,
    token: str = "fake",
    timeout: float = 10.0,
    wait_ready: bool = False,
) -> AsyncIterator[ClientT]:
    """Start ``client`` against ``fake`` in this event loop; close it on exit.

    Returns once the client has identified on each of its shards (READY and GUILD_CREATE are on the
    wire, so everything dispatched later is processed after them). ``setup_hook`` (command sync) has
    run by then.
    ``wait_ready`` also waits for ``on_ready``, which discord.py delays by ``guild_ready_timeout``
    (2 s unless the client was built with a smaller value)."""
    with patch_discord(fake):
        before = fake.identify_count
        shards = shards_of(client, fake)
        task = asyncio.create_task(client.start(token), name=f"discord client {type(client).__name__}")
        waiter = asyncio.create_task(fake.wait_identified(before + len(shards), timeout, shards=shards))
        done, _ = await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
        if task in done:  # failed to log in or to connect: close its HTTP session, then say why
            waiter.cancel()
            await client.close()
            task.result()
            raise RuntimeError("the client stopped before identifying")
        if waiter.exception() is not None:  # no IDENTIFY in time
            await client.close()
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
            waiter.result()
        try:
            if wait_ready:
                await asyncio.wait_for(client.wait_until_ready(), timeout)
            yield client
        finally:
            await client.close()
            try:
                await asyncio.wait_for(task, timeout)
            except TimeoutError:
                task.cancel()
                raise


def make_png(width: int = 64, height: int = 48, color: tuple[int, int, int] = (180, 40, 40)) -> bytes:
    """A small PNG made with Pillow."""
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (width, height), color).save(buffer, format="PNG")
    return buffer.getvalue()


def png_file(filename: str = "board.png", **kwargs: object) -> discord.File:
    return discord.File(io.BytesIO(make_png(**kwargs)), filename=filename)  # type: ignore[arg-type]


class BotProcess:
    """``python bot.py`` as a child process talking to ``fake``; it can be stopped, killed and
    started again while the fake keeps its messages, DM channels and synced commands.

    The child gets ``DISCORD_TOKEN=fake``, ``MAESTER_DATABASE``, ``MAESTER_DISCORD_API``,
    ``MAESTER_DISCORD_GATEWAY`` and ``MAESTER_DEV_GUILD_ID``; its output goes to ``log_path``.
    With ``patch_discord=True`` it runs through ``launch_bot.py``, which points discord.py at the
    fake before running the script, whether or not the script reads those variables.
    ``env={"MAESTER_DEV_GUILD_ID": ""}`` makes the bot sync its commands globally (every guild).
    ``shards`` makes it one of several processes: it runs those of the fake's :attr:`~FakeDiscord.shard_count`
    shards (``MAESTER_SHARDS`` and ``MAESTER_SHARD_COUNT``); without, it is the plain bot, on shard 0."""

    def __init__(
        self,
        fake: FakeDiscord,
        *,
        database: Path,
        log_path: Path,
        script: Path = BOT_SCRIPT,
        env: Mapping[str, str] | None = None,
        patch_discord: bool = False,
        python: str = sys.executable,
        shards: Sequence[int] | None = None,
    ) -> None:
        self.fake = fake
        self.database = database
        self.log_path = log_path
        self.script = script
        self.extra_env = dict(env or {})
        self.patch_discord = patch_discord
        self.python = python
        self.sharded = shards is not None
        self.shards = tuple(shards) if shards is not None else (0,)
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0

    def environment(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(
            {
                "DISCORD_TOKEN": "fake",
                "MAESTER_DATABASE": str(self.database),
                "MAESTER_DISCORD_API": self.fake.api_url,
                "MAESTER_DISCORD_GATEWAY": self.fake.gateway_url,
                "MAESTER_DEV_GUILD_ID": str(self.fake.guild_id),
                "MAESTER_LOG_LEVEL": "DEBUG",
                "PYTHONUNBUFFERED": "1",
                "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")])),
            }
        )
        if self.sharded:
            env["MAESTER_SHARD_COUNT"] = str(self.fake.shard_count)
            env["MAESTER_SHARDS"] = ",".join(map(str, self.shards))
        env.update(self.extra_env)
        return env

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def _log_tail(self, lines: int = 60) -> str:
        return "\n".join(self.log().splitlines()[-lines:])

    async def start(self, timeout: float = 20.0) -> None:
        """Start the process and wait until it has identified on the gateway, on each of its shards."""
        if self.running:
            raise RuntimeError("the bot process is already running")
        if not self.script.exists():
            raise FileNotFoundError(self.script)
        before = self.fake.identify_count
        args = [str(LAUNCHER), str(self.script)] if self.patch_discord else [str(self.script)]
        self.starts += 1
        with self.log_path.open("ab") as out:
            out.write(f"\n===== start {self.starts}: {' '.join(args)} =====\n".encode())
            out.flush()
            self.proc = await asyncio.create_subprocess_exec(
                self.python,
                *args,
                cwd=str(REPO_ROOT),
                env=self.environment(),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=out,
                stderr=asyncio.subprocess.STDOUT,
            )
        exited = asyncio.create_task(self.proc.wait())
        identified = asyncio.create_task(
            self.fake.wait_identified(before + len(self.shards), timeout, shards=self.shards)
        )
        done, _ = await asyncio.wait({exited, identified}, return_when=asyncio.FIRST_COMPLETED)
        if exited in done:
            identified.cancel()
            raise RuntimeError(f"the bot exited with {exited.result()} before identifying{self._diagnosis()}")
        exited.cancel()
        try:
            identified.result()
        except AssertionError as exc:
            await self.kill()
            raise AssertionError(f"{exc}{self._diagnosis()}") from None

    def _diagnosis(self) -> str:
        rest_calls = [f"{r.method} {r.path}" for r in self.fake.requests[-10:]]
        if rest_calls:
            hint = (
                "It reached the fake's REST API but not its gateway: set "
                "discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY (from MAESTER_DISCORD_GATEWAY, or the url "
                "of GET /gateway/bot), or start it with BotProcess(..., patch_discord=True)."
            )
        else:
            hint = "It never reached the fake: is discord.http.Route.BASE set from MAESTER_DISCORD_API?"
        return f"\n{hint}\nlast requests: {rest_calls}\nbot log (tail):\n{self._log_tail()}"

    async def _wait_exit(self, timeout: float) -> bool:
        assert self.proc is not None
        try:
            await asyncio.wait_for(self.proc.wait(), timeout)
        except TimeoutError:
            return False
        return True

    async def stop(self, timeout: float = 10.0) -> int | None:
        """Stop gracefully (SIGINT, as Ctrl-C), then SIGTERM, then SIGKILL; wait for the gateway to drop."""
        if self.proc is None or self.proc.returncode is not None:
            return None if self.proc is None else self.proc.returncode
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(ProcessLookupError):
                self.proc.send_signal(sig)
            if await self._wait_exit(timeout / 2):
                break
        else:
            return await self.kill()
        await self._wait_disconnected(timeout)
        return self.proc.returncode

    async def kill(self) -> int | None:
        """Kill at once (SIGKILL), as a crash would; the fake sees the gateway drop."""
        if self.proc is None or self.proc.returncode is not None:
            return None if self.proc is None else self.proc.returncode
        with contextlib.suppress(ProcessLookupError):
            self.proc.kill()
        await self.proc.wait()
        await self._wait_disconnected(10.0)
        return self.proc.returncode

    async def _wait_disconnected(self, timeout: float) -> None:
        await self.fake.wait_until(
            lambda: not any(self.fake.shard_connected(shard) for shard in self.shards),
            timeout,
            f"the gateway connection(s) of shard(s) {list(self.shards)} to close",
        )

    async def restart(self, timeout: float = 20.0) -> None:
        await self.stop()
        await self.start(timeout)

    async def __aenter__(self) -> BotProcess:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()
