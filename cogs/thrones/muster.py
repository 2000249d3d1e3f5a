"""The muster screen: a select per castle area (four a page) offering every legal muster of that area
alone (from the prompt extras), and Submit. The draft lives in the custom ids (see :class:`MusterPlan`).

=========  ======================================  ====================================================
op         component                               does
=========  ======================================  ====================================================
up:p:c     button                                  muster page p
us:p:s:c   select (value muster)                   set area s's muster
uk:c       button                                  submit the muster
=========  ======================================  ====================================================
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.ids import CustomId, digit, undigit
from cogs.layout import MENU, PER_PAGE, Layout, button, option, root_id, select, type_button
from cogs.screens import Reaction, Screen, Show, Submit, payload_language
from cogs.thrones import names
from cogs.thrones.answers import describe_muster_items
from cogs.thrones.drafts import muster_plan
from cogs.thrones.names import Unit
from i18n import translator
from table.thrones.extras import Extras

OPS = frozenset({"up", "us", "uk"})
FIRST = Screen("up", ("0",))
TYPED = "u"  # the "Type the answer" button's first arg: the plan's code follows


def _uncapitalized(text: str) -> str:
    """A muster's words after the area's name: its first letter in lower case (names keep theirs)."""
    return text[:1].lower() + text[1:]


def _cost(combo: str) -> int:
    cost = 0
    for item in combo.split(","):
        words = item.split()
        what = words[1] if len(words) == 2 else ""
        cost += 2 if what in ("knight", "siege") else 1
    return cost


def draw(payload: dict[str, Any], extras: Extras, layout: Layout, args: tuple[str, ...]) -> list[str]:
    decision = payload["decision"]
    language = payload_language(payload)
    words = translator(language)
    cid = root_id(payload)
    plan = muster_plan(decision, extras)
    code = args[1] if len(args) > 1 else plan.stay_code()
    chosen = plan.decode(code)
    pages = max(1, -(-len(plan.areas) // PER_PAGE))
    page = min(max(int(args[0]) if args else 0, 0), pages - 1)
    hidden = False
    for slot in range(page * PER_PAGE, min(len(plan.areas), (page + 1) * PER_PAGE)):
        area = plan.areas[slot]
        combos = plan.combos.get(area, [])
        name = names.area_name(area, language)
        options = [option(words.gettext("{area}: nothing", area=name), "0", default=chosen[slot] is None)]
        for i, combo in enumerate(combos[: MENU - 1]):
            cost = _cost(combo)
            options.append(
                option(
                    f"{name}: {_uncapitalized(describe_muster_items(combo, language))}",
                    digit(i + 1),
                    words.ngettext("{count} point", "{count} points", cost, count=cost),
                    chosen[slot] == combo,
                )
            )
        hidden = hidden or len(combos) > MENU - 1
        points = plan.points[area]
        placeholder = words.ngettext(
            "{area}: {count} point", "{area}: {count} points", points, area=name, count=points
        )
        layout.select(select(cid, "us", page, slot, code, options=options, placeholder=placeholder))
    if page > 0:
        layout.button(button(cid, "up", page - 1, code, label=words.gettext("◀ Previous castles")))
    if page < pages - 1:
        layout.button(button(cid, "up", page + 1, code, label=words.gettext("More castles ▶")))
    submit = words.gettext("Submit muster")
    layout.button(button(cid, "uk", code, label=submit, style=discord.ButtonStyle.success))
    type_button(layout, cid, TYPED, code, language=language)
    body = []
    for area, combo in zip(plan.areas, chosen, strict=True):
        what = describe_muster_items(combo, language) if combo else words.gettext("nothing")
        points = plan.points[area]
        name = names.area_name(area, language)
        body.append(
            words.ngettext(
                "**{area}** ({count} point): {muster}",
                "**{area}** ({count} points): {muster}",
                points,
                area=name,
                count=points,
                muster=what,
            )
        )
    reserve = (decision.get("schema") or {}).get("reserve")
    if reserve:
        units = ", ".join(f"{n} {Unit(k, n).said_in(language)}" for k, n in sorted(reserve.items()))
        body.append(words.gettext("Reserve: {units}.", units=units))
    if hidden:
        body.append(
            words.gettext(
                "Some castles allow more musters than a menu holds: type the answer for the others."
            )
        )
    if pages > 1:
        body.append(words.gettext("Page {page} of {pages}.", page=page + 1, pages=pages))
    return body


def react(decision: dict[str, Any], extras: Extras, cid: CustomId, values: list[str]) -> Reaction:
    op, args = cid.op, cid.args
    if op == "up":
        return Show(Screen("up", args[:2]))
    plan = muster_plan(decision, extras)
    if op == "us":
        page, slot, code = args[0], int(args[1]), args[2]
        plan.decode(code)
        new = plan.pick(code, slot, undigit((values[0] if values else "") or "0"))
        plan.decode(new)
        return Show(Screen("up", (page, new)))
    return Submit(plan.line(args[0]))


def typed_prefill(decision: dict[str, Any], extras: Extras, code: str) -> str:
    return muster_plan(decision, extras).line(code)
