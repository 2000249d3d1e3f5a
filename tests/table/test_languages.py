"""Languages at the table: a game's (its channel posts), chosen at its creation and changed by a moderator;
a person's own, chosen or seen in their Discord; and which one a message to a person is in."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from i18n import say
from table import Actor, GameSettings, Table, deadlines, leaving, votes
from table.clock import FakeClock
from table.errors import TableError
from table.store import MIGRATIONS
from tests.table.conftest import (
    ADMIN,
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAVE,
    GUILD,
    play_defaults,
    three_player_game,
)
from tests.table.databases import run_sql


def _in(actor: Actor, locale: str) -> Actor:
    return dataclasses.replace(actor, locale=locale)


def test_a_games_language_is_one_maester_speaks_and_old_games_speak_english() -> None:
    assert GameSettings().validate().language == "en"
    assert GameSettings(language="pt").validate().language == "pt"
    with pytest.raises(TableError, match="A game speaks one of en, es, pt, it, not 'fr'"):
        GameSettings(language="fr").validate()
    old = GameSettings().to_json()
    del old["language"]
    assert GameSettings.from_json(old).language == "en"
    with pytest.raises(TableError, match="The setting language has the wrong type"):
        GameSettings.from_json({**old, "language": 3})
    assert GameSettings.from_json(GameSettings(language="it").to_json()).language == "it"


async def test_a_new_games_default_name_is_in_its_language(table: Table) -> None:
    spanish = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3, language="es")
    )
    italian = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=4, language="it")
    )
    assert (spanish.name, italian.name) == ("Partida de 3 jugadores", "Partita a 4 giocatori")


async def test_whom_a_message_is_for_decides_its_language(table: Table) -> None:
    game_id = await three_player_game(table, language="it")
    session = table.session(game_id)
    # Nobody seen, nobody chose: a DM speaks the game's language.
    assert table.language_for(BOB.user_id, session) == "it"
    # Bob's Discord is in Brazilian Portuguese: so are his DMs, and the answers to him.
    await table.saw_locale(BOB.user_id, "pt-BR")
    assert table.language_for(BOB.user_id, session) == "pt"
    assert table.reader_language(_in(BOB, "pt-BR")) == "pt"
    # A locale Maester does not speak reads English, not the game's language.
    await table.saw_locale(BOB.user_id, "fr")
    assert table.language_for(BOB.user_id, session) == "en"
    # Bob chooses Spanish: it wins over his Discord's, and he is answered in it.
    outcome = await table.set_language(_in(BOB, "fr"), "es")
    assert outcome.message == "A partir de ahora te hablo en español, sea cual sea el idioma de tu Discord."
    assert table.language_for(BOB.user_id, session) == "es"
    assert table.reader_language(_in(BOB, "it")) == "es"
    # Back to his Discord's language.
    outcome = await table.set_language(_in(BOB, "it"), None)
    assert outcome.message == "Torno a seguire la lingua del tuo Discord: italiano."
    assert table.language_for(BOB.user_id, session) == "en"  # last seen: fr
    with pytest.raises(TableError, match="Maester speaks en, es, pt, it, not 'klingon'"):
        await table.set_language(BOB, "klingon")


async def test_languages_and_locales_survive_a_restart(table: Table, db_path: Path, clock: object) -> None:
    await table.set_language(BOB, "pt")
    await table.saw_locale(DAVE.user_id, "es-419")
    await table.set_pings(_in(DAVE, "es-419"), "channel")
    await table.close()
    reopened = await Table.open(db_path, clock)  # type: ignore[arg-type]
    try:
        assert reopened.languages == {BOB.user_id: "pt"}
        assert reopened.locales == {DAVE.user_id: "es-419"}
        assert reopened.pings == {DAVE.user_id: "channel"}
        assert await reopened.store.languages() == {BOB.user_id: ("pt", None), DAVE.user_id: (None, "es-419")}
    finally:
        await reopened.close()


async def test_the_languages_migration_may_run_again(db_path: Path, clock: object) -> None:
    table = await Table.open(db_path, clock)  # type: ignore[arg-type]
    await table.set_language(BOB, "it")
    await table.close()
    mine = next(i for i, script in enumerate(MIGRATIONS) if "TABLE IF NOT EXISTS languages" in script.sqlite)
    await run_sql(db_path, "UPDATE schema_version SET version = ?", mine)
    reopened = await Table.open(db_path, clock)  # type: ignore[arg-type]
    try:
        assert reopened.languages == {BOB.user_id: "it"}
    finally:
        await reopened.close()


async def test_pings_are_answered_in_the_readers_language(table: Table) -> None:
    assert (await table.set_pings(_in(BOB, "es-ES"), "dm")).message.startswith("Te aviso solo")
    assert (await table.set_pings(_in(BOB, "it"), "channel")).message.startswith("Le tue decisioni")
    assert (await table.set_pings(BOB, "dm")).message.startswith("You are pinged")


async def test_a_moderator_changes_a_games_language_and_the_channel_is_told_in_it(table: Table) -> None:
    game_id = await three_player_game(table)
    with pytest.raises(TableError):
        await table.set_game_language(game_id, BOB, "es")
    with pytest.raises(TableError, match="not 'xx'"):
        await table.set_game_language(game_id, ADMIN, "xx")
    assert table.session(game_id).settings.language == "en"
    outcome = await table.set_game_language(game_id, _in(ADMIN, "pt-BR"), "es", "for the table")
    assert outcome.message == f"{table.session(game_id).name} publica em espanhol de agora em diante."
    assert table.session(game_id).settings.language == "es"
    notices = [i.payload["text"] for i in await table.outbox(limit=1000) if i.kind == "notice"]
    assert notices[-1] == "A partir de ahora, esta partida publica en español en este canal."
    audit = (await table.audit_log(game_id, ADMIN))[-1]
    assert (audit.action, audit.reason, audit.details) == ("language", "for the table", {"language": "es"})
    (stored,) = await table.store.stored_games(game_id)
    assert json.loads(stored.row["settings"])["language"] == "es"


async def test_the_tables_refusals_and_answers_are_said_in_each_readers_language(table: Table) -> None:
    """The table words a refusal or an answer once, in English with its fields; each reader reads it in
    their language, with the game's names and the commands as that language has them."""
    session = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3)
    )
    joined = await table.join(session.id, BOB, "lannister")
    assert str(joined.message) == f"Bob joins {session.name} as House Lannister (1/3)."
    assert say(joined.message, "es") == f"Bob se une a {session.name} como Casa Lannister (1/3)."
    assert say(joined.message, "it") == f"Bob si unisce a {session.name} come Casa Lannister (1/3)."
    with pytest.raises(TableError) as taken:
        await table.join(session.id, CAROL, "lannister")
    assert str(taken.value) == "House Lannister is taken."
    assert (taken.value.said_in("es"), taken.value.said_in("it")) == (
        "Casa Lannister ya está ocupada.",
        "Casa Lannister è già presa.",
    )
    with pytest.raises(TableError) as early:
        await leaving.volunteer(table, session.id, DAVE, "stark")
    assert early.value.said_in("es") == (
        "Esta partida no ha empezado; antes de que empiece, los jugadores simplemente usan `/partida salir`."
    )
    with pytest.raises(TableError) as empty:
        await table.start(session.id, ALICE)
    assert str(empty.value) == "2 seats are still empty."
    assert (empty.value.said_in("es"), empty.value.said_in("it")) == (
        "Aún quedan 2 plazas libres.",
        "Ci sono ancora 2 posti vuoti.",
    )


