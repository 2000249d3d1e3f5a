"""The rules reference (``/rules``): every card, area and order of the game's data has an entry with its
whole text, within Discord's limits; names are found however they are typed, suggestions are bounded, and
a name that means nothing is refused with the nearest ones."""

from __future__ import annotations

from typing import Any

import discord
import pytest

import tests.games.duel  # noqa: F401  (registers the game)
from cogs import lookup
from cogs.rules import TOPICS, show, suggestions
from cogs.screens import Entry, screens_of
from cogs.thrones import SCREENS, names
from data.thrones import load
from table.errors import TableError

FACTS = load()
DATA: dict[str, dict[str, Any]] = {
    "card": FACTS.house_cards,
    "area": FACTS.areas,
    "order": FACTS.order_rules,
    "westeros": FACTS.westeros_cards,
    "wildling": FACTS.wildling_cards,
    "tides": FACTS.tides_cards,
}


def text_of(embed: discord.Embed) -> str:
    fields = [f"{f.name}\n{f.value}" for f in embed.fields]
    return "\n".join([embed.title or "", embed.description or "", *fields, embed.footer.text or ""])


def fields(embed: discord.Embed) -> dict[str, str]:
    return {str(f.name): str(f.value) for f in embed.fields}


def within_limits(embed: discord.Embed) -> None:
    assert 1 <= len(embed.title or "") <= 256
    assert len(embed.description or "") <= 4096
    assert len(embed.fields) <= 25
    for field in embed.fields:
        assert 1 <= len(field.name or "") <= 256 and 1 <= len(field.value or "") <= 1024
    assert len(embed.footer.text or "") <= 2048
    assert len(embed) <= 6000


def entry(topic: str, key: str) -> Entry:
    return next(e for e in SCREENS.reference_topics()[topic] if e.key == key)


def embed(topic: str, key: str) -> discord.Embed:
    found = SCREENS.reference_embed(topic, key)
    assert found is not None
    return found


# --- every entry ---------------------------------------------------------------------------------------


def test_the_topics_are_the_commands_subcommands() -> None:
    assert set(SCREENS.reference_topics()) == set(TOPICS) == set(DATA)


@pytest.mark.parametrize("topic", list(DATA))
def test_everything_in_the_data_has_an_entry_within_discords_limits(topic: str) -> None:
    entries = SCREENS.reference_topics()[topic]
    assert sorted(e.key for e in entries) == sorted(DATA[topic])
    for found in entries:
        assert len(found.key) <= 100 and len(found.label) <= 100
        within_limits(embed(topic, found.key))
    assert SCREENS.reference_embed(topic, "no-such-thing") is None


def test_a_house_card_shows_its_house_strength_icons_and_whole_text() -> None:
    for card in FACTS.house_cards.values():
        shown = embed("card", card.id)
        assert shown.title == card.name
        assert fields(shown) == {
            "House": names.house_name(card.house),
            "Strength": str(card.strength),
            "Swords": str(card.swords),
            "Fortifications": str(card.fortifications),
        }
        assert card.text in (shown.description or "")
    assert "No ability" in (embed("card", "eddard-stark").description or "")


def test_an_area_lists_every_neighbour_by_name() -> None:
    for area in FACTS.areas.values():
        named = fields(embed("area", area.id))[f"Neighbours ({len(area.adjacent)})"]
        assert sorted(named.split(", ")) == sorted(names.area_name(a) for a in area.adjacent)


def test_an_area_shows_its_castle_supply_power_port_and_who_starts_there() -> None:
    winterfell = fields(embed("area", "winterfell"))
    assert winterfell["Kind"] == "Land" and winterfell["Castle"].startswith("Stronghold")
    assert (winterfell["Supply"], winterfell["Power"]) == ("1 barrel", "1 crown")
    assert winterfell["Port"] == "Port of Winterfell, opening onto Bay of Ice"
    assert "Home area of House Stark" in winterfell["At the start"]
    assert "House Stark: footman, knight" in winterfell["At the start"]
    port = fields(embed("area", "port-of-lannisport"))
    assert (port["Kind"], port["Belongs to"], port["Opens onto"]) == (
        "Port",
        "Lannisport",
        "The Golden Sound",
    )
    assert "With 3 players: nothing" in port["At the start"]  # Lannister's port ship stays in the box
    sunspear = fields(embed("area", "sunspear"))["At the start"]
    assert "With 3 players: closed all game" in sunspear and "neutral force of strength 5" in sunspear
    sea = fields(embed("area", "shipbreaker-bay"))
    assert sea["Ports on it"] == "Port of Dragonstone, Port of Storm's End"
    assert fields(embed("area", "blackwater"))["At the start"] == "Nothing: no house starts here."


