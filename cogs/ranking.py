"""The generic screen of an "order these" decision (a tie settled by ranking seats): a select of those
not yet placed, asking who comes next, until every one is placed. The code of a ranking is the index
of each item placed so far, one character each (see :func:`cogs.ids.digit`).

=====  ===========================  ==========================================
op     component                    does
=====  ===========================  ==========================================
rs:c   select (value item)          the next item after those of code c
r:     button                       start over
rk:c   button                       submit the ranking
=====  ===========================  ==========================================
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import discord

from cogs.ids import CustomId, digit, undigit
from cogs.layout import Layout, button, option, select, type_button
from cogs.screens import Ranking, Reaction, Screen, Show, Submit
from i18n import SOURCE_LANGUAGE, Said, said, translator

OPS = frozenset({"r", "rs", "rk"})
TYPED = "r"  # the "Type the answer" button's first arg on a ranking: the code follows
# The question of each place (a ranking has at most six items: the seats of A Game of Thrones).
PLACES: dict[int, Said] = {
    1: said("Who comes first?"),
    2: said("Who comes second?"),
    3: said("Who comes third?"),
    4: said("Who comes fourth?"),
    5: said("Who comes fifth?"),
    6: said("Who comes next?"),
}


@dataclass(frozen=True)
class RankDraft:
    """A ranking being made: ``picked`` are indices into the ranking's items, best first."""

    ranking: Ranking
    picked: tuple[int, ...] = ()

    @classmethod
    def start(cls, ranking: Ranking, code: str = "") -> RankDraft:
        picked = tuple(undigit(c) for c in code)
        if len(set(picked)) != len(picked) or any(i >= len(ranking.items) for i in picked):
            raise ValueError("the ranking code does not fit this decision")
        return cls(ranking, picked)

    @property
    def code(self) -> str:
        return "".join(digit(i) for i in self.picked)

    @property
    def left(self) -> list[int]:
        return [i for i in range(len(self.ranking.items)) if i not in self.picked]

    @property
    def complete(self) -> bool:
        return len(self.picked) == len(self.ranking.items)

    def add(self, index: int) -> RankDraft:
        return replace(self, picked=(*self.picked, index))

    @property
    def line(self) -> str:
        return self.ranking.line([self.ranking.items[i] for i in self.picked])


def draw(
    cid: CustomId, ranking: Ranking, layout: Layout, screen: Screen, language: str = SOURCE_LANGUAGE
) -> list[str]:
    """The ranking so far (its code is the screen's first arg) in ``layout``, in ``language``; the body's
    lines."""
    words = translator(language)
    draft = RankDraft.start(ranking, screen.args[0] if screen.args else "")
    labels = ranking.labels
    if draft.left:
        options = [option(labels[i], digit(i)) for i in draft.left]
        placeholder = PLACES.get(len(draft.picked) + 1, PLACES[6]).said_in(language)
        layout.select(select(cid, "rs", draft.code, options=options, placeholder=placeholder))
    layout.button(
        button(
            cid,
            "rk",
            draft.code,
            label=words.gettext("Submit ranking"),
            style=discord.ButtonStyle.success,
            disabled=not draft.complete,
        )
    )
    layout.button(button(cid, "r", "", label=words.gettext("Start over"), disabled=not draft.picked))
    type_button(layout, cid, TYPED, draft.code, language=language)
    so_far = [f"{n}. {labels[i]}" for n, i in enumerate(draft.picked, start=1)]
    if not so_far:
        return [words.gettext("Best first. So far: nobody yet.")]
    return [words.gettext("Best first. So far: {ranked}.", ranked=", ".join(so_far))]


def react(ranking: Ranking, cid: CustomId, values: list[str]) -> Reaction:
    if cid.op == "r":
        return Show(Screen("r", ("",)))
    draft = RankDraft.start(ranking, cid.args[0] if cid.args else "")
    if cid.op == "rs":
        index = undigit(values[0] if values else "")
        if index not in draft.left:
            raise ValueError("that item is ranked already")
        return Show(Screen("r", (draft.add(index).code,)))
    if not draft.complete:
        raise ValueError("the ranking is not complete")
    return Submit(draft.line)


def typed_prefill(ranking: Ranking, code: str) -> str | None:
    """The ranking of ``code`` as notation, when it is complete."""
    draft = RankDraft.start(ranking, code)
    return draft.line if draft.complete else None
