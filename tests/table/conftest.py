"""A table on a temporary database, a clock moved by hand, and a few people.

Every test that asks for a database (``db_path``, ``new_database``, or ``table``, which opens one) runs
twice: on a SQLite file and on a PostgreSQL database of its own, in the server the tests start
(``tests/postgres.py``), copied from a template migrated once per session (``tests/table/databases.py``).
A test about SQLite itself (a damaged file, its query plans, a schema rebuilt with its own statements) is
marked ``sqlite_only``, one about PostgreSQL itself ``postgres_only``. When the PostgreSQL server cannot
start, the tests on it fail (they are never skipped).
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from table import Actor, GameSettings, Table
from table.clock import FakeClock
from tests.postgres import PostgresServer
from tests.table.databases import Copies, Database, NewDatabase

BACKENDS = ("sqlite", "postgres")

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


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run each test that uses a database on both, unless it is marked ``sqlite_only`` or
    ``postgres_only``."""
    if "backend" in metafunc.fixturenames:
        backends = [
            backend
            for backend in BACKENDS
            if not any(
                metafunc.definition.get_closest_marker(f"{other}_only")
                for other in BACKENDS
                if other != backend
            )
        ]
        metafunc.parametrize("backend", backends, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """Which database the test runs on: "sqlite" or "postgres"."""
    return str(request.param)


@pytest.fixture(scope="session")
def postgres_copies(postgres_server: PostgresServer) -> Iterator[Copies]:
    """Copies of a database migrated once, for the tests on PostgreSQL."""
    copies = Copies(postgres_server)
    yield copies
    copies.close()


@pytest.fixture
def postgres(backend: str, request: pytest.FixtureRequest) -> Copies | None:
    """Where a test on PostgreSQL gets its databases (None on SQLite)."""
    return request.getfixturevalue("postgres_copies") if backend == "postgres" else None


@pytest.fixture
def new_database(postgres: Copies | None, tmp_path: Path) -> Iterator[NewDatabase]:
    """Makes a new database of the test's kind (dropped after the test): on PostgreSQL a copy of the
    migrated template, or with ``empty=True`` one without even a schema version; on SQLite a file not
    made yet (the store migrates it when it opens it)."""
    numbers = itertools.count(1)
    made: list[str] = []

    async def new(*, empty: bool = False) -> Database:
        if postgres is None:
            return tmp_path / f"maester-{next(numbers)}.sqlite3"
        made.append(postgres.take(empty=empty))
        return postgres.server.dsn(made[-1])

    yield new
    for name in made:
        assert postgres is not None
        postgres.drop(name)


@pytest.fixture
async def db_path(new_database: NewDatabase) -> Database:
    """The test's database: a SQLite file's path, or a PostgreSQL URL."""
    return await new_database()


@pytest.fixture
async def table(db_path: Database, clock: FakeClock) -> AsyncIterator[Table]:
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
