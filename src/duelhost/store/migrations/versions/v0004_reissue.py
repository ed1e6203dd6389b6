"""A seat is never lost (issue 32 point 2): the match's host may re-issue a seat's invite, which
revokes the seat's old invite and token. ``invites.revoked`` is when a row was replaced (null: in
force); a seat has at most one row in force.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("invites") as batch:
        batch.add_column(sa.Column("revoked", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("invites") as batch:
        batch.drop_column("revoked")
