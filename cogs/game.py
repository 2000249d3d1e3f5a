"""``/game``: what players do. Create, join and start a game; see its status, board, chronicle and cards;
see and answer one's own decision."""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs import autocomplete, chronicle, embeds, leaving, prompts
from cogs.common import (
    LANGUAGE_CHOICES,
    PLAYER_ERRORS,
    Reply,
    actor_from,
    bot_of,
    current_decision,
    find_game,
    missing_permissions,
    permission_list,
    reader_language,
    reader_words,
    said_to,
    say_privately,
    screens_of_game,
)
from cogs.ids import fingerprint
from cogs.new_game import deadlines as category_deadlines
from cogs.new_game import parse_options, shown_options
from cogs.poster import board_file, report_message
from cogs.screens import screens_of
from cogs.threads import diplomacy_shown, lacking_text, missing_thread_permissions
from cogs.translator import meaning
from data.games import games
from i18n import SOURCE_LANGUAGE, Translator, language_of, say, translator
from table import deadlines, prompting
from table.kinds import DEFAULT_GAME, all_kinds, kind_of
from table.leaving import volunteer as ask_for_seat
from table.prompting import seat_id
from table.session import Session
from table.settings import GameSettings
from table.text import MAX_LINE, clip

if TYPE_CHECKING:
    from bot import MaesterBot
    from table.table import Table

log = logging.getLogger("maester.game")

GAME_OPTION = "The game's number (needed only when you are in several games)"

# Discord's bounds for the player count: wide enough for any game; each game's kind checks its own.
FEWEST, MOST = 1, 12
MAX_OPTIONS = 300  # characters of /game create's options
FIRST_DEADLINES = " / ".join(dict.fromkeys(next(iter(kind.deadlines)) for kind in all_kinds()))


# The commands /game help names.
HELP_COMMANDS = (
    *tuple(
        f"{group} {name}"
        for group, names in (
            (
                "game",
                "create join house watch start act prompt status board log cards report vacation resign",
            ),
            ("game", "volunteer"),
            ("rules", "card area order westeros wildling tides"),
            ("vote", "pause resume extend replace end cancel"),
            (
                "mod",
                "role force undo pause resume deadline replace kick addai end language export import audit",
            ),
        )
        for name in names.split()
    ),
    "ravens",
)


def _commands(words: Translator, *paths: str) -> dict[str, str]:
    """Slash commands as a reader of ``words``' language sees them, quoted: ``create`` -> "`/partida crear`"
    for ``game create``; keyed by the path's words joined with underscores (``mod_end``)."""
    return {path.replace(" ", "_"): f"`{words.command(path)}`" for path in paths}


def help_intro(words: Translator) -> str:
    """The first lines of /game help: what Maester is, and where to start."""
    titles = ", ".join(f"*{words.pgettext('game title', entry.title)}*" for entry in games())
    return words.gettext(
        "**Maester** hosts play-by-post board games: {games}. Open one with {create}; the rest is below.",
        games=titles,
        create=f"`{words.command('game create')}`",
    )


def help_text(words: Translator) -> str:
    """/game help's shared part, in the reader's language: how to play, vote and moderate."""
    c = _commands(words, *HELP_COMMANDS)
    paragraphs = [
        words.gettext("**Playing**"),
        words.gettext(
            "{game_create} opens a game in this channel (choose the game, and its options) · {game_join} "
            "takes a seat · {game_house} picks a house · {game_watch} follows as a spectator · {game_start} "
            "(the creator) deals the houses and begins.",
            **c,
        ),
        words.gettext(
            "Secret decisions come to you by DM as menus and buttons; public ones are asked in the game's "
            "channel, and only you can answer yours. Every prompt has a **Type the answer** button, and "
            "{game_act} answers in the game's notation (below); its **What can I do here?** button explains "
            "the decision and its rules.",
            **c,
        ),
        words.gettext(
            "{game_prompt} shows your decision again · {game_status} · {game_board} · {game_log} · "
            "{game_cards} · {game_report} (the game in numbers, at its end or so far).",
            **c,
        ),
        words.gettext(
            "{rules_card}, {rules_area}, {rules_order}, {rules_westeros}, {rules_wildling}, "
            "{rules_tides}: the "
            "rules reference of this channel's game, privately.",
            **c,
        ),
        words.gettext(
            "Each pair of players has a private thread (a raven) under the game's channel, and all the "
            "players a council; {ravens} lists yours.",
            **c,
        ),
        words.gettext(
            "{game_vacation} sets the days you are away (your decisions then take their defaults after an "
            "hour) · {game_resign} leaves a running game for good · {game_volunteer} asks for a seat nobody "
            "plays, or an absent player's.",
            **c,
        ),
        "",
        words.gettext(
            "**Votes** (any seated player): {vote_pause}, {vote_resume}, {vote_extend}, {vote_replace} (two "
            "thirds of the other players), {vote_end} after this round, {vote_cancel} (everyone); answered "
            "with buttons in the channel.",
            **c,
        ),
        "",
        words.gettext(
            "**Moderators** (the game's creator, this server's administrators, and its moderator role, which "
            "the administrators choose with {mod_role}): {mod_force}, {mod_undo}, {mod_pause}, {mod_resume}, "
            "{mod_deadline} (and the reminders), {mod_replace}, {mod_kick}, {mod_addai}, {mod_end} (now or "
            "after the round), {mod_language}, {mod_export}, {mod_import}, {mod_audit}. A moderator who also "
            "plays sees no other house's secret in them while the game runs.",
            **c,
        ),
    ]
    return "\n".join(paragraphs)


