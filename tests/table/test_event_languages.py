"""The game's events reach their readers in their language: the channel's lines, boards and chronicle in
the game's (as it was when each line was told), a house's private events in its player's."""

from __future__ import annotations

from data.thrones_names import Named
from table import Table
from tests.table.conftest import ALICE, BOB, play_defaults, three_player_game


async def test_a_spanish_game_tells_its_events_in_spanish_and_keeps_what_it_told(table: Table) -> None:
    game_id = await three_player_game(table, language="es")
    await play_defaults(table, game_id)  # the orders are placed and revealed; Lannister holds the raven
    boards = [i for i in await table.outbox() if i.kind == "board"]
    assert boards[0].payload["summary"] == ["Ronda 1: comienza la fase de Planificación."]
    live = [i for i in await table.outbox() if i.kind == "phase-log"][-1].payload["lines"]
    assert "La Casa Stark ha colocado sus órdenes." in live and "Se revelan las órdenes." in live
    told = await table.chronicle(game_id, ALICE)
    assert "Se revelan las órdenes." in told and "La Casa Baratheon ha colocado sus órdenes." in told
    assert not [line for line in told if "orders" in line or "Round" in line]

    await table.set_game_language(game_id, ALICE, "it")
    await table.submit(game_id, BOB, "raven none")
    told = await table.chronicle(game_id, ALICE, limit=100)
    assert "Casa Lannister non usa il Corvo Messaggero." in told
    assert "Se revelan las órdenes." in told  # a line told stays as it was written


async def test_a_private_event_reaches_its_player_in_the_players_language(table: Table) -> None:
    game_id = await three_player_game(table, language="es")
    await table.set_language(BOB, "pt")  # Bob reads Portuguese; the channel stays Spanish
    await play_defaults(table, game_id)
    top = table.session(game_id).game.state.wildling_deck[0]
    await table.submit(game_id, BOB, "raven peek")
    items = await table.outbox(limit=1000)
    private = [i for i in items if i.kind == "private"]
    card = Named("wildling_cards", top).said_in("pt")
    assert [(i.target_id, i.payload["text"]) for i in private] == [
        (BOB.user_id, f"A carta do topo do baralho de Selvagens é {card}.")
    ]
    live = [i for i in items if i.kind == "phase-log"][-1].payload["lines"]
    assert "La Casa Lannister mira la primera carta del mazo de los Salvajes." in live
    assert not [line for line in live if str(card) in line]  # the card itself stays private
