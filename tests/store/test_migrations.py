"""Alembic migrations on both backends: from an empty database, from the first release's schema
(tables made by ``create_all``, no ``alembic_version``), down to nothing and up again, and two
stores opening one empty database at once. After each upgrade the database matches
``duelhost.store.schema`` exactly (Alembic's own comparison finds no difference)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, insert, inspect
from sqlalchemy.exc import IntegrityError

from duelhost.store import Store, migrate
from duelhost.store.schema import metadata
from tests.store import previous_release


def differences(store: Store) -> list[object]:
    with store.engine.connect() as connection:
        return list(compare_metadata(MigrationContext.configure(connection), metadata))


def revision(store: Store) -> str | None:
    with store.engine.connect() as connection:
        return migrate.current(connection)


def test_head_names_the_newest_script() -> None:
    assert migrate.script_head() == migrate.HEAD


def test_an_empty_database_is_migrated_to_the_schema(db_url: str) -> None:
    store = Store(db_url)
    assert revision(store) == migrate.HEAD
    assert differences(store) == []
    store.close()


def test_a_first_release_database_is_upgraded_with_its_matches(db_url: str) -> None:
    engine = create_engine(db_url)
    previous_release.metadata.create_all(engine)
    with engine.begin() as connection:
        connection.execute(
            insert(previous_release.matches).values(
                id="old",
                game="toy_bids",
                options="{}",
                seed=3,
                setup="{}",
                seats=json.dumps([{"kind": "human", "bot": None, "token_hash": "ab"}] * 2),
                clock=None,
                secret="00" * 32,
                created=1.0,
                over=False,
                result=None,
                updated=1.0,
            )
        )
        connection.execute(
            insert(previous_release.match_log),
            [
                {"match_id": "old", "seq": 1, "time": 2.0, "entry": '{"seq":1,"time":2.0}'},
                {"match_id": "old", "seq": 2, "time": 3.0, "entry": '{"seq":2,"time":3.0}'},
            ],
        )
    engine.dispose()
    assert "alembic_version" not in inspect(create_engine(db_url)).get_table_names()

    store = Store(db_url)
    assert revision(store) == migrate.HEAD
    assert differences(store) == []
    assert [r.id for r in store.unfinished()] == ["old"]
    assert [e["seq"] for e in store.log("old")] == [1, 2]
    store.append("old", [{"seq": 3, "time": 4.0}], True, {"winner": 0}, 4.0)
    with pytest.raises(IntegrityError):
        store.append("old", [{"seq": 2, "time": 5.0}], True, None, 5.0)
    assert store.get("old").over is True  # type: ignore[union-attr]
    store.close()


def test_every_migration_goes_down_and_up_again(db_url: str) -> None:
    store = Store(db_url)
    migrate.downgrade(store.engine, "base")
    assert set(inspect(store.engine).get_table_names()) <= {"alembic_version"}
    assert revision(store) is None
    migrate.upgrade(store.engine)
    assert revision(store) == migrate.HEAD
    assert differences(store) == []
    store.close()


def test_two_processes_opening_one_empty_database_at_once_both_work(db_url: str) -> None:
    program = "import sys; from duelhost.store import Store; Store(sys.argv[1]).close()"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    started = [
        subprocess.Popen([sys.executable, "-c", program, db_url], env=env, stderr=subprocess.PIPE)
        for _ in range(3)
    ]
    errors = [process.communicate(timeout=60)[1].decode() for process in started]
    assert [process.returncode for process in started] == [0, 0, 0], errors
    store = Store(db_url)
    assert revision(store) == migrate.HEAD and differences(store) == []
    store.close()
