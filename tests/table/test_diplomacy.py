"""Diplomacy threads as the table keeps them: a raven for each pair of houses played by people and a
council, given to exactly their players, passed on when a player is replaced, taken from a removed one,
archived at the end; nothing at all with diplomacy off. No Discord here: the threads are rows and the
outbox items that tell the bot what to do."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

import tests.games.duel  # noqa: F401  (registers the game)
from table import Actor, GameSettings, Table, TableError
from table.diplomacy import COUNCIL, DiplomacyThread
from table.store import MIGRATIONS, OutboxItem
from tests.table.conftest import ADMIN, ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD, HERE, MAESTER
from tests.table.databases import run_script, run_sql

ERIN, FRANK, GRACE = Actor(11, "Erin", **HERE), Actor(12, "Frank", **HERE), Actor(13, "Grace", **HERE)
PEOPLE = (ALICE, BOB, CAROL, ERIN, FRANK, GRACE)


async def game(table: Table, players: int, *, ai: tuple[str, ...] = (), **settings: Any) -> int:
    """A started game of ``players``: the houses in the kind's order, played by Alice, Bob, Carol, Erin,
    Frank and Grace in turn, except those in ``ai`` (random AIs). Alice created it."""
    houses = GameSettings(players=players).kind.seats(players)
    session = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=players, **settings)
    )
    for person, house in zip(PEOPLE, houses, strict=False):
        if house in ai:
            await table.add_ai(session.id, ALICE, "random", house)
        else:
            await table.join(session.id, person, house)
    await table.start(session.id, ALICE)
    return session.id


async def threads(table: Table, game_id: int) -> dict[str, DiplomacyThread]:
    return {row["key"]: DiplomacyThread.from_row(row) for row in await table.store.threads(game_id)}


async def items(table: Table, game_id: int, kind: str) -> list[OutboxItem]:
    return [i for i in await table.outbox(limit=10_000) if i.game_id == game_id and i.kind == kind]


def people(*actors: Actor) -> list[int]:
    return sorted(a.user_id for a in actors)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
async def test_every_pair_gets_a_raven_and_everyone_a_council(table: Table, players: int) -> None:
    game_id = await game(table, players)
    session = table.session(game_id)
    await table.spectate(game_id, DAVE)  # spectators are never given a thread
    houses = [s.house for s in session.seats]
    player_of = {s.house: s.user_id for s in session.seats}
    found = await threads(table, game_id)

    ravens = {f"raven:{a}:{b}" for a, b in combinations(session.kind.seats(players), 2)}
    assert set(found) == ravens | {COUNCIL} and len(ravens) == players * (players - 1) // 2
    assert found[COUNCIL].members == player_of and found[COUNCIL].name == f"Council · game {game_id}"
    assert found["raven:stark:lannister"].name == f"Raven: Stark ↔ Lannister · game {game_id}"
    for key in ravens:
        first, second = key.split(":")[1:]
        assert found[key].houses == [first, second]
        assert found[key].members == {first: player_of[first], second: player_of[second]}
        assert found[key].readers == [] and found[key].thread_id is None and not found[key].archived

    opened = await items(table, game_id, "thread-open")
    assert [i.payload["key"] for i in opened] == list(found)  # the council first, then the ravens
    for item in opened:
        assert item.target == "thread" and item.target_id == CHANNEL
        assert item.payload["user_ids"] == sorted(found[item.payload["key"]].people)
        assert DAVE.user_id not in item.payload["user_ids"]
    assert sorted(houses) == sorted(session.kind.seats(players))


async def test_the_threads_come_after_what_the_game_says_at_its_start(table: Table) -> None:
    """The board and the first prompts are not held up behind a dozen threads being created."""
    game_id = await game(table, 3)
    kinds = [i.kind for i in await table.outbox(limit=1000) if i.game_id == game_id]
    assert "prompt" in kinds and max(kinds.index("board"), kinds.index("prompt")) < kinds.index("thread-open")


async def test_no_thread_with_an_ai_and_no_council_of_two(table: Table) -> None:
    game_id = await game(table, 3, ai=("baratheon",))
    assert list(await threads(table, game_id)) == ["raven:stark:lannister"]
    [opened] = await items(table, game_id, "thread-open")
    assert opened.payload["user_ids"] == people(ALICE, BOB)

    game_id = await game(table, 4, ai=("baratheon",))
    found = await threads(table, game_id)
    assert set(found) == {COUNCIL, "raven:stark:lannister", "raven:stark:greyjoy", "raven:lannister:greyjoy"}
    assert found[COUNCIL].members == {
        "stark": ALICE.user_id,
        "lannister": BOB.user_id,
        "greyjoy": CAROL.user_id,
    }


async def test_a_replaced_player_hands_over_their_threads(table: Table) -> None:
    game_id = await game(table, 3)
    before = len(await items(table, game_id, "thread-members"))
    await table.replace_player(game_id, ADMIN, "lannister", DAVE.user_id, "Dave")
    found = await threads(table, game_id)
    for key in (COUNCIL, "raven:stark:lannister", "raven:lannister:baratheon"):
        assert found[key].members["lannister"] == DAVE.user_id
    assert BOB.user_id not in found["raven:stark:baratheon"].people | found[COUNCIL].people

    changes = (await items(table, game_id, "thread-members"))[before:]
    assert sorted(i.payload["key"] for i in changes) == sorted(
        [COUNCIL, "raven:stark:lannister", "raven:lannister:baratheon"]
    )
    for item in changes:
        assert item.payload["add"] == [DAVE.user_id] and item.payload["remove"] == [BOB.user_id]
        assert item.payload["archived"] is False and item.target == "thread"
    assert len(await items(table, game_id, "thread-open")) == 4  # nothing opened twice


async def test_a_removed_player_loses_them_and_the_next_player_gets_them(table: Table) -> None:
    game_id = await game(table, 3)
    await table.remove_player(game_id, ADMIN, "baratheon")  # the seat waits for a replacement
    found = await threads(table, game_id)
    assert CAROL.user_id not in set().union(*(t.people for t in found.values()))
    assert found["raven:stark:baratheon"].members == {"stark": ALICE.user_id}  # the thread stays
    removed = await items(table, game_id, "thread-members")
    assert sorted(i.payload["key"] for i in removed) == [
        COUNCIL,
        "raven:lannister:baratheon",
        "raven:stark:baratheon",
    ]
    assert all(i.payload == {**i.payload, "add": [], "remove": [CAROL.user_id]} for i in removed)

    await table.replace_player(game_id, ADMIN, "baratheon", DAVE.user_id, "Dave")
    found = await threads(table, game_id)
    assert found["raven:stark:baratheon"].members == {"stark": ALICE.user_id, "baratheon": DAVE.user_id}
    assert len(await items(table, game_id, "thread-members")) == 6


async def test_an_ai_seat_given_to_a_person_opens_its_threads(table: Table) -> None:
    game_id = await game(table, 3, ai=("baratheon",))
    await table.remove_player(game_id, ADMIN, "lannister", ai_style="random")  # Bob goes: only Alice is left
    assert (await threads(table, game_id))["raven:stark:lannister"].members == {"stark": ALICE.user_id}
    await table.replace_player(game_id, ADMIN, "baratheon", CAROL.user_id, "Carol")
    found = await threads(table, game_id)
    assert set(found) == {"raven:stark:lannister", "raven:stark:baratheon"}  # Lannister is an AI now
    assert found["raven:stark:baratheon"].members == {"stark": ALICE.user_id, "baratheon": CAROL.user_id}
    await table.replace_player(game_id, ADMIN, "lannister", BOB.user_id, "Bob")
    assert set(await threads(table, game_id)) == {
        COUNCIL,
        "raven:stark:lannister",
        "raven:stark:baratheon",
        "raven:lannister:baratheon",
    }


async def test_ended_by_a_moderator_every_thread_is_archived_once(table: Table) -> None:
    game_id = await game(table, 3)
    await table.end_game(game_id, ADMIN, "a test")
    found = await threads(table, game_id)
    assert all(t.archived for t in found.values())
    archived = await items(table, game_id, "thread-archive")
    assert sorted(i.payload["key"] for i in archived) == sorted(found)
    [told] = [i for i in await items(table, game_id, "notice") if "diplomacy" in i.payload["text"]]
    assert "4 diplomacy threads" in told.payload["text"] and "/ravens" not in told.payload["text"]

    await table._sync_threads(table.store, table.session(game_id))  # again: nothing more to do
    assert len(await items(table, game_id, "thread-archive")) == 4


async def test_a_game_won_archives_its_raven(table: Table) -> None:
    session = await table.create_game(
        ALICE,
        channel_id=CHANNEL,
        guild_id=GUILD,
        settings=GameSettings(game="duel", players=2, options={"rounds": 1}),
    )
    await table.join(session.id, ALICE, "stark")
    await table.join(session.id, BOB, "lannister")
    await table.start(session.id, ALICE)
    assert list(await threads(table, session.id)) == ["raven:stark:lannister"]  # two seats: no council
    await table.submit(session.id, ALICE, "pick 3")
    await table.submit(session.id, BOB, "pick 1")
    await table.submit(session.id, ALICE, "shout cheer")
    assert session.status == "over"
    assert (await threads(table, session.id))["raven:stark:lannister"].archived
    assert len(await items(table, session.id, "thread-archive")) == 1


async def test_diplomacy_off_makes_no_thread(table: Table) -> None:
    game_id = await game(table, 3, diplomacy="off")
    await table.replace_player(game_id, ADMIN, "lannister", DAVE.user_id, "Dave")
    await table.end_game(game_id, ADMIN)
    assert await threads(table, game_id) == {}
    assert not [i for i in await table.outbox(limit=1000) if i.kind.startswith("thread")]
    with pytest.raises(TableError, match="diplomacy is off"):
        await table.ravens(game_id, ALICE)


async def test_bad_diplomacy_settings_are_refused_and_change_nothing(table: Table) -> None:
    for settings in ({"diplomacy": "maybe"}, {"diplomacy_end": "burn"}, {"diplomacy": True}):
        with pytest.raises(TableError, match="iplomacy"):
            await table.create_game(
                ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3, **settings)
            )
    assert table.sessions == {}
    with pytest.raises(TableError, match="wrong type"):
        GameSettings.from_json({"players": 3, "diplomacy": 1})


async def test_moderators_read_only_when_the_settings_say_so_and_never_while_they_play(table: Table) -> None:
    game_id = await game(table, 3, diplomacy="moderators")  # Alice created it, and plays: a player first
    assert all(t.readers == [] for t in (await threads(table, game_id)).values())
    threads_of_alice, outcome = await table.ravens(game_id, ALICE)
    # Her own: the council and two ravens.
    assert len(threads_of_alice) == 3 and "you read: 3" in str(outcome.message)

    shown, outcome = await table.ravens(game_id, MAESTER)  # the moderator role, no seat: every thread
    assert len(shown) == 4 and "added to 4" in str(outcome.message)
    assert all(t.readers == [MAESTER.user_id] for t in (await threads(table, game_id)).values())
    added = await items(table, game_id, "thread-members")
    assert [i.payload["add"] for i in added] == [[MAESTER.user_id]] * 4
    _, again = await table.ravens(game_id, MAESTER)
    assert "added" not in str(again.message) and len(await items(table, game_id, "thread-members")) == 4
    assert [e.action for e in await table.audit_log(game_id, ADMIN)].count("ravens") == 1

    # Sam takes a seat: a player now, he reads his house's threads only.
    await table.replace_player(game_id, ADMIN, "lannister", MAESTER.user_id, "Sam")
    found = await threads(table, game_id)
    assert MAESTER.user_id not in found["raven:stark:baratheon"].people
    assert found["raven:stark:lannister"].members["lannister"] == MAESTER.user_id

    with pytest.raises(TableError, match="for its players"):
        await table.ravens(game_id, DAVE)  # neither a player nor a moderator


async def test_a_creator_who_does_not_play_reads_every_thread_if_moderators_may(table: Table) -> None:
    session = await table.create_game(
        ADMIN, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3, diplomacy="moderators")
    )
    for person, house in zip(PEOPLE, ("stark", "lannister", "baratheon"), strict=False):
        await table.join(session.id, person, house)
    await table.start(session.id, ADMIN)
    found = await threads(table, session.id)
    assert all(t.readers == [ADMIN.user_id] for t in found.values())
    [opened, *_] = await items(table, session.id, "thread-open")
    assert ADMIN.user_id in opened.payload["user_ids"]
    assert "moderators who hold no seat" in opened.payload["intro"]


async def test_moderators_are_refused_when_the_threads_are_for_players_alone(table: Table) -> None:
    game_id = await game(table, 3)
    with pytest.raises(TableError, match="players alone"):
        await table.ravens(game_id, MAESTER)
    assert all(t.readers == [] for t in (await threads(table, game_id)).values())


async def test_after_the_game_opened_threads_are_given_to_whoever_asks(table: Table) -> None:
    game_id = await game(table, 3, diplomacy_end="open")
    with pytest.raises(TableError, match="for its players"):
        await table.ravens(game_id, DAVE)  # not yet
    await table.end_game(game_id, ADMIN)
    [told] = [i for i in await items(table, game_id, "notice") if "diplomacy" in i.payload["text"]]
    assert f"`/ravens game:{game_id}`" in told.payload["text"]

    shown, outcome = await table.ravens(game_id, DAVE)
    assert len(shown) == 4 and "added to 4" in str(outcome.message)
    added = await items(table, game_id, "thread-members")
    assert {(tuple(i.payload["add"]), i.payload["archived"]) for i in added} == {((DAVE.user_id,), True)}
    shown, _ = await table.ravens(game_id, BOB)  # a player is in his own already, and given the others
    assert len(shown) == 4 and len(await items(table, game_id, "thread-members")) == 5


async def test_after_the_game_archived_threads_stay_with_their_members(table: Table) -> None:
    game_id = await game(table, 3)
    await table.end_game(game_id, ADMIN)
    with pytest.raises(TableError, match="stay with their players"):
        await table.ravens(game_id, DAVE)
    shown, _ = await table.ravens(game_id, CAROL)
    assert sorted(t.key for t in shown) == [COUNCIL, "raven:lannister:baratheon", "raven:stark:baratheon"]
    assert await items(table, game_id, "thread-members") == []


async def test_the_lobby_has_no_thread_yet(table: Table) -> None:
    session = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3)
    )
    await table.join(session.id, ALICE, "stark")
    with pytest.raises(TableError, match="open when the game starts"):
        await table.ravens(session.id, ALICE)
    assert await threads(table, session.id) == {}


async def test_the_thread_id_is_kept_and_survives_a_restart(table: Table, db_path: Path, clock) -> None:
    game_id = await game(table, 3)
    await table.remember_thread(game_id, "raven:stark:lannister", 987654321)
    await table.replace_player(game_id, ADMIN, "lannister", DAVE.user_id, "Dave")  # a later change keeps it
    await table.close()
    reopened = await Table.open(db_path, clock)
    try:
        thread = await reopened.diplomacy_thread(game_id, "raven:stark:lannister")
        assert thread is not None and thread.thread_id == 987654321
        assert thread.members == {"stark": ALICE.user_id, "lannister": DAVE.user_id}
        assert await reopened.diplomacy_thread(game_id, "raven:nobody:else") is None
    finally:
        await reopened.close()


# The settings of a game written before diplomacy, in each database's SQL.
WITHOUT_DIPLOMACY = {
    "sqlite": "UPDATE games SET settings = json_remove(settings, '$.diplomacy')",
    "postgres": "UPDATE games SET settings = (settings::jsonb - 'diplomacy')::text",
}


async def test_games_started_before_diplomacy_go_on_without_it(
    table: Table, db_path: Path, clock, backend: str
) -> None:
    """The migration turns diplomacy off for the games already started (they never chose it), and leaves
    it on for those still in their lobby."""
    started = await game(table, 3)
    lobby = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3)
    )
    await table.close()
    # As the previous version wrote it, then migrated.
    await run_sql(db_path, WITHOUT_DIPLOMACY[backend] + "; DROP TABLE diplomacy_threads")
    await run_script(db_path, next(script for script in MIGRATIONS if "diplomacy_threads" in script.sqlite))
    reopened = await Table.open(db_path, clock)
    try:
        assert reopened.session(started).settings.diplomacy == "off"
        assert reopened.session(lobby.id).settings.diplomacy == "players"
        await reopened.replace_player(started, ADMIN, "lannister", DAVE.user_id, "Dave")
        assert await reopened.store.threads(started) == []
    finally:
        await reopened.close()


async def test_pausing_and_playing_change_no_thread(table: Table) -> None:
    game_id = await game(table, 3)
    count = len([i for i in await table.outbox(limit=1000) if i.kind.startswith("thread")])
    await table.pause(game_id, ADMIN)
    await table.resume(game_id, ADMIN)
    for decision in table.session(game_id).pending():
        player = {"stark": ALICE, "lannister": BOB, "baratheon": CAROL}[decision.house]
        await table.submit(game_id, player, decision.default.format())
    assert len([i for i in await table.outbox(limit=1000) if i.kind.startswith("thread")]) == count


async def test_an_imported_game_opens_threads_for_the_people_it_keeps(table: Table) -> None:
    """An export played on here: seats whose people are members of this server keep them and get their
    threads; a vacated seat's threads wait for its next player."""
    game_id = await game(table, 3)
    exported = await table.export(game_id, ADMIN)
    copy = await table.import_game(
        ADMIN, exported, channel_id=300, guild_id=GUILD, members=lambda user: user != CAROL.user_id
    )
    assert copy.status == "paused"  # Baratheon waits for a player
    found = await threads(table, copy.id)
    assert list(found) == ["raven:stark:lannister"]
    [opened] = await items(table, copy.id, "thread-open")
    assert opened.target_id == 300 and opened.payload["user_ids"] == people(ALICE, BOB)
    await table.replace_player(copy.id, ADMIN, "baratheon", DAVE.user_id, "Dave")
    assert set(await threads(table, copy.id)) == {
        COUNCIL,
        "raven:stark:lannister",
        "raven:stark:baratheon",
        "raven:lannister:baratheon",
    }
