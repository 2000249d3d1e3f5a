"""Everything Maester says, gathered for the catalogues: the code's gettext calls, the slash commands read
from the bot's command tree, and the names the data gives. A tool's module: it builds the bot (without
connecting to Discord) to read its commands, so only ``python -m i18n`` and the tests import it."""

from __future__ import annotations

import tempfile
from pathlib import Path

from i18n import ENGLISH_NAMES
from i18n.catalogues import Entry, source_entries


def data_entries() -> list[Entry]:
    """The names the code translates from data: the languages' names, each game's title and its options'
    labels."""
    from data.games import games
    from table.kinds import kind_of

    note = "a language's name in running text (lower case where the language writes it so)"
    found = [Entry(name, "language", comments=(note,)) for name in ENGLISH_NAMES.values()]
    for game in games():
        found.append(Entry(game.title, "game title", comments=(f"data/games.toml [{game.id}]",)))
        for option in kind_of(game.id).options:
            note = f"{game.id} option {option.name}: {option.description}"
            found.append(Entry(option.label, "game option", comments=(note,)))
    return found


async def command_entries() -> list[Entry]:
    """The names, descriptions and choices of the slash commands, from the bot as it loads them."""
    from bot import Config, create_bot
    from cogs import EXTENSIONS
    from cogs.translator import command_entries as from_tree
    from table.table import Table

    with tempfile.TemporaryDirectory() as folder:
        database = str(Path(folder) / "extract.sqlite3")
        bot = create_bot(Config(token="-", database=database))
        bot.table = await Table.open(database)
        try:
            for extension in EXTENSIONS:
                await bot.load_extension(extension)
            return await from_tree(bot.tree)
        finally:
            await bot.close()


async def all_entries() -> list[Entry]:
    return [*source_entries(), *data_entries(), *await command_entries()]
