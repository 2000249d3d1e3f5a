"""The fake Discord and the harness, proven with small discord.py bots defined here (not bot.py)."""

from __future__ import annotations

import asyncio
import io
import os
import textwrap
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from PIL import Image

from tests.e2e.fake_discord import Callback, FakeDiscord, Flag, Json, Perm
from tests.e2e.harness import REPO_ROOT, BotProcess, make_png, png_file, running

pytest_plugins = ("pytester",)


class SmokeBot(discord.Client):
    """A minimal bot: one command group synced to the fake's guild, plus whatever a test adds."""

    def __init__(self, guild_id: int) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)
        self.guild = discord.Object(guild_id)
        self.forbidden: list[int] = []
        self.errors: list[BaseException] = []

        @self.tree.error
        async def on_app_command_error(
            interaction: discord.Interaction, error: app_commands.AppCommandError
        ) -> None:
            self.errors.append(error)

    async def setup_hook(self) -> None:
        self.tree.copy_global_to(guild=self.guild)
        await self.tree.sync(guild=self.guild)


def game_bot(fake: FakeDiscord) -> SmokeBot:
    bot = SmokeBot(fake.guild_id)
    game = app_commands.Group(name="game", description="Games of Thrones")

    @game.command(name="create", description="Create a game in this channel")
    async def create(
        interaction: discord.Interaction,
        players: app_commands.Range[int, 3, 6],
        name: str,
        rival: discord.Member | None = None,
    ) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send(f"Game {name} for {players} players", file=png_file("board.png"))
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send("The realm as it stands", file=png_file("realm.png", width=32))
        await interaction.user.send("Your secret orders, please.", file=png_file("orders.png"))
        if rival is not None:
            try:
                await rival.send(f"{interaction.user.display_name} named you their rival")
            except discord.Forbidden as exc:
                bot.forbidden.append(exc.code)
                await interaction.followup.send(f"Could not DM {rival.display_name}", ephemeral=True)

    bot.tree.add_command(game)
    return bot


async def test_slash_defer_followup_png_dm_and_closed_dms(fake: FakeDiscord) -> None:
    fake.close_dms("bob")
    fake.expect_refusals(50007)  # the bot will try to DM bob
    async with running(game_bot(fake), fake) as bot:
        synced = fake.synced_commands(guild=True)
        assert [c["name"] for c in synced] == ["game"]
        assert [o["name"] for o in synced[0]["options"]] == ["create"]

        inter = await fake.slash(
            "alice", "game", "create", options={"players": 4, "name": "Winter", "rival": "bob"}
        )
        warning = await inter.wait_message(lambda m: "Could not DM" in m.content)

        assert inter.response_type == Callback.DEFERRED_CHANNEL_MESSAGE
        original = inter.messages[0]
        assert original is inter.original and not original.loading and not original.ephemeral
        assert original.content == "Game Winter for 4 players"
        [board] = original.pngs
        assert board.filename == "board.png"
        assert Image.open(io.BytesIO(board.data)).size == (64, 48)

        realm = fake.last_message()
        assert realm.content == "The realm as it stands" and realm.pngs[0].filename == "realm.png"
        assert [m.content for m in fake.channel_messages()] == [
            "Game Winter for 4 players",
            "The realm as it stands",
        ]

        [dm] = fake.dms("alice")
        assert dm.content == "Your secret orders, please." and dm.pngs[0].is_png
        assert fake.dms("bob") == []
        assert [(u.key, p["content"]) for u, p in fake.failed_dms] == [("bob", "Alice named you their rival")]
        assert bot.forbidden == [50007]

        assert warning.ephemeral and warning.visible_to is fake.users["alice"]
        assert fake.ephemerals("alice") == [warning] and fake.ephemerals("bob") == []
        assert warning not in fake.visible_to("bob")
        assert not bot.errors and not fake.unhandled


class OrdersModal(discord.ui.Modal, title="Orders for Winterfell"):
    orders: discord.ui.TextInput[OrdersModal] = discord.ui.TextInput(label="Order", custom_id="order")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Orders: {self.orders.value}", ephemeral=True)


class Panel(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.button(label="Join", custom_id="join")
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button[Panel]) -> None:
        button.disabled = True
        await interaction.response.edit_message(content=f"{interaction.user.display_name} joined", view=self)

    @discord.ui.select(
        custom_id="house",
        placeholder="House",
        options=[discord.SelectOption(label="Stark", value="stark"), discord.SelectOption(label="Lannister")],
    )
    async def house(self, interaction: discord.Interaction, select: discord.ui.Select[Panel]) -> None:
        await interaction.response.send_message(f"You picked {select.values[0]}", ephemeral=True)

    @discord.ui.button(label="Orders", custom_id="orders")
    async def orders(self, interaction: discord.Interaction, button: discord.ui.Button[Panel]) -> None:
        await interaction.response.send_modal(OrdersModal())


class Ack(discord.ui.View):
    @discord.ui.button(label="Got it")
    async def ack(self, interaction: discord.Interaction, button: discord.ui.Button[Ack]) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="Acknowledged", view=None)


