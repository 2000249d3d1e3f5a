"""Everything Maester says, gathered for the catalogues: the code's gettext calls, the slash commands read
from the bot's command tree, and the names the data gives. A tool's module: it builds the bot (without
connecting to Discord) to read its commands, so only ``python -m i18n`` and the tests import it."""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from i18n import ENGLISH_NAMES
from i18n.catalogues import Entry, source_entries

if TYPE_CHECKING:
    from discord import app_commands


def data_entries() -> list[Entry]:
    """The names the code translates from data: the languages' names, each game's title, its options'
    labels and descriptions, and its deadline categories."""
    from data.games import games
    from table.kinds import kind_of

    note = "a language's name in running text (lower case where the language writes it so)"
    found = [Entry(name, "language", comments=(note,)) for name in ENGLISH_NAMES.values()]
    for game in games():
        found.append(Entry(game.title, "game title", comments=(f"data/games.toml [{game.id}]",)))
        for option in kind_of(game.id).options:
            note = f"{game.id} option {option.name}: {option.description}"
            found.append(Entry(option.label, "game option", comments=(note,)))
            note = (
                f"{game.id} option {option.name}, what it does (an autocomplete suggestion, 100 characters)"
            )
            found.append(Entry(option.description, "game option description", comments=(note,)))
        for category in kind_of(game.id).deadlines:
            note = f"{game.id}: the decisions that share a deadline (/mod deadline category, /game status)"
            found.append(Entry(category, "deadline category", comments=(note,)))
    return found


@contextlib.asynccontextmanager
async def _commands() -> AsyncIterator[app_commands.CommandTree[Any]]:
    """The bot's command tree as the bot loads it (its table on a scratch database), with its translator."""
    from bot import Config, create_bot
    from cogs import EXTENSIONS
    from cogs.translator import CommandTranslator
    from table.table import Table

    with tempfile.TemporaryDirectory() as folder:
        database = str(Path(folder) / "commands.sqlite3")
        bot = create_bot(Config(token="-", database=database))
        bot.table = await Table.open(database)
        try:
            await bot.tree.set_translator(CommandTranslator())
            for extension in EXTENSIONS:
                await bot.load_extension(extension)
            yield bot.tree
        finally:
            await bot.close()


async def command_entries() -> list[Entry]:
    """The names, descriptions and choices of the slash commands."""
    from cogs.translator import command_entries as from_tree

    async with _commands() as tree:
        return await from_tree(tree)


async def synced_commands() -> list[dict[str, Any]]:
    """The slash commands as the bot syncs them to Discord: with their localizations."""
    async with _commands() as tree:
        assert tree.translator is not None
        return [
            await command.get_translated_payload(tree, tree.translator) for command in tree.get_commands()
        ]


async def all_entries() -> list[Entry]:
    return [*source_entries(), *data_entries(), *await command_entries()]
