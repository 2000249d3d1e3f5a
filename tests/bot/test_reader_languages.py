"""What the cogs say, in Spanish, Portuguese and Italian: /game help, the rules reference and its refusals,
autocomplete (names in the reader's language, ids submitted), a name the notation cannot read, and the
embeds of a game, each within Discord's limits; English as before."""

from __future__ import annotations

import json

import discord
import pytest

from cogs import embeds
from cogs.autocomplete import line_choices
from cogs.game import help_embeds, help_intro
from cogs.rules import show, suggestions
from cogs.thrones import SCREENS
from data.thrones_names import load as load_names
from engine.core.errors import IllegalAction
from engine.thrones.game import ThronesGame
from i18n import LANGUAGES, translator
from table.errors import TableError
from table.kinds import kind_of
from table.table import Table
from tests.bot.test_reference import DATA, within_limits
from tests.table.conftest import ALICE, three_player_game

OTHERS = ("es", "pt", "it")


def _text(embed: discord.Embed) -> str:
    return json.dumps(embed.to_dict(), ensure_ascii=False)


def _refusal(line: str) -> TableError:
    """The table's refusal of a line the engine cannot read, as the game's kind words it."""
    with pytest.raises(IllegalAction) as raised:
        ThronesGame.parse_action(line)
    return kind_of("thrones").refusal(raised.value)


# --- /game help --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_help_is_in_the_readers_language_with_its_commands_within_discords_limits(language: str) -> None:
    words = translator(language)
    intro = help_intro(words)
    found = help_embeds(words)
    assert len(intro) <= 2000 and words.command("game create") in intro
    assert sum(len(e) for e in found) <= 6000
    for embed in found:
        assert 1 <= len(embed.title or "") <= 256 and len(embed.description or "") <= 4096
    shared = found[0].description or ""
    assert words.command("game join") in shared and words.command("mod undo") in shared
    assert "orders winterfell=march+1*" in (found[1].description or "")  # notation stays notation


def test_help_speaks_spanish_to_a_spanish_reader_and_english_to_others() -> None:
    spanish = help_embeds(translator("es"))
    assert "`/partida unirse` ocupa una plaza" in (spanish[0].description or "")
    assert spanish[1].title == "Juego de Tronos: El juego de tablero (2.ª edición)"
    english = help_embeds(translator("en"))
    assert "`/game join` takes a seat" in (english[0].description or "")
    assert english[1].title == "A Game of Thrones: The Board Game (2nd edition)"


# --- a name the notation cannot read ---------------------------------------------------------------------


def test_an_unknown_spanish_area_is_refused_in_spanish_with_spanish_names() -> None:
    refusal = _refusal("march Invernalio -> Foso Cailin")
    assert refusal.said_in("es") == "No hay ninguna zona llamada 'Invernalio'. ¿Querías decir Invernalía?"
    assert refusal.said_in("pt") == "Não há nenhuma área chamada 'Invernalio'. Você quis dizer Winterfell?"
    assert str(refusal) == "There is no area called 'Invernalio'. Did you mean Winterfell?"


def test_cards_and_tokens_are_suggested_in_the_readers_language() -> None:
    card = _refusal("play edard-stark")
    assert card.said_in("es").startswith(
        "No hay ninguna carta de Casa llamada 'edard-stark'. ¿Querías decir "
    )
    assert "Eddard Stark" in card.said_in("it") and " o " in card.said_in("it")
    token = _refusal("orders winterfell=avanse+1")
    assert "Avance +1 (especial)" in token.said_in("es")
    assert "march+1*" in str(token)  # English readers write tokens by their ids


# --- the rules reference ------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", OTHERS)
@pytest.mark.parametrize("topic", sorted(DATA))
def test_every_entry_of_the_reference_is_named_in_the_language_within_limits(
    language: str, topic: str
) -> None:
    entries = SCREENS.reference_topics(language)[topic]
    assert {entry.key for entry in entries} == set(DATA[topic])
    for entry in entries:
        found = SCREENS.reference_embed(topic, entry.key, language)
        assert found is not None
        within_limits(found)


