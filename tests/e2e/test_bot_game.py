"""Maester end to end: a whole game through the fake Discord, and the secrets it must keep.

The bot (``create_bot``) runs in the test's event loop against the fake; people act only through slash
commands, DM prompts, channel prompts and modals. The games get seed 32, whose decks are known: a round 1
that ends in a sea battle in The Narrow Sea when Baratheon and Stark both sail there, and a Clash of Kings
(bids for the three influence tracks) in the Westeros phase of round 2.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cogs.ids import parse
from tests.e2e.fake_discord import Callback, FakeDiscord, png_size
from tests.e2e.maester import (
    WAIT,
    Game,
    boards,
    channel_posts,
    embed,
    field_value,
    fix_seed,
    maester_bot,
    public_text,
    refused,
    seen_by,
    select_with_option,
)

SEED = 32

# Round 1: Baratheon sails one ship from Shipbreaker Bay to The Narrow Sea, then Stark attacks it there.
STARK_ORDERS = {"the-shivering-sea": "march+1*", "white-harbor": "consolidate"}  # Winterfell keeps Defense +1
LANNISTER_ORDERS = "orders stoney-sept=consolidate lannisport=defense+1 the-golden-sound=support+0"
BARATHEON_ORDERS = "orders shipbreaker-bay=march+0 kingswood=defense+1 dragonstone=consolidate"
STARK_MARCH = "march the-shivering-sea -> the-narrow-sea ship"

# What nobody but the player may see before the reveal: Stark's special march, the house cards, the bids.
ORDER_SECRETS = ("March +1", "march+1*", "Special march")
CARD_SECRETS = ("Catelyn", "catelyn-stark")
# Round 2's Clash of Kings: distinct bids, so that no tie needs settling.
BIDS = (
    {"baratheon": 1, "lannister": 0, "stark": 2},  # Iron Throne
    {"baratheon": 0, "lannister": 2, "stark": 1},  # Fiefdoms
    {"baratheon": 2, "lannister": 1, "stark": 0},  # King's Court
)
BID_SECRET = re.compile(r"(?i)\bbid\s+\d|Bids for")  # "Bid 2", "bid 2", "Bids for the … track: …"


def assert_kept(fake: FakeDiscord, secrets: tuple[str, ...] | re.Pattern[str], what: str) -> None:
    """No channel post (any version of it: content, embeds, components, attachments) shows ``secrets``."""
    text = public_text(fake)
    if isinstance(secrets, re.Pattern):
        found = secrets.findall(text)
    else:
        found = [s for s in secrets if s in text]
    assert not found, f"{what} leaked into the channel before the reveal: {found}"


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch, SEED)


async def test_a_three_player_game_through_a_battle_bids_and_three_rounds(
    fake: FakeDiscord, tmp_path: Path, seeded: None
) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        game = await Game.create(fake, bot)
        people = {house: fake.users[who] for house, who in game.seats.items()}

        # The first board names everyone who must act; it pings nobody: each player's ping is their DM.
        [first] = boards(fake)
        assert embed(first)["title"].endswith("The game begins")
        waiting = field_value(first, "Waiting for")
        for house, person in people.items():
            assert f"House {house.title()} — {person.mention}: Place your orders" in waiting
            assert person.mention not in first.content
        # Orders are secret: each player is asked by DM, with a select per area and a Submit button.
        for house in people:
            prompt = await game.dm_prompt(house)
            assert embed(prompt)["title"] == f"House {house.title()}: Place your orders"
            assert len([c for c in prompt.custom_ids() if parse(c).op == "os"]) == 3
            assert prompt.has_component(label="Submit orders") and prompt.has_component(
                label="Type the answer"
            )
        assert not any(c for m in fake.channel_messages() for c in m.custom_ids()), "orders asked in public"

        # --- round 1, planning: Stark with the selects, Lannister with the typed answer, Baratheon by command
        stark_prompt = await game.orders_by_selects("stark", STARK_ORDERS)
        assert "March +1 (special)" in embed(stark_prompt)["description"]  # Alice sees her own orders
        lannister_prompt = await game.dm_prompt("lannister")
        await game.by_modal("lannister", lannister_prompt, LANNISTER_ORDERS)
        await fake.wait_until(lambda: "Submitted" in lannister_prompt.text, WAIT, "Bob's prompt to update")
        await game.settled()
        assert_kept(fake, ORDER_SECRETS, "Stark's special march order")
        assert not game.session.game.state.orders_revealed  # type: ignore[union-attr]
        await game.act("baratheon", BARATHEON_ORDERS)
        assert game.session.game.state.orders_revealed  # type: ignore[union-attr]

        # The Messenger Raven is public, and asked by DM like every decision (the DM is Bob's ping); the
        # channel's live log says whom the game waits for.
        raven = await game.dm_prompt("lannister")
        assert raven.is_dm
        live = await fake.wait_until(
            lambda: [m for m in fake.channel_messages() if "Waiting for" in m.text and not m.pngs],
            WAIT,
            "the live log of the phase",
        )
        assert f"House Lannister — {people['lannister'].mention}: The Messenger Raven" in live[-1].text
        log = game.log()
        stale = await refused(await fake.click("alice", stark_prompt, label="Submit orders"))
        assert "That prompt is out of date" in stale.content, stale
        assert game.log() == log
        await game.choose("lannister", raven, "Do nothing")
        action = await fake.wait_until(
            lambda: [b for b in boards(fake) if "Round 1: Action phase" in embed(b)["title"]],
            WAIT,
            "the board of the action phase",
        )
        assert "House Baratheon" in field_value(action[-1], "Waiting for")

        # --- round 1, action: Baratheon marches with the DM prompt's unit select, Stark by command
        march = await game.dm_prompt("baratheon")
        select, value = select_with_option(march, "Ship 1 → The Narrow Sea")
        moved = await fake.click("carol", march, select["custom_id"], [value])
        assert await moved.wait_response(WAIT) == Callback.UPDATE_MESSAGE
        assert "Ship 1 → The Narrow Sea" in embed(march)["description"]
        since = len(game.session.log)
        await game.click("baratheon", march, label="Submit march")
        await game.answered("baratheon", since)
        assert game.log()[-1] == "baratheon: march shipbreaker-bay -> the-narrow-sea ship"
        await game.act("stark", STARK_MARCH)

        # The battle: both house cards are chosen secretly, by DM.
        stark_cards = await game.dm_prompt("stark")
        assert embed(stark_cards)["title"] == "House Stark: Choose your house card"
        await game.choose("stark", stark_cards, lambda label: label.startswith("Catelyn Stark"))
        await game.settled()
        assert_kept(fake, CARD_SECRETS, "Stark's house card")
        baratheon_cards = await game.dm_prompt("baratheon")
        await game.choose("baratheon", baratheon_cards, lambda label: label.startswith("Patchface"))
        assert game.view["stats"]["combats"] == 1

        # The battle is told in the channel as it resolves: each side's strength broken down, the winner,
        # and a close-up of the area.
        report = await fake.wait_until(
            lambda: [
                m for m in channel_posts(fake) if m.embeds and "Battle in The Narrow Sea" in embed(m)["title"]
            ],
            WAIT,
            "the battle's report",
        )
        told = embed(report[-1])
        sides = {field["name"]: field["value"] for field in told["fields"]}
        assert "House Stark (attacker)" in sides and "House Baratheon (defender)" in sides
        assert (
            "house card: " in sides["House Stark (attacker)"]
            and "(Catelyn Stark)" in sides["House Stark (attacker)"]
        )
        assert (
            "**total:" in sides["House Baratheon (defender)"] and "House Stark** wins" in told["description"]
        )
        assert report[-1].pngs and report[-1].pngs[0].filename == "closeup.png"

        # The rest of round 1 with defaults, up to the bids of round 2.
        await game.play_defaults(lambda: any(d.kind == "bid" for d in game.session.pending()))
        assert (game.round, game.phase) == (2, "westeros")
        westeros = await fake.wait_until(
            lambda: [b for b in boards(fake) if "Round 2: Westeros phase" in embed(b)["title"]],
            WAIT,
            "the board of round 2",
        )
        summary = embed(westeros[-1])["description"]
        assert "Battle in The Narrow Sea" in summary and "House Stark wins" in summary
        assert "Catelyn Stark" in public_text(fake)  # revealed now
        assert "Clash of Kings" in summary

        # --- round 2, Westeros: three rounds of secret bids, each chosen in a DM select
        for track, track_name in zip(BIDS, ("Iron Throne", "Fiefdoms", "King's Court"), strict=True):
            # earlier tracks' bids are told as they are revealed; this track's must not show before
            kept = re.compile(rf"(?i)\bbid\s+\d|Bids for the {track_name} track")
            await fake.wait_until(
                lambda: len([d for d in game.session.pending() if d.kind == "bid"]) == 3, WAIT, "three bids"
            )
            for number, (house, bid) in enumerate(track.items()):
                prompt = await game.dm_prompt(house)
                assert embed(prompt)["title"] == f"House {house.title()}: Your bid"
                if number == len(track) - 1:
                    await game.settled()
                    assert_kept(fake, kept, "a bid")
                await game.choose(house, prompt, f"Bid {bid}")
        planning = await fake.wait_until(
            lambda: [b for b in boards(fake) if "Round 2: Planning phase" in embed(b)["title"]],
            WAIT,
            "the board of round 2's planning phase",
        )
        summary = embed(planning[-1])["description"]
        assert (
            "Bids for the Iron Throne track: House Stark 2, House Baratheon 1, House Lannister 0" in summary
        )
        assert game.view["tracks"]["throne"] == ["stark", "baratheon", "lannister"]

        # --- the rest of round 2 with defaults (orders by their DM prompts), into round 3
        await game.play_defaults(lambda: game.round == 3)
        third = await fake.wait_until(
            lambda: [b for b in boards(fake) if "round 3" in embed(b)["footer"]["text"]],
            WAIT,
            "a board of round 3",
        )
        assert "Round 2: the Action phase is over" in embed(third[0])["description"]
        await game.settled()
        posted = boards(fake)
        rounds = [embed(b)["footer"]["text"].split(" · ")[1] for b in posted]
        assert rounds[0] == "round 1" and "round 2" in rounds and rounds[-1] == "round 3", rounds

        # Every DM went to the player of the house it is about.
        for house, person in people.items():
            for message in fake.dms(person.key):
                assert re.findall(r"for House (\w+)", message.content) == [house.title()], message

    # Last, as the board's image depends on the renderer package: every board carries a real PNG.
    try:
        import renderer  # noqa: F401
    except ImportError as error:
        pytest.fail(f"the board renderer cannot be imported, so boards are posted without an image: {error}")
    for board in posted:
        assert board.pngs and png_size(board.pngs[0].data), f"{board!r} has no image"
        assert embed(board)["image"]["url"] == f"attachment://{board.pngs[0].filename}"


async def snoop(fake: FakeDiscord, who: str, game: Game) -> str:
    """``who`` asks everything a person may ask about the game; returns the text of /game cards."""
    cards = ""
    for command in ("status", "board", "log", "cards"):
        inter = await fake.slash(who, "game", command, options={"game": game.id})
        answer = await inter.wait_message(timeout=WAIT)
        assert answer.ephemeral and answer.visible_to is fake.users[who], answer
        assert not answer.content.startswith("❌"), answer
        if command == "cards":
            cards = answer.text
    return cards


def assert_hidden(fake: FakeDiscord, game: Game, owner: str, secrets: tuple[str, ...]) -> None:
    """Nobody but ``owner``'s player (nor dave, who only watches) has been shown any of ``secrets``."""
    for who in [p for h, p in game.seats.items() if h != owner] + ["dave"]:
        shown = seen_by(fake, who)
        found = [s for s in secrets if s in shown]
        assert not found, f"{who} was shown House {owner.title()}'s secret before the reveal: {found}"
    assert_kept(fake, secrets, f"House {owner.title()}'s secret")


