"""Maester in Spanish, Portuguese and Italian, through the fake Discord: the commands synced with their
names and descriptions in each language, a game opened in its language, and the answers about a person's
own notifications and language in theirs."""

from __future__ import annotations

import re
from pathlib import Path

from tests.e2e.fake_discord import FakeDiscord, Json
from tests.e2e.maester import SEATS, WAIT, Game, embed, maester_bot, refused


def _sub(command: Json, name: str) -> Json:
    return next(o for o in command["options"] if o["name"] == name)


async def test_the_commands_reach_discord_with_their_spanish_portuguese_and_italian_names(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3"):
        game, mod = fake.find_command("game"), fake.find_command("mod")
        assert game is not None and mod is not None
        assert game["name_localizations"] == {"es-ES": "partida", "es-419": "partida", "pt-BR": "partida"} | {
            "it": "partita"
        }
        create = _sub(game, "create")
        assert create["name_localizations"]["es-ES"] == "crear"
        assert create["description_localizations"]["es-ES"] == "Abre una partida nueva en este canal"
        houses = _sub(create, "houses")
        assert houses["name_localizations"]["pt-BR"] == "casas"
        assert [c["name_localizations"]["es-419"] for c in houses["choices"]] == ["elegir", "al azar"]
        language = _sub(create, "language")
        assert [c["value"] for c in language["choices"]] == ["en", "es", "pt", "it"]
        assert _sub(mod, "addai")["name_localizations"]["it"] == "aggiungi-ia"


async def test_a_spanish_player_opens_a_game_in_spanish(fake: FakeDiscord, tmp_path: Path) -> None:
    fake.user("alice").locale = "es-ES"
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        created = await fake.slash(
            "alice", "game", "create", options={"players": 3, "language": "es", "houses": "random"}
        )
        opened = await created.wait_message(timeout=WAIT)
        assert not opened.ephemeral
        assert opened.content.startswith("🏰 Partida abierta: **Partida de 3 jugadores** (n.º **"), (
            opened.content
        )
        assert "de Juego de Tronos: El juego de tablero (2.ª edición), para 3 jugadores con las casas " in (
            opened.content
        )
        assert "Únete con `/partida unirse`; <@" in opened.content
        assert "con `/partida empezar` cuando todas las plazas estén ocupadas." in opened.content
        game_id = int(re.search(r"n\.º \*\*(\d+)\*\*", opened.content).group(1))  # type: ignore[union-attr]
        assert bot.table.session(game_id).settings.language == "es"
        alice = fake.user("alice").id  # her locale is remembered, for her DMs
        await fake.wait_until(lambda: bot.table.locales.get(alice) == "es-ES", WAIT, "Alice's locale kept")

        notified = await refused(await fake.slash("alice", "game", "notify", options={"where": "channel"}))
        assert notified.content == (
            "✅ Tus decisiones te llegan por mensaje directo, y además te menciono en el canal de la partida."
        )


async def test_a_game_speaks_its_servers_language_unless_its_creator_chooses(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    fake.home.preferred_locale = "it"
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        opened = await (await fake.slash("bob", "game", "create", options={"players": 4})).wait_message(
            timeout=WAIT
        )
        assert opened.content.startswith("🏰 Partita aperta: **Partita a 4 giocatori**"), opened.content
        assert "la propria casa" in opened.content and "`/partita unisciti`" in opened.content
        chosen = await (
            await fake.slash(
                "carol", "game", "create", options={"players": 3, "language": "en", "name": "Ours"}
            )
        ).wait_message(timeout=WAIT)
        assert chosen.content.startswith("🏰 **Ours** is open: game **"), chosen.content
        assert "Join with `/game join`" in chosen.content
        assert sorted(s.settings.language for s in bot.table.sessions.values()) == ["en", "it"]


async def test_a_player_chooses_their_language_and_a_moderator_the_games(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    fake.user("bob").locale = "pt-BR"
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        answer = await refused(await fake.slash("bob", "game", "notify", options={"where": "dm"}))
        assert answer.content.startswith("✅ Eu te aviso só pelas mensagens diretas")
        answer = await refused(await fake.slash("bob", "game", "language", options={"language": "it"}))
        assert (
            answer.content
            == "✅ Da ora in poi ti parlo in italiano, qualunque sia la lingua del tuo Discord."
        )
        answer = await refused(await fake.slash("bob", "game", "notify", options={"where": "dm"}))
        assert answer.content.startswith("✅ Ti avviso solo con i messaggi diretti")
        answer = await refused(await fake.slash("bob", "game", "language", options={"language": "discord"}))
        assert answer.content == "✅ Volto a seguir o idioma do seu Discord: português."

        opened = await (await fake.slash("alice", "game", "create", options={"players": 3})).wait_message(
            timeout=WAIT
        )
        game_id = int(re.search(r"game \*\*(\d+)\*\*", opened.content).group(1))  # type: ignore[union-attr]
        refusal = await refused(await fake.slash("bob", "mod", "language", options={"language": "es"}))
        assert refusal.content.startswith("❌")
        done = await refused(
            await fake.slash("alice", "mod", "language", options={"language": "es", "game": game_id})
        )
        assert done.content == f"✅ {bot.table.session(game_id).name} posts in Spanish from now on."
        told = await fake.wait_for(lambda m: "esta partida publica en español" in m.content, WAIT)
        assert not told.ephemeral and told.content.endswith(
            "A partir de ahora, esta partida publica en español en este canal."
        )


async def test_a_spanish_player_is_asked_by_dm_in_spanish_and_answered_in_spanish(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    fake.user(SEATS["lannister"]).locale = "es-ES"  # seen by the bot when Bob joins
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        game = await Game.create(fake, bot)
        prompt = await game.dm_prompt("lannister")
        assert embed(prompt)["title"] == "Casa Lannister: Da tus órdenes", embed(prompt)
        assert embed(prompt)["description"].startswith("Pon una orden en cada una de tus ")
        assert "Escribir la respuesta" in prompt.text and "¿Qué puedo hacer aquí?" in prompt.text
        english = await game.dm_prompt("stark")  # Alice's Discord speaks English
        assert embed(english)["title"] == "House Stark: Place your orders"
        helped = await game.click("lannister", prompt, label="¿Qué puedo hacer aquí?")
        shown = await helped.wait_message(timeout=WAIT)
        assert shown.ephemeral and embed(shown)["title"] == "❔ Da tus órdenes"
        assert embed(shown)["description"].startswith("Pon una ficha de Orden, boca abajo,")
        line = game.decision("lannister").default.format()  # type: ignore[union-attr]
        recorded = await game.act("lannister", line)
        assert recorded.content.startswith("✅ Anotado: **"), recorded.content
        assert recorded.content.endswith("Puedes cambiarlo hasta que todos hayan respondido."), (
            recorded.content
        )
