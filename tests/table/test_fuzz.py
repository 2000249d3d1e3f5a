"""Fuzzing the table's inputs: any person, any operation, any text or number. The answer is a success or
a TableError (a message for the person), and a refusal changes nothing."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from table import Actor, Table, TableError
from tests.table.conftest import ADMIN, ALICE, BOB, CAROL, DAVE, MAESTER

PEOPLE = [
    ALICE,
    BOB,
    CAROL,
    DAVE,
    ADMIN,
    MAESTER,
    replace(ADMIN, guild_id=20, channel_id=200),
    replace(BOB, guild_id=None, channel_id=1),
    replace(DAVE, guild_id=None, channel_id=2),
]

texts = st.one_of(
    st.text(max_size=60),
    st.text(alphabet="0123456789²³¹٣ -=>,:*+", max_size=40),
    st.sampled_from(["bid 1", "raven none", "orders winterfell=march+0", "stark", "lannister", "none"]),
    st.builds(lambda n, s: s * n, st.integers(1, 3000), st.sampled_from(["9", "x", "\ud800", "march "])),
)
numbers = st.one_of(st.integers(-(2**70), 2**70), st.integers(0, 5))
houses = st.one_of(st.sampled_from(["stark", "lannister", "baratheon", "greyjoy"]), texts)

OPERATIONS = {
    "submit": (lambda t, g, a, x, n, h: t.submit(g, a, x), 1),
    "submit-as": (lambda t, g, a, x, n, h: t.submit(g, a, x, house=h), 1),
    "submit-expecting": (lambda t, g, a, x, n, h: t.submit(g, a, x, expect=h), 1),
    "force": (lambda t, g, a, x, n, h: t.force(g, a, h, x, reason=x), 1),
    "undo": (lambda t, g, a, x, n, h: t.undo(g, a, count=n, reason=x), 1),
    "preview": (lambda t, g, a, x, n, h: t.undo_preview(g, a, count=n), 0),
    "pause": (lambda t, g, a, x, n, h: t.pause(g, a, reason=x), 1),
    "resume": (lambda t, g, a, x, n, h: t.resume(g, a, reason=x), 1),
    "deadline": (lambda t, g, a, x, n, h: t.set_deadline(g, a, seconds=n, house=h, reason=x), 1),
    "replace": (lambda t, g, a, x, n, h: t.replace_player(g, a, h, n, x, reason=x), 1),
    "remove": (lambda t, g, a, x, n, h: t.remove_player(g, a, h, x, reason=x), 1),
    "join": (lambda t, g, a, x, n, h: t.join(g, a, h), 1),
    "role": (lambda t, g, a, x, n, h: t.set_moderator_role(a, n), 1),
    "chronicle": (lambda t, g, a, x, n, h: t.chronicle(g, a, limit=5), 0),
}


async def state_of(table: Table) -> Any:
    out = []
    for session in sorted(table.sessions.values(), key=lambda s: s.id):
        out.append(
            (
                session.id,
                session.status,
                [s.to_row() for s in session.seats],
                None if session.game is None else session.game.to_position(),
                [r.notation for r in session.log],
                dict(session.settings.deadlines),
            )
        )
    async with table.store.db.execute("SELECT COUNT(*) FROM audit") as cursor:
        audits = (await cursor.fetchone())[0]
    return out, audits, dict(table.moderator_roles)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    steps=st.lists(
        st.tuples(st.sampled_from(sorted(OPERATIONS)), st.sampled_from(PEOPLE), texts, numbers, houses),
        min_size=1,
        max_size=6,
    )
)
async def test_any_input_is_a_success_or_a_refusal_that_changes_nothing(
    table: Table, steps: list[tuple[str, Actor, str, int, str]]
) -> None:
    from tests.table.conftest import three_player_game

    if not table.sessions:
        await three_player_game(table)
    game_id = min(table.sessions)
    for name, actor, text, number, house in steps:
        run, _ = OPERATIONS[name]
        before = await state_of(table)
        try:
            await asyncio.wait_for(run(table, game_id, actor, text, number, house), timeout=5)
        except TableError as error:
            assert 0 < len(str(error)) <= 600, (name, str(error)[:200])
            assert await state_of(table) == before, name
        if game_id not in table.sessions:  # ended: the next steps act on a fresh game
            await three_player_game(table)
            game_id = min(table.sessions)
