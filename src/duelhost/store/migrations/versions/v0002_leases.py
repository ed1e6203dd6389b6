"""Several server processes on one database: ``leases`` (which process owns each live match,
its fencing epoch, until when), ``nodes`` (each process's address, for forwarding), and the
epoch each log entry was written under (``match_log.epoch``; null before this revision).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("match_id", sa.String(64), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("epoch", sa.BigInteger, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
        sa.Column("since", sa.Float, nullable=False),
    )
    op.create_index("ix_leases_expires", "leases", ["expires"])
    op.create_table(
        "nodes",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("url", sa.Text, nullable=False),
        sa.Column("seen", sa.Float, nullable=False),
    )
    with op.batch_alter_table("match_log") as batch:
        batch.add_column(sa.Column("epoch", sa.BigInteger, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("match_log") as batch:
        batch.drop_column("epoch")
    op.drop_table("nodes")
    op.drop_index("ix_leases_expires", table_name="leases")
    op.drop_table("leases")
