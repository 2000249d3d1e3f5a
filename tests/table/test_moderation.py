"""Moderators: force, undo, pause, deadlines, replacing and removing players, ending, the audit log;
and every refusal for anyone who is not one."""

from __future__ import annotations

import pytest

from table import TableError
from tests.table.conftest import (
    ADMIN,
    ALICE,
    BOB,
    DAVE,
    GUILD,
    MAESTER,
    play_defaults,
    three_player_game,
)


@pytest.mark.parametrize(
    "operation",
    [
        lambda t, g: t.force(g, BOB, "stark"),
        lambda t, g: t.undo(g, BOB, count=1),
        lambda t, g: t.pause(g, BOB),
        lambda t, g: t.set_deadline(g, BOB, seconds=3600),
        lambda t, g: t.replace_player(g, BOB, "stark", 4),
        lambda t, g: t.remove_player(g, BOB, "stark", "random"),
        lambda t, g: t.end_game(g, BOB),
        lambda t, g: t.audit_log(g, BOB),
    ],
    ids=["force", "undo", "pause", "deadline", "replace", "remove", "end", "audit"],
)
async def test_only_moderators_moderate(table, operation):
    game_id = await three_player_game(table)
    await table.submit(game_id, ALICE, table.session(game_id).game.decision_for("stark").default.format())
    before = table.session(game_id).game.to_position()
    with pytest.raises(TableError, match="Only a moderator"):
        await operation(table, game_id)
    with pytest.raises(TableError, match="Only a moderator"):
        await table.undo_preview(game_id, BOB, count=1)
    with pytest.raises(TableError, match="Only a moderator"):
        await table.export(game_id, DAVE)
    assert table.session(game_id).game.to_position() == before
    assert [e.action for e in await table.store.audit_log(game_id)] == ["create", "start"]


@pytest.mark.parametrize("moderator", [ALICE, ADMIN, MAESTER], ids=["creator", "admin", "role"])
async def test_creator_administrators_and_the_role_moderate(table, moderator):
    game_id = await three_player_game(table)
    await table.force(game_id, moderator, "lannister", reason="away")
    assert table.session(game_id).game.decision_for("lannister") is None


async def test_force_applies_the_default_or_a_given_line_and_is_audited(table, clock):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    default = session.game.decision_for("lannister").default
    await table.force(game_id, ALICE, "lannister", reason="Bob is travelling")
    assert (
        session.log[-1].notation == f"lannister: {default.format()}" and session.log[-1].forced == "moderator"
    )
    clock.advance(60)
    await table.force(
        game_id, ALICE, "baratheon", "orders dragonstone=raid kingswood=raid shipbreaker-bay=march+0"
    )
    with pytest.raises(TableError, match="not an order token"):
        await table.force(game_id, ALICE, "stark", "orders winterfell=flee")
    entries = await table.audit_log(game_id, ALICE)
    forces = [e for e in entries if e.action == "force"]
    assert [(e.actor_name, e.reason, e.details["house"]) for e in forces] == [
        ("Alice", "Bob is travelling", "lannister"),
        ("Alice", "", "baratheon"),
    ]
    assert forces[1].at == forces[0].at + 60


async def test_undo_previews_then_takes_back_the_last_actions(table):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    await play_defaults(table, game_id)
    assert [d.kind for d in session.pending()] == ["raven"]
    preview = await table.undo_preview(game_id, ADMIN, count=2)  # a moderator without a seat sees it all
    assert preview == [row.notation for row in reversed(session.log[-2:])]
    assert len(session.log) == 3  # a preview changes nothing
    undone = {row.house for row in session.log[-2:]}
    await table.undo(game_id, ALICE, count=2, reason="misclick")
    assert len(session.log) == 1
    assert {d.house for d in session.pending()} == undone
    # The undone actions are kept in the log, marked; the audit says who and why.
    async with table.store.db.execute("SELECT COUNT(*) FROM actions WHERE undone_at IS NOT NULL") as cur:
        assert (await cur.fetchone())[0] == 2
    undo = next(e for e in await table.audit_log(game_id, ADMIN) if e.action == "undo")
    assert undo.reason == "misclick" and len(undo.details["undone"]) == 2
    with pytest.raises(TableError, match="Only 1 action"):
        await table.undo(game_id, ALICE, count=5)


