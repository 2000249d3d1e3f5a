"""A table on a temporary SQLite file, a clock moved by hand, and a few people."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from table import Actor, GameSettings, Table
from table.clock import FakeClock

CHANNEL, GUILD = 100, 10
OTHER_GUILD, OTHER_CHANNEL = 20, 200
MODERATOR_ROLE = 77  # the moderator role of GUILD (set by its administrators in the fixture)
HERE = {"guild_id": GUILD, "channel_id": CHANNEL}
ALICE = Actor(1, "Alice", **HERE)  # creates the games: their moderator
BOB = Actor(2, "Bob", **HERE)
CAROL = Actor(3, "Carol", **HERE)
DAVE = Actor(4, "Dave", **HERE)  # not in the game
ADMIN = Actor(5, "Admin", admin=True, **HERE)
MAESTER = Actor(6, "Maester", roles=frozenset({MODERATOR_ROLE}), **HERE)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "maester.sqlite3"


@pytest.fixture
async def table(db_path: Path, clock: FakeClock) -> AsyncIterator[Table]:
    opened = await Table.open(db_path, clock)
    await opened.set_moderator_role(ADMIN, MODERATOR_ROLE)
    yield opened
    await opened.close()


async def three_player_game(table: Table, **settings: object) -> int:
    """A started 3-player game: Alice plays Stark, Bob Lannister, Carol Baratheon."""
    session = await table.create_game(
        ALICE,
        channel_id=CHANNEL,
        guild_id=GUILD,
        settings=GameSettings(players=3, **settings),  # type: ignore[arg-type]
    )
    await table.join(session.id, ALICE, "stark")
    await table.join(session.id, BOB, "lannister")
    await table.join(session.id, CAROL, "baratheon")
    await table.start(session.id, ALICE)
    return session.id


PLAYERS = {"stark": ALICE, "lannister": BOB, "baratheon": CAROL}


async def play_defaults(table: Table, game_id: int, rounds_of_decisions: int = 1) -> None:
    """Every waiting player answers with its decision's default, ``rounds_of_decisions`` times."""
    for _ in range(rounds_of_decisions):
        session = table.session(game_id)
        for decision in session.pending():
            await table.submit(game_id, PLAYERS[decision.house], decision.default.format())
