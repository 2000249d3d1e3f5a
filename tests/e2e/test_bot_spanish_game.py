"""A whole game in Spanish through the fake Discord: a server and players whose Discord speaks Spanish use
the commands by their Spanish names (``/partida crear``, ``/partida unirse``, ``/partida responder``),
create, join and start a game, answer their DM prompts with their components, and read every channel post
(the game opened, the seats, the live logs, the boards and the board's image) in Spanish, through the end
of the first planning phase into the action phase."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from cogs.poster import render_png
from cogs.thrones import names
from tests.e2e.fake_discord import Callback, FakeDiscord, FakeMessage
from tests.e2e.maester import (
    SEATS,
    WAIT,
    Game,
    channel_posts,
    embed,
    field_value,
    fix_seed,
    maester_bot,
    public_text,
    refused,
    select_with_option,
)
from tests.e2e.test_bot_game import BARATHEON_ORDERS, LANNISTER_ORDERS, SEED, STARK_ORDERS

# English that a Spanish game's channel must not show (names and words the game's English posts use).
ENGLISH = re.compile(
    r"House |Round \d|[Pp]hase\b|Waiting for|Seats:|The game|Nothing|[Gg]ame \d|placed|orders are|Recorded"
)


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch, SEED)  # round 1 as tests/e2e/test_bot_game.py plays it


def board_posts(fake: FakeDiscord) -> list[FakeMessage]:
    """The boards posted in the channel: an embed with the board's image."""
    return [m for m in channel_posts(fake) if m.pngs and m.embeds]


