"""The orders screen: a select per area (four areas a page), the token chosen for each, what the engine
would refuse, and Submit. The draft lives in the custom ids (see :class:`OrdersDraft`).

=========  ======================================  ====================================================
op         component                               does
=========  ======================================  ====================================================
op:p:c     button                                  orders page p of draft c
os:p:s:c   select (value token or ``-``)           set area s of the orders draft
ok:c       button                                  submit the orders draft
=========  ======================================  ====================================================
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.ids import NONE, CustomId, digit, undigit
from cogs.layout import PER_PAGE, Layout, button, option, root_id, select, type_button
from cogs.screens import Reaction, Screen, Show, Submit, payload_language
from cogs.thrones import names
from cogs.thrones.drafts import OrdersDraft
from i18n import translator
from table.thrones.extras import Extras

OPS = frozenset({"op", "os", "ok"})
FIRST = Screen("op", ("0",))
TYPED = "o"  # the "Type the answer" button's first arg: the draft's code follows


def draw(payload: dict[str, Any], extras: Extras, layout: Layout, args: tuple[str, ...]) -> list[str]:
    decision = payload["decision"]
    language = payload_language(payload)
    words = translator(language)
    cid = root_id(payload)
    draft = OrdersDraft.start(decision, args[1] if len(args) > 1 else None)
    pages = max(1, -(-len(draft.areas) // PER_PAGE))
    page = min(max(int(args[0]) if args else 0, 0), pages - 1)
    code = draft.code
    for slot in range(page * PER_PAGE, min(len(draft.areas), (page + 1) * PER_PAGE)):
        area = draft.areas[slot]
        name = names.area_name(area, language)
        # Option labels name the area: a select shows its chosen option, not its placeholder.
        options = []
        if draft.may_leave_empty:
            label = words.gettext("{area}: no order", area=name)
            options.append(option(label, NONE, default=draft.picks[slot] is None))
        for index, token in enumerate(draft.tokens):
            owned = draft.counts.get(token, 0)
            options.append(
                option(
                    f"{name}: {names.token_name(token, language)}",
                    digit(index),
                    words.gettext("you have {count}", count=owned),
                    draft.picks[slot] == index,
                )
            )
        units = names.units_text(extras.units.get(area, []), language)
        layout.select(select(cid, "os", page, slot, code, options=options, placeholder=f"{name} ({units})"))
    if page > 0:
        layout.button(button(cid, "op", page - 1, code, label=words.gettext("◀ Previous areas")))
    if page < pages - 1:
        layout.button(button(cid, "op", page + 1, code, label=words.gettext("More areas ▶")))
    submit = words.gettext("Submit orders")
    layout.button(button(cid, "ok", code, label=submit, style=discord.ButtonStyle.success))
    type_button(layout, cid, TYPED, code, language=language)
    body = []
    for slot, area in enumerate(draft.areas):
        token = draft.token_of(slot)
        units = names.units_text(extras.units.get(area, []), language)
        given = names.token_name(token, language) if token else "—"
        body.append(f"**{names.area_name(area, language)}** ({units}): {given}")
    body += [f"⚠️ {problem}" for problem in draft.problems(language)]
    if pages > 1:
        body.append(
            words.gettext(
                "Page {page} of {pages}: use the buttons for the other areas.", page=page + 1, pages=pages
            )
        )
    return body


def react(decision: dict[str, Any], cid: CustomId, values: list[str]) -> Reaction:
    op, args = cid.op, cid.args
    if op == "op":
        return Show(Screen("op", args[:2]))
    if op == "os":
        value = values[0] if values else None
        page, slot, code = args[0], int(args[1]), args[2]
        draft = OrdersDraft.start(decision, code)
        draft = draft.pick(slot, None if value in (None, NONE) else undigit(value))
        return Show(Screen("op", (page, draft.code)))
    return Submit(OrdersDraft.start(decision, args[0]).line)


def typed_prefill(decision: dict[str, Any], code: str) -> str:
    return OrdersDraft.start(decision, code).line


def answer_screen(decision: dict[str, Any], answer: str) -> Screen:
    """The orders screen with the orders already given as its draft."""
    return Screen("op", ("0", OrdersDraft.start(decision).with_line(answer).code))
