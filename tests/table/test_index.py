"""Games indexed by person, channel and server: finding a person's games, or a channel's, looks only at
them, and finds exactly what a look at every game finds, as seats change."""

from __future__ import annotations

import random

import pytest

from table import Actor, GameSettings, Table, TableError, access
from table.session import Session
from tests.table.conftest import ADMIN, GUILD, OTHER_GUILD


def everyone(user_id: int, **where: int | None) -> Actor:
    return Actor(user_id, f"P{user_id}", **where)  # type: ignore[arg-type]


def brute(table: Table, actor: Actor) -> tuple[list[int], list[int], list[int]]:
    """Reachable games, the person's games and the channel's, by looking at every game."""
    games = [s for s in table.sessions.values() if access.reachable(s, actor)]
    return (
        [s.id for s in games],
        [s.id for s in table.sessions.values() if s.seat_of_user(actor.user_id) is not None],
        [s.id for s in table.sessions.values() if s.channel_id == actor.channel_id],
    )


def indexed(table: Table, actor: Actor) -> tuple[list[int], list[int], list[int]]:
    return (
        [s.id for s in table.reachable_games(actor)],
        [s.id for s in table.games_of_user(actor.user_id)],
        [s.id for s in table.games_in_channel(actor.channel_id or 0)],
    )


async def test_the_indexes_answer_as_a_scan_does_as_seats_change(table: Table) -> None:
    rng = random.Random(5)
    people = range(20, 32)
    for n in range(12):
        guild = rng.choice([GUILD, OTHER_GUILD])
        session = await table.create_game(
            everyone(people[0], guild_id=guild, channel_id=500 + n % 4),
            channel_id=500 + n % 4,
            guild_id=guild,
            settings=GameSettings(players=3),
        )
        for user in rng.sample(list(people), 3):
            await table.join(session.id, everyone(user, guild_id=guild, channel_id=500 + n % 4))
        if rng.random() < 0.5:
            await table.leave(
                session.id, everyone(session.seats[0].user_id or 0, guild_id=guild, channel_id=500 + n % 4)
            )
        elif guild == GUILD and rng.random() < 0.6:
            admin = Actor(ADMIN.user_id, "Admin", admin=True, guild_id=GUILD, channel_id=500 + n % 4)
            await table.start(session.id, admin)
            seated = {seat.user_id for seat in session.seats}
            newcomer = rng.choice([p for p in people if p not in seated])
            await table.replace_player(session.id, admin, session.seats[1].house or "", newcomer)
    for user in people:
        for where in ({"guild_id": GUILD}, {"guild_id": OTHER_GUILD}, {}):
            for channel in (500, 501, 502, 503):
                actor = everyone(user, channel_id=channel, **where)
                assert indexed(table, actor) == brute(table, actor)


async def test_finding_a_persons_game_looks_only_at_theirs_and_the_channels(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    here = everyone(40, guild_id=GUILD, channel_id=700)
    mine = await table.create_game(here, channel_id=700, guild_id=GUILD, settings=GameSettings(players=3))
    await table.join(mine.id, here)
    for n in range(30):  # many games of others, elsewhere
        other = everyone(100 + n, guild_id=GUILD, channel_id=800 + n)
        await table.create_game(other, channel_id=800 + n, guild_id=GUILD, settings=GameSettings(players=3))
    looked: list[int] = []
    real = access.reachable

    def reachable(session: Session, actor: Actor) -> bool:
        looked.append(session.id)
        return real(session, actor)

    monkeypatch.setattr(access, "reachable", reachable)
    assert table.find(here) is mine
    assert set(looked) == {mine.id}
    looked.clear()
    with pytest.raises(TableError, match="not in any game"):
        table.find(everyone(41, guild_id=GUILD, channel_id=999))
    assert looked == []
