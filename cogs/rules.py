"""``/rules <topic> name``: the rules reference of the game of the channel (A Game of Thrones where no game
is), privately: one entry in full, found by its name with suggestions as it is typed.

Discord's commands are fixed when they are synced, so the topics are too (:data:`TOPICS`, the ones A Game
of Thrones asked for); each game says which of them it has and what they hold
(:meth:`cogs.screens.GameScreens.reference_topics`), and a topic it lacks is refused, naming those it has.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs import lookup
from cogs.common import Reply, actor_from, reader_language, table_of
from cogs.screens import MAX_SUGGESTION, screens_of
from data.games import game
from i18n import SOURCE_LANGUAGE, Said, psaid, said, translator
from table.errors import TableError
from table.kinds import DEFAULT_GAME
from table.session import ENDED, OVER
from table.text import clip, quote

if TYPE_CHECKING:
    from bot import MaesterBot

# topic (the subcommand) -> the subcommand's description
TOPICS: dict[str, str] = {
    "card": "A card in full: strength, icons and its whole text",
    "area": "An area of the board: castle, supply, power, port, neighbours, who starts there",
    "order": "An order: what it does, its bonus, its special variant and how many there are",
    "westeros": "A Westeros card: its deck, its effect and its wildling icon",
    "wildling": "A wildling card: what the highest and the lowest bidders get",
    "tides": "A Tides of Battle card: its number, its icons and how many",
}


def _none_called(topic: str, typed: str) -> Said:
    """That no entry of a topic has the name typed (each sentence whole: the words' genders differ)."""
    name = quote(typed)
    if topic == "card":
        return said("No card is called {name}.", name=name)
    if topic == "area":
        return said("No area is called {name}.", name=name)
    if topic == "order":
        return said("No order is called {name}.", name=name)
    if topic == "westeros":
        return said("No Westeros card is called {name}.", name=name)
    if topic == "wildling":
        return said("No wildling card is called {name}.", name=name)
    return said("No Tides of Battle card is called {name}.", name=name)


@dataclass(frozen=True)
class Refusal:
    """A name that finds no entry, and a hint: the nearest names, or to pick a suggestion."""

    none: Said
    near: tuple[str, ...]

    def said_in(self, language: str) -> str:
        words = translator(language)
        if self.near:
            hint = words.gettext("Did you mean {names}?", names=", ".join(self.near))
        else:
            hint = words.gettext("Pick one of the suggestions as you type.")
        return f"{self.none.said_in(language)} {hint}"


@dataclass(frozen=True)
class Topics:
    """The /rules commands a game has, as a reader of each language sees them."""

    topics: tuple[str, ...]

    def said_in(self, language: str) -> str:
        words = translator(language)
        return ", ".join(f"`{words.command('rules ' + topic)}`" for topic in self.topics)


NAME = "Start typing, and pick one of the suggestions"


def game_here(interaction: discord.Interaction) -> str:
    """The game whose reference is shown: the newest game still open in this channel (or the channel this
    thread is in), else its newest finished one, else the default game (in a DM too)."""
    actor = actor_from(interaction)
    here = [s for s in table_of(interaction).sessions.values() if actor.in_channel(s.channel_id)]
    running = [s for s in here if s.status not in (OVER, ENDED)]
    newest = max(running or here, key=lambda s: s.id, default=None)
    return newest.settings.game if newest is not None else DEFAULT_GAME


def show(game_id: str, topic: str, typed: str, language: str = SOURCE_LANGUAGE) -> discord.Embed:
    """The embed of the entry ``typed`` names, in ``language``; raises TableError, saying why, when there is
    none (the nearest names in that language)."""
    screens = screens_of(game_id)
    title = psaid("game title", game(game_id).title)
    topics = screens.reference_topics(language)
    if not topics:
        raise TableError(said("{game}, the game of this channel, has no rules reference.", game=title))
    if topic not in topics:
        has = Topics(tuple(t for t in TOPICS if t in topics))
        raise TableError(
            said(
                "{game} has no such entries in its rules reference ({topic}); it has {has}.",
                game=title,
                topic=Topics((topic,)),
                has=has,
            )
        )
    entry = lookup.find(topics[topic], typed)
    embed = None if entry is None else screens.reference_embed(topic, entry.key, language)
    if embed is None:
        near = tuple(lookup.nearest(topics[topic], typed))
        raise TableError(Refusal(_none_called(topic, typed), near))
    return embed


def suggestions(
    game_id: str, topic: str, typed: str, language: str = SOURCE_LANGUAGE
) -> list[app_commands.Choice[str]]:
    entries = screens_of(game_id).reference_topics(language).get(topic, ())
    return [
        app_commands.Choice(name=clip(entry.label, MAX_SUGGESTION), value=entry.key)
        for entry in lookup.suggest(entries, typed)
    ]


def _subcommand(topic: str, description: str) -> app_commands.Command:  # type: ignore[type-arg]
    async def look_up(interaction: discord.Interaction, name: app_commands.Range[str, 1, 100]) -> None:
        async with Reply(interaction, ephemeral=True, defer=False) as reply:
            await reply.send(embed=show(game_here(interaction), topic, name, reader_language(interaction)))

    async def suggest(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return suggestions(game_here(interaction), topic, current, reader_language(interaction))

    # Described before the command is built: discord.py makes a description given later untranslatable.
    described = app_commands.describe(name=NAME)(look_up)
    command = app_commands.Command(name=topic, description=description, callback=described)
    command.autocomplete("name")(suggest)
    return command


class RulesCog(commands.GroupCog, group_name="rules", group_description="The rules reference, privately"):
    def __init__(self, bot: MaesterBot) -> None:
        self.bot = bot
        super().__init__()
        for topic, description in TOPICS.items():
            self.app_command.add_command(_subcommand(topic, description))


async def setup(bot: MaesterBot) -> None:
    await bot.add_cog(RulesCog(bot))
