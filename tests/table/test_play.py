"""Playing through the table: who may act, bad input, simultaneous submissions, the outbox."""

from __future__ import annotations

import asyncio
import json

import pytest

from table import TableError
from tests.table.conftest import ALICE, BOB, CHANNEL, DAVE, PLAYERS, play_defaults, three_player_game


async def test_a_player_acts_only_for_their_own_house(table):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    stark = session.game.decision_for("stark")
    before = session.game.to_position()
    with pytest.raises(TableError, match="You play House Lannister, not House Stark"):
        await table.submit(game_id, BOB, "stark: " + stark.default.format())
    with pytest.raises(TableError, match="no house in this game"):
        await table.submit(game_id, DAVE, stark.default.format())
    with pytest.raises(TableError, match="not an order token"):
        await table.submit(game_id, ALICE, "orders winterfell=dance")
    with pytest.raises(TableError, match="waiting for your orders"):
        await table.submit(game_id, ALICE, "bid 3")
    with pytest.raises(TableError, match="Unknown action"):
        await table.submit(game_id, ALICE, "fly to the moon")
    assert session.game.to_position() == before
    assert session.log == []


async def test_a_decision_no_longer_pending_is_refused_with_the_reason(table):
    game_id = await three_player_game(table)
    await play_defaults(table, game_id)  # all orders in; the raven's holder (Lannister) decides
    session = table.session(game_id)
    assert [d.house for d in session.pending()] == ["lannister"]
    with pytest.raises(TableError, match="not waiting for House Stark"):
        await table.submit(game_id, ALICE, "orders winterfell=raid white-harbor=raid the-shivering-sea=raid")


async def test_resubmitting_the_same_action_is_harmless(table):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    line = session.game.decision_for("stark").default.format()
    await table.submit(game_id, ALICE, line)
    outcome = await table.submit(game_id, ALICE, line)  # a double click
    assert "already recorded" in str(outcome.message) and len(session.log) == 1
    changed = "orders winterfell=march+0 white-harbor=raid the-shivering-sea=support+0"
    await table.submit(game_id, ALICE, changed)  # orders may change until everyone has placed
    assert len(session.log) == 2
    await play_defaults(table, game_id)
    assert session.game.state.orders["winterfell"].token == "march+0"
    await table.submit(game_id, BOB, "raven none")
    outcome = await table.submit(game_id, BOB, "raven none")
    assert "already recorded" in str(outcome.message)
    assert [row.notation for row in session.log].count("lannister: raven none") == 1


async def test_simultaneous_submissions_are_all_kept(table):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    lines = {h: session.game.decision_for(h).default.format() for h in PLAYERS}
    await asyncio.gather(*(table.submit(game_id, PLAYERS[h], line) for h, line in lines.items()))
    assert sorted(row.house for row in session.log) == sorted(PLAYERS)
    assert session.game.state.orders_revealed
    stored = await table.store.live_actions(game_id)
    assert [row.notation for row in stored] == [row.notation for row in session.log]


async def test_every_decision_is_asked_by_dm_and_the_channel_keeps_a_live_log(table):
    """Secret and public decisions alike are asked by DM (the DM is the player's ping); the channel gets
    the board and one live log of the phase, edited as it goes."""
    game_id = await three_player_game(table)
    items = await table.outbox()
    prompts = [i for i in items if i.kind == "prompt"]
    assert sorted(i.target_id for i in prompts) == [1, 2, 3] and all(i.target == "user" for i in prompts)
    board = next(i for i in items if i.kind == "board")
    assert board.target == "channel" and board.target_id == CHANNEL
    await play_defaults(table, game_id)
    items = await table.outbox()
    raven = [i for i in items if i.kind == "prompt" and i.payload["decision"]["kind"] == "raven"]
    assert raven and raven[-1].target == "user" and raven[-1].target_id == 2
    logs = [i for i in items if i.kind == "phase-log"]
    assert {i.payload["key"] for i in logs} == {"log-1"} and logs[-1].payload["waiting"][0][
        "house"
    ] == "lannister"
    assert not [i for i in items if i.target == "channel" and i.kind in ("prompt", "nudge")]


async def test_nothing_secret_reaches_the_channel(table):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    await table.submit(
        game_id, ALICE, "orders winterfell=march+1* white-harbor=raid* the-shivering-sea=support+0"
    )
    channel = [i for i in await table.outbox() if i.target == "channel"]
    text = json.dumps([i.payload for i in channel])
    assert "march+1*" not in text and "raid*" not in text
    waiting = session.waiting_summary()
    assert {w["house"] for w in waiting} == {"lannister", "baratheon"}
    assert all(set(w) == {"house", "kind", "user_id", "ai", "player", "due_at"} for w in waiting)


async def test_a_board_is_posted_after_every_phase(table):
    game_id = await three_player_game(table)
    await play_defaults(table, game_id)
    await table.submit(game_id, BOB, "raven none")  # the action phase runs on to its first decision
    boards = [i for i in await table.outbox() if i.kind == "board"]
    assert len(boards) == 2 and boards[0].payload["phase"] == "planning"
    latest = boards[-1].payload
    assert latest["phase"] == table.session(game_id).game.view(None)["phase"]
    assert latest["view"]["viewer"] is None  # the spectator's view, never a house's
    assert any("revealed" in line for line in latest["summary"])


async def test_the_outbox_hands_out_an_item_until_it_is_sent_and_never_again(table):
    await three_player_game(table)
    first = (await table.outbox())[0]
    assert await table.mark_sent(first.id)
    assert not await table.mark_sent(first.id)
    assert first.id not in [i.id for i in await table.outbox()]


async def test_views_by_person(table):
    game_id = await three_player_game(table)
    await table.submit(
        game_id, ALICE, "orders winterfell=march+1* white-harbor=raid* the-shivering-sea=support+0"
    )
    mine = table.view_for(game_id, ALICE)
    theirs = table.view_for(game_id, BOB)
    spectator = table.view_for(game_id, DAVE)
    assert mine["viewer"] == "stark" and theirs["viewer"] == "lannister" and spectator["viewer"] is None
    assert "march+1*" in json.dumps(mine) and "march+1*" not in json.dumps(theirs["procedure"])


async def test_a_player_can_see_their_decision_again_and_everyone_the_chronicle(table):
    game_id = await three_player_game(table)
    mine = table.my_decision(game_id, ALICE)
    assert mine["house"] == "stark" and mine["decision"]["kind"] == "orders" and mine["user_id"] == 1
    assert table.my_decision(game_id, DAVE) is None
    await play_defaults(table, game_id)
    await table.submit(game_id, BOB, "raven none")
    lines = await table.chronicle(game_id, DAVE)
    assert "The orders are revealed." in lines and all("=" not in line for line in lines)
