"""The table: game sessions around the engine (seats, persistence, deadlines, moderation, the outbox).

Nothing here knows discord.py: the cogs and the command-line demo drive the same :class:`Table`.
"""

from table.errors import TableError
from table.people import Actor
from table.settings import GameSettings
from table.table import Table

__all__ = ["Actor", "GameSettings", "Table", "TableError"]
