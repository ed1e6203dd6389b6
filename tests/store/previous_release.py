"""The schema of the first release (duelhost 0.1.0, before migrations), frozen: its tables as
``metadata.create_all`` made them, for the test that upgrades such a database."""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

matches = Table(
    "matches",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("setup", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("clock", Text, nullable=True),
    Column("secret", String(128), nullable=False),
    Column("created", Float, nullable=False),
    Column("over", Boolean, nullable=False, default=False),
    Column("result", Text, nullable=True),
    Column("updated", Float, nullable=False),
)

match_log = Table(
    "match_log",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", String(64), nullable=False, index=True),
    Column("seq", Integer, nullable=False),
    Column("time", Float, nullable=False),
    Column("entry", Text, nullable=False),
    UniqueConstraint("match_id", "seq", name="uq_match_log_match_seq"),
)
