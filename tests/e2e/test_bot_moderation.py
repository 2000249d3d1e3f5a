"""Maester end to end: moderators forcing and undoing, players refused moderation, and a player whose DMs
are closed playing through the channel's buttons."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.maester import (
    WAIT,
    Game,
    boards,
    channel_posts,
    embed,
    fix_seed,
    maester_bot,
    public_text,
    refused,
    seen_by,
)

BARATHEON_LINE = "orders dragonstone=consolidate kingswood=defense+1 shipbreaker-bay=march+0"
NOT_A_MODERATOR = "Only a moderator of this game may do that"


@pytest.fixture(autouse=True)
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch, 32)


async def test_a_moderator_forces_decisions_and_undoes_them_after_a_preview(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3", moderator_role="Maester") as bot:
        game = await Game.create(fake, bot)
        session = game.session
        lannister_default = game.decision("lannister").default.format()  # type: ignore[union-attr]

        # Sam (the Maester role) forces Lannister's default orders...
        forced = await fake.slash(
            "maester", "mod", "force", options={"house": "lannister", "reason": "asleep"}
        )
        answer = await refused(forced)  # a private answer, here an acceptance
        assert answer.content == f"✅ Forced for House Lannister: {lannister_default}."
        announced = await fake.wait_for(lambda m: "🛡️" in m.content, WAIT)
        assert not announced.ephemeral and not announced.is_dm
        assert "Sam decided for House Lannister (Place your orders). Reason: asleep" in announced.content
        row = session.log[-1]
        assert (row.notation, row.forced) == (f"lannister: {lannister_default}", "moderator")
        assert game.decision("lannister") is None

        # ... and Baratheon's orders as given.
        forced = await fake.slash(
            "maester", "mod", "force", options={"house": "baratheon", "line": BARATHEON_LINE}
        )
        assert (await refused(forced)).content.startswith("✅ Forced for House Baratheon: orders ")
        row = session.log[-1]
        assert (row.notation, row.forced) == (
            "baratheon: orders dragonstone=consolidate kingswood=defense+1 shipbreaker-bay=march+0",
            "moderator",
        )
        # Carol sees what was decided for her, and may still change it.
        shown = await fake.slash("carol", "game", "prompt")
        assert "You answered: **Dragonstone: Consolidate Power" in (await refused(shown)).text

        # An undo shows a preview first; Cancel changes nothing.
        preview = await fake.slash("maester", "mod", "undo", options={"count": 1, "reason": "wrong orders"})
        shown = await refused(preview)
        assert "This takes back 1 action of" in shown.content
        assert f"`baratheon: {BARATHEON_LINE}  (moderator)`" in shown.content
        cancel = await fake.click("maester", shown, label="Cancel")
        await cancel.wait_response(WAIT)
        assert shown.content == "Undo cancelled; nothing changed." and not shown.components
        assert len(session.log) == 2

        # A preview the game has moved past is not applied: Alice's orders came in meanwhile.
        stale = await refused(await fake.slash("maester", "mod", "undo", options={"phase": True}))
        assert "This takes back 2 actions of" in stale.content
        await game.act("stark", "orders winterfell=defense+1 white-harbor=defense+1 the-shivering-sea=raid")
        assert session.game.state.orders_revealed  # type: ignore[union-attr]
        click = await fake.click("maester", stale, label="Undo")
        await click.wait_response(WAIT)
        assert "The game has moved on since this preview; nothing was undone" in stale.content
        assert len(session.log) == 3

        # Confirmed: the last action is taken back, the game replayed without it, and the channel told.
        before_posts = len(channel_posts(fake))
        preview = await refused(
            await fake.slash("maester", "mod", "undo", options={"count": 1, "reason": "Alice misclicked"})
        )
        assert "`stark: orders " in preview.content
        confirm = await fake.click("maester", preview, label="Undo")
        await confirm.wait_response(WAIT)
        await fake.wait_until(lambda: preview.content == "✅ Undid 1 action.", WAIT, "the undo to finish")
        assert [r.notation for r in session.log] == [
            f"lannister: {lannister_default}",
            f"baratheon: {BARATHEON_LINE}",
        ]
        assert not session.game.state.orders_revealed  # type: ignore[union-attr]
        assert game.decision("stark") is not None
        await game.settled()
        told = [m.text for m in channel_posts(fake)[before_posts:]]
        assert any("A moderator took back 1 action: Alice misclicked" in t for t in told), told
        after = [b for b in boards(fake) if embed(b)["title"].endswith("After an undo")]
        assert after and "House Stark" in after[-1].text
        # Alice is asked for her orders again, by DM.
        prompt = await game.dm_prompt("stark")
        assert embed(prompt)["title"] == "House Stark: Place your orders"

        # The audit log (moderators only) keeps the forces and the undo with their reasons.
        audit = await refused(await fake.slash("maester", "mod", "audit"))
        text = audit.text
        assert "force — asleep" in text and "undo — Alice misclicked" in text
        assert audit.attachments and audit.attachments[0].filename.endswith(".json")


async def test_a_player_who_is_not_a_moderator_is_refused_privately(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3", moderator_role="Maester") as bot:
        game = await Game.create(fake, bot)  # Alice created it: she moderates it, Bob does not
        await game.act("stark", "orders winterfell=defense+1 white-harbor=defense+1 the-shivering-sea=raid")
        await game.settled()
        session = game.session
        log, posts, position = list(session.log), len(channel_posts(fake)), session.game.to_position()  # type: ignore[union-attr]

        attempts = [
            ("force", {"house": "stark"}),
            (
                "force",
                {
                    "house": "lannister",
                    "line": "orders lannisport=raid stoney-sept=raid the-golden-sound=raid",
                },
            ),
            ("undo", {"count": 1}),
            ("pause", {"reason": "coffee"}),
            ("end", {}),
        ]
        for command, options in attempts:
            answer = await refused(await fake.slash("bob", "mod", command, options=options))
            assert answer.visible_to is fake.users["bob"] and not answer.components
            assert answer.content == (
                f"❌ {NOT_A_MODERATOR}: its creator, an administrator of its server, or a member of its "
                f"moderator role (<@&{fake.role('Maester').id}>)."
            ), (command, answer)

        await game.settled()
        assert session.log == log and session.status == "active"
        assert session.game.to_position() == position  # type: ignore[union-attr]
        assert len(channel_posts(fake)) == posts, "a refused command said something in the channel"
        assert NOT_A_MODERATOR not in seen_by(fake, "carol")  # nobody else saw the refusals
        # The same commands work for the game's creator.
        paused = await refused(await fake.slash("alice", "mod", "pause", options={"reason": "coffee"}))
        assert paused.content.startswith("✅ Paused") and session.status == "paused"
        await game.settled()
        assert "The game is paused. coffee" in public_text(fake)


async def test_a_player_with_closed_dms_plays_through_the_channel(fake: FakeDiscord, tmp_path: Path) -> None:
    fake.close_dms("bob")
    fake.expect_refusals(50007)  # every DM to Bob is refused; the bot must fall back on the channel
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        game = await Game.create(fake, bot)
        bob = fake.users["bob"]

        # The orders prompt could not be sent: the channel says so, pinging Bob, and tells nothing secret.
        notice = await fake.wait_for(lambda m: "I cannot send you direct messages" in m.content, WAIT)
        assert not notice.is_dm and not notice.ephemeral and notice.content.startswith(bob.mention)
        assert "House Lannister must decide (Place your orders)" in notice.content
        assert notice.has_component(label="Show my prompt") and not [
            c for c in notice.custom_ids() if ":os:" in c
        ]
        assert [u.key for u, _ in fake.failed_dms] == ["bob"] and fake.dms("bob") == []

        # The button shows each person only their own decision, privately.
        other = await fake.click("dave", notice, label="Show my prompt")
        assert "Nothing is waiting for you" in (await refused(other)).content
        carol = await refused(await fake.click("carol", notice, label="Show my prompt"))
        assert carol.visible_to is fake.users["carol"]
        assert embed(carol)["title"] == "House Baratheon: Place your orders" and "Lannister" not in carol.text
        mine = await refused(await fake.click("bob", notice, label="Show my prompt"))
        assert mine.visible_to is bob and embed(mine)["title"] == "House Lannister: Place your orders"
        assert mine not in fake.visible_to("carol") and mine not in fake.visible_to("alice")

        # Bob answers in that private prompt: a select per area, then Submit.
        await game.orders_by_selects("lannister", {"lannisport": "defense+2*"}, prompt=mine)
        assert game.session.log[-1].notation.startswith("lannister: orders lannisport=defense+2*")
        assert "Lannisport: Defense +2" not in public_text(fake)
        await game.act("stark", game.decision("stark").default.format())  # type: ignore[union-attr]
        await game.act("baratheon", game.decision("baratheon").default.format())  # type: ignore[union-attr]

        # The raven is public; looking at the wildling card brings private news and a secret decision, both
        # of which come to the channel as buttons for Bob alone.
        await game.act("lannister", "raven peek")
        news = await fake.wait_for(lambda m: "I have private news for you" in m.content, WAIT)
        assert news.content.startswith(bob.mention)
        refusal = await refused(await fake.click("carol", news, label="Show it to me"))
        assert refusal.content == "That message is for someone else."
        told = await refused(await fake.click("bob", news, label="Show it to me"))
        card = re.search(r"The top wildling card is (.+?)\.(?:\s|$)", told.content)
        assert card, told.content
        assert card.group(1) not in public_text(fake) and card.group(1) not in seen_by(fake, "carol")

        asked = await fake.wait_for(
            lambda m: not m.ephemeral and "House Lannister must decide (The top wildling card)" in m.content,
            WAIT,
        )
        assert asked.content.startswith(bob.mention) and card.group(1) not in asked.content
        prompt = await refused(await fake.click("bob", asked, label="Show my prompt"))
        assert embed(prompt)["title"] == "House Lannister: The top wildling card"
        await game.choose("lannister", prompt, "Bury the wildling card at the bottom")
        assert game.session.log[-1].notation == "lannister: raven bury"
        assert fake.dms("bob") == []
