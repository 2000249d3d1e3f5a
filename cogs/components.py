"""Clicks on prompts and buttons, handled from their custom ids alone (see :mod:`cogs.ids`).

Every component the bot sends is answered here, in one ``on_interaction`` listener, whether it was sent
a minute ago or before a restart. A click on a decision's prompt is checked in this order: the game is
open, the clicker plays the house the prompt is for (others are refused privately), the decision is
still the one the prompt was drawn for (else the clicker gets a private note and their current prompt).
The help of a prompt is checked the same way: it may show what only its house may see (a hand of cards).

A click is answered in the clicker's language (the one they chose, else their Discord's): the prompt drawn
again after it, the notes and the refusals. Their decision's payload carries that language.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from cogs import chronicle, leaving, prompts, vote
from cogs.common import (
    PLAYER_ERRORS,
    actor_from,
    current_decision,
    reader_words,
    said_to,
    say_privately,
    screens_of_game,
    table_of,
)
from cogs.ids import CustomId, fingerprint, is_number, is_ours, parse
from cogs.moderation import on_undo_click
from cogs.screens import payload_language, screens_for
from i18n import translator
from table import prompting
from table.people import Actor
from table.prompting import Current
from table.session import Session

if TYPE_CHECKING:
    from bot import MaesterBot

log = logging.getLogger("maester.components")


def modal_value(data: dict[str, Any], custom_id: str = "line") -> str:
    """The value of a modal's text input, wherever the payload nests it (action rows, or labels)."""
    stack: list[Any] = list(data.get("components", []))
    while stack:
        node = stack.pop(0)
        if not isinstance(node, dict):
            continue
        if node.get("custom_id") == custom_id and "value" in node:
            return str(node["value"] or "")
        stack.extend(node.get("components", []))
        if isinstance(node.get("component"), dict):
            stack.append(node["component"])
    return ""


def in_channel(interaction: discord.Interaction) -> bool:
    """Whether the clicked message is a public channel message (not a DM, not an ephemeral one)."""
    message = interaction.message
    return interaction.guild_id is not None and message is not None and not message.flags.ephemeral


