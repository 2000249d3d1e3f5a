"""``/vote``: the players' say in their game (:mod:`table.votes`). Any seated player opens a vote; it is
posted in the game's channel, mentioning those who may answer, with Yes and No buttons; the post is edited
as ballots come in and when the vote closes. The buttons' custom ids (``m:<game>:-:-:vote:<vote>:y|n``) are
all a click needs, so they work after a restart.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import autocomplete
from cogs.common import Reply, actor_from, bot_of, find_game, reader_words, said_to, say_privately, table_of
from cogs.ids import NONE, CustomId, is_number
from cogs.layout import clip
from i18n import SOURCE_LANGUAGE, Translator, said, translator
from table import votes
from table.errors import TableError
from table.kinds import all_kinds
from table.text import MAX_REASON

if TYPE_CHECKING:
    from bot import MaesterBot
    from table.table import Table

log = logging.getLogger("maester.vote")

OP = "vote"
GAME_OPTION = "The game's number (needed only when you are in several games)"
LASTS = "How many hours the vote stays open (24 unless you say)"
Reason = app_commands.Range[str, 0, MAX_REASON]
Lasts = app_commands.Range[int, votes.SHORTEST // votes.HOUR, votes.LONGEST // votes.HOUR]
STYLES = list(dict.fromkeys(style for kind in all_kinds() for style in kind.ai_styles))
COLOURS = {votes.PASSED: 0x2E8B57, votes.FAILED: 0xB22222, votes.EXPIRED: 0x777777, votes.VOID: 0x777777}
OPEN_COLOUR = 0x3B6EA5


# --- the post in the channel -------------------------------------------------------------------------------


def _result(words: Translator, result: str) -> str:
    """A closed vote's result, as its post heads it: "Passed"."""
    found = {
        votes.PASSED: words.pgettext("vote result", "Passed"),
        votes.FAILED: words.pgettext("vote result", "Failed"),
        votes.EXPIRED: words.pgettext("vote result", "Expired"),
        votes.VOID: words.pgettext("vote result", "Void"),
    }
    return found.get(result, result.capitalize())


def vote_embed(payload: dict[str, Any], language: str = SOURCE_LANGUAGE) -> discord.Embed:
    """A vote as it stands, from its outbox payload, in ``language`` (the game's)."""
    words = translator(language)
    result = payload.get("result")
    needed, pool = payload.get("needed", 1), payload.get("pool", 0)
    if payload.get("rule") == votes.EVERYONE:
        rule = words.gettext("Every seated player must agree ({needed}).", needed=needed)
    else:
        rule = words.ngettext(
            "It passes with {needed} yes of the {count} other seated player who may vote.",
            "It passes with {needed} yes of the {count} other seated players who may vote.",
            pool,
            needed=needed,
            count=pool,
        )
    lines = [words.gettext("Asked by **{player}**.", player=payload.get("proposer", "?"))]
    if payload.get("reason"):
        lines.append(words.gettext("Reason: {reason}", reason=payload["reason"]))
    lines.append(rule)
    if result is None:
        when = f"<t:{int(payload.get('closes_at') or 0)}:R>"
        lines.append(words.gettext("Closes {when}. Answer with the buttons below.", when=when))
    else:
        lines.append(f"**{_result(words, str(result))}**: {payload.get('why', '')}.")
    title = words.gettext(
        "Vote {id}: {question}", id=payload.get("vote_id"), question=payload.get("question", "")
    )
    embed = discord.Embed(
        title=clip(title, 256),
        description=clip("\n".join(lines), 4000),
        colour=COLOURS.get(str(result), OPEN_COLOUR),
    )
    nobody = words.gettext("nobody yet")
    embed.add_field(
        name=words.gettext("Yes"), value=clip(", ".join(payload.get("yes") or []) or nobody, 1024)
    )
    embed.add_field(name=words.gettext("No"), value=clip(", ".join(payload.get("no") or []) or nobody, 1024))
    footer = words.gettext("{game} · game {id}", game=payload.get("game_name", ""), id=payload.get("game_id"))
    embed.set_footer(text=clip(footer, 2048))
    return embed


def vote_view(game_id: int, vote_id: int, language: str = SOURCE_LANGUAGE) -> discord.ui.View:
    words = translator(language)
    view = discord.ui.View(timeout=None)
    for label, answer, style in (
        (words.gettext("Yes"), "y", discord.ButtonStyle.success),
        (words.gettext("No"), "n", discord.ButtonStyle.danger),
    ):
        custom_id = CustomId(game_id, NONE, NONE, OP, (str(vote_id), answer)).encode()
        view.add_item(discord.ui.Button(style=style, label=label, custom_id=custom_id))
    view.stop()
    return view


def vote_message(payload: dict[str, Any], language: str = SOURCE_LANGUAGE) -> dict[str, Any]:
    """What the poster sends (or edits in): the mentions of those who may answer when the vote opens,
    the embed, and the buttons while it is open; in ``language`` (the game's)."""
    ping = [int(user) for user in payload.get("ping") or []]
    message: dict[str, Any] = {
        "embed": vote_embed(payload, language),
        "view": vote_view(int(payload["game_id"]), int(payload["vote_id"]), language)
        if payload.get("result") is None
        else None,
    }
    if ping:
        players = " ".join(f"<@{user}>" for user in ping)
        message["content"] = clip(
            translator(language).gettext("{players}: your vote, please.", players=players), 2000
        )
    return message