async def test_an_answer_of_several_sentences_is_said_whole_in_the_readers_language(table: Table) -> None:
    game_id = await three_player_game(table)
    vote = await votes.start(table, game_id, ALICE, votes.PAUSE)
    cast = await votes.cast(table, game_id, BOB, vote.id, True)
    assert str(cast) == "Your vote is recorded: yes. The vote has passed."
    assert say(cast, "es") == "Tu voto queda registrado: sí. La votación ha sido aprobada."
    assert say(cast, "it") == "Il tuo voto è registrato: sì. La votazione è passata."
    with pytest.raises(TableError) as over:
        await votes.cast(table, game_id, CAROL, vote.id, True)
    assert (over.value.said_in("es"), over.value.said_in("it")) == (
        "Esa votación está cerrada.",
        "Quella votazione è chiusa.",
    )


async def test_the_engines_refusals_reach_a_reader_in_their_language(table: Table) -> None:
    """An order the rules refuse, a line the notation cannot read and an answer of the wrong kind: each is
    the engine's refusal, said to a Spanish reader in Spanish, with the board's names in Spanish."""
    game_id = await three_player_game(table)
    spanish = table.reader_language(_in(ALICE, "es-ES"))
    with pytest.raises(TableError) as nobody_there:
        await table.submit(game_id, _in(ALICE, "es-ES"), "orders the-reach=march+0")
    assert str(nobody_there.value) == "You have no units in The Reach to give an order to."
    assert nobody_there.value.said_in(spanish) == "No tienes unidades en el Dominio a las que dar una orden."
    with pytest.raises(TableError) as unread:
        await table.submit(game_id, ALICE, "orders Invernalía")
    assert unread.value.said_in("pt") == "Escreva cada ordem como ÁREA=FICHA (recebido 'Invernalía')."
    with pytest.raises(TableError) as wrong_kind:
        await table.submit(game_id, ALICE, "bid 3")
    assert wrong_kind.value.said_in("it") == (
        "La partita aspetta i tuoi ordini ('orders AREA=SEGNALINO ...'), non 'bid'."
    )
    assert table.session(game_id).action_count == 0  # refused, nothing played
    await table.submit(
        game_id, ALICE, "orders the-shivering-sea=support+0 white-harbor=defense+1 winterfell=march+0"
    )
    await play_defaults(table, game_id, rounds_of_decisions=2)  # the others' orders, the raven
    with pytest.raises(TableError) as no_march:  # Alice's march order is in Winterfell
        await table.submit(game_id, ALICE, "march white-harbor -> castle-black footman")
    assert str(no_march.value) == "You have no March order in White Harbor."
    assert no_march.value.said_in(spanish) == "No tienes ninguna orden de Avance en Puerto Blanco."


