"""Decision payloads (from the table's outbox) turned into messages with components, and clicks on those
components turned into the next screen, an answer to submit, or a modal to type one; for any game.

The payload names its game (``"game"``; a payload stored before games were plugins names none and is A
Game of Thrones') and its reader's language (``"language"``; English for a payload stored before prompts
had one), and the game's screens (:mod:`cogs.screens`) give the words and say how each decision is asked:
by a screen of the game's own, or by a generic one (listed choices: :mod:`cogs.listed`; pick N of these:
:mod:`cogs.pick`; order these: :mod:`cogs.ranking`). Everything here is a pure function of the payload,
the game's prompt extras and the custom id: no prompt lives in memory, so a click is handled the same
after a restart.

Ops (see :mod:`cogs.ids` for the id layout); "→ submit" means the answer goes to the table. The shared
ops are below and in the generic screens' modules; every other op is the game's.

=========  ======================================  ====================================================
op         component                               does
=========  ======================================  ====================================================
t[:…]      button                                  open the "type the answer" modal, prefilled
x          modal                                   the typed answer → submit
h          button                                  the decision's help, privately (a new message)
c, g       select, button                          listed choices (:mod:`cogs.listed`)
d, dn      multi-select, button                    pick N of these (:mod:`cogs.pick`)
r, rs, rk  select, buttons                         order these (:mod:`cogs.ranking`)
=========  ======================================  ====================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from cogs import listed, pick, ranking
from cogs.ids import NONE, CustomId
from cogs.layout import HELP_OP, Layout, clip, help_button, root_id, type_button
from cogs.screens import (
    GameScreens,
    OpenModal,
    Reaction,
    Screen,
    Show,
    Submit,
    payload_language,
    screens_for,
    strip_house,
)
from i18n import SOURCE_LANGUAGE, translator
from table.prompting import Current

__all__ = [
    "OpenModal",
    "PromptMessage",
    "Reaction",
    "Screen",
    "Show",
    "ShowHelp",
    "Submit",
    "answer_modal",
    "answer_screen",
    "answered_message",
    "answered_note",
    "build_prompt",
    "help_embed",
    "private_view",
    "react",
    "show_prompt_view",
]


@dataclass(frozen=True)
class ShowHelp:
    """A click on "What can I do here?": show the decision's help privately, leaving the prompt as it is."""

    embed: discord.Embed


@dataclass
class PromptMessage:
    content: str | None
    embed: discord.Embed
    view: discord.ui.View | None


def _due(due_at: float | None, language: str) -> str:
    if not due_at:
        return ""
    return translator(language).gettext(
        "Answer by {date} ({relative}).", date=f"<t:{int(due_at)}:f>", relative=f"<t:{int(due_at)}:R>"
    )


def _title(screens: GameScreens, decision: dict[str, Any], limit: int, language: str) -> str:
    seat = screens.seat_name(decision["house"], language)
    return clip(f"{seat}: {screens.kind_title(decision['kind'], language)}", limit)


def _embed(
    screens: GameScreens, payload: dict[str, Any], body: list[str], note: str | None = None
) -> discord.Embed:
    decision = payload["decision"]
    language = payload_language(payload)
    words = translator(language)
    lines = [screens.question(decision, language)]
    if body:
        lines += ["", *body]
    due = _due(payload.get("due_at"), language)
    if due:
        lines += ["", due]
    if note:
        lines = [note, "", *lines]
    embed = discord.Embed(
        title=_title(screens, decision, 256, language),
        description=clip("\n".join(lines), 4000),
        colour=screens.seat_colour(decision["house"]),
    )
    footer = words.gettext(
        "{game} · game {number} · or answer with {command}",
        game=payload.get("game_name", ""),
        number=payload["game_id"],
        command=words.command("game act"),
    )
    embed.set_footer(text=clip(footer, 2048))
    return embed


