"""Duel in the bot: the shared machinery draws its listed answers; it names them and its decision kinds
(in English whatever the reader's language: a game may leave its words untranslated)."""

from __future__ import annotations

from cogs.screens import GameScreens


class DuelScreens(GameScreens):
    id = "duel"

    def kind_title(self, kind: str, language: str = "en") -> str:
        return {"pick": "Pick a number", "shout": "Cheer or jeer"}.get(kind, kind)

    def describe(self, line: str, kind: str | None = None) -> str:
        text = super().describe(line, kind)
        return text.replace("pick ", "Pick ").replace("shout ", "Shout: ")

    def help(self, language: str = "en") -> str:
        return "**Duel**: `pick 1`, `pick 2` or `pick 3` (secret), then `shout cheer` or `shout jeer`."


SCREENS = DuelScreens()
