"""Maester in Spanish, Portuguese and Italian, through the fake Discord: the commands synced with their
names and descriptions in each language, a game opened in its language, the answers about a person's
own notifications and language in theirs, and /game help, a refused name, an illegal action,
autocomplete and a moderator's answer in the reader's language."""

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


async def test_the_tables_refusals_and_answers_reach_each_person_in_their_language(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """A refusal goes to the person alone, in their language (with the game's names and the commands in
    it); an answer in the channel speaks the game's language, and a private one the reader's."""
    fake.user("alice").locale = "es-ES"
    fake.user("carol").locale = "it"
    async with maester_bot(fake, tmp_path / "maester.sqlite3"):
        opened = await (await fake.slash("alice", "game", "create", options={"players": 3})).wait_message(
            timeout=WAIT
        )
        assert opened.content.startswith("🏰 **3-player game** is open"), (
            opened.content
        )  # the server's English
        joined = await (await fake.slash("bob", "game", "join", options={"house": "lannister"})).wait_message(
            timeout=WAIT
        )
        assert not joined.ephemeral and joined.content == "Bob joins 3-player game as House Lannister (1/3)."
        taken = await refused(await fake.slash("carol", "game", "join", options={"house": "lannister"}))
        assert taken.content == "❌ Casa Lannister è già presa."
        early = await refused(await fake.slash("carol", "game", "volunteer", options={"house": "stark"}))
        assert early.content == (
            "❌ Questa partita non è iniziata; prima che inizi, i giocatori usano semplicemente "
            "`/partita esci`."
        )
        for who, house in (("carol", "stark"), ("alice", "baratheon")):
            answer = await (await fake.slash(who, "game", "join", options={"house": house})).wait_message(
                timeout=WAIT
            )
            assert not answer.ephemeral and " joins 3-player game as House " in answer.content
        refusal = await refused(await fake.slash("carol", "game", "start"))
        assert refusal.content == "❌ Solo chi ha creato la partita o un moderatore può avviarla."
        started = await refused(await fake.slash("alice", "game", "start"))
        assert started.content.startswith(
            "✅ Empieza 3-player game. Plazas: Casa Lannister: Bob, Casa Stark: Carol, Casa Baratheon: Alice."
        ), started.content


async def test_a_spanish_player_reads_help_refusals_suggestions_and_moderation_in_spanish(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        # An English game, created by Dave, who does not play; Alice (Stark) and Dave turn Spanish after.
        game = await Game.create(fake, bot, creator="dave")
        fake.user("alice").locale = fake.user("dave").locale = "es-ES"

        helped = await refused(await fake.slash("alice", "game", "help"))
        assert helped.content.startswith("**Maester** organiza partidas de juegos de tablero"), helped.content
        assert "`/partida crear`" in helped.content
        shared = helped.embeds[0]  # then each game's notation (a test game may be registered too)
        notation = helped.embeds[1]
        assert "`/partida unirse` ocupa una plaza" in shared["description"]
        assert "**Votaciones** (cualquier jugador con plaza)" in shared["description"]
        assert notation["title"] == "Juego de Tronos: El juego de tablero (2.ª edición)"
        assert "`march Invernalía -> Foso Cailin caballero`" in notation["description"]
        assert all(len(e["description"]) <= 4096 for e in helped.embeds)

        wrong = await refused(
            await fake.slash("alice", "game", "act", options={"line": "march Invernalio -> Foso Cailin"})
        )
        assert wrong.content == "❌ No hay ninguna zona llamada 'Invernalio'. ¿Querías decir Invernalía?"
        illegal = await refused(
            await fake.slash("alice", "game", "act", options={"line": "orders El Dominio=avance+0"})
        )
        assert illegal.content == "❌ No tienes unidades en el Dominio a las que dar una orden."

        offered = await fake.autocomplete(
            "alice", "game", "act", focused="line", options={"line": "march invern"}
        )
        assert {"name": "march Invernalía", "value": "march winterfell"} in offered
        houses = await fake.autocomplete("alice", "game", "cards", focused="house", options={"house": "sta"})
        assert houses == [{"name": "Casa Stark", "value": "stark"}]

        exported = await refused(await fake.slash("dave", "mod", "export"))
        assert exported.content == (
            f"**{game.session.name}**, exportada. "
            "Contiene todos los secretos de la partida: guárdala para ti."
        )

        # Bob's Discord is English: the same answers in English.
        english = await refused(await fake.slash("bob", "game", "help"))
        assert english.content.startswith(
            "**Maester** hosts play-by-post board games"
        ) and "`/game create`" in (english.content)
        wrong = await refused(
            await fake.slash("bob", "game", "act", options={"line": "march Invernalio -> moat-cailin"})
        )
        assert wrong.content == "❌ There is no area called 'Invernalio'. Did you mean Winterfell?"
        offered = await fake.autocomplete(
            "bob", "game", "act", focused="line", options={"line": "march winter"}
        )
        assert {"name": "march winterfell", "value": "march winterfell"} in offered


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
