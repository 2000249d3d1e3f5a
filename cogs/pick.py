"""The generic screen of a "pick N of these" decision (units to lose, say): one multi-select, and a
"None" button when nothing may be picked.

=====  ===========================  ==============================
op     component                    does
=====  ===========================  ==============================
d      multi-select (values i…)     the items picked → submit
dn     button                       none of them → submit
=====  ===========================  ==============================
"""

from __future__ import annotations

from cogs.ids import CustomId
from cogs.layout import MENU, Layout, button, option, select, type_button
from cogs.screens import Pick, Submit
from i18n import SOURCE_LANGUAGE, translator

OPS = frozenset({"d", "dn"})


def draw(cid: CustomId, pick: Pick, layout: Layout, language: str = SOURCE_LANGUAGE) -> list[str]:
    """The multi-select in ``layout``, in ``language``; the body's lines."""
    words = translator(language)
    options = [option(label, str(i)) for i, label in enumerate(pick.labels[:MENU])]
    high = min(pick.high, len(options))
    low = min(pick.low, high)
    body = []
    if high > 0 and pick.low <= len(options):
        layout.select(select(cid, "d", options=options, placeholder=pick.placeholder, low=low, high=high))
    if len(pick.labels) > MENU:
        body.append(
            words.gettext(
                "Only the first {count} fit in the menu; type the answer to name others.", count=MENU
            )
        )
    if pick.low == 0:
        layout.button(button(cid, "dn", label=words.gettext("None")))
    type_button(layout, cid, language=language)
    return body


def react(pick: Pick, cid: CustomId, values: list[str]) -> Submit:
    chosen = [] if cid.op == "dn" else [int(v) for v in values]
    if any(not 0 <= i < len(pick.labels) for i in chosen) or len(set(chosen)) != len(chosen):
        raise ValueError("unknown items")
    return Submit(pick.line(chosen))
