"""Maester end to end as a process: ``python bot.py`` with a SQLite file, killed (SIGKILL) in the middle of
the planning phase and started again. Nothing is lost and the game goes on."""

from __future__ import annotations

import re
import signal
from pathlib import Path

import pytest

from engine.thrones.game import ThronesGame
from table.table import Table
from tests.e2e.fake_discord import FakeDiscord, FakeMessage
from tests.e2e.harness import BotProcess
from tests.e2e.maester import WAIT, boards, channel_posts, embed, field_value, select_with_option

SEATS = {"stark": "alice", "lannister": "bob", "baratheon": "carol"}
STARK_ORDERS = "orders the-shivering-sea=support+0 white-harbor=defense+1 winterfell=march+0"


def orders_prompt(fake: FakeDiscord, who: str) -> FakeMessage | None:
    found = [m for m in fake.dms(who) if m.has_component(label="Submit orders")]
    return found[-1] if found else None


async def test_the_bot_killed_mid_phase_and_started_again_loses_nothing(
    fake: FakeDiscord, bot_process: BotProcess, tmp_path: Path
) -> None:
    await bot_process.start()
    created = await fake.slash("alice", "game", "create", options={"players": 3, "name": "Restart"})
    opened = await created.wait_message(timeout=WAIT)
    game_id = int(re.search(r"game \*\*(\d+)\*\*", opened.content).group(1))  # type: ignore[union-attr]
    for house, who in SEATS.items():
        await (await fake.slash(who, "game", "join", options={"house": house})).wait_message(timeout=WAIT)
    await (await fake.slash("alice", "game", "start")).wait_message(timeout=WAIT)
    await fake.wait_until(lambda: all(orders_prompt(fake, who) for who in SEATS.values()), WAIT, "3 prompts")
    [first] = boards(fake)

    # Alice answers by command, Bob with his DM prompt's Submit (the orders drafted for him); Carol waits.
    done = await (await fake.slash("alice", "game", "act", options={"line": STARK_ORDERS})).wait_message(
        timeout=WAIT
    )
    assert done.ephemeral and done.content.startswith("✅ Recorded"), done
    bob_prompt = orders_prompt(fake, "bob")
    assert bob_prompt is not None
    await (await fake.click("bob", bob_prompt, label="Submit orders")).wait_response(WAIT)
    await fake.wait_until(lambda: "✅ Submitted" in bob_prompt.text, WAIT, "Bob's prompt to say Submitted")
    dms = {who: len(fake.dms(who)) for who in SEATS.values()}
    posts = len(channel_posts(fake))

    # A crash: SIGKILL, no chance to clean up. Then the bot starts again on the same database.
    assert await bot_process.kill() == -signal.SIGKILL
    await bot_process.start()
    assert fake.identify_count == 2

    # Carol answers with the prompt sent before the crash: its custom id is all the bot needs.
    carol_prompt = orders_prompt(fake, "carol")
    assert carol_prompt is not None
    click = await fake.click("carol", carol_prompt, label="Submit orders")
    await click.wait_response(WAIT)
    await fake.wait_until(lambda: "answered" in carol_prompt.text, WAIT, "Carol's prompt to show her answer")

    # All orders are in (those given before the crash count): the raven's holder decides, by DM.
    raven = await fake.wait_for(
        lambda m: m.is_dm and m.channel.recipient is fake.users["bob"] and "Messenger Raven" in m.text, WAIT
    )
    select, value = select_with_option(raven, "Do nothing")
    await (await fake.click("bob", raven, select["custom_id"], [value])).wait_response(WAIT)

    # The planning phase is over: the next board is posted, waiting for Stark's march from Winterfell.
    action = await fake.wait_until(
        lambda: [b for b in boards(fake) if "Round 1: Action phase" in embed(b)["title"]],
        WAIT,
        "the board of the action phase",
    )
    assert "House Stark" in field_value(action[0], "Waiting for")
    alice = fake.users["alice"]
    march = await fake.wait_for(
        lambda m: m.is_dm and m.channel.recipient is alice and "Resolve a March order" in m.text, WAIT
    )
    assert "Winterfell" in march.text

    # Nobody who had answered was asked again, and nothing was posted twice: the DMs since the crash are
    # Bob's raven and Alice's march alone.
    await bot_process.stop()
    assert {who: len(fake.dms(who)) for who in SEATS.values()} == {
        "alice": dms["alice"] + 1,
        "bob": dms["bob"] + 1,
        "carol": dms["carol"],
    }
    assert boards(fake)[0] is first and len([b for b in boards(fake) if "begins" in embed(b)["title"]]) == 1
    seating = [m for m in channel_posts(fake) if "Seats: House Stark" in m.content]
    assert len(seating) == 1 and len(channel_posts(fake)) > posts
    log = bot_process.log()
    assert log.count("===== start") == 2
    assert not re.search(r"\bERROR\b|Traceback", log), log[-3000:]

    # The database holds every answer, the ones given before the crash included.
    table = await Table.open(bot_process.database)
    try:
        session = table.session(game_id)
        notation = [row.notation for row in await table.load_log(session)]
        assert notation[0] == f"stark: {STARK_ORDERS}"
        assert [n.split(":")[0] for n in notation] == ["stark", "lannister", "baratheon", "lannister"]
        orders = session.game.state.orders  # type: ignore[union-attr]
        assert orders["winterfell"].token == "march+0"
        defaults = ThronesGame.new(3, session.seed)
        for house in ("lannister", "baratheon"):
            assert f"{house}: {defaults.decision_for(house).default.format()}" in notation  # type: ignore[union-attr]
    finally:
        await table.close()


async def test_the_bot_refuses_an_unreadable_database_and_exits(
    fake: FakeDiscord, bot_process: BotProcess, tmp_path: Path
) -> None:
    """`make run` on a damaged file: a clear message and exit status 2, at once, with the file untouched
    (before, the process hung forever with its database connection open)."""
    bot_process.database.write_bytes(b"this is not a database" * 50)
    with pytest.raises(RuntimeError, match="exited with 2 before identifying"):
        await bot_process.start(timeout=20)
    assert "not a readable Maester database" in bot_process.log()
    assert bot_process.database.read_bytes() == b"this is not a database" * 50
