"""A Game of Thrones' part of what anyone may look at, read from the spectator's view only (so nothing
secret can reach it): the status (round, influence tracks, houses, the wildling threat), the house cards
in hand and discarded (public in this game), and the winner; each in its reader's language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cogs.screens import Status
from cogs.thrones import names
from i18n import SOURCE_LANGUAGE, translator

if TYPE_CHECKING:
    from engine.core.game import Readout

ROUNDS = 10


def status(readout: Readout, view: dict[str, Any], language: str = SOURCE_LANGUAGE) -> Status:
    words = translator(language)
    tracks = view["tracks"]
    influence = "\n".join(
        words.gettext(
            "{track}: {houses}",
            track=names.track_name(name, language),
            houses=", ".join(names.house_name(h, language) for h in tracks[name]),
        )
        for name in ("throne", "fiefdoms", "court")
    )
    houses = "\n".join(
        words.gettext(
            "{house}: {castles} castles/strongholds, {power} power, supply {supply}",
            house=names.house_name(h, language),
            castles=d["castles"] + d["strongholds"],
            power=d["power"],
            supply=d["supply"],
        )
        for h, d in view["houses"].items()
    )
    summary = words.gettext(
        "Round {round} of {rounds}, {phase}",
        round=readout.round,
        rounds=ROUNDS,
        phase=names.phase_name(readout.phase, language),
    )
    return Status(
        summary,
        (
            (words.gettext("Influence tracks"), influence, False),
            (words.gettext("Houses"), houses, False),
            (words.gettext("Wildling threat"), str(view["wildlings"]["threat"]), True),
        ),
    )


def card_fields(
    view: dict[str, Any], house: str | None, language: str = SOURCE_LANGUAGE
) -> list[tuple[str, str]]:
    """Each house's cards in hand and discarded (``house``'s alone, when given)."""
    words = translator(language)
    none = words.gettext("none")
    fields = []
    for name, info in view["houses"].items():
        if house is not None and name != house:
            continue
        hand = ", ".join(names.card_label(c, language) for c in info["hand"]) or none
        discards = ", ".join(names.card_label(c, language) for c in info["discards"]) or none
        fields.append(
            (
                names.house_name(name, language),
                words.gettext("In hand: {hand}\nDiscarded: {discards}", hand=hand, discards=discards),
            )
        )
    return fields


def cards_title(language: str = SOURCE_LANGUAGE) -> str:
    """``house cards`` (``cartas de Casa``)."""
    entry = names.load_names()[language].names["terms"]["house-card"]
    return entry.plural or entry.name


def winner_line(house: str, language: str = SOURCE_LANGUAGE) -> str:
    return translator(language).gettext(
        "👑 **{house}** wins the Iron Throne.", house=names.house_name(house, language)
    )
