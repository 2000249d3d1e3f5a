"""The building blocks of a prompt's components, within Discord's limits: rows of selects and buttons,
buttons, selects and their options, and the "Type the answer" and "What can I do here?" buttons every
prompt has.

Every component's custom id starts from the decision's (:func:`root_id`), so a click names the game, the
house and the question it was drawn for (see :mod:`cogs.ids`).
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.ids import CustomId, fingerprint
from i18n import SOURCE_LANGUAGE, translator

BUTTON_LABEL = 80
OPTION_TEXT = 100
PLACEHOLDER = 150
MENU = 25  # options in one select
PER_PAGE = 4  # selects in one message, leaving a row for its buttons
HELP_OP = "h"


def clip(text: str, limit: int) -> str:
    """A text cut to ``limit`` characters with an ellipsis, its spaces collapsed when it is one line."""
    text = " ".join(text.split()) if "\n" not in text else text
    return text if len(text) <= limit else text[: limit - 1] + "…"


def root_id(payload: dict[str, Any]) -> CustomId:
    """The custom id of a decision's prompt, without an op: every component of the prompt extends it."""
    decision = payload["decision"]
    return CustomId(
        int(payload["game_id"]), decision["house"], fingerprint(decision, payload.get("answer")), ""
    )


class Layout:
    """Rows of components: a select takes a row, buttons share one (five at most)."""

    def __init__(self) -> None:
        self.view = discord.ui.View(timeout=None)
        self.row = 0
        self.buttons = 0

    def select(self, select: discord.ui.Select) -> None:  # type: ignore[type-arg]
        if self.buttons:
            self.row += 1
            self.buttons = 0
        select.row = self.row
        self.view.add_item(select)
        self.row += 1

    def button(self, button: discord.ui.Button) -> None:  # type: ignore[type-arg]
        if self.buttons == 5:
            self.row += 1
            self.buttons = 0
        button.row = self.row
        self.view.add_item(button)
        self.buttons += 1


def button(
    cid: CustomId,
    op: str,
    *args: object,
    label: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
) -> discord.ui.Button:  # type: ignore[type-arg]
    return discord.ui.Button(
        style=style,
        label=clip(label, BUTTON_LABEL),
        custom_id=cid.with_op(op, *args).encode(),
        disabled=disabled,
    )


def option(label: str, value: str, description: str = "", default: bool = False) -> discord.SelectOption:
    return discord.SelectOption(
        label=clip(label, OPTION_TEXT) or value,
        value=value,
        description=clip(description, OPTION_TEXT) or None,
        default=default,
    )


def select(
    cid: CustomId,
    op: str,
    *args: object,
    options: list[discord.SelectOption],
    placeholder: str,
    low: int = 1,
    high: int = 1,
) -> discord.ui.Select:  # type: ignore[type-arg]
    return discord.ui.Select(
        custom_id=cid.with_op(op, *args).encode(),
        placeholder=clip(placeholder, PLACEHOLDER),
        min_values=low,
        max_values=high,
        options=options[:MENU],
    )


def type_button(layout: Layout, cid: CustomId, *args: object, language: str = SOURCE_LANGUAGE) -> None:
    """The "Type the answer" button; ``args`` name the draft to prefill the modal with, when they fit."""
    if not cid.fits("t", *args):
        args = ()
    label = translator(language).gettext("Type the answer")
    layout.button(button(cid, "t", *args, label=label, style=discord.ButtonStyle.secondary))


def help_button(layout: Layout, cid: CustomId, language: str = SOURCE_LANGUAGE) -> None:
    """The "What can I do here?" button: the decision's help, shown privately (it changes no screen)."""
    layout.button(button(cid, HELP_OP, label=translator(language).gettext("What can I do here?")))
