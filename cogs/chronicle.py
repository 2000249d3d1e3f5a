"""A game's chronicle, page by page: an embed of one page, with buttons to the earlier and later ones.
The buttons carry the page they lead to, so they work after a restart like every other component."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from cogs import embeds
from cogs.ids import NONE, CustomId
from i18n import SOURCE_LANGUAGE, translator
from table.people import Actor
from table.session import Session

if TYPE_CHECKING:
    from table.table import Table

PAGE_OP = "lg"


@dataclass
class Page:
    embed: discord.Embed
    view: discord.ui.View


async def page(
    table: Table, session: Session, actor: Actor, number: int | None, language: str = SOURCE_LANGUAGE
) -> Page:
    """Page ``number`` of the chronicle (counting from 0; None: the latest), its words in ``language`` (the
    reader's)."""
    lines, number, pages = await table.chronicle_page(session.id, actor, number)
    words = translator(language)
    view = discord.ui.View(timeout=None)
    for label, target in ((words.gettext("◀ Earlier"), number - 1), (words.gettext("Later ▶"), number + 1)):
        view.add_item(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=CustomId(session.id, NONE, NONE, PAGE_OP, (str(max(target, 0)),)).encode(),
                disabled=not 0 <= target < pages,
            )
        )
    view.stop()
    return Page(embeds.chronicle_embed(session, lines, number, pages, language), view)
