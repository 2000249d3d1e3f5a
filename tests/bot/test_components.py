"""The glue, with stand-ins for Discord: clicks on prompts reach the table, others' clicks and stale prompts
are refused privately, and the outbox poster sends DMs, falls back to the channel when DMs are closed, and
marks items sent. (End-to-end tests against a fake Discord server live elsewhere.)"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs import prompts
from cogs.components import ComponentsCog
from cogs.ids import parse
from cogs.poster import OutboxPoster
from cogs.thrones import names
from table import prompting
from table.table import Table
from tests.table.conftest import ALICE, BOB, CAROL, CHANNEL, PLAYERS, three_player_game


@dataclass
class Calls:
    log: list[tuple[str, Any, dict[str, Any]]] = field(default_factory=list)

    def kinds(self) -> list[str]:
        return [kind for kind, _, _ in self.log]

    def last(self, kind: str) -> tuple[Any, dict[str, Any]]:
        _, content, kwargs = next(c for c in reversed(self.log) if c[0] == kind)
        return content, kwargs


class FakeResponse:
    def __init__(self, calls: Calls) -> None:
        self.calls = calls
        self.done = False

    def is_done(self) -> bool:
        return self.done

    async def defer(self, **kwargs: Any) -> None:
        self.done = True
        self.calls.log.append(("defer", None, kwargs))

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        self.done = True
        self.calls.log.append(("send", content, kwargs))

    async def edit_message(self, **kwargs: Any) -> None:
        self.done = True
        self.calls.log.append(("edit", None, kwargs))

    async def send_modal(self, modal: discord.ui.Modal) -> None:
        self.done = True
        self.calls.log.append(("modal", None, {"modal": modal}))


class FakeBot:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.woken = 0
        self.poster = SimpleNamespace(private={})

    def wake(self) -> None:
        self.woken += 1


class FakeInteraction:
    def __init__(
        self, bot: FakeBot, user: Any, data: dict[str, Any], *, modal: bool = False, dm: bool = True
    ) -> None:
        self.client = bot
        self.user = SimpleNamespace(id=user.user_id, display_name=user.name, mention=f"<@{user.user_id}>")
        self.data = data
        self.type = discord.InteractionType.modal_submit if modal else discord.InteractionType.component
        self.guild_id = None if dm else 10
        self.channel_id = 999 if dm else CHANNEL
        self.channel = None
        self.permissions = discord.Permissions.none()
        self.locale = discord.Locale.american_english
        self.message = SimpleNamespace(flags=SimpleNamespace(ephemeral=False))
        self.calls = Calls()
        self.response = FakeResponse(self.calls)
        self.followup = SimpleNamespace(send=self._followup)

    async def _followup(self, content: str | None = None, **kwargs: Any) -> None:
        self.calls.log.append(("followup", content, kwargs))

    async def edit_original_response(self, **kwargs: Any) -> None:
        self.calls.log.append(("edit-original", None, kwargs))


def components(message: prompts.PromptMessage) -> list[dict[str, Any]]:
    assert message.view is not None
    return [c for row in message.view.to_components() for c in row["components"]]


async def prompt_for(table: Table, game_id: int, house: str) -> prompts.PromptMessage:
    session = table.session(game_id)
    payload = table.my_decision(game_id, PLAYERS[house])
    assert payload is not None
    return prompts.build_prompt(payload, prompting.extras(session, payload["decision"]))


def component(message: prompts.PromptMessage, op: str) -> dict[str, Any]:
    return next(c for c in components(message) if parse(c["custom_id"]).op == op)


async def click(
    cog: ComponentsCog, bot: FakeBot, who: Any, custom_id: str, values: list[str] | None = None, **kw: Any
) -> FakeInteraction:
    interaction = FakeInteraction(bot, who, {"custom_id": custom_id, "values": values or []}, **kw)
    await cog.on_interaction(interaction)  # type: ignore[arg-type]
    return interaction


@pytest.fixture
async def game(table: Table) -> tuple[Table, int, FakeBot, ComponentsCog]:
    game_id = await three_player_game(table)
    bot = FakeBot(table)
    return table, game_id, bot, ComponentsCog(bot)  # type: ignore[arg-type]


async def test_submitting_orders_from_the_dm_prompt(game: tuple[Table, int, FakeBot, ComponentsCog]) -> None:
    table, game_id, bot, cog = game
    message = await prompt_for(table, game_id, "stark")
    done = await click(cog, bot, ALICE, component(message, "ok")["custom_id"])
    assert done.calls.kinds()[0] == "defer"
    assert [row.house for row in table.session(game_id).log] == ["stark"]
    _, edited = done.calls.last("edit-original")
    assert "Submitted" in (edited["embed"].description or "")
    assert edited["view"] is not None  # orders may still change: the prompt stays
    assert bot.woken == 1


async def test_a_changed_select_redraws_the_prompt(game: tuple[Table, int, FakeBot, ComponentsCog]) -> None:
    table, game_id, bot, cog = game
    message = await prompt_for(table, game_id, "stark")
    select = component(message, "os")
    value = next(
        o["value"] for o in select["options"] if o["label"].endswith(": " + names.token_name("raid"))
    )
    done = await click(cog, bot, ALICE, select["custom_id"], [value])
    _, edited = done.calls.last("edit")
    assert "Raid" in (edited["embed"].description or "")
    assert table.session(game_id).log == []


async def test_only_the_houses_player_may_answer(game: tuple[Table, int, FakeBot, ComponentsCog]) -> None:
    table, game_id, bot, cog = game
    message = await prompt_for(table, game_id, "stark")
    done = await click(cog, bot, BOB, component(message, "ok")["custom_id"], dm=False)
    content, kwargs = done.calls.last("send")
    assert kwargs["ephemeral"] and "House Stark" in content
    assert table.session(game_id).log == []


async def test_a_stale_prompt_says_so_and_shows_the_current_one(
    game: tuple[Table, int, FakeBot, ComponentsCog],
) -> None:
    table, game_id, bot, cog = game
    old = await prompt_for(table, game_id, "lannister")
    for house, person in PLAYERS.items():
        await table.submit(game_id, person, table.session(game_id).game.decision_for(house).default.format())
    # Lannister now holds the raven: its old orders prompt is out of date
    done = await click(cog, bot, BOB, component(old, "ok")["custom_id"])
    content, kwargs = done.calls.last("send")
    assert kwargs["ephemeral"] and "out of date" in content
    assert "Messenger Raven" in (kwargs["embed"].title or "")
    assert kwargs["view"] is not None


async def test_a_forged_op_on_a_prompt_is_treated_as_stale(
    game: tuple[Table, int, FakeBot, ComponentsCog],
) -> None:
    """A march op ("ma") on an orders prompt, a superscript digit: no crash, a private note, no change."""
    table, game_id, bot, cog = game
    message = await prompt_for(table, game_id, "stark")
    real = parse(component(message, "ok")["custom_id"])
    for op, values in (("ma", ["0"]), ("mv", ["0"]), ("c", ["²"]), ("os", ["x"])):
        forged = real.with_op(op, *values).encode()
        done = await click(cog, bot, ALICE, forged, values)
        content, kwargs = done.calls.last("send")
        assert kwargs["ephemeral"] and "out of date" in content, (op, content)
    assert table.session(game_id).log == []


async def test_typing_the_answer_in_the_modal(game: tuple[Table, int, FakeBot, ComponentsCog]) -> None:
    table, game_id, bot, cog = game
    message = await prompt_for(table, game_id, "baratheon")
    opened = await click(cog, bot, CAROL, component(message, "t")["custom_id"])
    modal = opened.calls.last("modal")[1]["modal"]
    data = modal.to_dict()
    line = data["components"][0]["components"][0]["value"]
    bad = FakeInteraction(
        bot,
        CAROL,
        {
            "custom_id": data["custom_id"],
            "components": [{"type": 1, "components": [{"type": 4, "custom_id": "line", "value": "bid 99"}]}],
        },
        modal=True,
    )
    await cog.on_interaction(bad)  # type: ignore[arg-type]
    content, kwargs = bad.calls.last("followup")
    assert kwargs["ephemeral"] and content.startswith("❌")
    submitted = FakeInteraction(
        bot,
        CAROL,
        {
            "custom_id": data["custom_id"],
            "components": [{"type": 1, "components": [{"type": 4, "custom_id": "line", "value": line}]}],
        },
        modal=True,
    )
    await cog.on_interaction(submitted)  # type: ignore[arg-type]
    assert [row.house for row in table.session(game_id).log] == ["baratheon"]


async def test_a_prompt_drawn_before_a_later_answer_cannot_overwrite_it(
    game: tuple[Table, int, FakeBot, ComponentsCog],
) -> None:
    """The orders DM arrives with the defaults drafted; the player answers with /game act; a click on the
    old DM's Submit is refused and shows the answer given, which stays."""
    table, game_id, bot, cog = game
    message = await prompt_for(table, game_id, "stark")
    typed = "orders the-shivering-sea=support+0 white-harbor=raid* winterfell=march+1*"
    await table.submit(game_id, ALICE, typed)
    done = await click(cog, bot, ALICE, component(message, "ok")["custom_id"])
    content, kwargs = done.calls.last("send")
    assert kwargs["ephemeral"] and "out of date" in content
    assert "March +1" in (kwargs["embed"].description or "")  # the current answer is shown, to change it
    assert table.session(game_id).log[-1].notation == f"stark: {typed}"