def help_embeds(words: Translator) -> list[discord.Embed]:
    """/game help's embeds: the shared part, then each game's (its notation), in the reader's language."""
    found = [discord.Embed(title="Maester", description=clip(help_text(words), 4000))]
    for entry in games():
        text = screens_of(entry.id).help(words.language)
        if text:
            title = words.pgettext("game title", entry.title)
            found.append(discord.Embed(title=clip(title, 256), description=clip(text, 4000)))
    return found


def server_language(interaction: discord.Interaction) -> str:
    """A new game's language unless its creator chooses: the server's preferred locale's."""
    locale = interaction.guild_locale
    return language_of(locale.value) if locale is not None else SOURCE_LANGUAGE


def opened(session: Session, creator: str) -> str:
    """The channel's news that a game is open, in the game's language."""
    words = translator(session.settings.language)
    settings = session.settings
    shown = shown_options(settings.kind, settings.options, words) + diplomacy_shown(settings, words)
    fields = {
        "name": session.name,
        "id": session.id,
        "title": words.pgettext("game title", settings.kind.title),
        "count": settings.players,
        "extras": words.gettext(", with {options}", options=", ".join(shown)) if shown else "",
    }
    if settings.house_assignment == "choose":
        open_ = words.ngettext(
            "🏰 **{name}** is open: game **{id}** of {title}, for {count} player who chooses a "
            "house{extras}.",
            "🏰 **{name}** is open: game **{id}** of {title}, for {count} players who choose their "
            "houses{extras}.",
            settings.players,
            **fields,
        )
    else:
        open_ = words.ngettext(
            "🏰 **{name}** is open: game **{id}** of {title}, for {count} player dealt a house at "
            "random{extras}.",
            "🏰 **{name}** is open: game **{id}** of {title}, for {count} players dealt houses at "
            "random{extras}.",
            settings.players,
            **fields,
        )
    join = words.gettext(
        "Join with {join}; {creator} starts it with {start} when every seat is taken.",
        join=f"`{words.command('game join')}`",
        start=f"`{words.command('game start')}`",
        creator=creator,
    )
    return f"{open_} {join}"


