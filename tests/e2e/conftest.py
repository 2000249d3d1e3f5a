"""Fixtures: a fake Discord per test, and a bot process (``bot.py``) talking to it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotProcess


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as server:
        yield server
    assert not server.errors, f"the fake Discord itself failed: {server.errors}"


@pytest.fixture
async def bot_process(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotProcess]:
    """``python bot.py`` against ``fake`` with a fresh database; call ``await bot_process.start()``."""
    proc = BotProcess(fake, database=tmp_path / "maester.sqlite3", log_path=tmp_path / "bot.log")
    try:
        yield proc
    finally:
        await proc.stop()
