"""Seats that only their players hold (issue 19): ``invites`` (one single-use invite per human
seat, stored as its SHA-256; once exchanged, when, and the SHA-256 of the seat token it gave) and
``matches.host_hash`` (the SHA-256 of the creator's host key, which reads who has joined).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "invites",
        sa.Column("invite_hash", sa.String(64), primary_key=True),
        sa.Column("match_id", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("used", sa.Float, nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
    )
    op.create_index("ix_invites_match_id", "invites", ["match_id"])
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("host_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("host_hash")
    op.drop_index("ix_invites_match_id", table_name="invites")
    op.drop_table("invites")
