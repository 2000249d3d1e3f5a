"""Prompts in their reader's language: every kind of decision that random games reach, drawn in Spanish,
Portuguese and Italian (its DM, every screen one click away, its help, the modal and the answered prompt)
within Discord's limits and with the game's names in that language; and a player whose language is Spanish
is asked in Spanish, by DM and when they click."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from cogs import prompts
from cogs.components import ComponentsCog
from cogs.ids import parse
from cogs.thrones import SCREENS
from data.thrones_names import load as load_names
from engine.core.rng import Rng
from engine.thrones.game import ThronesGame
from engine.thrones.random_player import random_action
from i18n import translator
from table import prompting
from table.table import Table
from tests.bot.conftest import KINDS, Found
from tests.bot.test_components import FakeBot, FakeInteraction, component, components
from tests.bot.test_prompts import check_limits
from tests.table.conftest import ALICE, BOB, PLAYERS, three_player_game

LANGUAGES = ("es", "pt", "it")
SEEDS = range(1, 33)  # random games enough to reach every kind but the rarest (a few seconds)


@pytest.fixture(scope="module")
def every_kind() -> list[Found]:
    """The first decision of each kind, and of each shape of its data, in random games of 3 to 6 players
    with and without Tides of Battle."""
    found: dict[tuple[str, tuple[str, ...]], Found] = {}
    for seed in SEEDS:
        game = ThronesGame.new(3 + seed % 4, seed, seed % 2 == 0)
        rng = Rng(seed ^ 0x5EED)
        while not game.over:
            pending = game.pending()
            snapshot = None
            for decision in pending:
                key = (decision.kind, tuple(sorted(decision.data)))
                if key not in found:
                    snapshot = snapshot or ThronesGame.from_position(game.to_position())
                    found[key] = Found(snapshot, decision)
            chosen = pending[rng.below(len(pending))]
            game.apply(chosen.house, random_action(game, chosen, rng))
    kinds = {kind for kind, _ in found}
    assert set(KINDS) <= kinds and len(kinds) >= 33, sorted(kinds)
    return list(found.values())


def in_language(found: Found, language: str) -> dict[str, Any]:
    return {**found.payload, "language": language}


def shown(message: prompts.PromptMessage) -> list[str]:
    """Every text a person reads on a prompt: its content, embed, buttons, selects and their options."""
    embed = message.embed
    texts = [message.content or "", embed.title or "", embed.description or "", embed.footer.text or ""]
    for item in components(message) if message.view is not None else []:
        texts += [item.get("label") or "", item.get("placeholder") or ""]
        for option in item.get("options") or []:
            texts += [option["label"], option.get("description") or ""]
    return texts


def english_names(language: str) -> list[str]:
    """The English names of areas and houses that have another name in ``language``."""
    names = load_names()
    found = []
    for category in ("areas", "houses"):
        for item, english in names["en"].names[category].items():
            if names[language].name(category, item) != english.name:
                found.append(english.name)
    return found


def check_words(texts: list[str], language: str, kind: str) -> None:
    text = "\n".join(texts)
    assert not re.search(r"[{}]", text), (kind, language, text)
    left = [name for name in english_names(language) if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text)]
    assert not left, (kind, language, left, text)


def every_screen(found: Found, payload: dict[str, Any]) -> list[prompts.PromptMessage]:
    """The prompt and every screen one click away from it."""
    first = prompts.build_prompt(payload, found.extras)
    screens = [first]
    for item in components(first):
        if item.get("disabled"):
            continue
        values = [item["options"][-1]["value"]] if item["type"] == 3 else []
        if item["type"] == 3 and item["min_values"] > 1:
            values = [o["value"] for o in item["options"][: item["min_values"]]]
        reaction = prompts.react(payload, found.extras, parse(item["custom_id"]), values)
        if isinstance(reaction, prompts.Show):
            screens.append(prompts.build_prompt(payload, found.extras, reaction.screen))
    return screens


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_kind_of_decision_is_asked_in_the_readers_language(
    every_kind: list[Found], language: str
) -> None:
    words = translator(language)
    for found in every_kind:
        kind = found.decision.kind
        payload = in_language(found, language)
        for message in every_screen(found, payload):
            check_limits(message, payload)
            check_words(shown(message), language, kind)
            labels = [item.get("label") for item in components(message)]
            assert words.gettext("Type the answer") in labels and "Type the answer" not in labels
        question = SCREENS.question(payload["decision"], language)
        assert question != found.decision.prompt, (kind, question)  # worded here, not the engine's English
        answered = prompts.answered_message(payload, payload["decision"]["default"], channel=True)
        check_words(shown(answered), language, kind)
        help_text = SCREENS.decision_help(payload, found.extras)
        assert len(help_text) <= 4000
        # The rules it quotes from the game's data (card texts) are English for now: the rest is checked.
        own = help_text.split(words.gettext("**The rules**"))[0]
        check_words([own], language, kind)
        modal = prompts.answer_modal(payload, "").to_dict()
        assert len(modal["title"]) <= 45
        [[text_input]] = [row["components"] for row in modal["components"]]
        assert len(text_input["label"]) <= 45 and len(text_input["placeholder"]) <= 100


def test_a_payload_stored_before_prompts_had_a_language_or_data_is_asked_in_english(
    every_kind: list[Found],
) -> None:
    for found in every_kind:
        payload = found.payload  # as stored before: no "language"
        assert "language" not in payload
        decision = {k: v for k, v in payload["decision"].items() if k != "data"}
        message = prompts.build_prompt({**payload, "decision": decision}, found.extras)
        check_limits(message, payload)
        if found.decision.data:  # its wording needs the data it lacks: the engine's own words
            assert (message.embed.description or "").startswith(found.decision.prompt)
        assert message.embed.title == prompts.build_prompt(in_language(found, "en"), found.extras).embed.title


def test_names_in_a_question_are_the_readers(every_kind: list[Found]) -> None:
    support = next(f for f in every_kind if f.decision.kind == "support")
    question = SCREENS.question(in_language(support, "pt")["decision"], "pt")
    assert question.startswith(
        "Batalha " + load_names()["pt"].in_phrase("areas", support.decision.data["battle"])
    )
    house_card = next(f for f in every_kind if f.decision.kind == "house-card")
    question = SCREENS.question(house_card.payload["decision"], "it")
    opponent = load_names()["it"].name("houses", house_card.decision.data["opponent"])
    assert f"contro la {opponent}:" in question and "unità" in question


async def test_a_spanish_player_is_asked_in_spanish_by_dm_and_when_clicking(table: Table) -> None:
    await table.set_language(BOB, "es")
    game_id = await three_player_game(table)
    asked = {item.target_id: item.payload for item in await table.outbox() if item.kind == "prompt"}
    assert asked[BOB.user_id]["language"] == "es"
    assert asked[ALICE.user_id]["language"] == "en"  # she chose nothing and was never seen: the game's
    session = table.session(game_id)
    payload = asked[BOB.user_id]
    message = prompts.build_prompt(payload, prompting.extras(session, payload["decision"]))
    assert message.content == f"**{session.name}** (partida {game_id}): una decisión para la Casa Lannister."
    assert message.embed.title == "Casa Lannister: Da tus órdenes"
    assert (message.embed.description or "").startswith("Pon una orden en cada una de tus")
    # His click is answered in Spanish too (his choice wins over his Discord's), and the screen stays so.
    bot = FakeBot(table)
    cog = ComponentsCog(bot)  # type: ignore[arg-type]
    select = component(message, "os")
    mine = FakeInteraction(bot, BOB, {"custom_id": select["custom_id"], "values": ["-"]})
    await cog.on_interaction(mine)  # type: ignore[arg-type]
    _, edited = mine.calls.last("edit")
    assert edited["embed"].title == "Casa Lannister: Da tus órdenes"
    labels = [c.get("label") for row in edited["view"].to_components() for c in row["components"]]
    assert "Enviar las órdenes" in labels and "Escribir la respuesta" in labels
    # Someone else's click is refused in their own language: Alice's Discord speaks Italian.
    other = FakeInteraction(bot, ALICE, {"custom_id": select["custom_id"], "values": ["-"]}, dm=False)
    other.locale = discord.Locale.italian
    await cog.on_interaction(other)  # type: ignore[arg-type]
    content, _ = other.calls.last("send")
    assert content.startswith("Questa decisione spetta al giocatore della Casa Lannister")
    assert table.session(game_id).log == []
    assert PLAYERS["lannister"] == BOB