def test_an_order_says_what_it_does_its_tokens_and_its_special_variant() -> None:
    for rule in FACTS.order_rules.values():
        shown = embed("order", rule.type)
        assert shown.description == rule.text
        assert fields(shown)["The special token (★)"] == rule.special
    march = fields(embed("order", "march"))["Tokens each house owns"]
    assert march.splitlines() == [
        "March -1 (`march-1`): -1, 1 token",
        "March +0 (`march+0`): +0, 1 token",
        "★ March +1 (special) (`march+1*`): +1, 1 token",
    ]
    assert (
        "Defense +1 (`defense+1`): +1, 2 tokens"
        in fields(embed("order", "defense"))["Tokens each house owns"]
    )


def test_westeros_wildling_and_tides_cards_in_full() -> None:
    winter = fields(embed("westeros", "winter-is-coming"))
    assert (winter["Deck"], winter["Copies"], winter["Wildling icon"]) == (
        "I and II",
        "1 in deck I, 1 in deck II",
        "No",
    )
    assert fields(embed("westeros", "supply"))["Copies"] == "3 in deck I"
    assert fields(embed("westeros", "a-throne-of-blades"))["Wildling icon"].startswith("Yes")
    raiders = FACTS.wildling_cards["rattleshirts-raiders"]
    shown = fields(embed("wildling", raiders.id))
    assert shown == {
        "The Night's Watch wins: the highest bidder": raiders.watch_wins,
        "The wildlings win: the lowest bidder": raiders.lowest_bidder,
        "The wildlings win: every other house": raiders.everyone_else,
    }
    skull = fields(embed("tides", "skull"))
    assert (skull["Strength"], skull["Skulls"], skull["Copies"]) == ("+0", "1", "2 of the 24 cards")
    assert fields(embed("tides", "three"))["Strength"] == "+3"


# --- finding entries -----------------------------------------------------------------------------------


def test_suggestions_match_any_part_of_the_shown_name_whatever_the_case() -> None:
    shown = [c.name for c in suggestions("thrones", "card", "STARK")]
    assert "Eddard Stark (Stark, 4)" in shown and "Catelyn Stark (Stark, 0)" in shown
    assert "Stannis Baratheon (Baratheon, 4)" not in shown
    assert [c.value for c in suggestions("thrones", "wildling", "horde")] == ["the-horde-descends"]
    assert [c.value for c in suggestions("thrones", "order", "consol")] == ["consolidate"]


def test_suggestions_are_bounded() -> None:
    every = suggestions("thrones", "area", "")
    assert len(every) == 25 and all(len(c.name) <= 100 and len(c.value) <= 100 for c in every)
    assert suggestions("thrones", "area", "x" * 100_000) == []
    assert suggestions("thrones", "nothing", "a") == []


def test_a_name_is_found_by_its_key_its_name_or_an_alias() -> None:
    cards = SCREENS.reference_topics()["card"]
    assert lookup.find(cards, "euron-crows-eye") == entry("card", "euron-crows-eye")
    assert lookup.find(cards, "  EURON crow's eye ") == entry("card", "euron-crows-eye")
    assert lookup.find(cards, "euron crows eye") == entry("card", "euron-crows-eye")
    orders = SCREENS.reference_topics()["order"]
    assert lookup.find(orders, "march+1*") == entry("order", "march")
    assert lookup.find(orders, "Defense +2 (special)") == entry("order", "defense")
    assert lookup.find(orders, "") is None and lookup.find(orders, "?!") is None


def test_the_right_entry_is_shown() -> None:
    assert show("thrones", "card", "tywin-lannister").title == "Tywin Lannister"
    assert show("thrones", "area", "The Eyrie").title == "The Eyrie"
    assert show("thrones", "tides", "Skull").title == "Skull (Tides of Battle)"


def test_an_unknown_name_is_refused_with_the_nearest_names() -> None:
    with pytest.raises(TableError, match=r"No card is called 'edard stark'\. Did you mean Eddard Stark"):
        show("thrones", "card", "edard stark")
    with pytest.raises(TableError, match=r"No area is called 'winterfel'\. Did you mean Winterfell, Port of"):
        show("thrones", "area", "winterfel")
    with pytest.raises(TableError, match=r"No Westeros card is called 'qqq'\. Pick one of the suggestions"):
        show("thrones", "westeros", "qqq")
    with pytest.raises(TableError, match=r"No card is called '" + "x" * 39 + "…'\\."):
        show("thrones", "card", "x" * 5000)  # quoted back shortened


def test_a_game_without_a_reference_or_a_topic_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    duel = screens_of("duel")
    with pytest.raises(TableError, match=r"Duel \(a test game\), the game of this channel, has no rules"):
        show("duel", "card", "anything")
    assert suggestions("duel", "card", "") == []
    monkeypatch.setattr(duel, "reference_topics", lambda language="en": {"card": (Entry("one", "One"),)})
    no_areas = r"has no such entries in its rules reference \(`/rules area`\); it has `/rules card`"
    with pytest.raises(TableError, match=no_areas):
        show("duel", "area", "anything")
