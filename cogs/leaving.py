"""Leaving a running game for good (``/game resign``, confirmed with a button) and asking for a seat
(``/game volunteer``): see :mod:`table.leaving`. The confirmation's custom ids (``m:<game>:-:-:rs`` to
resign, ``rn`` to stay) carry all it needs."""

from __future__ import annotations

import logging

import discord

from cogs.common import actor_from, bot_of, said_to, table_of
from cogs.ids import NONE, CustomId
from table import leaving

log = logging.getLogger("maester.leaving")

RESIGN, STAY = "rs", "rn"
OPS = frozenset({RESIGN, STAY})


def confirm_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for label, op, style in (
        ("Resign", RESIGN, discord.ButtonStyle.danger),
        ("Stay", STAY, discord.ButtonStyle.secondary),
    ):
        custom_id = CustomId(game_id, NONE, NONE, op).encode()
        view.add_item(discord.ui.Button(style=style, label=label, custom_id=custom_id))
    view.stop()
    return view


def confirm_text(seat_name: str, game_name: str, resigned_seat: str) -> str:
    after = "an AI plays it" if resigned_seat == "ai" else "it waits for a volunteer"
    return (
        f"Resign from **{game_name}** for good? You give up {seat_name}: {after}, and you cannot take it "
        "back yourself."
    )


async def on_click(interaction: discord.Interaction, cid: CustomId) -> None:
    """The Resign / Stay buttons of ``/game resign``."""
    if cid.op == STAY:
        await interaction.response.edit_message(content="You stay; nothing changed.", view=None)
        return
    await interaction.response.defer()  # the game's lock may be busy
    actor = actor_from(interaction)
    text = await leaving.resign(table_of(interaction), cid.game_id, actor)
    bot_of(interaction).wake()
    log.info("game %s: user %s resigned", cid.game_id, actor.user_id)
    await interaction.edit_original_response(content=f"✅ {said_to(interaction, text)}", view=None)
