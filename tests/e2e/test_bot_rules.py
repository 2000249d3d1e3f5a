"""The rules reference and the help of every prompt, through the fake Discord: ``/rules`` answers privately
with a card, an area or a wildling card in full (suggesting names as they are typed, and refusing one that
means nothing), and the "What can I do here?" button of a DM prompt explains the decision privately.

The game of the help tests gets seed 32, as in test_bot_game: round 1 ends in a sea battle in The Narrow
Sea when Baratheon and Stark both sail there, which asks both houses for a house card."""

from __future__ import annotations

from pathlib import Path

import pytest

import tests.games.duel  # noqa: F401  (registers the game)
from data.thrones import load
from tests.e2e.fake_discord import FakeDiscord, FakeMessage
from tests.e2e.maester import WAIT, Game, channel_posts, embed, fix_seed, maester_bot, refused

FACTS = load()
HELP = "What can I do here?"


def fields(message: FakeMessage) -> dict[str, str]:
    return {f["name"]: f["value"] for f in embed(message).get("fields") or []}


async def test_the_rules_reference_answers_privately(fake: FakeDiscord, tmp_path: Path) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3"):
        offered = await fake.autocomplete("alice", "rules", "card", focused="name", options={"name": "CATE"})
        assert offered == [{"name": "Catelyn Stark (Stark, 0)", "value": "catelyn-stark"}]
        offered = await fake.autocomplete("alice", "rules", "area", focused="name", options={"name": ""})
        assert len(offered) == 25

        # a suggestion picked: its key is sent
        card = await refused(await fake.slash("alice", "rules", "card", options={"name": "catelyn-stark"}))
        assert embed(card)["title"] == "Catelyn Stark"
        assert embed(card)["description"] == FACTS.house_cards["catelyn-stark"].text
        assert fields(card) == {"House": "House Stark", "Strength": "0", "Swords": "0", "Fortifications": "0"}

        # a name typed in full, however it is written
        area = await refused(await fake.slash("bob", "rules", "area", options={"name": "the eyrie"}))
        assert embed(area)["title"] == "The Eyrie"
        shown = fields(area)
        assert shown["Castle"] == "Castle (1 mustering point)" and shown["Power"] == "1 crown"
        neighbours = [FACTS.areas[a].name for a in FACTS.areas["the-eyrie"].adjacent]
        assert sorted(shown[f"Neighbours ({len(neighbours)})"].split(", ")) == sorted(neighbours)
        assert "neutral force of strength 6" in shown["At the start"]

        wildling = await refused(
            await fake.slash("carol", "rules", "wildling", options={"name": "Skinchanger Scout"})
        )
        card_facts = FACTS.wildling_cards["skinchanger-scout"]
        assert fields(wildling) == {
            "The Night's Watch wins: the highest bidder": card_facts.watch_wins,
            "The wildlings win: the lowest bidder": card_facts.lowest_bidder,
            "The wildlings win: every other house": card_facts.everyone_else,
        }

        unknown = await refused(
            await fake.slash("alice", "rules", "card", options={"name": "tywin lanister"})
        )
        assert unknown.content.startswith(
            "❌ No card is called 'tywin lanister'. Did you mean Tywin Lannister,"
        )
        assert not unknown.embeds
        assert not channel_posts(fake)  # every answer was private


async def test_a_game_without_a_reference_says_so(fake: FakeDiscord, tmp_path: Path) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3"):
        created = await fake.slash("alice", "game", "create", options={"game": "duel", "players": 2})
        assert "is open" in (await created.wait_message(timeout=WAIT)).content
        answer = await refused(await fake.slash("alice", "rules", "card", options={"name": "eddard-stark"}))
        assert answer.content == "❌ Duel (a test game), the game of this channel, has no rules reference."
        assert await fake.autocomplete("alice", "rules", "card", focused="name", options={"name": ""}) == []


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch, 32)


async def help_of(game: Game, house: str, prompt: FakeMessage) -> FakeMessage:
    """Click the prompt's help button; the answer is private, and the prompt and the game stay as they
    were."""
    before, revision = len(game.session.log), prompt.revision
    shown = await refused(await game.click(house, prompt, label=HELP))
    assert prompt.revision == revision and len(game.session.log) == before
    return shown


async def test_the_help_of_an_orders_prompt_and_a_house_card_prompt(
    fake: FakeDiscord, tmp_path: Path, seeded: None
) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        game = await Game.create(fake, bot)
        orders = await game.dm_prompt("stark")
        assert orders.has_component(label=HELP)
        shown = await help_of(game, "stark", orders)
        assert embed(shown)["title"] == "❔ Place your orders"
        text = embed(shown)["description"]
        assert "`orders AREA=TOKEN AREA=TOKEN …`" in text and "Special (★) orders allowed: 2." in text
        for rule in FACTS.order_rules.values():
            assert f"**{rule.name}**: {rule.text}" in text

        # Round 1 up to the battle in The Narrow Sea (see test_bot_game).
        await game.act(
            "stark", "orders the-shivering-sea=march+1* white-harbor=consolidate winterfell=defense+1"
        )
        await game.act(
            "lannister", "orders stoney-sept=consolidate lannisport=defense+1 the-golden-sound=support+0"
        )
        await game.act(
            "baratheon", "orders shipbreaker-bay=march+0 kingswood=defense+1 dragonstone=consolidate"
        )
        await game.act("lannister", "raven none")
        stale = await refused(await game.click("stark", orders, label=HELP))  # the orders are revealed
        assert stale.content.startswith("⌛ That prompt is out of date"), stale
        await game.act("baratheon", "march shipbreaker-bay -> the-narrow-sea ship")
        await game.act("stark", "march the-shivering-sea -> the-narrow-sea ship")

        cards = await game.dm_prompt("stark")
        assert embed(cards)["title"] == "House Stark: Choose your house card"
        shown = await help_of(game, "stark", cards)
        assert embed(shown)["title"] == "❔ Choose your house card"
        text = embed(shown)["description"]
        for card in FACTS.house_cards.values():
            if card.house == "stark":
                assert f"`play {card.id}`" in text and f"**{card.name}** (strength {card.strength}" in text
                assert not card.text or card.text in text
            else:
                assert card.name not in text
