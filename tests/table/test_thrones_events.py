"""Every thrones event in words, in every language: random games played to their end, and a sample of each
rarer variant, are worded in English (the engine's own text, word for word), Spanish, Portuguese and
Italian, with no field left in braces and no English name of a house or an area left behind."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_from_file

from data.thrones_names import load
from engine.core.decisions import Event
from engine.core.random_player import random_action
from engine.core.rng import Rng
from engine.thrones.game import ThronesGame
from i18n import LANGUAGES, Said
from i18n.catalogues import KEYWORDS
from table.kinds import kind_of
from table.thrones import events, phrases
from table.thrones.events import said_of
from table.thrones.phrases import Listed

OTHERS = [language for language in LANGUAGES if language != "en"]
# Seeds and player counts: every count, with and without Tides of Battle.
GAMES = [(seed, 3 + seed % 4, seed % 2 == 0) for seed in range(8)]


@functools.cache
def random_game_events() -> tuple[Event, ...]:
    found: list[Event] = []
    for seed, players, tides in GAMES:
        game = ThronesGame.setup(players, seed, {"tides_of_battle": tides})
        found += game.opening_events
        rng = Rng(seed)
        while not game.over:
            pending = game.pending()
            decision = pending[rng.below(len(pending))]
            found += game.apply(decision.house, random_action(game, decision, rng))
    return tuple(found)


def sample(kind: str, **data: Any) -> Event:
    return Event(kind, "", data)


def effect(card: str, name: str, **data: Any) -> Event:
    return sample("wildling-effect", card=card, effect=name, **data)


# The variants random games reach seldom or never, with the data the engine gives them.
SAMPLES = [
    sample("phase", phase="westeros", round=2, standings=["stark", "lannister"]),
    sample("raven-card", card="crow-killers"),
    sample("westeros-choice", card="put-to-the-sword", house="stark", option="nothing", effect="nothing"),
    sample("supply", changes={}),
    sample("muster", house="stark", items=[]),
    sample("muster", house="stark", area="winterfell", items=["winterfell footman->knight"]),
    sample("muster", house="stark", area="winterfell", items=[]),
    sample("muster", house="greyjoy", items=["pyke ship@port-of-pyke", "pyke ship@port-of-pyke"]),
    sample("wildling-bids", bids={"stark": 4}, participants=["stark"], total=4, strength=4, watch_won=True),
    sample("wildling-card", card="skinchanger-scout", watch_won=True, chosen="stark"),
    sample(
        "raid",
        house="stark",
        source="winterfell",
        target="karhold",
        removed="consolidate*",
        victim="baratheon",
        gained=1,
        lost=1,
    ),
    sample(
        "raid",
        house="stark",
        source="winterfell",
        target="the-twins",
        removed="consolidate",
        victim="tyrell",
        gained=0,
        lost=0,
    ),
    sample(
        "raid", house="stark", source="winterfell", target="the-twins", removed="march+0", victim="lannister"
    ),
    sample(
        "march",
        house="stark",
        source="winterfell",
        moves=[["castle-black", ["footman", "footman"]], ["karhold", ["knight"]]],
        leave_power=True,
        attack="karhold",
    ),
    sample("march", house="stark", source="winterfell", moves=[], leave_power=False, attack=None),
    sample(
        "march",
        house="stark",
        source="winterfell",
        moves=[["karhold", ["knight", "footman"]]],
        leave_power=False,
        attack="karhold",
    ),
    sample("support", area="winterfell", house="stark", refused=True),
    sample("support", area="winterfell", house="stark", backs="stark", strength=1),
    sample("support", area="winterfell", house="stark", backs="lannister", strength=2),
    sample(
        "neutral-force",
        area="the-eyrie",
        house="stark",
        strength={"total": 3},
        value=6,
        won=False,
        origin="the-fingers",
    ),
    sample("house-cards", house="stark", card=None),
    sample("house-cards", house="stark", card="the-blackfish"),
    sample(
        "combat-result",
        area="the-reach",
        attacker="tyrell",
        defender="martell",
        winner="martell",
        strengths={"tyrell": {"total": 4}, "martell": {"total": 4}},
        tie=True,
    ),
    *(
        sample("casualties", house="stark", units=["footman", "knight"], cause=c)
        for c in ("casualties", "skulls", "stuck", "nowhere", "sieges")
    ),
    sample("retreat", house="stark", area="karhold", lost=["knight"], units=["footman", "footman"]),
    sample("retreat", house="stark", area="karhold", lost=["siege"], units=[]),
    sample("arianne", house="tyrell", area="the-reach", lost=["footman"], units=["knight"]),
    sample("arianne", house="tyrell", area="the-reach", lost=[], units=["knight"]),
    sample("loras", house="tyrell", area="dornish-marches"),
    sample("queen-of-thorns", house="tyrell", area="sunspear", token="defense+1", owner="martell"),
    sample("cersei", house="lannister", area="sunspear", token="raid*", owner="martell"),
    sample("mace-tyrell", house="tyrell", opponent="stark", spared=True),
    sample("mace-tyrell", house="tyrell", opponent="stark", spared=False),
    sample("aeron", house="greyjoy", card="asha-greyjoy"),
    sample("roose", house="stark", count=0),
    sample("roose", house="stark", count=1),
    sample("renly", house="baratheon", area="dragonstone"),
    sample("port-lost", house="stark", port="port-of-winterfell", land="winterfell", count=2),
    sample("port-taken", port="port-of-winterfell", house="greyjoy", replaced=2, removed=3, previous="stark"),
    sample("game-over", winner="stark", ranking=["stark"], reason="castles", castles=7),
    sample("game-over", winner="stark", ranking=["stark"], reason="last-round", castles=1),
    effect("mammoth-riders", "losses", house="stark", units=[]),
    effect("preemptive-raid", "raid-nothing", house="stark"),
    effect("a-king-beyond-the-wall", "first-everywhere", house="stark"),
    effect("crow-killers", "no-footman", house="stark"),
    effect("crow-killers", "upgrade", house="stark", areas=["winterfell", "winterfell", "karhold"]),
    effect("crow-killers", "downgrade", house="stark", swapped=["winterfell"], destroyed=["karhold"]),
    effect("crow-killers", "downgrade", house="stark", swapped=["winterfell", "karhold"], destroyed=[]),
    effect("crow-killers", "downgrade", house="stark", swapped=[], destroyed=["karhold"]),
    effect("crow-killers", "downgrade", house="stark", swapped=[], destroyed=[]),
    effect("massing-on-the-milkwater", "all-strongest", house="stark", cards=[], strength=2),
    effect(
        "massing-on-the-milkwater", "discard-strongest", house="stark", cards=["robb-stark", "eddard-stark"]
    ),
    effect("massing-on-the-milkwater", "take-back", house="stark", cards=["robb-stark", "the-blackfish"]),
    effect("mammoth-riders", "retrieve", house="stark", retrieved=None),
    effect("the-horde-descends", "no-muster", house="stark"),
    effect("the-horde-descends", "muster", house="stark", items=[]),
    effect("skinchanger-scout", "power-lost", house="stark", lost=2),
    effect("preemptive-raid", "strike-again", house="stark", strength=6),
    effect("massing-on-the-milkwater", "keeps", house="stark", cards=[]),
    effect("the-horde-descends", "muster", house="stark", items=["winterfell knight", "winterfell footman"]),
    sample("garrison", area="sunspear"),
]


def words(event: Event, language: str) -> str:
    return said_of(event).said_in(language)


@functools.cache
def foreign_names(language: str) -> re.Pattern[str]:
    """The English names of houses and areas that a text in ``language`` should not hold: those its own
    names never contain (Harrenhal is Harrenhal everywhere)."""
    english, own = load()["en"], load()[language]
    foreign = []
    for category in ("houses", "areas"):
        theirs = " | ".join(entry.name for entry in own.names[category].values())
        foreign += [entry.name for entry in english.names[category].values() if entry.name not in theirs]
    return re.compile(r"\b(?:" + "|".join(re.escape(name) for name in foreign) + r")\b")


def check_worded(event: Event, language: str) -> None:
    text = words(event, language)
    assert text.strip() and "{" not in text and "}" not in text, (event, text)
    if language != "en":
        assert "House " not in text, (event, text)
        assert not foreign_names(language).search(text), (event, text)


def test_the_english_words_of_every_event_are_the_engines_text() -> None:
    played = random_game_events()
    assert len(played) > 1000
    differ = [(e.kind, e.text, words(e, "en")) for e in played if words(e, "en") != e.text]
    assert not differ, differ[:5]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_event_of_random_games_is_worded_in_every_language(language: str) -> None:
    for event in random_game_events():
        check_worded(event, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rarer_variant_is_worded_in_every_language(language: str) -> None:
    for event in SAMPLES:
        check_worded(event, language)
        if language != "en":
            assert words(event, language) != words(event, "en"), event


def said_messages(value: object) -> Iterator[str]:
    """The message of a :class:`Said` and of every one among its fields, lists included."""
    if isinstance(value, Said):
        yield value.message
        for field in value.fields.values():
            yield from said_messages(field)
    elif isinstance(value, Listed):
        for item in value.items:
            yield from said_messages(item)


def written_messages() -> set[str]:
    """Every message written in the modules that word the events."""
    files = [*Path(events.__file__ or "").parent.glob("*.py"), Path(phrases.__file__ or "")]
    found = set()
    for path in files:
        for _line, message, _comments, _context in extract_from_file("python", path, KEYWORDS):
            found.add(message if isinstance(message, str) else message[0])
    return found


def test_every_message_is_said_by_some_event_above() -> None:
    said = {m for event in (*random_game_events(), *SAMPLES) for m in said_messages(said_of(event))}
    assert written_messages() - said == set()


def test_every_kind_of_event_a_game_emits_is_worded() -> None:
    assert {event.kind for event in random_game_events()} <= events.kinds()


def test_the_kind_tells_an_event_and_an_unworded_one_in_the_engines_english(caplog) -> None:
    kind = kind_of("thrones")
    revealed = Event("orders-revealed", "The orders are revealed.")
    assert kind.tell(revealed, "it") == "Gli ordini vengono rivelati."
    novel = Event("comet", "A red comet crosses the sky.", {"colour": "red"})
    assert kind.tell(novel, "es") == "A red comet crosses the sky."
    assert "comet" in caplog.text