class GameCog(commands.GroupCog, group_name="game", group_description="Play a board game by post"):
    def __init__(self, bot: MaesterBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def table(self) -> Table:
        return self.bot.table

    # --- the lobby -------------------------------------------------------------------------------------

    @app_commands.command(name="create", description="Open a new game in this channel")
    @app_commands.describe(
        players="How many players (each game says how many it takes)",
        game="The game to play (A Game of Thrones unless you choose another)",
        houses="Players choose their houses, or they are dealt at random at the start",
        no_move="When a deadline passes: wait for the player, or apply the default answer",
        hours=f"Hours for {FIRST_DEADLINES}; the game's other decisions get time in proportion",
        options="The game's own options as name=value, separated by commas (suggested as you type)",
        name="A name for the game",
        diplomacy="Private threads between players: read by the players alone, or moderators too; or off",
        diplomacy_end="At the end the threads are archived for their members, or opened to all (/ravens)",
        reminders="Hours before each deadline when the player is reminded (6, 1 unless you say; none)",
        resigned="When a player resigns: an AI plays the seat, or it waits for a volunteer",
        volunteers="A volunteer takes a seat nobody plays after the players' vote, or at once",
        when_down="While the bot is down, deadlines stop (the time is given back) or run on",
        language="The language of the game's posts in this channel (default: this server's)",
    )
    @app_commands.autocomplete(game=autocomplete.game_ids, options=autocomplete.game_options)
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.rename(game=meaning("game", "which board game"))  # elsewhere a game's number
    async def create(
        self,
        interaction: discord.Interaction,
        players: app_commands.Range[int, FEWEST, MOST],
        game: app_commands.Range[str, 1, 40] = DEFAULT_GAME,
        houses: Literal["choose", "random"] = "choose",
        no_move: Literal["wait", "default"] = "wait",
        hours: app_commands.Range[float, 0.0, 8760.0] | None = None,
        options: app_commands.Range[str, 0, MAX_OPTIONS] = "",
        name: app_commands.Range[str, 0, 80] = "",
        diplomacy: Literal["players", "moderators", "off"] = "players",
        diplomacy_end: Literal["archive", "open"] = "archive",
        reminders: app_commands.Range[str, 0, 60] | None = None,
        resigned: Literal["ai", "wait"] = "ai",
        volunteers: Literal["vote", "direct"] = "vote",
        when_down: Literal["stop", "run"] = "stop",
        language: str | None = None,
    ) -> None:
        words = reader_words(interaction)
        if interaction.guild_id is None or interaction.channel_id is None:
            await say_privately(
                interaction,
                words.gettext("❌ Create a game in a server channel: its boards are posted there."),
            )
            return
        missing = missing_permissions(interaction.app_permissions)
        if missing:
            await say_privately(
                interaction,
                words.gettext(
                    "❌ I cannot run a game in this channel: I lack {permissions} here. A server "
                    "administrator "
                    "can grant them in the channel's settings (Permissions, then my role or me), then run "
                    "{create} again.",
                    permissions=permission_list(words, missing),
                    create=f"`{words.command('game create')}`",
                ),
            )
            return
        lacking = missing_thread_permissions(interaction.app_permissions) if diplomacy != "off" else []
        if lacking:
            here = words.gettext("this channel")
            await say_privately(
                interaction,
                words.gettext(
                    "❌ I cannot open this game's diplomacy threads: {lacking}. Then run {create} again, or "
                    "create the game with `{option}: {off}`.",
                    lacking=lacking_text(words, lacking, here),
                    create=f"`{words.command('game create')}`",
                    option=words.pgettext("option name", "diplomacy"),
                    off=words.pgettext("choice name", "off"),
                ),
            )
            return
        async with Reply(interaction, ephemeral=False) as reply:
            kind = kind_of(game)
            settings = GameSettings(
                game=game,
                players=players,
                house_assignment=houses,
                options=parse_options(kind, options),
                no_move_policy=no_move,
                deadlines=category_deadlines(kind, hours),
                diplomacy=diplomacy,
                diplomacy_end=diplomacy_end,
                **({} if reminders is None else {"reminders": deadlines.parse_reminders(reminders)}),
                resigned_seat=resigned,
                volunteers=volunteers,
                pause_when_down=when_down == "stop",
                language=language or server_language(interaction),
            )
            session = await self.table.create_game(
                actor_from(interaction),
                channel_id=interaction.channel_id,
                guild_id=interaction.guild_id,
                settings=settings,
                name=name.strip(),
            )
            log.info(
                "game %s: created in channel %s by user %s",
                session.id,
                session.channel_id,
                interaction.user.id,
            )
            await reply.send(opened(session, interaction.user.mention))

    @app_commands.command(name="join", description="Take a seat in a game")
    @app_commands.describe(house="The house you want (if houses are chosen)", game=GAME_OPTION)
    @app_commands.autocomplete(house=autocomplete.free_houses, game=autocomplete.games)
    async def join(
        self, interaction: discord.Interaction, house: str | None = None, game: int | None = None
    ) -> None:
        async with Reply(interaction, ephemeral=False) as reply:
            session = self._lobby_game(interaction, game)
            outcome = await self.table.join(session.id, actor_from(interaction), house)
            log.info("game %s: user %s joins", session.id, interaction.user.id)
            await reply.send(say(outcome.message, session.settings.language))

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=autocomplete.games)
    async def leave(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with Reply(interaction, ephemeral=False) as reply:
            session = find_game(interaction, game)
            outcome = await self.table.leave(session.id, actor_from(interaction))
            log.info("game %s: user %s leaves", session.id, interaction.user.id)
            await reply.send(say(outcome.message, session.settings.language))

    @app_commands.command(name="house", description="Choose your house (before the game starts)")
    @app_commands.describe(house="The house you want", game=GAME_OPTION)
    @app_commands.autocomplete(house=autocomplete.free_houses, game=autocomplete.games)
    async def house(self, interaction: discord.Interaction, house: str, game: int | None = None) -> None:
        async with Reply(interaction, ephemeral=False) as reply:
            session = find_game(interaction, game)
            outcome = await self.table.choose_house(session.id, actor_from(interaction), house)
            log.info("game %s: user %s chooses a house", session.id, interaction.user.id)
            await reply.send(say(outcome.message, session.settings.language))

    @app_commands.command(name="watch", description="Follow a game as a spectator")
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=autocomplete.games)
    async def watch(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with Reply(interaction, ephemeral=False) as reply:
            session = find_game(interaction, game)
            outcome = await self.table.spectate(session.id, actor_from(interaction))
            await reply.send(say(outcome.message, session.settings.language))

    @app_commands.command(name="start", description="Start the game (its creator, once every seat is taken)")
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=autocomplete.games)
    async def start(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            session = self._lobby_game(interaction, game)
            outcome = await self.table.start(session.id, actor_from(interaction))
            bot_of(interaction).wake()
            log.info("game %s: started by user %s", session.id, interaction.user.id)
            await reply.send(
                reader_words(interaction).gettext(
                    "✅ {outcome} The board and the first prompts are on their way.", outcome=outcome.message
                )
            )

    def _lobby_game(self, interaction: discord.Interaction, game: int | None) -> Session:
        """For joining: the game named, else the only game of this channel still in its lobby (a person who
        joins is in no game yet, so their own games cannot tell)."""
        if game is None:
            lobbies = [
                s for s in self.table.games_in_channel(interaction.channel_id or -1) if s.status == "lobby"
            ]
            if len(lobbies) == 1:
                return lobbies[0]
        return find_game(interaction, game)

    # --- looking -----------------------------------------------------------------------------------------

    @app_commands.command(name="status", description="Round, phase, seats, and who must act by when")
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=autocomplete.games)
    async def status(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with Reply(interaction, ephemeral=True, defer=False) as reply:
            session = find_game(interaction, game)
            await reply.send(embed=embeds.status_embed(session, reader_language(interaction)))

    @app_commands.command(name="board", description="The board as it stands")
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=autocomplete.games)
    async def board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            session = find_game(interaction, game)
            played = session.require_game()
            # the spectator's view (the image hides every secret), in the game's language
            file = await board_file(played.view(None), session.settings.language)
            readout = played.readout()
            language = reader_language(interaction)
            payload = {
                "game": session.settings.game,
                "game_id": session.id,
                "game_name": session.name,
                "title": session.kind.board_title(readout, language),
                "round": readout.round,
                "phase": readout.phase,
                "over": readout.over,
                "summary": list(session.summary),
                "waiting": session.waiting_summary(),
            }
            kwargs = {"file": file} if file is not None else {}
            embed = embeds.board_embed(payload, image=file is not None, language=language)
            await reply.send(embed=embed, **kwargs)

    @app_commands.command(
        name="report", description="The game in numbers: standings, battles, castles by round, power, cards"
    )
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=autocomplete.games)
    async def report(self, interaction: discord.Interaction, game: int | None = None) -> None:
        """The end-of-game report again, or the game so far: it replays the game and draws a chart, so it
        is a command of its own (deferred) rather than part of /game status, which answers at once."""
        async with Reply(interaction, ephemeral=True) as reply:
            session = find_game(interaction, game)
            payload = await self.table.report(session.id, actor_from(interaction))
            message = await report_message(screens_of_game(session), payload)
            if message is None:
                words = reader_words(interaction)
                title = words.pgettext("game title", session.kind.title)
                await reply.send(words.gettext("{title} keeps no report of its games.", title=title))
                return
            await reply.send(**message)

    @app_commands.command(name="log", description="What has happened in the game (its chronicle), by pages")
    @app_commands.describe(
        page="Which page (the latest by default)",
        file="Attach the whole chronicle as a text file",
        game=GAME_OPTION,
    )
    @app_commands.autocomplete(game=autocomplete.games)
    async def log_(
        self,
        interaction: discord.Interaction,
        page: app_commands.Range[int, 1, 100_000] | None = None,
        file: bool = False,
        game: int | None = None,
    ) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            session = find_game(interaction, game)
            actor = actor_from(interaction)
            message = await chronicle.page(
                self.table, session, actor, None if page is None else page - 1, reader_language(interaction)
            )
            kwargs: dict[str, Any] = {"embed": message.embed, "view": message.view}
            if file:
                lines = await self.table.whole_chronicle(session.id, actor)
                text = "\n".join(lines) + "\n"
                kwargs["file"] = discord.File(
                    io.BytesIO(text.encode()), filename=f"chronicle-{session.id}.txt"
                )
            await reply.send(**kwargs)

    @app_commands.command(name="list", description="The games of this server: open, running and finished")
    async def list_(self, interaction: discord.Interaction) -> None:
        async with Reply(interaction, ephemeral=True, defer=False) as reply:
            actor = actor_from(interaction)
            words = reader_words(interaction)
            if actor.guild_id is None:
                games = self.table.reachable_games(actor)
                title = words.gettext("Your games")
            else:
                games = [s for s in self.table.reachable_games(actor) if s.guild_id == actor.guild_id]
                title = words.gettext("The games of this server")
            await reply.send(embed=embeds.games_embed(title, games, words.language))

    @app_commands.command(name="notify", description="Where you are pinged when a decision is yours")
    @app_commands.describe(where="By DM alone (the prompt itself), or also a mention in the game's channel")
    async def notify(self, interaction: discord.Interaction, where: Literal["dm", "channel"]) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            outcome = await self.table.set_pings(actor_from(interaction), where)
            await reply.send(f"✅ {said_to(interaction, outcome.message)}")

    @app_commands.command(name="language", description="The language Maester writes to you in")
    @app_commands.describe(language="Your language, or Discord's (the language your Discord is in)")
    @app_commands.choices(
        language=[*LANGUAGE_CHOICES, app_commands.Choice(name="Discord's language", value="discord")]
    )
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            chosen = None if language == "discord" else language
            outcome = await self.table.set_language(actor_from(interaction), chosen)
            await reply.send(f"✅ {said_to(interaction, outcome.message)}")

    @app_commands.command(name="cards", description="The cards in hand and discarded (in a game with cards)")
    @app_commands.describe(house="One house only", game=GAME_OPTION)
    @app_commands.autocomplete(house=autocomplete.seated_houses, game=autocomplete.games)
    async def cards(
        self, interaction: discord.Interaction, house: str | None = None, game: int | None = None
    ) -> None:
        async with Reply(interaction, ephemeral=True, defer=False) as reply:
            session = find_game(interaction, game)
            seat = seat_id(session.kind, house) if house else None
            await reply.send(embed=embeds.cards_embed(session, seat, reader_language(interaction)))

    # --- deciding ----------------------------------------------------------------------------------------

    @app_commands.command(name="prompt", description="Show your current decision again (privately)")
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=autocomplete.games)
    async def prompt(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with Reply(interaction, ephemeral=True, defer=False) as reply:
            session = find_game(interaction, game)
            actor = actor_from(interaction)
            current = current_decision(self.table, session, actor)
            if current is None:
                words = translator(self.table.reader_language(actor))
                await reply.send(
                    words.gettext("Nothing is waiting for you in **{game}** now.", game=session.name)
                )
                return
            note = prompts.answered_note(current)
            screen = prompts.answer_screen(current.payload, current.answer)
            extras = prompting.extras(session, current.decision)
            message = prompts.build_prompt(current.payload, extras, screen, note=note)
            await reply.send(message.content, embed=message.embed, view=message.view)

    @app_commands.command(name="act", description="Answer your current decision in notation")
    @app_commands.describe(line="Your answer in the game's notation (see /game help)", game=GAME_OPTION)
    @app_commands.autocomplete(line=autocomplete.my_line, game=autocomplete.games)
    async def act(
        self,
        interaction: discord.Interaction,
        line: app_commands.Range[str, 1, MAX_LINE],
        game: int | None = None,
    ) -> None:
        # What the person was asked when they sent this, read before anything awaits: the table checks
        # it under the game's lock, so a line sent twice is not applied to the next decision too.
        actor = actor_from(interaction)
        try:
            session = find_game(interaction, game)
            before = current_decision(self.table, session, actor)
        except PLAYER_ERRORS as error:
            await say_privately(interaction, f"❌ {said_to(interaction, error)}")
            return
        async with Reply(interaction, ephemeral=True) as reply:
            expect = fingerprint(before.decision, before.answer) if before is not None else None
            outcome = await self.table.submit(session.id, actor, line, expect=expect)
            bot_of(interaction).wake()
            kind = before.decision["kind"] if before is not None else None
            log.info("game %s: user %s answered %s with /game act", session.id, interaction.user.id, kind)
            after = current_decision(self.table, session, actor)
            if str(outcome.message) != "Recorded.":
                await reply.send(f"✅ {said_to(interaction, outcome.message)}")
                return
            words = translator(self.table.reader_language(actor))
            described = clip(screens_of_game(session).describe(line, kind, words.language), 1500)
            if after is not None and after.answer is not None:
                text = words.gettext(
                    "✅ Recorded: **{answer}**. You can change it until everyone has answered.",
                    answer=described,
                )
            else:
                text = words.gettext("✅ Recorded: **{answer}**.", answer=described)
            await reply.send(text)

    # --- leaving, coming in, being away ----------------------------------------------------------------

    @app_commands.command(name="resign", description="Leave a running game for good (you confirm first)")
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=autocomplete.games)
    async def resign(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with Reply(interaction, ephemeral=True, defer=False) as reply:
            session = find_game(interaction, game)
            seat = session.seat_of_user(interaction.user.id)
            words = reader_words(interaction)
            if seat is None or seat.house is None:
                await reply.fail(words.gettext("You have no seat in this game."))
                return
            named = screens_of_game(session).seat_name(seat.house, words.language)
            text = leaving.confirm_text(words, named, session.name, session.settings.resigned_seat)
            await reply.send(text, view=leaving.confirm_view(words, session.id))

    @app_commands.command(
        name="volunteer", description="Ask for a seat: one nobody plays, or an absent player's"
    )
    @app_commands.describe(house="The house you offer to play", game=GAME_OPTION)
    @app_commands.autocomplete(house=autocomplete.seated_houses, game=autocomplete.games)
    async def volunteer(
        self, interaction: discord.Interaction, house: app_commands.Range[str, 1, 40], game: int | None = None
    ) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            session = find_game(interaction, game)
            text = await ask_for_seat(self.table, session.id, actor_from(interaction), house)
            bot_of(interaction).wake()
            log.info("game %s: user %s volunteers", session.id, interaction.user.id)
            await reply.send(f"✅ {said_to(interaction, text)}")

    @app_commands.command(name="vacation", description="The days you are away: your decisions take defaults")
    @app_commands.describe(
        last_day="The last day you are away, YYYY-MM-DD (UTC)",
        first_day="The first day you are away, YYYY-MM-DD (today unless you say)",
        back="You are back: end your vacation now",
        game=GAME_OPTION,
    )
    @app_commands.autocomplete(game=autocomplete.games)
    async def vacation(
        self,
        interaction: discord.Interaction,
        last_day: app_commands.Range[str, 0, 20] = "",
        first_day: app_commands.Range[str, 0, 20] = "",
        back: bool = False,
        game: int | None = None,
    ) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            session = find_game(interaction, game)
            actor = actor_from(interaction)
            if back:
                text = await deadlines.end_vacation(self.table, session.id, actor)
            elif not last_day:
                words = reader_words(interaction)
                await reply.fail(
                    words.gettext(
                        "Say your last day away (`{last_day}`), or that you are `{back}`.",
                        last_day=words.pgettext("option name", "last_day"),
                        back=words.pgettext("option name", "back"),
                    )
                )
                return
            else:
                start, end = deadlines.vacation_span(first_day, last_day, self.table.clock.now())
                text = await deadlines.set_vacation(self.table, session.id, actor, start, end)
            bot_of(interaction).wake()
            await reply.send(f"✅ {said_to(interaction, text)}")

    @app_commands.command(name="help", description="How to play with Maester")
    async def help(self, interaction: discord.Interaction) -> None:
        words = reader_words(interaction)
        await say_privately(interaction, help_intro(words), embeds=help_embeds(words))


async def setup(bot: MaesterBot) -> None:
    await bot.add_cog(GameCog(bot))
