"""A moderator who plays is a player first: the moderation views show them no other house's secret
while the game runs."""

from __future__ import annotations

import json

import pytest

from table import Table, TableError
from tests.table.conftest import ADMIN, ALICE, BOB, three_player_game

LANNISTER_ORDERS = "orders lannisport=raid stoney-sept=raid the-golden-sound=support+0"


async def test_the_undo_preview_hides_other_houses_unrevealed_orders_from_a_playing_moderator(
    table: Table,
) -> None:
    game_id = await three_player_game(table)
    await table.submit(game_id, BOB, LANNISTER_ORDERS)  # secret until every house has placed orders
    stark = table.session(game_id).game.decision_for("stark").default.format()
    await table.submit(game_id, ALICE, stark)
    seen_by_alice = await table.undo_preview(
        game_id, ALICE, count=2
    )  # Alice created the game and plays Stark
    assert seen_by_alice == [f"stark: {stark}", "lannister: orders (secret)"]
    assert "raid" not in json.dumps(seen_by_alice).replace(stark, "")
    seen_by_admin = await table.undo_preview(game_id, ADMIN, count=2)  # no seat: sees everything
    assert seen_by_admin[1] == f"lannister: {LANNISTER_ORDERS}"


async def test_the_audit_hides_forced_and_undone_secrets_from_a_playing_moderator(table: Table) -> None:
    game_id = await three_player_game(table)
    await table.force(game_id, ALICE, "lannister", LANNISTER_ORDERS, reason="away")
    await table.submit(game_id, BOB, LANNISTER_ORDERS.replace("=raid", "=defense+1", 1))  # Bob changes them
    await table.undo(game_id, ALICE, count=1)
    for entry in await table.audit_log(game_id, ALICE):
        text = json.dumps(entry.details)
        assert "lannisport=" not in text, entry
    entries = {e.action: e for e in await table.audit_log(game_id, ALICE)}
    assert entries["force"].details["action"] == "lannister: orders (secret)"
    assert entries["undo"].details["undone"] == ["lannister: orders (secret)"]
    full = {e.action: e for e in await table.audit_log(game_id, ADMIN)}
    assert full["force"].details["action"] == f"lannister: {LANNISTER_ORDERS}"


async def test_the_force_answer_does_not_show_a_playing_moderator_the_secret_default(table: Table) -> None:
    game_id = await three_player_game(table)
    default = table.session(game_id).game.decision_for("lannister").default.format()
    outcome = await table.force(game_id, ALICE, "lannister")
    assert default not in str(outcome.message) and "secret" in str(outcome.message)
    outcome = await table.force(game_id, ADMIN, "baratheon")
    assert "orders " in str(outcome.message)  # a moderator without a seat is told what was applied


async def test_export_is_refused_to_a_playing_moderator_while_the_game_runs(table: Table) -> None:
    game_id = await three_player_game(table)
    with pytest.raises(TableError, match="You play in this game"):
        await table.export(game_id, ALICE)
    exported = await table.export(game_id, ADMIN)
    assert exported["seed"] == table.session(game_id).seed and "position" in exported
