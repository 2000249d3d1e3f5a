"""The march screens: which march order to resolve (when there are several), then a select per unit
(stay, or a destination), the power token to leave, and Submit. The draft lives in the custom ids (see
:class:`MarchSource`).

=========  ======================================  ====================================================
op         component                               does
=========  ======================================  ====================================================
ma         select (value source) / ``ma:-`` button  choose the march order / back to the orders
mv:…       select (value destination)              set a unit's destination
mp:s:p:c:w button                                  march page p, power token w (0/1)
mk:s:c:w   button                                  submit the march
=========  ======================================  ====================================================
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.ids import NONE, CustomId, digit
from cogs.layout import PER_PAGE, Layout, button, option, root_id, select, type_button
from cogs.screens import Reaction, Screen, Show, Submit
from cogs.thrones import names
from cogs.thrones.drafts import ENTRY_WORDS, march_sources

OPS = frozenset({"ma", "mv", "mp", "mk"})
TYPED = "m"  # the "Type the answer" button's first arg: the source, code and power token follow


def first_screen(decision: dict[str, Any]) -> Screen:
    """The units of the only march order, or the choice of the order."""
    sources = march_sources(decision)
    if len(sources) == 1:
        return Screen("mp", ("0", "0", sources[0].stay_code(), "0"))
    return Screen("ma")


def draw(payload: dict[str, Any], layout: Layout, screen: Screen) -> list[str]:
    if screen.op == "mp":
        return _units(payload, layout, screen.args)
    return _sources(payload, layout)


def _sources(payload: dict[str, Any], layout: Layout) -> list[str]:
    cid = root_id(payload)
    sources = march_sources(payload["decision"])
    options = [
        option(
            names.area_name(s.area),
            str(i),
            f"{names.units_text(list(s.slots))}; {len(s.destinations)} destination(s)",
        )
        for i, s in enumerate(sources)
    ]
    layout.select(select(cid, "ma", options=options, placeholder="Choose the march order to resolve"))
    type_button(layout, cid)
    return [f"**{names.area_name(s.area)}**: {names.units_text(list(s.slots))}" for s in sources]


def _units(payload: dict[str, Any], layout: Layout, args: tuple[str, ...]) -> list[str]:
    cid = root_id(payload)
    sources = march_sources(payload["decision"])
    index = int(args[0]) if args else 0
    source = sources[index]
    code = args[2] if len(args) > 2 else source.stay_code()
    power = len(args) > 3 and args[3] == "1"
    chosen = source.decode(code)
    per_page = PER_PAGE if len(source.slots) <= PER_PAGE else PER_PAGE - 1
    pages = max(1, -(-len(source.slots) // per_page))
    page = min(max(int(args[1]) if len(args) > 1 else 0, 0), pages - 1)
    pw = "1" if power else "0"
    numbering: dict[str, int] = {}
    numbers = []
    for kind in source.slots:
        numbering[kind] = numbering.get(kind, 0) + 1
        numbers.append(numbering[kind])
    for slot in range(page * per_page, min(len(source.slots), (page + 1) * per_page)):
        kind = source.slots[slot]
        unit = f"{names.unit_name(kind)} {numbers[slot]}"
        options = [
            option(f"{unit} stays in {names.area_name(source.area)}", "0", default=chosen[slot] is None)
        ]
        for d, dest in enumerate(source.destinations):
            if kind in source.allowed.get(dest, ()) and len(options) < 25:
                options.append(
                    option(
                        f"{unit} → {names.area_name(dest)}",
                        digit(d + 1),
                        ENTRY_WORDS.get(source.entry.get(dest, "move"), ""),
                        chosen[slot] == dest,
                    )
                )
        layout.select(
            select(
                cid,
                "mv",
                index,
                page,
                slot,
                code,
                pw,
                options=options,
                placeholder=f"{unit}: stay or move",
            )
        )
    if page > 0:
        layout.button(button(cid, "mp", index, page - 1, code, pw, label="◀ Previous units"))
    if page < pages - 1:
        layout.button(button(cid, "mp", index, page + 1, code, pw, label="More units ▶"))
    if source.may_leave_power:
        layout.button(
            button(
                cid,
                "mp",
                index,
                page,
                code,
                "0" if power else "1",
                label=f"Leave a power token: {'yes' if power else 'no'}",
                style=discord.ButtonStyle.primary if power else discord.ButtonStyle.secondary,
            )
        )
    layout.button(button(cid, "mk", index, code, pw, label="Submit march", style=discord.ButtonStyle.success))
    type_button(layout, cid, TYPED, index, code, pw)
    if len(sources) > 1 and layout.buttons < 5:
        layout.button(button(cid, "ma", NONE, label="Another march order"))
    body = [f"March order in **{names.area_name(source.area)}**:"]
    for slot, kind in enumerate(source.slots):
        dest = chosen[slot]
        where = "stays" if dest is None else f"→ {names.area_name(dest)}"
        entry = "" if dest is None else f" ({ENTRY_WORDS.get(source.entry.get(dest, ''), '')})"
        body.append(f"{names.unit_name(kind)} {numbers[slot]} {where}{entry}")
    if source.may_leave_power:
        body.append(f"Leave a power token if every unit leaves: {'yes' if power else 'no'}.")
    if pages > 1:
        body.append(f"Page {page + 1} of {pages}.")
    return body


def react(decision: dict[str, Any], cid: CustomId, values: list[str]) -> Reaction:
    op, args = cid.op, cid.args
    value = values[0] if values else None
    if op == "ma":
        if value is None:
            return Show(Screen("ma"))
        source = march_sources(decision)[int(value)]
        return Show(Screen("mp", (value, "0", source.stay_code(), "0")))
    if op == "mv":
        index, page, slot, code, power = args[0], args[1], int(args[2]), args[3], args[4]
        source = march_sources(decision)[int(index)]
        source.decode(code)
        new = code[:slot] + (value or "0") + code[slot + 1 :]
        source.decode(new)
        return Show(Screen("mp", (index, page, new, power)))
    if op == "mp":
        return Show(Screen("mp", args[:4]))
    source = march_sources(decision)[int(args[0])]
    return Submit(source.line(args[1], args[2] == "1"))


def typed_prefill(decision: dict[str, Any], args: tuple[str, ...]) -> str:
    """The march of the button's args (source, code, power token) as notation."""
    return march_sources(decision)[int(args[0])].line(args[1], args[2] == "1")
