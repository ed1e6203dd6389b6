"""Database URLs for the store and server tests: each test gets an empty database of both
backends, a SQLite file in its temporary folder and a PostgreSQL database.

PostgreSQL: the machine's server (``DUELHOST_TEST_POSTGRES``, default
``postgresql+psycopg://postgres@127.0.0.1:5432/postgres``, trust auth). The test run creates a
fresh database of its own (``duelhost_test_<pid>_<random>``) and drops it at the end; each test
starts from an empty ``public`` schema in it, so the store migrates it from nothing. If the
server cannot be reached (or psycopg is not installed), the PostgreSQL tests are skipped with
the reason printed.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine, make_url

ADMIN_URL = os.environ.get(
    "DUELHOST_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
)
BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def postgres_database() -> Iterator[str]:
    """The URL of this test run's own PostgreSQL database (created here, dropped after)."""
    name = f"duelhost_test_{os.getpid()}_{secrets.token_hex(4)}"
    try:
        admin = create_engine(ADMIN_URL, isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as error:  # no server, no driver: say which
        pytest.skip(f"PostgreSQL is not reachable at {ADMIN_URL}: {error}")
    url = make_url(ADMIN_URL).set(database=name).render_as_string(hide_password=False)
    try:
        yield url
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def empty_postgres(url: str) -> None:
    """Empty the run's database: end every other session in it (a server a test started, a
    store a test left open) and drop and recreate its ``public`` schema."""
    engine: Engine = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            connection.execute(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            )
            connection.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
            connection.execute(text("CREATE SCHEMA public"))
    finally:
        engine.dispose()


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database of each backend (the test runs once per backend)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'test.sqlite3'}"
    url: str = request.getfixturevalue("postgres_database")
    empty_postgres(url)
    return url
