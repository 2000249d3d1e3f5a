"""A Game of Thrones in the bot: :data:`SCREENS` (named in data/games.toml), the game's names, answers,
drafts, screens, notation and status. The only cogs that know this game are here."""

from cogs.thrones.screens import SCREENS

__all__ = ["SCREENS"]