async def test_a_public_decision_answered_in_the_channel(
    game: tuple[Table, int, FakeBot, ComponentsCog],
) -> None:
    table, game_id, bot, cog = game
    for house, person in PLAYERS.items():
        await table.submit(game_id, person, table.session(game_id).game.decision_for(house).default.format())
    message = await prompt_for(table, game_id, "lannister")  # the raven, asked in the channel
    select = (
        component(message, "g") if any(parse(c["custom_id"]).op == "g" for c in components(message)) else None
    )
    custom_id = select["custom_id"] if select else component(message, "c")["custom_id"]
    values = ["c0"] if select else ["0"]
    done = await click(cog, bot, BOB, custom_id, values, dm=False)
    assert table.session(game_id).log[-1].notation == "lannister: raven none"
    _, edited = done.calls.last("edit-original")
    assert edited["view"] is None and "House Lannister answered" in (edited["embed"].description or "")


# --- the poster -------------------------------------------------------------------------------------------


class _Response:
    status = 403
    reason = "Forbidden"


class FakeChannel:
    def __init__(self, sent: list[dict[str, Any]], where: str, closed: bool = False) -> None:
        self.sent = sent
        self.where = where
        self.closed = closed

    async def send(self, content: str | None = None, **kwargs: Any) -> Any:
        if self.closed:
            raise discord.Forbidden(
                _Response(), {"code": 50007, "message": "Cannot send messages to this user"}
            )
        self.sent.append({"to": self.where, "content": content, **kwargs})
        return SimpleNamespace(id=len(self.sent))

    def get_partial_message(self, message_id: int) -> Any:
        async def edit(**kwargs: Any) -> None:
            self.sent.append({"to": self.where, "edit": message_id, "content": None, **kwargs})

        return SimpleNamespace(id=message_id, edit=edit)


