"""The generic screen of a decision whose answers are listed: one select of choices, or, for more than 25,
a select of groups (by the answers' first words) and then one of the group's choices.

=====  ===========================================  ============================================
op     component                                    does
=====  ===========================================  ============================================
c      select (value i)                             choose answer i → submit (``t``: the modal)
g      select (value ``g<i>``/``c<i>``)             open group i, or choose answer i
g:-    button                                       back to the groups
=====  ===========================================  ============================================
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cogs.ids import NONE, CustomId, is_number
from cogs.layout import MENU, PLACEHOLDER, Layout, button, clip, option, select, type_button
from cogs.screens import Choice, OpenModal, Reaction, Screen, Show, Submit, plain_word
from i18n import SOURCE_LANGUAGE, translator

OPS = frozenset({"c", "g"})


@dataclass(frozen=True)
class Group:
    label: str
    members: tuple[int, ...]  # indices into the choices


def group_choices(
    listed: list[Choice],
    limit: int = MENU,
    word: Callable[[str], str] = plain_word,
    language: str = SOURCE_LANGUAGE,
) -> list[Group] | None:
    """Too many choices for one select: group them by their first words (the area of a raven swap, of a
    consolidate order), so that a first select picks the group and a second the choice. ``word`` shows a
    word of notation in a group's label (in ``language``). None when no grouping gives at most ``limit``
    groups of at most ``limit`` choices."""
    if len(listed) <= limit:
        return None
    for depth in range(2, 6):
        keyed: dict[str, list[int]] = {}
        for index, choice in enumerate(listed):
            keyed.setdefault(" ".join(choice.action.split()[:depth]), []).append(index)
        if len(keyed) <= limit and all(len(m) <= limit for m in keyed.values()):
            groups = []
            for key, members in keyed.items():
                if len(members) == 1:
                    groups.append(Group(listed[members[0]].label, (members[0],)))
                else:
                    words = " ".join(word(w) for w in key.split()[1:])
                    label = translator(language).ngettext(
                        "{words}… ({count} choice)",
                        "{words}… ({count} choices)",
                        len(members),
                        words=f"{words[:1].upper()}{words[1:]}",
                        count=len(members),
                    )
                    groups.append(Group(label, tuple(members)))
            return groups
    return None


def draw(
    cid: CustomId,
    listed: list[Choice],
    title: str,
    word: Callable[[str], str],
    layout: Layout,
    screen: Screen,
    language: str = SOURCE_LANGUAGE,
) -> list[str]:
    """The choices in ``layout`` (``title`` is the decision kind's, for the placeholder), in ``language``;
    the body's lines."""
    words = translator(language)
    if len(listed) <= MENU:
        options = [option(c.label, str(i), c.description) for i, c in enumerate(listed)]
        layout.select(select(cid, "c", options=options, placeholder=clip(title, PLACEHOLDER)))
        type_button(layout, cid, language=language)
        return []
    groups = group_choices(listed, word=word, language=language)
    if groups is None:
        options = [option(c.label, str(i), c.description) for i, c in enumerate(listed[: MENU - 1])]
        options.append(option(words.gettext("Something else: type it…"), "t"))
        placeholder = words.gettext("Choose, or type another answer")
        layout.select(select(cid, "c", options=options, placeholder=placeholder))
        type_button(layout, cid, language=language)
        shown = MENU - 1
        return [
            words.gettext(
                "{count} answers are possible; the menu shows the first {shown}.",
                count=len(listed),
                shown=shown,
            )
        ]
    group = None
    if screen.op == "g" and screen.args and screen.args[0] != NONE:
        group = int(screen.args[0])
        if not 0 <= group < len(groups):
            group = None
    if group is None:
        options = [
            option(g.label, f"c{g.members[0]}" if len(g.members) == 1 else f"g{i}")
            for i, g in enumerate(groups)
        ]
        layout.select(select(cid, "g", options=options, placeholder=words.gettext("Choose")))
        type_button(layout, cid, language=language)
        return []
    members = groups[group].members
    options = [option(listed[i].label, str(i), listed[i].description) for i in members]
    layout.select(select(cid, "c", options=options, placeholder=clip(groups[group].label, PLACEHOLDER)))
    layout.button(button(cid, "g", NONE, label=words.gettext("◀ Back")))
    type_button(layout, cid, language=language)
    return []


def react(listed: list[Choice], default: str, cid: CustomId, values: list[Any]) -> Reaction:
    """A click on the choices (op ``c`` or ``g``); ``default`` prefills the modal of "type it"."""
    value = values[0] if values else None
    if cid.op == "c":
        choice = cid.args[0] if cid.args and is_number(cid.args[0], 3) else value
        if choice == "t":
            return OpenModal(default)
        return Submit(listed[int(choice or "")].action)
    if value is None:
        return Show(Screen("g", (NONE,)))
    if value.startswith("c"):
        return Submit(listed[int(value[1:])].action)
    return Show(Screen("g", (value[1:],)))