# --- what the table posts in a game's channel, in the game's language ------------------------------------


async def _posted(table: Table, game_id: int, kind: str = "notice") -> list[dict[str, object]]:
    return [i.payload for i in await table.outbox(limit=1000) if i.game_id == game_id and i.kind == kind]


async def test_a_spanish_games_channel_is_told_its_moderators_doings_in_spanish(table: Table) -> None:
    """The notices are said in the game's language when they are written; the moderator is answered in
    theirs. A reason, a person's text, stays as it was typed."""
    game_id = await three_player_game(table, language="es")
    assert (await _posted(table, game_id))[0]["text"] == (
        "Plazas: Casa Stark: Alice, Casa Lannister: Bob, Casa Baratheon: Carol."
    )
    assert [p["title"] for p in await _posted(table, game_id, "board")] == ["Empieza la partida"]
    assert (await _posted(table, game_id, "phase-log"))[-1]["title"] == "Ronda 1: Fase de Planificación"
    await table.pause(game_id, ALICE, "the dinner")
    await table.resume(game_id, ALICE)
    await table.set_deadline(game_id, ALICE, seconds=7200, house="lannister")
    await table.set_deadline(game_id, ALICE, seconds=3600, kind="orders")
    await table.replace_player(game_id, ALICE, "baratheon", DAVE.user_id, "Dave")
    removed = await table.remove_player(game_id, _in(ALICE, "it"), "baratheon", "random")
    assert say(removed.message, "it") == "Dave lascia Casa Baratheon; ora la gioca un'IA (random)."
    await table.end_game(game_id, ALICE, "agreed")
    texts = [p["text"] for p in await _posted(table, game_id)][1:]
    assert texts == [
        "La partida está en pausa. the dinner",
        "La partida se reanuda; los plazos se desplazan el tiempo que estuvo en pausa.",
        "Plazo fijado para Casa Lannister: dentro de 120 minutos.",
        "A partir de ahora, las decisiones de la categoría órdenes tienen 60 minutos.",
        "Dave sustituye a Carol al frente de Casa Baratheon.",
        "Dave deja Casa Baratheon; ahora la juega una IA (random).",
        "Un moderador ha terminado la partida. agreed",
        "🕊️ Los 4 hilos de diplomacia de Partida de 3 jugadores quedan archivados: sus miembros pueden "
        "leerlos, nadie puede escribir en ellos.",
    ]