class PosterBot:
    def __init__(self, table: Table, closed: set[int]) -> None:
        self.table = table
        self.closed = closed
        self.sent: list[dict[str, Any]] = []

    def get_partial_messageable(self, channel_id: int) -> FakeChannel:
        return FakeChannel(self.sent, f"channel {channel_id}")

    async def create_dm(self, user: discord.Object) -> FakeChannel:
        return FakeChannel(self.sent, f"dm {user.id}", closed=user.id in self.closed)


async def test_the_poster_posts_everything_once_and_falls_back_when_dms_are_closed(table: Table) -> None:
    await three_player_game(table, diplomacy="off")  # threads: cogs/threads.py
    bot = PosterBot(table, closed={ALICE.user_id})
    poster = OutboxPoster(bot)  # type: ignore[arg-type]
    items = await table.outbox()
    posted, failed = await poster.flush()
    assert (posted, failed) == (len(items), 0)
    assert await table.outbox() == []
    assert {s["nonce"] for s in bot.sent} == {i.id for i in items}
    dms = [s for s in bot.sent if s["to"].startswith("dm")]
    assert sorted(s["to"] for s in dms) == [f"dm {BOB.user_id}", f"dm {CAROL.user_id}"]
    assert all(s["view"] is not None and s["embed"] is not None for s in dms)
    fallback = next(
        s for s in bot.sent if s["to"] == f"channel {CHANNEL}" and "direct messages" in (s["content"] or "")
    )
    assert f"<@{ALICE.user_id}>" in fallback["content"]
    assert [u.id for u in fallback["allowed_mentions"].users] == [ALICE.user_id]
    button = fallback["view"].to_components()[0]["components"][0]
    assert parse(button["custom_id"]).op == "show"
    board = next(s for s in bot.sent if s.get("file") is not None and s["to"] == f"channel {CHANNEL}")
    assert not board["allowed_mentions"].users  # the board pings nobody: each player had a DM
    # nothing secret in the channel
    channel_text = " ".join(
        str(s.get("content")) + str(s["embed"].to_dict() if s.get("embed") else "")
        for s in bot.sent
        if s["to"].startswith("channel")
    )
    assert "=defense" not in channel_text and "orders " not in channel_text
    assert (await poster.flush()) == (0, 0)


