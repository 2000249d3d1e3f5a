"""``/mod``: what moderators do (the game's creator, server administrators, the moderator role). The table
decides who may; anyone else gets its reason, privately. What a moderator changes is announced in the
game's channel by the table's notices; the answers here are private."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import autocomplete
from cogs.common import (
    LANGUAGE_CHOICES,
    Reply,
    actor_from,
    bot_of,
    find_game,
    game_words,
    reader_words,
    said_to,
    say_privately,
    screens_of_game,
    table_of,
)
from cogs.embeds import status_word
from cogs.ids import NONE, CustomId, is_number
from cogs.layout import clip
from i18n import Command, Translator, said, say
from table import deadlines, votes
from table.errors import TableError
from table.importing import MAX_BYTES as MAX_IMPORT_BYTES
from table.kind import HOUR
from table.kinds import all_kinds
from table.prompting import seat_id
from table.session import Session
from table.text import MAX_LINE, MAX_REASON, clean

if TYPE_CHECKING:
    from bot import MaesterBot
    from table.table import Table

log = logging.getLogger("maester.mod")

GAME_OPTION = "The game's number (needed when it is not clear from the channel)"
Reason = app_commands.Range[str, 0, MAX_REASON]
STYLES = list(dict.fromkeys(style for kind in all_kinds() for style in kind.ai_styles))
AI_CHOICES = [app_commands.Choice(name=style, value=style) for style in STYLES]
MOST_SEATS = max(kind.players[-1] for kind in all_kinds())


def undo_view(words: Translator, game_id: int, target: str, log_length: int, reason: str) -> discord.ui.View:
    """Confirm/Cancel for an undo. The custom id carries what to undo and how long the log was when the
    preview was shown, so a game that moved on meanwhile is not undone blindly."""
    confirm = CustomId(game_id, NONE, NONE, "uy", (target, str(log_length)))
    room = 100 - len(confirm.encode()) - 1
    if reason and room > 0:
        confirm = confirm.with_op("uy", target, log_length, reason.replace("\n", " ")[:room])
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Button(
            style=discord.ButtonStyle.danger, label=words.gettext("Undo"), custom_id=confirm.encode()
        )
    )
    view.add_item(
        discord.ui.Button(
            style=discord.ButtonStyle.secondary,
            label=words.gettext("Cancel"),
            custom_id=CustomId(game_id, NONE, NONE, "un").encode(),
        )
    )
    view.stop()
    return view


async def on_undo_click(interaction: discord.Interaction, cid: CustomId) -> None:
    """The Undo / Cancel buttons of an undo preview."""
    words = reader_words(interaction)
    if cid.op == "un":
        await interaction.response.edit_message(
            content=words.gettext("Undo cancelled; nothing changed."), view=None
        )
        return
    table = table_of(interaction)
    actor = actor_from(interaction)
    if (
        len(cid.args) < 2
        or not is_number(cid.args[1])
        or not (cid.args[0] == "phase" or is_number(cid.args[0]))
    ):
        raise TableError(
            said("That button is not one of this bot's; run `{command}` again.", command=Command("mod undo"))
        )
    target, length = cid.args[0], int(cid.args[1])
    reason = ":".join(cid.args[2:])
    session = table.reach(cid.game_id, actor)
    table.require_moderator(session, actor)
    if session.action_count != length:
        await interaction.response.edit_message(
            content=words.gettext(
                "The game has moved on since this preview; nothing was undone. Run {undo} again.",
                undo=f"`{words.command('mod undo')}`",
            ),
            view=None,
        )
        return
    await interaction.response.defer()
    if target == "phase":
        outcome = await table.undo(cid.game_id, actor, to_phase_start=True, reason=reason)
    else:
        outcome = await table.undo(cid.game_id, actor, count=int(target), reason=reason)
    bot_of(interaction).wake()
    log.info("game %s: user %s undid actions (%s)", cid.game_id, actor.user_id, target)
    await interaction.edit_original_response(content=f"✅ {said_to(interaction, outcome.message)}", view=None)


def forced_text(session: Session, moderator: str, house: str, kind: str | None, reason: str) -> str:
    """The channel's line that a moderator decided for a house, in the game's language."""
    words = game_words(session)
    screens = screens_of_game(session)
    fields = {
        "game": session.name,
        "moderator": moderator,
        "house": screens.seat_name(house, words.language),
        "decision": screens.kind_title(kind, words.language) if kind else words.gettext("a decision"),
    }
    reason = clean(reason, limit=MAX_REASON, what="A reason")
    if reason:
        return words.gettext(
            "🛡️ **{game}**: {moderator} decided for {house} ({decision}). Reason: {reason}",
            reason=reason,
            **fields,
        )
    return words.gettext("🛡️ **{game}**: {moderator} decided for {house} ({decision}).", **fields)


class ModerationCog(commands.GroupCog, group_name="mod", group_description="Moderate a game"):
    def __init__(self, bot: MaesterBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def table(self) -> Table:
        return self.bot.table

    async def _announce(self, interaction: discord.Interaction, text: str) -> None:
        """A public line in the channel after a private answer (a force has no table notice)."""
        try:
            await interaction.followup.send(
                text, ephemeral=False, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException as error:
            log.warning("could not announce a moderator's action: %s", error)

    @app_commands.command(
        name="force", description="Decide for a house: its default answer, or the line given"
    )
    @app_commands.describe(
        house="The house to decide for",
        line="The answer in notation (default: the decision's default answer)",
        reason="Why (kept in the audit log and told to the players)",
        game=GAME_OPTION,
    )
    @app_commands.autocomplete(
        house=autocomplete.seated_houses, line=autocomplete.forced_line, game=autocomplete.games
    )
    async def force(
        self,
        interaction: discord.Interaction,
        house: str,
        line: app_commands.Range[str, 1, MAX_LINE] | None = None,
        reason: Reason = "",
        game: int | None = None,
    ) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            session = find_game(interaction, game)
            name = seat_id(session.kind, house)
            kind = next((d.kind for d in session.pending() if d.house == name), None)
            actor = actor_from(interaction)
            outcome = await self.table.force(session.id, actor, name, line, reason)
            bot_of(interaction).wake()
            log.info("game %s: user %s forced House %s (%s)", session.id, actor.user_id, name, kind)
            await reply.send(f"✅ {outcome.message}")
            await self._announce(interaction, forced_text(session, actor.label, name, kind, reason))

    @app_commands.command(name="undo", description="Take back actions (a preview asks you to confirm)")
    @app_commands.describe(
        count="How many actions to take back",
        phase="Take back everything since the start of the current phase instead",
        reason="Why (kept in the audit log and told to the players)",
        game=GAME_OPTION,
    )
    @app_commands.autocomplete(game=autocomplete.games)
    async def undo(
        self,
        interaction: discord.Interaction,
        count: app_commands.Range[int, 1, 10000] | None = None,
        phase: bool = False,
        reason: Reason = "",
        game: int | None = None,
    ) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            session = find_game(interaction, game)
            preview = await self.table.undo_preview(session.id, actor_from(interaction), count, phase)
            target = "phase" if phase else str(count)
            words = reader_words(interaction)
            shown = "\n".join(f"`{line}`" for line in preview[:30])
            if len(preview) > 30:
                more = len(preview) - 30
                shown += "\n" + words.ngettext("… and {count} more", "… and {count} more", more, count=more)
            text = words.ngettext(
                "This takes back {count} action of **{game}**, last first:\n{actions}\nConfirm to "
                "undo it; the "
                "game is replayed without it.",
                "This takes back {count} actions of **{game}**, last first:\n{actions}\nConfirm to "
                "undo them; "
                "the game is replayed without them.",
                len(preview),
                count=len(preview),
                game=session.name,
                actions=shown,
            )
            await reply.send(
                clip(text, 2000),
                view=undo_view(words, session.id, target, session.action_count, reason),
            )

    @app_commands.command(name="pause", description="Pause a game: deadlines stop")
    @app_commands.describe(reason="Why", game=GAME_OPTION)
    @app_commands.autocomplete(game=autocomplete.games)
    async def pause(
        self, interaction: discord.Interaction, reason: Reason = "", game: int | None = None
    ) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            session = find_game(interaction, game)
            outcome = await self.table.pause(session.id, actor_from(interaction), reason)
            self._done(interaction, session.id, "paused")
            await reply.send(f"✅ {said_to(interaction, outcome.message)}")

    @app_commands.command(name="resume", description="Resume a paused game; deadlines move on")
    @app_commands.describe(reason="Why", game=GAME_OPTION)
    @app_commands.autocomplete(game=autocomplete.games)
    async def resume(
        self, interaction: discord.Interaction, reason: Reason = "", game: int | None = None
    ) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            session = find_game(interaction, game)
            outcome = await self.table.resume(session.id, actor_from(interaction), reason)
            self._done(interaction, session.id, "resumed")
            await reply.send(f"✅ {said_to(interaction, outcome.message)}")

    @app_commands.command(
        name="deadline", description="Set a deadline: for one house, everyone waited on, or a category"
    )
    @app_commands.describe(
        hours="Hours from now (or, with a category, the time that category gets from now on)",
        house="Only this house's running deadline",
        category="Change this category's deadline for the decisions to come",
        reminders="Instead: the reminder schedule, hours before each deadline (like 24, 6, 1; or none)",
        reason="Why",
        game=GAME_OPTION,
    )
    @app_commands.autocomplete(
        house=autocomplete.seated_houses, category=autocomplete.deadline_categories, game=autocomplete.games
    )
    async def deadline(
        self,
        interaction: discord.Interaction,
        hours: app_commands.Range[float, 0.0, 8760.0] | None = None,
        house: str | None = None,
        category: app_commands.Range[str, 1, 40] | None = None,
        reminders: app_commands.Range[str, 0, 60] | None = None,
        reason: Reason = "",
        game: int | None = None,
    ) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            session = find_game(interaction, game)
            if reminders is not None:
                schedule = deadlines.parse_reminders(reminders)
                text = await deadlines.set_reminders(
                    self.table, session.id, actor_from(interaction), schedule, reason
                )
                self._done(interaction, session.id, "reminders set")
                await reply.send(f"✅ {said_to(interaction, text)}")
                return
            if hours is None:
                words = reader_words(interaction)
                await reply.fail(
                    words.gettext(
                        "Say how many `{hours}`, or give the `{reminders}` schedule.",
                        hours=words.pgettext("option name", "hours"),
                        reminders=words.pgettext("option name", "reminders"),
                    )
                )
                return
            outcome = await self.table.set_deadline(
                session.id,
                actor_from(interaction),
                seconds=round(hours * HOUR),
                house=house,
                kind=category,
                reason=reason,
            )
            self._done(interaction, session.id, "deadline set")
            await reply.send(f"✅ {said_to(interaction, outcome.message)}")

    @app_commands.command(name="replace", description="Give a house to another person")
    @app_commands.describe(house="The house", user="Who plays it from now on", reason="Why", game=GAME_OPTION)
    @app_commands.autocomplete(house=autocomplete.seated_houses, game=autocomplete.games)
    async def replace(
        self,
        interaction: discord.Interaction,
        house: str,
        user: discord.User,
        reason: Reason = "",
        game: int | None = None,
    ) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            session = find_game(interaction, game)
            outcome = await self.table.replace_player(
                session.id, actor_from(interaction), house, user.id, user.display_name, reason
            )
            self._done(interaction, session.id, f"House {house} replaced")
            await reply.send(f"✅ {said_to(interaction, outcome.message)}")

    @app_commands.command(
        name="kick", description="Take a player out of their seat: an AI plays it, or it waits"
    )
    @app_commands.describe(
        house="The house whose player leaves",
        ai="An AI style to play the house (leave empty to wait for a replacement)",
        reason="Why",
        game=GAME_OPTION,
    )
    @app_commands.autocomplete(house=autocomplete.seated_houses, game=autocomplete.games)
    @app_commands.choices(ai=AI_CHOICES)
    async def kick(
        self,
        interaction: discord.Interaction,
        house: str,
        ai: str | None = None,
        reason: Reason = "",
        game: int | None = None,
    ) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            session = find_game(interaction, game)
            outcome = await self.table.remove_player(session.id, actor_from(interaction), house, ai, reason)
            self._done(interaction, session.id, f"House {house} emptied")
            await reply.send(f"✅ {said_to(interaction, outcome.message)}")

    @app_commands.command(name="addai", description="Fill a free seat with an AI player (before the start)")
    @app_commands.describe(
        style="How the AI plays", house="The AI's house (if houses are chosen)", game=GAME_OPTION
    )
    @app_commands.autocomplete(house=autocomplete.free_houses, game=autocomplete.games)
    @app_commands.choices(style=AI_CHOICES)
    async def addai(
        self,
        interaction: discord.Interaction,
        style: str = STYLES[-1],
        house: str | None = None,
        game: int | None = None,
    ) -> None:
        async with Reply(interaction, ephemeral=False) as reply:
            session = find_game(interaction, game)
            outcome = await self.table.add_ai(session.id, actor_from(interaction), style, house)
            log.info("game %s: user %s adds an AI (%s)", session.id, interaction.user.id, style)
            await reply.send(say(outcome.message, session.settings.language))

    @app_commands.command(name="end", description="End a game for good, now or after this round")
    @app_commands.describe(
        reason="Why",
        after_round="End it when this round is over, the ranking then deciding",
        game=GAME_OPTION,
    )
    @app_commands.autocomplete(game=autocomplete.games)
    async def end(
        self,
        interaction: discord.Interaction,
        reason: Reason = "",
        after_round: bool = False,
        game: int | None = None,
    ) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            session = find_game(interaction, game)
            actor = actor_from(interaction)
            if after_round:
                message = await votes.end_after_round(self.table, session.id, actor, reason)
            else:
                message = (await self.table.end_game(session.id, actor, reason)).message
            self._done(interaction, session.id, "ended")
            await reply.send(f"✅ {said_to(interaction, message)}")

    @app_commands.command(name="language", description="Change the language of a game's posts in its channel")
    @app_commands.describe(language="The game's language from now on", reason="Why", game=GAME_OPTION)
    @app_commands.autocomplete(game=autocomplete.games)
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(
        self, interaction: discord.Interaction, language: str, reason: Reason = "", game: int | None = None
    ) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            session = find_game(interaction, game)
            outcome = await self.table.set_game_language(
                session.id, actor_from(interaction), language, reason
            )
            self._done(interaction, session.id, f"language set to {language}")
            await reply.send(f"✅ {said_to(interaction, outcome.message)}")

    @app_commands.command(
        name="export", description="The game as a JSON file (settings, seats, every action)"
    )
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=autocomplete.games)
    async def export(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            session = find_game(interaction, game)
            data = await self.table.export(session.id, actor_from(interaction))
            blob = json.dumps(data, indent=1).encode()
            log.info("game %s: exported by user %s", session.id, interaction.user.id)
            await reply.send(
                reader_words(interaction).gettext(
                    "**{game}**, exported. It holds every secret of the game: keep it to yourself.",
                    game=session.name,
                ),
                file=discord.File(io.BytesIO(blob), filename=f"maester-game-{session.id}.json"),
            )

    @app_commands.command(
        name="import", description="Play on, in this channel, a game exported with /mod export"
    )
    @app_commands.describe(file="The JSON file from /mod export")
    async def import_(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        words = reader_words(interaction)
        if interaction.guild_id is None or interaction.channel_id is None:
            await say_privately(
                interaction,
                words.gettext("❌ Import a game in a server channel: its boards are posted there."),
            )
            return
        async with Reply(interaction, ephemeral=False) as reply:
            actor = actor_from(interaction)
            self.table.require_server_moderator(actor, interaction.guild_id)  # before reading anything
            if file.size > MAX_IMPORT_BYTES:
                await reply.fail(
                    words.gettext(
                        "That file has {size} bytes; a game export has at most {most}.",
                        size=f"{file.size:,}",
                        most=f"{MAX_IMPORT_BYTES:,}",
                    )
                )
                return
            try:
                data: Any = await asyncio.to_thread(json.loads, await file.read())
            except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
                await reply.fail(
                    words.gettext(
                        "That file is not JSON; attach the file {export} gave you.",
                        export=f"`{words.command('mod export')}`",
                    )
                )
                return
            members = await self._members(interaction, data)
            session = await self.table.import_game(
                actor,
                data,
                channel_id=interaction.channel_id,
                guild_id=interaction.guild_id,
                members=members.__contains__,
            )
            bot_of(interaction).wake()
            log.info(
                "game %s: imported by user %s into channel %s",
                session.id,
                interaction.user.id,
                session.channel_id,
            )
            waiting = [s.house for s in session.seats if s.user_id is None and not s.ai and s.house]
            # The channel's news: in the game's language.
            told = game_words(session)
            text = told.ngettext(
                "📥 **{game}** is imported as game **{id}** ({status}), {count} action replayed.",
                "📥 **{game}** is imported as game **{id}** ({status}), {count} actions replayed.",
                session.action_count,
                game=session.name,
                id=session.id,
                status=status_word(told, session.status),
                count=session.action_count,
            )
            if waiting:
                seats = ", ".join(screens_of_game(session).seat_name(h, told.language) for h in waiting)
                text += " " + told.gettext(
                    "These houses wait for a player: {houses}. Give each one with {replace}, then {resume}.",
                    houses=seats,
                    replace=f"`{told.command('mod replace')}`",
                    resume=f"`{told.command('mod resume')}`",
                )
            await reply.send(text)

    @staticmethod
    async def _members(interaction: discord.Interaction, data: Any) -> set[int]:
        """The people seated in an export who are members of this server (only they keep their seat)."""
        seats = data.get("seats") if isinstance(data, dict) else None
        if not isinstance(seats, list) or interaction.guild is None:
            return set()
        ids = {s.get("user_id") for s in seats[:MOST_SEATS] if isinstance(s, dict)}
        found = set()
        for user_id in ids:
            if type(user_id) is not int or not 0 < user_id < 2**63:
                continue
            if interaction.guild.get_member(user_id) is not None:
                found.add(user_id)
                continue
            with contextlib.suppress(discord.HTTPException):
                await interaction.guild.fetch_member(user_id)
                found.add(user_id)
        return found

    @app_commands.command(
        name="role", description="Choose the role whose members moderate this server's games (administrators)"
    )
    @app_commands.describe(role="The moderator role (leave empty for none)")
    async def role(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            outcome = await self.table.set_moderator_role(
                actor_from(interaction), None if role is None else role.id
            )
            log.info("server %s: moderator role set by user %s", interaction.guild_id, interaction.user.id)
            await reply.send(f"✅ {said_to(interaction, outcome.message)}")

    @app_commands.command(name="audit", description="What moderators and the table did to a game")
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=autocomplete.games)
    async def audit(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            session = find_game(interaction, game)
            entries = await self.table.audit_log(session.id, actor_from(interaction))
            lines = []
            for entry in entries[-25:]:
                details = json.dumps(entry.details, separators=(",", ":")) if entry.details else ""
                because = f" — {entry.reason}" if entry.reason else ""
                lines.append(
                    clip(
                        f"<t:{int(entry.at)}:f> **{entry.actor_name}** {entry.action}{because} {details}", 300
                    )
                )
            words = reader_words(interaction)
            text = "\n".join(lines) or words.gettext("Nothing yet.")
            full = json.dumps(
                [
                    {
                        "at": e.at,
                        "actor_id": e.actor_id,
                        "actor": e.actor_name,
                        "action": e.action,
                        "reason": e.reason,
                        "details": e.details,
                    }
                    for e in entries
                ],
                indent=1,
            ).encode()
            await reply.send(
                embed=discord.Embed(
                    title=clip(words.gettext("{game}: audit log", game=session.name), 256),
                    description=clip(text, 4000),
                ),
                file=discord.File(io.BytesIO(full), filename=f"maester-audit-{session.id}.json"),
            )

    def _done(self, interaction: discord.Interaction, game_id: int, what: str) -> None:
        bot_of(interaction).wake()
        log.info("game %s: %s by user %s", game_id, what, interaction.user.id)


async def setup(bot: MaesterBot) -> None:
    await bot.add_cog(ModerationCog(bot))
