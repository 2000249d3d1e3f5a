"""The Discord layer: slash commands, interactive prompts and the outbox poster, over :mod:`table`.

Cogs stay thin: they turn an interaction into a table call and an outbox item into a message. They are
game-neutral: a game's part in the bot (names, words, its own prompt screens, notation help, its part of
the status) is its :class:`cogs.screens.GameScreens`, in its own package (``cogs/thrones/``), found by the
game's id (see data/games.toml). Rules live in the engine; only a game's package reads its engine (to
describe choices, never to decide them).
"""

EXTENSIONS = ("cogs.game", "cogs.moderation", "cogs.rules", "cogs.vote", "cogs.components", "cogs.threads")