async def test_undo_to_the_start_of_the_phase(table):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    await play_defaults(table, game_id)
    await table.submit(game_id, BOB, "raven none")  # the last action of the planning phase
    assert len(session.log) == 4
    preview = await table.undo_preview(game_id, ALICE, to_phase_start=True)
    assert len(preview) == 4 and preview[0] == "lannister: raven none"
    await table.undo(game_id, ALICE, to_phase_start=True)
    assert session.log == [] and session.game.state.round == 1
    assert sorted(d.house for d in session.pending()) == ["baratheon", "lannister", "stark"]


async def test_pause_stops_play_and_deadlines(table, clock):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    due = session.deadlines["stark"].due_at
    await table.pause(game_id, ALICE, "holidays")
    with pytest.raises(TableError, match="paused"):
        await table.submit(game_id, ALICE, session.game.decision_for("stark").default.format())
    clock.advance(10 * 86400)
    assert await table.tick() == 0
    await table.resume(game_id, ALICE)
    assert session.deadlines["stark"].due_at == due + 10 * 86400
    with pytest.raises(TableError, match="not paused"):
        await table.resume(game_id, ALICE)


async def test_moderators_change_deadlines(table, clock):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    await table.set_deadline(game_id, ALICE, seconds=3600, house="stark")
    assert session.deadlines["stark"].due_at == clock.now() + 3600
    await table.set_deadline(game_id, ALICE, seconds=7200, kind="bids")
    assert session.settings.deadlines["bids"] == 7200
    with pytest.raises(TableError, match="at least one minute"):
        await table.set_deadline(game_id, ALICE, seconds=10)


async def test_replacing_and_removing_players(table):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    await table.replace_player(game_id, ALICE, "lannister", DAVE.user_id, "Dave", reason="Bob left")
    with pytest.raises(TableError, match="no house"):
        await table.submit(game_id, BOB, "orders")
    prompts = [i for i in await table.outbox() if i.kind == "prompt" and i.target_id == DAVE.user_id]
    assert prompts  # the new player is asked at once
    await table.remove_player(game_id, ALICE, "baratheon", "random", reason="Carol left")
    assert session.game.decision_for("baratheon") is None  # the AI placed its orders
    await table.remove_player(game_id, ALICE, "stark", reason="Alice steps back to moderate")
    assert session.seat_of_house("stark").user_id is None
    assert session.game.decision_for("stark") is not None  # the seat waits for a replacement


async def test_end_and_export_then_import_gives_the_same_game(table):
    game_id = await three_player_game(table)
    await play_defaults(table, game_id)
    exported = await table.export(game_id, ADMIN)
    copy = await table.import_game(ADMIN, exported, channel_id=300, guild_id=GUILD, members=lambda _: True)
    assert copy.game.to_position() == table.session(game_id).game.to_position()
    assert [r.notation for r in copy.log] == [r.notation for r in table.session(game_id).log]
    broken = {**exported, "actions": [*exported["actions"], {"notation": "stark: bid 99"}]}
    with pytest.raises(TableError, match="does not replay"):
        await table.import_game(ADMIN, broken, channel_id=300, guild_id=GUILD, members=lambda _: True)
    await table.end_game(game_id, ALICE, reason="done")
    with pytest.raises(TableError, match="This game is over"):  # an ended game stays readable, not playable
        await table.submit(game_id, BOB, "raven none")
    assert (await table.export(game_id, ALICE))["seed"] == exported[
        "seed"
    ]  # after the game, even to a player
