"""Leaving a running game for good (``/game resign``, confirmed with a button) and asking for a seat
(``/game volunteer``): see :mod:`table.leaving`. The confirmation's custom ids (``m:<game>:-:-:rs`` to
resign, ``rn`` to stay) carry all it needs."""

from __future__ import annotations

import logging

import discord

from cogs.common import actor_from, bot_of, reader_words, said_to, table_of
from cogs.ids import NONE, CustomId
from i18n import Translator
from table import leaving

log = logging.getLogger("maester.leaving")

RESIGN, STAY = "rs", "rn"
OPS = frozenset({RESIGN, STAY})


def confirm_view(words: Translator, game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for label, op, style in (
        (words.gettext("Resign"), RESIGN, discord.ButtonStyle.danger),
        (words.gettext("Stay"), STAY, discord.ButtonStyle.secondary),
    ):
        custom_id = CustomId(game_id, NONE, NONE, op).encode()
        view.add_item(discord.ui.Button(style=style, label=label, custom_id=custom_id))
    view.stop()
    return view


def confirm_text(words: Translator, seat_name: str, game_name: str, resigned_seat: str) -> str:
    if resigned_seat == "ai":
        return words.gettext(
            "Resign from **{game}** for good? You give up {house}: an AI plays it, and you cannot "
            "take it back "
            "yourself.",
            game=game_name,
            house=seat_name,
        )
    return words.gettext(
        "Resign from **{game}** for good? You give up {house}: it waits for a volunteer, and you cannot take "
        "it back yourself.",
        game=game_name,
        house=seat_name,
    )


async def on_click(interaction: discord.Interaction, cid: CustomId) -> None:
    """The Resign / Stay buttons of ``/game resign``."""
    if cid.op == STAY:
        await interaction.response.edit_message(
            content=reader_words(interaction).gettext("You stay; nothing changed."), view=None
        )
        return
    await interaction.response.defer()  # the game's lock may be busy
    actor = actor_from(interaction)
    text = await leaving.resign(table_of(interaction), cid.game_id, actor)
    bot_of(interaction).wake()
    log.info("game %s: user %s resigned", cid.game_id, actor.user_id)
    await interaction.edit_original_response(content=f"✅ {said_to(interaction, text)}", view=None)