def panel_bot(fake: FakeDiscord) -> SmokeBot:
    bot = SmokeBot(fake.guild_id)

    @bot.tree.command(description="Show the panel")
    async def panel(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Choose", view=Panel())

    @bot.tree.command(description="Ask for an acknowledgement by DM")
    async def remind(interaction: discord.Interaction) -> None:
        await interaction.user.send("Orders are due", view=Ack())
        await interaction.response.send_message("Sent you a DM", ephemeral=True)

    return bot


async def test_components_modals_and_dm_clicks(fake: FakeDiscord) -> None:
    async with running(panel_bot(fake), fake) as bot:
        inter = await fake.slash("carol", "panel")
        panel = await inter.wait_message()
        assert panel.content == "Choose" and panel.custom_ids() == ["join", "orders", "house"]
        assert panel.type == 20 and panel.interaction is inter

        mark = fake.mark()
        join = await fake.click("carol", panel, label="Join")
        assert await join.wait_response() == Callback.UPDATE_MESSAGE
        assert await fake.wait_for(lambda m: m is panel, since=mark) is await join.wait_message()
        assert panel.content == "Carol joined" and panel.history[0]["content"] == "Choose"
        assert panel.component("join")["disabled"] is True
        with pytest.raises(PermissionError):
            await fake.click("dave", panel, "join")

        pick = await fake.click("dave", panel, "house", values=["stark"])
        reply = await pick.wait_message()
        assert reply.content == "You picked stark" and reply.visible_to is fake.users["dave"]
        with pytest.raises(ValueError, match="not among the options"):
            await fake.click("dave", panel, "house", values=["targaryen"])

        opened = await fake.click("erin", panel, "orders")
        modal = await opened.wait_modal()
        assert modal.title == "Orders for Winterfell" and [c["custom_id"] for c in modal.inputs()] == [
            "order"
        ]
        submitted = await fake.submit_modal(
            "erin", modal.custom_id, {"order": "march winterfell -> moat-cailin"}
        )
        answer = await submitted.wait_message()
        assert answer.content == "Orders: march winterfell -> moat-cailin" and answer.ephemeral

        remind = await fake.slash("frank", "remind")
        await remind.wait_message(lambda m: m.content == "Sent you a DM")
        [dm] = fake.dms("frank")
        assert dm.content == "Orders are due" and dm.is_dm
        with pytest.raises(PermissionError):
            await fake.click("alice", dm, label="Got it")
        ack = await fake.click("frank", dm, label="Got it")
        assert await ack.wait_response() == Callback.DEFERRED_UPDATE_MESSAGE
        assert await ack.wait_message() is dm
        assert dm.content == "Acknowledged" and dm.components == []
        assert not bot.errors and not fake.unhandled


async def test_resume_after_drop_and_fresh_identify_after_restart(fake: FakeDiscord) -> None:
    async with running(panel_bot(fake), fake):
        first = await fake.slash("alice", "panel")
        await first.wait_message()
        await fake.drop_gateway()
        await fake.wait_until(lambda: fake.resume_count == 1 and fake.connected, what="a RESUME")
        second = await fake.slash("alice", "panel")
        await second.wait_message()
        fake.request_reconnect()
        await fake.wait_until(lambda: fake.resume_count == 2 and fake.connected, what="a second RESUME")
    assert not fake.connected and fake.identify_count == 1

    async with running(panel_bot(fake), fake):  # a restarted bot: new IDENTIFY, same Discord
        assert fake.identify_count == 2
        assert len(fake.channel_messages()) == 2
        third = await fake.slash("bob", "panel")
        await third.wait_message()
        assert len(fake.channel_messages()) == 3


async def test_what_discord_refuses(fake: FakeDiscord) -> None:
    bot = SmokeBot(fake.guild_id)
    results: dict[str, object] = {}

    @bot.tree.command(description="Moderators only")
    @app_commands.default_permissions(manage_guild=True)
    async def kick(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("kicked")

    @bot.tree.command(description="Pick a house")
    async def house(interaction: discord.Interaction, name: str) -> None:
        await interaction.response.send_message(f"house {name}")

    @house.autocomplete("name")
    async def house_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        names = ["stark", "lannister", "greyjoy"]
        return [app_commands.Choice(name=n.title(), value=n) for n in names if n.startswith(current)]

    @bot.tree.command(description="Too slow")
    async def slow(interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("late")
        except discord.NotFound as exc:
            results["late"] = exc.code

    async with running(bot, fake) as client:
        channel = client.get_channel(fake.channel.id)
        assert isinstance(channel, discord.TextChannel)
        with fake.expecting_refusals(50035) as refused, pytest.raises(discord.HTTPException) as too_long:
            await channel.send("x" * 2001)
        assert too_long.value.code == 50035
        assert refused[0].field == "content: Must be 2000 or fewer in length."
        assert refused[0].detail is not None and refused[0].detail.startswith("2001 characters")
        with fake.expecting_refusals(50035), pytest.raises(discord.HTTPException) as empty:
            await channel.send(embed=discord.Embed(title="t").add_field(name="", value="v"))
        assert empty.value.code == 50035
        assert "embeds.0.fields.0.name" in str(
            empty.value
        )  # Discord's nested errors, as discord.py reads them
        with pytest.raises(discord.NotFound):
            await client.http.request(
                discord.http.Route("GET", "/guilds/{guild_id}/bans", guild_id=fake.guild_id)
            )
        assert fake.unhandled == [f"GET /guilds/{fake.guild_id}/bans"]
        fake.unhandled.clear()

        with pytest.raises(PermissionError):
            await fake.slash("alice", "kick")
        with pytest.raises(PermissionError):
            await fake.slash("maester", "kick")
        done = await fake.slash("admin", "kick")
        assert (await done.wait_message()).content == "kicked"
        with pytest.raises(LookupError):
            await fake.slash("alice", "kick", channel="dm")  # guild commands are not offered in DMs

        choices = await fake.autocomplete("alice", "house", focused="name", options={"name": "gr"})
        assert choices == [{"name": "Greyjoy", "value": "greyjoy"}]

        fake.interaction_deadline = 0.0
        late = await fake.slash("alice", "slow")
        await fake.wait_until(lambda: "late" in results)
        assert results["late"] == 10062 and late.late_callback is not None and not late.responded
        assert not fake.unhandled


class BoardView(discord.ui.LayoutView):
    container: discord.ui.Container[BoardView] = discord.ui.Container(
        discord.ui.TextDisplay("## Round 3: Westeros phase"),
        discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://board.png")),
        discord.ui.ActionRow(discord.ui.Button(label="Bid", custom_id="bid")),
    )


class BidModal(discord.ui.Modal, title="Clash of Kings"):
    power: discord.ui.Label[BidModal] = discord.ui.Label(
        text="Power tokens", component=discord.ui.TextInput(custom_id="power")
    )
    track: discord.ui.Label[BidModal] = discord.ui.Label(
        text="Track",
        component=discord.ui.Select(
            custom_id="track",
            options=[
                discord.SelectOption(label="Throne", value="throne"),
                discord.SelectOption(label="Fiefdoms"),
            ],
        ),
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        assert isinstance(self.power.component, discord.ui.TextInput)
        assert isinstance(self.track.component, discord.ui.Select)
        await interaction.response.send_message(
            f"{self.power.component.value} on {self.track.component.values}", ephemeral=True
        )


async def test_layout_views_attachments_history_dm_commands_and_posts(fake: FakeDiscord) -> None:
    intents = discord.Intents.default()
    intents.message_content = True
    bot = SmokeBot(fake.guild_id)
    bot._connection._intents = intents
    heard: list[str] = []

    @bot.event
    async def on_message(message: discord.Message) -> None:
        if not message.author.bot:
            heard.append(message.content)

    @bot.tree.command(description="Post the board")
    async def board(
        interaction: discord.Interaction, player: discord.Member, where: discord.TextChannel
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(f"posting for {player.display_name} in #{where.name}")
        await interaction.edit_original_response(content="posted", attachments=[png_file("a.png")])
        target = interaction.client.get_channel(where.id)
        assert isinstance(target, discord.TextChannel)
        await target.send(view=BoardView(), file=png_file("board.png"))
        [latest] = [m async for m in target.history(limit=1)]
        fetched = await target.fetch_message(latest.id)
        await fetched.edit(attachments=[png_file("board2.png")])
        await fetched.pin()
        await fetched.add_reaction("\N{THUMBS UP SIGN}")

    @bot.tree.command(description="Start bidding")
    async def bid(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(BidModal())

    async with running(bot, fake):
        inter = await fake.slash("alice", "board", options={"player": "bob", "where": "general"})
        answer = await inter.wait_message(lambda m: m.content == "posted")
        assert answer.ephemeral and [a.filename for a in answer.attachments] == ["a.png"]
        assert (
            answer.history[0]["content"] == "posting for Bob in #general"
        )  # the follow-up replaced "thinking"
        posted = await fake.wait_for(lambda m: m.pinned and m.reactions == ["\N{THUMBS UP SIGN}"])
        assert posted.channel is fake.get_channel("general") and posted.flags & Flag.IS_COMPONENTS_V2
        assert "Round 3" in posted.text and posted.custom_ids() == ["bid"]
        assert [a.filename for a in posted.attachments] == ["board2.png"] and posted.pngs[0].is_png
        assert [a.filename for a in posted.history[0]["attachments"]] == ["board.png"]

        opened = await fake.slash("dave", "bid")
        modal = await opened.wait_modal()
        assert [c["custom_id"] for c in modal.inputs()] == ["power", "track"]
        with pytest.raises(ValueError, match="required"):
            await fake.submit_modal("dave", modal.custom_id, {"track": ["throne"]})
        submitted = await fake.submit_modal("dave", modal.custom_id, {"power": "4", "track": ["throne"]})
        assert (await submitted.wait_message()).content == "4 on ['throne']"

        await fake.post("erin", "When is the next round?")
        await fake.wait_until(lambda: heard == ["When is the next round?"])
        assert not bot.errors and not fake.unhandled


STANDIN_BOT = textwrap.dedent(
    '''
    """A stand-in for bot.py: reads the same environment, points discord.py at MAESTER_DISCORD_API."""
    import os
    import sqlite3

    import discord
    import discord.gateway
    import discord.http
    import yarl
    from discord import app_commands

    discord.http.Route.BASE = os.environ["MAESTER_DISCORD_API"]
    GUILD = discord.Object(int(os.environ["MAESTER_DEV_GUILD_ID"]))


    class Bot(discord.Client):
        def __init__(self) -> None:
            super().__init__(intents=discord.Intents.default())
            self.tree = app_commands.CommandTree(self)

        async def setup_hook(self) -> None:
            # The gateway URL is not under Route.BASE: ask the API (so MAESTER_DISCORD_API is enough).
            _, url, _ = await self.http.get_bot_gateway()
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
            await self.tree.sync(guild=GUILD)


    bot = Bot()


    @bot.tree.command(guild=GUILD, description="Count")
    async def count(interaction: discord.Interaction) -> None:
        with sqlite3.connect(os.environ["MAESTER_DATABASE"]) as db:
            db.execute("create table if not exists n (v integer)")
            db.execute("insert into n values (1)")
            (n,) = db.execute("select count(*) from n").fetchone()
        await interaction.response.send_message(f"count {n} from pid {os.getpid()}")


    bot.run(os.environ["DISCORD_TOKEN"], log_handler=None)
    '''
)


async def test_bot_process_stop_and_start_keeps_history(fake: FakeDiscord, tmp_path: Path) -> None:
    script = tmp_path / "standin_bot.py"
    script.write_text(STANDIN_BOT)
    proc = BotProcess(fake, database=tmp_path / "db.sqlite3", log_path=tmp_path / "bot.log", script=script)
    try:
        await proc.start()
        first = await fake.slash("alice", "count")
        assert (await first.wait_message()).content == f"count 1 from pid {proc.pid}"

        await proc.kill()  # a crash in the middle of a phase
        assert not fake.connected
        await proc.start()
        assert fake.identify_count == 2
        second = await fake.slash("bob", "count")
        assert (await second.wait_message()).content == f"count 2 from pid {proc.pid}"

        await proc.stop()  # a clean shutdown (Ctrl-C)
        await proc.start()
        third = await fake.slash("carol", "count")
        assert (await third.wait_message()).content.startswith("count 3 ")
        assert [m.content.split(" from")[0] for m in fake.channel_messages()] == [
            "count 1",
            "count 2",
            "count 3",
        ]
        assert not fake.unhandled
    finally:
        await proc.stop()


def test_make_png_is_a_png() -> None:
    assert make_png().startswith(b"\x89PNG\r\n\x1a\n")
    assert Flag.EPHEMERAL == 64


class WhoAmI(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.button(label="Me", custom_id="me")
    async def me(self, interaction: discord.Interaction, button: discord.ui.Button[WhoAmI]) -> None:
        await interaction.response.send_message(describe_member(interaction), ephemeral=True)


def describe_member(interaction: discord.Interaction) -> str:
    member = interaction.user
    assert isinstance(member, discord.Member) and interaction.guild is not None
    roles = sorted(r.name for r in member.roles if not r.is_default())
    return (
        f"{interaction.guild.name} {interaction.guild_id} admin={interaction.permissions.administrator} "
        f"roles={roles} role_ids={sorted(r.id for r in member.roles)} "
        f"app_send={interaction.app_permissions.send_messages}"
    )


class GlobalBot(SmokeBot):
    """Syncs its commands globally, so that they are offered in every guild."""

    async def setup_hook(self) -> None:
        await self.tree.sync()


async def test_a_second_guild_with_roles_of_the_same_names(fake: FakeDiscord) -> None:
    essos = fake.add_guild("Essos", members={"mallory": ["Admin"], "alice": ["Maester"]})
    fake.add_member("mallory")  # in Westeros too, without any role
    westeros = fake.guild()
    assert westeros.name == "Westeros" and fake.guild("Essos") is essos and fake.guild(essos.id) is essos
    # Same names, other roles: a role named like another server's is not that role.
    for name in ("@everyone", "Admin", "Maester", "Bot"):
        assert essos.roles[name].id != westeros.roles[name].id
    assert essos.everyone.id == essos.id and essos.roles["Admin"].permissions & Perm.ADMINISTRATOR
    ids = [g.id for g in fake.guilds.values()]
    ids += [r.id for g in fake.guilds.values() for r in g.roles.values() if r is not g.everyone]
    ids += [*fake.channels, *(u.id for u in fake.users.values()), fake.bot_user.id]
    assert len(ids) == len(set(ids)), "snowflakes must be unique across guilds"
    essos_game = fake.get_channel("Essos#game")
    assert essos_game is essos.channel and fake.get_channel("game") is fake.channel is not essos_game
    assert {u.key for u in fake.guild_members(essos)} == {"bot", "mallory", "alice"}

    bot = GlobalBot(fake.guild_id)

    @bot.tree.command(description="Who am I here?")
    async def whoami(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(describe_member(interaction), view=WhoAmI())

    async with running(bot, fake, wait_ready=True) as client:
        assert sorted(g.name for g in client.guilds) == ["Essos", "Westeros"]
        cached = client.get_guild(essos.id)
        assert cached is not None and {r.name for r in cached.roles} == {
            "@everyone",
            "Admin",
            "Maester",
            "Bot",
        }
        assert cached.me is not None and cached.get_channel(essos_game.id) is not None

        mallory = fake.users["mallory"]
        there = await (await fake.slash("mallory", "whoami", channel=essos_game)).wait_message()
        admin_id = essos.roles["Admin"].id
        role_ids = sorted([essos.id, admin_id])
        assert (
            there.content == f"Essos {essos.id} admin=True roles=['Admin'] role_ids={role_ids} app_send=True"
        )
        assert there.channel is essos_game and fake.interactions[-1].payload["member"]["roles"] == [
            str(admin_id)
        ]
        here = await (await fake.slash("mallory", "whoami")).wait_message()
        assert (
            here.content
            == f"Westeros {fake.guild_id} admin=False roles=[] role_ids=[{fake.guild_id}] app_send=True"
        )

        # A click in Essos carries the member as they are in Essos; alice is Maester there only.
        clicked = await (await fake.click("alice", there, "me")).wait_message()
        assert clicked.content.startswith(f"Essos {essos.id} admin=False roles=['Maester']")
        assert clicked.visible_to is fake.users["alice"]
        # Someone who is not a member of Essos cannot act there.
        with pytest.raises(PermissionError, match="not a member of Essos"):
            await fake.slash("bob", "whoami", channel=essos_game)
        with pytest.raises(PermissionError, match="not a member of Essos"):
            await fake.click("bob", there, "me")

        # A guild joined while connected arrives as GUILD_CREATE; commands synced to one guild only are
        # not offered in another.
        fake.add_guild("Braavos", members={"mallory": []})
        await fake.wait_until(lambda: len(client.guilds) == 3, what="GUILD_CREATE of Braavos")
        await client.tree.sync(guild=discord.Object(essos.id))  # no commands: nothing for Essos alone
        assert fake.synced_commands(guild="Essos") == [] and fake.find_command("whoami", guild_id=essos.id)
        assert mallory in fake.guild_members("Braavos")


async def raw_request(fake: FakeDiscord, method: str, path: str, payload: Any = None) -> tuple[int, Any]:
    """A request as any bot could make it, without discord.py's own checks."""
    headers = {"Authorization": "Bot fake"}
    async with (
        aiohttp.ClientSession() as http,
        http.request(method, fake.api_url + path, json=payload, headers=headers) as r,
    ):
        return r.status, (await r.json() if r.status != 204 else None)


async def raw_post(fake: FakeDiscord, path: str, payload: Any) -> tuple[int, Any]:
    return await raw_request(fake, "POST", path, payload)


async def test_refusals_are_recorded_and_unexpected_ones_fail_the_check(fake: FakeDiscord) -> None:
    status, body = await raw_post(fake, f"/channels/{fake.channel.id}/messages", {"content": "x" * 2001})
    assert (status, body["code"], body["message"]) == (400, 50035, "Invalid Form Body")
    assert body["errors"] == {
        "content": {
            "_errors": [{"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 2000 or fewer in length."}]
        }
    }
    [refusal] = fake.refusals
    assert (refusal.method, refusal.route, refusal.status, refusal.code) == (
        "POST",
        f"/channels/{fake.channel.id}/messages",
        400,
        50035,
    )
    assert refusal.field == "content: Must be 2000 or fewer in length." and refusal.context is not None
    assert fake.unexpected_refusals() == [refusal]
    with pytest.raises(AssertionError) as failed:
        fake.check_refusals()
    report = str(failed.value)
    assert "refused 1 request(s) the test did not expect" in report
    assert f"1. POST /channels/{fake.channel.id}/messages [<FakeChannel #game" in report
    assert "-> 400 50035 Invalid Form Body" in report and "(2001 characters: 'xxxx" in report
    fake.expect_refusals(50035)  # declared, even afterwards: it passes
    fake.check_refusals()

    # A refusal inside an expecting_refusals block is expected and collected; the same outside is not.
    fake.close_dms("bob")
    dm = fake.dm_channel("bob")
    with fake.expecting_refusals(50007) as refused:
        status, body = await raw_post(fake, f"/channels/{dm.id}/messages", {"content": "psst"})
    assert (status, body["code"]) == (403, 50007) and len(refused) == 1 and refused[0].expected
    assert "DM with bob" in str(refused[0])
    fake.check_refusals()
    await raw_post(fake, f"/channels/{dm.id}/messages", {"content": "psst"})
    with pytest.raises(AssertionError, match="403 50007 Cannot send messages to this user"):
        fake.check_refusals()

    # 404s are recorded but do not fail a test: a late interaction, a message deleted meanwhile.
    fake.refusals.clear()
    status, _ = await raw_post(fake, f"/channels/{fake.channel.id}/messages/1/crosspost", {})
    assert status == 404 and fake.refusals[0].status == 404 and not fake.unexpected_refusals()
    fake.unhandled.clear()


def test_the_fake_fixture_fails_a_test_the_bot_got_refused_in(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ``fake`` fixture itself, in a pytest run of its own: an unexpected refusal is an error at
    teardown that lists it; declared ones pass."""
    pytester.makeconftest("from tests.e2e.conftest import fake  # noqa: F401")
    pytester.makepyfile(
        test_inner=textwrap.dedent(
            """
            import aiohttp

            async def post(fake, content):
                url = f"{fake.api_url}/channels/{fake.channel.id}/messages"
                async with aiohttp.ClientSession() as http:
                    await http.post(url, json={"content": content}, headers={"Authorization": "Bot x"})

            async def test_unexpected(fake):
                await post(fake, "x" * 2001)

            async def test_declared(fake):
                fake.expect_refusals(50035)
                await post(fake, "x" * 2001)

            async def test_declared_in_a_block(fake):
                with fake.expecting_refusals(50035) as refused:
                    await post(fake, "x" * 2001)
                assert len(refused) == 1

            async def test_fine(fake):
                await post(fake, "hello")
            """
        )
    )
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")]))
    )
    result = pytester.runpytest_inprocess(
        "-p",
        "no:cacheprovider",
        "-o",
        "asyncio_mode=auto",
        "-o",
        "asyncio_default_fixture_loop_scope=function",
        "-q",
    )
    result.assert_outcomes(passed=4, errors=1)
    result.stdout.fnmatch_lines(
        [
            "*ERROR at teardown of test_unexpected*",
            "*the fake Discord refused 1 request(s) the test did not expect*",
            "*1. POST /channels/*/messages * -> 400 50035 Invalid Form Body",
            "*content: Must be 2000 or fewer in length.",
        ]
    )


def button(label: str = "Go", custom_id: str | None = "go", **extra: Any) -> Json:
    data: Json = {"type": 2, "style": 1, "label": label, **extra}
    if custom_id is not None:
        data["custom_id"] = custom_id
    return data


def select(options: int | list[Json] = 3, **extra: Any) -> Json:
    """A string select with ``options`` options (or these)."""
    if isinstance(options, int):
        options = [{"label": f"Option {i}", "value": f"v{i}"} for i in range(options)]
    return {"type": 3, "custom_id": "pick", "options": options, **extra}


def row(*components: Json) -> Json:
    return {"type": 1, "components": list(components)}


def field(name: str = "n", value: str = "v") -> Json:
    return {"name": name, "value": value}


def one_option(**option: str) -> Json:
    return {"components": [row(select(options=[{"label": "l", "value": "v", **option}]))]}


# (what is wrong, the message payload, the field Discord names in its errors)
INVALID_MESSAGES: list[tuple[str, Json, str]] = [
    ("content over 2000", {"content": "x" * 2001}, "content"),
    ("11 embeds", {"embeds": [{"title": "t"}] * 11}, "embeds"),
    ("embed title over 256", {"embeds": [{"title": "x" * 257}]}, "embeds.0.title"),
    ("embed description over 4096", {"embeds": [{"description": "x" * 4097}]}, "embeds.0.description"),
    ("26 embed fields", {"embeds": [{"fields": [field()] * 26}]}, "embeds.0.fields"),
    ("field name over 256", {"embeds": [{"fields": [field(), field("x" * 257)]}]}, "embeds.0.fields.1.name"),
    ("empty field value", {"embeds": [{"fields": [field(value="")]}]}, "embeds.0.fields.0.value"),
    ("field value over 1024", {"embeds": [{"fields": [field(value="x" * 1025)]}]}, "embeds.0.fields.0.value"),
    ("embed footer over 2048", {"embeds": [{"footer": {"text": "x" * 2049}}]}, "embeds.0.footer.text"),
    ("embed author over 256", {"embeds": [{"author": {"name": "x" * 257}}]}, "embeds.0.author.name"),
    (
        "embeds over 6000, newlines count",
        {"embeds": [{"description": "\n" * 4000}, {"description": "x" * 2001}]},
        "embeds",
    ),
    ("6 action rows", {"components": [row(button(custom_id=f"b{i}")) for i in range(6)]}, "components"),
    (
        "6 buttons in a row",
        {"components": [row(*(button(custom_id=f"b{i}") for i in range(6)))]},
        "components.0.components",
    ),
    ("button label over 80", {"components": [row(button("x" * 81))]}, "components.0.components.0.label"),
    (
        "button without custom_id",
        {"components": [row(button(custom_id=None))]},
        "components.0.components.0.custom_id",
    ),
    (
        "link button with a custom_id",
        {"components": [row(button(style=5, url="https://example.org"))]},
        "components.0.components.0.custom_id",
    ),
    (
        "link button without url",
        {"components": [row(button(custom_id=None, style=5))]},
        "components.0.components.0.url",
    ),
    ("button without label or emoji", {"components": [row(button(""))]}, "components.0.components.0"),
    (
        "custom_id over 100",
        {"components": [row(button(custom_id="x" * 101))]},
        "components.0.components.0.custom_id",
    ),
    ("empty custom_id", {"components": [row(button(custom_id=""))]}, "components.0.components.0.custom_id"),
    (
        "duplicate custom_id",
        {"components": [row(button()), row(button("Again"))]},
        "components.1.components.0.custom_id",
    ),
    ("a select beside a button", {"components": [row(select(), button())]}, "components.0.components"),
    ("26 select options", {"components": [row(select(26))]}, "components.0.components.0.options"),
    ("no select options", {"components": [row(select(0))]}, "components.0.components.0.options"),
    ("option label over 100", one_option(label="x" * 101), "components.0.components.0.options.0.label"),
    ("option value over 100", one_option(value="x" * 101), "components.0.components.0.options.0.value"),
    (
        "option description over 100",
        one_option(description="x" * 101),
        "components.0.components.0.options.0.description",
    ),
    (
        "duplicate option values",
        {"components": [row(select(options=[{"label": "a", "value": "v"}, {"label": "b", "value": "v"}]))]},
        "components.0.components.0.options.1",
    ),
    (
        "placeholder over 150",
        {"components": [row(select(placeholder="x" * 151))]},
        "components.0.components.0.placeholder",
    ),
    (
        "max_values over 25",
        {"components": [row(select(max_values=26))]},
        "components.0.components.0.max_values",
    ),
    (
        "min_values over 25",
        {"components": [row(select(min_values=26, max_values=25))]},
        "components.0.components.0.min_values",
    ),
    (
        "min_values over max_values",
        {"components": [row(select(min_values=3, max_values=2))]},
        "components.0.components.0.min_values",
    ),
    (
        "max_values over the options",
        {"components": [row(select(3, max_values=4))]},
        "components.0.components.0.max_values",
    ),
    (
        "a text input in a message",
        {"components": [row({"type": 4, "custom_id": "t", "style": 1, "label": "l"})]},
        "components.0.components.0.type",
    ),
    (
        "mentions: parse users and users",
        {"content": "hi", "allowed_mentions": {"parse": ["users"], "users": ["1"]}},
        "allowed_mentions",
    ),
    (
        "mentions: parse channels",
        {"content": "hi", "allowed_mentions": {"parse": ["channels"]}},
        "allowed_mentions.parse.0",
    ),
    (
        "mentions: 101 users",
        {"content": "hi", "allowed_mentions": {"users": [str(i) for i in range(1, 102)]}},
        "allowed_mentions.users",
    ),
    (
        "mentions: replied_user not a boolean",
        {"content": "hi", "allowed_mentions": {"replied_user": "yes"}},
        "allowed_mentions.replied_user",
    ),
    ("nonce over 25", {"content": "hi", "nonce": "x" * 26}, "nonce"),
]


@pytest.mark.parametrize(
    ("payload", "path"), [c[1:] for c in INVALID_MESSAGES], ids=[c[0] for c in INVALID_MESSAGES]
)
async def test_message_limits_are_refused_naming_the_field(
    fake: FakeDiscord, payload: Json, path: str
) -> None:
    fake.expect_refusals(50035)
    status, body = await raw_post(fake, f"/channels/{fake.channel.id}/messages", payload)
    assert (status, body["code"], body["message"]) == (400, 50035, "Invalid Form Body"), body
    errors = body["errors"]
    for part in path.split("."):
        assert part in errors, (path, body["errors"])
        errors = errors[part]
    assert errors["_errors"][0]["message"], body
    [refusal] = fake.refusals
    assert refusal.field is not None and refusal.field.startswith(f"{path}: "), refusal
    assert fake.channel_messages() == []


async def test_messages_at_the_limits_pass(fake: FakeDiscord) -> None:
    fields = [field("n" * 10, "v" * 100) for _ in range(25)]
    at_limits: list[Json] = [
        {
            "content": "x" * 2000,
            "allowed_mentions": {"parse": ["roles"], "users": ["1"], "replied_user": False},
        },
        {"embeds": [{"title": "x" * 256, "description": "y" * 2994, "fields": fields}]},  # 6000 in all
        {"components": [row(*(button(f"{i}" * 80, f"b{i}") for i in range(5)))] * 1},
        {"components": [row(select(25, max_values=25, min_values=0, placeholder="p" * 150))]},
        {"components": [row(button(custom_id=None, style=5, url="https://example.org"))], "nonce": "n" * 25},
    ]
    for payload in at_limits:
        status, body = await raw_post(fake, f"/channels/{fake.channel.id}/messages", payload)
        assert status == 200, body
    assert len(fake.channel_messages()) == len(at_limits) and not fake.refusals


class Quiet(SmokeBot):
    """A command that never answers, so that a test can answer its interactions by hand."""

    def __init__(self, guild_id: int) -> None:
        super().__init__(guild_id)

        @self.tree.command(description="Say nothing")
        async def hush(interaction: discord.Interaction) -> None:
            pass


async def test_every_route_that_writes_a_message_checks_the_limits(fake: FakeDiscord) -> None:
    """Interaction responses (4 and 7), follow-ups, webhook edits (@original and by id), channel messages
    and their edits, DMs: the same checks everywhere, each refusal naming the field where it sits."""
    too_long = {"content": "x" * 2001}
    long_label = {"content": "ok", "components": [row(button("x" * 81))]}
    fine = {"content": "fine", "components": [row(button())]}
    async with running(Quiet(fake.guild_id), fake):
        inter = await fake.slash("alice", "hush")
        callback = f"/interactions/{inter.id}/{inter.token}/callback"
        hook = f"/webhooks/{fake.application_id}/{inter.token}"
        channel = f"/channels/{fake.channel.id}/messages"
        with fake.expecting_refusals(50035) as refused:
            assert (await raw_post(fake, callback, {"type": 4, "data": too_long}))[0] == 400
            assert (await raw_post(fake, callback, {"type": 4, "data": long_label}))[0] == 400
            assert not inter.responded  # a refused response does not acknowledge the interaction
            assert (await raw_post(fake, callback, {"type": 4, "data": fine}))[0] == 204
            assert (await raw_post(fake, hook, too_long))[0] == 400
            assert (await raw_request(fake, "PATCH", f"{hook}/messages/@original", too_long))[0] == 400
            status, followup = await raw_post(fake, hook + "?wait=true", {"content": "a follow-up"})
            assert status == 200
            by_id = f"{hook}/messages/{followup['id']}"
            assert (await raw_request(fake, "PATCH", by_id, long_label))[0] == 400
            assert (await raw_request(fake, "PATCH", by_id, {"content": "edited"}))[0] == 200

            assert inter.original is not None
            click = await fake.click("bob", inter.original, "go")
            clicked = f"/interactions/{click.id}/{click.token}/callback"
            assert (await raw_post(fake, clicked, {"type": 7, "data": too_long}))[0] == 400
            assert inter.original.content == "fine" and not click.responded

            assert (await raw_post(fake, channel, long_label))[0] == 400
            status, posted = await raw_post(fake, channel, fine)
            assert (await raw_request(fake, "PATCH", f"{channel}/{posted['id']}", too_long))[0] == 400
            dm = fake.dm_channel("carol")
            assert (await raw_post(fake, f"/channels/{dm.id}/messages", too_long))[0] == 400

    where = [(r.route.split("/")[1], r.method, (r.field or "").split(":")[0]) for r in refused]
    assert where == [
        ("interactions", "POST", "data.content"),
        ("interactions", "POST", "data.components.0.components.0.label"),
        ("webhooks", "POST", "content"),
        ("webhooks", "PATCH", "content"),
        ("webhooks", "PATCH", "components.0.components.0.label"),
        ("interactions", "POST", "data.content"),
        ("channels", "POST", "components.0.components.0.label"),
        ("channels", "PATCH", "content"),
        ("channels", "POST", "content"),
    ]
    assert all("<token>" in r.route for r in refused[:6]) and inter.token not in str(refused)
    assert "slash 'hush' by alice" in str(refused[0]) and "DM with carol" in str(refused[-1])
    assert [m.content for m in fake.channel_messages()] == ["fine", "edited", "fine"]
    assert fake.dms("carol") == []


async def test_a_too_long_followup_is_refused(fake: FakeDiscord) -> None:
    bot = SmokeBot(fake.guild_id)
    outcome: list[object] = []

    @bot.tree.command(description="Talk too much")
    async def ramble(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        for text in ("x" * 2001, "short", "y" * 2001):  # the first would replace "thinking"
            try:
                await interaction.followup.send(text)
                outcome.append("sent")
            except discord.HTTPException as exc:
                outcome.append((exc.status, exc.code))

    async with running(bot, fake):
        with fake.expecting_refusals(50035) as refused:
            inter = await fake.slash("alice", "ramble")
            await fake.wait_until(lambda: len(outcome) == 3, what="three follow-ups")
    assert outcome == [(400, 50035), "sent", (400, 50035)]
    assert [r.field for r in refused] == ["content: Must be 2000 or fewer in length."] * 2
    assert [r.detail for r in refused] == [f"2001 characters: '{c * 56}..." for c in "xy"]
    assert [m.content for m in inter.messages] == ["short"]


async def test_a_too_long_autocomplete_choice_name_is_refused(fake: FakeDiscord) -> None:
    bot = SmokeBot(fake.guild_id)

    @bot.tree.command(description="Pick a house")
    async def house(interaction: discord.Interaction, name: str, seat: int) -> None:
        await interaction.response.send_message(name)

    @house.autocomplete("name")
    async def names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        if current == "long":
            return [
                app_commands.Choice(name="Stark", value="stark"),
                app_commands.Choice(name="x" * 101, value="x"),
            ]
        if current == "many":
            return [app_commands.Choice(name=f"House {i}", value=str(i)) for i in range(26)]
        return [app_commands.Choice(name="Stark of Winterfell", value="s" * 100)]

    @house.autocomplete("seat")
    async def seats(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        return [app_commands.Choice(name="first", value="one")]  # type: ignore[arg-type]  # not an int

    async with running(bot, fake):
        assert await fake.autocomplete("alice", "house", focused="name", options={"name": "s"}) == [
            {"name": "Stark of Winterfell", "value": "s" * 100}
        ]
        with fake.expecting_refusals(50035) as refused:
            for focused, typed in (("name", "long"), ("name", "many"), ("seat", "1")):
                # The bot's answer is refused, so no choices ever come: wait for the refusal instead.
                typing = asyncio.create_task(
                    fake.autocomplete("alice", "house", focused=focused, options={focused: typed})
                )
                count = len(refused)
                await fake.wait_until(lambda n=count: len(refused) > n, what="the refusal")
                typing.cancel()
    assert [r.field for r in refused] == [
        "data.choices.1.name: Must be between 1 and 100 in length.",
        "data.choices: Must be 25 or fewer in length.",
        "data.choices.0.value: Value is not int.",
    ]
    assert refused[0].detail is not None and refused[0].detail.startswith("101 characters")


def text_input(**extra: Any) -> Json:
    return {"type": 4, "custom_id": "orders", "style": 1, "label": "Orders", **extra}


def modal(title: str, *rows: Json) -> Json:
    return {"type": 9, "data": {"custom_id": "m", "title": title, "components": list(rows)}}


LABELLED = {"type": 18, "label": "Orders", "component": {"type": 4, "custom_id": "o2", "style": 2}}
INVALID_MODALS: list[tuple[Json, str]] = [
    (modal("x" * 46, row(text_input())), "data.title"),
    (modal("Orders", row(text_input(label="x" * 46))), "data.components.0.components.0.label"),
    (modal("Orders", row(text_input(value="x" * 4001))), "data.components.0.components.0.value"),
    (modal("Orders", row(text_input(max_length=4001))), "data.components.0.components.0.max_length"),
    (
        modal("Orders", row(text_input(min_length=10, max_length=5))),
        "data.components.0.components.0.min_length",
    ),
    (modal("Orders", row(text_input(placeholder="x" * 101))), "data.components.0.components.0.placeholder"),
    (modal("Orders", {**LABELLED, "label": "x" * 46}), "data.components.0.label"),
    (modal("Orders", *[row(text_input(custom_id=f"t{i}")) for i in range(6)]), "data.components"),
    (modal("Orders", row(text_input()), row(text_input())), "data.components.1.components.0.custom_id"),
]


async def test_modal_limits(fake: FakeDiscord) -> None:
    async with running(Quiet(fake.guild_id), fake):
        with fake.expecting_refusals(50035) as refused:
            for payload, _ in INVALID_MODALS:
                inter = await fake.slash("alice", "hush")
                status, _ = await raw_post(fake, f"/interactions/{inter.id}/{inter.token}/callback", payload)
                assert status == 400
        inter = await fake.slash("alice", "hush")
        ok = modal("x" * 45, row(text_input(value="v" * 4000, max_length=4000)), LABELLED)
        assert (await raw_post(fake, f"/interactions/{inter.id}/{inter.token}/callback", ok))[0] == 204
        assert inter.modal is not None and [c["custom_id"] for c in inter.modal.inputs()] == ["orders", "o2"]
    assert [(r.field or "").split(":")[0] for r in refused] == [path for _, path in INVALID_MODALS]


def poster_bot(fake: FakeDiscord, seen: dict[str, object]) -> SmokeBot:
    """``/post text [with_file]``: answers the interaction, then posts in the channel itself."""
    bot = SmokeBot(fake.guild_id)

    @bot.tree.command(description="Post in this channel")
    async def post(interaction: discord.Interaction, text: str, with_file: bool = False) -> None:
        seen["app_send"] = interaction.app_permissions.send_messages
        await interaction.response.send_message("trying", ephemeral=True)  # allowed whatever the channel
        assert isinstance(interaction.channel, discord.TextChannel)
        try:
            if with_file:
                await interaction.channel.send(text, file=png_file())
            else:
                await interaction.channel.send(text)
            seen["result"] = "sent"
        except discord.Forbidden as exc:
            seen["result"] = (exc.status, exc.code)

    return bot


async def test_channel_overwrites_and_role_changes_limit_the_bot(fake: FakeDiscord) -> None:
    seen: dict[str, object] = {}

    async def post(text: str, channel: str = "game", with_file: bool = False) -> object:
        seen.clear()
        inter = await fake.slash(
            "alice", "post", options={"text": text, "with_file": with_file}, channel=channel
        )
        await fake.wait_until(lambda: "result" in seen, what="the bot's post")
        assert [m.content for m in inter.messages] == ["trying"]  # the interaction response always works
        return seen["result"]

    async with running(poster_bot(fake, seen), fake) as client:
        # GUILD_CREATE is on the wire once the client identified; a busy machine may read it later.
        await fake.wait_until(lambda: client.get_channel(fake.channel.id), what="the guild's channels cached")
        channel = client.get_channel(fake.channel.id)
        assert isinstance(channel, discord.TextChannel)
        me = channel.guild.me
        assert channel.permissions_for(me).send_messages and await post("first") == "sent"

        # No Send Messages for the bot (a member overwrite): CHANNEL_UPDATE reaches discord.py's cache,
        # app_permissions says so, and a post is refused with 403 / 50013.
        fake.set_channel_overwrite("game", "bot", deny=Perm.SEND_MESSAGES)
        assert fake.channel.payload()["permission_overwrites"] == [
            {"id": str(fake.bot_user.id), "type": 1, "allow": "0", "deny": str(Perm.SEND_MESSAGES)}
        ]
        await fake.wait_until(lambda: not channel.permissions_for(me).send_messages, what="CHANNEL_UPDATE")
        assert channel.overwrites_for(me).send_messages is False
        assert await post("second") == (403, 50013) and seen["app_send"] is False
        refusal = fake.refusals[-1]
        assert refusal.expected and refusal.code == 50013  # the test took the permission away
        assert refusal.field == "permissions: the bot lacks SEND_MESSAGES in #game (Westeros)"
        member_perms = int(fake.interactions[-1].payload["member"]["permissions"])
        assert member_perms & Perm.SEND_MESSAGES  # Alice may still write there
        assert fake.permissions_in(fake.users["admin"], fake.channel) == Perm.ALL  # the owner: everything

        # Nobody may see #game (@everyone), but the bot's role may, without Attach Files.
        fake.remove_channel_overwrite("game", "bot")
        fake.set_channel_overwrite("game", "@everyone", deny=Perm.VIEW_CHANNEL)
        await fake.wait_until(lambda: not channel.permissions_for(me).view_channel, what="CHANNEL_UPDATE")
        assert await post("third") == (403, 50001) and fake.refusals[-1].message == "Missing Access"
        fake.set_channel_overwrite("game", "Bot", allow=Perm.VIEW_CHANNEL, deny=Perm.ATTACH_FILES)
        await fake.wait_until(lambda: channel.permissions_for(me).view_channel, what="CHANNEL_UPDATE")
        assert await post("fourth") == "sent"
        assert await post("fifth", with_file=True) == (403, 50013)
        assert fake.refusals[-1].field == "permissions: the bot lacks ATTACH_FILES in #game (Westeros)"

        # Role permissions change (GUILD_ROLE_UPDATE): neither @everyone nor the bot's role may send.
        general = client.get_channel(fake.get_channel("general").id)
        assert isinstance(general, discord.TextChannel)
        fake.set_role_permissions("@everyone", Perm.EVERYONE & ~Perm.SEND_MESSAGES)
        fake.set_role_permissions("Bot", Perm.EVERYONE & ~Perm.SEND_MESSAGES)
        await fake.wait_until(lambda: not general.permissions_for(me).send_messages, what="GUILD_ROLE_UPDATE")
        assert await post("sixth", channel="general") == (403, 50013)

    assert [m.content for m in fake.channel_messages()] == ["first", "fourth"]
    assert len(fake.refusals) == 4 and fake.unexpected_refusals() == []


async def test_files_over_the_upload_limit_are_refused_with_413(fake: FakeDiscord) -> None:
    bot = SmokeBot(fake.guild_id)
    outcome: list[object] = []

    def blob(size: int, name: str = "orders.bin") -> discord.File:
        return discord.File(io.BytesIO(b"\0" * size), filename=name)

    async def attempt(send: Any) -> None:
        try:
            await send
            outcome.append("sent")
        except discord.HTTPException as exc:
            outcome.append((exc.status, exc.code))

    @bot.tree.command(description="Upload")
    async def upload(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        await attempt(interaction.followup.send("big", file=blob(10 * 1024 * 1024 + 1)))
        await attempt(interaction.followup.send("at the limit", file=blob(10 * 1024 * 1024)))
        fake.upload_limit = 5000
        await attempt(interaction.channel.send("two", files=[blob(3000, "a.bin"), blob(3000, "b.bin")]))
        await attempt(interaction.channel.send("one", file=blob(4000)))

    assert fake.upload_limit == 10 * 1024 * 1024
    async with running(bot, fake):
        with fake.expecting_refusals(40005) as refused:
            inter = await fake.slash("alice", "upload")
            await fake.wait_until(lambda: len(outcome) == 4, what="four uploads")
    assert outcome == [(413, 40005), "sent", (413, 40005), "sent"]
    assert inter.payload["attachment_size_limit"] == 10 * 1024 * 1024
    assert [(r.status, r.code, r.message) for r in refused] == [(413, 40005, "Request entity too large")] * 2
    assert refused[1].field == "files: 6000 bytes in all, over the upload limit of 5000"
    assert refused[1].route == f"/channels/{fake.channel.id}/messages"
    assert [m.content for m in fake.channel_messages()] == ["at the limit", "one"]


async def test_an_unexpected_413_fails_the_check(fake: FakeDiscord) -> None:
    fake.upload_limit = 10
    data = aiohttp.FormData()
    data.add_field("payload_json", '{"content": "x"}', content_type="application/json")
    data.add_field("files[0]", b"0123456789!", filename="big.bin")
    url = f"{fake.api_url}/channels/{fake.channel.id}/messages"
    async with (
        aiohttp.ClientSession() as http,
        http.post(url, data=data, headers={"Authorization": "Bot x"}) as r,
    ):
        assert (r.status, (await r.json())["code"]) == (413, 40005)
    with pytest.raises(AssertionError, match="413 40005 Request entity too large"):
        fake.check_refusals()
    fake.refusals.clear()


async def test_private_threads_their_members_archiving_and_what_discord_refuses(fake: FakeDiscord) -> None:
    """The bot opens a private thread under #game, adds and removes members, posts, archives and locks it;
    the fake refuses what Discord would (a missing permission, an archived thread, a bad name, too many
    threads) and shows a private thread to its members alone."""
    client = discord.Client(intents=discord.Intents(guilds=True))

    async def refused(call: Any) -> tuple[int, int]:
        with pytest.raises(discord.HTTPException) as caught:
            await call
        return caught.value.status, caught.value.code

    async with running(client, fake):
        channel = client.get_channel(fake.channel.id)
        assert isinstance(channel, discord.TextChannel)
        http = client.http
        thread = await channel.create_thread(
            name="Raven: Stark ↔ Lannister", type=discord.ChannelType.private_thread, invitable=False
        )
        assert thread.type is discord.ChannelType.private_thread and thread.parent_id == channel.id
        await fake.wait_until(lambda: channel.guild.get_thread(thread.id), what="THREAD_CREATE in the cache")
        made = fake.thread("Raven: Stark ↔ Lannister")
        assert made.id == thread.id and fake.thread_members(made) == ["bot"] and not made.invitable
        for who in ("alice", "bob", "alice"):  # adding a member twice changes nothing
            await http.add_user_to_thread(thread.id, fake.users[who].id)
        assert fake.thread_members(made) == ["bot", "alice", "bob"]
        listed = await http.get_thread_members(thread.id)
        assert [int(m["user_id"]) for m in listed] == [
            fake.bot_user.id,
            fake.users["alice"].id,
            fake.users["bob"].id,
        ]

        await thread.send("A raven arrives.")
        assert [m.content for m in fake.channel_messages(made)] == ["A raven arrives."]
        assert fake.can_see("alice", made) and not fake.can_see("carol", made)
        assert fake.can_see("admin", made)  # Manage Threads (an administrator) sees every private thread
        assert "A raven arrives." not in [m.content for m in fake.visible_to("carol")]
        with pytest.raises(PermissionError):
            await fake.slash("carol", "game", channel=made)  # Carol cannot even see it

        await http.remove_user_from_thread(thread.id, fake.users["bob"].id)
        assert fake.thread_members(made) == ["bot", "alice"]
        assert await refused(http.remove_user_from_thread(thread.id, fake.users["bob"].id)) == (404, 10007)

        await http.edit_channel(thread.id, archived=True, locked=True)
        assert made.archived and made.locked
        with fake.expecting_refusals(50083) as archived:
            assert await refused(http.add_user_to_thread(thread.id, fake.users["carol"].id)) == (400, 50083)
            assert await refused(http.edit_channel(thread.id, locked=False)) == (400, 50083)
        assert len(archived) == 2 and archived[0].message == "Thread is archived"
        await http.edit_channel(thread.id, archived=False, locked=False)  # unarchived: members may change
        await http.add_user_to_thread(thread.id, fake.users["carol"].id)
        await http.edit_channel(thread.id, archived=True, locked=True)
        assert fake.thread_members(made) == ["bot", "alice", "carol"]

        with fake.expecting_refusals(50035, 160006, 50024) as bad:
            long_name = channel.create_thread(name="x" * 101, type=discord.ChannelType.private_thread)
            assert await refused(long_name) == (400, 50035)
            fake.max_active_threads = 0
            assert await refused(channel.create_thread(name="one too many")) == (400, 160006)
            fake.max_active_threads = 1000
            assert await refused(http.add_user_to_thread(channel.id, fake.users["bob"].id)) == (400, 50024)
        assert [r.code for r in bad] == [50035, 160006, 50024]

        # Without Create Private Threads and Manage Threads (a channel overwrite) the bot may neither open a
        # private thread nor unarchive a locked one.
        fake.set_channel_overwrite("game", "bot", deny=Perm.CREATE_PRIVATE_THREADS | Perm.MANAGE_THREADS)
        await fake.wait_until(lambda: not channel.permissions_for(channel.guild.me).create_private_threads)
        assert await refused(channel.create_thread(name="denied")) == (403, 50013)
        assert "CREATE_PRIVATE_THREADS" in (fake.refusals[-1].field or "")
        assert await refused(http.edit_channel(thread.id, archived=False)) == (403, 50013)
        assert "MANAGE_THREADS" in (fake.refusals[-1].field or "")
    assert fake.unexpected_refusals() == []


def _command(**fields: Any) -> Json:
    """A slash command with one option and two choices, as a sync sends it; ``fields`` replace parts."""
    option: Json = {
        "type": 3,
        "name": "houses",
        "description": "How houses are given",
        "name_localizations": {"es-ES": "casas"},
        "choices": [
            {"name": "choose", "value": "choose", "name_localizations": {"es-ES": "elegir"}},
            {"name": "random", "value": "random", "name_localizations": {"es-ES": "al azar"}},
        ],
    }
    command: Json = {
        "type": 1,
        "name": "create",
        "description": "Create a game",
        "name_localizations": {"es-ES": "crear", "it": "crea"},
        "description_localizations": {"es-ES": "Crea una partida"},
        "options": [option, {"type": 4, "name": "players", "description": "How many"}],
    }
    return {**command, **fields}


async def test_synced_commands_keep_their_localizations_within_discords_rules(fake: FakeDiscord) -> None:
    path = f"/applications/{fake.application_id}/guilds/{fake.guild_id}/commands"
    status, _ = await raw_request(fake, "PUT", path, [_command()])
    assert status == 200
    [stored] = fake.synced_commands(guild=True)
    assert stored["name_localizations"] == {"es-ES": "crear", "it": "crea"}
    assert stored["options"][0]["choices"][1]["name_localizations"] == {"es-ES": "al azar"}

    refused = {
        "a name with capitals": _command(name_localizations={"es-ES": "Crear"}),
        "a name with a space": _command(name_localizations={"pt-BR": "criar jogo"}),
        "a locale Discord lacks": _command(name_localizations={"es": "crear"}),
        "a long description": _command(description_localizations={"it": "x" * 101}),
        "an empty choice": _command(
            options=[
                {
                    **_command()["options"][0],
                    "choices": [{"name": "a", "value": "a", "name_localizations": {"it": ""}}],
                }
            ]
        ),
        "two options of one name in Spanish": _command(
            options=[
                _command()["options"][0],
                {
                    "type": 4,
                    "name": "players",
                    "description": "How many",
                    "name_localizations": {"es-ES": "casas"},
                },
            ]
        ),
    }
    with fake.expecting_refusals(50035) as refusals:
        for why, command in refused.items():
            status, body = await raw_request(fake, "PUT", path, [command])
            assert (status, body["code"]) == (400, 50035), why
        # two commands whose Italian names are the same
        twins = [_command(), _command(name="join", name_localizations={"it": "crea"})]
        status, _ = await raw_request(fake, "PUT", path, twins)
        assert status == 400
    assert "Option names must be unique (es-ES: casas)" in refusals[5].field
    assert "Application command names must be unique (it: crea)" in refusals[6].field
    assert fake.synced_commands(guild=True) == [stored]  # nothing refused was kept


async def test_interactions_carry_the_persons_and_the_servers_locales(fake: FakeDiscord) -> None:
    fake.user("alice").locale = "es-419"
    fake.home.preferred_locale = "pt-BR"
    bot = game_bot(fake)
    seen: list[tuple[str, str | None]] = []

    @bot.event
    async def on_interaction(interaction: discord.Interaction) -> None:
        guild = interaction.guild_locale.value if interaction.guild_locale else None
        seen.append((interaction.locale.value, guild))

    async with running(bot, fake):
        await fake.slash("alice", "game", "create", options={"players": 3, "name": "x"})
        await fake.wait_until(lambda: bool(seen), 5.0, "the interaction")
    assert seen[0] == ("es-419", "pt-BR")


class ShardBot(discord.AutoShardedClient):
    """One process of several: it runs ``shards`` of ``shard_count``, syncs a global /where that says
    which process answered, and keeps the messages it hears from people."""

    def __init__(self, shards: list[int] | None, shard_count: int | None) -> None:
        intents = discord.Intents.default()
        intents.message_content = True
        super().__init__(intents=intents, shard_ids=shards, shard_count=shard_count, guild_ready_timeout=0.05)
        self.name = "process " + ("+".join(map(str, shards)) if shards else "of every shard")
        self.tree = app_commands.CommandTree(self)
        self.heard: list[str] = []

        @self.tree.command(description="Which process answers")
        async def where(interaction: discord.Interaction) -> None:
            place = interaction.guild.name if interaction.guild else "a DM"
            await interaction.response.send_message(f"{self.name} in {place}")

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No pause between shards: Discord's identify rate limit is not the fake's."""

    async def on_message(self, message: discord.Message) -> None:
        if message.author != self.user:
            self.heard.append(message.content)


async def test_each_shard_gets_its_guilds_events_and_shard_zero_the_dms(fake: FakeDiscord) -> None:
    fake.shard_count = 2
    westeros = fake.guild()
    essos = fake.add_guild("Essos", members={"alice": []}, shard=0)
    assert (westeros.id >> 22) % 2 == 1 and (essos.id >> 22) % 2 == 0
    assert (fake.shard_of(westeros), fake.shard_of(essos), fake.shard_of(None)) == (1, 0, 0)
    first, second = ShardBot([0], 2), ShardBot([1], 2)
    async with running(first, fake, wait_ready=True), running(second, fake, wait_ready=True):
        assert [ready["shard"] for ready in fake.identifies] == [[0, 2], [1, 2]]
        assert [g.name for g in first.guilds] == ["Essos"]
        assert [g.name for g in second.guilds] == ["Westeros"]

        here = await fake.slash("alice", "where")
        there = await fake.slash("alice", "where", channel=essos.channel)
        in_dm = await fake.slash("alice", "where", channel="dm")
        assert (await here.wait_message()).content == "process 1 in Westeros"
        assert (await there.wait_message()).content == "process 0 in Essos"
        assert (await in_dm.wait_message()).content == "process 0 in a DM"

        await fake.post("alice", "winter is coming", westeros.channel)
        await fake.post("alice", "across the narrow sea", essos.channel)
        await fake.post("alice", "a whisper", "dm")
        await fake.post("alice", "the last word in Westeros", westeros.channel)
        # Each connection is in order: once its last message is heard, a stray one would be too.
        await fake.wait_until(
            lambda: first.heard == ["across the narrow sea", "a whisper"], what="shard 0's messages"
        )
        await fake.wait_until(
            lambda: second.heard == ["winter is coming", "the last word in Westeros"], what="shard 1's"
        )

        # A shard that loses its connection resumes alone and gets what it missed.
        await fake.drop_gateway(shard=1)
        await fake.post("alice", "while you were away", westeros.channel)
        await fake.wait_until(lambda: fake.resume_count == 1 and fake.connected, what="shard 1 to resume")
        await fake.wait_until(lambda: second.heard[-1] == "while you were away", what="the missed message")
        assert first.heard == ["across the narrow sea", "a whisper"] and fake.identify_count == 2
    assert not fake.shard_connected(0) and not fake.shard_connected(1)


async def test_a_client_without_a_shard_count_runs_every_shard_gateway_bot_recommends(
    fake: FakeDiscord,
) -> None:
    fake.shard_count = 2
    fake.add_guild("Essos", shard=1)
    async with aiohttp.ClientSession() as http:
        response = await http.get(f"{fake.api_url}/gateway/bot", headers={"Authorization": "Bot fake"})
        assert (await response.json())["shards"] == 2
    async with running(ShardBot(None, None), fake, wait_ready=True) as bot:
        assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
        assert sorted(g.name for g in bot.guilds) == ["Essos", "Westeros"]
        assert [ready["shard"] for ready in fake.identifies] == [[0, 2], [1, 2]]


@pytest.mark.parametrize(
    ("shard", "code"),
    [(None, 4011), ([0, 3], 4010), ([2, 2], 4010), ([-1, 2], 4010), ("0", 4010), ([0], 4010)],
)
async def test_an_identify_on_a_shard_the_fake_does_not_have_is_closed(
    fake: FakeDiscord, shard: object, code: int
) -> None:
    fake.shard_count = 2
    identify: Json = {"token": "fake", "intents": 1, "properties": {}}
    if shard is not None:
        identify["shard"] = shard
    async with aiohttp.ClientSession() as http, http.ws_connect(fake.gateway_url) as ws:
        assert (await ws.receive_json())["op"] == 10  # HELLO
        await ws.send_json({"op": 2, "d": identify})
        closing = await ws.receive()
        assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        assert ws.close_code == code
    assert fake.identify_count == 0 and not fake.shard_connected(0)
