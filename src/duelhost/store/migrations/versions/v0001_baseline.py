"""Baseline: the schema of the first release (``matches`` and ``match_log``), as
``metadata.create_all`` made it before migrations existed.

A database from that release has these tables and no ``alembic_version``: ``migrate`` stamps it
with this revision and upgrades it from here.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "matches",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("setup", sa.Text, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("clock", sa.Text, nullable=True),
        sa.Column("secret", sa.String(128), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("over", sa.Boolean, nullable=False),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "match_log",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("time", sa.Float, nullable=False),
        sa.Column("entry", sa.Text, nullable=False),
        sa.UniqueConstraint("match_id", "seq", name="uq_match_log_match_seq"),
    )
    op.create_index("ix_match_log_match_id", "match_log", ["match_id"])


def downgrade() -> None:
    op.drop_index("ix_match_log_match_id", table_name="match_log")
    op.drop_table("match_log")
    op.drop_table("matches")
