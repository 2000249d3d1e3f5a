"""The rules reference through the fake Discord: ``/rules`` answers privately with a card, an area or a
wildling card in full, suggesting names as they are typed, and refusing one that means nothing."""

from __future__ import annotations

from pathlib import Path

import tests.games.duel  # noqa: F401  (registers the game)
from data.thrones import load
from tests.e2e.fake_discord import FakeDiscord, FakeMessage
from tests.e2e.maester import WAIT, channel_posts, embed, maester_bot, refused

FACTS = load()


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