async def test_a_whole_game_in_spanish(fake: FakeDiscord, tmp_path: Path, seeded: None) -> None:
    fake.home.preferred_locale = "es-ES"  # the server's language: its games speak Spanish
    for who in SEATS.values():
        fake.user(who).locale = "es-ES"
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        # The commands as synced carry their Spanish names; the players type those.
        command = fake.find_command("partida", locale="es-ES")
        assert command is not None and command["name"] == "game"
        create = next(o for o in command["options"] if o["name"] == "create")
        assert create["name_localizations"]["es-ES"] == "crear"

        created = await fake.slash("alice", "partida", "crear", options={"jugadores": 3, "casas": "elegir"})
        opened = await created.wait_message(timeout=WAIT)
        assert not opened.ephemeral and opened.content.startswith(
            "🏰 Partida abierta: **Partida de 3 jugadores** (n.º **"
        ), opened.content
        game_id = int(re.search(r"n\.º \*\*(\d+)\*\*", opened.content).group(1))  # type: ignore[union-attr]
        game = Game(fake, bot, game_id)
        assert game.session.settings.language == "es"

        offered = await fake.autocomplete(
            "bob", "partida", "unirse", focused="casa", options={"casa": "lann"}
        )
        assert offered == [{"name": "Casa Lannister", "value": "lannister"}]
        for number, (house, who) in enumerate(SEATS.items(), start=1):
            joined = await (await fake.slash(who, "partida", "unirse", options={"casa": house})).wait_message(
                timeout=WAIT
            )
            named = names.house_name(house, "es")
            assert not joined.ephemeral
            assert (
                joined.content == f"{who.title()} se une a Partida de 3 jugadores como {named} ({number}/3)."
            )

        started = await refused(await fake.slash("alice", "partida", "empezar"))
        seats = "Casa Stark: Alice, Casa Lannister: Bob, Casa Baratheon: Carol"
        assert started.content == (
            f"✅ Empieza Partida de 3 jugadores. Plazas: {seats}. El tablero y las primeras preguntas van de "
            "camino."
        )
        told = await fake.wait_for(lambda m: "Plazas:" in m.content and not m.ephemeral, WAIT)
        assert told.content == f"**Partida de 3 jugadores** (partida {game_id}): Plazas: {seats}."

        # The first board: titled, summed up and drawn in Spanish.
        [first] = await fake.wait_until(lambda: board_posts(fake), WAIT, "the first board")
        assert embed(first)["title"] == "Partida de 3 jugadores: Empieza la partida"
        assert embed(first)["description"] == "• Ronda 1: comienza la fase de Planificación."
        assert embed(first)["footer"]["text"] == f"Partida {game_id} · ronda 1 · Fase de Planificación"
        assert "Casa Stark — <@" in field_value(first, "Se espera a")
        view = game.view  # nothing played yet: the board posted shows the game as it stands
        spanish, english = await asyncio.gather(
            asyncio.to_thread(render_png, view, "es"), asyncio.to_thread(render_png, view, "en")
        )
        assert first.pngs[0].data == spanish != english

        # --- round 1, planning: orders asked by DM in Spanish, answered three ways.
        stark = await game.dm_prompt("stark")
        assert embed(stark)["title"] == "Casa Stark: Da tus órdenes"
        assert embed(stark)["description"].startswith("Pon una orden en cada una de tus 3 áreas.")
        for area, token in STARK_ORDERS.items():
            label = f"{names.area_name(area, 'es')}: {names.token_name(token, 'es')}"
            select, value = select_with_option(stark, label)
            picked = await fake.click("alice", stark, select["custom_id"], [value])
            assert await picked.wait_response(WAIT) == Callback.UPDATE_MESSAGE
        assert "Avance +1 (especial)" in embed(stark)["description"]
        before = len(game.session.log)
        await game.click("stark", stark, label="Enviar las órdenes")
        await game.answered("stark", before)
        await fake.wait_until(
            lambda: "✅ Enviado: **" in stark.text, WAIT, "Alice's prompt to show her orders"
        )

        lannister = await game.dm_prompt("lannister")
        typed = await game.click("lannister", lannister, label="Escribir la respuesta")
        modal = await typed.wait_modal(WAIT)
        assert modal.title == "Casa Lannister: Da tus órdenes", modal.title
        before = len(game.session.log)
        sent = await fake.submit_modal("bob", modal.custom_id, {"line": LANNISTER_ORDERS})
        await sent.wait_response(WAIT)
        await game.answered("lannister", before)

        # A name the notation cannot read is refused in Spanish, with the nearest Spanish names.
        wrong = await refused(
            await fake.slash(
                "carol", "partida", "responder", options={"línea": "march Rocadragón -> Bosque Rel caballero"}
            )
        )
        assert wrong.content == "❌ No hay ninguna zona llamada 'Bosque Rel'. ¿Querías decir Bosque Real?"
        before = len(game.session.log)
        answered = await refused(
            await fake.slash("carol", "partida", "responder", options={"línea": BARATHEON_ORDERS})
        )
        assert answered.content.startswith("✅ Anotado"), answered.content
        await game.answered("baratheon", before)

        # The Messenger Raven: Lannister's DM, answered with its menu.
        raven = await game.dm_prompt("lannister")
        assert embed(raven)["title"] == "Casa Lannister: El Cuervo mensajero"
        await game.choose("lannister", raven, "No hacer nada")

        # --- round 1, action: the planning phase's live log closed, the action phase's board, in Spanish.
        [action] = await fake.wait_until(
            lambda: [b for b in board_posts(fake) if "Fase de Acción" in embed(b)["title"]],
            WAIT,
            "the board of the action phase",
        )
        assert embed(action)["title"] == "Partida de 3 jugadores: Ronda 1: Fase de Acción"
        summary = embed(action)["description"]
        assert (
            "• La Casa Stark ha colocado sus órdenes." in summary and "• Se revelan las órdenes." in summary
        )
        assert embed(action)["footer"]["text"] == f"Partida {game_id} · ronda 1 · Fase de Acción"
        await game.settled()
        logs = [m for m in channel_posts(fake) if m.embeds and not m.pngs and "Ronda 1" in embed(m)["title"]]
        assert [embed(m)["title"] for m in logs] == [
            "Partida de 3 jugadores: Ronda 1: Fase de Planificación",
            "Partida de 3 jugadores: Ronda 1: Fase de Acción",
        ]
        march = await game.dm_prompt("baratheon")
        assert embed(march)["title"] == "Casa Baratheon: Resuelve una orden de Avance"

        # The diplomacy threads are named and introduced in Spanish.
        threads = sorted(c.name for c in fake.channels.values() if c.is_thread)
        assert threads == sorted(
            [f"Consejo · partida {game_id}"]
            + [f"Cuervo: {pair} · partida {game_id}" for pair in ("Stark ↔ Lannister", "Stark ↔ Baratheon")]
            + [f"Cuervo: Lannister ↔ Baratheon · partida {game_id}"]
        )
        assert (
            "🐦 Un cuervo entre Casa Stark y Casa Lannister, para **Partida de 3 jugadores**"
            in public_text(fake)
        )

        # Nothing the channel was shown reads English.
        text = public_text(fake)
        assert not ENGLISH.findall(text), ENGLISH.findall(text)
