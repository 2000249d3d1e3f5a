"""Who may reach, play and moderate a game: every operation by every kind of person, including an
administrator and a role holder of another server, and people writing by DM."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

import pytest

from table import Actor, Table, TableError
from tests.table.conftest import (
    ADMIN,
    ALICE,
    BOB,
    CHANNEL,
    DAVE,
    GUILD,
    MAESTER,
    MODERATOR_ROLE,
    OTHER_CHANNEL,
    OTHER_GUILD,
    three_player_game,
)

ELSEWHERE = {"guild_id": OTHER_GUILD, "channel_id": OTHER_CHANNEL}
OTHER_ROLE = 88  # the moderator role of the other server
MALLORY_ADMIN = Actor(9, "Mallory", admin=True, **ELSEWHERE)  # administrator of her own server
MALLORY_ROLE = Actor(9, "Mallory", roles=frozenset({OTHER_ROLE}), **ELSEWHERE)
ALICE_ELSEWHERE = replace(ALICE, **ELSEWHERE)  # the game's creator, typing in another server
ADMIN_ELSEWHERE = replace(ADMIN, **ELSEWHERE)  # this server's administrator, typing in another server
ALICE_DM = replace(ALICE, guild_id=None, channel_id=555)
BOB_DM = replace(BOB, guild_id=None, channel_id=556)
DAVE_DM = replace(DAVE, guild_id=None, channel_id=557)
ADMIN_DM = replace(ADMIN, guild_id=None, channel_id=558)
# A role id of this server held in another server cannot happen on Discord (role ids are unique); what can
# happen is a role *named* like ours elsewhere: here, Mallory's server calls its role "Maester" too.

Operation = Callable[[Table, int, Actor], Awaitable[Any]]


async def _reach(table: Table, game_id: int, actor: Actor) -> Any:
    return table.reach(game_id, actor)


MODERATION: dict[str, Operation] = {
    "force": lambda t, g, a: t.force(g, a, "lannister"),
    "undo-preview": lambda t, g, a: t.undo_preview(g, a, count=1),
    "undo": lambda t, g, a: t.undo(g, a, count=1),
    "pause": lambda t, g, a: t.pause(g, a),
    "deadline": lambda t, g, a: t.set_deadline(g, a, seconds=3600),
    "replace": lambda t, g, a: t.replace_player(g, a, "lannister", 42, "Eve"),
    "remove": lambda t, g, a: t.remove_player(g, a, "lannister", "random"),
    "end": lambda t, g, a: t.end_game(g, a),
    "audit": lambda t, g, a: t.audit_log(g, a),
    "export": lambda t, g, a: t.export(g, a),
}
LOOKING: dict[str, Operation] = {
    "reach": _reach,
    "view": lambda t, g, a: _sync(t.view_for(g, a)),
    "chronicle": lambda t, g, a: t.chronicle(g, a),
    "decision": lambda t, g, a: _sync(t.my_decision(g, a)),
}


async def _sync(value: Any) -> Any:
    return value


async def _snapshot(table: Table, game_id: int) -> tuple[Any, ...]:
    session = table.session(game_id)
    async with table.store.db.execute("SELECT COUNT(*) FROM outbox") as cursor:
        outbox = (await cursor.fetchone())[0]
    return (
        session.game.to_position(),
        session.status,
        [s.to_row() for s in session.seats],
        len(await table.store.audit_log(game_id)),
        outbox,
    )


@pytest.fixture
async def game(table: Table) -> int:
    game_id = await three_player_game(table)
    stark = table.session(game_id).game.decision_for("stark").default.format()
    await table.submit(game_id, ALICE, stark)  # something to undo
    other = replace(MALLORY_ADMIN)
    await table.set_moderator_role(other, OTHER_ROLE)  # Mallory's server has its own moderator role
    return game_id


@pytest.mark.parametrize(
    "stranger",
    [MALLORY_ADMIN, MALLORY_ROLE, ALICE_ELSEWHERE, ADMIN_ELSEWHERE, DAVE_DM, ADMIN_DM],
    ids=["admin-elsewhere", "role-elsewhere", "creator-elsewhere", "our-admin-elsewhere", "dm", "admin-dm"],
)
@pytest.mark.parametrize("operation", [*MODERATION, *LOOKING])
async def test_nobody_reaches_a_game_from_another_server_or_unseated_by_dm(
    table: Table, game: int, stranger: Actor, operation: str
) -> None:
    before = await _snapshot(table, game)
    run = {**MODERATION, **LOOKING}[operation]
    with pytest.raises(TableError, match=r"no open game number|no seat in an open game"):
        await run(table, game, stranger)
    assert await _snapshot(table, game) == before
    with pytest.raises(TableError, match="not in any game"):
        table.find(stranger)  # and the game is not offered either


@pytest.mark.parametrize("operation", list(MODERATION))
async def test_a_seated_player_by_dm_reaches_the_game_but_moderates_only_from_its_server(
    table: Table, game: int, operation: str
) -> None:
    """The creator plays Stark: by DM she may look and play, not moderate."""
    assert table.reach(game, ALICE_DM).id == game and table.find(ALICE_DM).id == game
    before = await _snapshot(table, game)
    with pytest.raises(TableError, match="from a channel of its server"):
        await MODERATION[operation](table, game, ALICE_DM)
    assert await _snapshot(table, game) == before


@pytest.mark.parametrize("operation", list(MODERATION))
async def test_a_member_of_the_server_who_is_no_moderator_is_refused(
    table: Table, game: int, operation: str
) -> None:
    before = await _snapshot(table, game)
    for person in (BOB, DAVE, replace(DAVE, roles=frozenset({OTHER_ROLE}))):
        with pytest.raises(TableError, match="Only a moderator"):
            await MODERATION[operation](table, game, person)
    assert await _snapshot(table, game) == before


@pytest.mark.parametrize("operation", ["force", "undo", "pause", "deadline", "replace", "remove", "end"])
@pytest.mark.parametrize("moderator", [ALICE, ADMIN, MAESTER], ids=["creator", "admin", "role"])
async def test_moderators_of_the_games_server_moderate(
    table: Table, game: int, moderator: Actor, operation: str
) -> None:
    await MODERATION[operation](table, game, moderator)
    audit = await table.store.audit_log(game)
    assert audit[-1].actor_id == moderator.user_id


async def test_a_seated_player_plays_by_dm_and_in_the_games_channel_only(table: Table, game: int) -> None:
    session = table.session(game)
    line = session.game.decision_for("lannister").default.format()
    with pytest.raises(TableError, match="played in its own channel"):
        await table.submit(game, replace(BOB, channel_id=CHANNEL + 1), line)
    await table.submit(game, BOB_DM, line)
    assert session.log[-1].house == "lannister"
    thread = replace(CAROL_IN_THREAD)
    line = session.game.decision_for("baratheon").default.format()
    await table.submit(game, thread, line)  # a thread of the game's channel is the game's channel
    assert session.log[-1].house == "baratheon"


CAROL_IN_THREAD = Actor(3, "Carol", guild_id=GUILD, channel_id=CHANNEL + 50, parent_id=CHANNEL)


async def test_the_lobby_is_joined_in_the_games_channel_only(table: Table) -> None:
    from table import GameSettings

    lobby = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3)
    )
    with pytest.raises(TableError, match="no open game number"):
        await table.join(lobby.id, MALLORY_ADMIN)
    with pytest.raises(TableError, match="played in its own channel"):
        await table.join(lobby.id, replace(BOB, channel_id=CHANNEL + 1))
    with pytest.raises(TableError, match="no seat in an open game"):
        await table.join(lobby.id, BOB_DM)
    assert table.session(lobby.id).seats == []


async def test_only_a_servers_administrators_choose_its_moderator_role(table: Table, db_path: Any) -> None:
    with pytest.raises(TableError, match="Only an administrator"):
        await table.set_moderator_role(MAESTER, 99)
    with pytest.raises(TableError, match="in that server"):
        await table.set_moderator_role(ADMIN_DM, 99)
    with pytest.raises(TableError, match="@everyone"):
        await table.set_moderator_role(ADMIN, GUILD)
    assert table.moderator_role(GUILD) == MODERATOR_ROLE
    await table.set_moderator_role(ADMIN, 99)
    reopened = await Table.open(db_path)
    try:
        assert reopened.moderator_role(GUILD) == 99 and reopened.moderator_role(OTHER_GUILD) is None
    finally:
        await reopened.close()


async def test_the_configured_role_counts_in_its_own_server_only(db_path: Any) -> None:
    """MAESTER_MODERATOR_ROLE is a role id: it belongs to one server, so it makes moderators there only;
    a server's own choice replaces it."""
    from table import GameSettings

    table = await Table.open(db_path, moderator_role=MODERATOR_ROLE)
    try:
        session = await table.create_game(
            ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3)
        )
        assert table.is_moderator(session, MAESTER)
        assert not table.is_moderator(session, replace(MAESTER, **ELSEWHERE))
        await table.set_moderator_role(ADMIN, None)
        assert not table.is_moderator(session, MAESTER)
    finally:
        await table.close()