class ComponentsCog(commands.Cog):
    def __init__(self, bot: MaesterBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type not in (discord.InteractionType.component, discord.InteractionType.modal_submit):
            return
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        custom_id = data.get("custom_id")
        if not is_ours(custom_id):
            return
        try:
            cid = parse(str(custom_id))
        except ValueError:
            words = reader_words(interaction)
            await say_privately(
                interaction,
                words.gettext(
                    "That button is from an older version of Maester; use `{command}`.",
                    command=words.command("game prompt"),
                ),
            )
            return
        try:
            await self.handle(interaction, cid, data)
        except PLAYER_ERRORS as error:
            await say_privately(interaction, f"❌ {said_to(interaction, error)}")
        except Exception:
            log.exception("game %s: a click on %r failed", cid.game_id, cid.op)
            with contextlib.suppress(discord.HTTPException):
                words = reader_words(interaction)
                await say_privately(
                    interaction,
                    words.gettext(
                        "Something went wrong with that; try `{command}`.",
                        command=words.command("game prompt"),
                    ),
                )

    async def handle(self, interaction: discord.Interaction, cid: CustomId, data: dict[str, Any]) -> None:
        if cid.op == "show":
            await self.show(interaction, cid.game_id)
        elif cid.op == "pv":
            await self.private(interaction, cid)
        elif cid.op in ("uy", "un"):
            await on_undo_click(interaction, cid)
        elif cid.op == chronicle.PAGE_OP:
            await self.chronicle_page(interaction, cid)
        elif cid.op == vote.OP:
            await vote.on_click(interaction, cid)
        elif cid.op in leaving.OPS:
            await leaving.on_click(interaction, cid)
        else:
            await self.decision_click(interaction, cid, data)

    # --- not about one decision -----------------------------------------------------------------------

    async def chronicle_page(self, interaction: discord.Interaction, cid: CustomId) -> None:
        """A button of /game log: the page it leads to, in place of the one shown."""
        table = table_of(interaction)
        actor = actor_from(interaction)
        session = table.reach(cid.game_id, actor)
        number = int(cid.args[0]) if cid.args and is_number(cid.args[0], 6) else None
        shown = await chronicle.page(table, session, actor, number, table.reader_language(actor))
        await interaction.response.edit_message(embed=shown.embed, view=shown.view)

    async def show(self, interaction: discord.Interaction, game_id: int) -> None:
        """The clicker's own current decision, privately (for closed DMs and reminders)."""
        table = table_of(interaction)
        actor = actor_from(interaction)
        session = table.reach(game_id, actor)
        current = current_decision(table, session, actor)
        if current is None:
            words = translator(table.reader_language(actor))
            await say_privately(
                interaction, words.gettext("Nothing is waiting for you in **{game}** now.", game=session.name)
            )
            return
        message = self._prompt(session, current, note=prompts.answered_note(current))
        await say_privately(interaction, message.content, embed=message.embed, view=message.view)

    async def private(self, interaction: discord.Interaction, cid: CustomId) -> None:
        kept = self.bot.poster.private.get(int(cid.args[0])) if cid.args and is_number(cid.args[0]) else None
        words = reader_words(interaction)
        if kept is None:
            await say_privately(
                interaction,
                words.gettext(
                    "That message is no longer available; `{command}` shows your decision.",
                    command=words.command("game prompt"),
                ),
            )
            return
        user_id, text = kept
        session = table_of(interaction).sessions.get(cid.game_id)
        seat = None if session is None else next((s for s in session.seats if s.user_id == user_id), None)
        if interaction.user.id != user_id or seat is None:
            await say_privately(interaction, words.gettext("That message is for someone else."))
            return
        await say_privately(interaction, text)

    # --- a decision's prompt --------------------------------------------------------------------------

    def _prompt(
        self,
        session: Session,
        current: Current,
        screen: prompts.Screen | None = None,
        note: str | None = None,
        channel: bool = False,
    ) -> prompts.PromptMessage:
        if screen is None:
            screen = prompts.answer_screen(current.payload, current.answer)
        extras = prompting.extras(session, current.decision)
        return prompts.build_prompt(current.payload, extras, screen, note=note, channel=channel)

    async def decision_click(
        self, interaction: discord.Interaction, cid: CustomId, data: dict[str, Any]
    ) -> None:
        table = table_of(interaction)
        actor = actor_from(interaction)
        session = table.reach(cid.game_id, actor)
        words = translator(table.reader_language(actor))
        seat = session.seat_of_user(actor.user_id)
        if seat is None or seat.house != cid.house:
            owner = next((s for s in session.seats if s.house == cid.house), None)
            named = screens_of_game(session).seat_name(cid.house, words.language)
            if owner is None:
                text = words.gettext(
                    "This prompt is for {house}'s player; it is not yours to answer.", house=named
                )
            else:
                text = words.gettext(
                    "This prompt is for {house}'s player ({player}); it is not yours to answer.",
                    house=named,
                    player=owner.label,
                )
            await say_privately(interaction, text)
            return
        current = current_decision(table, session, actor)
        if current is None or fingerprint(current.decision, current.answer) != cid.fingerprint:
            await self.stale(interaction, session, current)
            return
        if cid.op == "x":
            line = modal_value(data).strip()
            if not line:
                await say_privately(
                    interaction, words.gettext("The answer was empty; nothing was submitted.")
                )
                return
            await self.submit(interaction, session, actor, current, line)
            return
        extras = prompting.extras(session, current.decision)
        values = [str(v) for v in data.get("values", [])]
        try:
            reaction = prompts.react(current.payload, extras, cid, values)
        except (ValueError, IndexError, KeyError, TypeError):  # a forged or outdated custom id
            await self.stale(interaction, session, current)
            return
        if isinstance(reaction, prompts.OpenModal):
            await interaction.response.send_modal(prompts.answer_modal(current.payload, reaction.prefill))
        elif isinstance(reaction, prompts.ShowHelp):
            await say_privately(interaction, None, embed=reaction.embed)
        elif isinstance(reaction, prompts.Show):
            message = prompts.build_prompt(
                current.payload,
                extras,
                reaction.screen,
                note=prompts.answered_note(current),
                channel=in_channel(interaction),
            )
            await interaction.response.edit_message(embed=message.embed, view=message.view)
        else:
            await self.submit(interaction, session, actor, current, reaction.line)

    async def stale(
        self, interaction: discord.Interaction, session: Session, current: Current | None
    ) -> None:
        words = reader_words(interaction)
        if current is None:
            await say_privately(
                interaction,
                words.gettext(
                    "⌛ That prompt is out of date: nothing is waiting for you in **{game}** now.",
                    game=session.name,
                ),
            )
            return
        message = self._prompt(session, current, note=prompts.answered_note(current))
        await say_privately(
            interaction,
            words.gettext(
                "⌛ That prompt is out of date: the game has moved on. Here is what you are asked now."
            ),
            embed=message.embed,
            view=message.view,
        )

    async def submit(
        self, interaction: discord.Interaction, session: Session, actor: Actor, current: Current, line: str
    ) -> None:
        """Hand the answer to the table, then show on the prompt what was submitted: with the prompt still
        there when the answer may be changed, without components when it may not."""
        await interaction.response.defer()  # the table may wait on the game's lock; the prompt stays as is
        table = table_of(interaction)
        decision = current.decision
        try:
            # The prompt names the decision it was drawn for: the table checks it under the game's lock,
            # so a double click cannot answer the next decision too.
            outcome = await table.submit(
                session.id, actor, line, expect=fingerprint(decision, current.answer)
            )
        except PLAYER_ERRORS as error:
            await interaction.followup.send(f"❌ {said_to(interaction, error)}", ephemeral=True)
            return
        self.bot.wake()
        log.info(
            "game %s: House %s answered its %s decision from a prompt",
            session.id,
            decision["house"],
            decision["kind"],
        )
        channel = in_channel(interaction)
        after = current_decision(table, session, actor) if session.id in table.sessions else None
        if (
            after is not None
            and after.answer is not None
            and fingerprint(after.decision) == fingerprint(decision)
        ):
            language = payload_language(after.payload)
            label = screens_for(after.payload).describe(after.answer, decision["kind"], language)
            note = translator(language).gettext(
                "✅ Submitted: **{answer}**. You can change it until everyone has answered.", answer=label
            )
            message = self._prompt(session, after, note=note, channel=channel)
        else:
            extra = "" if str(outcome.message) == "Recorded." else said_to(interaction, outcome.message)
            message = prompts.answered_message(current.payload, line, channel=channel, note=extra)
        await interaction.edit_original_response(embed=message.embed, view=message.view)


async def setup(bot: MaesterBot) -> None:
    await bot.add_cog(ComponentsCog(bot))
