"""Importing a game: only a moderator of the server, every field checked before anything is written,
replayed off the event loop, snapshotted; the seats of people who are not members wait for a player."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from table import Table, TableError
from table.importing import MAX_ACTIONS
from tests.table.conftest import (
    ADMIN,
    ALICE,
    BOB,
    GUILD,
    MAESTER,
    OTHER_GUILD,
    play_defaults,
    three_player_game,
)


async def exported_game(table: Table) -> dict[str, Any]:
    game_id = await three_player_game(table)
    await play_defaults(table, game_id, 2)
    return await table.export(game_id, ADMIN)


async def game_count(table: Table) -> int:
    async with table.store.db.execute("SELECT COUNT(*) FROM games") as cursor:
        return int((await cursor.fetchone())[0])


async def test_only_a_moderator_of_the_server_imports(table: Table) -> None:
    exported = await exported_game(table)
    before = await game_count(table)
    for person in (ALICE, BOB, replace(ADMIN, guild_id=OTHER_GUILD), replace(ADMIN, guild_id=None)):
        with pytest.raises(TableError, match=r"moderator of this server|server concerned"):
            await table.import_game(person, exported, channel_id=300, guild_id=GUILD)
    assert await game_count(table) == before
    for person in (ADMIN, MAESTER):
        session = await table.import_game(
            person, exported, channel_id=300, guild_id=GUILD, members=lambda _: True
        )
        assert session.status == "active"


async def test_people_who_are_not_members_lose_their_seat_and_the_game_waits_paused(table: Table) -> None:
    exported = await exported_game(table)
    session = await table.import_game(
        ADMIN, exported, channel_id=300, guild_id=GUILD, members=lambda user: user == ALICE.user_id
    )
    assert session.status == "paused"
    assert [s.user_id for s in session.seats] == [ALICE.user_id, None, None]
    notice = [
        i.payload["text"] for i in await table.outbox() if i.game_id == session.id and i.kind == "notice"
    ]
    assert any("House Lannister, House Baratheon wait for a player" in text for text in notice)
    assert not [i for i in await table.outbox() if i.game_id == session.id and i.kind == "prompt"]
    await table.replace_player(session.id, ADMIN, "lannister", 42, "Eve")
    await table.replace_player(session.id, ADMIN, "baratheon", 43, "Finn")
    await table.resume(session.id, ADMIN)
    assert session.status == "active"


async def test_an_imported_game_is_snapshotted_and_reloads_from_it(table: Table, db_path: Any) -> None:
    exported = await exported_game(table)
    session = await table.import_game(ADMIN, exported, channel_id=300, guild_id=GUILD, members=lambda _: True)
    snapshot = await table.store.latest_snapshot(session.id)
    assert snapshot is not None and snapshot[0] == len(exported["actions"]) - 1
    reopened = await Table.open(db_path)
    try:
        assert reopened.session(session.id).game.to_position() == session.game.to_position()
    finally:
        await reopened.close()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(actions=[{"notation": "stark: bid 1"}] * (MAX_ACTIONS + 1)), "more than"),
        (lambda d: d.update(seed=2**70), "seed"),
        (lambda d: d.update(seed="7"), "seed"),
        (lambda d: d.update(name=["x"]), "name"),
        (lambda d: d.update(name="n" * 5000), "at most"),
        (lambda d: d["seats"].pop(), "seats"),
        (lambda d: d["seats"][0].update(user_id="alice"), "person"),
        (lambda d: d["seats"][0].update(house="targaryen"), "house"),
        (lambda d: d["seats"][1].update(house=d["seats"][0]["house"]), "two seats"),
        (lambda d: d["actions"].append({"notation": "x" * 5000}), "notation line"),
        (lambda d: d["actions"].append({"notation": "stark: bid 1", "forced": "magic"}), "forced"),
        (lambda d: d["actions"].append({"notation": "stark: bid 99"}), "does not replay"),
        (lambda d: d["settings"].update(players="three"), "players"),
        (lambda d: d["settings"].update(deadlines=[]), "deadlines"),
        (lambda d: d.update(position={"units": 1}), "position"),
        (lambda d: d.update(format="other"), "format"),
    ],
)
async def test_a_bad_export_is_refused_with_its_reason_and_leaves_nothing(
    table: Table, change: Any, message: str
) -> None:
    data = copy.deepcopy(await exported_game(table))
    change(data)
    before = await game_count(table)
    with pytest.raises(TableError, match=message):
        await table.import_game(ADMIN, data, channel_id=300, guild_id=GUILD, members=lambda _: True)
    assert await game_count(table) == before


def _mutations() -> st.SearchStrategy[tuple[list[Any], Any]]:
    values = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.text(max_size=30),
        st.lists(st.integers(), max_size=3),
        st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    )
    return st.tuples(st.lists(st.integers(min_value=0, max_value=40), min_size=1, max_size=4), values)


def _mutate(data: Any, path: list[int], value: Any) -> None:
    """Replace (or delete, for a None path end on a dict) the node that ``path`` picks by index."""
    node = data
    for step in path[:-1]:
        if isinstance(node, dict) and node:
            node = node[sorted(node)[step % len(node)]]
        elif isinstance(node, list) and node:
            node = node[step % len(node)]
        else:
            return
    if isinstance(node, dict) and node:
        key = sorted(node)[path[-1] % len(node)]
        if value is None and path[-1] % 2:
            del node[key]
        else:
            node[key] = value
    elif isinstance(node, list) and node:
        node[path[-1] % len(node)] = value


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mutations=st.lists(_mutations(), min_size=1, max_size=3))
async def test_garbage_imports_are_refused_cleanly(
    table: Table, mutations: list[tuple[list[int], Any]]
) -> None:
    if not hasattr(test_garbage_imports_are_refused_cleanly, "export"):
        test_garbage_imports_are_refused_cleanly.export = await exported_game(table)  # type: ignore[attr-defined]
    data = json.loads(json.dumps(test_garbage_imports_are_refused_cleanly.export))  # type: ignore[attr-defined]
    for path, value in mutations:
        _mutate(data, path, value)
    before = await game_count(table)
    try:
        session = await table.import_game(ADMIN, data, channel_id=300, guild_id=GUILD, members=lambda _: True)
    except TableError as error:
        assert len(str(error)) < 500
        assert await game_count(table) == before
    else:
        assert session.id in table.sessions or session.status == "over"


async def test_an_export_that_does_not_replay_is_refused_with_the_engines_reason_in_each_language(
    table: Table,
) -> None:
    data = copy.deepcopy(await exported_game(table))
    data["actions"].append({"notation": "stark: bid x"})
    number = len(data["actions"])
    with pytest.raises(TableError) as refused:
        await table.import_game(ADMIN, data, channel_id=300, guild_id=GUILD, members=lambda _: True)
    assert str(refused.value) == (
        f"The export does not replay: action {number}: A bid is a whole number of power tokens, written in "
        "the digits 0-9 (got 'x')."
    )
    assert refused.value.said_in("es") == (
        f"La exportación no se puede reproducir: acción {number}: Una apuesta es un número entero de fichas "
        "de Poder, escrito con las cifras 0-9 (se recibió 'x')."
    )
    data = copy.deepcopy(await exported_game(table))
    data["position"]["power"]["stark"] += 1
    with pytest.raises(TableError) as elsewhere:
        await table.import_game(ADMIN, data, channel_id=300, guild_id=GUILD, members=lambda _: True)
    assert elsewhere.value.said_in("it") == "L'esportazione non arriva alla posizione che dichiara."
