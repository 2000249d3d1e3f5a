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
from cogs.screens import Reaction, Screen, Show, Submit, payload_language
from cogs.thrones import names
from cogs.thrones.drafts import entry_words, march_sources
from i18n import translator

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
    language = payload_language(payload)
    words = translator(language)
    cid = root_id(payload)
    sources = march_sources(payload["decision"])
    options = [
        option(
            names.area_name(s.area, language),
            str(i),
            words.ngettext(
                "{units}; {count} destination",
                "{units}; {count} destinations",
                len(s.destinations),
                units=names.units_text(list(s.slots), language),
                count=len(s.destinations),
            ),
        )
        for i, s in enumerate(sources)
    ]
    placeholder = words.gettext("Choose the March order to resolve")
    layout.select(select(cid, "ma", options=options, placeholder=placeholder))
    type_button(layout, cid, language=language)
    return [
        f"**{names.area_name(s.area, language)}**: {names.units_text(list(s.slots), language)}"
        for s in sources
    ]


def _units(payload: dict[str, Any], layout: Layout, args: tuple[str, ...]) -> list[str]:
    language = payload_language(payload)
    words = translator(language)
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
    home = names.area_name(source.area, language)
    for slot in range(page * per_page, min(len(source.slots), (page + 1) * per_page)):
        kind = source.slots[slot]
        unit = f"{names.unit_name(kind, language)} {numbers[slot]}"
        stays = words.gettext("{unit} stays in {area}", unit=unit, area=home)
        options = [option(stays, "0", default=chosen[slot] is None)]
        for d, dest in enumerate(source.destinations):
            if kind in source.allowed.get(dest, ()) and len(options) < 25:
                options.append(
                    option(
                        f"{unit} → {names.area_name(dest, language)}",
                        digit(d + 1),
                        entry_words(source.entry.get(dest, "move"), language),
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
                placeholder=words.gettext("{unit}: stay or move", unit=unit),
            )
        )
    if page > 0:
        layout.button(button(cid, "mp", index, page - 1, code, pw, label=words.gettext("◀ Previous units")))
    if page < pages - 1:
        layout.button(button(cid, "mp", index, page + 1, code, pw, label=words.gettext("More units ▶")))
    if source.may_leave_power:
        toggle = (
            words.gettext("Leave a power token: yes") if power else words.gettext("Leave a power token: no")
        )
        layout.button(
            button(
                cid,
                "mp",
                index,
                page,
                code,
                "0" if power else "1",
                label=toggle,
                style=discord.ButtonStyle.primary if power else discord.ButtonStyle.secondary,
            )
        )
    submit = words.gettext("Submit march")
    layout.button(button(cid, "mk", index, code, pw, label=submit, style=discord.ButtonStyle.success))
    type_button(layout, cid, TYPED, index, code, pw, language=language)
    if len(sources) > 1 and layout.buttons < 5:
        layout.button(button(cid, "ma", NONE, label=words.gettext("Another March order")))
    body = [words.gettext("March order in **{area}**:", area=home)]
    for slot, kind in enumerate(source.slots):
        dest = chosen[slot]
        unit = f"{names.unit_name(kind, language)} {numbers[slot]}"
        if dest is None:
            body.append(words.gettext("{unit} stays", unit=unit))
        else:
            entry = entry_words(source.entry.get(dest, ""), language)
            body.append(f"{unit} → {names.area_name(dest, language)}" + (f" ({entry})" if entry else ""))
    if source.may_leave_power:
        body.append(
            words.gettext("Leave a power token if every unit leaves: yes.")
            if power
            else words.gettext("Leave a power token if every unit leaves: no.")
        )
    if pages > 1:
        body.append(words.gettext("Page {page} of {pages}.", page=page + 1, pages=pages))
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
