"""The toy games of ``tests.host.toy`` are registered for each test of this folder; ``db_url``
is an empty database of each backend (SQLite and PostgreSQL, ``tests.databases``)."""

from tests.databases import db_url, postgres_database
from tests.host.toy import toy_games

__all__ = ["db_url", "postgres_database", "toy_games"]