async def test_an_undo_is_told_in_the_games_language_and_its_board_titled_in_it(table: Table) -> None:
    game_id = await three_player_game(table, language="pt")
    stark = table.session(game_id).require_game().decision_for("stark")
    assert stark is not None
    await table.submit(game_id, ALICE, stark.default.format())
    await table.undo(game_id, ALICE, count=1)
    assert (await _posted(table, game_id))[-1]["text"] == "Um moderador desfez 1 ação."
    assert (await _posted(table, game_id, "board"))[-1]["title"] == "Após desfazer ações"
    assert await table.chronicle(game_id, ALICE) == [
        "Lugares: Casa Stark: Alice, Casa Lannister: Bob, Casa Baratheon: Carol.",
        "A Casa Stark posicionou suas ordens.",
        "Um moderador desfez 1 ação.",
    ]


async def test_a_vote_asks_and_closes_in_the_games_language(table: Table) -> None:
    game_id = await three_player_game(table, language="es")
    vote = await votes.start(table, game_id, CAROL, votes.EXTEND, seconds=5400, reason="a trip")
    opened = (await _posted(table, game_id, "vote"))[-1]
    assert (opened["question"], opened["reason"]) == ("¿Ampliar 1,5 horas los plazos en curso?", "a trip")
    await votes.cast(table, game_id, ALICE, vote.id, True)
    closed = (await _posted(table, game_id, "vote"))[-1]
    assert (closed["result"], closed["why"]) == ("passed", "1 sí de los 1 necesarios")
    assert [p["text"] for p in await _posted(table, game_id)][-2:] == [
        "La votación 1 de los jugadores, «¿Ampliar 1,5 horas los plazos en curso?», ha sido aprobada: 1 sí "
        "de los 1 necesarios.",
        "Los plazos en curso se amplían 1,5 horas, como votaron los jugadores.",
    ]
    # The audit log keeps English, whatever the game's language.
    audit = (await table.audit_log(game_id, ADMIN))[-2]
    assert (audit.action, audit.reason) == ("vote-passed", "1 yes of the 1 needed")
    # The question in the status of a game is said in its reader's language.
    replace = await votes.start(table, game_id, ALICE, votes.REPLACE, house="lannister", ai="random")
    assert (
        say(votes.question(replace, table.session(game_id)), "it")
        == "Affidare Casa Lannister (Bob) a un'IA (random)?"
    )


async def test_a_vacation_and_its_defaults_are_told_in_the_games_language(
    table: Table, clock: FakeClock
) -> None:
    game_id = await three_player_game(table, language="es")
    now = table.clock.now()
    answer = await deadlines.set_vacation(table, game_id, BOB, now, now + 3 * 86400)
    assert say(answer, "it").startswith("Bob è assente dal")
    clock.advance(2 * 3600)  # the grace of an hour is over: the default is applied
    await table.tick()
    texts = [p["text"] for p in await _posted(table, game_id)]
    assert texts[1].startswith("Bob está ausente del ") and "decisiones de Casa Lannister toman" in texts[1]
    assert texts[2] == (
        "Bob está ausente: Casa Lannister toma su respuesta por defecto (secreta, como cualquier respuesta)."
    )


async def test_a_reminder_is_sent_in_its_players_language(table: Table, clock: FakeClock) -> None:
    """By DM: in the language the player chose, else their Discord's, else the game's."""
    await table.saw_locale(BOB.user_id, "pt-BR")
    await table.set_language(CAROL, "it")
    game_id = await three_player_game(table, language="es", reminders=(3600,))
    clock.advance(23 * 3600)
    await table.tick()
    reminders = {p["house"]: p["text"] for p in await _posted(table, game_id, "reminder")}
    assert reminders == {
        "stark": "Partida de 3 jugadores: Casa Stark aún tiene que decidir (Da tus órdenes).",
        "lannister": "Partida de 3 jugadores: a Casa Lannister ainda tem de decidir (Dê suas ordens).",
        "baratheon": "Partida de 3 jugadores: Casa Baratheon deve ancora decidere (Dai i tuoi ordini).",
    }
