"""The "What can I do here?" button every prompt has: the help of the decision's kind, drawn by its game,
with what the decision means, the legal answers in notation with an example, and the rules that apply."""

from __future__ import annotations

from typing import Any

import tests.games.duel  # noqa: F401  (registers the game)
from cogs import prompts
from cogs.ids import parse
from cogs.layout import HELP_OP
from cogs.screens import screens_of, strip_house
from cogs.thrones import SCREENS, names
from data.thrones import load
from engine.core.decisions import Decision
from tests.bot.conftest import Found, payload_of

FACTS = load()


def help_of(found: Found) -> str:
    return SCREENS.decision_help(found.payload, found.extras)


def help_button(message: prompts.PromptMessage) -> dict[str, Any]:
    assert message.view is not None
    [button] = [
        c
        for row in message.view.to_components()
        for c in row["components"]
        if parse(c["custom_id"]).op == HELP_OP
    ]
    assert button["label"] == "What can I do here?"
    return button


def test_every_prompt_has_a_help_button_that_shows_the_help(every_decision: list[Found]) -> None:
    for found in every_decision[::7]:
        message = prompts.build_prompt(found.payload, found.extras)
        button = help_button(message)
        cid = parse(button["custom_id"])
        assert cid.op == HELP_OP and cid.house == found.decision.house
        reaction = prompts.react(found.payload, found.extras, cid, [])
        assert isinstance(reaction, prompts.ShowHelp)
        assert reaction.embed.description == help_of(found)
        assert reaction.embed.title == f"❔ {names.kind_title(found.decision.kind)}"


def test_every_decisions_help_fits_and_gives_an_example(every_decision: list[Found]) -> None:
    for found in every_decision:
        text = help_of(found)
        assert len(text) <= 4000, (found.decision.kind, len(text))  # never cut
        default = strip_house(found.payload["decision"]["default"])
        example = " ".join(default.split()[:4]) if found.decision.kind == "orders" else default
        assert f"**Example**: `{example}" in text, found.decision.kind
        for option in (found.payload["decision"]["options"] or [])[:12]:
            assert f"`{strip_house(option)}`" in text


def test_a_house_card_choice_shows_the_cards_in_hand_in_full(found: dict[str, Found]) -> None:
    cards = found["house-card"]
    text = help_of(cards)
    assert text.startswith("Choose, in secret, the house card")
    hand = [strip_house(o).split()[1] for o in cards.payload["decision"]["options"]]
    for card_id in hand:
        card = FACTS.house_cards[card_id]
        assert f"**{card.name}** (strength {card.strength}" in text
        assert card.text in text
    others = set(FACTS.house_cards) - set(hand)
    assert not any(f"**{FACTS.house_cards[c].name}**" in text for c in others)


def test_orders_help_says_what_every_order_does(found: dict[str, Found]) -> None:
    text = help_of(found["orders"])
    assert "`orders AREA=TOKEN AREA=TOKEN …`" in text
    for rule in FACTS.order_rules.values():
        assert f"**{rule.name}**: {rule.text}" in text and f"★ {rule.special}" in text
    stars = found["orders"].decision.schema["stars"]
    assert f"Special (★) orders allowed: {stars}." in text


def test_muster_help_gives_the_unit_costs(found: dict[str, Found]) -> None:
    text = help_of(found["muster"])
    assert "Footman 1, knight 2, siege engine 2, ship 1" in text
    assert "becomes a knight or a siege engine for 1" in text
    for area in found["muster"].decision.schema["areas"]:
        assert names.area_name(area) in text


def test_the_card_a_decision_resolves_is_quoted() -> None:
    tyrion = Decision(
        house="lannister",
        kind="tyrion",
        prompt="Tyrion Lannister: send Eddard Stark back?",
        secret=False,
        default="choose keep",
        options=("choose cancel", "choose keep"),
    )
    text = SCREENS.decision_help(payload_of(tyrion), None)
    assert FACTS.house_cards["tyrion-lannister"].text in text
    mammoths = Decision(
        house="stark",
        kind="wildling-retrieve",
        prompt="Mammoth Riders: you may take one card back from your discard pile.",
        secret=True,
        default="retrieve none",
        options=("retrieve none", "retrieve eddard-stark"),
    )
    text = SCREENS.decision_help(payload_of(mammoths), None)
    assert FACTS.wildling_cards["mammoth-riders"].watch_wins in text
    assert "**Eddard Stark** (strength 4, 2 swords)" in text


def test_a_game_with_listed_answers_gets_the_shared_help() -> None:
    pick = Decision(
        house="stark",
        kind="pick",
        prompt="Pick a number.",
        secret=True,
        default="pick 1",
        options=("pick 1", "pick 2"),
    )
    payload = {**payload_of(pick), "game": "duel"}
    text = screens_of("duel").decision_help(payload, None)
    assert text.splitlines()[0] == "Pick a number."
    assert "\n`pick 2`\n" in text and "**Example**: `pick 1`" in text  # the notation reads as it is
    message = prompts.build_prompt(payload, None)
    assert parse(help_button(message)["custom_id"]).op == HELP_OP
