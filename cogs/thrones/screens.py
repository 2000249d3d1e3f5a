"""A Game of Thrones in the bot: :class:`ThronesScreens`, the game's :class:`cogs.screens.GameScreens`.

Its own screens are those of the combinatorial decisions (orders, a march, a muster); units to lose or
change are a generic "pick N of these", a tie is a generic ranking of houses, and every other decision
lists its answers. This module only ties the game's parts together: names (:mod:`.names`), what each
decision asks (:mod:`.questions`), answers in words (:mod:`.answers`), drafts (:mod:`.drafts`), the
screens (:mod:`.orders`, :mod:`.march`, :mod:`.muster`), notation (:mod:`.notation`), what anyone may look
at (:mod:`.looking`), each decision's help (:mod:`.guide`), the rules reference (:mod:`.reference`) and the
reports (:mod:`.battle`, the end-of-game :mod:`.report`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from cogs.ids import CustomId
from cogs.layout import Layout
from cogs.screens import Choice, Entry, GameScreens, Pick, Ranking, Reaction, Screen, Status
from cogs.thrones import (
    answers,
    battle,
    guide,
    looking,
    march,
    muster,
    names,
    notation,
    orders,
    questions,
    reference,
)
from cogs.thrones.drafts import unit_pick
from cogs.thrones.report import report_embed
from i18n import SOURCE_LANGUAGE
from table.thrones.extras import Extras

if TYPE_CHECKING:
    from engine.core.game import Readout


def _rank_line(houses: list[str]) -> str:
    return "rank " + " ".join(houses)


class ThronesScreens(GameScreens):
    id = "thrones"
    cards_word = "house cards"

    # --- names and words --------------------------------------------------------------------------------

    def seat_name(self, seat: str, language: str = SOURCE_LANGUAGE) -> str:
        return names.house_name(seat, language)

    def seat_colour(self, seat: str) -> int | None:
        return names.house_colour(seat)

    def phase_colour(self, phase: str) -> int | None:
        return names.PHASE_COLOURS.get(phase)

    def kind_title(self, kind: str, language: str = SOURCE_LANGUAGE) -> str:
        return names.kind_title(kind, language)

    def question(self, decision: dict[str, Any], language: str = SOURCE_LANGUAGE) -> str:
        return questions.question(decision, language)

    def describe(self, line: str, kind: str | None = None, language: str = SOURCE_LANGUAGE) -> str:
        return answers.describe(line, kind, language)

    def group_word(self, word: str, language: str = SOURCE_LANGUAGE) -> str:
        return answers.word(word, language)

    def winner_line(self, seat: str, language: str = SOURCE_LANGUAGE) -> str:
        return looking.winner_line(seat, language)

    def cards_title(self, language: str = SOURCE_LANGUAGE) -> str | None:
        return looking.cards_title(language)

    def phase_name(self, phase: str, language: str = SOURCE_LANGUAGE) -> str:
        return names.phase_name(phase, language)

    # --- which generic screen suits a decision ------------------------------------------------------------

    def choices(
        self, decision: dict[str, Any], extras: Extras, language: str = SOURCE_LANGUAGE
    ) -> list[Choice] | None:
        return answers.choices(decision, extras, language)

    def pick(self, decision: dict[str, Any], extras: Extras, language: str = SOURCE_LANGUAGE) -> Pick | None:
        found = unit_pick(decision, extras)
        return None if found is None else found.as_pick(language)

    def ranking(
        self, decision: dict[str, Any], extras: Extras, language: str = SOURCE_LANGUAGE
    ) -> Ranking | None:
        if decision["kind"] != "rank":
            return None
        houses = tuple(decision["schema"]["houses"])
        return Ranking(houses, tuple(names.house_name(h, language) for h in houses), _rank_line)

    # --- screens of the game's own ----------------------------------------------------------------------

    def first_screen(self, payload: dict[str, Any]) -> Screen | None:
        kind = payload["decision"]["kind"]
        if kind == "march":
            return march.first_screen(payload["decision"])
        return {"orders": orders.FIRST, "muster": muster.FIRST}.get(kind)

    def build(
        self, payload: dict[str, Any], extras: Extras, layout: Layout, screen: Screen
    ) -> list[str] | None:
        kind = payload["decision"]["kind"]
        if kind == "orders":
            return orders.draw(payload, extras, layout, screen.args)
        if kind == "march":
            return march.draw(payload, layout, screen)
        if kind == "muster":
            return muster.draw(payload, extras, layout, screen.args)
        return None

    def react(
        self, payload: dict[str, Any], extras: Extras, cid: CustomId, values: list[str]
    ) -> Reaction | None:
        """A click on an orders, march or muster screen; None for an op of another decision's screen (a
        forged or misplaced click), which the shared machinery treats as a stale prompt."""
        decision = payload["decision"]
        kind, op = decision["kind"], cid.op
        if kind == "orders" and op in orders.OPS:
            return orders.react(decision, cid, values)
        if kind == "march" and op in march.OPS:
            return march.react(decision, cid, values)
        if kind == "muster" and op in muster.OPS:
            return muster.react(decision, extras, cid, values)
        return None

    def typed_prefill(self, payload: dict[str, Any], extras: Extras, args: tuple[str, ...]) -> str | None:
        decision = payload["decision"]
        tag, rest = (args[0], args[1:]) if args else ("", ())
        if tag == orders.TYPED:
            return orders.typed_prefill(decision, rest[0])
        if tag == march.TYPED:
            return march.typed_prefill(decision, rest)
        if tag == muster.TYPED:
            return muster.typed_prefill(decision, extras, rest[0])
        return None

    def answer_screen(self, payload: dict[str, Any], answer: str | None) -> Screen | None:
        """Orders already given are shown as the orders screen's draft; other answers need no screen."""
        if payload["decision"]["kind"] == "orders" and answer:
            return orders.answer_screen(payload["decision"], answer)
        return None

    # --- notation, help and looking ---------------------------------------------------------------------

    def help(self, language: str = SOURCE_LANGUAGE) -> str:
        return notation.help_text(language)

    def localized_word(self, word: str, language: str) -> str:
        return notation.localized_word(word, language)

    def verbs(self) -> tuple[str, ...]:
        return notation.VERBS

    def next_words(
        self, verb: str, words: list[str], last: str, decision: dict[str, Any] | None
    ) -> list[str]:
        return notation.next_words(verb, words, last, decision)

    def decision_help(self, payload: dict[str, Any], extras: Extras) -> str:
        return guide.decision_help(payload, extras)

    def reference_topics(self, language: str = SOURCE_LANGUAGE) -> dict[str, tuple[Entry, ...]]:
        return reference.topics(language)

    def reference_embed(self, topic: str, key: str, language: str = SOURCE_LANGUAGE) -> discord.Embed | None:
        return reference.reference_embed(topic, key, language)

    def status(self, readout: Readout, view: dict[str, Any], language: str = SOURCE_LANGUAGE) -> Status:
        return looking.status(readout, view, language)

    def card_fields(
        self, view: dict[str, Any], seat: str | None, language: str = SOURCE_LANGUAGE
    ) -> list[tuple[str, str]]:
        return looking.card_fields(view, seat, language)

    def report_embed(self, report: dict[str, Any]) -> discord.Embed | None:
        kind = report.get("report")
        if kind == "battle":
            return battle.battle_embed(report)
        return report_embed(report) if kind == "end" else None


SCREENS = ThronesScreens()
