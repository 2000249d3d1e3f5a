"""Creating a game, taking seats and houses, starting it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from table import GameSettings, TableError
from tests.table.conftest import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD, three_player_game


async def new_game(table, **settings):
    return await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3, **settings)
    )


async def test_seats_houses_and_start(table):
    session = await new_game(table)
    await table.join(session.id, ALICE, "stark")
    await table.join(session.id, BOB)
    with pytest.raises(TableError, match="taken"):
        await table.choose_house(session.id, BOB, "stark")
    with pytest.raises(TableError, match="does not play in a 3-player game"):
        await table.choose_house(session.id, BOB, "tyrell")
    await table.choose_house(session.id, BOB, "lannister")
    with pytest.raises(TableError, match="1 seat"):
        await table.start(session.id, ALICE)
    await table.join(session.id, CAROL)
    with pytest.raises(TableError, match="full"):
        await table.join(session.id, DAVE)
    with pytest.raises(TableError, match="creator or a moderator"):
        await table.start(session.id, BOB)
    await table.start(session.id, ALICE)
    houses = {seat.user_id: seat.house for seat in session.seats}
    assert houses == {1: "stark", 2: "lannister", 3: "baratheon"}  # Carol got the house left
    assert session.status == "active" and session.game is not None
    with pytest.raises(TableError, match="already started"):
        await table.join(session.id, DAVE)
    with pytest.raises(TableError, match="before the game starts"):
        await table.leave(session.id, BOB)


async def test_random_houses_are_dealt_at_start(table):
    session = await new_game(table, house_assignment="random")
    for actor in (ALICE, BOB, CAROL):
        await table.join(session.id, actor)
    with pytest.raises(TableError, match="dealt at random"):
        await table.choose_house(session.id, ALICE, "stark")
    await table.start(session.id, ALICE)
    assert sorted(seat.house for seat in session.seats) == ["baratheon", "lannister", "stark"]


async def test_leaving_and_spectating(table):
    session = await new_game(table)
    await table.join(session.id, BOB)
    with pytest.raises(TableError, match="already have a seat"):
        await table.join(session.id, BOB)
    with pytest.raises(TableError, match="play in this game"):
        await table.spectate(session.id, BOB)
    await table.leave(session.id, BOB)
    with pytest.raises(TableError, match="no seat"):
        await table.leave(session.id, BOB)
    await table.spectate(session.id, DAVE)
    assert session.spectators == {DAVE.user_id}


async def test_ai_seats_play_on_their_own(table):
    session = await new_game(table)
    await table.join(session.id, ALICE, "stark")
    with pytest.raises(TableError, match="moderator"):
        await table.add_ai(session.id, BOB)
    await table.add_ai(session.id, ALICE)
    await table.add_ai(session.id, ALICE)
    await table.start(session.id, ALICE)
    # Both AI houses placed their orders at once; only Alice is waited for.
    assert [d.house for d in session.pending()] == ["stark"]


async def test_bad_settings_are_refused(table):
    with pytest.raises(TableError, match="3 to 6 players"):
        await table.create_game(ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=7))
    with pytest.raises(TableError, match="no-move policy"):
        await new_game(table, no_move_policy="sulk")
    assert table.sessions == {}


async def test_finding_a_persons_game(table):
    game_id = await three_player_game(table)
    assert table.find(replace(BOB, channel_id=999)).id == game_id  # Bob's only game
    assert table.find(DAVE).id == game_id  # the game of this channel
    with pytest.raises(TableError, match="not in any game"):
        table.find(replace(DAVE, channel_id=999))
    other = await table.create_game(BOB, channel_id=200, guild_id=GUILD, settings=GameSettings(players=3))
    await table.join(other.id, replace(CAROL, channel_id=200))
    # in two games, one waiting on her for orders and one in its lobby: the choice is clear
    assert table.find(replace(CAROL, channel_id=999)).id == game_id
    assert table.find(replace(CAROL, channel_id=200)).id == other.id  # the game of this channel
    await table.submit(game_id, CAROL, table.session(game_id).game.decision_for("baratheon").default.format())
    with pytest.raises(TableError, match="several games"):  # neither waits on her now
        table.find(replace(CAROL, channel_id=999))


async def test_game_names_are_unique_in_a_server(table):
    first = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3)
    )
    second = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3)
    )
    assert (first.name, second.name) == ("3-player game", "3-player game 2")
    await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=4), name="The Long Night"
    )
    with pytest.raises(TableError, match="already has a game called"):
        await table.create_game(
            ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=4), name="the long night"
        )
    elsewhere = await table.create_game(
        replace(ALICE, guild_id=GUILD + 1),
        channel_id=7,
        guild_id=GUILD + 1,
        settings=GameSettings(players=4),
        name="The Long Night",
    )
    assert elsewhere.name == "The Long Night"  # another server's names are its own