async def test_the_show_button_gives_the_prompt_privately(
    game: tuple[Table, int, FakeBot, ComponentsCog],
) -> None:
    _, game_id, bot, cog = game
    view = prompts.show_prompt_view(game_id)
    custom_id = view.to_components()[0]["components"][0]["custom_id"]
    done = await click(cog, bot, ALICE, custom_id, dm=False)
    _, kwargs = done.calls.last("send")
    assert kwargs["ephemeral"] and "Place your orders" in (kwargs["embed"].title or "")
    assert kwargs["view"] is not None


class _ServerError:
    status = 503
    reason = "Service Unavailable"


class FlakyChannel(FakeChannel):
    """A channel whose first post fails with a 503."""

    failures = 1

    async def send(self, content: str | None = None, **kwargs: Any) -> None:
        if FlakyChannel.failures:
            FlakyChannel.failures -= 1
            raise discord.HTTPException(_ServerError(), "Discord is down")  # type: ignore[arg-type]
        await super().send(content, **kwargs)


async def test_a_passing_failure_keeps_the_games_items_in_order_for_the_next_pass(table: Table) -> None:
    await three_player_game(table, diplomacy="off")  # threads: cogs/threads.py
    bot = PosterBot(table, closed=set())
    bot.get_partial_messageable = lambda channel_id: FlakyChannel(bot.sent, f"channel {channel_id}")  # type: ignore[method-assign]
    poster = OutboxPoster(bot)  # type: ignore[arg-type]
    items = await table.outbox()
    posted, failed = await poster.flush()
    assert (posted, failed) == (0, 1)  # the first item failed: the game's later items waited
    assert [i.id for i in await table.outbox()] == [i.id for i in items]
    posted, failed = await poster.flush()
    assert (posted, failed) == (len(items), 0)
    assert [s["nonce"] for s in bot.sent] == [i.id for i in items]


# --- answering slash commands ------------------------------------------------------------------------------


class CommandInteraction(FakeInteraction):
    def __init__(self, bot: FakeBot, user: Any) -> None:
        super().__init__(bot, user, {}, dm=False)
        self.command = SimpleNamespace(qualified_name="game test")

    async def delete_original_response(self) -> None:
        self.calls.log.append(("delete", None, {}))


async def test_a_quick_public_answer_is_public_and_a_refusal_private(table: Table) -> None:
    from cogs.common import Reply
    from table import TableError

    bot = FakeBot(table)
    interaction = CommandInteraction(bot, ALICE)
    async with Reply(interaction, ephemeral=False) as reply:  # type: ignore[arg-type]
        await reply.send("Alice joins.")
    assert interaction.calls.kinds() == ["send"]
    assert interaction.calls.last("send")[1]["ephemeral"] is False

    interaction = CommandInteraction(bot, ALICE)
    async with Reply(interaction, ephemeral=False):  # type: ignore[arg-type]
        raise TableError("This game is full.")
    content, kwargs = interaction.calls.last("send")
    assert (
        interaction.calls.kinds() == ["send"] and kwargs["ephemeral"] and content == "❌ This game is full."
    )