def test_a_spanish_reader_finds_an_area_by_its_spanish_name_and_reads_it_in_spanish() -> None:
    area = show("thrones", "area", "invernalía", "es")
    assert area.title == "Invernalía"
    assert {"Tipo", "Castillo", "Suministro", "Poder", "Puerto", "Al empezar"} <= {
        f.name for f in area.fields
    }
    assert show("thrones", "area", "Winterfell", "es").title == "Invernalía"  # the English name too
    assert show("thrones", "area", "Invernalía", "en").title == "Winterfell"
    offered = suggestions("thrones", "area", "invern", "es")
    assert [(c.name, c.value) for c in offered] == [
        ("Invernalía (tierra)", "winterfell"),
        ("Puerto de Invernalía (puerto)", "port-of-winterfell"),
    ]


def test_a_name_the_reference_lacks_is_refused_with_the_nearest_names_in_the_language() -> None:
    with pytest.raises(TableError) as raised:
        show("thrones", "area", "invernalio", "es")
    assert raised.value.said_in("es") == "Ninguna zona se llama 'invernalio'. ¿Querías decir Invernalía?"
    with pytest.raises(TableError) as raised:
        show("thrones", "westeros", "qqq", "it")
    assert raised.value.said_in("it") == (
        "Nessuna carta Continente Occidentale si chiama 'qqq'. Scegli uno dei suggerimenti mentre scrivi."
    )


# --- autocomplete -----------------------------------------------------------------------------------------


def test_notation_is_suggested_with_the_readers_names_and_submitted_as_ids() -> None:
    spanish = line_choices(SCREENS, "march invern", None, "es")
    assert [(c.name, c.value) for c in spanish] == [("march Invernalía", "march winterfell")]
    italian = line_choices(SCREENS, "march winterfell -> moat-cailin cav", None, "it")
    assert ("march Grande Inverno -> Moat Cailin cavaliere", "march winterfell -> moat-cailin knight") in [
        (c.name, c.value) for c in italian
    ]
    english = line_choices(SCREENS, "march winte", None, "en")
    assert [(c.name, c.value) for c in english] == [("march winterfell", "march winterfell")]
    for language in LANGUAGES:
        for choice in line_choices(SCREENS, "orders ", None, language):
            assert 1 <= len(choice.name) <= 100 and len(choice.value) <= 100


# --- a game's embeds ----------------------------------------------------------------------------------------


async def test_a_games_embeds_in_spanish_name_its_houses_and_keep_its_secrets(table: Table) -> None:
    game_id = await three_player_game(table)
    await table.submit(
        game_id, ALICE, "orders winterfell=march+1* white-harbor=raid* the-shivering-sea=support+0"
    )
    session = table.session(game_id)
    posted = []
    for item in await table.outbox():
        if item.target != "channel":
            continue
        if item.kind == "board":
            posted.append(embeds.board_embed(item.payload, image=True, language="es"))
        elif item.kind == "phase-log":
            posted.append(embeds.phase_log_embed(SCREENS, item.payload, "es"))
    posted += [embeds.status_embed(session, "es"), embeds.cards_embed(session, None, "es")]
    for embed in posted:
        within_limits(embed)
    text = "\n".join(_text(embed) for embed in posted)
    spanish = load_names()["es"]
    for secret in ("march+1*", "raid*", "support+0"):
        assert secret not in text and spanish.name("orders", secret) not in text
    assert "Casa Stark" in text and "Se espera a" in text and "Plazas" in text
    assert "Ronda 1 de 10, Fase de Planificación" in text and "cartas de Casa" in text


async def test_the_status_names_the_deadline_categories_in_the_readers_language(table: Table) -> None:
    session = table.session(await three_player_game(table))
    footer = embeds.status_embed(session, "it").footer.text or ""
    assert "scadenze: ordini 24h, offerte 12h, carte 12h, altre 12h" in footer
    assert "deadlines: orders 24h, bids 12h" in (embeds.status_embed(session).footer.text or "")
