"""Fixtures: a fake Discord per test, and a bot process (``bot.py``) talking to it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotProcess


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A fake Discord on loopback. After the test it must not have failed itself, nor have refused a
    request the test did not expect (a 400, 403 or 413: something the bot sent that Discord would
    refuse, however quietly the bot took the refusal); see ``FakeDiscord.check_refusals``."""
    async with FakeDiscord() as server:
        yield server
    assert not server.errors, f"the fake Discord itself failed: {server.errors}"
    server.check_refusals()


@pytest.fixture
async def bot_process(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotProcess]:
    """``python bot.py`` against ``fake`` with a fresh database; call ``await bot_process.start()``."""
    proc = BotProcess(fake, database=tmp_path / "maester.sqlite3", log_path=tmp_path / "bot.log")
    try:
        yield proc
    finally:
        await proc.stop()
