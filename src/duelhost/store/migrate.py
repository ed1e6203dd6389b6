"""Brings a store's database to the newest schema with Alembic, on every start.

An empty database gets every migration; a database of the first release (its tables, no
``alembic_version``) is stamped with the baseline and upgraded from there; one already at the
newest revision costs one query. On PostgreSQL the migration holds an advisory lock, so
processes starting together on one database migrate it once, one after the other.
"""

from __future__ import annotations

import threading
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DatabaseError

SCRIPTS = Path(__file__).resolve().parent / "migrations"
BASELINE = "0001"
"""The revision of the first release's schema (made by ``create_all``, before migrations)."""
HEAD = "0007"
"""The newest revision (a test checks it against the scripts)."""
_ONE_AT_A_TIME = threading.Lock()
LOCK = 0x6475656C  # "duel": the advisory lock id of migrations on PostgreSQL


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(SCRIPTS))
    config.attributes["connection"] = connection
    return config


def script_head() -> str | None:
    """The head revision named by the migration scripts."""
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current(connection: Connection) -> str | None:
    """The revision the database is at (None: not under migrations)."""
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, target: str = "head") -> None:
    """Migrate the database to ``target`` (the newest revision by default), in one transaction
    where the database allows it. A process that raced another one migrating the same SQLite
    file (its tables appeared meanwhile) looks again once."""
    with _ONE_AT_A_TIME:  # Alembic's context is global to the process
        try:
            _upgrade(engine, target)
        except DatabaseError as error:
            if "already exists" not in str(error):
                raise
            _upgrade(engine, target)


def _upgrade(engine: Engine, target: str) -> None:
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK})
        elif connection.dialect.name == "sqlite":
            # Take the write lock first (the driver would run DDL outside any transaction):
            # a second process waits here (busy_timeout) and then finds the schema done.
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        if target == "head" and current(connection) == HEAD:
            return
        config = alembic_config(connection)
        tables = inspect(connection).get_table_names()
        if "alembic_version" not in tables and "matches" in tables:
            command.stamp(config, BASELINE)  # the first release's schema
        command.upgrade(config, target)


def downgrade(engine: Engine, target: str) -> None:
    """Migrate the database back to ``target`` (for tests of the migrations)."""
    with _ONE_AT_A_TIME, engine.begin() as connection:
        command.downgrade(alembic_config(connection), target)
