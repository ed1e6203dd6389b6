"""Alembic environment: migrates the connection that ``duelhost.store.migrate`` hands over."""

from __future__ import annotations

from alembic import context

from duelhost.store.schema import metadata

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copying
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