def _content(screens: GameScreens, payload: dict[str, Any], channel: bool) -> str:
    language = payload_language(payload)
    words = translator(language)
    seat = screens.seat_name(payload["decision"]["house"], language)
    game = payload.get("game_name", "")
    if channel:
        return words.gettext(
            "{mention}, {house} must decide in **{game}**.",
            mention=f"<@{payload['user_id']}>",
            house=seat,
            game=game,
        )
    return words.gettext(
        "**{game}** (game {number}): a decision for {house}.",
        game=game,
        number=payload["game_id"],
        house=seat,
    )


def build_prompt(
    payload: dict[str, Any],
    extras: Any,
    screen: Screen | None = None,
    *,
    note: str | None = None,
    channel: bool = False,
) -> PromptMessage:
    """The message asking for ``payload``'s decision: an embed saying what is asked and by when, and the
    components to answer it, always including the "Type the answer" and "What can I do here?" buttons."""
    screens = screens_for(payload)
    decision = payload["decision"]
    cid = root_id(payload)
    screen = screen if screen is not None and screen.op else screens.first_screen(payload) or Screen()
    layout = Layout()
    language = payload_language(payload)
    body = screens.build(payload, extras, layout, screen)
    if body is None:
        body = _generic(screens, decision, extras, cid, layout, screen, language)
    help_button(layout, cid, language)
    layout.view.stop()  # never kept by discord.py: clicks are handled from the custom id alone
    return PromptMessage(
        _content(screens, payload, channel), _embed(screens, payload, body, note), layout.view
    )


def _generic(
    screens: GameScreens,
    decision: dict[str, Any],
    extras: Any,
    cid: CustomId,
    layout: Layout,
    screen: Screen,
    language: str,
) -> list[str]:
    """A decision the game does not draw itself, on the first generic screen that suits it."""
    described = screens.describe(decision["default"], decision["kind"], language)
    suggested = translator(language).gettext("Suggested: {answer}.", answer=described)
    if (order := screens.ranking(decision, extras, language)) is not None:
        return ranking.draw(cid, order, layout, screen, language)
    if (chosen := screens.pick(decision, extras, language)) is not None:
        return [*pick.draw(cid, chosen, layout, language), suggested]
    if choices := screens.choices(decision, extras, language):
        title = screens.kind_title(decision["kind"], language)

        def word(text: str) -> str:
            return screens.group_word(text, language)

        return listed.draw(cid, choices, title, word, layout, screen, language)
    type_button(layout, cid, language=language)
    return [suggested]


def answered_note(current: Current) -> str | None:
    """What a prompt of a secret answer already given says first: the answer, and that it may change."""
    if current.answer is None:
        return None
    language = payload_language(current.payload)
    described = screens_for(current.payload).describe(current.answer, current.decision["kind"], language)
    return translator(language).gettext(
        "You answered: **{answer}**. You can change it until everyone has answered.", answer=described
    )


def answered_message(payload: dict[str, Any], line: str, *, channel: bool, note: str = "") -> PromptMessage:
    """The prompt once answered for good: what was chosen, and no components."""
    screens = screens_for(payload)
    decision = payload["decision"]
    language = payload_language(payload)
    words = translator(language)
    answer = screens.describe(line, decision["kind"], language)
    if channel:
        seat = screens.seat_name(decision["house"], language)
        text = words.gettext("✅ {house} answered: **{answer}**", house=seat, answer=answer)
    else:
        text = words.gettext("✅ You answered: **{answer}**", answer=answer)
    embed = _embed(screens, payload, [], text + (f"\n{note}" if note else ""))
    return PromptMessage(None, embed, None)


def help_embed(payload: dict[str, Any], extras: Any) -> discord.Embed:
    """What the "What can I do here?" button shows: the game's help for the decision."""
    screens = screens_for(payload)
    decision = payload["decision"]
    language = payload_language(payload)
    return discord.Embed(
        title=clip(f"❔ {screens.kind_title(decision['kind'], language)}", 256),
        description=clip(screens.decision_help(payload, extras), 4000),
        colour=screens.seat_colour(decision["house"]),
    )


