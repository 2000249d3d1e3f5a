"""Duel in the bot: the shared machinery draws its listed answers; it names them and its decision kinds
(in English whatever the reader's language: a game may leave its words untranslated)."""

from __future__ import annotations

from cogs.screens import GameScreens
from i18n import SOURCE_LANGUAGE


class DuelScreens(GameScreens):
    """Duel speaks English only: it words nothing in another language, and asks in its engine's words."""

    id = "duel"

    def kind_title(self, kind: str, language: str = SOURCE_LANGUAGE) -> str:
        return {"pick": "Pick a number", "shout": "Cheer or jeer"}.get(kind, kind)

    def describe(self, line: str, kind: str | None = None, language: str = SOURCE_LANGUAGE) -> str:
        text = super().describe(line, kind, language)
        return text.replace("pick ", "Pick ").replace("shout ", "Shout: ")

    def help(self, language: str = "en") -> str:
        return "**Duel**: `pick 1`, `pick 2` or `pick 3` (secret), then `shout cheer` or `shout jeer`."


SCREENS = DuelScreens()