async def test_secrets_reach_nobody_else_before_their_reveal(
    fake: FakeDiscord, tmp_path: Path, seeded: None
) -> None:
    """Orders, house cards and bids, answered by command in the channel, by DM selects and by the typed
    answer: until the reveal, neither the channel nor what any other person may ask shows them."""
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        game = await Game.create(fake, bot)

        # Orders: Stark by command in the channel (answered privately), Baratheon typed, Lannister by selects.
        stark = (
            "The Shivering Sea: March +1 (special)",
            "the-shivering-sea=march+1*",
            "White Harbor: Consolidate Power",
        )
        ack = await game.act(
            "stark", "orders the-shivering-sea=march+1* winterfell=defense+1 white-harbor=cp"
        )
        assert (
            "The Shivering Sea: March +1 (special)" in ack.content and ack.visible_to is fake.users["alice"]
        )
        await game.settled()
        await snoop(fake, "dave", game)
        await snoop(fake, "bob", game)
        assert_hidden(fake, game, "stark", stark)

        baratheon = ("Kingswood: Support +1 (special)", "kingswood=support+1*")
        typed = await game.dm_prompt("baratheon")
        await game.by_modal(
            "baratheon", typed, "orders shipbreaker-bay=march+0 kingswood=support+1* dragonstone=consolidate"
        )
        assert "Kingswood: Support +1 (special)" in typed.text  # the prompt shows Carol what she chose
        await game.settled()
        await snoop(fake, "dave", game)
        await snoop(fake, "bob", game)
        assert_hidden(fake, game, "stark", stark)
        assert_hidden(fake, game, "baratheon", baratheon)

        await game.orders_by_selects("lannister", {"lannisport": "defense+2*"})
        assert game.session.game.state.orders_revealed  # type: ignore[union-attr]

        # The battle of The Narrow Sea; Stark's house card by command, Baratheon's by DM.
        await game.act("lannister", "raven none")
        await game.act("baratheon", "march shipbreaker-bay -> the-narrow-sea ship")
        await game.act("stark", STARK_MARCH)
        cards_before = await snoop(fake, "dave", game)
        assert "Catelyn Stark (0)" in cards_before  # hands are public; the choice is not
        ack = await game.act("stark", "play catelyn-stark")
        assert ack.visible_to is fake.users["alice"]
        await game.settled()
        assert await snoop(fake, "dave", game) == cards_before
        assert await snoop(fake, "carol", game) == cards_before
        assert_hidden(fake, game, "stark", ("catelyn-stark", "plays Catelyn", "**Catelyn Stark (0)**"))
        await game.choose(
            "baratheon", await game.dm_prompt("baratheon"), lambda label: label.startswith("Patchface")
        )
        await game.settled()
        assert "House Stark plays Catelyn Stark" in "\n".join([*game.session.summary, public_text(fake)])

        # Bids for the Iron Throne: by command, by command, then by DM select. Only dave's view and the
        # channel can be searched for numbers: each player's own prompts list every bid they could make.
        await game.play_defaults(lambda: any(d.kind == "bid" for d in game.session.pending()))
        await game.act("stark", "bid 2")
        await game.act("lannister", "bid 1")
        await game.settled()
        await snoop(fake, "dave", game)
        shown = seen_by(fake, "dave")
        assert not BID_SECRET.findall(shown), (
            f"a bid was shown before the reveal: {BID_SECRET.findall(shown)}"
        )
        await game.choose("baratheon", await game.dm_prompt("baratheon"), "Bid 0")
        await game.play_defaults(lambda: game.phase == "planning")
        await game.settled()
        assert (
            "Bids for the Iron Throne track: House Stark 2, House Lannister 1, House Baratheon 0"
            in public_text(fake)
        )