async def test_a_slow_public_answer_is_deferred_in_time(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    from cogs.common import Reply

    monkeypatch.setattr(Reply, "PATIENCE", 0.01)
    interaction = CommandInteraction(FakeBot(table), ALICE)
    async with Reply(interaction, ephemeral=False) as reply:  # type: ignore[arg-type]
        await asyncio.sleep(0.05)  # the table waits on a lock
        await reply.send("Done.")
        await reply.send("And more.")
    # the answer replaces the "thinking" message; what follows is a follow-up
    assert interaction.calls.kinds() == ["defer", "edit-original", "followup"]
    assert interaction.calls.log[0][2] == {"ephemeral": False, "thinking": True}
    assert interaction.calls.log[1][2]["content"] == "Done."


async def test_a_refusal_after_a_public_deferral_goes_to_the_person_alone(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    from cogs.common import Reply
    from table import TableError

    monkeypatch.setattr(Reply, "PATIENCE", 0.01)
    interaction = CommandInteraction(FakeBot(table), ALICE)
    async with Reply(interaction, ephemeral=False):  # type: ignore[arg-type]
        await asyncio.sleep(0.05)
        raise TableError("This game is full.")
    assert interaction.calls.kinds() == ["defer", "delete", "followup"]
    content, kwargs = interaction.calls.last("followup")
    assert content == "❌ This game is full." and kwargs["ephemeral"] is True


async def test_answers_are_clipped_to_discords_limit(table: Table) -> None:
    from cogs.common import Reply
    from table import TableError

    interaction = CommandInteraction(FakeBot(table), ALICE)
    async with Reply(interaction, ephemeral=False):  # type: ignore[arg-type]
        raise TableError("x" * 3000)
    content, _ = interaction.calls.last("send")
    assert len(content) == 2000 and content.endswith("…")


async def test_a_quick_private_answer_is_sent_without_a_deferral(table: Table) -> None:
    from cogs.common import Reply

    interaction = CommandInteraction(FakeBot(table), ALICE)
    async with Reply(interaction, ephemeral=True) as reply:  # type: ignore[arg-type]
        await reply.send("Recorded.")
    content, kwargs = interaction.calls.last("send")
    assert interaction.calls.kinds() == ["send"] and kwargs["ephemeral"] and content == "Recorded."


async def test_a_slow_private_answer_is_deferred_privately_in_time(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    from cogs.common import Reply

    monkeypatch.setattr(Reply, "PATIENCE", 0.01)
    interaction = CommandInteraction(FakeBot(table), ALICE)
    async with Reply(interaction, ephemeral=True) as reply:  # type: ignore[arg-type]
        await asyncio.sleep(0.05)  # a board being drawn
        await reply.send("Here is the board.")
    assert interaction.calls.kinds() == ["defer", "edit-original"]
    assert interaction.calls.log[0][2] == {"ephemeral": True, "thinking": True}
    assert interaction.calls.log[1][2]["content"] == "Here is the board."


async def test_a_refusal_after_a_private_deferral_replaces_the_thinking_message(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    from cogs.common import Reply
    from table import TableError

    monkeypatch.setattr(Reply, "PATIENCE", 0.01)
    interaction = CommandInteraction(FakeBot(table), ALICE)
    async with Reply(interaction, ephemeral=True):  # type: ignore[arg-type]
        await asyncio.sleep(0.05)
        raise TableError("This game is full.")
    assert interaction.calls.kinds() == ["defer", "edit-original"]
    assert interaction.calls.log[1][2]["content"] == "❌ This game is full."


async def test_boards_carry_the_rendered_image(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    import types

    seen: list[dict[str, Any]] = []
    languages: list[str] = []

    def render(view: dict[str, Any], language: str) -> bytes:
        seen.append(view)
        languages.append(language)
        return b"\x89PNG\r\n\x1a\nfake"

    fake_renderer = types.ModuleType("renderer")
    fake_renderer.render = render  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "renderer", fake_renderer)
    await three_player_game(table, language="es")
    bot = PosterBot(table, closed=set())
    await OutboxPoster(bot).flush()  # type: ignore[arg-type]
    board = next(s for s in bot.sent if s.get("file") is not None)
    assert board["file"].filename == "board.png"
    assert board["embed"].image.url == "attachment://board.png"
    assert seen and all(view["viewer"] is None for view in seen)  # only the spectator's view is drawn
    assert set(languages) == {"es"}  # in the game's language


async def test_the_real_renderer_draws_a_board_of_a_real_game(table: Table) -> None:
    from cogs.poster import render_png

    game_id = await three_player_game(table)
    png = render_png(table.session(game_id).require_game().view(None))
    assert png is not None and png.startswith(b"\x89PNG\r\n\x1a\n")
