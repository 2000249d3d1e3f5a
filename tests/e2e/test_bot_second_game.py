"""The bot hosts any game: Duel (tests/games/duel), a tiny game of a secret pick and a public shout, is
created, joined, started and played to its end through slash commands, DM prompts and a channel prompt,
with its own image on every board, by the same cogs that play A Game of Thrones."""

from __future__ import annotations

import re
from pathlib import Path

import tests.games.duel  # noqa: F401  (registers the game)
from tests.e2e.fake_discord import FakeDiscord, png_size
from tests.e2e.maester import WAIT, boards, maester_bot, public_text, select_with_option


async def test_a_second_game_through_the_bot(fake: FakeDiscord, tmp_path: Path) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        offered = await fake.autocomplete("alice", "game", "create", focused="game", options={"game": "du"})
        assert [c["value"] for c in offered] == ["duel"]
        created = await fake.slash(
            "alice", "game", "create", options={"game": "duel", "players": 2, "options": "rounds=1"}
        )
        opened = await created.wait_message(timeout=WAIT)
        assert "is open" in opened.content, opened
        game_id = int(re.search(r"game \*\*(\d+)\*\*", opened.content).group(1))  # type: ignore[union-attr]
        for who, house in (("alice", "stark"), ("bob", "lannister")):
            joined = await (await fake.slash(who, "game", "join", options={"house": house})).wait_message(
                timeout=WAIT
            )
            assert f"as House {house.title()}" in joined.content
        await (await fake.slash("alice", "game", "start")).wait_message(timeout=WAIT)
        session = bot.table.sessions[game_id]

        # the secret picks come by DM, as menus of the listed answers
        def pick_prompt(who: str):  # type: ignore[no-untyped-def]
            found = [m for m in fake.dms(who) if m.embeds and "Pick a number" in m.embeds[0].get("title", "")]
            return found[-1] if found else None

        await fake.wait_until(lambda: pick_prompt("alice") and pick_prompt("bob"), WAIT, "two DM prompts")
        prompt = pick_prompt("alice")
        select, value = select_with_option(prompt, "Pick 3")
        await (await fake.click("alice", prompt, select["custom_id"], [value])).wait_response(WAIT)
        await fake.wait_until(lambda: len(session.log) == 1, WAIT, "Alice's pick")
        changed = await (await fake.slash("alice", "game", "act", options={"line": "pick 2"})).wait_message(
            timeout=WAIT
        )
        assert changed.ephemeral and changed.content.startswith("✅"), changed
        prompt = pick_prompt("bob")
        select, value = select_with_option(prompt, "Pick 1")
        await (await fake.click("bob", prompt, select["custom_id"], [value])).wait_response(WAIT)
        await fake.wait_until(lambda: session.game.readout().phase == "shout", WAIT, "the reveal")
        assert "pick 3" not in public_text(fake).lower()  # the changed pick never showed

        # the shout is public: its answer is told in the channel, but it is asked by DM like every
        # decision, and it is Alice's alone to answer
        def shout_prompt():  # type: ignore[no-untyped-def]
            found = [
                m for m in fake.dms("alice") if m.embeds and "Cheer or jeer" in m.embeds[0].get("title", "")
            ]
            return found[-1] if found else None

        await fake.wait_until(shout_prompt, WAIT, "the shout prompt by DM")
        refused = await (await fake.slash("bob", "game", "act", options={"line": "shout jeer"})).wait_message(
            timeout=WAIT
        )
        assert refused.content.startswith("❌") and session.game.readout().phase == "shout"
        select, value = select_with_option(shout_prompt(), "Shout: jeer")
        await (await fake.click("alice", shout_prompt(), select["custom_id"], [value])).wait_response(WAIT)
        await fake.wait_until(lambda: session.status == "over", WAIT, "the end of the duel")
        async with session.lock:  # the operation that ended it is written, its outbox with it
            pass
        await bot.poster.flush()

        posted = boards(fake)
        assert posted and all(png_size(m.pngs[0].data) == (320, 120) for m in posted if m.pngs)
        assert "Stark" in public_text(fake) and "wins" in public_text(fake)
        assert "shouts: jeer" in public_text(fake)  # the public answer is told in the channel
