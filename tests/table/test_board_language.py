"""The board and the reports the table posts carry the game's language, which the bot draws them in."""

from __future__ import annotations

from table import outbox
from tests.table.conftest import ALICE, three_player_game


async def test_the_board_carries_the_games_language(table):
    spanish = await three_player_game(table, language="es")
    boards = [i for i in await table.outbox() if i.kind == "board" and i.game_id == spanish]
    assert boards and all(board.payload["language"] == "es" for board in boards)
    session = table.session(spanish)
    await table.set_game_language(spanish, ALICE, "it")
    assert outbox.board_item(session, [], "Again")["payload"]["language"] == "it"


async def test_a_game_in_english_draws_its_board_in_english(table):
    await three_player_game(table)
    board = next(i for i in await table.outbox() if i.kind == "board")
    assert board.payload["language"] == "en"
