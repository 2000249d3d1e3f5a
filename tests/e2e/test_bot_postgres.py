"""Maester end to end on PostgreSQL: ``python bot.py`` with ``MAESTER_DATABASE`` a PostgreSQL URL (with a
password), killed (SIGKILL) after an answer and started again: the answer is kept, the game goes on, and
neither start logs the password; a server that cannot be reached stops the bot at once, saying so."""

from __future__ import annotations

import re
import signal
from pathlib import Path

from table.table import Table
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotProcess
from tests.e2e.maester import WAIT

PASSWORD = "pw4maester"
SEATS = {"stark": "alice", "lannister": "bob", "baratheon": "carol"}
STARK_ORDERS = "orders the-shivering-sea=support+0 white-harbor=defense+1 winterfell=march+0"


async def test_the_bot_on_postgresql_keeps_an_answer_through_a_crash(
    fake: FakeDiscord, postgres_dsn: str, tmp_path: Path
) -> None:
    dsn = postgres_dsn.replace("postgresql://postgres@", f"postgresql://postgres:{PASSWORD}@", 1)
    bot = BotProcess(fake, database=dsn, log_path=tmp_path / "bot.log")  # type: ignore[arg-type]
    try:
        await bot.start()
        created = await fake.slash("alice", "game", "create", options={"players": 3, "name": "Postgres"})
        opened = await created.wait_message(timeout=WAIT)
        game_id = int(re.search(r"game \*\*(\d+)\*\*", opened.content).group(1))  # type: ignore[union-attr]
        for house, who in SEATS.items():
            await (await fake.slash(who, "game", "join", options={"house": house})).wait_message(timeout=WAIT)
        await (await fake.slash("alice", "game", "start")).wait_message(timeout=WAIT)
        acted = await fake.slash("alice", "game", "act", options={"line": STARK_ORDERS})
        assert (await acted.wait_message(timeout=WAIT)).content.startswith("✅")

        assert await bot.kill() == -signal.SIGKILL  # acknowledged, then a crash
        await bot.start()
        again = await fake.slash("alice", "game", "act", options={"line": STARK_ORDERS})
        await again.wait_message(timeout=WAIT)  # the same answer again: kept once (below)
    finally:
        await bot.stop()
    log = bot.log()
    assert log.count("table open on postgresql://postgres@/") == 2
    assert PASSWORD not in log and not re.search(r"\bERROR\b|Traceback", log), log[-3000:]

    table = await Table.open(dsn)
    try:
        notation = [row.notation for row in await table.load_log(table.session(game_id))]
        assert notation == [f"stark: {STARK_ORDERS}"]
    finally:
        await table.close()


async def test_the_bot_exits_at_once_when_postgresql_cannot_be_reached(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    dsn = f"postgresql://maester:{PASSWORD}@127.0.0.1:1/maester"
    bot = BotProcess(fake, database=dsn, log_path=tmp_path / "bot.log")  # type: ignore[arg-type]
    try:
        await bot.start(timeout=20)
    except RuntimeError as error:
        assert "exited with 2 before identifying" in str(error)
    else:
        raise AssertionError("the bot started without its database")
    finally:
        await bot.stop()
    log = bot.log()
    assert "Cannot connect to the PostgreSQL database postgresql://maester@127.0.0.1:1/maester" in log
    assert PASSWORD not in log
