"""Alembic migrations of the match store (run by ``duelhost.store.migrate`` on every start)."""
