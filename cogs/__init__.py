"""The Discord layer: slash commands, interactive prompts and the outbox poster, over :mod:`table`.

Cogs stay thin: they turn an interaction into a table call and an outbox item into a message. Rules live
in the engine; the one module that reads it (to describe choices, never to decide them) is
:mod:`cogs.rules`.
"""

EXTENSIONS = ("cogs.game", "cogs.moderation", "cogs.components")