def answer_modal(payload: dict[str, Any], prefill: str) -> discord.ui.Modal:
    """The "type the answer" modal: one notation line, prefilled (the default, or the draft so far)."""
    decision = payload["decision"]
    language = payload_language(payload)
    words = translator(language)
    modal = discord.ui.Modal(
        title=_title(screens_for(payload), decision, 45, language),
        custom_id=root_id(payload).with_op("x").encode(),
        timeout=None,
    )
    modal.add_item(
        discord.ui.TextInput(
            label=clip(words.gettext("Your answer, in notation"), 45),
            custom_id="line",
            style=discord.TextStyle.paragraph,
            default=clip(prefill, 4000),
            placeholder=clip(words.gettext("e.g. {example}", example=strip_house(decision["default"])), 100),
            max_length=4000,
        )
    )
    modal.stop()
    return modal


def react(payload: dict[str, Any], extras: Any, cid: CustomId, values: list[str]) -> Reaction | ShowHelp:
    """What a click on a component of this decision's prompt does. Raises ValueError for a click that
    does not fit the decision (an edited or garbled id): the caller treats it as a stale prompt."""
    screens = screens_for(payload)
    decision = payload["decision"]
    language = payload_language(payload)
    default = strip_house(decision["default"])
    if cid.op == "t":
        return OpenModal(_typed_prefill(screens, payload, extras, cid.args) or default)
    if cid.op == HELP_OP:
        return ShowHelp(help_embed(payload, extras))
    if cid.op in listed.OPS:
        return listed.react(screens.choices(decision, extras, language) or [], default, cid, values)
    if cid.op in pick.OPS:
        chosen = screens.pick(decision, extras, language)
        if chosen is None:
            raise ValueError("not a decision to pick from")
        return pick.react(chosen, cid, values)
    if cid.op in ranking.OPS:
        order = screens.ranking(decision, extras, language)
        if order is None:
            raise ValueError("not a decision to rank")
        return ranking.react(order, cid, values)
    reaction = screens.react(payload, extras, cid, values)
    if reaction is None:
        raise ValueError(f"unknown op {cid.op!r}")
    return reaction


def _typed_prefill(
    screens: GameScreens, payload: dict[str, Any], extras: Any, args: tuple[str, ...]
) -> str | None:
    """The draft shown in the prompt, as notation, to start the typed answer from."""
    try:
        if args[:1] == (ranking.TYPED,):
            order = screens.ranking(payload["decision"], extras)
            return None if order is None else ranking.typed_prefill(order, args[1])
        return screens.typed_prefill(payload, extras, args)
    except (ValueError, IndexError):
        return None


def answer_screen(payload: dict[str, Any], answer: str | None) -> Screen | None:
    """The screen showing an answer already given, to change it (None: the first screen)."""
    return screens_for(payload).answer_screen(payload, answer)


def show_prompt_view(game_id: int, language: str = SOURCE_LANGUAGE) -> discord.ui.View:
    """A button anyone may press to see their own decision in this game, privately; labelled in
    ``language`` (its message's)."""
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Button(
            style=discord.ButtonStyle.primary,
            label=translator(language).gettext("Show my prompt"),
            custom_id=CustomId(game_id, NONE, NONE, "show").encode(),
        )
    )
    view.stop()
    return view


def private_view(game_id: int, item_id: int, language: str = SOURCE_LANGUAGE) -> discord.ui.View:
    """A button that shows its person privately the news a closed DM kept from them; labelled in
    ``language`` (its message's)."""
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Button(
            style=discord.ButtonStyle.primary,
            label=translator(language).gettext("Show it to me"),
            custom_id=CustomId(game_id, NONE, NONE, "pv", (str(item_id),)).encode(),
        )
    )
    view.stop()
    return view
