"""Resigning from a running game, and volunteers taking the seat: at once or by a vote, as the game's
settings say."""

from __future__ import annotations

import pytest

from table import GameSettings, TableError, votes
from table.leaving import resign, volunteer
from tests.table.conftest import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD, three_player_game


async def test_a_resigning_players_seat_goes_to_the_games_best_ai(table):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    text = await resign(table, game_id, BOB, "moving house")
    assert str(text) == "Bob leaves House Lannister; it is played by an AI (sensible)."
    seat = session.seat_of_house("lannister")
    assert (seat.ai, seat.user_id) == ("sensible", None)
    assert session.game.decision_for("lannister") is None  # its orders are placed at once
    entry = (await table.store.audit_log(game_id))[-1]
    assert (entry.action, entry.actor_name, entry.reason) == ("resign", "Bob", "moving house")
    with pytest.raises(TableError, match="You have no seat in this game"):
        await resign(table, game_id, BOB)


async def test_a_resigned_seat_waits_for_a_volunteer_who_takes_it_at_once(table):
    game_id = await three_player_game(table, resigned_seat="wait", volunteers="direct")
    session = table.session(game_id)
    await resign(table, game_id, BOB)
    seat = session.seat_of_house("lannister")
    assert (seat.ai, seat.user_id) == (None, None)
    assert session.game.decision_for("lannister") is not None  # the seat waits
    text = await volunteer(table, game_id, DAVE, "lannister")
    assert str(text) == "House Lannister is yours: your first prompt is on its way."
    assert seat.user_id == DAVE.user_id
    assert [i for i in await table.outbox() if i.kind == "prompt" and i.target_id == DAVE.user_id]
    assert (await table.store.audit_log(game_id))[-1].action == "volunteer"


async def test_a_volunteer_for_a_seat_nobody_plays_waits_for_the_players_vote(table):
    game_id = await three_player_game(table)  # resigned seats go to an AI; volunteers by vote
    session = table.session(game_id)
    await resign(table, game_id, BOB)
    await volunteer(table, game_id, DAVE, "lannister")
    [offer] = session.votes
    assert votes.tally(offer, session).pool == ("stark", "baratheon")
    await votes.cast(table, game_id, ALICE, offer.id, True)
    seat = session.seat_of_house("lannister")
    assert (seat.user_id, seat.ai) == (DAVE.user_id, None)


async def test_resigning_and_volunteering_refusals_change_nothing(table):
    lobby = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3)
    )
    await table.join(lobby.id, BOB, "lannister")
    with pytest.raises(TableError, match="has not started"):
        await resign(table, lobby.id, BOB)
    game_id = await three_player_game(table)
    session = table.session(game_id)
    with pytest.raises(TableError, match="You have no seat in this game"):
        await resign(table, game_id, DAVE)
    with pytest.raises(TableError, match="You have a seat in this game already"):
        await volunteer(table, game_id, CAROL, "lannister")
    with pytest.raises(TableError, match="not in this game"):
        await volunteer(table, game_id, DAVE, "tyrell")
    assert [s.user_id for s in session.seats] == [ALICE.user_id, BOB.user_id, CAROL.user_id]
    assert session.votes == []
    await table.end_game(game_id, ALICE)
    with pytest.raises(TableError, match="This game is over"):
        await resign(table, game_id, BOB)