# --- a click on Yes or No -----------------------------------------------------------------------------------


async def on_click(interaction: discord.Interaction, cid: CustomId) -> None:
    if len(cid.args) != 2 or not is_number(cid.args[0]) or cid.args[1] not in ("y", "n"):
        raise TableError(said("That button is not one of this bot's."))
    await interaction.response.defer(ephemeral=True, thinking=True)  # the game's lock may be busy
    actor = actor_from(interaction)
    cast = await votes.cast(table_of(interaction), cid.game_id, actor, int(cid.args[0]), cid.args[1] == "y")
    bot_of(interaction).wake()
    log.info("game %s: user %s answered vote %s", cid.game_id, actor.user_id, cid.args[0])
    await say_privately(interaction, f"🗳️ {said_to(interaction, cast)}")


# --- /vote -------------------------------------------------------------------------------------------------


class VoteCog(commands.GroupCog, group_name="vote", group_description="Ask the other players of your game"):
    def __init__(self, bot: MaesterBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def table(self) -> Table:
        return self.bot.table

    async def _open(
        self, interaction: discord.Interaction, kind: str, game: int | None, lasts: int, **asked: Any
    ) -> None:
        async with Reply(interaction, ephemeral=True) as reply:
            session = find_game(interaction, game)
            actor = actor_from(interaction)
            vote = await votes.start(self.table, session.id, actor, kind, lasts=lasts * votes.HOUR, **asked)
            bot_of(interaction).wake()
            log.info("game %s: user %s opened vote %s (%s)", session.id, actor.user_id, vote.id, kind)
            words = reader_words(interaction)
            if vote in session.votes:
                text = words.gettext(
                    "🗳️ Vote {id} is open: it is posted in the game's channel, where the others answer.",
                    id=vote.id,
                )
            else:
                text = words.gettext(
                    "🗳️ Vote {id} is open: it was decided at once; the channel is told.", id=vote.id
                )
            await reply.send(text)

    @app_commands.command(name="pause", description="Ask to pause the game (two thirds of the others)")
    @app_commands.describe(reason="Why", lasts=LASTS, game=GAME_OPTION)
    @app_commands.autocomplete(game=autocomplete.games)
    async def pause(
        self,
        interaction: discord.Interaction,
        reason: Reason = "",
        lasts: Lasts = 24,
        game: int | None = None,
    ) -> None:
        await self._open(interaction, votes.PAUSE, game, lasts, reason=reason)

    @app_commands.command(name="resume", description="Ask to resume a paused game (two thirds of the others)")
    @app_commands.describe(reason="Why", lasts=LASTS, game=GAME_OPTION)
    @app_commands.autocomplete(game=autocomplete.games)
    async def resume(
        self,
        interaction: discord.Interaction,
        reason: Reason = "",
        lasts: Lasts = 24,
        game: int | None = None,
    ) -> None:
        await self._open(interaction, votes.RESUME, game, lasts, reason=reason)

    @app_commands.command(name="extend", description="Ask for more time on the running deadlines")
    @app_commands.describe(
        hours="How many hours more (1 to 168)", reason="Why", lasts=LASTS, game=GAME_OPTION
    )
    @app_commands.autocomplete(game=autocomplete.games)
    async def extend(
        self,
        interaction: discord.Interaction,
        hours: app_commands.Range[float, 1.0, 168.0],
        reason: Reason = "",
        lasts: Lasts = 24,
        game: int | None = None,
    ) -> None:
        seconds = round(hours * votes.HOUR)
        await self._open(interaction, votes.EXTEND, game, lasts, seconds=seconds, reason=reason)

    @app_commands.command(name="replace", description="Ask to hand an absent player's house to an AI")
    @app_commands.describe(
        house="The absent player's house", ai="How the AI plays", reason="Why", lasts=LASTS, game=GAME_OPTION
    )
    @app_commands.autocomplete(house=autocomplete.seated_houses, game=autocomplete.games)
    @app_commands.choices(ai=[app_commands.Choice(name=style, value=style) for style in STYLES])
    async def replace(
        self,
        interaction: discord.Interaction,
        house: app_commands.Range[str, 1, 40],
        ai: str | None = None,
        reason: Reason = "",
        lasts: Lasts = 24,
        game: int | None = None,
    ) -> None:
        await self._open(interaction, votes.REPLACE, game, lasts, house=house, ai=ai, reason=reason)

    @app_commands.command(name="end", description="Ask to end the game after this round (everyone)")
    @app_commands.describe(reason="Why", lasts=LASTS, game=GAME_OPTION)
    @app_commands.autocomplete(game=autocomplete.games)
    async def end(
        self,
        interaction: discord.Interaction,
        reason: Reason = "",
        lasts: Lasts = 24,
        game: int | None = None,
    ) -> None:
        await self._open(interaction, votes.END, game, lasts, reason=reason)

    @app_commands.command(name="cancel", description="Ask to cancel the game, with no ranking (everyone)")
    @app_commands.describe(reason="Why", lasts=LASTS, game=GAME_OPTION)
    @app_commands.autocomplete(game=autocomplete.games)
    async def cancel(
        self,
        interaction: discord.Interaction,
        reason: Reason = "",
        lasts: Lasts = 24,
        game: int | None = None,
    ) -> None:
        await self._open(interaction, votes.CANCEL, game, lasts, reason=reason)


async def setup(bot: MaesterBot) -> None:
    await bot.add_cog(VoteCog(bot))
