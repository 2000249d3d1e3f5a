"""Fixtures for the whole suite: a throwaway PostgreSQL server (see ``tests/postgres.py``)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from tests.postgres import PostgresServer


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the session, started by the first test that asks for it. It fails
    (never skips) the tests that need it when it cannot start."""
    with PostgresServer() as server:
        yield server


@pytest.fixture
async def postgres_dsn(postgres_server: PostgresServer) -> AsyncIterator[str]:
    """The DSN of a new, empty database for this test; dropped after it."""
    name = await postgres_server.create_database()
    yield postgres_server.dsn(name)
    await postgres_server.drop_database(name)
